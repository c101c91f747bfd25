"""Card text in another language at the table (`paxc play --lang fr`).

The runtime writes no card text: the compiler renders it, in English into the generated cards
(`Card.text`, `Card.ability_text`) and, when a player asks for another language, into the texts
the command hands over here before the game starts (`show`). The table asks here for the text
it shows of a card; nothing given, the card's own English text. What the rules do never reads
these texts: a game plays, saves and replays alike in any language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol


class ShownCard(Protocol):
    """What the table reads of a generated card (or of one of its sides)."""

    @property
    def number(self) -> int: ...
    @property
    def version(self) -> int: ...
    @property
    def text(self) -> str: ...
    @property
    def ability_text(self) -> str: ...
    @property
    def sides(self) -> Sequence[ShownCard]: ...


@dataclass(frozen=True, slots=True)
class Texts:
    """One version of a card said in another language: the whole card, its abilities, and the
    same two of each side, in order."""

    text: str
    ability_text: str
    sides: tuple[tuple[str, str], ...] = ()


# By (card number, version): the texts the command gave, for the game being played.
_SHOWN: dict[tuple[int, int], Texts] = {}


def show(texts: Mapping[tuple[int, int], Texts]) -> None:
    """From now on the table shows these texts (an empty mapping: the cards' own)."""
    _SHOWN.clear()
    _SHOWN.update(texts)


def text(card: ShownCard) -> str:
    """The whole card as `paxc render` prints it, in the language asked for."""
    given = _SHOWN.get((card.number, card.version))
    return given.text if given is not None else card.text


def ability_text(card: ShownCard) -> str:
    """What the card's abilities say, in the language asked for."""
    given = _SHOWN.get((card.number, card.version))
    return given.ability_text if given is not None else card.ability_text


def side_ability_text(card: ShownCard, side: int) -> str:
    """What side `side` (from 0) of the card says, in the language asked for."""
    given = _SHOWN.get((card.number, card.version))
    if given is not None and side < len(given.sides):
        return given.sides[side][1]
    return card.sides[side].ability_text
