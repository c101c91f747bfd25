"""The board at the terminal: the game's sections of facts (`core/board.py`) as text, coloured
and fitted to the table's width (`text`); printed whole once, then only what changed since."""

from __future__ import annotations

from collections import Counter

import click

from paxc.runtime.core.board import Board as BoardFacts
from paxc.runtime.core.board import CardFace, Fact, Section
from paxc.runtime.terminal import style

INDENT = "  "  # each level of facts under a section, or under another fact


def text(board: BoardFacts) -> str:
    """The board as the terminal prints it: the summary, then each section after a blank line,
    its title coloured and its facts indented under it, every line at most `style.WIDTH` wide."""
    lines = list(board.summary)
    for section in board.sections:
        lines += ["", *_heading(section)]
        lines += _facts(section.facts, INDENT)
    return "\n".join(style.fit(lines))


def _heading(section: Section) -> list[str]:
    """`Market (how to read it):`, `Player 1 (jailed): 3 gold, ...`; `Public cards: -` when empty."""
    said = f"{section.title}{' ' + section.note if section.note else ''}:"
    if section.value:
        said += f" {section.value}"
    elif not section.facts:
        said += " -"
    lines = style.wrapped(said, "", hang="    ")
    lines[0] = style.heading(section.title) + lines[0][len(section.title) :]
    return lines


def _facts(facts: tuple[Fact, ...], indent: str) -> list[str]:
    # Facts made only of facts (a region: its tribes, armies, ruler) each go on one line, their
    # labels in a column.
    inline = [fact for fact in facts if _is_inline(fact)]
    column = max((len(fact.label) for fact in inline), default=0)
    lines: list[str] = []
    for fact in facts:
        if fact.card is not None:
            lines += _card(fact, fact.card, indent)
        elif _is_inline(fact):
            parts = "; ".join(f"{part.label}: {part.value or '-'}" for part in fact.facts)
            lines += style.wrapped(f"{fact.label:<{column}}  {parts}", indent, hang="    ")
        else:
            said = f"{fact.label}:" if fact.label else ""
            if fact.value:
                said += f" {fact.value}" if said else fact.value
            elif not fact.facts:
                said += " -"
            if fact.marks:
                said += f" {fact.marks}"
            lines += style.wrapped(said, indent, hang="    ")
            lines += _facts(fact.facts, indent + INDENT)
    return lines


def _is_inline(fact: Fact) -> bool:
    return (
        not fact.value
        and fact.card is None
        and bool(fact.facts)
        and all(part.card is None and not part.facts for part in fact.facts)
    )


def _card(fact: Fact, card: CardFace, indent: str) -> list[str]:
    """`1.2 1r: Bank - Kandahar, Economic 2; ... [1r]`, its name in bold, and what it does under
    it, quieter."""
    where = " ".join(part for part in (fact.label, fact.value) if part)
    head = style.wrapped(
        f"{where + ': ' if where else ''}{card.name} - {card.facts}{' ' + fact.marks if fact.marks else ''}",
        indent,
        hang="    ",
    )
    head[0] = head[0].replace(card.name, style.card_name(card.name), 1)
    said = [style.quiet(line) for line in style.wrapped(card.text, indent + "    ")] if card.text else []
    return head + said + _facts(fact.facts, indent + INDENT)


class Board:
    """The board at the terminal: printed whole the first time and on 'b'; before a later
    decision only what changed since it was last printed, and nothing when nothing did."""

    def __init__(self) -> None:
        self.shown: str | None = None

    def forget(self) -> None:
        self.shown = None

    def show_all(self, board: str) -> None:
        click.echo(board)
        self.shown = board

    def show_changes(self, board: str, *, hint: str = "") -> None:
        """`hint`: printed under the board the first time (what may be typed)."""
        if self.shown is None:
            click.echo("\n" + board + "\n")
            if hint:
                click.echo(style.quiet(hint))
        elif board != self.shown:
            changed = board_changes(self.shown, board)
            click.echo(style.quiet("The board, what changed ('b' shows it all):"))
            click.echo("\n".join(changed))
        self.shown = board


def board_changes(before: str, after: str) -> list[str]:
    """The lines of `after` that `before` lacks, each under the lines that say where it stands
    (the less indented lines above it: its section, its player), in the board's order."""
    old = Counter(before.splitlines())
    lines = after.splitlines()
    keep: set[int] = set()
    for index, line in enumerate(lines):
        if old[line] > 0:
            old[line] -= 1
            continue
        if not line.strip():
            continue
        keep.add(index)
        # The rest of a long line, wrapped under it (style.fit hangs it 4 columns further).
        for below in range(index + 1, len(lines)):
            if not lines[below].strip() or _indent(lines[below]) < _indent(line) + 4:
                break
            keep.add(below)
        depth = _indent(line)
        for above in range(index - 1, -1, -1):
            if depth == 0:
                break
            if lines[above].strip() and _indent(lines[above]) < depth:
                keep.add(above)
                depth = _indent(lines[above])
    return [lines[i] for i in sorted(keep)]


def _indent(line: str) -> int:
    plain = click.unstyle(line)
    return len(plain) - len(plain.lstrip(" "))
