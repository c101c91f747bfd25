"""The hooks an effect names, and the modifiers of continuous and lasting effects.

`hook` finds the trigger, replaceable event or modifier a block names; `check_asked` reports a
condition that tests a parameter for a value the game never gives it (the vocabulary lists the
values it asks about: `counts_as_army(piece: piece {tribe}, ...)`). `while_in` checks a `while
in play` (or `while in PLACE`) block, and `modifiers_only` the body of an `until` too: `modify
HOOK to VALUE [when TEST]` lines only, each a hook of its own, checked in a scope of the hook's
parameters and `current` (a modifier is asked later, when the rules compute the value: it sees
none of the effect's names). Each modifier is also kept on the card (CardContext.stacked) for
the check of conflicting modifiers over the whole game (stacking.py). A continuous modifier
giving, with no condition, the value its vocabulary declares halts the game (`halts to false`)
is refused (`game-cannot-end`). Its values are
expressions (expressions.py); it holds no statements, so the statement checker can use it for
`until`.
"""

from __future__ import annotations

import dataclasses

from paxc.compiler import ast, ir, stacking
from paxc.compiler.checking.expressions import ExpressionChecker
from paxc.compiler.checking.messages import a, article, describe, head_span
from paxc.compiler.checking.scopes import Binding, CardContext, Scope
from paxc.compiler.diagnostics import Code, Reporter
from paxc.compiler.source import Span
from paxc.compiler.types import INT
from paxc.compiler.vocabulary import HookSpec, Vocabulary

# How each kind of `modify` is written, for messages.
_CHANGE_WORDS = {"to": "to", "plus": "by", "minus": "by", "at_most": "to at most", "at_least": "to at least"}


