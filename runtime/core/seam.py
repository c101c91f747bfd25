"""The seam where a game's cards meet its rules, crossed upwards without an import going up.

The module where card effects enter the rules sits low, so that every rule may ask it (the
abilities in effect, `hooks.py`), yet what it hands card effects, or sets off for them, is made
by rules above it: Pax Pamir's hooks run abilities in contexts (`context.py`) that place pieces
and score, and Pax Porfiriana's contexts set off losses, unrest and moves of cards. The low module
declares a `Given` of what it needs; the module above that makes it gives it once, when it is
imported; and a call before then says which module was never imported, rather than failing
somewhere deep in a card's effect.
"""

from __future__ import annotations

from typing import Generic, TypeVar

# Kept Python in a module of its own (mypyc makes no native class below RuntimeError); named here
# too, where callers have always found it.
from paxc.runtime.core.not_given import NotGiven

__all__ = ["Given", "NotGiven"]

T = TypeVar("T")


class Given(Generic[T]):
    """What a low module of the rules uses and a higher one gives (`give`), named for the error
    (`what`) with the module that gives it (`giver`)."""

    __slots__ = ("what", "giver", "_value", "_given")

    def __init__(self, what: str, giver: str) -> None:
        self.what = what
        self.giver = giver
        self._given = False

    def give(self, value: T) -> None:
        self._value = value
        self._given = True

    def get(self) -> T:
        if not self._given:
            raise NotGiven(f"no {self.what}: import {self.giver} first (it gives them)")
        return self._value
