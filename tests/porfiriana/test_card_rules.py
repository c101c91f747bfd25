"""The moves card effects make between zones (runtime/porfiriana/card_rules.py), each by the rule
that moves cards that way: what goes where, and what the other cards are told (`card_moved`, then
`card_discarded` for a card reaching a discard pile; a shared zone's player is the one whose turn
it is). A headline or topple card an effect takes out of the market goes to the bull/bear discard
as the rules discard them there (rules B); a troop in play is discarded as a troop."""

from __future__ import annotations

import pytest

from paxc.generated.porfiriana.vocabulary import CardType, Zone
from paxc.runtime.effects import PlayerId
from paxc.runtime.porfiriana.context import PorfirianaContext
from paxc.runtime.porfiriana.state import PorfirianaState, card
from tests.porfiriana.scenario import (
    check_cubes,
    drive,
    empty_state,
    find,
    hold,
    moves_told,
    put,
    put_troop,
    turn,
)
from tests.porfiriana.test_new_cards import SHOP, SHOP_2

HEADLINE = find(CardType.HEADLINE, plain=False)
TROOP = find(CardType.TROOP, lambda c: c.faction is not None)


def move(state: PorfirianaState, number: int, to: Zone, holder: int | None, origin: Zone) -> None:
    """A card effect of player 0's moves the card from `origin` to `to` (of `holder`)."""
    ctx = PorfirianaContext(state, 0, number)
    who = None if holder is None else PlayerId(holder)
    drive(ctx.move_card(card(number), to, who, (origin,)), [])


def test_a_card_discarded_from_a_hand_is_told_discarded_from_its_holders_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = empty_state()
    turn(state, 2)  # the discard pile is told entered by the player whose turn it is
    hold(state, 1, SHOP.number)
    told = moves_told(monkeypatch)
    move(state, SHOP.number, Zone.DISCARD, None, Zone.HAND)
    assert state.players[1].hand == [] and state.discard == [SHOP.number]
    assert told == [(SHOP.number, Zone.HAND, Zone.DISCARD, 1, 2), (SHOP.number, Zone.HAND, 1)]


def test_a_card_given_from_hand_to_hand_is_told_moved_between_the_two_hands(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = empty_state()
    hold(state, 1, SHOP.number)
    told = moves_told(monkeypatch)
    move(state, SHOP.number, Zone.HAND, 2, Zone.HAND)
    assert state.players[1].hand == [] and state.players[2].hand == [SHOP.number]
    assert told == [(SHOP.number, Zone.HAND, Zone.HAND, 1, 2)]


def test_a_card_taken_from_the_discard_pile_is_told_moved_into_the_takers_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = empty_state()
    state.discard.append(SHOP.number)
    told = moves_told(monkeypatch)
    move(state, SHOP.number, Zone.HAND, 1, Zone.DISCARD)
    assert state.discard == [] and state.players[1].hand == [SHOP.number]
    assert told == [(SHOP.number, Zone.DISCARD, Zone.HAND, 0, 1)]


def test_a_market_card_discarded_by_an_effect_is_told_discarded_from_the_market(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = empty_state()
    turn(state, 1)
    state.market[1][3] = SHOP_2.number  # no speculation cube on it
    told = moves_told(monkeypatch)
    move(state, SHOP_2.number, Zone.DISCARD, None, Zone.MARKET)
    assert state.market[1][3] is None and state.discard == [SHOP_2.number]
    assert told == [(SHOP_2.number, Zone.MARKET, Zone.DISCARD, 1, 1), (SHOP_2.number, Zone.MARKET, 1)]


def test_a_headline_an_effect_discards_from_the_market_goes_to_the_bull_bear_discard() -> None:
    state = empty_state()
    state.market[0][4] = HEADLINE.number
    move(state, HEADLINE.number, Zone.DISCARD, None, Zone.MARKET)
    assert state.market[0][4] is None and state.bull_bear == [HEADLINE.number]
    assert HEADLINE.number not in state.discard


def test_a_troop_an_effect_discards_leaves_play_for_the_discard_pile() -> None:
    state = empty_state()
    held = put(state, 1, SHOP.number)
    put_troop(state, 2, TROOP.number, on=held.number)  # extorting player 1's enterprise
    move(state, TROOP.number, Zone.DISCARD, None, Zone.TROOPS)
    assert state.troop_place(TROOP.number) is None and state.discard == [TROOP.number]
    assert held.troop is None and held.extortion is None
    check_cubes(state)


def test_a_card_an_effect_removes_from_a_row_leaves_the_game() -> None:
    state = empty_state()
    put(state, 1, SHOP.number)
    move(state, SHOP.number, Zone.REMOVED, None, Zone.ROW)
    assert state.holding(SHOP.number) is None and state.removed == [SHOP.number]
    assert SHOP.number not in state.discard
    check_cubes(state)
