"""Dealing afresh what a seat cannot see: the hidden cards of a game, for a search bot's playouts
(`core/search.py`).

The cards of the places a seat cannot look into (the other hands, the deck, the box) are gathered,
put in order, shuffled by the bot's own generator and dealt back, each place keeping its size.
A card goes back only where a card of its kind was (the game says what a kind is: Pax Pamir
keeps its court cards out of the deck's event slots), so the deal is one the rules could have
made. Because the cards are put in order before the shuffle, two games that differ only in how
the hidden cards lie give the same deal: what the bot cannot see cannot change what it does.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from paxc.runtime.core.rng import Rng


def deal_afresh(
    places: Sequence[list[int]],
    kind: Callable[[int], Hashable],
    rng: Rng,
    still_hidden: Collection[int] | None = None,
) -> None:
    """Shuffle the cards of `places` among them, in place, each card to a slot of its kind.
    `still_hidden`: only these cards are dealt, the others stay where they are (a card that was
    hidden at the start of the turn a copy replays and has been shown since, such as a card an
    opponent played from hand: the copy must reach the same position)."""
    dealt = (lambda number: True) if still_hidden is None else still_hidden.__contains__
    pools: dict[Hashable, list[int]] = {}
    for place in places:
        for number in place:
            if dealt(number):
                pools.setdefault(kind(number), []).append(number)
    for key in sorted(pools, key=str):
        pool = pools[key]
        pool.sort()
        rng.shuffle(pool)
    for place in places:
        place[:] = [pools[kind(number)].pop() if dealt(number) else number for number in place]


@dataclass(frozen=True)
class HiddenCards:
    """What a game tells a search bot of what is hidden: `hidden(state, seat)`, the cards that
    seat cannot see; `deal(state, seat, rng, still_hidden)`, the seat's hidden cards of
    `still_hidden` dealt afresh in place; `reseed(state, rng)`, the chance to come made anew
    (the game's generator, and any pile only chance orders, such as Wakhan's AI deck). A copy of
    the game is dealt at the start of its turn, replays the turn, then is reseeded: the draws
    the turn already made stay as they were."""

    hidden: Callable[[Any, int], frozenset[int]]
    deal: Callable[[Any, int, Rng, frozenset[int]], None]
    reseed: Callable[[Any, Rng], None]
