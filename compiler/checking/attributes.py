"""A card's attribute lines and errata: constant values of the types its card type declares.

`attribute_or_core` checks one line `name value` (or `name value, value, ...` for a list) of a
card or a side: an attribute of the card's type in the vocabulary, or one every card has
(`provenance`, `note`), given once, its value a literal or an enum's member of the declared type.
`erratum` checks the attribute lines of an `errata N "why" { ... }` block (versions increase) and
notes which abilities it replaces (their effects are checked with the card's: checker.py);
`apply_errata` gives the attributes as an erratum and those before it leave them, which is what
`this.x` reads in that version's effects. Values are literals, lowered by the expression
checker (expressions.py) in an empty scope.
"""

from __future__ import annotations

from collections.abc import Iterable

from paxc.compiler import ast, ir
from paxc.compiler.checking.expressions import ExpressionChecker
from paxc.compiler.checking.messages import (
    EFFECT_BLOCKS,
    a,
    article,
    describe,
    expr_kind,
    head_span,
    not_up_to,
)
from paxc.compiler.checking.scopes import Scope
from paxc.compiler.diagnostics import Code, Reporter, did_you_mean
from paxc.compiler.source import Span
from paxc.compiler.types import TEXT, Type, enum_type
from paxc.compiler.vocabulary import CORE_ATTRIBUTES, PROVENANCES, FieldSpec, Vocabulary


