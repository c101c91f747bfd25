"""The board as data: what a game shows of itself, in sections of labelled facts, which each game
builds (its `board.py`) and any table renders its own way (the terminal's: `terminal/board.py`).

Plain words only: no colour, style or width, which are the table's; and only what the seat it
is built for may know (another player's hand is counted, never named).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class CardFace:
    """A card as the board shows it: its name (with the side face up, where it has sides), what
    matters to play it in a line (`facts`), and what it does (`text`, a line per ability or side;
    empty where the seat is not shown it)."""

    number: int
    name: str
    facts: str
    text: str = ""


@dataclass(frozen=True)
class Fact:
    """One row of a section: what it is about (`label`, e.g. a market space, a region, a player)
    and what is true of it (`value`); the card there, if any, and what lies on it (`marks`:
    rupees, a speculation cube, spies); and the facts that stand under it (a player's court,
    hand)."""

    label: str = ""
    value: str = ""
    card: CardFace | None = None
    marks: str = ""
    facts: tuple[Fact, ...] = ()


@dataclass(frozen=True)
class Section:
    """A part of the board: its title, what is said beside it (`note`: how to read it, a
    player's status), its own fact (`value`: a player's money and points), and its rows."""

    title: str
    note: str = ""
    value: str = ""
    facts: tuple[Fact, ...] = ()


@dataclass(frozen=True)
class Board:
    """The whole board: the lines said first (whose turn, the actions left), then the sections."""

    summary: tuple[str, ...]
    sections: tuple[Section, ...]
