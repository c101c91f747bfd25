"""Small option types for decisions, so every option says what it is (cards are offered as the
printed `Card`, players as `PlayerId`, amounts of rupees as `Rupees`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from paxc.generated.pamir.vocabulary import Card
from paxc.runtime.pamir.state import card


@dataclass(frozen=True, slots=True)
class Rupees:
    amount: int


def cards_of(numbers: Iterable[int]) -> tuple[Card, ...]:
    return tuple(map(card, numbers))  # no generator: `card` is the card table's own look-up