class AttributeChecker:
    """Checks the attribute lines and errata of one game's cards."""

    def __init__(self, vocabulary: Vocabulary, reporter: Reporter, expressions: ExpressionChecker) -> None:
        self.vocab = vocabulary
        self.reporter = reporter
        self.expressions = expressions

    def attribute_or_core(
        self,
        phrase: ast.Phrase,
        card_type: str,
        attributes: list[ir.AttributeValue],
        core: dict[str, ir.Expr],
        seen: dict[str, Span],
    ) -> None:
        """One line `name value ...` of a card, a side or an erratum: an attribute of the card's
        type goes to `attributes`, `provenance` or `note` to `core`; `seen` holds the names given
        so far, where a second is an error."""
        name = phrase.head.text
        if phrase.up_to:
            not_up_to(self.reporter, phrase)
            return
        if name in seen:
            self.reporter.error(
                phrase.head.span,
                Code.DUPLICATE_NAME,
                f"attribute '{name}' is given twice",
                f"first given at {seen[name]}",
            )
            return
        field = None if name in CORE_ATTRIBUTES else self._field_for(phrase.head, card_type)
        if field is None and name not in CORE_ATTRIBUTES:
            return
        seen[name] = phrase.head.span
        if phrase.prepositions:
            first = phrase.prepositions[0]
            self.reporter.error(
                first.span, Code.WRONG_ARGUMENTS, f"attribute '{name}' takes no '{first.preposition} ...'"
            )
            return
        if field is None:
            value = self._core_attribute(phrase)
            if value is not None:
                core[name] = value
            return
        value = self._attribute_value(phrase, field)
        if value is not None:
            attributes.append(ir.AttributeValue(field, value, phrase.span.line))

    def _core_attribute(self, phrase: ast.Phrase) -> ir.Expr | None:
        single = self._single_value(phrase)
        if single is None:
            return None
        if phrase.head.text == "provenance":
            if isinstance(single, ast.Name) and single.ident.text in PROVENANCES:
                return ir.EnumConst(single.ident.text, enum_type("provenance"))
            shown = single.ident.text if isinstance(single, ast.Name) else "this value"
            self.reporter.error(
                single.span,
                Code.UNKNOWN_NAME if isinstance(single, ast.Name) else Code.WRONG_TYPE,
                f"unknown provenance '{shown}'" if isinstance(single, ast.Name) else "a provenance is a name",
                did_you_mean(shown, PROVENANCES) or "use printed, inferred or reconstructed",
            )
            return None
        name = phrase.head.text
        if isinstance(single, ast.StrLit):
            if name == "text" and not single.value.strip():
                self.reporter.error(
                    single.span,
                    Code.WRONG_TYPE,
                    "an intended text is empty",
                    "write what the card is meant to say, or leave the line out",
                )
                return None
            return ir.TextConst(single.value, TEXT)
        self.reporter.error(single.span, Code.WRONG_TYPE, f"a {name} is a quoted string")
        return None

    def _single_value(self, phrase: ast.Phrase) -> ast.Expr | None:
        values = [value for group in phrase.groups for value in group]
        if len(values) != 1:
            self.reporter.error(
                phrase.span,
                Code.WRONG_ARGUMENTS,
                f"attribute '{phrase.head.text}' takes one value, not {len(values)}",
            )
            return None
        return values[0]

    def _field_for(self, head: ast.Ident, card_type: str) -> FieldSpec | None:
        spec = self.vocab.card_types[card_type]
        field = spec.field(head.text)
        if field is not None:
            return field
        owners = [t.name for t in self.vocab.card_types.values() if t.field(head.text) is not None]
        if owners:
            self.reporter.error(
                head.span,
                Code.INVALID_ATTRIBUTE,
                f"attribute '{head.text}' is not valid for {a(card_type)} card",
                f"'{head.text}' belongs to {', '.join(owners)} cards",
            )
        elif head.text in self.vocab.hooks:
            hook = self.vocab.hooks[head.text]
            self.reporter.error(
                head.span,
                Code.MISPLACED_EFFECT,
                f"{hook.kind} '{head.text}' cannot stand directly in a card",
                "effects go inside 'on ...', 'when ...', 'while in play' or 'instead of ...'",
            )
        else:
            other_games_hint = did_you_mean(head.text, [f.name for f in spec.fields] + list(CORE_ATTRIBUTES))
            self.reporter.error(
                head.span,
                Code.INVALID_ATTRIBUTE,
                f"'{head.text}' is not an attribute of {self.vocab.name} {card_type} cards",
                other_games_hint
                or f"{card_type} cards have: {', '.join([f.name for f in spec.fields] + list(CORE_ATTRIBUTES))}",
            )
        return None

    def _attribute_value(self, phrase: ast.Phrase, field: FieldSpec) -> ir.Expr | None:
        if field.type.kind == "list" and field.type.element is not None:
            element = field.type.element
            items: list[ir.Expr] = []
            ok = True
            for group in phrase.groups:
                if len(group) != 1:
                    self.reporter.error(
                        group[1].span,
                        Code.WRONG_ARGUMENTS,
                        f"the values of '{field.name}' are separated by commas",
                    )
                    ok = False
                    continue
                value = self._literal(group[0], element, field.name)
                if value is None:
                    ok = False
                else:
                    items.append(value)
            return ir.ListConst(tuple(items), field.type) if ok else None
        single = self._single_value(phrase)
        if single is None:
            return None
        return self._literal(single, field.type, field.name)

    def _literal(self, expr: ast.Expr, expected: Type, what: str) -> ir.Expr | None:
        """A constant attribute value of the expected type."""
        if expected.kind == "enum" and isinstance(expr, ast.Name):
            return self._enum_member(expr.ident, expected)
        if isinstance(expr, (ast.IntLit, ast.StrLit, ast.BoolLit)):
            value = self.expressions.expr(expr, Scope(), expected)
            if value is not None and expected.accepts(value.type):
                return value
        self.reporter.error(
            expr.span,
            Code.WRONG_TYPE,
            f"'{what}' takes {article(expected)}, not {expr_kind(expr)}",
        )
        return None

    def _enum_member(self, ident: ast.Ident, expected: Type) -> ir.Expr | None:
        kind = self.vocab.enums[expected.name]
        if ident.text in kind.members:
            return ir.EnumConst(ident.text, expected.required())
        elsewhere = self.vocab.enums_with_member(ident.text)
        if elsewhere:
            self.reporter.error(
                ident.span,
                Code.WRONG_TYPE,
                f"'{ident.text}' is a {elsewhere[0]}, not a {expected.name}",
                f"a {expected.name} is one of: {', '.join(kind.members)}",
            )
        else:
            self.reporter.unknown(ident.span, expected.name, ident.text, kind.members, listing=True)
        return None

    def erratum(self, block: ast.Errata, card_type: str, earlier: list[ir.ErratumIR]) -> ir.ErratumIR | None:
        if earlier and block.version.value <= earlier[-1].version:
            self.reporter.error(
                block.version.span,
                Code.DUPLICATE_NAME,
                f"errata versions must increase: {block.version.value} comes after {earlier[-1].version}",
            )
            return None
        changes: list[ir.AttributeValue] = []
        seen: dict[str, Span] = {}
        abilities: list[str | None] = []
        for statement in block.body.statements:
            # Effects the erratum gives are checked with the card's other effects (GameChecker).
            if isinstance(statement, ast.Ability):
                abilities.append(statement.title.value)
                continue
            if isinstance(statement, EFFECT_BLOCKS):
                if None not in abilities:
                    abilities.append(None)
                continue
            if not isinstance(statement, ast.Phrase):
                self.reporter.error(
                    head_span(statement),
                    Code.MISPLACED_EFFECT,
                    f"{describe(statement)} cannot stand in an erratum",
                    "an erratum lists changed attributes, and the abilities and effects it replaces",
                )
                continue
            core: dict[str, ir.Expr] = {}
            self.attribute_or_core(statement, card_type, changes, core, seen)
            if core:
                self.reporter.error(
                    statement.head.span,
                    Code.INVALID_ATTRIBUTE,
                    f"'{statement.head.text}' cannot be changed by an erratum",
                )
        return ir.ErratumIR(
            block.version.value, block.note.value, tuple(changes), block.span.line, tuple(abilities)
        )


def apply_errata(
    attributes: Iterable[ir.AttributeValue], errata: Iterable[ir.ErratumIR]
) -> tuple[ir.AttributeValue, ...]:
    """The attributes as the latest erratum leaves them, in the order the card gives them."""
    values = {a.field.name: a for a in attributes}
    for erratum in errata:
        for change in erratum.changes:
            values[change.field.name] = change
    return tuple(values.values())
