"""Finding a card a player names: `c NAME|NUMBER` while playing, and `paxc render NAME`.

A number is a card's number; a name is matched without regard to case (a card's or one of its
sides'): the whole name first, then the start of a name, the start of one of its words, any part
of it. An unknown name gets the names closest to it.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Found:
    """The cards a query names: one when it is found, several when it is ambiguous, none
    otherwise (`close`: names that look like it)."""

    cards: tuple[Any, ...]
    close: tuple[str, ...] = ()


# More digits than any number a player types (a card's, an option's) could have: int() refuses
# strings over 4,300 digits, and a number that long names nothing anyway.
_MOST_DIGITS = 18


def plain_number(text: str) -> int | None:
    """The whole number `text` writes in ASCII digits (`007` is 7), or None: for other text, for
    digits of other scripts (`²`, `١٢`, which int() reads or refuses), and for numbers of more
    than 18 digits."""
    if not (text.isascii() and text.isdigit()):
        return None
    significant = text.lstrip("0") or "0"
    return int(significant) if len(significant) <= _MOST_DIGITS else None


def find(cards: Iterable[Any], query: str, names_of: Callable[[Any], list[str]] | None = None) -> Found:
    """`names_of(card)`: the names a card is known by (default: its name and its sides' names,
    as the generated cards give them)."""
    everything = list(cards)
    names_of = names_of or _names
    wanted = " ".join(query.split()).casefold()
    if not wanted:
        return Found(())
    number = plain_number(wanted.lstrip("#"))
    if number is not None:
        return Found(tuple(c for c in everything if c.number == number))
    # By the card itself: the cards of several games may share numbers.
    names = {id(c): names_of(c) for c in everything}
    exact = tuple(c for c in everything if wanted in (n.casefold() for n in names[id(c)]))
    if exact:
        return Found(exact)
    for matches in (_starts, _word_starts, _holds):
        found = tuple(c for c in everything if any(matches(n.casefold(), wanted) for n in names[id(c)]))
        if found:
            return Found(found)
    by_folded = {n.casefold(): n for c in everything for n in names[id(c)]}
    close = difflib.get_close_matches(wanted, list(by_folded), n=5, cutoff=0.6)
    return Found((), tuple(dict.fromkeys(by_folded[c] for c in close)))


def _starts(name: str, wanted: str) -> bool:
    return name.startswith(wanted)


def _word_starts(name: str, wanted: str) -> bool:
    """'perovsky' names Count Perovsky: the start of a later word of the name."""
    return any(name[i:].startswith(wanted) for i in range(1, len(name)) if not name[i - 1].isalnum())


def _holds(name: str, wanted: str) -> bool:
    return wanted in name


def _names(card: Any) -> list[str]:
    """A card's name and its sides' names (a side may be known by its own)."""
    return [card.name, *(side.name for side in card.sides)]


def answer(found: Found, query: str, show: Callable[[Any], str]) -> str:
    """What the terminal prints for `c QUERY`: the card (`show(card)`), or why not."""
    if len(found.cards) == 1:
        return show(found.cards[0])
    if found.cards:
        listed = ", ".join(f"{c.name} (#{c.number})" for c in found.cards[:12])
        more = f" and {len(found.cards) - 12} more" if len(found.cards) > 12 else ""
        return f"'{query}' names several cards: {listed}{more}"
    if found.close:
        return f"no card is named '{query}'; did you mean: {', '.join(found.close)}?"
    return f"no card is named or numbered '{query}'"
