"""What both card-text back ends read from a card's IR before saying it in their language.

`render.py` (English) and `render_fr.py` (French) word a card differently but must agree on what
it says: which of a hook's parameters its condition pins to a value, which conditions fold into
a parameter's noun phrase and which stay a clause, which choices are said where their value is
used, how a modifier changes its value. Those readings live here once, so a card cannot say one
thing in English and another in French.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import fields, is_dataclass
from typing import Protocol, TypeVar

from paxc.compiler import ir
from paxc.compiler.vocabulary import HookSpec, ParamSpec


def and_parts(condition: ir.Expr) -> list[ir.Expr]:
    """The parts of a condition joined by `and`, in order."""
    if isinstance(condition, ir.BinaryExpr) and condition.operator == "and":
        return [*and_parts(condition.left), *and_parts(condition.right)]
    return [condition]


def nodes(node: object) -> Iterator[object]:
    """Every IR node under `node` (itself included): expressions and statements alike."""
    yield node
    if isinstance(node, tuple | list):
        for item in node:
            yield from nodes(item)
    elif is_dataclass(node) and not isinstance(node, type):
        for item in fields(node):
            child = getattr(node, item.name)
            if isinstance(child, tuple | list) or (is_dataclass(child) and not isinstance(child, type)):
                yield from nodes(child)


def mentions_param(expr: ir.Expr, name: str) -> bool:
    return any(isinstance(node, ir.HookParamRef) and node.name == name for node in nodes(expr))


def uses(node: object, name: str) -> int:
    """How many times the local value `name` is read under `node`."""
    return sum(1 for item in nodes(node) if isinstance(item, ir.LocalRef) and item.name == name)


def _in_selection(node: object, name: str) -> bool:
    """Whether `name` is used inside a selection's condition (a choice said there would read as
    chosen again for each thing selected)."""
    return any(
        isinstance(item, ir.SelectionExpr) and item.where is not None and uses(item.where, name) > 0
        for item in nodes(node)
    )


def used_next(statements: tuple[ir.Stmt, ...], name: str) -> bool:
    """Whether the next statement that does something uses `name` (values named by `let` before
    it do nothing: "exchange your hand with the hand of another player of your choice")."""
    for statement in statements:
        if uses(statement, name) > 0:  # a step that does something with it, not another question
            if _in_selection(statement, name):  # "the cards c where the guild of c is ...": said apart
                return False
            return not isinstance(
                statement,
                ir.ChooseNumberStmt | ir.ChooseSeveralStmt | ir.MayStmt | ir.IfStmt | ir.ForEachStmt,
            )
        if not isinstance(statement, ir.LetStmt):
            return False
    return False


def moved_each(statement: ir.Stmt) -> ir.MoveStmt | None:
    """The move of `for each x in L { move x to Z }` (every card of a list to one zone), if that
    is all the loop does."""
    if (
        isinstance(statement, ir.ForEachStmt)
        and statement.where is None
        and len(statement.body) == 1
        and isinstance(statement.body[0], ir.MoveStmt)
        and statement.body[0].card == ir.LocalRef(statement.variable, statement.kind)
    ):
        return statement.body[0]
    return None


def modifier_form(hook: ir.ModifierHook, forms: dict[str, str]) -> tuple[str, ir.Expr] | None:
    """Which of a modifier's own phrasings says its change, and the value that phrasing names:
    "none" (set to 0 or no; "to" with a 0 where the modifier has no "none" phrasing), "to" (set to
    a value), "more" or "less" (changed by an amount). None when the modifier has no phrasing for
    the change (the renderer then says "X is ..." itself)."""
    value: ir.Expr = hook.value
    form: tuple[str, ir.Expr] | None = None
    if hook.change == "plus":
        form = ("more", value)
    elif hook.change == "minus":
        form = ("less", value)
    elif hook.change == "to":
        if isinstance(value, ir.IntConst) and value.value == 0:
            form = ("none", value)
        elif isinstance(value, ir.BinaryExpr) and isinstance(value.left, ir.CurrentValue):
            if value.operator in ("+", "-"):
                form = ("more" if value.operator == "+" else "less", value.right)
        elif not isinstance(value, ir.BuiltinCall):
            form = ("to", value)
    if form is not None and form[0] == "none" and "none" not in forms:
        form = ("to", form[1])
    return form if form is not None and form[0] in forms else None


class NounSlot(Protocol):
    """A parameter no condition pins, as a language says it: a noun phrase that conditions add to."""

    after: list[str]  # what follows the noun: "of the same region"
    other: bool  # a second parameter of the same noun: "another card"


Value = TypeVar("Value")  # a value as a language says it (English text, a French phrase)
Slot = TypeVar("Slot", bound=NounSlot)


def pin_parameters(
    condition: ir.Expr | None,
    hook: HookSpec,
    named: set[str],
    *,
    say_value: Callable[[ir.Expr], Value],
    another_player: Value,
    new_slot: Callable[[ParamSpec], Slot],
    describe: Callable[[ir.Expr, ir.Expr, Slot], bool],
    same_field: Callable[[str], str],
    noun_key: Callable[[Slot], str],
    fold: bool = True,
) -> tuple[dict[str, Value], dict[str, Slot], ir.Expr | None]:
    """How a hook's phrase says the parameters a condition speaks of (`named`: those its phrasing
    names), in three parts:
    - the parameters the condition pins (`param == value` among its `and`-ed parts, `player !=
      you` as `another_player`), with the value said;
    - a noun phrase for each parameter left open, with the conditions on it folded in ("a Herat
      card" for `card.region == Herat` when `describe` can say it so, "... of the same region"
      for `a.region == b.region` by `same_field`), marked `other` when a parameter before it has
      the same noun ("another card"); with `fold` false no condition is folded;
    - what is left of the condition once those are said (a parameter the phrase does not name
      stays in it), or None."""
    params = {p.name: p for p in hook.params}
    if condition is None:
        return {}, {}, None
    known: dict[str, Value] = {}
    rest: list[ir.Expr] = []
    for part in and_parts(condition):
        if (
            isinstance(part, ir.BinaryExpr)
            and part.operator in ("==", "!=")
            and isinstance(part.left, ir.HookParamRef)
            and part.left.name in named
            and part.left.name not in known
            and not isinstance(part.right, ir.HookParamRef)
        ):
            if part.operator == "==":
                known[part.left.name] = say_value(part.right)
                continue
            if part.left.type.kind == "player" and isinstance(part.right, ir.YouRef):
                known[part.left.name] = another_player
                continue
        rest.append(part)
    slots: dict[str, Slot] = {}

    def slot(name: str) -> Slot:
        if name not in slots:
            slots[name] = new_slot(params[name])
        return slots[name]

    left: list[ir.Expr] = []
    for part in rest:
        mentioned = [
            name for name in params if name in named and name not in known and mentions_param(part, name)
        ]
        if not fold:
            left.append(part)
            continue
        if len(mentioned) == 1:
            name = mentioned[0]
            if describe(part, ir.HookParamRef(name, params[name].type), slot(name)):
                continue
        if (
            len(mentioned) == 2
            and isinstance(part, ir.BinaryExpr)
            and part.operator == "=="
            and isinstance(part.left, ir.FieldRef)
            and isinstance(part.right, ir.FieldRef)
            and part.left.field == part.right.field
            and isinstance(part.left.subject, ir.HookParamRef)
            and isinstance(part.right.subject, ir.HookParamRef)
        ):  # "from any card to any other card of the same region"
            slot(mentioned[1]).after.append(same_field(part.left.field))
            continue
        left.append(part)
    remaining: ir.Expr | None = None
    for part in left:
        remaining = part if remaining is None else ir.BinaryExpr("and", remaining, part, part.type)
    seen: set[str] = set()
    for param in hook.params:  # every parameter the phrase leaves open, in order: "another card"
        if param.name in named and param.name not in known and param.type.kind != "int":
            said = slot(param.name)
            said.other = noun_key(said) in seen
            seen.add(noun_key(said))
    return known, {p.name: slots[p.name] for p in hook.params if p.name in slots}, remaining
