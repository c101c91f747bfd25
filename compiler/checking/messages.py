"""How the checker's messages name what they speak of, and the errors several of its parts report.

A type is named with its article (`a card`, `a list of region`, `a number that may be absent`),
a value written in a card by its kind (`the number 3`, `'Kabul'`), a statement by its keyword
(`a loop ('for each')`) and pointed at by its first word, an operation by its signature
(`place_armies count in region`). Every part of the checker words its errors with these, so
that one thing is always called the same; this module is the bottom layer and knows no part.
"""

from __future__ import annotations

from paxc.compiler import ast
from paxc.compiler.diagnostics import Code, Reporter
from paxc.compiler.source import Span
from paxc.compiler.types import Type
from paxc.compiler.vocabulary import HookSpec

# The blocks that hold an effect: they stand in a card or an ability, never inside an effect.
EFFECT_BLOCKS = (ast.On, ast.When, ast.WhileInPlay, ast.Instead)


def a(noun: str) -> str:
    return ("an " if noun[:1] in "aeiou" else "a ") + noun


def article(type_: Type) -> str:
    if type_.kind == "list":
        text = f"a list of {type_.element}"
    else:
        text = a(type_.name)
    return f"{text} that may be absent" if type_.optional else text


def counted(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def expr_kind(expr: ast.Expr) -> str:
    if isinstance(expr, ast.IntLit):
        return f"the number {expr.value}"
    if isinstance(expr, ast.StrLit):
        return "a quoted string"
    if isinstance(expr, ast.BoolLit):
        return "true/false"
    if isinstance(expr, ast.Name):
        return f"'{expr.ident.text}'"
    return "an expression"


def signature_text(hook: HookSpec) -> str:
    parts = [hook.name]
    parts += [p.name for p in hook.params if p.preposition is None]
    parts += [f"{p.preposition} {p.name}" for p in hook.params if p.preposition is not None]
    return " ".join(parts)


def describe(statement: ast.Statement) -> str:
    """How a statement is named in a misplacement message."""
    return {
        ast.On: "a one-shot effect ('on ...')",
        ast.When: "a trigger ('when ...')",
        ast.WhileInPlay: "a continuous effect ('while in play')",
        ast.Instead: "a replacement ('instead of ...')",
        ast.Ability: "an ability",
        ast.Side: "a card side",
        ast.Errata: "an erratum",
        ast.Let: "'let'",
        ast.If: "'if'",
        ast.ForEach: "a loop ('for each')",
        ast.Choose: "a choice ('choose')",
        ast.ChooseSeveral: "a choice ('choose')",
        ast.ChooseNumber: "a choice ('choose')",
        ast.ChooseOne: "a choice ('choose one')",
        ast.May: "an optional step ('may')",
        ast.Until: "a lasting effect ('until ...')",
        ast.Set: "a card's memory ('set')",
        ast.Modify: "a modifier ('modify')",
        ast.Phrase: "an operation",
    }[type(statement)]


def head_span(statement: ast.Statement) -> Span:
    """Where a misplaced statement is pointed at: its first line, not its whole block."""
    span = statement.span
    return Span(span.path, span.line, span.column, span.line, span.column + _keyword_width(statement))


def _keyword_width(statement: ast.Statement) -> int:
    if isinstance(statement, ast.Phrase):
        return len(statement.head.text)
    words = {
        ast.On: 2,
        ast.When: 4,
        ast.WhileInPlay: 13,
        ast.Instead: 10,
        ast.Ability: 7,
        ast.Side: 4,
        ast.Errata: 6,
        ast.Let: 3,
        ast.If: 2,
        ast.ForEach: 8,
        ast.Choose: 6,
        ast.ChooseSeveral: 6,
        ast.ChooseNumber: 6,
        ast.ChooseOne: 10,
        ast.May: 3,
        ast.Until: 5,
        ast.Set: 3,
        ast.Modify: 6,
    }
    return words.get(type(statement), 1)


def type_error(reporter: Reporter, span: Span, what: str, expected: Type, got: Type) -> None:
    """`what` must be of the type `expected`; a value that may be absent is told how to test it."""
    hint = None
    if got.optional and expected.accepts(got.required()):
        hint = (
            "it may be absent (an attribute some cards lack, a memory not set yet): "
            "use it inside 'if ... is set { }', or compare it"
        )
    reporter.error(span, Code.WRONG_TYPE, f"{what} must be {article(expected)}, not {article(got)}", hint)


def not_up_to(reporter: Reporter, phrase: ast.Phrase) -> None:
    """`up to` written after anything but `pay` (an attribute line or another operation)."""
    reporter.error(
        phrase.span,
        Code.WRONG_ARGUMENTS,
        f"'{phrase.head.text} up to ...': only 'pay' takes 'up to'",
        "'pay up to N' pays what the payer has, up to N",
    )
