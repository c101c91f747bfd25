"""The board at the terminal: printed whole once, then only what changed since."""

from __future__ import annotations

from collections import Counter

import click

from paxc.runtime.core import style


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
