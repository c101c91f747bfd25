"""Parsing: card source text to AST. With compiler.limits, the only module that imports Lark.

Lark's trees and exceptions stop here: syntax errors become Diagnostics with the expected tokens
spelled in plain words, cards past the language's limits are taken out (compiler.limits reports
them), and trees become the frozen dataclasses of compiler.ast.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.parsers.lalr_analysis import Shift
from lark.tree import Meta

from paxc.compiler import ast, limits
from paxc.compiler.diagnostics import Code, Diagnostic, close_name
from paxc.compiler.source import SourceFile, Span

GRAMMAR_PATH = Path(__file__).resolve().parent.parent / "grammar" / "pax.lark"
# Scenario files (`paxc test`): their own rules, read after the card language's, whose rules and
# tokens they use.
SCENARIO_GRAMMAR_PATH = GRAMMAR_PATH.with_name("scenario.lark")

# How each terminal is named in a message; keywords and punctuation are shown quoted as written.
_TERMINAL_WORDS = {
    "NAME": "a name",
    "INT": "a whole number",
    "STRING": "a quoted string",
    "_SEP": "a new line",
    "$END": "end of file",
    "COMPARE": "a comparison ('==', '<', ...)",
    "HOOK_KIND": "'operation', 'query', 'trigger', 'modifier' or 'replaceable'",
    "BOUND": "'most' or 'least'",
    "PERIOD": "'turn' or 'round'",
    "UP": "'up'",
    "CHOOSES": "'chooses'",
    "CAN": "'can' or 'cannot'",
    "CHOOSE_WORD": "'choose'",
    "TOP_CARD_OF": "'the top card of'",
    "RANDOM_CARD_OF": "'a random card of'",
}


@functools.cache
def _lark() -> Lark:
    return Lark(
        GRAMMAR_PATH.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
        cache=True,
    )


@functools.cache
def _scenario_lark() -> Lark:
    text = GRAMMAR_PATH.read_text(encoding="utf-8") + "\n" + SCENARIO_GRAMMAR_PATH.read_text(encoding="utf-8")
    return Lark(
        text,
        parser="lalr",
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
        cache=True,
        start="scenario_file",
    )


# Where a top-level item starts: recovery after a syntax error restarts at each of these lines.
_TOP_LEVEL_START = re.compile(r"^(card|game|vocabulary)\b", re.MULTILINE)


def parse(source: SourceFile) -> tuple[ast.File, list[Diagnostic]]:
    """Parse one file: its AST and its syntax errors.

    When the file has a syntax error, each top-level item (a card, the game line, a vocabulary)
    is parsed on its own, so that every broken card is reported and the others are still checked.
    Each item is parsed alone and its positions shifted afterwards, so recovery costs one more
    parse of the file, however many items are broken.
    """
    try:
        return _parse_text(source, 0, len(source.text))
    except UnexpectedInput:
        pass
    starts = [match.start() for match in _TOP_LEVEL_START.finditer(source.text)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    files: list[ast.File] = []
    diagnostics: list[Diagnostic] = []
    for start, end in zip(starts, [*starts[1:], len(source.text)], strict=True):
        try:
            part, limit_errors = _parse_text(source, start, end)
            files.append(part)
            diagnostics.extend(limit_errors)
        except UnexpectedInput as error:
            diagnostics.append(_Part(source, start, end).diagnostic(error))
    merged = ast.File(
        path=source.display_path,
        headers=tuple(h for f in files for h in f.headers),
        vocabularies=tuple(v for f in files for v in f.vocabularies),
        cards=tuple(c for f in files for c in f.cards),
        span=Span(source.display_path, 1, 1, *source.last_position()),
    )
    return merged, diagnostics


_SCENARIO_START = re.compile(r"^(scenario|game)\b", re.MULTILINE)


def parse_scenarios(source: SourceFile) -> tuple[ast.ScenarioFile, list[Diagnostic]]:
    """Parse a scenario file (`paxc test`): its AST and its errors (syntax, and the language's
    limits: a scenario past one is left out). As for card files, after a syntax error each
    scenario is parsed alone, so every broken one is reported."""
    try:
        return _parse_scenario_text(source, 0, len(source.text))
    except UnexpectedInput:
        pass
    starts = [match.start() for match in _SCENARIO_START.finditer(source.text)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    parts: list[ast.ScenarioFile] = []
    diagnostics: list[Diagnostic] = []
    for start, end in zip(starts, [*starts[1:], len(source.text)], strict=True):
        try:
            part, limit_errors = _parse_scenario_text(source, start, end)
            parts.append(part)
            diagnostics.extend(limit_errors)
        except UnexpectedInput as error:
            diagnostics.append(_Part(source, start, end, _scenario_lark()).diagnostic(error))
    merged = ast.ScenarioFile(
        path=source.display_path,
        headers=tuple(h for f in parts for h in f.headers),
        scenarios=tuple(s for f in parts for s in f.scenarios),
        span=Span(source.display_path, 1, 1, *source.last_position()),
    )
    return merged, diagnostics


def _parse_scenario_text(
    source: SourceFile, start: int, end: int
) -> tuple[ast.ScenarioFile, list[Diagnostic]]:
    """As `_parse_text`, for scenarios: one past the language's limits (an expectation nested too
    deep, a number too large) is left out, and the diagnostics say why."""
    text = source.text[start:end]
    tree = _scenario_lark().parse(text if text.endswith("\n") else text + "\n")
    line_offset = source.position(start)[0] - 1
    limit_errors = limits.prune(tree, source.display_path, line_offset, item_kind="scenario")
    scenarios = _ToScenarioAst(source.display_path, line_offset).transform(tree)
    assert isinstance(scenarios, ast.ScenarioFile)  # the transformer's `scenario_file` makes one
    return scenarios, limit_errors


def _parse_text(source: SourceFile, start: int, end: int) -> tuple[ast.File, list[Diagnostic]]:
    """Parse the part of the file from `start` (the start of a line) to `end`. Cards past the
    language's limits are left out of the AST; the diagnostics say why."""
    text = source.text[start:end]
    tree = _lark().parse(text if text.endswith("\n") else text + "\n")
    line_offset = source.position(start)[0] - 1
    limit_errors = limits.prune(tree, source.display_path, line_offset)
    return _ToAst(source.display_path, line_offset).transform(tree), limit_errors


