"""Seeded randomness that lives in the game state (a single integer), so a game is reproducible
from its seed and a saved state carries its own random future.

SplitMix64: tiny, fast in pure Python, and the same on every platform and Python version
(unlike `random.Random`, whose algorithms may change between versions).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Final, TypeVar

T = TypeVar("T")
_MASK: Final = 0xFFFF_FFFF_FFFF_FFFF  # (1 << 64) - 1
# Seeds from 0 to this are the generator's own; larger ones would be cut to their low 64 bits.
MAX_SEED: Final = _MASK


# The largest multiple of each bound asked that fits in 64 bits (`below` draws again above it),
# worked out once per bound: a game asks the same few bounds again and again.
_LIMITS: Final[dict[int, int]] = {}


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in [0, bound), without modulo bias."""
        limit = _LIMITS.get(bound)
        if limit is None:
            if bound <= 0:
                raise ValueError("bound must be positive")
            limit = _LIMITS[bound] = (1 << 64) - ((1 << 64) % bound)
        while True:
            # `next_u64`, written out: this runs at every random pick and every card shuffled.
            z = self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            value = z ^ (z >> 31)
            if value < limit:
                return value % bound

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates, in place: each swap draws as `below(index + 1)` would, written out (a
        game's setup shuffles a whole deck, a draw per card)."""
        state = self.state
        limits = _LIMITS
        for index in range(len(items) - 1, 0, -1):
            bound = index + 1
            limit = limits.get(bound)
            if limit is None:
                limit = limits[bound] = (1 << 64) - ((1 << 64) % bound)
            while True:
                z = state = (state + 0x9E3779B97F4A7C15) & _MASK
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                value = z ^ (z >> 31)
                if value < limit:
                    break
            other = value % bound
            items[index], items[other] = items[other], items[index]
        self.state = state
