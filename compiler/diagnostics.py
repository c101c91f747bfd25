"""Diagnostics: located, coded messages collected across a whole run and printed like a compiler's.

cards/pamir/court/kabul.pax:4:10: error: unknown region 'Kabull'  [unknown-name]
    region Kabull
           ^~~~~~
note: did you mean 'Kabul'?
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from paxc.compiler.source import SourceFile, Span
from paxc.runtime.terminal import style


class Code(enum.Enum):
    """The stable error codes. Each one has a test case named after it in tests/compiler/cases/."""

    SYNTAX = "syntax"
    UNKNOWN_NAME = "unknown-name"
    WRONG_TYPE = "wrong-type"
    DUPLICATE_CARD = "duplicate-card"
    MISSING_ATTRIBUTE = "missing-attribute"
    INVALID_ATTRIBUTE = "invalid-attribute"
    MISPLACED_EFFECT = "misplaced-effect"
    WRONG_ARGUMENTS = "wrong-arguments"
    DUPLICATE_NAME = "duplicate-name"
    BAD_VOCABULARY = "bad-vocabulary"
    BAD_FILE = "bad-file"
    TOO_DEEP = "too-deep"
    NUMBER_TOO_LARGE = "number-too-large"
    CONFLICTING_MODIFIERS = "conflicting-modifiers"
    NO_SUCH_MOVE = "no-such-move"
    GAME_CANNOT_END = "game-cannot-end"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    span: Span
    code: Code
    message: str
    hint: str | None = None

    def sort_key(self) -> tuple[str, int, int, str]:
        return (*self.span.sort_key(), self.message)

    def as_json(self) -> dict[str, object]:
        """The diagnostic as plain data for tools (`paxc check --json`): where (1-based lines and
        columns, the end exclusive), how bad, its stable code, the message and the hint."""
        return {
            "file": self.span.path,
            "line": self.span.line,
            "column": self.span.column,
            "end_line": self.span.end_line,
            "end_column": self.span.end_column,
            "severity": "error",
            "code": self.code.value,
            "message": self.message,
            "hint": self.hint,
        }

    def render(self, sources: Mapping[str, SourceFile]) -> str:
        """The full report: location line, the source line with a caret, and the hint."""
        # Coloured only where the command asked for it (a terminal, NO_COLOR not set): terminal/style.
        lines = [
            f"{style.card_name(f'{self.span}:')} {style.warning('error:')} "
            f"{style.card_name(self.message)}  [{self.code.value}]"
        ]
        source = sources.get(self.span.path)
        if source is not None:
            text = source.line_text(self.span.line)
            if text:
                start = self.span.column - 1
                if self.span.end_line == self.span.line:
                    width = max(1, self.span.end_column - self.span.column)
                else:
                    width = max(1, len(text) - start)
                width = max(1, min(width, len(text) - start + 1))
                shown, start, width = _window(text.expandtabs(1), start, width)
                lines.append("    " + shown)
                lines.append("    " + " " * start + style.pointer("^" + "~" * (width - 1)))
        if self.hint:
            lines.append(f"{style.heading('note:')} {self.hint}")
        return "\n".join(lines)


# The widest source line a report echoes: a longer one (a number of 4,000 digits, a generated
# line) is cut to a window around the part pointed at, its cut ends marked.
SHOWN_WIDTH = 100
_CONTEXT = 30  # columns kept before the part pointed at, when the line is cut


def _window(text: str, start: int, width: int) -> tuple[str, int, int]:
    """`text` cut to at most SHOWN_WIDTH columns around columns start..start+width, with the
    caret's start and width moved into the cut (a "…" marks each cut end)."""
    if len(text) <= SHOWN_WIDTH:
        return text, start, width
    first = max(0, min(start - _CONTEXT, len(text) - SHOWN_WIDTH))
    last = first + SHOWN_WIDTH
    marked = "…" if first else ""
    shown = marked + text[first:last] + ("…" if last < len(text) else "")
    return shown, start - first + len(marked), max(1, min(width, last - start))


