"""New Pax Porfiriana cards built on card language 3 (tests/porfiriana/fixtures/wall_cards.pax),
compiled with the game's vocabulary and played on the runtime: one scenario each, from the rules
where a rule is involved, then random games in which each must change something (a modifier
counts when it changes the value asked, not when it is asked). Also the fixture counter itself:
a dead modifier fails it."""

from __future__ import annotations

import dataclasses
from collections import Counter
from types import ModuleType
from typing import Any

import pytest

from paxc.generated.porfiriana.vocabulary import Card, CardType, TurnEnded, TurnStarted
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana import hooks, market
from paxc.runtime.porfiriana.context import PorfirianaContext
from paxc.runtime.porfiriana.state import PorfirianaState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import Answer, drive, empty_state, find

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "wall_cards.pax"
NUMBERS = range(9090, 9091)


@pytest.fixture(scope="module")
def wall_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "porfiriana", tmp_path_factory.mktemp("wall_cards"))


def new(wall_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(wall_cards, f"CARD_{number}")
    join_game(printed, monkeypatch)
    return printed


def play(card: Card, state: PorfirianaState, player: int, answers: list[Answer]) -> None:
    """Run the card's `on play` effect as the rules do when `player` plays it."""
    (one_shot,) = card.abilities[0].one_shots
    drive(run_effect(one_shot.run(PorfirianaContext(state, player, card.number))), answers)


def tell(state: PorfirianaState, event: object) -> None:
    """The rules telling a moment (`hooks.fire`), as a turn does at its start and end."""
    drive(hooks.fire(state, event), [])


def test_letter_of_credit_lasts_until_the_end_of_your_next_turn(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    letter = new(wall_cards, 9090, monkeypatch)
    state = empty_state()
    state.market[0][2] = find(CardType.ENTERPRISE).number
    price = market.purchase_cost(state, 0, 0, 2)
    assert price > 0
    tell(state, TurnStarted(PlayerId(0)))
    play(letter, state, 0, [])  # played during your turn: that turn is not "your next"
    assert market.purchase_cost(state, 0, 0, 2) == price - 1  # a discount, before paying
    assert market.purchase_cost(state, 1, 0, 2) == price  # yours only
    for player in (0, 1, 2):
        tell(state, TurnEnded(PlayerId(player)))
        tell(state, TurnStarted(PlayerId((player + 1) % 3)))
        assert market.purchase_cost(state, 0, 0, 2) == price - 1  # all through your next turn
    tell(state, TurnEnded(PlayerId(0)))
    assert market.purchase_cost(state, 0, 0, 2) == price and state.lasting == []


def test_the_cards_change_something_in_random_games(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    acted = count_in_random_games("porfiriana", wall_cards, NUMBERS, monkeypatch, seed=7, games=20)
    assert all(acted[number] > 0 for number in NUMBERS)


def test_a_dead_modifier_fails_the_counter(wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    # The clerk's modifier is asked at every purchase once the clerk is in a row, and never
    # changes the hand limit: asked many times, it acted none.
    asked: Counter[str] = Counter()
    clerk: Card = wall_cards.CARD_9099
    (ability,) = clerk.abilities
    (modifier,) = ability.modifiers

    def asking(ctx: Any, hook: Any, value: Any) -> Any:
        asked["asked"] += 1
        return modifier.apply(ctx, hook, value)

    watched = dataclasses.replace(ability, modifiers=(dataclasses.replace(modifier, apply=asking),))
    monkeypatch.setattr(wall_cards, "CARD_9099", dataclasses.replace(clerk, abilities=(watched,)))
    with pytest.raises(AssertionError, match=r"never acted: \[9099\]"):
        count_in_random_games("porfiriana", wall_cards, [9099], monkeypatch, seed=7, games=6)
    assert asked["asked"] > 0


def test_a_card_in_two_places_breaks_an_invariant() -> None:
    # The invariants compare the cards with those the game started with: a card dealt twice at the
    # start (in the market and on the deck) would be in both sets, so they also refuse any double.
    from paxc.runtime.porfiriana import invariants

    state = empty_state()
    number = find(CardType.ENTERPRISE).number
    state.market[0][0] = number
    state.deck = [number]
    start = invariants.cards_in_game(state)
    assert any("two places" in problem for problem in invariants.violations(state, start))
