"""A lasting modifier that gives prestige cubes to points the rules give none, and its end
(tests/porfiriana/fixtures/lasting_cubes.pax): the rules settle the cubes when it starts and when
it ends, so they come and leave at once (the invariant: no card holds more prestige cubes than
its points taking one, whenever a player is asked something)."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import Card, CardType, Prestige, TurnEnded, TurnStarted
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana import hooks, invariants, losses
from paxc.runtime.porfiriana.context import PorfirianaContext
from tests.conftest import REPO
from tests.new_cards import compile_card_file, join_porfiriana
from tests.porfiriana.scenario import cards, drive, empty_state, find, put

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "lasting_cubes.pax"


@pytest.fixture(scope="module")
def lasting_cubes(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("lasting_cubes"))


def test_cubes_a_lasting_modifier_gave_leave_when_it_ends(
    lasting_cubes: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    fervor: Card = lasting_cubes.CARD_9095
    join_porfiriana(fervor, monkeypatch)
    state = empty_state()  # the Pax regime: Loyalty points take cubes, Revolution ones none
    rebel = find(CardType.PARTNER, lambda c: Prestige.REVOLUTION in c.prestige)
    held = put(state, 0, rebel.number)
    drive(losses.settle(state), [])
    assert held.prestige_cubes == 0
    drive(hooks.fire(state, TurnStarted(PlayerId(0))), [])
    (one_shot,) = fervor.abilities[0].one_shots
    drive(run_effect(one_shot.run(PorfirianaContext(state, 0, fervor.number))), [])
    assert held.prestige_cubes == 1  # at once, before anyone is asked anything
    drive(hooks.fire(state, TurnEnded(PlayerId(0))), [])  # the duration ends
    assert state.lasting == []
    assert held.prestige_cubes == 0
    assert invariants.violations(state, invariants.cards_in_game(state)) == []


def test_a_lasting_modifier_puts_cubes_on_its_players_points_in_the_prestige_stack_too(
    lasting_cubes: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The glossary (Prestige Stack): the points of a prestige stack take prestige cubes as the
    # points in play do. Revolutionary Fervor's cubes are its player's: the Revolution point in
    # their stack takes one, the same point in another player's stack none.
    fervor: Card = lasting_cubes.CARD_9095
    join_porfiriana(fervor, monkeypatch)
    state = empty_state()  # nobody's row shows a point: only the stacks have one
    rebels = [c.number for c in cards(CardType.PARTNER, lambda c: c.prestige == (Prestige.REVOLUTION,))]
    mine, theirs = state.players[0], state.players[1]
    mine.prestige_stack.append(rebels[0])
    theirs.prestige_stack.append(rebels[1])
    drive(losses.settle(state), [])
    assert (mine.stack_prestige_cubes, theirs.stack_prestige_cubes) == (0, 0)
    drive(hooks.fire(state, TurnStarted(PlayerId(0))), [])
    (one_shot,) = fervor.abilities[0].one_shots
    drive(run_effect(one_shot.run(PorfirianaContext(state, 0, fervor.number))), [])
    assert (mine.stack_prestige_cubes, theirs.stack_prestige_cubes) == (1, 0)
    drive(hooks.fire(state, TurnEnded(PlayerId(0))), [])
    assert (mine.stack_prestige_cubes, theirs.stack_prestige_cubes) == (0, 0)
    assert invariants.violations(state, invariants.cards_in_game(state)) == []
