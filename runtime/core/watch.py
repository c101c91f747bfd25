"""Watching the events of a game from outside its rules, for tools that count what happened
(`paxc compare` counts the cards bought and played).

A tool names the kinds of event it wants (the generated event classes, `CardPlayed`) and a
callback; while it watches, each game's `hooks.listens` says yes to those kinds too, so the rules
make those events even when no card answers them, and `hooks.fire` shows each one to the
callback before any card hears it. Watching changes nothing in a game: an event no card answers
runs nothing and draws nothing (tests/runtime/test_watch.py plays the same games watched and not).

One watcher per process, in module globals rather than a context variable: `listens` is asked
at every piece placed, and a tool that watches owns its process (compare's workers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Final

# The kinds of event watched: one set, changed in place and never replaced, so that a game's
# hooks may hold it and ask `event_type in WANTED` without a call (empty: nobody watches).
WANTED: Final[set[type]] = set()
_callback: Callable[[object], None] | None = None


def wants(event_type: type) -> bool:
    """Whether a watcher wants to see this kind of event."""
    return event_type in WANTED


def seen(event: object) -> None:
    """Show an event the rules fire to the watcher, if it wants this kind."""
    if _callback is not None and type(event) in WANTED:
        _callback(event)


def _watch(event_types: Iterable[type], callback: Callable[[object], None] | None) -> None:
    global _callback
    WANTED.clear()
    WANTED.update(event_types)
    _callback = callback


def start(event_types: Iterable[type], callback: Callable[[object], None]) -> None:
    """Show every event of these kinds to `callback` from now on (a process that only watches)."""
    _watch(event_types, callback)


def stop() -> None:
    _watch((), None)


@contextmanager
def watching(event_types: Iterable[type], callback: Callable[[object], None]) -> Iterator[None]:
    """Show every event of these kinds to `callback` until the block ends."""
    before = frozenset(WANTED), _callback
    start(event_types, callback)
    try:
        yield
    finally:
        _watch(*before)