def _describe_terminal(name: str, lark: Lark | None = None) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    try:
        pattern = (lark or _lark()).get_terminal(name).pattern
    except KeyError:
        return name.lower()
    if pattern.type == "str":
        return f"'{pattern.value}'"
    return name.lower().strip("_")


def _keywords(terminals: Iterable[str], lark: Lark | None = None) -> set[str]:
    """The words among these terminals: `ability`, `when`, ... and each word of `HOOK_KIND`."""
    words: set[str] = set()
    for name in terminals:
        try:
            pattern = (lark or _lark()).get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str" and pattern.value.isalpha():
            words.add(pattern.value)
        elif pattern.type == "re" and (alternatives := re.fullmatch(r"\(\?:([a-z|]+)\)", pattern.value)):
            words.update(alternatives.group(1).split("|"))
    return words


def _plain_list(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


# The operators of arithmetic, and what each makes.
_ARITHMETIC = {"PLUS": "sum", "MINUS": "difference", "TIMES": "product"}


def _describe_token(token: Token) -> str:
    if token.type == "$END":
        return "end of file"
    if token.type == "_SEP":
        return "end of line" if "\n" in token.value else "';'"
    if token.type == "NAME":
        return f"'{token.value}'"
    if token.type in ("INT", "STRING"):
        return f"{_describe_terminal(token.type)} {token.value}"
    return f"'{token.value}'"


class _Part:
    """A top-level item parsed alone during recovery (`start` is the start of a line), and how to
    turn its syntax error into a diagnostic located in the whole file."""

    def __init__(self, source: SourceFile, start: int, end: int, lark: Lark | None = None) -> None:
        self.lark = lark or _lark()  # the grammar the part was parsed with
        self.source = source
        self.start = start
        self.end = end
        self.text = source.text[start:end]
        self.line_offset = source.position(start)[0] - 1

    def span(self, start: int, end: int) -> Span:
        """The span of offsets into this part."""
        return self.source.span(self.start + start, self.start + end)

    def token_span(self, token: Token) -> Span:
        line = (token.line or 1) + self.line_offset
        column = token.column or 1
        end_line = (token.end_line or 1) + self.line_offset if token.end_line else line
        return Span(self.source.display_path, line, column, end_line, token.end_column or column + 1)

    def diagnostic(self, error: UnexpectedInput) -> Diagnostic:
        path = self.source.display_path
        last_line, last_column = self.source.last_position(self.start, self.end)
        at_end = Span(path, last_line, last_column, last_line, last_column + 1)
        expected: set[str] = set()
        if isinstance(error, UnexpectedToken):
            token = error.token
            if token.type == "$END":
                unclosed = self.unclosed_block()
                if unclosed is not None:
                    return unclosed
            else:
                misspelled = self.misspelled_keyword(error)
                if misspelled is not None:
                    return misspelled
            expected = set(error.accepts or error.expected)
            if token.type in _ARITHMETIC and token.type not in expected:
                parenthesized = self.needs_parentheses(token)
                if parenthesized is not None:
                    return parenthesized
            if token.type == "$END":
                span = at_end
            elif token.type == "_SEP":
                # The separator token starts at the end of the line it ends: point there.
                whole = self.token_span(token)
                span = Span(path, whole.line, whole.column, whole.line, whole.column + 1)
            else:
                span = self.token_span(token)
            found = _describe_token(token)
        elif isinstance(error, UnexpectedCharacters):
            expected = set(error.allowed or ())
            line, column = error.line + self.line_offset, error.column
            span = Span(path, line, column, line, column + 1)
            character = self.source.line_text(line)[column - 1 : column]
            if character == '"':
                return Diagnostic(
                    span,
                    Code.SYNTAX,
                    "unterminated string",
                    "a string ends with '\"' on the line it starts on; write \\\" for a quote inside it",
                )
            found = f"character '{character}'"
        elif isinstance(error, UnexpectedEOF):
            expected = set(error.expected or ())
            span = at_end
            found = "end of file"
        else:  # pragma: no cover - Lark raises only the three kinds above
            span = Span(path, 1, 1, 1, 2)
            found = "input"
        if found == "end of file" and self.end < len(self.source.text):
            # Recovery parsed this item alone: it ended where the next top-level item begins.
            found = f"end of {_item_name(self.text, 'this item')}: {self.next_item()} starts there"
        words = sorted({_describe_terminal(name, self.lark) for name in expected})
        return Diagnostic(
            span, Code.SYNTAX, f"unexpected {found}", f"expected {_plain_list(words)}" if words else None
        )

    def needs_parentheses(self, operator: Token) -> Diagnostic | None:
        """`gain_rupees 1 + 2 to you`: where a value is one term (an operation's values, an
        attribute's), arithmetic is written in parentheses; the hint shows them around the terms
        beside the operator. None where the operator does not stand between two values of a
        phrase (`power 2 +` ends too soon; in `sid + 2` the word before is the phrase's head)."""
        span = self.token_span(operator)
        line = self.source.line_text(span.line)
        at = span.column - 1
        before = line[:at].split()
        after = line[at + 1 :].split()
        if len(before) < 2 or not after or after[0] in ("}", "{"):
            return None
        what = _ARITHMETIC[operator.type]
        return Diagnostic(
            span,
            Code.SYNTAX,
            f"unexpected '{operator.value}': a {what} cannot stand here as it is",
            f"put the {what} in parentheses: ({before[-1]} {operator.value} {after[0]})",
        )

    def next_item(self) -> str:
        """The top-level item after this one, as a message names it: "the next card (line 8)"."""
        name = _item_name(self.source.text[self.end :], "the rest")
        return f"{name.replace('the ', 'the next ', 1)} (line {self.source.position(self.end)[0]})"

    def unclosed_block(self) -> Diagnostic | None:
        """The '{' left open when the item ends inside a block, found by matching the braces.

        Braces are matched as the parser does, innermost first; but when a '}' that begins its
        line is indented less than the innermost open block and lines up with an outer one, the
        blocks in between are the ones that lost their '}' (what the indentation says): the
        outermost of them is reported. Otherwise, the innermost block still open at the end.
        """
        open_blocks: list[tuple[int, int]] = []  # (offset of '{', indentation of its line)
        misaligned: tuple[int, int] | None = None  # (offset of the '{' left open, of the '}' after it)
        for offset, char in _braces(self.text):
            line_start = self.text.rfind("\n", 0, offset) + 1
            before = self.text[line_start:offset]
            indent = len(before) - len(before.lstrip(" \t"))
            if char == "{":
                open_blocks.append((offset, indent))
                continue
            if not open_blocks:
                continue
            if misaligned is None and not before.strip() and open_blocks[-1][1] > indent:
                lined_up = [i for i, (_, outer) in enumerate(open_blocks) if outer == indent]
                if lined_up:
                    misaligned = (open_blocks[lined_up[-1] + 1][0], offset)
                    del open_blocks[lined_up[-1] + 1 :]
            open_blocks.pop()
        if misaligned is not None:
            brace = misaligned[0]
            closing_line = self.source.position(self.start + misaligned[1])[0]
            hint = f"the '}}' on line {closing_line} lines up with an outer block: add this block's '}}' before it"
        elif open_blocks:
            brace = open_blocks[-1][0]
            if self.end < len(self.source.text):
                hint = f"add its '}}' where it ends, before {self.next_item()}"
            else:
                hint = "add its '}' where it ends: the file ends inside it"
        else:
            return None
        return Diagnostic(self.span(brace, brace + 1), Code.SYNTAX, "this block is never closed", hint)

    def misspelled_keyword(self, error: UnexpectedToken) -> Diagnostic | None:
        """A statement whose first word is a misspelled keyword (`abilty "X" {`).

        The first word of the statement the parser stopped in is compared with the keywords that
        may stand where it stands; a close keyword is suggested only if, written in its place, the
        parser gets further than the error.
        """
        head = _statement_head(error)
        if head is None or head.start_pos is None or error.token.start_pos is None:
            return None
        before = self.text[: head.start_pos]
        try:
            interactive = self.lark.parse_interactive(before)
            interactive.exhaust_lexer()
            allowed = _keywords(interactive.accepts(), self.lark)  # type: ignore[no-untyped-call]  # Lark leaves it untyped
        except UnexpectedInput:
            return None
        suggestion = close_name(str(head), allowed)
        if suggestion is None:
            return None
        head_end = head.start_pos + len(head)
        fixed = before + suggestion + self.text[head_end:]
        shift = len(suggestion) - len(head)
        try:
            self.lark.parse(fixed if fixed.endswith("\n") else fixed + "\n")
        except UnexpectedInput as later:
            if _error_offset(later, len(fixed)) <= max(error.token.start_pos, head_end) + shift:
                return None
        return Diagnostic(
            self.token_span(head),
            Code.SYNTAX,
            f"unknown keyword '{head}'",
            f"did you mean '{suggestion}'?",
        )


def _item_name(text: str, otherwise: str) -> str:
    """What the top-level item at the start of `text` is, in words: "the card", "the 'game' line"."""
    words = text.split(None, 1)
    return {
        "card": "the card",
        "vocabulary": "the vocabulary",
        "game": "the 'game' line",
        "scenario": "the scenario",
    }.get(words[0] if words else "", otherwise)


def _braces(text: str) -> Iterator[tuple[int, str]]:
    """The offsets of '{' and '}' in card text, outside strings and comments."""
    index = 0
    while index < len(text):
        char = text[index]
        if char == "#":
            newline = text.find("\n", index)
            index = len(text) if newline == -1 else newline
        elif char == '"':
            match = _STRING.match(text, index)
            index = match.end() if match else index + 1
        else:
            if char in "{}":
                yield index, char
            index += 1


_STRING = re.compile(r'"([^"\\\n]|\\["\\n])*"')


# Lark's name for the repetition of a rule's statements (a block's, a file's, a vocabulary's): the
# rules of the grammar whose bodies are lists of statements separated by new lines.
_STATEMENT_LIST = re.compile(r"__(start|block|vocabulary|cardtype)_(star|plus)_\d+|_top")


def _statement_head(error: UnexpectedToken) -> Token | None:
    """The first word of the statement being parsed when the error came, if it is a plain name.

    The parser's stack holds the statement's pieces since the last separator or '{' (statements
    already parsed are folded into the repetition node of their list); with no piece yet, the
    unexpected token is the statement's first word.
    """
    stack = error.interactive_parser.parser_state.value_stack if error.interactive_parser else []
    pieces: list[Any] = []
    for item in reversed(stack):
        if (isinstance(item, Token) and item.type in ("_SEP", "LBRACE")) or (
            isinstance(item, Tree) and _STATEMENT_LIST.fullmatch(item.data)
        ):
            break
        pieces.append(item)
    head = pieces[-1] if pieces else error.token
    return head if isinstance(head, Token) and head.type == "NAME" else None


def _error_offset(error: UnexpectedInput, end: int) -> int:
    """Where in the text a syntax error stands, as an offset (the end for 'end of file')."""
    if isinstance(error, UnexpectedToken):
        token: Token = error.token
        return end if token.type == "$END" or token.start_pos is None else token.start_pos
    if isinstance(error, UnexpectedCharacters) and error.pos_in_stream is not None:
        return int(error.pos_in_stream)
    return end


def _whole_number(token: Token) -> int:
    """The value of an INT token. Leading zeros go first: int() refuses strings of over 4,300
    digits, and a number within the limit (compiler.limits) may still have thousands of zeros."""
    return int(token.value.lstrip("0") or "0")


def _unquote(raw: str) -> str:
    """The value of a STRING token: the quotes removed and the escapes \\" \\\\ \\n applied."""
    body = raw[1:-1]
    out: list[str] = []
    index = 0
    while index < len(body):
        char = body[index]
        if char == "\\" and index + 1 < len(body):
            following = body[index + 1]
            out.append("\n" if following == "n" else following)
            index += 2
        else:
            out.append(char)
            index += 1
    return "".join(out)


@v_args(meta=True)
class _ToAst(Transformer[Token, ast.File]):
    """Builds AST nodes bottom-up; every node gets the span Lark recorded for its rule."""

    def __init__(self, path: str, line_offset: int = 0) -> None:
        super().__init__()
        self._path = path
        # Lines before the parsed text: recovery parses one item of a file at a time.
        self._line_offset = line_offset

    def _span(self, meta: Meta) -> Span:
        if getattr(meta, "empty", True):
            return Span(self._path, 1, 1, 1, 1)
        offset = self._line_offset
        return Span(self._path, meta.line + offset, meta.column, meta.end_line + offset, meta.end_column)

    def _token_span(self, token: Token) -> Span:
        line = token.line or 1
        column = token.column or 1
        end_line = token.end_line or line
        offset = self._line_offset
        return Span(self._path, line + offset, column, end_line + offset, token.end_column or column)

    def _ident(self, token: Token) -> ast.Ident:
        return ast.Ident(str(token), self._token_span(token))

    # -------------------------------------------------------------- file

    def start(self, meta: Meta, children: list[Any]) -> ast.File:
        return ast.File(
            path=self._path,
            headers=tuple(c for c in children if isinstance(c, ast.GameHeader)),
            vocabularies=tuple(c for c in children if isinstance(c, ast.VocabularyDecl)),
            cards=tuple(c for c in children if isinstance(c, ast.Card)),
            span=self._span(meta),
        )

    def game_header(self, meta: Meta, children: list[Token]) -> ast.GameHeader:
        return ast.GameHeader(self._ident(children[0]), self._span(meta))

    def card(self, meta: Meta, children: list[Any]) -> ast.Card:
        number, name, card_type, body = children
        return ast.Card(
            ast.IntLit(_whole_number(number), self._token_span(number)),
            ast.StrLit(_unquote(name), self._token_span(name)),
            self._ident(card_type),
            body,
            self._span(meta),
        )

    def block(self, meta: Meta, children: list[Any]) -> ast.Block:
        return ast.Block(tuple(children), self._span(meta))

    # -------------------------------------------------------------- statements

    def phrase(self, meta: Meta, children: list[Any]) -> ast.Phrase:
        head, *rest = children
        groups = tuple(c for c in rest if isinstance(c, tuple))
        preps = tuple(c for c in rest if isinstance(c, ast.PrepArg))
        return ast.Phrase(self._ident(head), groups, preps, self._span(meta))

    def up_to_phrase(self, meta: Meta, children: list[Any]) -> ast.Phrase:
        head, _up, _to, amount, *rest = children
        preps = tuple(c for c in rest if isinstance(c, ast.PrepArg))
        return ast.Phrase(self._ident(head), ((amount,),), preps, self._span(meta), up_to=True)

    def arg_group(self, meta: Meta, children: list[ast.Expr]) -> tuple[ast.Expr, ...]:
        return tuple(children)

    def prep_arg(self, meta: Meta, children: list[Any]) -> ast.PrepArg:
        preposition, value = children
        return ast.PrepArg(str(preposition), value, self._span(meta))

    def let_stmt(self, meta: Meta, children: list[Any]) -> ast.Let:
        return ast.Let(self._ident(children[0]), children[1], self._span(meta))

    def if_stmt(self, meta: Meta, children: list[Any]) -> ast.If:
        otherwise = children[2] if len(children) > 2 else None
        return ast.If(children[0], children[1], otherwise, self._span(meta))

    def where_clause(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("where", children[0])

    def by_clause(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("by", children[-1])

    def when_clause(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("when", children[0])

    def if_clause(self, meta: Meta, children: list[Any]) -> tuple[str, ast.Expr]:
        return ("if", children[0])

    @staticmethod
    def _clause(children: list[Any], keyword: str) -> ast.Expr | None:
        for child in children:
            if isinstance(child, tuple) and child[0] == keyword:
                value: ast.Expr = child[1]
                return value
        return None

    @staticmethod
    def _has_optional(children: list[Any]) -> bool:
        return any(isinstance(c, Token) and c.type == "OPTIONAL" for c in children)

    def for_stmt(self, meta: Meta, children: list[Any]) -> ast.ForEach:
        kind, variable = children[0], children[1]
        return ast.ForEach(
            self._ident(kind),
            self._ident(variable),
            self._clause(children, "where"),
            children[-1],
            self._span(meta),
        )

    def for_in_stmt(self, meta: Meta, children: list[Any]) -> ast.ForEach:
        variable, _, source = children[0], children[1], children[2]
        return ast.ForEach(
            None,
            self._ident(variable),
            self._clause(children, "where"),
            children[-1],
            self._span(meta),
            source,
        )

    def choose_in_stmt(self, meta: Meta, children: list[Any]) -> ast.Choose:
        variable, _, source = children[0], children[1], children[2]
        return ast.Choose(
            None,
            self._ident(variable),
            self._clause(children, "where"),
            self._clause(children, "by"),
            self._span(meta),
            source,
        )

    def selection(self, meta: Meta, children: list[Any]) -> ast.Selection:
        variable, _, source = children[0], children[1], children[2]
        return ast.Selection(self._ident(variable), source, self._clause(children, "where"), self._span(meta))

    def choose_stmt(self, meta: Meta, children: list[Any]) -> ast.Choose:
        kind, variable = children[0], children[1]
        return ast.Choose(
            self._ident(kind),
            self._ident(variable),
            self._clause(children, "where"),
            self._clause(children, "by"),
            self._span(meta),
        )

    def choose_several_stmt(self, meta: Meta, children: list[Any]) -> ast.ChooseSeveral:
        up_to = isinstance(children[0], Token) and children[0].type == "UP"
        rest = children[2:] if up_to else children  # without `up to`
        count, variable, _, source = rest[0], rest[1], rest[2], rest[3]
        return ast.ChooseSeveral(
            count,
            up_to,
            self._ident(variable),
            source,
            self._clause(children, "where"),
            self._clause(children, "by"),
            self._span(meta),
        )

    def choose_number_stmt(self, meta: Meta, children: list[Any]) -> ast.ChooseNumber:
        variable, _, low, _, high = children[:5]
        return ast.ChooseNumber(
            self._ident(variable), low, high, self._clause(children, "by"), self._span(meta)
        )

    def choose_one_stmt(self, meta: Meta, children: list[Any]) -> ast.ChooseOne:
        return ast.ChooseOne(tuple(c for c in children if isinstance(c, ast.Block)), self._span(meta))

    def may_stmt(self, meta: Meta, children: list[Any]) -> ast.May:
        return ast.May(children[-1], self._span(meta))

    def set_stmt(self, meta: Meta, children: list[Any]) -> ast.Set:
        return ast.Set(children[0], children[-1], self._span(meta))

    def until_stmt(self, meta: Meta, children: list[Any]) -> ast.Until:
        return ast.Until(self._ident(children[0]), children[-1], self._span(meta))

    def modify_stmt(self, meta: Meta, children: list[Any]) -> ast.Modify:
        hook = children[0]
        value = next(c for c in children[1:] if not isinstance(c, (Token, tuple)))
        once = next((c[1] for c in children if isinstance(c, tuple) and c[:1] == ("once",)), None)
        return ast.Modify(
            self._ident(hook), value, self._clause(children, "when"), self._span(meta), once=once
        )

    def modify_by_stmt(self, meta: Meta, children: list[Any]) -> ast.Modify:
        """`modify HOOK by N` (or `by -N`): an adjustment."""
        modify = self.modify_stmt(meta, children)
        minus = any(isinstance(c, Token) and c.type == "MINUS" for c in children)
        return replace(modify, change="minus" if minus else "plus")

    def modify_bound_stmt(self, meta: Meta, children: list[Any]) -> ast.Modify:
        """`modify HOOK to at most V` (a ceiling) or `to at least V` (a floor)."""
        modify = self.modify_stmt(meta, children)
        bound = next(c for c in children if isinstance(c, Token) and c.type == "BOUND")
        return replace(modify, change="at_most" if str(bound) == "most" else "at_least")

    def on_block(self, meta: Meta, children: list[Any]) -> ast.On:
        return ast.On(self._ident(children[0]), children[-1], self._span(meta))

    def when_block(self, meta: Meta, children: list[Any]) -> ast.When:
        return ast.When(
            self._ident(children[0]),
            self._clause(children, "if"),
            self._has_optional(children),
            children[-1],
            self._span(meta),
            ("once", "turn") in children,
            ("once", "round") in children,
        )

    def once_clause(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("once", str(children[0]))  # "turn" or "round"

    def while_block(self, meta: Meta, children: list[Any]) -> ast.WhileInPlay:
        place = self._ident(children[0])
        return ast.WhileInPlay(children[-1], self._span(meta), None if place.text == "play" else place)

    def instead_block(self, meta: Meta, children: list[Any]) -> ast.Instead:
        return ast.Instead(
            self._ident(children[0]),
            self._clause(children, "if"),
            self._has_optional(children),
            children[-1],
            self._span(meta),
        )

    def ability_block(self, meta: Meta, children: list[Any]) -> ast.Ability:
        title = children[0]
        return ast.Ability(
            ast.StrLit(_unquote(title), self._token_span(title)), children[1], self._span(meta)
        )

    def side_block(self, meta: Meta, children: list[Any]) -> ast.Side:
        title = children[0]
        return ast.Side(ast.StrLit(_unquote(title), self._token_span(title)), children[1], self._span(meta))

    def errata_block(self, meta: Meta, children: list[Any]) -> ast.Errata:
        version, note, body = children
        return ast.Errata(
            ast.IntLit(_whole_number(version), self._token_span(version)),
            ast.StrLit(_unquote(note), self._token_span(note)),
            body,
            self._span(meta),
        )

    # -------------------------------------------------------------- expressions

    def _binary_chain(self, meta: Meta, children: list[Any], operator: str | None) -> ast.Expr:
        """Fold `a op b op c` left to right; operator tokens are in the children unless fixed."""
        result: ast.Expr = children[0]
        index = 1
        while index < len(children):
            if operator is None:
                op, right = str(children[index]), children[index + 1]
                index += 2
            else:
                op, right = operator, children[index]
                index += 1
            span = Span(
                self._path, result.span.line, result.span.column, right.span.end_line, right.span.end_column
            )
            result = ast.BinOp(op, result, right, span)
        return result

    def or_expr(self, meta: Meta, children: list[Any]) -> ast.Expr:
        return self._binary_chain(meta, children, "or")

    def and_expr(self, meta: Meta, children: list[Any]) -> ast.Expr:
        return self._binary_chain(meta, children, "and")

    def comparison(self, meta: Meta, children: list[Any]) -> ast.Expr:
        return self._binary_chain(meta, children, None)

    def is_set(self, meta: Meta, children: list[Any]) -> ast.IsSet:
        return ast.IsSet(children[0], True, self._span(meta))

    def is_not_set(self, meta: Meta, children: list[Any]) -> ast.IsSet:
        return ast.IsSet(children[0], False, self._span(meta))

    def sum(self, meta: Meta, children: list[Any]) -> ast.Expr:
        return self._binary_chain(meta, children, None)

    def product(self, meta: Meta, children: list[Any]) -> ast.Expr:
        return self._binary_chain(meta, children, None)

    def negation(self, meta: Meta, children: list[Any]) -> ast.Not:
        return ast.Not(children[0], self._span(meta))

    def attribute(self, meta: Meta, children: list[Any]) -> ast.Attribute:
        return ast.Attribute(children[0], self._ident(children[1]), self._span(meta))

    def integer(self, meta: Meta, children: list[Token]) -> ast.IntLit:
        return ast.IntLit(_whole_number(children[0]), self._span(meta))

    def string(self, meta: Meta, children: list[Token]) -> ast.StrLit:
        return ast.StrLit(_unquote(children[0]), self._span(meta))

    def true(self, meta: Meta, children: list[Token]) -> ast.BoolLit:
        return ast.BoolLit(True, self._span(meta))

    def false(self, meta: Meta, children: list[Token]) -> ast.BoolLit:
        return ast.BoolLit(False, self._span(meta))

    def you(self, meta: Meta, children: list[Token]) -> ast.You:
        return ast.You(self._span(meta))

    def this(self, meta: Meta, children: list[Token]) -> ast.This:
        return ast.This(self._span(meta))

    def name(self, meta: Meta, children: list[Token]) -> ast.Name:
        ident = self._ident(children[0])
        return ast.Name(ident, ident.span)

    def call(self, meta: Meta, children: list[Any]) -> ast.Call:
        return ast.Call(self._ident(children[0]), tuple(children[1:]), self._span(meta))

    def holding(self, meta: Meta, children: list[Any]) -> ast.Holding:
        return ast.Holding(self._ident(children[0]), children[1], self._span(meta))

    def every_zone(self, meta: Meta, children: list[Token]) -> tuple[str, ast.Ident]:
        return ("every", self._ident(children[0]))

    def picked_card(self, meta: Meta, children: list[Any]) -> ast.PickCard:
        phrase, where = children
        span = self._span(meta)
        if isinstance(where, ast.Holding):
            zone = ast.CardsIn(where.name, where.holder, False, where.span)
        else:
            assert isinstance(where, ast.Name)
            zone = ast.CardsIn(where.ident, None, False, where.span)
        return ast.PickCard("top" if phrase.type == "TOP_CARD_OF" else "random", zone, span)

    def cards_in(self, meta: Meta, children: list[Any]) -> ast.CardsIn:
        where = children[-1]
        span = self._span(meta)
        if isinstance(where, tuple):
            return ast.CardsIn(where[1], None, True, span)
        if isinstance(where, ast.Holding):
            return ast.CardsIn(where.name, where.holder, False, span)
        assert isinstance(where, ast.Name)
        return ast.CardsIn(where.ident, None, False, span)

    # -------------------------------------------------------------- vocabularies

    def vocabulary(self, meta: Meta, children: list[Any]) -> ast.VocabularyDecl:
        name, title, *items = children
        return ast.VocabularyDecl(
            self._ident(name),
            ast.StrLit(_unquote(title), self._token_span(title)),
            tuple(items),
            self._span(meta),
        )

    def enum_decl(self, meta: Meta, children: list[Any]) -> ast.EnumDecl:
        name, *members = children
        return ast.EnumDecl(
            self._ident(name),
            tuple(member for member, _ in members),
            self._span(meta),
            tuple(text for _, text in members),
        )

    def enum_member(self, meta: Meta, children: list[Token]) -> tuple[ast.Ident, ast.StrLit | None]:
        text = ast.StrLit(_unquote(children[1]), self._token_span(children[1])) if len(children) > 1 else None
        return self._ident(children[0]), text

    def adjacency(self, meta: Meta, children: list[Any]) -> ast.AdjacencyDecl:
        kind, *pairs = children
        return ast.AdjacencyDecl(self._ident(kind), tuple(pairs), self._span(meta))

    def pair(self, meta: Meta, children: list[Token]) -> tuple[ast.Ident, ast.Ident]:
        return (self._ident(children[0]), self._ident(children[2]))

    def cardtype(self, meta: Meta, children: list[Any]) -> ast.CardTypeDecl:
        name, *fields = children
        return ast.CardTypeDecl(self._ident(name), tuple(fields), self._span(meta))

    def field(self, meta: Meta, children: list[Any]) -> ast.FieldDecl:
        required = any(isinstance(c, Token) and c.type == "REQUIRED" for c in children)
        labels = [c for c in children if isinstance(c, Token) and c.type == "STRING"]
        label = ast.StrLit(_unquote(labels[0]), self._token_span(labels[0])) if labels else None
        return ast.FieldDecl(self._ident(children[0]), children[1], required, self._span(meta), label)

    def type_ref(self, meta: Meta, children: list[Token]) -> ast.TypeRef:
        return ast.TypeRef(self._ident(children[-1]), len(children) == 2, self._span(meta))

    def signature(self, meta: Meta, children: list[Any]) -> ast.SignatureDecl:
        kind, name, *rest = children
        params = tuple(c for c in rest if isinstance(c, ast.Param))
        results = [c for c in rest if isinstance(c, ast.TypeRef)]
        texts = [c for c in rest if isinstance(c, Token) and c.type == "STRING"]
        text = ast.StrLit(_unquote(texts[0]), self._token_span(texts[0])) if texts else None
        spent = any(isinstance(c, Token) and c.type == "SPENT" for c in rest)
        halts = next((c for c in rest if isinstance(c, ast.HaltsDecl)), None)
        return ast.SignatureDecl(
            str(kind),
            self._ident(name),
            params,
            results[0] if results else None,
            text,
            self._span(meta),
            spent,
            halts,
        )

    def halts(self, meta: Meta, children: list[Any]) -> ast.HaltsDecl:
        """`halts to [at most] VALUE "why"` (the vocabulary's check refuses `at least`)."""
        value = next(c for c in children if isinstance(c, (ast.IntLit, ast.BoolLit)))
        why = next(c for c in children if isinstance(c, Token) and c.type == "STRING")
        bound = next((str(c) for c in children if isinstance(c, Token) and c.type == "BOUND"), None)
        why_text = ast.StrLit(_unquote(why), self._token_span(why))
        return ast.HaltsDecl(value, bound, why_text, self._span(meta))

    def param(self, meta: Meta, children: list[Any]) -> ast.Param:
        asked: tuple[ast.Ident, ...] = ()
        if children and isinstance(children[-1], tuple):
            *children, asked = children
        preposition = str(children[0]) if len(children) == 3 else None
        return ast.Param(preposition, self._ident(children[-2]), children[-1], self._span(meta), asked)

    def asked(self, meta: Meta, children: list[Token]) -> tuple[ast.Ident, ...]:
        return tuple(self._ident(child) for child in children)

    def memory_decl(self, meta: Meta, children: list[Any]) -> ast.MemoryDecl:
        name, type_ref, text = children
        return ast.MemoryDecl(
            self._ident(name), type_ref, ast.StrLit(_unquote(text), self._token_span(text)), self._span(meta)
        )

    def duration_decl(self, meta: Meta, children: list[Any]) -> ast.DurationDecl:
        name, text = children[0], children[1]
        moments = [c for c in children if isinstance(c, ast.DurationMoment)]
        return ast.DurationDecl(
            self._ident(name),
            ast.StrLit(_unquote(text), self._token_span(text)),
            self._span(meta),
            moments[0] if moments else None,
            moments[1] if len(moments) > 1 else None,
        )

    def duration_moment(self, meta: Meta, children: list[Token]) -> ast.DurationMoment:
        player = self._ident(children[1]) if len(children) == 3 else None
        compare = str(children[2]) if len(children) == 3 else "=="
        return ast.DurationMoment(self._ident(children[0]), player, compare, self._span(meta))

    def zone_decl(self, meta: Meta, children: list[Any]) -> ast.ZoneDecl:
        name = children[0]
        texts = [c for c in children[1:] if isinstance(c, Token)]
        per_player = any(isinstance(c, Tree) and c.data == "per_player" for c in children)
        moved = texts[1] if len(texts) > 1 else None
        return ast.ZoneDecl(
            self._ident(name),
            per_player,
            ast.StrLit(_unquote(texts[0]), self._token_span(texts[0])),
            self._span(meta),
            ast.StrLit(_unquote(moved), self._token_span(moved)) if moved is not None else None,
        )

    def per_player(self, meta: Meta, children: list[Any]) -> Tree[Token]:
        return Tree("per_player", [])

    def move_decl(self, meta: Meta, children: list[Token]) -> ast.MoveDecl:
        origin, _, destination = children
        return ast.MoveDecl(self._ident(origin), self._ident(destination), self._span(meta))

    def money_decl(self, meta: Meta, children: list[Token]) -> ast.MoneyDecl:
        name, singular, plural = children[:3]
        return ast.MoneyDecl(
            self._ident(name),
            ast.StrLit(_unquote(singular), self._token_span(singular)),
            ast.StrLit(_unquote(plural), self._token_span(plural)),
            self._span(meta),
            on_cards=len(children) > 3,  # the `on` of `on cards` (the word `cards` is dropped)
        )

    def while_decl(self, meta: Meta, children: list[Token]) -> ast.WhileDecl:
        name, text = children
        return ast.WhileDecl(
            self._ident(name), ast.StrLit(_unquote(text), self._token_span(text)), self._span(meta)
        )

    def language_decl(self, meta: Meta, children: list[Any]) -> ast.LanguageDecl:
        language, *entries = children
        return ast.LanguageDecl(self._ident(language), tuple(entries), self._span(meta))

    def language_entry(self, meta: Meta, children: list[Token]) -> ast.LanguageEntry:
        kind, name, *rest = children
        texts = tuple(
            ast.StrLit(_unquote(token), self._token_span(token)) for token in rest if token.type == "STRING"
        )
        gender = next((self._ident(token) for token in rest if token.type == "NAME"), None)
        return ast.LanguageEntry(self._ident(kind), self._ident(name), texts, gender, self._span(meta))

    def timing_decl(self, meta: Meta, children: list[Token]) -> ast.TimingDecl:
        return ast.TimingDecl(tuple(self._ident(c) for c in children), self._span(meta))


@v_args(meta=True)
class _ToScenarioAst(_ToAst):
    """The card language's nodes, and a scenario file's own (compiler/ast.py, scenario files)."""

    def scenario_file(self, meta: Meta, children: list[Any]) -> ast.ScenarioFile:
        return ast.ScenarioFile(
            path=self._path,
            headers=tuple(c for c in children if isinstance(c, ast.GameHeader)),
            scenarios=tuple(c for c in children if isinstance(c, ast.Scenario)),
            span=self._span(meta),
        )

    def scenario(self, meta: Meta, children: list[Any]) -> ast.Scenario:
        name, *lines = children
        return ast.Scenario(
            ast.StrLit(_unquote(name), self._token_span(name)), tuple(lines), self._span(meta)
        )

    def money_line(self, meta: Meta, children: list[Any]) -> ast.MoneyLine:
        holding, _to, value = children
        return ast.MoneyLine(holding, value, self._span(meta))

    def decision(self, meta: Meta, children: list[Any]) -> ast.DecisionLine:
        player, _chooses, *answers = children
        return ast.DecisionLine(self._ident(player), tuple(answers), self._span(meta))

    def expectation(self, meta: Meta, children: list[Any]) -> ast.Expectation:
        return ast.Expectation(children[0], self._span(meta))

    def option_expectation(self, meta: Meta, children: list[Any]) -> ast.OptionExpectation:
        player, can, _choose, answer = children
        return ast.OptionExpectation(self._ident(player), str(can) == "can", answer, self._span(meta))

    def card_ref(self, meta: Meta, children: list[Token]) -> ast.CardRef:
        token = children[0]
        key: int | str = _whole_number(token) if token.type == "INT" else _unquote(token)
        return ast.CardRef(key, self._span(meta))


# ---------------------------------------------------------------- tokens for the formatter


@dataclass(frozen=True, slots=True)
class LayoutToken:
    """A token as `paxc fmt` lays it out: every token of the file in order, separators (new lines,
    `;` and the comments in them) included, with what the grammar allows around it."""

    kind: str  # the terminal's name: NAME, STRING, _SEP, LBRACE, COMMA, BY, ...
    text: str
    start: int  # character offsets into the file's text
    end: int
    # Whether a separator (a new line) may stand right before this token without changing the
    # parse: after a `,` or `{` of a list that may be broken, before the `}` of a block.
    break_before: bool = False
    # A `,` of a list whose rule holds the braces around it (an enum's members, adjacent pairs):
    # its lines are the block's content, not the continuation of a statement.
    braced_list: bool = False
    # A `(` that opens a call's arguments or a hook's parameters (written against the name before
    # it), not an expression in parentheses (`gain (2 * count(sold))`).
    opens_call: bool = False


_SEPARATOR = "_SEP"


@functools.cache
def _layout_lark(scenario: bool) -> Lark:
    """The grammar again, keeping every token in the tree: the formatter needs to know which rule
    each `,` belongs to, and the separators' comments."""
    text = GRAMMAR_PATH.read_text(encoding="utf-8")
    if scenario:
        text += "\n" + SCENARIO_GRAMMAR_PATH.read_text(encoding="utf-8")
    return Lark(
        text,
        parser="lalr",
        lexer="contextual",
        keep_all_tokens=True,
        maybe_placeholders=False,
        cache=True,
        start="scenario_file" if scenario else "start",
    )


def layout_tokens(source: SourceFile, scenario: bool = False) -> tuple[list[LayoutToken], list[Diagnostic]]:
    """Every token of a card file (or a scenario file), for the formatter; or, when the file does
    not parse, no tokens and its syntax errors as `paxc check` reports them."""
    text = source.text if source.text.endswith("\n") else source.text + "\n"
    interactive: Any = _layout_lark(scenario).parse_interactive(text)  # Lark leaves some of it untyped
    tokens: list[Token] = []
    break_before: list[bool] = []
    try:
        for token in interactive.iter_parse():
            # The parser has taken every token before this one: ask it about the gap before.
            previous = tokens[-1].value if tokens else None
            if previous in (",", "{"):
                break_before.append(_SEPARATOR in interactive.choices())
            elif token.value == "}" and previous is not None:
                break_before.append(_accepts_separator_before(interactive, token))
            else:
                break_before.append(False)
            tokens.append(token)
        tree = interactive.feed_eof()
    except UnexpectedInput as error:
        parse_errors = _syntax_errors(source, scenario)
        return [], parse_errors or [
            _Part(source, 0, len(source.text), _layout_lark(scenario)).diagnostic(error)
        ]
    braced_commas: set[int] = set()
    calls: set[int] = set()
    for node in tree.iter_subtrees():
        children = [c for c in node.children if isinstance(c, Token)]
        if any(c.value == "{" for c in children):
            braced_commas.update(id(c) for c in children if c.value == ",")
        for before, child in zip(node.children, node.children[1:], strict=False):
            if (
                isinstance(before, Token)
                and isinstance(child, Token)
                and before.type == "NAME"
                and child.value == "("
            ):
                calls.add(id(child))
    return [
        LayoutToken(
            token.type,
            token.value,
            token.start_pos or 0,
            token.end_pos or 0,
            breakable,
            id(token) in braced_commas,
            id(token) in calls,
        )
        for token, breakable in zip(tokens, break_before, strict=True)
    ], []


def _accepts_separator_before(interactive: Any, closing: Token) -> bool:
    """Whether a new line may come before this `}`: the parse table run on a copy of the parser's
    stack of states, for a separator then the `}` (whether the table has an action for the
    separator alone is only a guess: LALR takes some lookaheads that it refuses later)."""
    states = interactive.parser_state.parse_conf.states
    stack = list(interactive.parser_state.state_stack)
    for kind in (_SEPARATOR, closing.type):
        while True:
            action, target = states[stack[-1]].get(kind, (None, None))
            if action is None:
                return False
            if action is Shift:
                stack.append(target)
                break
            if target.expansion:  # a reduction: pop the rule's symbols, go to its state
                del stack[-len(target.expansion) :]
            stack.append(states[stack[-1]][target.origin.name][1])
    return True


def _syntax_errors(source: SourceFile, scenario: bool) -> list[Diagnostic]:
    if scenario:
        return parse_scenarios(source)[1]
    return [d for d in parse(source)[1] if d.code is Code.SYNTAX]
