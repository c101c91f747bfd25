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

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import Card, CardType, Coalition, Region, Suit, TurnEnded, TurnStarted
from paxc.runtime.core.abilities import run_effect
from paxc.runtime.effects import PlayerId
from paxc.runtime.pamir import card_actions, hooks, market, pieces, rules
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import PamirState, border
from tests.conftest import REPO
from tests.new_cards import compile_card_file, count_in_random_games
from tests.new_cards import join_pamir as join_game
from tests.pamir.scenario import Answer, court_card, drive, empty_state

FIXTURE = REPO / "tests" / "pamir" / "fixtures" / "wall_cards.pax"
NUMBERS = range(990, 995)


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


def test_border_toll_charges_another_player_moving_into_a_region_you_rule(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The example. Rulebook, Move: an army crosses a border along a road of its
    # coalition; a spy moves along the ring of courts. Player 0 (Afghan) rules Kandahar with two
    # tribes; player 1 (British) moves there.
    toll = new(wall_cards, 991, monkeypatch)
    state = empty_state(3)
    state.players[0].court.append(toll.number)
    state.tribes[Region.KANDAHAR][0] = 2
    state.players[0].cylinders -= 2
    state.armies[Region.KABUL][Coalition.BRITISH] = 2
    state.roads[border(Region.KABUL, Region.KANDAHAR)][Coalition.BRITISH] = 1
    before = [p.rupees for p in state.players]
    # A move action (the rules' move), one army into Kandahar: 1 rupee to the ruler.
    drive(card_actions.move(state, 1, 1), [card_actions.MoveArmy(Region.KABUL, Region.KANDAHAR)])
    assert state.armies[Region.KANDAHAR][Coalition.BRITISH] == 1
    assert [p.rupees for p in state.players] == [before[0] + 1, before[1] - 1, before[2]]
    # A spy onto a card of Kandahar, by a card's operation: 1 rupee more.
    kandahar = court_card(lambda c: c.region is Region.KANDAHAR)
    kabul = court_card(lambda c: c.region is Region.KABUL)
    state.players[2].court += [kabul.number, kandahar.number]
    state.spies_on(kabul.number)[1] = 1
    state.players[1].cylinders -= 1
    drive(pieces.move_spy(state, 1, kabul.number, kandahar.number, mover=1), [])
    assert [p.rupees for p in state.players] == [before[0] + 2, before[1] - 2, before[2]]
    # Not charged: an army into a region you do not rule, and your own moves.
    drive(pieces.move_army(state, Coalition.BRITISH, Region.KABUL, Region.PUNJAB, mover=1), [])
    drive(pieces.move_army(state, Coalition.AFGHAN, Region.KANDAHAR, Region.KANDAHAR, mover=0), [])
    # A tribe is neither an army nor a spy.
    state.tribes[Region.KABUL][1] = 1
    state.players[1].cylinders -= 1
    drive(pieces.move_tribe(state, 1, Region.KABUL, Region.KANDAHAR, mover=1), [])
    assert [p.rupees for p in state.players] == [before[0] + 2, before[1] - 2, before[2]]
    # A mover who cannot pay pays nothing (all or nothing), and the move stands.
    state.players[1].rupees = 0
    drive(pieces.move_army(state, Coalition.BRITISH, Region.KABUL, Region.KANDAHAR, mover=1), [])
    assert state.players[1].rupees == 0 and state.players[0].rupees == before[0] + 2


def test_bazaar_patron_places_your_rupees_on_up_to_two_market_cards(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Rulebook, Purchase: rupees on a market card go to whoever buys it; a player may not buy a
    # card they placed rupees on this turn.
    patron = new(wall_cards, 992, monkeypatch)
    state = empty_state(2)
    first, second, third = [c for c in CARDS if c.card_type is CardType.COURT][:3]
    state.market[0][1], state.market[1][2], state.market[0][4] = first.number, second.number, third.number
    rupees = state.players[0].rupees
    play(patron, state, 0, [first, second])  # two cards: "no more" is not asked after the last
    assert state.market_rupees[0][1] == 1 and state.market_rupees[1][2] == 1
    assert state.market_rupees[0][4] == 0
    assert state.players[0].rupees == rupees - 2
    assert state.turn.paid_onto == {first.number, second.number}
    # The buyer takes them.
    drive(rules.purchase(state, 1, 0, 1), [], then_first=True)
    assert state.players[1].rupees == 4 - 1 + 1  # paid 1 onto the card to its left, took 1


def test_hard_winter_takes_up_to_two_rupees_from_each_other_player(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    winter = new(wall_cards, 993, monkeypatch)
    state = empty_state(3)
    state.players[0].rupees, state.players[1].rupees, state.players[2].rupees = 5, 5, 1
    play(winter, state, 0, [])
    # What each has, up to 2, to the bank; the player with 1 loses it and the effect goes on.
    assert [p.rupees for p in state.players] == [5, 3, 0]


def test_bazaar_thief_takes_the_rupees_on_a_market_card(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    thief = new(wall_cards, 994, monkeypatch)
    state = empty_state(2)
    bare, rich = court_card(lambda c: c.number > 0), court_card(lambda c: c.number > 10)
    state.market[0][0], state.market[1][3] = bare.number, rich.number
    state.market_rupees[1][3] = 3
    rupees = state.players[0].rupees
    asked = drive(
        run_effect(thief.abilities[0].one_shots[0].run(PamirContext(state, 0, thief.number))), [rich]
    )
    assert asked[0].options == (rich,)  # only a card with rupees on it
    assert state.market_rupees[1][3] == 0 and state.players[0].rupees == rupees + 3


def test_the_cards_change_something_in_random_games(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    acted = count_in_random_games("pamir", wall_cards, NUMBERS, monkeypatch, seed=7, games=30)
    print(f"pamir cards acted (changed something): {dict(sorted(acted.items()))}")
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
        count_in_random_games("pamir", wall_cards, [999], monkeypatch, seed=7, games=10, rare_games=0)
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


def test_an_effect_that_changes_nothing_fails_the_counter(
    wall_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hard Winter's one-shot, made to run (and ask nothing) without changing anything: it runs
    # in many games and never acts. The same card as printed acts (test above).
    runs: Counter[str] = Counter()
    winter: Card = wall_cards.CARD_993
    (ability,) = winter.abilities
    (one_shot,) = ability.one_shots

    def idle(ctx: Any) -> Any:
        runs["ran"] += 1
        yield from ()

    idling = dataclasses.replace(ability, one_shots=(dataclasses.replace(one_shot, run=idle),))
    monkeypatch.setattr(wall_cards, "CARD_993", dataclasses.replace(winter, abilities=(idling,)))
    with pytest.raises(AssertionError, match=r"never acted: \[993\]"):
        count_in_random_games("pamir", wall_cards, [993], monkeypatch, seed=7, games=10, rare_games=0)
    assert runs["ran"] > 0