class ModifierChecker:
    """Checks hooks by name and the modifiers of one game's cards; `card` is the card being checked."""

    def __init__(
        self, vocabulary: Vocabulary, reporter: Reporter, card: CardContext, expressions: ExpressionChecker
    ) -> None:
        self.vocab = vocabulary
        self.reporter = reporter
        self.card = card
        self.expressions = expressions

    def hook(self, ident: ast.Ident, kind: str) -> HookSpec | None:
        hook = self.vocab.hooks.get(ident.text)
        if hook is not None and hook.kind == kind:
            return hook
        if hook is not None:
            self.reporter.error(
                ident.span, Code.WRONG_TYPE, f"'{ident.text}' is {a(hook.kind)}, not {a(kind)}"
            )
        else:
            self.reporter.unknown(ident.span, kind, ident.text, self.vocab.hooks_of(kind), listing=True)
        return None

    def check_asked(self, hook: HookSpec, condition: ir.Expr, span: Span) -> None:
        """A condition that needs a value of a parameter the runtime never gives (the vocabulary's
        `piece: piece {tribe}`) could never hold: the ability would do nothing."""
        asked = {p.name: p.asked for p in hook.params if p.asked}
        if not asked:
            return
        never = _never_given(condition, asked)
        if never is not None:
            name, member = never
            self.reporter.error(
                span,
                Code.WRONG_TYPE,
                f"'{name} == {member}' never holds: the game gives {hook.kind} '{hook.name}' only "
                + f"{name} {' or '.join(asked[name])}",
                "the runtime never asks about the other values (cards/<game>/game.pax lists them)",
            )

    def while_in(self, block: ast.WhileInPlay) -> list[ir.ModifierHook]:
        """`while in play` (or `while in PLACE`, a place the vocabulary declares) holds modifiers
        only, each one a hook of its own."""
        if block.place is None:
            return self.modifiers_only(block.body, "'while in play'", continuous=True)
        place = block.place.text
        modifiers = self.modifiers_only(block.body, f"'while in {place}'", continuous=True)
        if place not in self.vocab.places:
            self.reporter.unknown(block.place.span, "place", place, ["play", *self.vocab.places])
            return []
        text = self.vocab.places[place]
        return [dataclasses.replace(m, place=place, place_text=text) for m in modifiers]

    def modifiers_only(self, body: ast.Block, where: str, continuous: bool = False) -> list[ir.ModifierHook]:
        """The modifiers of `body`; `continuous`: a `while in ...` block, acting for as long as its
        card is in play (or in its place), not for a duration."""
        modifiers: list[ir.ModifierHook] = []
        for statement in body.statements:
            if not isinstance(statement, ast.Modify):
                self.reporter.error(
                    head_span(statement),
                    Code.MISPLACED_EFFECT,
                    f"{describe(statement)} cannot stand in {where}",
                    "a continuous effect holds 'modify ... to ...' lines; one-shot effects go in 'on ...' or 'when ...'",
                )
                continue
            modifier = self._modify(statement)
            if modifier is not None:
                modifiers.append(modifier)
                if continuous:
                    self._check_halts(statement, modifier)
        return modifiers

    def _check_halts(self, statement: ast.Modify, modifier: ir.ModifierHook) -> None:
        """A continuous modifier giving, with no condition, a value its vocabulary declares halts
        the game (`halts to false "why"`): the game could not end while its card is in effect, so
        the card is refused. With a condition, or for a duration (`until`), it is accepted: it
        then acts only at times, as printed cards do (Public Withdrawal: no purchase of itself)."""
        halts = modifier.modifier.halts
        if halts is None or statement.once is not None:
            return
        if modifier.when is not None and not (
            isinstance(modifier.when, ir.BoolConst) and modifier.when.value
        ):
            return
        value = modifier.value
        if not isinstance(value, (ir.BoolConst, ir.IntConst)):
            return  # computed in play: whether it halts is the play's, not the card's
        if not halts.reached(modifier.change, value.value):
            return
        shown = str(value.value).lower()
        self.reporter.error(
            statement.span,
            Code.GAME_CANNOT_END,
            f"'modify {modifier.modifier.name} {_CHANGE_WORDS[modifier.change]} {shown}' with no condition "
            f"leaves the game unable to end while this card is in effect: {halts.why}",
            "limit it with a condition ('modify ... when TEST') or to a while ('until DURATION { ... }' "
            "in a one-shot effect)",
        )

    def _modify(self, statement: ast.Modify) -> ir.ModifierHook | None:
        hook = self.hook(statement.hook, "modifier")
        scope = Scope()
        if hook is not None:
            for param in hook.params:
                scope.bind(param.name, Binding(param.type, True))
            if hook.result is not None:
                # `current`: the value the rules (and earlier stages) computed before this card.
                scope.bind("current", Binding(hook.result, True))
        else:
            scope.hook_unknown = True
        bounded = statement.change != "to"  # `by N`, `to at most V`, `to at least V`: numbers
        if bounded and hook is not None and hook.result is not None and hook.result != INT:
            self.reporter.error(
                statement.hook.span,
                Code.WRONG_TYPE,
                f"'{_CHANGE_WORDS[statement.change]}' changes a number; modifier '{hook.name}' gives "
                f"{article(hook.result)}",
                f"write 'modify {hook.name} to VALUE'",
            )
            return None
        current = stacking.current_in(statement.value) or (
            stacking.current_in(statement.when) if statement.when is not None else None
        )
        if bounded and current is not None:
            self.reporter.error(
                current.span,
                Code.MISPLACED_EFFECT,
                f"'current' cannot stand in 'modify ... {_CHANGE_WORDS[statement.change]}'",
                "an adjustment, ceiling or floor acts on whatever the value is at its stage; "
                "only 'modify ... to VALUE' reads the value so far (it is then a scaling)",
            )
            return None
        value = self.expressions.expr(statement.value, scope, hook.result if hook is not None else None)
        when = self.expressions.condition(statement.when, scope) if statement.when is not None else None
        if hook is not None and when is not None and statement.when is not None:
            self.check_asked(hook, when, statement.when.span)
        if hook is None or value is None or hook.result is None:
            return None
        if not hook.result.accepts(value.type):
            self.reporter.error(
                statement.value.span,
                Code.WRONG_TYPE,
                f"modifier '{hook.name}' gives {article(hook.result)}, not {article(value.type)}",
            )
            return None
        if statement.once is not None and not self._may_be_once(statement, hook):
            return None
        stage = stacking.stage_of(statement.change, value, when)
        modifier = ir.ModifierHook(
            hook,
            value,
            when,
            statement.span.line,
            statement.change,
            stage,
            once_per_round=statement.once == "round",
        )
        self.card.stacked.append(
            stacking.stacked(modifier, self.card.number, self.card.side, statement.span, self.card.version)
        )
        return modifier

    def _may_be_once(self, statement: ast.Modify, hook: HookSpec) -> bool:
        """`once per round` on a modifier: one use a round, the rules telling when they act on the
        value (its hook declared `spent`); `once per turn` is not offered."""
        if statement.once != "round":
            self.reporter.error(
                statement.span,
                Code.MISPLACED_EFFECT,
                f"a modifier may be limited to once per round, not once per {statement.once}",
            )
            return False
        if not hook.spent:
            self.reporter.error(
                statement.span,
                Code.MISPLACED_EFFECT,
                f"modifier '{hook.name}' cannot be limited to once per round: the rules of this game do "
                "not say when they act on its value",
                f"the vocabulary declares a modifier whose use the rules tell with 'spent' "
                f"('modifier {hook.name}(...) -> ... \"...\" spent'), and the rules spend it when they "
                "act on the value (core.abilities.modified(..., spend=True))",
            )
            return False
        return True


def _never_given(condition: ir.Expr, asked: dict[str, tuple[str, ...]]) -> tuple[str, str] | None:
    """A comparison that makes `condition` unable to hold, the hook's parameters having only the
    values `asked`: (parameter, value), or None when it may hold."""
    if not isinstance(condition, ir.BinaryExpr):
        return None
    if condition.operator == "==":
        for param, value in ((condition.left, condition.right), (condition.right, condition.left)):
            if (
                isinstance(param, ir.HookParamRef)
                and isinstance(value, ir.EnumConst)
                and param.name in asked
                and value.member not in asked[param.name]
            ):
                return param.name, value.member
        return None
    left, right = _never_given(condition.left, asked), _never_given(condition.right, asked)
    if condition.operator == "and":
        return left or right
    if condition.operator == "or":
        return left if left is not None and right is not None else None
    return None
