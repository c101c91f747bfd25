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

from collections.abc import Callable, Hashable, Sequence

from paxc.runtime.core.rng import Rng


def deal_afresh(places: Sequence[list[int]], kind: Callable[[int], Hashable], rng: Rng) -> None:
    """Shuffle the cards of `places` among them, in place, each card to a slot of its kind."""
    pools: dict[Hashable, list[int]] = {}
    for place in places:
        for number in place:
            pools.setdefault(kind(number), []).append(number)
    for key in sorted(pools, key=str):
        pool = pools[key]
        pool.sort()
        rng.shuffle(pool)
    for place in places:
        place[:] = [pools[kind(number)].pop() for number in place]
