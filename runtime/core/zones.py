"""Zones of cards, the same idea in every game: a zone holds cards in an order, and is shared
(the market, the discard pile) or one per player (a hand, a court, a row).

A game says where its cards are by implementing `ZoneMap` over its own state (its lists stay
what its rules use), and says which moves its rules allow by a table of movers, one per pair of
zones: exactly the moves its vocabulary declares (`check_moves`, at import), which `paxc check`
holds card text to. On top of these the core gives what card effects ask for: the cards of a
zone, of that zone of every player, where a card is (`ZoneIndex`), and moving a card (`move`).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from paxc.runtime.core.rng import Rng
from paxc.runtime.effects import Effect

T = TypeVar("T")


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


def declared(
    zones: Iterable[object], per_player: Collection[object]
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The shared zones and the zones of each player, by name in the order the vocabulary
    declares them (the generated `Zone` and `PLAYER_ZONES`)."""
    names = [(str(zone), zone in per_player) for zone in zones]
    return tuple(n for n, mine in names if not mine), tuple(n for n, mine in names if mine)


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
    """A move `paxc check` allowed that the game's rules do not make: the vocabulary and the
    runtime disagree (a bug, never ignored)."""


class MovesMismatch(Exception):
    """A game's table of movers and its vocabulary's declared moves differ."""


# A game's rule for moving a card from one place to another: given the game's state (the one the
# card effect runs on), the card's number, where it is and where it goes. With the state given, a
# rule may be a plain function of the game's rules (no global, no object bound to one state):
#
#     def hand_to_discard(state: MyState, number: int, where: Place, to: Place) -> Effect:
#         state.hands[where.holder].remove(number)
#         state.discard.append(number)
#         yield from tell_card_moved(state, number, where, to)
#
#     MOVERS: dict[tuple[str, str], Mover] = {("hand", "discard"): hand_to_discard}
Mover = Callable[[Any, int, Place, Place], Effect]


def check_moves(
    game: str, implemented: Iterable[tuple[str, str]], declared: Iterable[tuple[str, str]]
) -> None:
    """The moves a game's runtime makes must be those its vocabulary declares: a declared move
    without a rule would stop a game that `paxc check` let through, a rule without a declaration
    is one no card can use."""
    made, promised = set(implemented), set(declared)
    if made != promised:
        missing = ", ".join(f"{a} to {b}" for a, b in sorted(promised - made)) or "none"
        extra = ", ".join(f"{a} to {b}" for a, b in sorted(made - promised)) or "none"
        raise MovesMismatch(
            f"{game}: the runtime's card moves differ from the vocabulary's 'move' lines "
            f"(declared without a rule: {missing}; a rule not declared: {extra})"
        )


def move(
    state: Any,
    index: ZoneIndex,
    movers: Mapping[tuple[str, str], Mover],
    number: int,
    to: Place,
    origins: Collection[str],
) -> Effect:
    """Move a card through the game's rule for leaving its zone for `to`'s zone, which is given
    `state` (the game's state, the one the card effect runs on). `origins`: the
    zones `paxc check` found the card may be in, each with a move to `to`. A card already there
    stays, and so does one found in no zone of `origins` (another effect moved it since the card
    text found it, or it is in none): the effect moves the card it found, where it found it."""
    where = index.locate(number)
    if where == to or where is None or where.zone not in origins:
        return
    mover = movers.get((where.zone, to.zone))
    if mover is None:
        allowed = ", ".join(f"{a} to {b}" for a, b in movers) or "none"
        raise MoveRefused(f"card {number} cannot move from {where} to {to} (this game moves: {allowed})")
    yield from mover(state, number, where, to)


def top_of(cards: Sequence[T], zone: str, top_last: Collection[str]) -> T | None:
    """The card on top of a zone's cards as the game lists them (`the top card of ZONE`): the
    first, or the last for a pile the game adds to at its end (`top_last`: a discard pile the
    rules append to); None for an empty zone."""
    if not cards:
        return None
    return cards[-1] if zone in top_last else cards[0]


def random_of(rng: Rng, cards: Sequence[T]) -> T | None:
    """One of `cards` drawn with the game's seeded generator (`a random card of ZONE`), so that a
    game stays its seed and its decisions; None from none (nothing drawn)."""
    if not cards:
        return None
    return cards[rng.below(len(cards))]
