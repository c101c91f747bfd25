"""What happens in a game, told as it happens.

The rules tell what a player would want to know and could not see in the options alone (rupees
or gold paid and to whom, pieces placed and removed, a card discarded and why, a loyalty or regime
changed, a dominance check's or topple's result, the moves of Díaz and Wakhan) by calling
`narrate`, from the primitives every card effect goes through. Each game keeps its wording in one
module (`pamir/story.py`, `porfiriana/story.py`): the rules pass a wording function and its
arguments, and the text is made only for a listener. Whoever listens hears it: the terminal prints
it after each decision (`listening`). Nobody listens in self-play or in tests, and then telling
costs one lookup and no formatting.

The story is never stored: a game is its options, seed and decisions, so replaying them with a
listener tells the same story again (`session.retell`), whatever was saved. What the rules try out on a
copy of the state (a move Wakhan weighs, a clone) is `silenced`: it did not happen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from typing import Final

Listener = Callable[[str], None]
_listener: Final[ContextVar[Listener | None]] = ContextVar("paxc_narration", default=None)


def narrate(text: str | Callable[..., str], *arguments: object) -> None:
    """Tell `text`, or what `text(*arguments)` says: called only when somebody listens."""
    listener = _listener.get()
    if listener is not None:
        listener(text(*arguments) if callable(text) else text)


def heard() -> bool:
    """Whether somebody listens: for a story that takes work to gather before it is told."""
    return _listener.get() is not None


@contextmanager
def listening(listener: Listener | None) -> Iterator[None]:
    """Everything narrated inside goes to `listener` (None: to nobody, e.g. while replaying)."""
    token = _listener.set(listener)
    try:
        yield
    finally:
        _listener.reset(token)


def silenced() -> AbstractContextManager[None]:
    """Nothing narrated inside is heard: for what the rules only try out."""
    return listening(None)
