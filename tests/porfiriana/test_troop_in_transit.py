"""A troop redeployed onto an enterprise beats the troop there (rules G, step 1); the discard is
told once the arriving troop has settled, so a card answering it that asks its owner something
finds the game in a state the rules allow (tests/porfiriana/fixtures/discard_watch.pax, found by
the generated-cards campaign: the arriving troop was nowhere, or the beaten extorter's cube had no
troop)."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import pytest

from paxc.generated.porfiriana.vocabulary import CardDiscarded, Zone
from paxc.runtime.effects import Choice
from paxc.runtime.porfiriana import hooks, invariants, troops
from paxc.runtime.porfiriana.state import PorfirianaState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, join_porfiriana
from tests.porfiriana.scenario import drive, empty_state, put, put_troop
from tests.porfiriana.test_troops import LOCAL_SONORA_1, LOCAL_SONORA_2, SONORA

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "discard_watch.pax"


@pytest.fixture(scope="module")
def discard_watch(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("discard_watch"))


def test_the_beaten_troops_discard_is_told_once_the_arriving_one_has_settled(
    discard_watch: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    watcher = discard_watch.CARD_9097
    join_porfiriana(watcher, monkeypatch)
    state = empty_state()
    put(state, 1, watcher.number)
    put(state, 0, SONORA.number)
    put_troop(state, 0, LOCAL_SONORA_1.number, on=SONORA.number)  # to be beaten
    put_troop(state, 0, LOCAL_SONORA_2.number)  # in the private army, redeployed
    expected = invariants.cards_in_game(state)
    arriving = troops.arrive(state, 0, LOCAL_SONORA_2.number, troops.Destination(0, SONORA.number, 0))
    asked = next(arriving)  # the watcher's owner: gain 1 gold?
    assert isinstance(asked, Choice) and asked.chooser == 1
    # The arriving troop has settled, the beaten one is in the discard.
    assert state.troop_place(LOCAL_SONORA_2.number) is not None
    assert LOCAL_SONORA_1.number in state.discard
    assert invariants.violations(state, expected) == []


def discards_told(monkeypatch: pytest.MonkeyPatch) -> list[CardDiscarded]:
    """The `card_discarded` events fired from now on, in order (every event is fired, whether
    or not a card in play listens)."""
    told: list[CardDiscarded] = []
    real_fire = hooks.fire

    def watching(state: PorfirianaState, event: object, *args: Any, **kwargs: Any) -> Any:
        if isinstance(event, CardDiscarded):
            told.append(event)
        return real_fire(state, event, *args, **kwargs)

    monkeypatch.setattr(hooks, "fire", watching)
    monkeypatch.setattr(hooks, "listens", lambda event: True)
    return told


def test_the_beaten_troops_discard_is_told_from_its_owners_troops(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rules G, step 1: player 0 takes back their enterprise from player 1's weaker troop, which
    is discarded; `card_discarded` names player 1, whose troop it was, not the player whose turn
    it is."""
    told = discards_told(monkeypatch)
    state = empty_state()
    state.active = 0
    put(state, 0, SONORA.number)
    put_troop(state, 1, LOCAL_SONORA_1.number, on=SONORA.number)  # extorting, to be beaten
    put_troop(state, 0, LOCAL_SONORA_2.number)
    drive(troops.arrive(state, 0, LOCAL_SONORA_2.number, troops.Destination(0, SONORA.number, 0)), [])
    assert [(e.card.number, e.origin, e.owner) for e in told] == [(LOCAL_SONORA_1.number, Zone.TROOPS, 1)]


def test_a_beaten_troops_discard_is_told_when_the_arriving_troop_sacks_the_enterprise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rules G, steps 1 and 3: player 1's troop beats player 0's own troop on player 0's
    enterprise without income cubes, which is then sacked; the beaten troop's discard is told as
    well, from player 0's troops."""
    told = discards_told(monkeypatch)
    state = empty_state()
    state.active = 1
    held = put(state, 0, SONORA.number)
    state.players[0].cubes += held.income
    held.income = 0
    put_troop(state, 0, LOCAL_SONORA_1.number, on=SONORA.number)  # its owner's guard, to be beaten
    put_troop(state, 1, LOCAL_SONORA_2.number)
    arriving = troops.arrive(state, 1, LOCAL_SONORA_2.number, troops.Destination(0, SONORA.number, 0))
    drive(arriving, [], then_first=True)
    assert state.holding(SONORA.number) is None  # sacked
    assert (LOCAL_SONORA_1.number, Zone.TROOPS, 0) in [(e.card.number, e.origin, e.owner) for e in told]
