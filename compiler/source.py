"""Source files and spans: where every AST node and diagnostic points."""

from __future__ import annotations

import bisect
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Span:
    """A range of a source file, 1-based lines and columns, end exclusive."""

    path: str
    line: int
    column: int
    end_line: int
    end_column: int

    def sort_key(self) -> tuple[str, int, int]:
        return (self.path, self.line, self.column)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@dataclass(frozen=True)
class SourceFile:
    """The text of one card file, with what it takes to map offsets to lines."""

    display_path: str
    text: str
    line_starts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        starts = [0]
        for index, char in enumerate(self.text):
            if char == "\n":
                starts.append(index + 1)
        object.__setattr__(self, "line_starts", tuple(starts))

    @classmethod
    def read(cls, path: Path, display_path: str) -> SourceFile:
        return cls(display_path, path.read_text(encoding="utf-8"))

    def line_text(self, line: int) -> str:
        """The text of a 1-based line, without its line break."""
        if line < 1 or line > len(self.line_starts):
            return ""
        start = self.line_starts[line - 1]
        end = self.text.find("\n", start)
        if end == -1:
            end = len(self.text)
        return self.text[start:end].rstrip("\r")

    def position(self, offset: int) -> tuple[int, int]:
        """The 1-based line and column of a character offset."""
        offset = max(0, min(offset, len(self.text)))
        line_index = bisect.bisect_right(self.line_starts, offset) - 1
        return line_index + 1, offset - self.line_starts[line_index] + 1

    def last_position(self, start: int = 0, end: int | None = None) -> tuple[int, int]:
        """Where 'end of file' is shown: just after the last non-blank character (of a part)."""
        stripped = self.text[start:end].rstrip()
        return self.position(start + len(stripped))

    def span(self, start: int, end: int) -> Span:
        line, column = self.position(start)
        end_line, end_column = self.position(end)
        return Span(self.display_path, line, column, end_line, end_column)
