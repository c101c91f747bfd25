"""Name resolution and type checking of cards against their game's vocabulary, lowering to IR.

Every problem is reported (never raised), so one run shows all of a file's errors; a card with
errors is left out of the IR, and the build stops before code generation when anything failed.

`GameChecker` is the entry point (compiler/project.py makes one per game) and checks what a card
is made of: its number, name and type, its attribute lines, errata and sides, its abilities and
the effect blocks in them (`on`, `when`, `while in ...`, `instead of`). What those hold is checked
by the parts in compiler/checking/, in layers, each importing only those below it (mypy splits
its own checker alike):

    checker.py              a card and its effect blocks (this module)
    checking/attributes.py  attribute lines and errata
    checking/statements.py  an effect's statements: let, if, loops, choices, may, set, until
    checking/operations.py  operations, moving cards, paying and gaining money
    checking/modifiers.py   hooks by name, `modify` lines (while in play, until)
    checking/expressions.py expressions and their types
    checking/members.py     what follows a card, a zone or money: `c.region`, `court of p`
    checking/scopes.py      the card being checked, an effect's names, what its tests proved
    checking/messages.py    how messages name types and statements

A part that needs another below it is handed it when made (the statement checker gets the
expression, operation and modifier checkers), and all share one CardContext, the card being
checked; no part calls one above it.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from paxc.compiler import ast, ir, stacking
from paxc.compiler.checking.attributes import AttributeChecker, apply_errata
from paxc.compiler.checking.expressions import ExpressionChecker
from paxc.compiler.checking.messages import EFFECT_BLOCKS, describe, head_span
from paxc.compiler.checking.modifiers import ModifierChecker
from paxc.compiler.checking.operations import OperationChecker
from paxc.compiler.checking.scopes import Binding, CardContext, Scope
from paxc.compiler.checking.statements import StatementChecker
from paxc.compiler.diagnostics import Code, Reporter
from paxc.compiler.source import Span
from paxc.compiler.vocabulary import Vocabulary

# The statements of an effect, which stand in an effect block, not directly in a card.
_EFFECT_STATEMENTS = (
    ast.Phrase,
    ast.Let,
    ast.If,
    ast.ForEach,
    ast.Choose,
    ast.ChooseSeveral,
    ast.ChooseNumber,
    ast.ChooseOne,
    ast.May,
    ast.Until,
    ast.Set,
)


def _effects_as_of(statements: Sequence[ast.Statement], errata: Sequence[ast.Errata]) -> list[ast.Statement]:
    """A card's body as `errata` leave it. An erratum's `ability "T" { ... }` takes the place of
    the card's ability titled T (an empty one removes it; a new title is added at the end), and
    its effect blocks outside any ability take the place of all the card's own."""
    body = list(statements)
    for block in errata:
        given = block.body.statements
        loose = [s for s in given if isinstance(s, EFFECT_BLOCKS)]
        if loose:
            first = next((i for i, s in enumerate(body) if isinstance(s, EFFECT_BLOCKS)), len(body))
            body = [s for s in body if not isinstance(s, EFFECT_BLOCKS)]
            body[first:first] = loose  # nothing before `first` was removed
        for ability in (s for s in given if isinstance(s, ast.Ability)):
            title = ability.title.value
            at = next(
                (i for i, s in enumerate(body) if isinstance(s, ast.Ability) and s.title.value == title), None
            )
            if at is None:
                body.extend([ability] if ability.body.statements else [])
            elif ability.body.statements:
                body[at] = ability
            else:
                del body[at]
    return body


