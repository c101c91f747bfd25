"""New Pax Pamir cards built on card language 3 (tests/pamir/fixtures/wall_cards.pax), compiled
with the game's vocabulary and played on the runtime: one scenario each, from the rulebook where
a rule is involved, then random games in which each must change something (a modifier counts
when it changes the value asked, not when it is asked). Also the fixture counter itself: a dead
modifier fails it."""

from __future__ import annotations

import dataclasses
from collections import Counter
from types import ModuleType
from typing import Any

import pytest

from paxc.generated.pamir.vocabulary import Card, Suit, TurnEnded, TurnStarted
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import hooks, market
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import PamirState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import Answer, court_card, drive, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "wall_cards.pax"
NUMBERS = range(990, 991)


@pytest.fixture(scope="module")
def wall_cards(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    return compile_card_file(FIXTURE, "pamir", tmp_path_factory.mktemp("wall_cards"))


def new(wall_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(wall_cards, f"CARD_{number}")
    join_game(printed, monkeypatch)
    return printed


def play(card: Card, state: PamirState, player: int, answers: list[Answer]) -> None:
    """Run the card's `on play` effect as the rules do when `player` plays it."""
    (one_shot,) = card.abilities[0].one_shots
    drive(run_effect(one_shot.run(PamirContext(state, player, card.number))), answers)


def tell(state: PamirState, event: object) -> None:
    """The rules telling a moment (`hooks.fire`), as a turn does at its start and end."""
    drive(hooks.fire(state, event), [])


def test_caravan_credit_lasts_until_the_end_of_your_next_turn(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    credit = new(wall_cards, 990, monkeypatch)
    state = empty_state(2)
    state.market[0][3] = court_card(lambda c: c.suit is Suit.MILITARY).number
    assert market.purchase_cost(state, 0, 0, 3) == 3  # one rupee on each card to the left
    tell(state, TurnStarted(PlayerId(0)))
    play(credit, state, 0, [])  # played during your turn: that turn is not "your next"
    assert market.purchase_cost(state, 0, 0, 3) == 2  # a discount, before paying
    assert market.purchase_cost(state, 1, 0, 3) == 3  # yours only
    tell(state, TurnEnded(PlayerId(0)))
    assert market.purchase_cost(state, 0, 0, 3) == 2  # the turn it was played in ends: it stays
    tell(state, TurnStarted(PlayerId(1)))
    tell(state, TurnEnded(PlayerId(1)))
    assert market.purchase_cost(state, 0, 0, 3) == 2  # another player's turn: it stays
    tell(state, TurnStarted(PlayerId(0)))
    assert market.purchase_cost(state, 0, 0, 3) == 2  # all through your next turn
    tell(state, TurnEnded(PlayerId(0)))
    assert market.purchase_cost(state, 0, 0, 3) == 3 and state.lasting == []


def test_caravan_credit_played_between_your_turns_ends_with_your_next(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    credit = new(wall_cards, 990, monkeypatch)
    state = empty_state(2)
    tell(state, TurnStarted(PlayerId(1)))
    play(credit, state, 0, [])  # (a card played in another's turn: by a trigger, say)
    tell(state, TurnEnded(PlayerId(1)))
    tell(state, TurnStarted(PlayerId(0)))
    assert state.lasting
    tell(state, TurnEnded(PlayerId(0)))
    assert state.lasting == []


def test_the_cards_change_something_in_random_games(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    acted = count_in_random_games("pamir", wall_cards, NUMBERS, monkeypatch, seed=7, games=30)
    assert all(acted[number] > 0 for number in NUMBERS)


def test_a_dead_modifier_fails_the_counter(wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch) -> None:
    # The clerk's modifier is asked at every cleanup once the clerk is in a court, and never
    # changes the hand limit: asked many times, it acted none.
    asked: Counter[str] = Counter()
    clerk: Card = wall_cards.CARD_999
    (ability,) = clerk.abilities
    (modifier,) = ability.modifiers

    def asking(ctx: Any, hook: Any, value: Any) -> Any:
        asked["asked"] += 1
        return modifier.apply(ctx, hook, value)

    watched = dataclasses.replace(ability, modifiers=(dataclasses.replace(modifier, apply=asking),))
    monkeypatch.setattr(wall_cards, "CARD_999", dataclasses.replace(clerk, abilities=(watched,)))
    with pytest.raises(AssertionError, match=r"never acted: \[999\]"):
        count_in_random_games("pamir", wall_cards, [999], monkeypatch, seed=7, games=10)
    assert asked["asked"] > 0


def test_a_card_in_two_places_breaks_an_invariant() -> None:
    # The invariants compare the cards with those the game started with: a card dealt twice at the
    # start (in the market and on the deck) would be in both sets, so they also refuse any double.
    from paxc.runtime.pamir import invariants

    state = empty_state(2)
    number = court_card(lambda c: True).number
    state.market[0][0] = number
    state.deck = [number]
    start = invariants.cards_in_game(state)
    assert any("two places" in problem for problem in invariants.violations(state, start))
