"""What the generated-cards campaign found cards can do to the rules of Pax Pamir: loops that no
rule ends, ended by the runtime (core.abilities.REPEATS_PER_TURN), and a question asked in the
middle of a forced dominance check.

A card can make one in the card language alone (tests/pamir/fixtures/loop_cards.pax, found by the
generated-cards campaign): before the limit, a game with it never ended. With it, the trigger acts
that many times in the turn the loop starts, rests until the next turn, and the game goes on to
its end with every invariant checked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from types import ModuleType
from typing import Any

import pytest

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import CardType, Region
from paxc.runtime.core import abilities
from paxc.runtime.effects import Ability, Choice, Effect, PlayerId, Trigger
from paxc.runtime.pamir import invariants, pieces, rules
from paxc.runtime.pamir.context import PamirContext
from tests.conftest import REPO
from tests.new_cards import compile_card_file, join_pamir
from tests.pamir.scenario import drive, empty_state
from tests.test_generated_cards import play_with

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "loop_cards.pax"


@pytest.fixture(scope="module")
def loop_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("loop_cards"))


class Moved:
    """An event for the unit test: something happened that the trigger answers."""


def answering_trigger(runs: list[int]) -> Ability[Any]:
    def run(ctx: object, event: Moved) -> Effect:
        runs.append(1)
        yield from ()

    trigger: Trigger[Any, Moved] = Trigger(Moved, lambda ctx, event: True, run, optional=False, source="x:1")
    return Ability(title="Again", triggers=(trigger,))


def fire_times(times: int, in_effect: Iterable[Any], acts: dict[str, int] | None) -> None:
    for _ in range(times):
        effect = abilities.fire(in_effect, Moved(), set(), set(), acts)
        for decision in effect:
            assert not isinstance(decision, Choice), "the trigger asks nothing"


def test_a_trigger_acts_at_most_the_limit_in_a_turn_and_again_the_next() -> None:
    runs: list[int] = []
    in_effect = [(None, PlayerId(0), answering_trigger(runs), "Looper")]
    acts: dict[str, int] = {}
    fire_times(abilities.REPEATS_PER_TURN + 5, in_effect, acts)
    assert len(runs) == abilities.REPEATS_PER_TURN
    acts.clear()  # the next turn starts
    fire_times(3, in_effect, acts)
    assert len(runs) == abilities.REPEATS_PER_TURN + 3
    # A game that keeps no record has every event answered.
    fire_times(abilities.REPEATS_PER_TURN + 5, in_effect, None)
    assert len(runs) == 2 * abilities.REPEATS_PER_TURN + 8


def test_the_looping_card_lets_every_game_end(
    loop_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    most: Counter[str] = Counter()
    fire = abilities.fire

    def watched(in_effect: Any, event: object, *records: Any) -> Effect:
        yield from fire(in_effect, event, *records)
        acts = records[2] if len(records) > 2 else None
        for key, count in (acts or {}).items():
            most[key] = max(most[key], count)

    monkeypatch.setattr(abilities, "fire", watched)
    errors = play_with("pamir", [loop_cards.CARD_996], seed=3, games=6)
    assert errors == []
    # The loop happened (the limit was reached), and was ended.
    assert max(most.values(), default=0) == abilities.REPEATS_PER_TURN


def test_a_forced_check_is_counted_before_its_discards_are_told(
    loop_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rules: a dominance check revealed while another is in the market forces a check at once,
    # both cards discarded. The watcher asks its owner about each discard from the market: when
    # it asks, the check has been counted (the game may be saved or shown while it waits).
    watcher = loop_cards.CARD_997
    join_pamir(watcher, monkeypatch)
    state = empty_state(2)
    state.players[0].court.append(watcher.number)
    checks = [c.number for c in CARDS if c.card_type is CardType.DOMINANCE_CHECK][:2]
    state.market[0][1] = checks[0]
    state.deck = [checks[1]]
    refilling = rules.refill(state, 0)
    asked = next(refilling)
    assert isinstance(asked, Choice) and asked.chooser == 0
    assert state.checks_resolved == 2  # a forced check uses up both cards
    assert sorted(n for n in state.discard if n in checks) == sorted(checks)
    expected = invariants.cards_in_game(state)
    assert invariants.violations(state, expected) == []


def test_the_count_of_trigger_acts_is_not_in_the_digest() -> None:
    # A save holds its decisions and the digest of the state they lead to; the count of trigger
    # acts is rebuilt by replaying them, and saves made before it was kept must still load.
    state = empty_state(2)
    before = state.digest()
    state.turn.trigger_acts["0@cards/pamir/x.pax:1"] = 3
    assert state.digest() == before
    state.turn.used_triggers.add("0@cards/pamir/x.pax:1")  # what the rules themselves record
    assert state.digest() != before


def test_pieces_a_card_removed_meanwhile_are_not_removed_twice(
    loop_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    scorched = loop_cards.CARD_998
    join_pamir(scorched, monkeypatch)
    state = empty_state(2)
    state.players[1].court.append(scorched.number)
    expected = invariants.cards_in_game(state)
    for player, count in ((0, 2), (1, 1)):
        for _ in range(count):
            drive(pieces.place_tribe(state, player, Region.HERAT), [])
    cylinders = [p.cylinders for p in state.players]
    drive(PamirContext(state, 0, scorched.number).remove_tribes_and_armies(Region.HERAT), [])
    assert state.tribes[Region.HERAT] == [0, 0]
    assert [p.cylinders for p in state.players] == [cylinders[0] + 2, cylinders[1] + 1]
    assert invariants.violations(state, expected) == []
