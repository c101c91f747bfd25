"""How Pax Porfiriana's cards reach the rules: which abilities are in effect, and the modifiers,
triggers and replacements they add. No card is named here.

In effect: the regime card in force (its regime side), then each row in seat order, left to
right (a card with sides uses the side it shows; a Hacendado's Loyalist ability stops when it is
flipped), then each player's troops in play. An enterprise in unrest has its abilities switched
off (glossary: Unrest Disk), and so has a troop standing on one.
"""

from __future__ import annotations

import functools
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from runtime.core import abilities
from runtime.core.abilities import InEffect
from runtime.effects import Ability, Decision, Effect
from runtime.porfiriana.context import PorfirianaContext
from runtime.porfiriana.state import PorfirianaState, card

V = TypeVar("V")


@functools.cache
def _abilities(number: int, side: int | None) -> tuple[Ability[PorfirianaContext], ...]:
    printed = card(number)
    found = printed.abilities
    if side is not None and printed.sides:
        found = found + printed.sides[side].abilities
    return found  # type: ignore[return-value]  # the context implements the generated protocol


def _cards_in_effect(
    state: PorfirianaState, owner: int | None = None
) -> Iterator[tuple[int, int | None, int]]:
    """(card, side, owner) of every card whose abilities are in effect."""
    if owner is None:
        yield state.regimes[0], 0, state.active
    for player, me in enumerate(state.players):
        if owner is not None and player != owner:
            continue
        for held in me.row:
            if not held.unrest:
                yield held.number, held.side, player
        for troop, under in state.troops_of(player):
            if under is None or not under.unrest:
                yield troop, None, player


def in_effect(state: PorfirianaState, owner: int | None = None) -> list[InEffect]:
    """Every ability in effect (only `owner`'s cards when given)."""
    return [
        (PorfirianaContext(state, player, number), player, ability, card(number).name)
        for number, side, player in _cards_in_effect(state, owner)
        for ability in _abilities(number, side)
    ]


@functools.cache
def _modifier_types(number: int, side: int | None) -> frozenset[type]:
    return frozenset(m.hook for ability in _abilities(number, side) for m in ability.modifiers)


def active_types(state: PorfirianaState) -> frozenset[type]:
    """Every kind of modifier some card in effect carries."""
    found: set[type] = set()
    for number, side, _ in _cards_in_effect(state):
        found |= _modifier_types(number, side)
    return frozenset(found)


# While a decision's options are listed nothing changes which cards are in effect, yet the rules
# ask the modifiers many times (the price of every market card): `listing` records the kinds of
# modifier in effect for that while, so questions no card changes are answered at once.
_listing: tuple[PorfirianaState, frozenset[type]] | None = None


@contextmanager
def listing(state: PorfirianaState) -> Iterator[None]:
    global _listing
    outer = _listing
    _listing = (state, active_types(state))
    try:
        yield
    finally:
        _listing = outer


def modified(state: PorfirianaState, hook: object, value: V) -> V:
    hook_type = type(hook)
    if _listing is not None and _listing[0] is state and hook_type not in _listing[1]:
        return value
    carriers: list[Any] = [
        (PorfirianaContext(state, player, number), player, ability, "")
        for number, side, player in _cards_in_effect(state)
        if hook_type in _modifier_types(number, side)
        for ability in _abilities(number, side)
    ]
    return abilities.modified(carriers, hook, value)


def fire(state: PorfirianaState, event: object, owner: int | None = None) -> Effect:
    yield from abilities.fire(in_effect(state, owner), event)


def replaced(state: PorfirianaState, event: object) -> Generator[Decision, None, bool]:
    return (yield from abilities.replaced(in_effect(state), event))
