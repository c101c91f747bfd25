"""Zones of cards, the same idea in every game: a zone holds cards in an order, and is shared
(the market, the discard pile) or one per player (a hand, a court, a row).

A game says where its cards are by implementing `ZoneMap` over its own state (its lists stay
what its rules use), and says which moves its rules allow by a table of movers, one per pair of
zones. On top of these the core gives what card effects ask for: the cards of a zone, of that
zone of every player, where a card is (`ZoneIndex`), and moving a card (`move`), which refuses
loudly a move the game has no rule for instead of doing nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from paxc.runtime.effects import Effect


@dataclass(frozen=True, slots=True)
class Place:
    """A zone, and for a zone of each player, whose (`holder`; None for a shared zone)."""

    zone: str
    holder: int | None = None

    def __str__(self) -> str:
        return self.zone if self.holder is None else f"{self.zone} of P{self.holder}"


class ZoneMap(Protocol):
    """One game's zones over its state: the card numbers each place holds, in order."""

    def cards(self, place: Place) -> Sequence[int]: ...

    def places(self) -> Iterable[Place]:
        """Every place of the game: each shared zone, and each per-player zone once per seat."""
        ...


def every_place(shared: Iterable[str], per_player: Iterable[str], seats: int) -> Iterator[Place]:
    """Each shared zone once, then each per-player zone of every seat: what `places` gives."""
    yield from (Place(zone) for zone in shared)
    for seat in range(seats):
        yield from (Place(zone, seat) for zone in per_player)


def cards_in_every(zones: ZoneMap, zone: str, players: int) -> list[int]:
    """The cards in `zone` of every player, seat by seat."""
    return [number for seat in range(players) for number in zones.cards(Place(zone, seat))]


class ZoneIndex:
    """Which place holds each card, so that `card.zone` and `card.owner` do not look through
    every zone.

    Built from the game's zones when first asked, and checked at each lookup (the card must still
    be in the place the index says: one look in one small list); when the rules have moved it,
    the index is built again. The game's own lists stay the truth, so a rule that moves cards
    without telling the index can never make it lie.
    """

    __slots__ = ("_zones", "_where")

    def __init__(self, zones: ZoneMap) -> None:
        self._zones = zones
        self._where: dict[int, Place] | None = None

    def locate(self, number: int) -> Place | None:
        if self._where is not None:
            place = self._where.get(number)
            if place is not None and number in self._zones.cards(place):
                return place
        self._where = {n: place for place in self._zones.places() for n in self._zones.cards(place)}
        return self._where.get(number)


class MoveRefused(Exception):
    """A card effect asked for a move the game's rules do not make (a card bug, never ignored)."""


# A game's rule for moving a card from one place to another (the card, where it is, where to).
Mover = Callable[[int, Place, Place], Effect]


def move(index: ZoneIndex, movers: Mapping[tuple[str, str], Mover], number: int, to: Place) -> Effect:
    """Move a card through the game's rule for leaving its zone for `to`'s zone. A card already
    there stays; a card in no zone, or a pair of zones the game has no rule for, is refused."""
    where = index.locate(number)
    if where == to:
        return
    if where is None:
        raise MoveRefused(f"card {number} is in no zone, so it cannot move to {to}")
    mover = movers.get((where.zone, to.zone))
    if mover is None:
        allowed = ", ".join(f"{a} to {b}" for a, b in movers) or "none"
        raise MoveRefused(f"card {number} cannot move from {where} to {to} (this game moves: {allowed})")
    yield from mover(number, where, to)
