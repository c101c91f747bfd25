"""Laying out generated Python values: a call or tuple stays on one line when it fits in the
line width, and otherwise puts one item per line, indented, with a trailing comma (as black does).
"""

from __future__ import annotations

from dataclasses import dataclass

from paxc.compiler import pynames

LINE_WIDTH = 99


@dataclass(frozen=True)
class PyCall:
    function: str
    arguments: tuple[tuple[str, PyValue], ...]


@dataclass(frozen=True)
class PyTuple:
    items: tuple[PyValue, ...]


@dataclass(frozen=True)
class PyGenerator:
    """`function(element for variable in source if condition)`, e.g. a tuple built from a filter."""

    function: str
    element: str
    variable: str
    source: PyValue
    condition: str | None


@dataclass(frozen=True)
class PyText:
    """A string of several lines: one literal when it fits, else one literal a line inside
    parentheses (Python joins adjacent literals), so that card text stays readable in the code."""

    text: str


PyValue = str | PyCall | PyTuple | PyGenerator | PyText


def flat(value: PyValue) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, PyText):
        return pynames.string_literal(value.text)
    if isinstance(value, PyCall):
        inner = ", ".join(f"{name}={flat(v)}" if name else flat(v) for name, v in value.arguments)
        return f"{value.function}({inner})"
    if isinstance(value, PyGenerator):
        condition = f" if {value.condition}" if value.condition is not None else ""
        return f"{value.function}({value.element} for {value.variable} in {flat(value.source)}{condition})"
    items = [flat(item) for item in value.items]
    return "(" + ", ".join(items) + ("," if len(items) == 1 else "") + ")"


def layout(value: PyValue, indent: int = 0, prefix: str = "", margin: int = 0) -> str:
    """`value` as source text starting after `prefix` on a line indented by `indent` spaces.

    `margin` counts columns the caller will add in front of every line (an enclosing block).
    """
    one_line = flat(value)
    if isinstance(value, str) or margin + indent + len(prefix) + len(one_line) + 1 <= LINE_WIDTH:
        return one_line
    pad = " " * (indent + 4)
    lines: list[str] = []
    if isinstance(value, PyText):
        room = LINE_WIDTH - margin - len(pad)
        pieces = [piece for line in value.text.splitlines(keepends=True) for piece in _split(line, room)]
        return "(\n" + "".join(f"{pad}{pynames.string_literal(p)}\n" for p in pieces) + " " * indent + ")"
    if isinstance(value, PyGenerator):
        # A generator argument takes no trailing comma: one clause a line, as black writes it.
        prefix_for = f"for {value.variable} in "
        lines = [
            f"{pad}{value.element}",
            f"{pad}{prefix_for}{layout(value.source, indent + 4, prefix_for, margin)}",
        ]
        if value.condition is not None:
            lines.append(f"{pad}if {value.condition}")
        return f"{value.function}(\n" + "\n".join(lines) + "\n" + " " * indent + ")"
    if isinstance(value, PyCall):
        opening = f"{value.function}("
        for name, item in value.arguments:
            label = f"{name}=" if name else ""
            lines.append(f"{pad}{label}{layout(item, indent + 4, label, margin)},")
    else:
        opening = "("
        for item in value.items:
            lines.append(f"{pad}{layout(item, indent + 4, '', margin)},")
    return opening + "\n" + "\n".join(lines) + "\n" + " " * indent + ")"


def _split(line: str, room: int) -> list[str]:
    """`line` in pieces whose literals fit in `room` columns, cut after a space where one is
    (a word longer than the room is cut where it must be).

    A literal is at least as long as its text, and grows with it: each cut is found by a binary
    search among the first `room` characters, so a word of any length costs time in proportion
    to its length (shortening a cut one character at a time made a 40,000-character word take
    minutes)."""
    pieces: list[str] = []
    start = 0
    while len(line) - start > room or len(pynames.string_literal(line[start:])) > room:
        low, high = 1, min(room, len(line) - start)  # the longest prefix that fits is in [low, high]
        while low < high:
            middle = (low + high + 1) // 2
            if len(pynames.string_literal(line[start : start + middle])) <= room:
                low = middle
            else:
                high = middle - 1
        cut = start + low
        space = line.rfind(" ", start, cut)
        if space > start:
            cut = space + 1
        pieces.append(line[start:cut])
        start = cut
    if start < len(line) or not pieces:
        pieces.append(line[start:])
    return pieces