class GameChecker:
    """Checks the cards of one game: `check_card` for each card, in file order, then `stacked`
    holds the modifiers of every card that passed, for the conflict check over the game."""

    def __init__(self, vocabulary: Vocabulary, reporter: Reporter) -> None:
        self.vocab = vocabulary
        self.reporter = reporter
        self._numbers: dict[int, Span] = {}  # card numbers seen, for duplicates
        self._card = CardContext()
        self._expressions = ExpressionChecker(vocabulary, reporter, self._card)
        self._modifiers = ModifierChecker(vocabulary, reporter, self._card, self._expressions)
        operations = OperationChecker(vocabulary, reporter, self._expressions)
        self._statements = StatementChecker(
            vocabulary, reporter, self._card, self._expressions, operations, self._modifiers
        )
        self._attributes = AttributeChecker(vocabulary, reporter, self._expressions)
        # Every modifier of the cards checked, for the conflict check over the whole game.
        self.stacked: list[stacking.Stacked] = []

    # ============================================================== cards

    def check_card(self, card: ast.Card) -> ir.CardIR | None:
        errors_before = self.reporter.count
        self._card.start(card.name.value, card.number.value)
        if not card.name.value.strip():
            self.reporter.error(card.name.span, Code.WRONG_TYPE, "a card's name cannot be empty")
        first = self._numbers.get(card.number.value)
        if first is not None:
            self.reporter.error(
                card.number.span,
                Code.DUPLICATE_CARD,
                f"card number {card.number.value} is used twice",
                f"card {card.number.value} is first defined at {first}",
            )
        else:
            self._numbers[card.number.value] = card.number.span
        spec = self.vocab.card_types.get(card.card_type.text)
        if spec is None:
            self.reporter.unknown(
                card.card_type.span,
                f"{self.vocab.name} card type",
                card.card_type.text,
                self.vocab.card_types,
            )
            return None
        self._card.card_type = spec.name
        core: dict[str, ir.Expr] = {}
        given: dict[str, Span] = {}
        printed, errata, errata_blocks = self._attributes_and_errata(card.body, spec.name, core, given)
        for field in spec.fields:
            # A required attribute that is present but wrong has its own error already.
            if field.required and field.name not in given:
                self.reporter.error(
                    card.name.span,
                    Code.MISSING_ATTRIBUTE,
                    f"{spec.name} card '{card.name.value}' has no '{field.name}'",
                    f"add a line '{field.name} ...' to the card",
                )
        if "provenance" not in given:
            self.reporter.error(
                card.name.span,
                Code.MISSING_ATTRIBUTE,
                f"card '{card.name.value}' has no 'provenance'",
                "say where the card comes from: provenance printed, inferred or reconstructed",
            )
        provenance = core.get("provenance")
        note = core.get("note")
        intended = core.get("text")

        def version(number: int, upto: int) -> ir.CardIR:
            """The card as printed (upto 0) or as its first `upto` errata leave it, checked whole:
            each version's effects read that version's attributes through `this`."""
            attributes = apply_errata(printed, errata[:upto])
            statements = _effects_as_of(card.body.statements, errata_blocks[:upto])
            self._card.this_values = {a.field.name: a.value for a in attributes}
            self._card.lasting, self._card.version = [], number
            abilities, sides = self._effects(statements, spec.name, attributes, card.body.span.line)
            return ir.CardIR(
                number=card.number.value,
                name=card.name.value,
                card_type=spec.name,
                provenance=provenance.member if isinstance(provenance, ir.EnumConst) else "",
                note=note.value if isinstance(note, ir.TextConst) else "",
                intended_text=intended.value if isinstance(intended, ir.TextConst) else "",
                attributes=attributes,
                abilities=tuple(abilities),
                sides=tuple(sides),
                errata=tuple(errata[:upto]),
                path=card.span.path,
                line=card.span.line,
                lasting=tuple(self._card.lasting),
                version=number,
            )

        latest = version(errata[-1].version if errata else 0, len(errata))
        if self.reporter.count != errors_before:
            return None
        # The earlier versions, printed first, once the latest is sound (an effect they share
        # with it would only report its errors again).
        earlier = [version(0, 0)] if errata else []
        earlier += [version(erratum.version, upto) for upto, erratum in enumerate(errata[:-1], start=1)]
        if self.reporter.count != errors_before:
            return None
        self.stacked.extend(self._card.stacked)
        return dataclasses.replace(latest, versions=tuple(earlier))

    def _attributes_and_errata(
        self,
        body: ast.Block,
        card_type: str,
        core: dict[str, ir.Expr],
        seen: dict[str, Span],
        *,
        side: bool = False,
    ) -> tuple[tuple[ir.AttributeValue, ...], list[ir.ErratumIR], list[ast.Errata]]:
        """A card's (or a side's) attribute lines and its errata, read before any effect so that
        effects anywhere in the body see the version's values through `this`."""
        attributes: list[ir.AttributeValue] = []
        errata: list[ir.ErratumIR] = []
        blocks: list[ast.Errata] = []
        for statement in body.statements:
            if isinstance(statement, ast.Phrase):
                self._attributes.attribute_or_core(statement, card_type, attributes, core, seen)
            elif isinstance(statement, ast.Errata) and not side:
                erratum = self._attributes.erratum(statement, card_type, errata)
                if erratum is not None:
                    errata.append(erratum)
                    blocks.append(statement)
        return tuple(attributes), errata, blocks

    def _effects(
        self,
        statements: Sequence[ast.Statement],
        card_type: str,
        attributes: tuple[ir.AttributeValue, ...],
        line: int,
        *,
        side: bool = False,
    ) -> tuple[list[ir.AbilityIR], list[ir.SideIR]]:
        """The abilities and sides of a card (or the abilities of a side) whose attributes are
        `attributes`, from the statements of its body that are no attribute line or erratum."""
        abilities: list[ir.AbilityIR] = []
        sides: list[ir.SideIR] = []
        loose_hooks: list[ir.Hook] = []
        this_values = {a.field.name: a.value for a in attributes}
        for statement in statements:
            if isinstance(statement, ast.Phrase) or (isinstance(statement, ast.Errata) and not side):
                continue
            if isinstance(statement, ast.Ability):
                hooks = self._ability_body(statement.body)
                abilities.append(ir.AbilityIR(statement.title.value, tuple(hooks), statement.span.line))
            elif isinstance(statement, EFFECT_BLOCKS):
                loose_hooks.extend(self._effect_block(statement))
            elif isinstance(statement, ast.Side) and not side:
                side_core: dict[str, ir.Expr] = {}
                self._card.side = len(sides)
                own, _, _ = self._attributes_and_errata(statement.body, card_type, side_core, {}, side=True)
                side_attrs = apply_errata((*attributes, *own), ())  # a side's own value wins
                self._card.this_values = {a.field.name: a.value for a in side_attrs}
                side_abilities, _ = self._effects(
                    statement.body.statements, card_type, side_attrs, statement.body.span.line, side=True
                )
                self._card.side = None
                intended = side_core.pop("text", None)  # a side may say what it is meant to say
                for name in side_core:
                    self.reporter.error(
                        statement.span, Code.INVALID_ATTRIBUTE, f"'{name}' belongs to the card, not to a side"
                    )
                sides.append(
                    ir.SideIR(
                        statement.title.value,
                        side_attrs,
                        tuple(side_abilities),
                        statement.span.line,
                        intended.value if isinstance(intended, ir.TextConst) else "",
                    )
                )
                self._card.this_values = this_values
            else:
                where = "a card side" if side else "a card"
                self.reporter.error(
                    head_span(statement),
                    Code.MISPLACED_EFFECT,
                    f"{describe(statement)} cannot stand directly in {where}",
                    "effects go inside 'on ...', 'when ...', 'while in play' or 'instead of ...'"
                    if isinstance(statement, (*_EFFECT_STATEMENTS, ast.Modify))
                    else None,
                )
        if loose_hooks:
            abilities.insert(0, ir.AbilityIR(None, tuple(loose_hooks), line))
        return abilities, sides

    # ============================================================== effects

    def _ability_body(self, body: ast.Block) -> list[ir.Hook]:
        hooks: list[ir.Hook] = []
        for statement in body.statements:
            if isinstance(statement, EFFECT_BLOCKS):
                hooks.extend(self._effect_block(statement))
            else:
                self.reporter.error(
                    head_span(statement),
                    Code.MISPLACED_EFFECT,
                    f"{describe(statement)} cannot stand directly in an ability",
                    "an ability holds 'on ...', 'when ...', 'while in play' and 'instead of ...' blocks",
                )
        return hooks

    def _effect_block(self, block: ast.On | ast.When | ast.WhileInPlay | ast.Instead) -> list[ir.Hook]:
        """The hooks of one block; its statements are checked even when its name is unknown."""
        scope = Scope()
        if isinstance(block, ast.On):
            known = block.timing.text in self.vocab.timings
            if not known:
                self.reporter.unknown(block.timing.span, "timing", block.timing.text, self.vocab.timings)
            body = self._statements.statements(block.body, scope)
            return [ir.OneShotHook(block.timing.text, body, block.span.line)] if known else []
        if isinstance(block, ast.WhileInPlay):
            return list(self._modifiers.while_in(block))
        kind = "trigger" if isinstance(block, ast.When) else "replaceable"
        name = block.trigger if isinstance(block, ast.When) else block.event
        hook = self._modifiers.hook(name, kind)
        if hook is not None:
            for param in hook.params:
                scope.bind(param.name, Binding(param.type, True))
        else:
            scope.hook_unknown = True
        condition = (
            self._expressions.condition(block.condition, scope) if block.condition is not None else None
        )
        if hook is not None and condition is not None and block.condition is not None:
            self._modifiers.check_asked(hook, condition, block.condition.span)
        # What the block's condition proves present is present in its body, as after an `if`
        # (`when T if this.marked is set { ... this.marked ... }`); the code tests it again there.
        with scope.nested(ir.proved_present(condition, True), ir.proved_zones(condition)):
            body = self._statements.statements(block.body, scope)
        if hook is None:
            return []
        if isinstance(block, ast.When):
            return [
                ir.TriggerHook(
                    hook,
                    condition,
                    block.optional,
                    body,
                    block.span.line,
                    block.once_per_turn,
                    block.once_per_round,
                )
            ]
        return [ir.ReplacementHook(hook, condition, block.optional, body, block.span.line)]
