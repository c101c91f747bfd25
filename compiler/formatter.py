"""`paxc fmt`: one canonical layout for card, vocabulary and scenario files.

The formatter works on the parser's token stream, not on the AST. The AST keeps no comments and
no record of where a list was broken; the tokens keep everything: each new-line separator token
(`_SEP` in grammar/pax.lark) holds the comments and blank lines it spans, so a comment stays
where it was by construction. Laying out tokens also needs no change when the grammar gains a
construct: spacing is decided by a few rules about punctuation, indentation by the braces, and
line breaks only where the file already had a separator or where the parser says one may stand
(compiler/parser.py: `layout_tokens` asks it). What the formatter may change is therefore only
whitespace, `;` (a new line instead), and separators added after a `,` or `{` or before a `}`
that the grammar allows there; `format_source` checks that the tokens of its output are the
file's tokens before returning it.

The layout, the one the cards of this repository were written in:
- two spaces of indentation for each open brace; a statement continued after a `,` four more;
- one space between tokens, none before `,` `)` `.` `:` nor after `(` `.`, none between a name
  and the `(` of its call (`count(x)`, but `gain (2 * count(x))`), none between `by` and the sign of `by -1`, none inside the braces of
  an enumeration's values written in parentheses (`piece: piece {tribe}`);
- a `{ ... }` written on one line stays on one line while it fits; a line longer than
  LINE_WIDTH is broken: its first block written on one line is opened onto lines of its own,
  else its list is filled up to the width, broken after a `,`;
- where a list is broken is kept as written (as gofmt keeps it), so is a line continued with
  `\\`;
- at most one blank line in a row, none after `{`, before `}` or at either end of the file;
- comments keep their text and their line; a comment on its own line takes the indentation of
  the code after it; comments at the ends of consecutive lines are lined up two spaces after the
  longest of those lines.
"""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from paxc.compiler import limits
from paxc.compiler.diagnostics import Code, Diagnostic
from paxc.compiler.parser import LayoutToken, layout_tokens
from paxc.compiler.source import SourceFile

# The longest line the formatter makes of a list it may break (ruff's width for the Python code).
LINE_WIDTH = 110
INDENT = 2
# The further indentation of a statement's line continued after a `,` or a `\`.
HANGING = 4

SCENARIO_SUFFIX = ".paxtest"

_SEPARATOR = "_SEP"
_NO_SPACE_BEFORE = {",", ")", ".", ":"}
_NO_SPACE_AFTER = {"(", "."}
_CONTINUATION = re.compile(r"\\\r?\n")


class FormatError(Exception):
    """A file that does not parse: the formatter writes nothing and says why, located."""

    def __init__(self, diagnostics: list[Diagnostic]) -> None:
        super().__init__("\n".join(str(d.span) + ": " + d.message for d in diagnostics))
        self.diagnostics = diagnostics


def is_scenario(path: str | Path) -> bool:
    return str(path).endswith(SCENARIO_SUFFIX)


def format_source(text: str, path: str | Path = "<text>") -> str:
    """The file's text in the canonical layout; `path` names it in errors, and a `.paxtest` one
    is read as a scenario file. Raises FormatError, with the syntax errors `paxc check` reports,
    when the text does not parse."""
    shown = path.as_posix() if isinstance(path, Path) else path
    scenario = is_scenario(shown)
    source = SourceFile(shown, text)
    tokens, errors = layout_tokens(source, scenario)
    if errors:
        raise FormatError(errors)
    too_deep = _too_deep(source, tokens)
    if too_deep is not None:
        raise FormatError([too_deep])
    formatted = _Layout(text, tokens).render()
    again, errors = layout_tokens(SourceFile(shown, formatted), scenario)
    if errors or not _same_program(tokens, again):
        raise RuntimeError(
            f"paxc fmt would change what {shown} says: a bug in the formatter, the file is left as it is"
        )
    return formatted


# ---------------------------------------------------------------- files


@dataclass
class Formatted:
    """One file read and formatted."""

    path: Path
    shown: str  # as messages name it
    before: str
    after: str

    @property
    def changed(self) -> bool:
        return self.before != self.after


@dataclass
class FormatRun:
    files: list[Formatted] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, SourceFile] = field(default_factory=dict)  # to show the lines of errors

    def render_diagnostics(self) -> str:
        return "\n".join(d.render(self.sources) for d in sorted(self.diagnostics, key=Diagnostic.sort_key))


