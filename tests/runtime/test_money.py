"""Money, whatever the game (runtime/core/money.py): gaining from the bank, paying all or nothing,
taking what there is, from players and from cards where money may lie."""

from __future__ import annotations

import pytest

from paxc.runtime.core.money import CannotPay, gain, pay, pay_onto, take, take_from_card


class Purses:
    def __init__(self, *money: int) -> None:
        self.money = list(money)

    def balance(self, player: int) -> int:
        return self.money[player]

    def receive(self, player: int, amount: int) -> None:
        self.money[player] += amount

    def spend(self, player: int, amount: int) -> None:
        self.money[player] -= amount


class Cards:
    """Money on cards; only the cards of `holding` may hold any (Pax Pamir: the market's)."""

    def __init__(self, holding: dict[int, int]) -> None:
        self.on = dict(holding)

    def holds(self, card: int) -> bool:
        return card in self.on

    def on_card(self, card: int) -> int:
        return self.on.get(card, 0)

    def put(self, card: int, amount: int) -> None:
        self.on[card] += amount

    def lift(self, card: int, amount: int) -> None:
        self.on[card] -= amount


def test_gaining_nothing_or_less_gains_nothing() -> None:
    purses = Purses(2, 2)
    gain(purses, 0, 3)
    gain(purses, 1, -1)
    assert purses.money == [5, 2]


def test_paying_is_all_or_nothing_and_all_one_has_is_enough() -> None:
    purses = Purses(3, 0)
    with pytest.raises(CannotPay, match="player 0 cannot pay 4"):
        pay(purses, 0, 4, 1)
    assert purses.money == [3, 0]
    pay(purses, 0, 3, 1)
    assert purses.money == [0, 3]
    pay(purses, 1, 2, None)  # to the bank
    pay(purses, 1, 0, 0)  # nothing to pay, nothing needed
    assert purses.money == [0, 1]


def test_taking_takes_what_the_victim_has_and_nothing_from_oneself_or_of_nothing() -> None:
    purses = Purses(1, 2)
    assert take(purses, 0, 1, 5) == 2 and purses.money == [3, 0]
    assert take(purses, 0, 0, 2) == 0 and purses.money == [3, 0]
    assert take(purses, 1, 0, -2) == 0 and purses.money == [3, 0]  # a negative amount takes nothing


def test_paying_onto_a_card_needs_a_card_that_holds_money_and_the_money() -> None:
    purses, cards = Purses(2), Cards({10: 0})
    with pytest.raises(CannotPay, match="card 11 holds no money"):
        pay_onto(purses, cards, 0, 11, 1)
    with pytest.raises(CannotPay, match="player 0 cannot pay 3"):
        pay_onto(purses, cards, 0, 10, 3)
    assert purses.money == [2] and cards.on == {10: 0}
    pay_onto(purses, cards, 0, 11, 0)  # nothing paid onto any card: nothing to refuse
    pay_onto(purses, cards, 0, 10, 2)  # all one has
    assert purses.money == [0] and cards.on == {10: 2}


def test_taking_from_a_card_takes_what_lies_there_and_nothing_of_nothing() -> None:
    purses, cards = Purses(0), Cards({10: 3})
    assert take_from_card(purses, cards, 0, 10, 1) == 1 and cards.on == {10: 2}
    assert take_from_card(purses, cards, 0, 10, 5) == 2 and cards.on == {10: 0}
    assert purses.money == [3]
    cards.on[10] = 2
    assert take_from_card(purses, cards, 0, 10, -1) == 0 and cards.on == {10: 2}
    assert take_from_card(purses, cards, 0, 11, 2) == 0  # a card that holds no money
    assert purses.money == [3]
