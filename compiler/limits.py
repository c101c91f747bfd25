"""The card language's limits: how deep blocks, loops and expressions may nest, how large a number
may be. They are measured on the parse tree without recursion, before anything walks it
recursively (the tree-to-AST transformer, the checker, the back ends), so even a card nested
100,000 deep gets a diagnostic, never a RecursionError. Within the limits, every card that passes
the checker compiles to Python that Python's own compiler accepts.

Each limit is generous for designers (the cards of both games nest at most 4 blocks, 1 loop and
5 levels of expression, and their largest number is 2999) and leaves Python a safe margin, as said
beside each. The README's "Limits" section tells designers the same.
"""

from __future__ import annotations

from dataclasses import dataclass

from lark import Token, Tree

from paxc.compiler.diagnostics import Code, Diagnostic
from paxc.compiler.source import Span

# Braces nest at most this deep, the card's own counted (an `else if` counts as an `if` inside the
# `else`, which is what it is). Each block of an effect indents its generated function one level,
# and Python refuses more than 100 levels of indentation; the compiler's own recursion is also
# bounded by the nesting (see MAX_EXPRESSION_DEPTH).
MAX_BLOCK_DEPTH = 32

# `for each` loops nest at most this deep. Each is a `for` loop of the generated function, and
# Python refuses more than 20 nested loops in one function ("too many statically nested blocks").
MAX_LOOP_DEPTH = 16

# An expression nests at most this deep: each operator, `not`, `.`, call and selection (`each c in
# LIST where COND`) is a level, and a chain
# is one level per operator (`a + b + c` nests 2 deep: it is `(a + b) + c`). Generated code wraps
# each level in at most 2 parentheses, plus at most 5 for the statement around it, and Python
# refuses more than 200 nested parentheses: 2 * 48 + 5 = 101. The compiler's own recursion (the
# transformer, the checker, the back ends) follows the nesting: a card at every limit at once
# needs 216 frames of Python's default 1,000 (tests/compiler/test_limits.py keeps it under 400).
MAX_EXPRESSION_DEPTH = 48

# Numbers are whole numbers from 0 to MAX_NUMBER: counts, costs, ranks and card numbers, nine digits
# being far beyond any game. A bound also keeps a 5,000-digit literal from reaching int(), which
# refuses strings over 4,300 digits.
MAX_NUMBER = 999_999_999

_EXPRESSIONS = frozenset(
    {
        "or_expr",
        "and_expr",
        "comparison",
        "sum",
        "product",
        "negation",
        "attribute",
        "call",
        "integer",
        "string",
        "true",
        "false",
        "you",
        "this",
        "name",
        "selection",
        "where_clause",
        "is_set",
        "is_not_set",
        "holding",
        "cards_in",
        "every_zone",
        "card_ref",  # a scenario file's `card 23` or `card "Name"` (grammar/scenario.lark)
    }
)
# `for each p` and `for each c in LIST`: each is a Python `for` loop.
_LOOPS = frozenset({"for_stmt", "for_in_stmt"})
# Rules whose children are a left-folded chain `a op b op c`; the operator tokens are skipped.
_CHAINS = frozenset({"or_expr", "and_expr", "comparison", "sum", "product"})


@dataclass
class _Visit:
    """A node of the walk: where it stands, and (once its children are done) its depth."""

    node: Tree[Token]
    block_depth: int
    loop_depth: int
    in_expression: bool
    children_pushed: bool = False


def prune(tree: Tree[Token], path: str, line_offset: int = 0, item_kind: str = "card") -> list[Diagnostic]:
    """The limits broken by the cards of a parsed file (or part of one, starting after
    `line_offset` lines); each card that breaks one is taken out of `tree` (only the diagnostics
    report it), so nothing after this walks a tree past the limits. A scenario file's items are
    its scenarios (`item_kind="scenario"`), whose expectations and numbers are the card language's."""
    diagnostics: list[Diagnostic] = []
    kept: list[Tree[Token] | Token] = []
    for item in tree.children:
        found = (
            _measure(item, _Where(path, line_offset, item_kind))
            if isinstance(item, Tree) and item.data == item_kind
            else []
        )
        diagnostics.extend(found)
        if not found:
            kept.append(item)
    tree.children = kept
    return diagnostics


@dataclass(frozen=True)
class _Where:
    """The file parsed, and how many lines of it come before the text parsed."""

    path: str
    line_offset: int
    item_kind: str  # "card", or "scenario" in a scenario file


