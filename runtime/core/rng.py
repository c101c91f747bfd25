"""Seeded randomness that lives in the game state (a single integer), so a game is reproducible
from its seed and a saved state carries its own random future.

SplitMix64: tiny, fast in pure Python, and the same on every platform and Python version
(unlike `random.Random`, whose algorithms may change between versions).

Compiled (`paxc accelerate`), the draws of `below` and `shuffle` are worked out on the state's
two 32-bit halves, each product of two 16-bit quarters: mypyc does arithmetic on machine words
only while a product's factors stay below 2^30, and the 64-bit products (2^128 before their mask)
took CPython's arbitrary-size integers at every operation, some six thousand instructions a
draw. Pure Python keeps the 64-bit operations, which are fewer there. The draws are the same
(tests/runtime/test_rng.py runs both ways).
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

# Whether this module runs compiled, when draws are worked out on halves (see above).
_IN_HALVES: Final = not __file__.endswith(".py")
# Bounds up to this are drawn on halves; a larger one (no game asks one) on the 64-bit draw.
_HALVES_BOUND: Final = 1 << 30
_WORD: Final = 0xFFFF_FFFF
# For a bound up to `_HALVES_BOUND`, worked out once: the 64-bit draws past its last whole
# multiple are those whose high half is all ones and low half at least its low limit; and 2^32
# modulo the bound, which gives a draw modulo the bound from its halves.
_LOW_LIMITS: Final[dict[int, int]] = {}
_WORD_MODULO: Final[dict[int, int]] = {}


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
        if _IN_HALVES and 0 < bound <= _HALVES_BOUND:
            return self._below_in_halves(bound)
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
        if _IN_HALVES and len(items) <= _HALVES_BOUND:
            self._shuffle_in_halves(items)
            return
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

    def _below_in_halves(self, bound: int) -> int:
        """`below` on the state's halves, for a bound up to `_HALVES_BOUND`."""
        low_limit = _LOW_LIMITS.get(bound)
        if low_limit is None:
            low_limit = _remember(bound)
        high, low = self.state >> 32, self.state & _WORD
        while True:
            high, low, value_high, value_low = _draw(high, low)
            if value_high != _WORD or value_low < low_limit:
                break
        self.state = (high << 32) | low
        return ((value_high % bound) * _WORD_MODULO[bound] + value_low) % bound

    def _shuffle_in_halves(self, items: MutableSequence[T]) -> None:
        """`shuffle` on the state's halves."""
        high, low = self.state >> 32, self.state & _WORD
        for index in range(len(items) - 1, 0, -1):
            bound = index + 1
            low_limit = _LOW_LIMITS.get(bound)
            if low_limit is None:
                low_limit = _remember(bound)
            while True:
                high, low, value_high, value_low = _draw(high, low)
                if value_high != _WORD or value_low < low_limit:
                    break
            other = ((value_high % bound) * _WORD_MODULO[bound] + value_low) % bound
            items[index], items[other] = items[other], items[index]
        self.state = (high << 32) | low


def _remember(bound: int) -> int:
    """What drawing on halves needs of a bound (see `_LOW_LIMITS`); gives its low limit."""
    past = (1 << 64) % bound  # the draws at the top of 2^64 past its last whole multiple
    _WORD_MODULO[bound] = (1 << 32) % bound
    low_limit = _LOW_LIMITS[bound] = (1 << 32) - past
    return low_limit


def _draw(high: int, low: int) -> tuple[int, int, int, int]:
    """One SplitMix64 step on the state's halves: the state moved on, and the draw's halves.

    Each multiplication modulo 2^64 is the sum of the products of the 16-bit quarters of the
    value and of the multiplier, column by column (a column past the fourth is beyond 2^64)."""
    low += 0x7F4A7C15
    high = (high + 0x9E3779B9 + (low >> 32)) & _WORD
    low &= _WORD
    # z ^ (z >> 30), then times 0xBF58476D1CE4E5B9 (quarters 0xBF58, 0x476D, 0x1CE4, 0xE5B9).
    z_high = high ^ (high >> 30)
    z_low = low ^ (((low >> 30) | (high << 2)) & _WORD)
    x0, x1, x2, x3 = z_low & 0xFFFF, z_low >> 16, z_high & 0xFFFF, z_high >> 16
    column1 = x0 * 0x1CE4 + x1 * 0xE5B9
    below_word = x0 * 0xE5B9 + ((column1 & 0xFFFF) << 16)
    z_high = (
        (below_word >> 32)
        + (column1 >> 16)
        + x0 * 0x476D
        + x1 * 0x1CE4
        + x2 * 0xE5B9
        + (((x0 * 0xBF58 + x1 * 0x476D + x2 * 0x1CE4 + x3 * 0xE5B9) & 0xFFFF) << 16)
    ) & _WORD
    z_low = below_word & _WORD
    # z ^ (z >> 27), then times 0x94D049BB133111EB (quarters 0x94D0, 0x49BB, 0x1331, 0x11EB).
    z_low ^= ((z_low >> 27) | (z_high << 5)) & _WORD
    z_high ^= z_high >> 27
    x0, x1, x2, x3 = z_low & 0xFFFF, z_low >> 16, z_high & 0xFFFF, z_high >> 16
    column1 = x0 * 0x1331 + x1 * 0x11EB
    below_word = x0 * 0x11EB + ((column1 & 0xFFFF) << 16)
    z_high = (
        (below_word >> 32)
        + (column1 >> 16)
        + x0 * 0x49BB
        + x1 * 0x1331
        + x2 * 0x11EB
        + (((x0 * 0x94D0 + x1 * 0x49BB + x2 * 0x1331 + x3 * 0x11EB) & 0xFFFF) << 16)
    ) & _WORD
    z_low = below_word & _WORD
    # z ^ (z >> 31)
    return high, low, z_high ^ (z_high >> 31), z_low ^ (((z_low >> 31) | (z_high << 1)) & _WORD)