def format_files(paths: Sequence[Path], root: Path) -> FormatRun:
    """Read and format the card, vocabulary and scenario files of `paths` (a folder: every
    `*.pax` and `*.paxtest` below it). Nothing is written; every problem is a diagnostic."""
    from paxc.compiler.diagnostics import Reporter
    from paxc.compiler.project import _read_source, display_path
    from paxc.compiler.source import Span

    run = FormatRun()
    reporter = Reporter()
    found: dict[Path, None] = {}
    for path in paths:
        shown = display_path(path, root)
        try:
            if path.is_dir():
                below = [
                    p for suffix in (".pax", SCENARIO_SUFFIX) for p in path.rglob(f"*{suffix}") if p.is_file()
                ]
                found.update((p, None) for p in sorted(below))
            elif path.is_file():
                found[path] = None
            else:
                reporter.error(Span(shown, 1, 1, 1, 1), Code.BAD_FILE, f"no such file or folder: {shown}")
        except OSError as error:
            reporter.error(Span(shown, 1, 1, 1, 1), Code.BAD_FILE, f"cannot read {shown}: {error.strerror}")
    for path in found:
        shown = display_path(path, root)
        source = _read_source(path, shown, reporter, run.sources)
        if source is None:
            continue
        try:
            run.files.append(Formatted(path, shown, source.text, format_source(source.text, shown)))
        except FormatError as error:
            run.diagnostics.extend(error.diagnostics)
    run.diagnostics.extend(reporter.diagnostics)
    return run


def write_atomically(path: Path, text: str) -> None:
    """Replace a file's text whole: written beside it under another name, then renamed over it,
    so that a file is never left half-written; its permissions are kept."""
    mode = path.stat().st_mode & 0o7777
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as out:
            out.write(text)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


# ---------------------------------------------------------------- lines


@dataclass
class _Item:
    """A code token placed in the file: its depth of braces and parentheses, and its text."""

    token: LayoutToken
    text: str
    depth: int  # braces open around it (for a `}`: around the block it closes)
    parens: int  # parentheses open around it
    unary_sign: bool = False  # the sign of `by -1`


@dataclass
class _Line:
    items: list[_Item] = field(default_factory=list)
    hanging: bool = False  # continues a statement (after a `,` of a statement's list, or a `\`)
    continued: bool = False  # ends with a `\`: the statement goes on on the next line
    comment: str | None = None  # the comment at its end
    blank_before: bool = False
    own_comment: str | None = None  # a line that is only a comment

    def indent(self) -> int:
        first = self.items[0]
        return first.depth * INDENT + (HANGING if self.hanging else 0)


class _Layout:
    """The lines of one file, from its tokens."""

    def __init__(self, text: str, tokens: list[LayoutToken]) -> None:
        self.text = text
        self.tokens = tokens

    def render(self) -> str:
        lines: list[_Line] = []
        for line in self.split_lines():
            lines.extend(_break(line) if line.own_comment is None else [line])
        return _join(lines)

    def split_lines(self) -> list[_Line]:
        """The code lines and comment lines of the file as written, blank lines marked on the
        line after them."""
        lines: list[_Line] = []
        current = _Line()
        pending: list[str | None] = []  # comment lines and blank lines (None) before the next code
        depth = parens = 0
        previous: LayoutToken | None = None
        previous_code: LayoutToken | None = None
        opened = _blocks_opened(self.tokens)
        for index, token in enumerate(self.tokens):
            if token.kind == _SEPARATOR:
                trailing, between = _separator_parts(token.text, first_line_trails=previous is not None)
                if trailing is not None:
                    current.comment = trailing
                pending.extend(between)
                previous = token
                continue
            if (previous is not None and previous.kind == _SEPARATOR) or index in opened:
                if current.items:
                    lines.append(current)
                hanging = (
                    previous_code is not None and previous_code.text == "," and not previous_code.braced_list
                )
                current = _Line(hanging=hanging)
                current.blank_before = _flush(pending, lines, previous_code, token)
                pending = []
            elif previous is not None and _CONTINUATION.search(self.text, previous.end, token.start):
                current.continued = True
                lines.append(current)
                current = _Line(hanging=True)
            if token.text == "}":
                depth -= 1
            elif token.text == ")":
                parens -= 1
            text = token.text if token.kind == "STRING" else " ".join(token.text.split())
            unary = token.text in ("+", "-") and previous_code is not None and previous_code.kind == "BY"
            current.items.append(_Item(token, text, depth, parens, unary))
            if token.text == "{":
                depth += 1
            elif token.text == "(":
                parens += 1
            previous = previous_code = token
        if current.items:
            lines.append(current)
        _flush(pending, lines, previous_code, None)
        return lines


