"""The documents an editor has open, and checking one as `paxc check FILE` checks it.

A document is checked against the rest of its game (`compile_paths(..., whole_games=True)`), the
unsaved text of every open document read instead of what is on disk. Positions here are offsets
into a document's text (Python string indexes); the server turns them into the protocol's.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from paxc.compiler import ast, scenarios
from paxc.compiler.diagnostics import Code, Diagnostic
from paxc.compiler.folders import CARD_SUFFIX, VOCABULARY_FILE, find_root
from paxc.compiler.parser import parse, parse_scenarios
from paxc.compiler.project import CompileResult, compile_paths, display_path
from paxc.compiler.source import SourceFile, Span

# A document longer than this is not checked as it is typed (card files are a few thousand lines
# at most; parsing a few megabytes on every key would stall the editor): one diagnostic says so.
MAX_CHARACTERS = 1_000_000

SCENARIO_SUFFIX = scenarios.SUFFIX


@dataclass(frozen=True, slots=True)
class Place:
    """A range of a file, as offsets into its text (the end exclusive)."""

    path: Path
    start: int
    end: int


@dataclass(frozen=True, slots=True)
class Located:
    """A diagnostic of `paxc check` with its range in the document it is shown in."""

    diagnostic: Diagnostic
    start: int
    end: int
    elsewhere: str | None = None  # a problem of another file (game.pax), named here


@dataclass(frozen=True)
class Checked:
    """One check of a document: what `paxc check` says of it, and what it compiled to."""

    path: Path
    text: str
    located: tuple[Located, ...]
    result: CompileResult | None  # None: too large to check


def offset_of(source: SourceFile, line: int, column: int) -> int:
    """The offset of a 1-based line and column (clamped to the text)."""
    if line < 1:
        return 0
    if line > len(source.line_starts):
        return len(source.text)
    start = source.line_starts[line - 1]
    end = source.line_starts[line] - 1 if line < len(source.line_starts) else len(source.text)
    return min(start + max(column - 1, 0), end)


def span_offsets(source: SourceFile, span: Span) -> tuple[int, int]:
    start = offset_of(source, span.line, span.column)
    return start, max(start, offset_of(source, span.end_line, span.end_column))


class Documents:
    """The open documents (their unsaved text, by absolute path) and reading any other file."""

    def __init__(self) -> None:
        self.open: dict[Path, str] = {}

    def text(self, path: Path) -> str | None:
        """The document's unsaved text, else the file's on disk; None if it cannot be read."""
        if path in self.open:
            return self.open[path]
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError, ValueError):
            return None

    @staticmethod
    def root(path: Path) -> Path:
        """The project a file belongs to (the installed games' folder outside any project)."""
        return find_root(path.parent)

    def source(self, path: Path) -> SourceFile | None:
        text = self.text(path)
        if text is None:
            return None
        return SourceFile(display_path(path, self.root(path)), text)

    def game_of(self, path: Path) -> str | None:
        """The game a card, vocabulary or scenario file is for, as far as its text says."""
        source = self.source(path)
        if source is None or len(source.text) > MAX_CHARACTERS:
            return None
        if path.name == VOCABULARY_FILE:
            return path.parent.name
        headers: tuple[ast.GameHeader, ...]
        if path.suffix == SCENARIO_SUFFIX:
            headers = parse_scenarios(source)[0].headers
        else:
            parsed = parse(source)[0]
            if parsed.vocabularies:
                return parsed.vocabularies[0].name.text
            headers = parsed.headers
        return headers[0].game.text if headers else None

    def check(self, path: Path) -> Checked:
        """`paxc check` of one card file, against the rest of its game, open documents first."""
        text = self.text(path) or ""
        root = self.root(path)
        shown = display_path(path, root)
        source = SourceFile(shown, text)
        if len(text) > MAX_CHARACTERS:
            too_large = Diagnostic(
                Span(shown, 1, 1, 1, 1),
                Code.BAD_FILE,
                f"too large to check as you type ({len(text):,} characters; at most {MAX_CHARACTERS:,})",
                "run `paxc check` on it",
            )
            return Checked(path, text, (Located(too_large, 0, 0),), None)
        if path.suffix == SCENARIO_SUFFIX:
            # What `paxc test` says before it runs anything: the scenarios checked against the
            # game's cards (open card documents included), none played.
            loaded = scenarios.load([path], root, texts=self.open)
            return Checked(path, text, _located(source, loaded.diagnostics), None)
        if path.suffix != CARD_SUFFIX:
            return Checked(path, text, (), None)
        result = compile_paths([path], root, whole_games=True, texts=self.open)
        return Checked(path, text, _located(source, result.diagnostics), result)


def _located(source: SourceFile, diagnostics: Iterable[Diagnostic]) -> tuple[Located, ...]:
    """The diagnostics placed in the document; one of another file (the game's vocabulary, a
    card file a scenario file needs) is shown at the document's start, naming where it is."""
    located: list[Located] = []
    for diagnostic in diagnostics:
        if diagnostic.span.path == source.display_path:
            located.append(Located(diagnostic, *span_offsets(source, diagnostic.span)))
        else:
            located.append(Located(diagnostic, 0, 0, elsewhere=str(diagnostic.span)))
    return tuple(located)