def _span(where: _Where, node: Tree[Token] | Token) -> Span:
    path, offset = where.path, where.line_offset
    if isinstance(node, Token):
        line, column = node.line or 1, node.column or 1
        return Span(
            path, line + offset, column, (node.end_line or line) + offset, node.end_column or column + 1
        )
    meta = node.meta
    if getattr(meta, "empty", True):
        return Span(path, 1 + offset, 1, 1 + offset, 2)
    return Span(path, meta.line + offset, meta.column, meta.end_line + offset, meta.end_column)


def _number_too_large(digits: str) -> bool:
    """Whether a number token is past MAX_NUMBER, without converting it (int() refuses over 4,300
    digits, and would be slow long before)."""
    significant = digits.lstrip("0")
    limit = str(MAX_NUMBER)
    return len(significant) > len(limit) or (len(significant) == len(limit) and significant > limit)


def _measure(card: Tree[Token], where: _Where) -> list[Diagnostic]:
    """Every number past the limit, and the first place each nesting limit is passed, in one
    iterative walk of the card."""
    diagnostics: list[Diagnostic] = []
    too_deep: dict[str, Diagnostic] = {}
    depths: dict[int, int] = {}  # expression node id -> its depth
    stack = [_Visit(card, 0, 0, False)]
    while stack:
        visit = stack[-1]
        node = visit.node
        if not visit.children_pushed:
            visit.children_pushed = True
            block_depth, loop_depth = visit.block_depth, visit.loop_depth
            if node.data == "block":
                block_depth += 1
                if block_depth > MAX_BLOCK_DEPTH and "block" not in too_deep:
                    too_deep["block"] = Diagnostic(
                        _span(where, node),
                        Code.TOO_DEEP,
                        f"blocks nest more than {MAX_BLOCK_DEPTH} deep here",
                        "the braces of the card, its abilities, effects, 'if', 'else if' and "
                        "'for each' all count; move the inner part into an effect of its own",
                    )
            elif node.data in _LOOPS:
                loop_depth += 1
                if loop_depth > MAX_LOOP_DEPTH and "loop" not in too_deep:
                    too_deep["loop"] = Diagnostic(
                        _span(where, node),
                        Code.TOO_DEEP,
                        f"'for each' loops nest more than {MAX_LOOP_DEPTH} deep here",
                    )
            for child in reversed(node.children):
                if isinstance(child, Tree):
                    # `else if`: the inner `if` stands in the `else` as if in a block of its own.
                    else_if = node.data == "if_stmt" and child.data == "if_stmt"
                    if else_if:
                        if block_depth + 1 > MAX_BLOCK_DEPTH and "block" not in too_deep:
                            too_deep["block"] = Diagnostic(
                                _span(where, child),
                                Code.TOO_DEEP,
                                f"blocks nest more than {MAX_BLOCK_DEPTH} deep here",
                                "each 'else if' counts as an 'if' inside the 'else'; "
                                "move some branches into an effect of their own",
                            )
                    stack.append(_Visit(child, block_depth + else_if, loop_depth, node.data in _EXPRESSIONS))
                elif child.type == "INT" and _number_too_large(child.value):
                    shown = child.value if len(child.value) <= 20 else f"of {len(child.value):,} digits"
                    diagnostics.append(
                        Diagnostic(
                            _span(where, child),
                            Code.NUMBER_TOO_LARGE,
                            f"the number {shown} is too large",
                            f"numbers go from 0 to {MAX_NUMBER:,}",
                        )
                    )
            continue
        stack.pop()
        if node.data not in _EXPRESSIONS:
            continue
        depth = _expression_depth(node, depths)
        depths[id(node)] = depth
        if depth > MAX_EXPRESSION_DEPTH and not visit.in_expression and "expression" not in too_deep:
            too_deep["expression"] = Diagnostic(
                _span(where, node),
                Code.TOO_DEEP,
                f"this expression nests {depth:,} deep; the limit is {MAX_EXPRESSION_DEPTH}",
                "each operator, 'not', '.' and call is a level, one per operator in a chain "
                "('a + b + c' is 2 deep); "
                + (
                    "name a part with 'let'"
                    if where.item_kind == "card"
                    else "split it into several expectations"
                ),
            )
    return sorted([*diagnostics, *too_deep.values()], key=Diagnostic.sort_key)


def _expression_depth(node: Tree[Token], depths: dict[int, int]) -> int:
    """The depth of the AST the parser builds from `node`, its children's depths being known."""
    children = [depths[id(c)] for c in node.children if isinstance(c, Tree)]
    if node.data == "where_clause":  # `where COND` of a selection: the condition's own depth
        return max(children)
    if not children:
        return 1
    if node.data in _CHAINS:
        depth = children[0]
        for child in children[1:]:
            depth = max(depth, child) + 1
        return depth
    return max(children) + 1
