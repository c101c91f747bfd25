"""Stacked modifiers: the stage of each `modify` line, and which modifiers conflict.

When several modifiers change one value, the runtime applies them in stages whatever order their
cards came into play (`runtime/core/abilities.py: in_stages`): every replacement (`to V`), then
every scaling (a `to` whose value or condition reads `current`), adjustment (`by N`, or the same
written `to current + N`), ceiling (`to at most V`) and floor (`to at least V`). Adjustments add up, the lowest ceiling and the
highest floor hold, so their order within a stage never matters. Two replacements, or two
scalings, of one value can disagree: which acts last would then depend on the order of play.

Conflicting modifiers: two modifiers of the same hook in the same stage (replace or scale) conflict
unless
- their values are the same (the same constants, the same reading of `current`; a value that
  speaks of `you` or of what a card remembers differs from card to card, so it is never the same),
- or they can never both be in effect (two sides of one card),
- or their conditions cannot both hold: each has, among the parts joined by `and`, a test
  `X == A` / `X == B` of the same X against two different constants (`this` counts as the
  constant of its card: `card == this` on two cards never both hold).
Anything else is refused (`conflicting-modifiers`), so a result never depends on the order of play.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from paxc.compiler import ast, ir
from paxc.compiler.source import Span
from paxc.compiler.vocabulary import HookSpec

# The stages, in the order the runtime applies them (the names of `runtime.effects.Stage`).
STAGES = ("replace", "scale", "adjust", "ceiling", "floor")
_STAGE_OF_CHANGE = {"plus": "adjust", "minus": "adjust", "at_most": "ceiling", "at_least": "floor"}
# The stages whose modifiers could give a different result in another order.
ORDER_DEPENDENT = ("replace", "scale")


def stage_of(change: str, value: ir.Expr, when: ir.Expr | None) -> str:
    """The stage of a `modify` line: its form, and for `to`, whether it reads `current`.

    `to current + N` and `to current - N` (N not reading `current`, nor the condition) say what
    `by N` and `by -N` say, and are adjustments like them: cards written before `by` existed
    keep their meaning, and never conflict with one another."""
    if change != "to":
        return _STAGE_OF_CHANGE[change]
    if when is not None and reads(when):
        return "scale"
    if _is_adjustment(value):
        return "adjust"
    return "scale" if reads(value) else "replace"


def _is_adjustment(value: ir.Expr) -> bool:
    if not isinstance(value, ir.BinaryExpr) or value.operator not in ("+", "-"):
        return False
    if isinstance(value.left, ir.CurrentValue) and not reads(value.right):
        return True  # current + N, current - N
    return value.operator == "+" and isinstance(value.right, ir.CurrentValue) and not reads(value.left)


def reads(expr: ir.Expr) -> bool:
    """Whether an expression reads `current`."""
    return any(isinstance(e, ir.CurrentValue) for e in _walk(expr))


def current_in(expr: ast.Expr) -> ast.Name | None:
    """The first `current` written in an expression, if any."""
    for node in _walk_ast(expr):
        if isinstance(node, ast.Name) and node.ident.text == "current":
            return node
    return None


def _walk(expr: ir.Expr) -> Iterator[ir.Expr]:
    yield expr
    for field in dataclasses.fields(expr):
        for child in _children(getattr(expr, field.name)):
            if field.name != "value" or not isinstance(expr, ir.ThisField):
                yield from _walk(child)


def _children(value: object) -> Iterator[ir.Expr]:
    items = value if isinstance(value, tuple) else (value,)
    for item in items:
        if dataclasses.is_dataclass(item) and hasattr(item, "type") and not isinstance(item, type):
            yield item  # type: ignore[misc]  # every IR expression has a type; HookSpecs have none


def _walk_ast(node: object) -> Iterator[object]:
    yield node
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        for field in dataclasses.fields(node):
            value = getattr(node, field.name)
            for item in value if isinstance(value, tuple) else (value,):
                if dataclasses.is_dataclass(item) and not isinstance(item, type):
                    yield from _walk_ast(item)


# ------------------------------------------------------------------ conflicts


@dataclass(frozen=True, slots=True)
class Stacked:
    """What the conflict check needs of one modifier: plain data, so a build cache keeps it."""

    hook: str
    stage: str
    value: str | None  # the value's canonical text; None when it differs from card to card
    tests: tuple[tuple[str, str], ...]  # (X, constant) of each `X == constant` in its condition
    card: int
    side: int | None  # which side of a double-sided card (None: the card's own abilities)
    span: Span  # the `modify` line
    version: int = 0  # which version of the card (0 as printed, else an erratum's)

    def plain(self) -> dict[str, object]:
        """As JSON data (the build cache keeps it beside the file's module)."""
        return {
            "hook": self.hook,
            "stage": self.stage,
            "value": self.value,
            "tests": [list(test) for test in self.tests],
            "card": self.card,
            "side": self.side,
            "version": self.version,
            "span": [
                self.span.path,
                self.span.line,
                self.span.column,
                self.span.end_line,
                self.span.end_column,
            ],
        }

    @staticmethod
    def from_plain(data: object) -> Stacked | None:
        """Back from `plain`; None for anything else (a damaged cache entry)."""
        if not isinstance(data, dict) or set(data) != {
            "hook",
            "stage",
            "value",
            "tests",
            "card",
            "side",
            "span",
            "version",
        }:
            return None
        hook, stage, value, tests = data["hook"], data["stage"], data["value"], data["tests"]
        card, side, span, version = data["card"], data["side"], data["span"], data["version"]
        if not (
            isinstance(hook, str)
            and stage in STAGES
            and (value is None or isinstance(value, str))
            and isinstance(tests, list)
            and all(isinstance(t, list) and len(t) == 2 and all(isinstance(x, str) for x in t) for t in tests)
            and type(card) is int
            and (side is None or type(side) is int)
            and type(version) is int
            and isinstance(span, list)
            and len(span) == 5
            and isinstance(span[0], str)
            and all(type(n) is int for n in span[1:])
        ):
            return None
        return Stacked(
            hook, str(stage), value, tuple((t[0], t[1]) for t in tests), card, side, Span(*span), version
        )


def stacked(modifier: ir.ModifierHook, card: int, side: int | None, span: Span, version: int = 0) -> Stacked:
    tests: list[tuple[str, str]] = []
    for part in _conjuncts(modifier.when):
        if isinstance(part, ir.BinaryExpr) and part.operator == "==":
            for subject, constant in ((part.left, part.right), (part.right, part.left)):
                subject_text, constant_text = _canonical(subject, card), _constant(constant, card)
                if subject_text is not None and constant_text is not None:
                    tests.append((subject_text, constant_text))
    return Stacked(
        modifier.modifier.name,
        modifier.stage,
        _canonical(modifier.value, card),
        tuple(tests),
        card,
        side,
        span,
        version,
    )


def conflicts(modifiers: Sequence[Stacked]) -> list[tuple[Stacked, Stacked]]:
    """Each pair of modifiers whose result would depend on the order of play (the later one
    second), in the order given."""
    found: list[tuple[Stacked, Stacked]] = []
    by_hook: dict[tuple[str, str], list[Stacked]] = {}
    for modifier in modifiers:
        if modifier.stage in ORDER_DEPENDENT:
            by_hook.setdefault((modifier.hook, modifier.stage), []).append(modifier)
    for group in by_hook.values():
        for index, later in enumerate(group):
            for earlier in group[:index]:
                if _may_disagree(earlier, later):
                    found.append((earlier, later))
    return found


def _may_disagree(a: Stacked, b: Stacked) -> bool:
    if a.value is not None and a.value == b.value:
        return False
    if a.card == b.card and (a.side != b.side or a.version != b.version):
        return False  # two sides, or two versions, of one card are never in effect together
    tested = dict(a.tests)
    return not any(subject in tested and tested[subject] != constant for subject, constant in b.tests)


def _conjuncts(expr: ir.Expr | None) -> Iterator[ir.Expr]:
    if expr is None:
        return
    if isinstance(expr, ir.BinaryExpr) and expr.operator == "and":
        yield from _conjuncts(expr.left)
        yield from _conjuncts(expr.right)
    else:
        yield expr


def _constant(expr: ir.Expr, card: int) -> str | None:
    if isinstance(expr, ir.ThisField):
        return _constant(expr.value, card)
    if isinstance(expr, (ir.IntConst, ir.TextConst, ir.BoolConst, ir.EnumConst, ir.ThisRef)):
        return _canonical(expr, card)
    return None


def _canonical(expr: ir.Expr, card: int) -> str | None:
    """A text equal for two expressions exactly when they mean the same on any two cards; None
    for an expression whose meaning depends on the card's owner or memory."""
    if isinstance(expr, (ir.YouRef, ir.MemoryRef, ir.LocalRef)):
        return None
    if isinstance(expr, ir.IntConst):
        return str(expr.value)
    if isinstance(expr, ir.TextConst):
        return repr(expr.value)
    if isinstance(expr, ir.BoolConst):
        return "true" if expr.value else "false"
    if isinstance(expr, ir.EnumConst):
        return f"{expr.type.name}.{expr.member}"
    if isinstance(expr, ir.ThisRef):
        return f"card {card}"
    if isinstance(expr, ir.ThisField):
        return _canonical(expr.value, card)
    if isinstance(expr, ir.CurrentValue):
        return "current"
    if isinstance(expr, ir.HookParamRef):
        return f"param {expr.name}"
    parts: list[str] = [type(expr).__name__]
    for field in dataclasses.fields(expr):
        value = getattr(expr, field.name)
        if field.name == "type":
            continue
        if isinstance(value, HookSpec):
            parts.append(value.name)
            continue
        for item in value if isinstance(value, tuple) else (value,):
            if dataclasses.is_dataclass(item) and hasattr(item, "type") and not isinstance(item, type):
                text = _canonical(item, card)  # type: ignore[arg-type]
                if text is None:
                    return None
                parts.append(text)
            elif isinstance(item, (str, int, bool)) or item is None:
                parts.append(repr(item))
            else:
                return None
    return "(" + " ".join(parts) + ")"
