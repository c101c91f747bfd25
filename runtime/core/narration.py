"""What happens in a game, told as it happens.

The rules tell what a player would want to know and could not see in the options alone (a
loyalty changed and what it cost, a card discarded, a dominance check's result, the moves of Díaz
and Wakhan) by calling `narrate`. Whoever listens hears it: the terminal prints it after each
decision (`listening`). Nobody listens in self-play or in tests, and then telling costs one
lookup: a text that is costly to make is passed as a function, made only for a listener.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Listener = Callable[[str], None]
_listener: ContextVar[Listener | None] = ContextVar("paxc_narration", default=None)


def narrate(text: str | Callable[[], str]) -> None:
    listener = _listener.get()
    if listener is not None:
        listener(text() if callable(text) else text)


@contextmanager
def listening(listener: Listener | None) -> Iterator[None]:
    """Everything narrated inside goes to `listener` (None: to nobody, e.g. while replaying)."""
    token = _listener.set(listener)
    try:
        yield
    finally:
        _listener.reset(token)