def _blocks_opened(tokens: list[LayoutToken]) -> set[int]:
    """The tokens that begin a line because the block around them spans several lines: the first
    after its `{` and its `}` (`on play { gain 1; gain 2 }`, `enum e { a,` then `b }`)."""
    starts: set[int] = set()
    open_at: list[tuple[int, bool]] = []  # each open `{` and whether a separator is inside it
    for index, token in enumerate(tokens):
        if token.kind == _SEPARATOR and open_at:
            open_at[-1] = (open_at[-1][0], True)
        elif token.text == "{":
            open_at.append((index, False))
        elif token.text == "}" and open_at:
            opening, separated = open_at.pop()
            if separated:
                first = opening + 1
                if tokens[first].kind != _SEPARATOR and tokens[first].break_before:
                    starts.add(first)
                if tokens[index - 1].kind != _SEPARATOR and token.break_before:
                    starts.add(index)
                if open_at:
                    open_at[-1] = (open_at[-1][0], True)
    return starts


def _flush(
    pending: list[str | None], lines: list[_Line], opening: LayoutToken | None, closing: LayoutToken | None
) -> bool:
    """Add the comment lines between two code lines; whether a blank line comes before the next.
    No blank line after a `{` or before a `}`, at either end of the file, nor two in a row."""
    start, end = 0, len(pending)
    if opening is None or opening.text == "{":
        while start < end and pending[start] is None:
            start += 1
    if closing is None or closing.text == "}":
        while end > start and pending[end - 1] is None:
            end -= 1
    blank = False
    for entry in pending[start:end]:
        if entry is None:
            blank = True
        else:
            lines.append(_Line(own_comment=entry, blank_before=blank))
            blank = False
    return blank


def _separator_parts(text: str, first_line_trails: bool) -> tuple[str | None, list[str | None]]:
    """A separator's comment at the end of the line it ends (if it ends one), and the comment
    lines and blank lines (None) it spans after it."""
    physical = text.split("\n")
    if len(physical) == 1:
        return None, []  # `;` between two statements on one line
    first = _comment_of(physical[0])
    between = [_comment_of(line) for line in physical[1:-1]]
    if first_line_trails:
        return first, between
    return None, ([first] if first is not None else []) + between


def _comment_of(line: str) -> str | None:
    at = line.find("#")
    return line[at:].rstrip() if at >= 0 else None


# ---------------------------------------------------------------- breaking long lines


def _code(items: list[_Item]) -> str:
    parts: list[str] = []
    for index, item in enumerate(items):
        if index > 0 and _spaced(items[index - 1], item):
            parts.append(" ")
        parts.append(item.text)
    return "".join(parts)


def _spaced(before: _Item, after: _Item) -> bool:
    if after.text in _NO_SPACE_BEFORE or before.text in _NO_SPACE_AFTER or before.unary_sign:
        return False
    if after.token.opens_call:
        return False  # a call, or a hook's parameters
    # The braces of values asked for in parentheses: `piece: piece {tribe}`.
    return not ((before.text == "{" and before.parens) or (after.text == "}" and after.parens))


def _width(line: _Line) -> int:
    return line.indent() + len(_code(line.items)) + (2 if line.continued else 0)


def _break(line: _Line) -> list[_Line]:
    """A line longer than LINE_WIDTH on lines that fit, where the grammar allows new lines: its
    first block on one line opened, else its list broken after the last `,` that fits."""
    if _width(line) <= LINE_WIDTH:
        return [line]
    items = line.items
    group = _first_block(items)
    if group is not None:
        opening, closing = group
        head = _Line(items[: opening + 1], hanging=line.hanging, blank_before=line.blank_before)
        inside = _Line(items[opening + 1 : closing])
        tail = _Line(items[closing:], comment=line.comment, continued=line.continued)
        return _break(head) + _break(inside) + _break(tail)
    return _fill(line)


def _fill(line: _Line) -> list[_Line]:
    """A line with no block to open, its list filled line after line up to LINE_WIDTH, each line
    broken after the last `,` that fits (or the first, if none does). What follows a cut at the
    list's level has no block to open either, so the widths are summed once for the whole line
    and the cuts walked in order: a list of thousands of items once took minutes (every line
    made measured every start of the rest again), and recursed once per line made."""
    items = line.items
    widths = _prefix_widths(items)
    cuts = [
        index
        for index in range(len(items) - 1)
        if items[index].text == ","
        and items[index + 1].token.break_before
        and items[index].depth == items[0].depth
    ]
    broken: list[_Line] = []
    start, next_cut = 0, 0  # the first item of the line being filled, and the first cut after it
    while next_cut < len(cuts):
        # The width of items[start:] alone is its prefix's less what comes before it.
        before = (
            0 if start == 0 else widths[start - 1] + (1 if _spaced(items[start - 1], items[start]) else 0)
        )
        indent = line.indent() + (2 if line.continued else 0)
        if indent + widths[-1] - before <= LINE_WIDTH:
            break
        fits = next_cut
        while fits < len(cuts) and line.indent() + widths[cuts[fits]] - before <= LINE_WIDTH:
            fits += 1
        taken = fits - 1 if fits > next_cut else next_cut
        cut = cuts[taken]
        broken.append(_Line(items[start : cut + 1], hanging=line.hanging, blank_before=line.blank_before))
        line = _Line(
            items[cut + 1 :],
            hanging=not items[cut].token.braced_list,
            comment=line.comment,
            continued=line.continued,
        )
        start, next_cut = cut + 1, taken + 1
    return [*broken, line]


