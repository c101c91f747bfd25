"""Pax Porfiriana cards that change or hear a purchase from the market as no printed card does
(tests/porfiriana/fixtures/market_cards.pax), played on the unchanged runtime. The rules they lean
on: a card bought from the market costs its column's price as cards in effect change it, and is
paid when bought (rules E2); a headline or topple card bought is played at once and goes to no
hand (E2, K); a player at the hand limit may buy only the cards played at once (E3, glossary:
Hand). A discount limited to once per round is spent by the purchase charged with it, never by
the prices only shown or weighed before (the runtime's `spent` hooks)."""

from __future__ import annotations

from types import ModuleType

import pytest

from paxc.generated.porfiriana.vocabulary import Card, CardType, HandLimit, PurchaseCost
from paxc.runtime.porfiriana import market
from paxc.runtime.porfiriana.actions import Buy
from paxc.runtime.porfiriana.state import COLUMN_COSTS
from tests.new_cards import join_porfiriana as join_game
from tests.porfiriana.scenario import act, cards, empty_state, find, may, put, seat_without, turn

# Plain enterprises to buy, and a headline (only ever listed here, never bought).
SHOPS = [c.number for c in cards(CardType.ENTERPRISE)][:2]
HEADLINE = find(CardType.HEADLINE, plain=False)


def new(market_cards: ModuleType, number: int, monkeypatch: pytest.MonkeyPatch) -> Card:
    printed: Card = getattr(market_cards, f"CARD_{number}")
    join_game(printed, monkeypatch)
    return printed


def test_a_once_per_round_discount_is_spent_by_the_purchase_not_by_the_prices_shown(
    market_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    haggler = new(market_cards, 9140, monkeypatch)  # once per round, 2 gold off a purchase
    state = empty_state()
    seat_without(state, 1, PurchaseCost)
    turn(state, 1)  # not seat 0: the discount is its owner's
    put(state, 1, haggler.number)
    state.market[0][3], state.market[1][3] = SHOPS
    price = COLUMN_COSTS[3]
    state.players[1].gold = price - 2  # only the discount makes either card affordable
    # Shown and listed as often as anyone likes: nothing is spent.
    for _ in range(2):
        assert market.purchase_cost(state, 1, 0, 3) == market.purchase_cost(state, 1, 1, 3) == price - 2
        assert market.buyable(state, 1) == [(0, 3), (1, 3)]
    assert market.purchase_cost(state, 0, 0, 3) == price  # another player's price
    act(state, 1, Buy(0, 3))
    assert state.players[1].gold == 0 and SHOPS[0] in state.players[1].hand
    # Charged once, spent for the rest of the round.
    assert market.purchase_cost(state, 1, 1, 3) == price
    state.players[1].gold = price - 1
    assert not may(state, 1, Buy(1, 3))


def test_a_bought_headline_hears_its_own_purchase_and_play(
    market_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    extra = new(market_cards, 9141, monkeypatch)  # its buyer gains 1 when it is bought, 4 when played
    state = empty_state()
    turn(state, 1)
    state.market[0][2] = extra.number
    act(state, 1, Buy(0, 2), [False])  # its status quo: played all the same, with no event
    assert state.players[1].gold == 30 - COLUMN_COSTS[2] + 1 + 4
    assert state.players[0].gold == state.players[2].gold == 30
    assert state.bull_bear == [extra.number]


def test_a_bought_topple_card_hears_its_own_play(
    market_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    coup = new(market_cards, 9142, monkeypatch)  # its buyer gains 2 when it is played
    state = empty_state()
    seat_without(state, 1, PurchaseCost)
    turn(state, 1)
    state.market[0][2] = coup.number
    act(state, 1, Buy(0, 2), then_first=True)  # nobody flips: nobody topples
    assert state.topples == 1 and state.bull_bear == [coup.number]
    assert state.players[1].gold == 30 - COLUMN_COSTS[2] + 2
    assert state.players[0].gold == state.players[2].gold == 30


def test_a_topple_card_bought_is_told_played_by_its_buyer(
    market_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    kingmaker = new(market_cards, 9143, monkeypatch)  # its owner gains 3 for each topple they play
    topple = find(CardType.TOPPLE)
    state = empty_state()
    seat_without(state, 1, PurchaseCost)
    put(state, 1, kingmaker.number)
    turn(state, 1)  # the buyer is not the first seat
    state.market[0][2] = topple.number
    act(state, 1, Buy(0, 2), then_first=True)
    assert state.topples == 1
    assert state.players[1].gold == 30 - COLUMN_COSTS[2] + 3


def test_a_hand_limit_of_nothing_leaves_only_the_cards_played_at_once_to_buy(
    market_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    vow = new(market_cards, 9144, monkeypatch)  # its owner's hand limit is 0
    state = empty_state()
    seat_without(state, 1, PurchaseCost, HandLimit)
    turn(state, 1)
    put(state, 1, vow.number)
    state.market[0][0], state.market[0][1] = SHOPS[0], HEADLINE.number
    assert state.players[1].hand == [] and market.hand_full(state, 1)
    assert market.buyable(state, 1) == [(0, 1)]
    assert not may(state, 1, Buy(0, 0)) and may(state, 1, Buy(0, 1))
    assert not market.hand_full(state, 0) and market.buyable(state, 0) == [(0, 0), (0, 1)]


def test_a_discount_below_the_price_makes_the_card_free_not_paid_for(
    market_cards: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Haggler's 2 gold off a card of the 1-gold column: it costs nothing (never less), so a
    # player with no gold may buy it.
    haggler = new(market_cards, 9140, monkeypatch)
    state = empty_state(gold=0)
    seat_without(state, 1, PurchaseCost)
    turn(state, 1)
    put(state, 1, haggler.number)
    state.market[0][1] = SHOPS[0]
    assert COLUMN_COSTS[1] == 1 and market.purchase_cost(state, 1, 0, 1) == 0
    assert (0, 1) in market.buyable(state, 1)
