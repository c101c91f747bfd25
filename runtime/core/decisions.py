"""Decisions larger than one pick, whatever the game: several values of a list (`choose up to 2
c in ...`), a number in a range (`choose n from 1 to 3`).

Each is asked as a run of ordinary one-option `Choice`s, so agents, the terminal, saves, replays
and clones see nothing new: a save holds one index per pick, and replaying the picks gives the
same values. The option types here are the games' common ground: each game's labels show them
through `label` below.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TypeVar

from paxc.runtime.effects import Choice, Decision, PlayerId, ask

T = TypeVar("T")

# A range of numbers to choose from is offered whole; past this many values, its first ones only
# (the compiler refuses a constant range larger than this, so only a computed range is cut).
MAX_NUMBER_OPTIONS = 1000


@dataclass(frozen=True, slots=True)
class Number:
    """A number offered as an option: a type of its own, so that no game's labels take it for a
    player's seat (a plain int)."""

    value: int


@dataclass(frozen=True, slots=True)
class Enough:
    """The option to pick no more values, offered once the fewest allowed are picked."""


ENOUGH = Enough()


def ask_several(
    chooser: PlayerId, prompt: str, options: tuple[T, ...], at_least: int, at_most: int
) -> Generator[Decision, None, tuple[T, ...]]:
    """`chooser` picks distinct values of `options`, at least `at_least` and at most `at_most`,
    one pick at a time (the option `Enough` ends the picking early once `at_least` are picked).

    The values come back in the order of `options`, whatever the order of the picks. A value
    listed twice is offered once. Where fewer values exist than must be picked, all of them are
    taken without asking (`choose 2 c in L` of a list of one gives that one; of none, nothing).
    """
    values = list(dict.fromkeys(options))
    position = {value: index for index, value in enumerate(values)}
    at_most = min(at_most, len(values))
    at_least = max(0, min(at_least, at_most))
    if at_least == len(values):
        return tuple(values)
    remaining = list(values)
    picked: list[int] = []  # positions in `values`
    while len(picked) < at_most:
        offered: tuple[T | Enough, ...] = tuple(remaining)
        if len(picked) >= at_least:
            offered = (*offered, ENOUGH)
        count = f" ({len(picked)} chosen)" if picked else ""
        answer = yield from ask(Choice(chooser, prompt + count, offered))
        if isinstance(answer, Enough):
            break
        remaining.remove(answer)
        picked.append(position[answer])
    return tuple(values[index] for index in sorted(picked))


def ask_number(chooser: PlayerId, prompt: str, low: int, high: int) -> Generator[Decision, None, int]:
    """`chooser` picks a whole number from `low` to `high`, both included (at most
    MAX_NUMBER_OPTIONS of them, from `low`). An empty range (`high` below `low`) has nothing to
    pick: like any choice without options, the effect stops there (`ask`)."""
    high = min(high, low + MAX_NUMBER_OPTIONS - 1)
    options = tuple(Number(value) for value in range(low, high + 1))
    answer = yield from ask(Choice(chooser, prompt, options))
    return answer.value


def label(option: object) -> str | None:
    """How the options of these decisions read; None for any other option (the game's own)."""
    if isinstance(option, Number):
        return str(option.value)
    if isinstance(option, Enough):
        return "no more"
    return None
