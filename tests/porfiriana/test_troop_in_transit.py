"""A troop redeployed onto an enterprise beats the troop there (rules G, step 1); the discard is
told once the arriving troop has settled, so a card answering it that asks its owner something
finds the game in a state the rules allow (tests/porfiriana/fixtures/discard_watch.pax, found by
the generated-cards campaign: the arriving troop was nowhere, or the beaten extorter's cube had no
troop)."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.runtime.effects import Choice
from paxc.runtime.porfiriana import invariants, troops
from tests.conftest import REPO
from tests.new_cards import compile_card_file, join_porfiriana
from tests.porfiriana.scenario import empty_state, put, put_troop
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
