"""Money, the same idea in every game: each player has a purse, the bank has no limit.

A game implements `Purses` over its state (Pax Pamir's rupees, Pax Porfiriana's gold) and may
refuse money to a seat that keeps none; the core gives card effects their three ways to move
money: gain from the bank, pay (all or nothing), take from another player (what they have). A
game whose money may lie on cards implements `CardPurses` too: paying onto a card, taking from it.
"""

from __future__ import annotations

from typing import Protocol

from paxc.runtime.effects import NothingToChoose


class Purses(Protocol):
    def balance(self, player: int) -> int: ...

    def receive(self, player: int, amount: int) -> None:
        """`amount` more for `player` (a game whose seat keeps no money ignores it)."""
        ...

    def spend(self, player: int, amount: int) -> None:
        """`amount` less for `player`, who has at least that much."""
        ...


class CannotPay(NothingToChoose):
    """A payment the payer cannot make in full: nothing is paid, and the effect that asked for it
    ends there (what the payment was for does not happen), as a choice with nothing to choose does."""


def gain(purses: Purses, player: int, amount: int) -> None:
    """From the bank; an amount below zero gains nothing."""
    if amount > 0:
        purses.receive(player, amount)


def pay(purses: Purses, payer: int, amount: int, receiver: int | None) -> None:
    """All or nothing: short of `amount`, nothing is paid and `CannotPay` ends the effect. To the
    bank when `receiver` is None; paying oneself changes nothing (but still needs the money)."""
    if amount <= 0:
        return
    if purses.balance(payer) < amount:
        raise CannotPay(f"player {payer} cannot pay {amount}")
    if receiver == payer:
        return
    purses.spend(payer, amount)
    if receiver is not None:
        purses.receive(receiver, amount)


def take(purses: Purses, taker: int, victim: int, amount: int) -> int:
    """As much as `victim` has, up to `amount`, for `taker`; taking from oneself takes nothing.
    The amount taken."""
    if taker == victim or amount <= 0:
        return 0
    taken = min(amount, purses.balance(victim))
    purses.spend(victim, taken)
    purses.receive(taker, taken)
    return taken


class CardPurses(Protocol):
    """Money lying on cards, in a game whose money may (the vocabulary's `money ... on cards`):
    Pax Pamir's rupees on market cards. A card where money cannot lie holds none (`holds`)."""

    def holds(self, card: int) -> bool:
        """Whether money may lie on this card now (Pax Pamir: it is in the market)."""
        ...

    def on_card(self, card: int) -> int: ...

    def put(self, card: int, amount: int) -> None:
        """`amount` onto the card, which holds money (the game may let it leave the game)."""
        ...

    def lift(self, card: int, amount: int) -> None:
        """`amount` off the card, which has at least that much."""
        ...


def pay_onto(purses: Purses, cards: CardPurses, payer: int, card: int, amount: int) -> None:
    """All or nothing, as `pay`: `amount` from the payer onto a card. A card that holds no money
    takes none: nothing is paid and `CannotPay` ends the effect, as a payment short of money."""
    if amount <= 0:
        return
    if not cards.holds(card):
        raise CannotPay(f"card {card} holds no money")
    if purses.balance(payer) < amount:
        raise CannotPay(f"player {payer} cannot pay {amount}")
    purses.spend(payer, amount)
    cards.put(card, amount)


def take_from_card(purses: Purses, cards: CardPurses, taker: int, card: int, amount: int) -> int:
    """As much as lies on the card, up to `amount`, for `taker`. The amount taken."""
    if amount <= 0 or not cards.holds(card):
        return 0
    taken = min(amount, cards.on_card(card))
    cards.lift(card, taken)
    purses.receive(taker, taken)
    return taken
