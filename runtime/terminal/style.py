"""Colour for the terminal, and nowhere else.

Text for people is built plain and coloured through these functions, which do nothing unless the
terminal asked for colour (`colouring(True)`, which `paxc play` sets when its output is a
terminal and NO_COLOR is not set, as the compiler's commands do for their diagnostics on
stderr). Saves, tests, pipes and the board given to a bot stay plain.
"""

from __future__ import annotations

import os
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import IO, Any

import click

WIDTH = 100  # the columns a line of the table may take
_on: ContextVar[bool] = ContextVar("paxc_colour", default=False)


def wanted(stream: IO[Any]) -> bool:
    """Colour on this stream: a terminal, and NO_COLOR (no-color.org) not set to anything."""
    return bool(getattr(stream, "isatty", lambda: False)()) and not os.environ.get("NO_COLOR")


@contextmanager
def colouring(on: bool) -> Iterator[None]:
    token = _on.set(on)
    try:
        yield
    finally:
        _on.reset(token)


def _styled(text: str, **style: Any) -> str:
    return click.style(text, **style) if _on.get() and text else text


def card_name(text: str) -> str:
    return _styled(text, bold=True)


def heading(text: str) -> str:
    return _styled(text, fg="cyan", bold=True)


def quiet(text: str) -> str:
    """What matters less: a card's ability text under its line, the number of an option."""
    return _styled(text, dim=True)


def consequence(text: str) -> str:
    """What an option would do, beside it."""
    return _styled(text, fg="yellow")


def warning(text: str) -> str:
    return _styled(text, fg="red", bold=True)


def pointer(text: str) -> str:
    """The caret under the place a compiler diagnostic is about."""
    return _styled(text, fg="green", bold=True)


def wrapped(text: str, indent: str, width: int = WIDTH, *, hang: str = "  ") -> list[str]:
    """`text` (plain) as lines of at most `width` columns starting with `indent`, each line of
    the text on its own, a long line going on under itself with `hang` more."""
    lines: list[str] = []
    for line in text.splitlines() or [""]:
        stripped = line.lstrip(" ")
        own = indent + line[: len(line) - len(stripped)]
        lines += textwrap.wrap(
            stripped,
            width,
            initial_indent=own,
            subsequent_indent=own + hang,
            break_on_hyphens=False,
        ) or [own]
    return lines


def fit(lines: list[str], width: int = WIDTH) -> list[str]:
    """Every line at most `width` columns: a longer one is wrapped under itself (plain: its
    colour, if any, is lost rather than cut in the middle of an escape)."""
    out: list[str] = []
    for line in lines:
        plain = click.unstyle(line)
        if len(plain) <= width:
            out.append(line)
            continue
        stripped = plain.lstrip(" ")
        out += wrapped(stripped, plain[: len(plain) - len(stripped)], width, hang="    ")
    return out
