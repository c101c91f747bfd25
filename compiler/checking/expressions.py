"""Expressions: what a value written in an effect is, and its type.

`ExpressionChecker.expr` lowers an expression of the card language to IR, reporting what is
wrong with it: literals, names (a hook's parameter, a local name, `current`, an enum's member, a
zone), operators, conditions, the game's queries and the language's own functions, `each x in
LIST where TEST`, `x in LIST`, `is set`, `cards in ZONE`, `rupees of p`, `card.x`. What the name
after a card, a zone or money means is asked of members.py; names are looked up and bound in
the effect's Scope (scopes.py). `argument`, `condition` and `list_value` are how the parts above
(statements, operations, modifiers, card attributes) ask for a value of a given type.
Expressions hold no statements, so this part needs none of the parts above it.
"""

from __future__ import annotations

from paxc.compiler import ast, ir
from paxc.compiler.checking.members import Members
from paxc.compiler.checking.messages import a, article, counted, signature_text, type_error
from paxc.compiler.checking.scopes import CardContext, Scope, bind_local, origins_of, stable
from paxc.compiler.diagnostics import Code, Reporter
from paxc.compiler.types import BOOL, CARD, CARD_TYPE, INT, PLAYER, TEXT, ZONE, Type, enum_type, list_of
from paxc.compiler.vocabulary import Vocabulary

_COMPARISONS = ("==", "!=", "<", "<=", ">", ">=")
# The language's own functions; a game's query of the same name takes precedence.
BUILTIN_FUNCTIONS = ("count", "exists", "sum", "min", "max")
_ARITHMETIC = ("+", "-", "*")

# Keywords a misspelling of which reaches the checker as a name: `yu` for `you` is a name (the
# grammar's words: grammar/pax.lark).
_VALUE_KEYWORDS = ("you", "this", "true", "false")


