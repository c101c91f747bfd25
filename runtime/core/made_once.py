"""Values made once by key and kept: the options a game's listing offers again at every decision
(a purchase by its market space, a sale by its card) are frozen, so one object serves every
listing, and finding it costs less than making it again."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class MadeOnce(dict[K, V]):
    """`table[key]`: the value `make(key)` made the first time the key is looked up. A dict,
    so a value found costs one subscript and no call of Python code (the listings look up
    dozens a decision); only the first look-up of a key calls `make`. For keys of which a
    game has a bounded number (cards, market spaces, players)."""

    __slots__ = ("_make",)

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self._make(key)
        return value
