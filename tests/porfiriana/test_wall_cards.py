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

from paxc.generated.porfiriana.vocabulary import (
    Card,
    CardBought,
    CardType,
    District,
    TroopArrived,
    TurnEnded,
    TurnStarted,
    Zone,
)
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana import hand, hooks, losses, market
from paxc.runtime.porfiriana.actions import PlayCard, Redeploy
from paxc.runtime.porfiriana.context import PorfirianaContext
from paxc.runtime.porfiriana.state import PorfirianaState
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import Answer, act, drive, empty_state, find, hold, put, turn
from tests.porfiriana.test_troops import AMERICA, US_TROOP

FIXTURE = REPO / "tests" / "porfiriana" / "fixtures" / "wall_cards.pax"
NUMBERS = range(9090, 9095)


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


def test_public_works_contractor_makes_your_enterprises_cheaper_to_play(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rules E1: playing an enterprise or a partner pays its printed cost. The contractor's gold
    # less is a discount: asked before paying (so a player short of the printed cost may play),
    # and what the card-played event says was paid.
    contractor = new(wall_cards, 9091, monkeypatch)
    state = empty_state()
    put(state, 0, contractor.number)
    enterprise = find(CardType.ENTERPRISE, lambda c: (c.cost or 0) >= 2)
    partner = find(CardType.PARTNER, lambda c: (c.cost or 0) >= 2)
    printed = enterprise.cost or 0
    state.players[0].gold = printed - 1  # short of the printed cost, not of the discounted one
    hold(state, 0, enterprise.number, partner.number)
    turn(state, 0)
    assert hand.playable(state, 0, enterprise.number)  # at the discounted price
    act(state, 0, PlayCard(enterprise.number), then_first=True)
    assert state.players[0].gold == 0
    # Another player's enterprises cost what they cost.
    other = find(CardType.ENTERPRISE, lambda c: (c.cost or 0) >= 1, exclude=(enterprise.number,))
    assert losses.play_cost(state, 1, other.number, other.cost or 0) == other.cost
    assert losses.play_cost(state, 0, other.number, other.cost or 0) == (other.cost or 0) - 1
    assert losses.play_cost(state, 0, partner.number, partner.cost or 0) == partner.cost


def test_debt_collector_takes_up_to_two_gold_from_each_other_player(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    collector = new(wall_cards, 9092, monkeypatch)
    state = empty_state(gold=5)
    state.players[2].gold = 1
    play(collector, state, 0, [])
    # What each has, up to 2, to the collector; the player with 1 pays it and the effect goes on.
    assert [p.gold for p in state.players] == [5 + 2 + 1, 3, 0]


def test_customs_post_charges_a_troop_arriving_on_your_enterprise(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rules G: a troop played onto another player's enterprise extorts it; the post's owner is paid.
    post = new(wall_cards, 9093, monkeypatch)
    state = empty_state()
    put(state, 1, post.number)
    held = put(state, 1, AMERICA.number)
    hold(state, 0, US_TROOP.number)
    turn(state, 0)
    gold = [p.gold for p in state.players]
    act(state, 0, PlayCard(US_TROOP.number), [lambda d: d.enterprise == AMERICA.number])
    cost = losses.troop_cost(US_TROOP.number, losses.connection_of(held))
    assert state.players[0].gold == gold[0] - cost - 1  # the troop's way there, then the post
    assert state.players[1].gold == gold[1] + 1


def test_a_troop_arriving_says_where_it_came_from(monkeypatch: pytest.MonkeyPatch) -> None:
    # Pax Porfiriana's pieces on the map are troop cards: `troop_arrived` tells who moved which
    # troop, where to, and from where (played from hand, or redeployed from the troops in play).
    told: list[TroopArrived] = []
    real_fire = hooks.fire

    def watching(state: PorfirianaState, event: object, *args: Any, **kwargs: Any) -> Any:
        if isinstance(event, TroopArrived):
            told.append(event)
        return real_fire(state, event, *args, **kwargs)

    monkeypatch.setattr(hooks, "fire", watching)
    state = empty_state()
    held = put(state, 1, AMERICA.number)
    hold(state, 0, US_TROOP.number)
    turn(state, 0)
    act(state, 0, PlayCard(US_TROOP.number), [lambda d: d.enterprise == AMERICA.number])
    mine = put(
        state,
        0,
        find(CardType.ENTERPRISE, lambda c: c.district is District.AMERICA, exclude=(AMERICA.number,)).number,
    )
    act(state, 0, Redeploy(US_TROOP.number), [lambda d: getattr(d, "enterprise", None) == mine.number])
    assert [(e.troop.number, e.destination.number, e.player, e.origin) for e in told] == [
        (US_TROOP.number, held.number, 0, Zone.HAND),
        (US_TROOP.number, mine.number, 0, Zone.TROOPS),
    ]


def test_informer_remembers_the_player_it_names(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    informer = new(wall_cards, 9094, monkeypatch)
    state = empty_state()
    put(state, 0, informer.number)
    play(informer, state, 0, [lambda p: p == 2])
    assert state.memory[informer.number] == {"named": 2}
    enterprise = find(CardType.ENTERPRISE)
    tell(state, CardBought(enterprise, PlayerId(1), 3))
    assert state.players[0].gold == 30  # not the named player
    tell(state, CardBought(enterprise, PlayerId(2), 3))
    assert state.players[0].gold == 31


def test_the_cards_change_something_in_random_games(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    acted = count_in_random_games("porfiriana", wall_cards, NUMBERS, monkeypatch, seed=7, games=20)
    print(f"porfiriana cards acted (changed something): {dict(sorted(acted.items()))}")
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
        count_in_random_games("porfiriana", wall_cards, [9099], monkeypatch, seed=7, games=6, rare_games=0)
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
