"""Run-time errors told in the card's terms: which card's effect was running, and where it is
written.

Generated card functions (effects, conditions, modifiers) live in modules named after card files,
which say little to a designer. When an exception escapes the rules, `note_card` finds in its
traceback the innermost frame of a card function and adds a note (PEP 678) naming the card (its
number and name) and the line of its .pax file where that effect is written, which Python prints
under the traceback and `paxc simulate` prints with each error. The card is found from the
function itself: each generated module lists its cards (`CARDS`), and each card its abilities,
whose effects hold the functions and their `source` (file:line), so nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from types import CodeType, TracebackType
from typing import Any

from paxc.runtime.effects import effects_of

_MARK = "paxc: raised in the effect of card "


@dataclass(frozen=True)
class CardEffect:
    """One card function: the card it belongs to and where its effect is written."""

    number: int
    name: str
    source: str  # `cards/<game>/<file>.pax:<line>`

    def __str__(self) -> str:
        return f"{_MARK}#{self.number} {self.name} ({self.source})"


# The card functions of each generated module, by code object, found once per module.
_by_module: dict[int, tuple[Mapping[str, Any], dict[CodeType | str, CardEffect]]] = {}


def note_card(error: BaseException) -> None:
    """Add to `error` a note naming the card effect it was raised in, if any (once)."""
    if any(str(note).startswith(_MARK) for note in getattr(error, "__notes__", ())):
        return
    found = card_effect(error.__traceback__)
    if found is not None:
        error.add_note(str(found))


def card_note(error: BaseException) -> str | None:
    """The note `note_card` added, without its prefix (`#3 Prince Akbar Khan (cards/...:40)`)."""
    for note in getattr(error, "__notes__", ()):
        if str(note).startswith(_MARK):
            return "in card " + str(note)[len(_MARK) :]
    return None


def card_effect(traceback: TracebackType | None) -> CardEffect | None:
    """The innermost card function among the frames of `traceback`."""
    found = None
    for code, globals_ in _frames(traceback):
        functions = _functions(globals_)
        # A compiled card function (`paxc accelerate`) has no code object of its own: its frame,
        # which mypyc adds to the traceback in its module's globals, is known by the function's name.
        effect = functions.get(code) or functions.get(code.co_name)
        if effect is not None:
            found = effect
    return found


def _frames(traceback: TracebackType | None) -> Iterator[tuple[CodeType, Mapping[str, Any]]]:
    while traceback is not None:
        frame = traceback.tb_frame
        yield frame.f_code, frame.f_globals
        traceback = traceback.tb_next


def _functions(globals_: Mapping[str, Any]) -> dict[CodeType | str, CardEffect]:
    """The card functions of the module whose globals these are (none for any other module): by
    code object, or by name for a compiled function, which has none."""
    cards = globals_.get("CARDS")
    if not isinstance(cards, tuple):
        return {}
    known = _by_module.get(id(globals_))
    if known is not None and known[0] is globals_:
        return known[1]
    functions: dict[CodeType | str, CardEffect] = {}
    for card in cards:
        for effect in effects_of(card):
            for function in _callables(effect):
                if getattr(function, "__module__", None) != globals_.get("__name__"):
                    continue
                code = getattr(function, "__code__", None)
                key = code if isinstance(code, CodeType) else getattr(function, "__name__", None)
                if key is not None:
                    functions[key] = CardEffect(card.number, card.name, effect.source)
    _by_module[id(globals_)] = (globals_, functions)
    return functions


def _callables(effect: Any) -> Iterator[Any]:
    for name in ("run", "applies", "apply"):
        function = getattr(effect, name, None)
        if function is not None:
            yield function
