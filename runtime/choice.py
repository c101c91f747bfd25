"""A decision put to a player, its answer, and `ask`, which card effects yield it by: the hot part
of the contract in `effects.py` (one is made and asked at every decision of a game), kept in a
module of its own so that `paxc accelerate` compiles it. `effects.py` names all of it, and card
effects import it from there; its frozen generic dataclasses (`Trigger`, `Modifier`, ...) are
why it stays Python (mypyc makes no native generic dataclass).
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Generic, TypeVar

if TYPE_CHECKING:
    from paxc.runtime.effects import PlayerId

T = TypeVar("T")


class Decision:
    """A question the rules put to one player. Subclasses say what the options are."""

    chooser: PlayerId
    prompt: str


class Choice(Decision, Generic[T]):
    """Pick one of `options`; the runtime stores the pick in `answer` before resuming the effect.

    A choice with no options cannot be answered: `ask` then ends the effect (the rules skip what
    cannot be done), so generated code never has to test for an empty choice.

    A plain class with its own constructor, not a dataclass: compiled, mypyc makes an explicit
    `__init__` native where it leaves a dataclass's generated one interpreted. Its repr is the
    dataclass's it was; two choices are equal only when they are the same object, as before.
    """

    options: tuple[T, ...]
    answer: T | None

    def __init__(
        self, chooser: PlayerId, prompt: str, options: tuple[T, ...], answer: T | None = None
    ) -> None:
        self.chooser = chooser
        self.prompt = prompt
        self.options = options
        self.answer = answer

    def __repr__(self) -> str:
        return (
            f"{type(self).__qualname__}(chooser={self.chooser!r}, prompt={self.prompt!r}, "
            f"options={self.options!r}, answer={self.answer!r})"
        )

    def answered(self) -> T:
        if self.answer is None:
            raise RuntimeError(f"the decision '{self.prompt}' was resumed without an answer")
        return self.answer


class NothingToChoose(Exception):
    """Raised into an effect that asks a choice with no options: the runtime ends that effect."""


def ask(choice: Choice[T]) -> Generator[Decision, None, T]:
    """Publish `choice` and give back its answer: `value = yield from ask(choice)`.

    With no option to choose from, nothing can be done: the effect stops here (the runtime
    catches `NothingToChoose` where it runs the effect).
    """
    if not choice.options:
        raise NothingToChoose(choice.prompt)
    yield choice
    return choice.answered()