class ExpressionChecker:
    """Checks the expressions of one game's cards; `card` is the card being checked."""

    def __init__(self, vocabulary: Vocabulary, reporter: Reporter, card: CardContext) -> None:
        self.vocab = vocabulary
        self.reporter = reporter
        self.members = Members(vocabulary, reporter, card)

    def argument(self, expr: ast.Expr, expected: Type, what: str, scope: Scope) -> ir.Expr | None:
        """A value of the type `expected`; `what` names it in the error."""
        value = self.expr(expr, scope, expected)
        if value is None:
            return None
        if not expected.accepts(value.type):
            type_error(self.reporter, expr.span, f"'{what}'", expected, value.type)
            return None
        return value

    def condition(self, expr: ast.Expr | None, scope: Scope) -> ir.Expr | None:
        """A yes/no test, or None where none is written."""
        if expr is None:
            return None
        value = self.expr(expr, scope, BOOL)
        if value is not None and value.type.optional and BOOL.accepts(value.type.required()):
            # A card without this yes/no attribute does not have it: only a present `true` holds.
            return ir.BinaryExpr("==", value, ir.BoolConst(True, BOOL), BOOL)
        if value is not None and not BOOL.accepts(value.type):
            type_error(self.reporter, expr.span, "a condition", BOOL, value.type)
            return None
        return value

    def list_value(self, expr: ast.Expr, scope: Scope, what: str) -> tuple[ir.Expr | None, Type | None]:
        """A value that must be a list (what a loop, choice or selection goes through), and the
        type of its values."""
        value = self.expr(expr, scope, None)
        if value is None:
            return None, None
        if value.type.kind != "list" or value.type.element is None:
            self.reporter.error(
                expr.span,
                Code.WRONG_TYPE,
                f"{what} goes through a list, not {article(value.type)}",
                "a query that answers a list (such as a zone's cards) or a list attribute, e.g. card.impact",
            )
            return None, None
        return value, value.type.element.required()

    def money_holder(self, expr: ast.Expr, what: str, scope: Scope) -> ir.Expr | None:
        """A player, or a card (money on cards): whoever money goes to or comes from."""
        value = self.expr(expr, scope, None)
        if value is None:
            return None
        if not (PLAYER.accepts(value.type) or CARD.accepts(value.type)):
            self.reporter.error(
                expr.span,
                Code.WRONG_TYPE,
                f"'{what}' wants a player or a card, not {value.type}",
                None,
            )
            return None
        return value

    def expr(self, expr: ast.Expr, scope: Scope, expected: Type | None) -> ir.Expr | None:
        """An expression lowered to IR, or None once its errors are reported. `expected`: the type
        the place wants (None: any), which tells a card type's or an enum member's name apart."""
        if isinstance(expr, ast.IntLit):
            return ir.IntConst(expr.value, INT)
        if isinstance(expr, ast.StrLit):
            return ir.TextConst(expr.value, TEXT)
        if isinstance(expr, ast.BoolLit):
            return ir.BoolConst(expr.value, BOOL)
        if isinstance(expr, ast.You):
            return ir.YouRef(PLAYER)
        if isinstance(expr, ast.This):
            return ir.ThisRef(CARD)
        if isinstance(expr, ast.Name):
            return self._name(expr.ident, scope, expected)
        if isinstance(expr, ast.Call):
            return self._call(expr, scope)
        if isinstance(expr, ast.Attribute):
            if isinstance(expr.subject, ast.This):
                value = self.members.this_attribute(expr.attribute)
            else:
                value = self._attribute(expr, scope)
            binding = scope.known(value) if value is not None and value.type.optional else None
            if value is not None and binding is not None:
                return ir.KnownRef(binding, value, value.type.required())
            return value
        if isinstance(expr, ast.IsSet):
            return self._is_set(expr, scope)
        if isinstance(expr, ast.Not):
            operand = self.condition(expr.operand, scope)
            return ir.NotExpr(operand, BOOL) if operand is not None else None
        if isinstance(expr, ast.Selection):
            return self._selection(expr, scope)
        if isinstance(expr, ast.CardsIn):
            return self._cards_in(expr, scope)
        if isinstance(expr, ast.PickCard):
            zone = self._cards_in(expr.zone, scope)
            if not isinstance(zone, ir.CardsInZone):
                return None
            return ir.PickCard(expr.kind, zone, CARD.maybe())
        if isinstance(expr, ast.Holding):
            return self._holding(expr, scope)
        return self._binary(expr, scope)

    def _name(self, ident: ast.Ident, scope: Scope, expected: Type | None) -> ir.Expr | None:
        binding = scope.lookup(ident.text)
        if binding is not None:
            if binding.is_hook_param and ident.text == "current":
                return ir.CurrentValue(binding.type)
            if binding.is_hook_param:
                return ir.HookParamRef(ident.text, binding.type)
            local = ir.LocalRef(ident.text, binding.type)
            # A name whose value may be absent, where a test proved it there (`if c is set`).
            known = scope.known(local) if binding.type.optional else None
            if known is not None:
                return ir.KnownRef(known, local, binding.type.required())
            return local
        if expected is not None and expected.name == CARD_TYPE.name:
            if ident.text in self.vocab.card_types:
                return ir.EnumConst(ident.text, CARD_TYPE)
            self.reporter.unknown(ident.span, "card type", ident.text, self.vocab.card_types)
            return None
        if ident.text in self.vocab.zones:
            # A zone's name, compared with `card.zone`; the vocabulary keeps it off enum members.
            zone = self.vocab.zones[ident.text]
            # Card text says a zone without a holder as the vocabulary does ("the bull/bear pile").
            return ir.EnumConst(ident.text, ZONE, None if zone.per_player else zone.text)
        if (
            expected is not None
            and expected.kind == "enum"
            and expected.name in self.vocab.enums
            and ident.text in self.vocab.enums[expected.name].members
        ):
            return ir.EnumConst(ident.text, expected.required())
        owners = self.vocab.enums_with_member(ident.text)
        if len(owners) == 1:
            return ir.EnumConst(ident.text, enum_type(owners[0]))
        if len(owners) > 1:
            self.reporter.error(
                ident.span,
                Code.WRONG_TYPE,
                f"cannot tell which '{ident.text}' is meant: it is a member of {' and '.join(owners)}",
                "use it where only one of them fits, e.g. compare it with a value of known type",
            )
            return None
        if scope.hook_unknown or ident.text in scope.unresolved:
            return None
        self.reporter.unknown(
            ident.span, "name", ident.text, [*scope.names(), *self.vocab.all_members(), *_VALUE_KEYWORDS]
        )
        return None

    def _is_set(self, expr: ast.IsSet, scope: Scope) -> ir.Expr | None:
        """`VALUE is set`: where it holds, VALUE is known present (the blocks and the rest of an
        `and` it guards may pass it where a value is required)."""
        operand = self.expr(expr.operand, scope, None)
        if operand is None:
            return None
        if not operand.type.optional:
            self.reporter.error(
                expr.operand.span,
                Code.WRONG_TYPE,
                f"{article(operand.type)} is always set here",
                "'is set' tests what may be absent: what a card remembers, an attribute some cards lack",
            )
            return None
        binding = scope.new_binding() if stable(operand) else None
        return ir.IsSetExpr(operand, expr.present, binding, BOOL)

    def _selection(self, expr: ast.Selection, scope: Scope) -> ir.Expr | None:
        source, element = self.list_value(expr.source, scope, "'each'")
        if source is None or element is None:
            return None
        with scope.nested():
            origins = origins_of(source, scope)
            bind_local(scope, expr.variable, element, self.vocab, self.reporter, origins=origins)
            where = self.condition(expr.where, scope)
        return ir.SelectionExpr(expr.variable.text, source, where, list_of(element))

    def _cards_in(self, expr: ast.CardsIn, scope: Scope) -> ir.Expr | None:
        zone = self.members.zone(expr.zone, expr.holder is not None, expr.every)
        holder = None
        if expr.holder is not None:
            holder = self.argument(expr.holder, PLAYER, f"the player whose {expr.zone.text} it is", scope)
            if holder is None:
                return None
        if zone is None:
            return None
        return ir.CardsInZone(zone, holder, expr.every, list_of(CARD))

    def _holding(self, expr: ast.Holding, scope: Scope) -> ir.Expr | None:
        """`rupees of p`: a player's money (or, where money lies on cards, a card's); `sum of
        LIST`, the total of a list of numbers; `ATTR of LIST`, an attribute of each card of a list
        (`sum of points of cards in hand of you`)."""
        name = expr.name.text
        own = name in self.vocab.zones or (self.vocab.money is not None and name == self.vocab.money.name)
        if not own and name == "sum":
            return self._sum_of(expr, scope)
        if not own and self.vocab.field_anywhere(name) is not None:
            return self._attribute_of_each(expr, scope)
        money = self.members.money_of(expr)
        if money is None:
            return None
        name = expr.name.text
        if money.on_cards:  # `rupees of CARD`: the money lying on a card
            holder = self.money_holder(expr.holder, f"whose {name}", scope)
        else:
            holder = self.argument(expr.holder, PLAYER, f"whose {name}", scope)
        if holder is None:
            return None
        return ir.MoneyOf(money, holder, INT)

    def _sum_of(self, expr: ast.Holding, scope: Scope) -> ir.Expr | None:
        """`sum of LIST`: the total of a list of numbers (`sum(LIST)` said in words)."""
        value = self.expr(expr.holder, scope, None)
        if value is None:
            return None
        if not list_of(INT).accepts(value.type):
            type_error(self.reporter, expr.holder.span, "what 'sum of' adds up", list_of(INT), value.type)
            return None
        return ir.BuiltinCall("sum", (value,), INT)

    def _attribute_of_each(self, expr: ast.Holding, scope: Scope) -> ir.Expr | None:
        """`points of LIST`: the attribute of each card of a list of cards."""
        name = expr.name.text
        source, element = self.list_value(expr.holder, scope, f"'{name} of'")
        if source is None or element is None:
            return None
        if element.kind != "card":
            self.reporter.error(
                expr.holder.span,
                Code.WRONG_TYPE,
                f"'{name} of' reads an attribute of each card of a list, not of a list of {element}",
            )
            return None
        field = self.vocab.field_anywhere(name)
        assert field is not None
        if field.type.kind == "list":
            self.reporter.error(
                expr.name.span,
                Code.WRONG_TYPE,
                f"'{name}' is a list on each card: '{name} of' reads an attribute holding one value",
                f"go through the cards: 'for each c in ...' and 'c.{name}'",
            )
            return None
        return ir.AttributeOfEach(field.name, source, field.type.optional, list_of(field.type.required()))

    def _attribute(self, expr: ast.Attribute, scope: Scope) -> ir.Expr | None:
        """`card.region`, and `card.card_type`, which every card has: how an effect asks "is this
        an orange card?"."""
        subject = self.expr(expr.subject, scope, CARD)
        if subject is None:
            return None
        if subject.type.kind != "card":
            self.reporter.error(
                expr.subject.span,
                Code.WRONG_TYPE,
                f"only cards have attributes; this is {article(subject.type)}",
            )
            return None
        if subject.type.optional:
            # The code would read an attribute of None (and mypy --strict refuses it).
            type_error(self.reporter, expr.subject.span, "a card whose attribute is read", CARD, subject.type)
            return None
        return self.members.attribute(subject, expr.attribute)

    def _call(self, call: ast.Call, scope: Scope) -> ir.Expr | None:
        name = call.function.text
        if name == "adjacent" and "adjacent" not in self.vocab.hooks:
            return self._adjacent(call, scope)
        if name in BUILTIN_FUNCTIONS and name not in self.vocab.hooks:
            return self._builtin(call, scope)
        hook = self.vocab.hooks.get(name)
        if hook is None or hook.kind != "query":
            if hook is not None:
                self.reporter.error(
                    call.function.span, Code.WRONG_TYPE, f"'{name}' is {a(hook.kind)}, not a query"
                )
            else:
                self.reporter.unknown(
                    call.function.span,
                    "query",
                    name,
                    [*self.vocab.hooks_of("query"), "adjacent", *BUILTIN_FUNCTIONS],
                )
            return None
        if len(call.args) != len(hook.params):
            self.reporter.error(
                call.span,
                Code.WRONG_ARGUMENTS,
                f"query '{name}' takes {counted(len(hook.params), 'argument')}, not {len(call.args)}",
                f"it is written: {signature_text(hook)}",
            )
            return None
        args: list[ir.Expr] = []
        for param, expr in zip(hook.params, call.args, strict=True):
            value = self.argument(expr, param.type, param.name, scope)
            if value is None:
                return None
            args.append(value)
        assert hook.result is not None  # queries always have one: checked with the vocabulary
        return ir.QueryCall(hook, tuple(args), hook.result)

    def _builtin(self, call: ast.Call, scope: Scope) -> ir.Expr | None:
        """count(LIST), exists(LIST), sum(LIST of numbers), min/max(numbers, or one list of them)."""
        name = call.function.text
        args = [self.expr(arg, scope, None) for arg in call.args]
        if any(arg is None for arg in args):
            return None
        values = [arg for arg in args if arg is not None]
        lists = [v for v in values if v.type.kind == "list"]
        if name in ("count", "exists", "sum") or (name in ("min", "max") and len(values) == 1):
            if len(values) != 1:
                self.reporter.error(
                    call.span, Code.WRONG_ARGUMENTS, f"'{name}' takes one list, not {len(values)} values"
                )
                return None
            (value,) = values
            if not lists:
                type_error(
                    self.reporter, call.args[0].span, f"the argument of '{name}'", list_of(INT), value.type
                )
                return None
            if name in ("sum", "min", "max") and not list_of(INT).accepts(value.type):
                type_error(
                    self.reporter, call.args[0].span, f"the argument of '{name}'", list_of(INT), value.type
                )
                return None
            return ir.BuiltinCall(name, (value,), BOOL if name == "exists" else INT)
        if len(values) < 2:
            self.reporter.error(
                call.span, Code.WRONG_ARGUMENTS, f"'{name}' takes a list of numbers, or two or more numbers"
            )
            return None
        for expr, value in zip(call.args, values, strict=True):
            if not INT.accepts(value.type):
                type_error(self.reporter, expr.span, f"each argument of '{name}'", INT, value.type)
                return None
        return ir.BuiltinCall(name, tuple(values), INT)

    def _adjacent(self, call: ast.Call, scope: Scope) -> ir.Expr | None:
        if len(call.args) != 2:
            self.reporter.error(
                call.span, Code.WRONG_ARGUMENTS, f"'adjacent' takes 2 arguments, not {len(call.args)}"
            )
            return None
        left = self.expr(call.args[0], scope, None)
        if left is None:
            return None
        if left.type.kind != "enum" or left.type.name not in self.vocab.adjacency:
            kinds = ", ".join(self.vocab.adjacency) or "nothing in this game"
            self.reporter.error(
                call.args[0].span, Code.WRONG_TYPE, f"'adjacent' compares {kinds}, not {article(left.type)}"
            )
            return None
        right = self.argument(call.args[1], left.type.required(), "adjacent", scope)
        if right is None:
            return None
        return ir.AdjacentCall(left.type.name, left, right, BOOL)

    def _binary(self, expr: ast.BinOp, scope: Scope) -> ir.Expr | None:
        op = expr.operator
        if op in ("and", "or"):
            left = self.condition(expr.left, scope)
            # `this.x is set and owner_of(this.x) == you`: the right side knows what the left proved.
            with scope.nested(ir.proved_present(left, op == "and") if left is not None else None):
                right = self.condition(expr.right, scope)
            if left is None or right is None:
                return None
            return ir.BinaryExpr(op, left, right, BOOL)
        if op == "in":
            return self._membership(expr, scope)
        left = self.expr(expr.left, scope, None)
        if left is None:
            self.expr(expr.right, scope, None)  # still report what is wrong on the right
            return None
        if op in ("==", "!="):
            right = self.expr(expr.right, scope, left.type)
            if right is None:
                return None
            if not (left.type.required().accepts(right.type.required())):
                self.reporter.error(
                    expr.span,
                    Code.WRONG_TYPE,
                    f"cannot compare {article(left.type)} with {article(right.type)}",
                )
                return None
            return ir.BinaryExpr(op, left, right, BOOL)
        right = self.expr(expr.right, scope, INT)
        if right is None:
            return None
        for side, value in ((expr.left, left), (expr.right, right)):
            if op in _COMPARISONS and value.type.optional and INT.accepts(value.type.required()):
                continue  # a card without the attribute satisfies no comparison (see codegen)
            if not INT.accepts(value.type):
                type_error(self.reporter, side.span, f"each side of '{op}'", INT, value.type)
                return None
        return ir.BinaryExpr(op, left, right, BOOL if op in _COMPARISONS else INT)

    def _membership(self, expr: ast.BinOp, scope: Scope) -> ir.Expr | None:
        """`x in LIST`: the list first, so that `spy in card.impact` knows which `spy` is meant."""
        container, element = self.list_value(expr.right, scope, "'in'")
        if container is None or element is None:
            self.expr(expr.left, scope, None)  # still report what is wrong on the left
            return None
        value = self.expr(expr.left, scope, element)
        if value is None:
            return None
        if not element.accepts(value.type.required()):
            self.reporter.error(
                expr.span,
                Code.WRONG_TYPE,
                f"cannot look for {article(value.type)} in a list of {element}",
            )
            return None
        return ir.BinaryExpr("in", value, container, BOOL)


def constant(value: ir.Expr) -> int | None:
    """A number known when the card is compiled (literals, `this.rank`, arithmetic of them)."""
    if isinstance(value, ir.IntConst):
        return value.value
    if isinstance(value, ir.ThisField):
        return constant(value.value)
    if isinstance(value, ir.BinaryExpr) and value.operator in _ARITHMETIC:
        left, right = constant(value.left), constant(value.right)
        if left is None or right is None:
            return None
        return (
            left + right if value.operator == "+" else left - right if value.operator == "-" else left * right
        )
    return None