class Reporter:
    """Collects the diagnostics of one run."""

    def __init__(self) -> None:
        self._diagnostics: list[Diagnostic] = []

    def error(self, span: Span, code: Code, message: str, hint: str | None = None) -> None:
        self._diagnostics.append(Diagnostic(span, code, message, hint))

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        self._diagnostics.extend(diagnostics)

    def unknown(
        self, span: Span, what: str, name: str, candidates: Iterable[str], *, listing: bool = False
    ) -> None:
        """An unknown name, with a did-you-mean hint when a known name is close; `listing`: for a
        closed set (an enum's values, a game's triggers), the whole set when none is close."""
        known = list(candidates)
        hint = did_you_mean(name, known)
        if hint is None and listing and known:
            hint = f"{_a(what)} is one of: {', '.join(known)}"
        self.error(span, Code.UNKNOWN_NAME, f"unknown {what} '{name}'", hint)

    @property
    def count(self) -> int:
        return len(self._diagnostics)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return sorted(self._diagnostics, key=Diagnostic.sort_key)


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    close = close_name(name, candidates)
    return f"did you mean '{close}'?" if close is not None else None


# How alike two names must be (difflib's ratio: twice the matching characters over both lengths).
# 0.7 suits every length: a two-letter name needs both its letters in a three-letter candidate
# ('yu' and 'you' score 0.8), so unrelated short words score 0.5 or less; a long name may differ
# in about a quarter of its letters. Swapped neighbouring letters score low in short names
# ('yuo' and 'you' 0.67): they are accepted on their own below.
_SIMILARITY = 0.7


# Names longer than this get no suggestion: nobody misspells a name so long, and comparing it with
# every candidate took seconds (a 500,000-character name: 8.7 s in difflib, of 13 s for `check`).
_LONGEST_MISSPELLING = 100


def _similarity(name: str, candidate: str) -> float:
    """difflib's ratio of the two names, or 0 when its cheap upper bounds (from the lengths, then
    the letters) show it is below _SIMILARITY: only ratios from there up are used."""
    if len(name) > _LONGEST_MISSPELLING:
        return 0.0
    if 2 * min(len(name), len(candidate)) < _SIMILARITY * (len(name) + len(candidate)):
        return 0.0  # the lengths alone keep the ratio below: no matcher (it indexes the candidate)
    matcher = difflib.SequenceMatcher(None, name, candidate)
    if matcher.real_quick_ratio() < _SIMILARITY or matcher.quick_ratio() < _SIMILARITY:
        return 0.0
    return matcher.ratio()


def close_name(name: str, candidates: Iterable[str]) -> str | None:
    """The candidate `name` most probably misspells, if one is close enough.

    Close means: the same but for case; alike (see _SIMILARITY); two neighbouring letters swapped;
    or, for names made of words (`turn_begins`), the only candidate sharing one of its words
    (`turn_started`).
    """
    pool = sorted(set(candidates) - {name})
    by_lower = {candidate.lower(): candidate for candidate in pool}
    if name.lower() in by_lower:
        return by_lower[name.lower()]
    scored = [(_similarity(name, candidate), candidate) for candidate in pool]
    alike = [
        (ratio, candidate)
        for ratio, candidate in scored
        if ratio >= _SIMILARITY or _one_swap_apart(name, candidate)
    ]
    if alike:
        # The most alike; among equals, the first in alphabetical order (pool is sorted).
        return max(alike, key=lambda pair: pair[0])[1]
    words = {word for word in name.lower().split("_") if len(word) >= 3}
    if "_" in name and words:
        sharing = [c for c in pool if words & set(c.lower().split("_"))]
        if len(sharing) == 1:
            return sharing[0]
    # A name mistyped past its start (`armie`, `army`): the only candidate beginning with more than
    # half of it, and with three letters at least.
    start = max(3, len(name) // 2 + 1)
    beginning = [c for c in pool if len(c) >= start and c[:start].lower() == name[:start].lower()]
    if len(beginning) == 1:
        return beginning[0]
    return None


def _a(noun: str) -> str:
    """`an impact`, `a trigger`."""
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def _one_swap_apart(name: str, candidate: str) -> bool:
    """`name` is `candidate` with two neighbouring letters swapped (`yuo`, `you`)."""
    if len(name) != len(candidate) or len(name) < 2:
        return False
    differ = [i for i, (a, b) in enumerate(zip(name, candidate, strict=True)) if a != b]
    return (
        len(differ) == 2
        and differ[1] == differ[0] + 1
        and name[differ[0]] == candidate[differ[1]]
        and name[differ[1]] == candidate[differ[0]]
    )
