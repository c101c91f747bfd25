"""How Pax Porfiriana's cards reach the rules: which abilities are in effect, and the modifiers,
triggers and replacements they add. No card is named here.

In effect: the regime card in force (its regime side), then each row in seat order, left to
right (a card with sides uses the side it shows; a Hacendado's Loyalist ability stops when it is
flipped), then each player's troops in play. An enterprise in unrest has its abilities switched
off (glossary: Unrest Disk), and so has a troop standing on one.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TypeVar

from runtime.core import abilities
from runtime.core.abilities import InEffect
from runtime.effects import Ability, Decision, Effect
from runtime.porfiriana.context import PorfirianaContext
from runtime.porfiriana.state import PorfirianaState, card

V = TypeVar("V")


def _abilities(number: int, side: int | None) -> tuple[Ability[PorfirianaContext], ...]:
    printed = card(number)
    found = printed.abilities
    if side is not None and printed.sides:
        found = found + printed.sides[side].abilities
    return found  # type: ignore[return-value]  # the context implements the generated protocol


def in_effect(state: PorfirianaState, owner: int | None = None) -> list[InEffect]:
    """Every ability in effect (only `owner`'s cards when given)."""
    found: list[InEffect] = []

    def add(number: int, side: int | None, player: int) -> None:
        for ability in _abilities(number, side):
            ctx = PorfirianaContext(state, player, number)
            found.append((ctx, player, ability, card(number).name))

    if owner is None:
        add(state.regimes[0], 0, state.active)
    for player, me in enumerate(state.players):
        if owner is not None and player != owner:
            continue
        for held in me.row:
            if not held.unrest:
                add(held.number, held.side, player)
        for troop in me.army:
            add(troop, None, player)
        for other in state.players:
            for held in other.row:
                if held.troop is not None and held.troop_owner == player and not held.unrest:
                    add(held.troop, None, player)
    return found


def modified(state: PorfirianaState, hook: object, value: V) -> V:
    return abilities.modified(in_effect(state), hook, value)


def fire(state: PorfirianaState, event: object, owner: int | None = None) -> Effect:
    yield from abilities.fire(in_effect(state, owner), event)


def replaced(state: PorfirianaState, event: object) -> Generator[Decision, None, bool]:
    return (yield from abilities.replaced(in_effect(state), event))