def _prefix_widths(items: list[_Item]) -> list[int]:
    """The width of the code of each start of `items`: `len(_code(items[: i + 1]))` for each i."""
    widths: list[int] = []
    total = 0
    for index, item in enumerate(items):
        if index > 0 and _spaced(items[index - 1], item):
            total += 1
        total += len(item.text)
        widths.append(total)
    return widths


def _too_deep(source: SourceFile, tokens: list[LayoutToken]) -> Diagnostic | None:
    """The brace that opens a block deeper than `paxc check` reads (compiler/limits.py), if any:
    the formatter breaks blocks by recursion, and a file check refuses is not laid out either."""
    depth = 0
    for token in tokens:
        if token.text == "{":
            depth += 1
            if depth > limits.MAX_BLOCK_DEPTH:
                return Diagnostic(
                    source.span(token.start, token.end),
                    Code.TOO_DEEP,
                    f"blocks nest more than {limits.MAX_BLOCK_DEPTH} deep here",
                    "paxc fmt lays out only what paxc check reads",
                )
        elif token.text == "}":
            depth -= 1
    return None


def _first_block(items: list[_Item]) -> tuple[int, int] | None:
    """The first `{ ... }` of the line that may be opened onto lines of its own: not empty, and
    the grammar allowing a new line after its `{` and before its `}`."""
    open_at: list[int] = []
    for index, item in enumerate(items):
        if item.text == "{":
            open_at.append(index)
        elif item.text == "}" and open_at:
            opening = open_at.pop()
            if (
                not open_at
                and opening + 1 < index
                and items[opening + 1].token.break_before
                and item.token.break_before
            ):
                return opening, index
    return None


# ---------------------------------------------------------------- the text


def _join(lines: list[_Line]) -> str:
    out: list[str] = []
    indents = _comment_indents(lines)
    columns = _comment_columns(lines)
    for index, line in enumerate(lines):
        if line.blank_before and out:
            out.append("")
        if line.own_comment is not None:
            out.append(" " * indents[index] + line.own_comment)
            continue
        text = " " * line.indent() + _code(line.items) + (" \\" if line.continued else "")
        if line.comment is not None:
            text = text.ljust(columns[index]) + line.comment
        out.append(text)
    return "\n".join(out) + "\n" if out else ""


def _comment_indents(lines: list[_Line]) -> dict[int, int]:
    """A comment line is indented as the code after it (inside the block, before a `}`)."""
    indents: dict[int, int] = {}
    following = 0
    for index in range(len(lines) - 1, -1, -1):
        line = lines[index]
        if line.own_comment is None:
            following = line.indent() + (INDENT if line.items[0].text == "}" else 0)
        else:
            indents[index] = following
    return indents


def _comment_columns(lines: list[_Line]) -> dict[int, int]:
    """Where the comment at the end of each code line starts: two spaces after the longest line
    of its run of consecutive lines that end with a comment."""
    columns: dict[int, int] = {}
    run: list[int] = []

    def close() -> None:
        column = max(_width(lines[i]) for i in run) + 2 if run else 0
        columns.update((i, column) for i in run)
        run.clear()

    for index, line in enumerate(lines):
        if line.own_comment is not None or line.comment is None or line.blank_before:
            close()
        if line.own_comment is None and line.comment is not None:
            run.append(index)
    close()
    return columns


def _same_program(before: list[LayoutToken], after: list[LayoutToken]) -> bool:
    """Whether two token streams say the same: the same tokens (multi-word ones with any spaces),
    and a separator in the same places, except where the formatter may add one (after a `,` or a
    `{`, before a `}`)."""

    def program(tokens: list[LayoutToken]) -> tuple[list[tuple[str, str]], set[int]]:
        code: list[tuple[str, str]] = []
        separated: set[int] = set()
        for token in tokens:
            if token.kind == _SEPARATOR:
                separated.add(len(code))
            else:
                text = token.text if token.kind == "STRING" else " ".join(token.text.split())
                code.append((token.kind, text))
        return code, separated

    code, separated = program(before)
    new_code, new_separated = program(after)
    if code != new_code:
        return False
    added = new_separated - separated
    removed = separated - new_separated
    allowed = {i for i in added if 0 < i < len(code) and (code[i - 1][1] in (",", "{") or code[i][1] == "}")}
    return removed <= {0} and added == allowed  # blank lines at the top of the file go
