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


@dataclass(frozen=True, slots=True)
class Diagnostic:
    span: Span
    code: Code
    message: str
    hint: str | None = None

    def sort_key(self) -> tuple[str, int, int, str]:
        return (*self.span.sort_key(), self.message)

    def render(self, sources: Mapping[str, SourceFile]) -> str:
        """The full report: location line, the source line with a caret, and the hint."""
        lines = [f"{self.span}: error: {self.message}  [{self.code.value}]"]
        source = sources.get(self.span.path)
        if source is not None:
            text = source.line_text(self.span.line)
            if text:
                lines.append("    " + text.expandtabs(1))
                start = self.span.column - 1
                if self.span.end_line == self.span.line:
                    width = max(1, self.span.end_column - self.span.column)
                else:
                    width = max(1, len(text) - start)
                width = max(1, min(width, len(text) - start + 1))
                lines.append("    " + " " * start + "^" + "~" * (width - 1))
        if self.hint:
            lines.append(f"note: {self.hint}")
        return "\n".join(lines)


class Reporter:
    """Collects the diagnostics of one run."""

    def __init__(self) -> None:
        self._diagnostics: list[Diagnostic] = []

    def error(self, span: Span, code: Code, message: str, hint: str | None = None) -> None:
        self._diagnostics.append(Diagnostic(span, code, message, hint))

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        self._diagnostics.extend(diagnostics)

    def unknown(self, span: Span, what: str, name: str, candidates: Iterable[str]) -> None:
        """An unknown name, with a did-you-mean hint when a known name is close."""
        self.error(span, Code.UNKNOWN_NAME, f"unknown {what} '{name}'", did_you_mean(name, candidates))

    @property
    def count(self) -> int:
        return len(self._diagnostics)

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return sorted(self._diagnostics, key=Diagnostic.sort_key)


def did_you_mean(name: str, candidates: Iterable[str]) -> str | None:
    pool = sorted(set(candidates))
    by_lower = {candidate.lower(): candidate for candidate in pool}
    if name.lower() in by_lower and by_lower[name.lower()] != name:
        return f"did you mean '{by_lower[name.lower()]}'?"
    close = difflib.get_close_matches(name, pool, n=1, cutoff=0.7)
    if close:
        return f"did you mean '{close[0]}'?"
    return None
