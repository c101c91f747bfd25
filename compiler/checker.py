"""Name resolution and type checking of cards against their game's vocabulary, lowering to IR.

Every problem is reported (never raised), so one run shows all of a file's errors; a card with
errors is left out of the IR, and the build stops before code generation when anything failed.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable

from paxc.compiler import ast, ir, stacking
from paxc.compiler.checking.expressions import ExpressionChecker, constant
from paxc.compiler.checking.messages import (
    EFFECT_BLOCKS,
    a,
    article,
    counted,
    describe,
    expr_kind,
    head_span,
    not_up_to,
    signature_text,
    type_error,
)
from paxc.compiler.checking.scopes import Binding, CardContext, Scope, bind_local, origins_of
from paxc.compiler.diagnostics import Code, Reporter, did_you_mean
from paxc.compiler.render import may_text, plural, second_person, statements_text, value_text, words
from paxc.compiler.source import Span
from paxc.compiler.types import CARD, INT, PLAYER, TEXT, Type, enum_type, list_of
from paxc.compiler.vocabulary import (
    BUILTIN_OPERATIONS,
    CORE_ATTRIBUTES,
    PROVENANCES,
    FieldSpec,
    HookSpec,
    Vocabulary,
    ZoneSpec,
)
from paxc.runtime.core.decisions import MAX_NUMBER_OPTIONS

# Keywords a misspelling of which reaches the checker as an operation: `choos region as r` reads
# as an operation `choos` (the grammar's words: grammar/pax.lark).
_STATEMENT_KEYWORDS = ("let", "if", "for", "choose", "modify")

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


# How each kind of `modify` is written, for messages.
_CHANGE_WORDS = {"to": "to", "plus": "by", "minus": "by", "at_most": "to at most", "at_least": "to at least"}


class GameChecker:
    """Checks the cards of one game. Call `check_file` per file, then `result`."""

    def __init__(self, vocabulary: Vocabulary, reporter: Reporter) -> None:
        self.vocab = vocabulary
        self.reporter = reporter
        self._numbers: dict[int, Span] = {}
        self._card = CardContext()
        self._expressions = ExpressionChecker(vocabulary, reporter, self._card)
        self._members = self._expressions.members
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
        attributes, abilities, sides, errata = self._card_body(card.body, spec.name, core, given)
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
        if self.reporter.count != errors_before:
            return None
        self.stacked.extend(self._card.stacked)
        provenance = core["provenance"]
        note = core.get("note")
        return ir.CardIR(
            number=card.number.value,
            name=card.name.value,
            card_type=spec.name,
            provenance=provenance.member if isinstance(provenance, ir.EnumConst) else "",
            note=note.value if isinstance(note, ir.TextConst) else "",
            attributes=attributes,
            abilities=tuple(abilities),
            sides=tuple(sides),
            errata=tuple(errata),
            path=card.span.path,
            line=card.span.line,
            lasting=tuple(self._card.lasting),
        )

    def _card_body(
        self,
        body: ast.Block,
        card_type: str,
        core: dict[str, ir.Expr],
        seen: dict[str, Span],
        *,
        inherited: tuple[ir.AttributeValue, ...] | None = None,
    ) -> tuple[tuple[ir.AttributeValue, ...], list[ir.AbilityIR], list[ir.SideIR], list[ir.ErratumIR]]:
        """A card's (or a side's) body. Attributes and errata are read first, so that effects
        anywhere in the body see the card's final values through `this`."""
        is_side = inherited is not None
        attributes: list[ir.AttributeValue] = []
        errata: list[ir.ErratumIR] = []
        for statement in body.statements:
            if isinstance(statement, ast.Phrase):
                self._attribute_or_core(statement, card_type, attributes, core, seen)
            elif isinstance(statement, ast.Errata) and not is_side:
                erratum = self._erratum(statement, card_type, errata)
                if erratum is not None:
                    errata.append(erratum)
        final = _apply_errata((*(inherited or ()), *attributes), errata)
        self._card.this_values = {a.field.name: a.value for a in final}
        abilities: list[ir.AbilityIR] = []
        sides: list[ir.SideIR] = []
        loose_hooks: list[ir.Hook] = []
        for statement in body.statements:
            if isinstance(statement, ast.Phrase) or (isinstance(statement, ast.Errata) and not is_side):
                continue
            if isinstance(statement, ast.Ability):
                hooks = self._ability_body(statement.body)
                abilities.append(ir.AbilityIR(statement.title.value, tuple(hooks), statement.span.line))
            elif isinstance(statement, EFFECT_BLOCKS):
                loose_hooks.extend(self._effect_block(statement))
            elif isinstance(statement, ast.Side) and not is_side:
                side_core: dict[str, ir.Expr] = {}
                self._card.side = len(sides)
                side_attrs, side_abilities, _, _ = self._card_body(
                    statement.body, card_type, side_core, {}, inherited=final
                )
                self._card.side = None
                for name in side_core:
                    self.reporter.error(
                        statement.span, Code.INVALID_ATTRIBUTE, f"'{name}' belongs to the card, not to a side"
                    )
                sides.append(
                    ir.SideIR(statement.title.value, side_attrs, tuple(side_abilities), statement.span.line)
                )
                self._card.this_values = {a.field.name: a.value for a in final}
            else:
                where = "a card side" if is_side else "a card"
                self.reporter.error(
                    head_span(statement),
                    Code.MISPLACED_EFFECT,
                    f"{describe(statement)} cannot stand directly in {where}",
                    "effects go inside 'on ...', 'when ...', 'while in play' or 'instead of ...'"
                    if isinstance(statement, (*_EFFECT_STATEMENTS, ast.Modify))
                    else None,
                )
        if loose_hooks:
            abilities.insert(0, ir.AbilityIR(None, tuple(loose_hooks), body.span.line))
        return final, abilities, sides, errata

    def _attribute_or_core(
        self,
        phrase: ast.Phrase,
        card_type: str,
        attributes: list[ir.AttributeValue],
        core: dict[str, ir.Expr],
        seen: dict[str, Span],
    ) -> None:
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
        if isinstance(single, ast.StrLit):
            return ir.TextConst(single.value, TEXT)
        self.reporter.error(single.span, Code.WRONG_TYPE, "a note is a quoted string")
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
            value = self._expressions.expr(expr, Scope(), expected)
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

    def _erratum(self, block: ast.Errata, card_type: str, earlier: list[ir.ErratumIR]) -> ir.ErratumIR | None:
        if earlier and block.version.value <= earlier[-1].version:
            self.reporter.error(
                block.version.span,
                Code.DUPLICATE_NAME,
                f"errata versions must increase: {block.version.value} comes after {earlier[-1].version}",
            )
            return None
        changes: list[ir.AttributeValue] = []
        seen: dict[str, Span] = {}
        for statement in block.body.statements:
            if not isinstance(statement, ast.Phrase):
                self.reporter.error(
                    head_span(statement),
                    Code.MISPLACED_EFFECT,
                    f"{describe(statement)} cannot stand in an erratum",
                    "an erratum lists changed attributes",
                )
                continue
            core: dict[str, ir.Expr] = {}
            self._attribute_or_core(statement, card_type, changes, core, seen)
            if core:
                self.reporter.error(
                    statement.head.span,
                    Code.INVALID_ATTRIBUTE,
                    f"'{statement.head.text}' cannot be changed by an erratum",
                )
        return ir.ErratumIR(block.version.value, block.note.value, tuple(changes), block.span.line)

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
            body = self._statements(block.body, scope)
            return [ir.OneShotHook(block.timing.text, body, block.span.line)] if known else []
        if isinstance(block, ast.WhileInPlay):
            return list(self._while_in_play(block))
        kind = "trigger" if isinstance(block, ast.When) else "replaceable"
        name = block.trigger if isinstance(block, ast.When) else block.event
        hook = self._hook(name, kind)
        if hook is not None:
            for param in hook.params:
                scope.bind(param.name, Binding(param.type, True))
        else:
            scope.hook_unknown = True
        condition = (
            self._expressions.condition(block.condition, scope) if block.condition is not None else None
        )
        if hook is not None and condition is not None and block.condition is not None:
            self._check_asked(hook, condition, block.condition.span)
        # What the block's condition proves present is present in its body, as after an `if`
        # (`when T if this.marked is set { ... this.marked ... }`); the code tests it again there.
        with scope.nested(ir.proved_present(condition, True), ir.proved_zones(condition)):
            body = self._statements(block.body, scope)
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

    def _set(self, statement: ast.Set, scope: Scope) -> ir.Stmt | None:
        """`set CARD.MEMORY to VALUE`: the card remembers the value while it is in play."""
        memory = self.vocab.memories.get(statement.target.attribute.text)
        subject = self._expressions.expr(statement.target.subject, scope, CARD)
        if memory is None:
            self.reporter.unknown(
                statement.target.attribute.span,
                "memory",
                statement.target.attribute.text,
                self.vocab.memories,
            )
            return None
        if subject is None:
            return None
        if subject.type.kind != "card":
            self.reporter.error(
                statement.target.subject.span,
                Code.WRONG_TYPE,
                f"only cards remember values; this is {article(subject.type)}",
            )
            return None
        value = self._expressions.argument(statement.value, memory.type, memory.name, scope)
        # What an `is set` test proved of this memory no longer holds (on any card: two names may
        # be one card).
        scope.forget(lambda known: isinstance(known, ir.MemoryRef) and known.memory.name == memory.name)
        if value is None:
            return None
        return ir.SetStmt(subject, memory, value, statement.span.line)

    def _until(self, statement: ast.Until) -> ir.Stmt | None:
        """`until DURATION { modify ... }`: the modifiers become one of the card's lasting
        abilities, which the effect starts. They see what a `while in play` modifier sees (the
        hook's parameters, `you`, `this`, `current`), not the effect's own names: they are asked
        later, when the rules compute the value."""
        duration = statement.duration.text
        if duration not in self.vocab.durations:
            self.reporter.unknown(statement.duration.span, "duration", duration, self.vocab.durations)
        modifiers = self._modifiers_only(statement.body, "'until ...'")
        if duration not in self.vocab.durations or not modifiers:
            return None
        self._card.lasting.append(ir.AbilityIR(None, tuple(modifiers), statement.span.line))
        text = self.vocab.durations[duration]
        return ir.LastingStmt(
            len(self._card.lasting) - 1, duration, text, tuple(modifiers), statement.span.line
        )

    def _while_in_play(self, block: ast.WhileInPlay) -> list[ir.ModifierHook]:
        """`while in play` (or `while in PLACE`, a place the vocabulary declares) holds modifiers
        only, each one a hook of its own."""
        if block.place is None:
            return self._modifiers_only(block.body, "'while in play'")
        place = block.place.text
        modifiers = self._modifiers_only(block.body, f"'while in {place}'")
        if place not in self.vocab.places:
            self.reporter.unknown(block.place.span, "place", place, ["play", *self.vocab.places])
            return []
        text = self.vocab.places[place]
        return [dataclasses.replace(m, place=place, place_text=text) for m in modifiers]

    def _modifiers_only(self, body: ast.Block, where: str) -> list[ir.ModifierHook]:
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
        return modifiers

    def _modify(self, statement: ast.Modify) -> ir.ModifierHook | None:
        hook = self._hook(statement.hook, "modifier")
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
        value = self._expressions.expr(statement.value, scope, hook.result if hook is not None else None)
        when = self._expressions.condition(statement.when, scope) if statement.when is not None else None
        if hook is not None and when is not None and statement.when is not None:
            self._check_asked(hook, when, statement.when.span)
        if hook is None or value is None or hook.result is None:
            return None
        if not hook.result.accepts(value.type):
            self.reporter.error(
                statement.value.span,
                Code.WRONG_TYPE,
                f"modifier '{hook.name}' gives {article(hook.result)}, not {article(value.type)}",
            )
            return None
        stage = stacking.stage_of(statement.change, value, when)
        modifier = ir.ModifierHook(hook, value, when, statement.span.line, statement.change, stage)
        self._card.stacked.append(
            stacking.stacked(modifier, self._card.number, self._card.side, statement.span)
        )
        return modifier

    def _hook(self, ident: ast.Ident, kind: str) -> HookSpec | None:
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

    def _statements(self, block: ast.Block, scope: Scope) -> tuple[ir.Stmt, ...]:
        out: list[ir.Stmt] = []
        for statement in block.statements:
            lowered = self._statement(statement, scope)
            if lowered is not None:
                out.append(lowered)
        return tuple(out)

    def _statement(self, statement: ast.Statement, scope: Scope) -> ir.Stmt | None:
        line = statement.span.line
        if isinstance(statement, ast.Phrase):
            return self._operation(statement, scope)
        if isinstance(statement, ast.Let):
            value = self._expressions.expr(statement.value, scope, None)
            if value is None:
                return None
            self._bind(statement.name, value.type, scope, origins=origins_of(value, scope))
            return ir.LetStmt(statement.name.text, value, line)
        if isinstance(statement, ast.If):
            condition = self._expressions.condition(statement.condition, scope)
            # The two branches are alternatives: what the first forgets (a `set` of a memory
            # tested before the `if`) still holds in the second, and after the `if` only what
            # both kept holds.
            before = scope.facts()
            with scope.nested(ir.proved_present(condition, True), ir.proved_zones(condition)):
                then = self._statements(statement.then, scope)
            after_then = scope.facts()
            scope.restore(before)
            otherwise: tuple[ir.Stmt, ...] = ()
            if isinstance(statement.otherwise, ast.Block):
                with scope.nested(ir.proved_present(condition, False)):
                    otherwise = self._statements(statement.otherwise, scope)
            elif isinstance(statement.otherwise, ast.If):
                with scope.nested(ir.proved_present(condition, False)):
                    nested = self._statement(statement.otherwise, scope)
                otherwise = (nested,) if nested is not None else ()
            scope.keep_only(after_then)
            return ir.IfStmt(condition, then, otherwise, line) if condition is not None else None
        if isinstance(statement, ast.ChooseOne):
            return self._choose_one(statement, scope)
        if isinstance(statement, ast.ChooseSeveral):
            return self._choose_several(statement, scope)
        if isinstance(statement, ast.ChooseNumber):
            return self._choose_number(statement, scope)
        if isinstance(statement, ast.Until):
            return self._until(statement)
        if isinstance(statement, ast.Set):
            return self._set(statement, scope)
        if isinstance(statement, ast.May):
            with scope.nested():
                body = self._statements(statement.body, scope)
            return ir.MayStmt(body, f"{self._card.name}: {may_text(body)}?", line)
        if isinstance(statement, ast.ForEach) and statement.source is not None:
            return self._for_each_in(statement, scope)
        if isinstance(statement, ast.Choose) and statement.source is not None:
            return self._choose_in(statement, scope)
        if isinstance(statement, ast.ForEach):
            assert statement.kind is not None  # the grammar gives a kind or a source
            kind = self._choice_kind(statement.kind)
            with scope.nested():
                if kind is not None:
                    self._bind(statement.variable, kind, scope)
                where = (
                    self._expressions.condition(statement.where, scope)
                    if statement.where is not None
                    else None
                )
                body = self._statements(statement.body, scope)
            if kind is None:
                return None
            return ir.ForEachStmt(kind, statement.variable.text, where, body, line)
        if isinstance(statement, ast.Choose):
            assert statement.kind is not None  # the grammar gives a kind or a source
            kind = self._choice_kind(statement.kind)
            chooser: ir.Expr | None = ir.YouRef(PLAYER)
            if statement.chooser is not None:
                chooser = self._expressions.expr(statement.chooser, scope, PLAYER)
                if chooser is not None and not PLAYER.accepts(chooser.type):
                    type_error(self.reporter, statement.chooser.span, "the chooser", PLAYER, chooser.type)
                    chooser = None
            if kind is None:
                return None
            # The chosen value stays bound after the choice; its test sees it too.
            self._bind(statement.variable, kind, scope)
            where = (
                self._expressions.condition(statement.where, scope) if statement.where is not None else None
            )
            if chooser is None:
                return None
            prompt = f"{self._card.name}: choose {a(str(kind))}"
            return ir.ChooseStmt(kind, statement.variable.text, where, chooser, prompt, line)
        self.reporter.error(
            head_span(statement),
            Code.MISPLACED_EFFECT,
            f"{describe(statement)} cannot stand inside another effect",
            "'on', 'when', 'while in play' and 'instead of' blocks go directly in a card or an ability"
            if isinstance(statement, EFFECT_BLOCKS)
            else "'modify' goes in a 'while in play' block"
            if isinstance(statement, ast.Modify)
            else None,
        )
        return None

    def _check_asked(self, hook: HookSpec, condition: ir.Expr, span: Span) -> None:
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

    def _choose_one(self, statement: ast.ChooseOne, scope: Scope) -> ir.Stmt | None:
        """Each branch is offered as its own English text, so two branches must read differently."""
        branches: list[tuple[str, tuple[ir.Stmt, ...]]] = []
        for block in statement.branches:
            with scope.nested():
                body = self._statements(block, scope)
            text = second_person(statements_text(body))
            if any(text == seen for seen, _ in branches):
                self.reporter.error(
                    block.span,
                    Code.DUPLICATE_NAME,
                    "two branches of 'choose one' do the same thing",
                    "a player could not tell them apart; make each branch different",
                )
                return None
            branches.append((text, body))
        prompt = f"{self._card.name}: choose one"
        return ir.ChooseOneStmt(tuple(branches), prompt, statement.span.line)

    def _for_each_in(self, statement: ast.ForEach, scope: Scope) -> ir.Stmt | None:
        """`for each x in LIST where TEST { ... }`: the body once for each value of the list."""
        assert statement.source is not None
        source, element = self._expressions.list_value(statement.source, scope, "a loop")
        with scope.nested():
            origins = origins_of(source, scope) if source is not None else None
            if element is not None:
                self._bind(statement.variable, element, scope, origins=origins)
            where = self._expressions.condition(statement.where, scope) if element is not None else None
            with scope.nested(zones=ir.proved_zones(where)):
                body = self._statements(statement.body, scope)
        if source is None or element is None:
            return None
        return ir.ForEachStmt(element, statement.variable.text, where, body, statement.span.line, source)

    def _choose_in(self, statement: ast.Choose, scope: Scope) -> ir.Stmt | None:
        """`choose x in LIST where TEST [by PLAYER]`: a player picks one value of the list."""
        assert statement.source is not None
        source, element = self._expressions.list_value(statement.source, scope, "a choice")
        chooser: ir.Expr | None = ir.YouRef(PLAYER)
        if statement.chooser is not None:
            chooser = self._expressions.argument(statement.chooser, PLAYER, "the chooser", scope)
        if source is None or element is None:
            return None
        # The chosen value stays bound after the choice; its test sees it too.
        origins = origins_of(source, scope)
        self._bind(statement.variable, element, scope, origins=origins)
        where = self._expressions.condition(statement.where, scope)
        found = ir.proved_zones(where).get(statement.variable.text)
        if found is not None:
            self._bind(
                statement.variable, element, scope, origins=found if origins is None else found & origins
            )
        if chooser is None:
            return None
        prompt = f"{self._card.name}: choose {a(str(element))}"
        return ir.ChooseStmt(
            element, statement.variable.text, where, chooser, prompt, statement.span.line, source
        )

    def _chooser(self, expr: ast.Expr | None, scope: Scope) -> ir.Expr | None:
        """Who decides: `by PLAYER`, or the card's owner."""
        if expr is None:
            return ir.YouRef(PLAYER)
        return self._expressions.argument(expr, PLAYER, "the chooser", scope)

    def _choose_several(self, statement: ast.ChooseSeveral, scope: Scope) -> ir.Stmt | None:
        """`choose up to N x in LIST` / `choose N x in LIST`: in the test, `x` is one value of the
        list; after the choice, the list of the values chosen."""
        count = self._expressions.argument(statement.count, INT, "how many to choose", scope)
        fixed = constant(count) if count is not None else None
        if fixed is not None and fixed < 1:
            self.reporter.error(
                statement.count.span,
                Code.WRONG_ARGUMENTS,
                f"choosing {'up to ' if statement.up_to else ''}{fixed} values chooses nothing",
                "choose at least 1 (write the statement only where something is chosen)",
            )
            count = None
        source, element = self._expressions.list_value(statement.source, scope, "a choice")
        chooser = self._chooser(statement.chooser, scope)
        where: ir.Expr | None = None
        if element is not None:
            origins = origins_of(source, scope) if source is not None else None
            with scope.nested():
                # The test's `x` is one value, in a comprehension of its own: not the list bound below.
                self._bind(statement.variable, element, scope, comprehension=True, origins=origins)
                where = self._expressions.condition(statement.where, scope)
            found = ir.proved_zones(where).get(statement.variable.text)
            if found is not None:
                origins = found if origins is None else found & origins
            self._bind(statement.variable, list_of(element), scope, origins=origins)
        else:
            scope.unresolved.add(statement.variable.text)  # its uses are not errors of their own
        if count is None or source is None or element is None or chooser is None:
            return None
        if statement.where is not None and where is None:
            return None
        at_least = ir.IntConst(0, INT) if statement.up_to else count
        how_many = "up to " if statement.up_to else ""
        shown = value_text(count)
        noun = words(element.name) if shown == "1" else plural(words(element.name))
        prompt = f"{self._card.name}: choose {how_many}{shown} {noun}"
        return ir.ChooseSeveralStmt(
            element,
            statement.variable.text,
            count,
            at_least,
            source,
            where,
            chooser,
            prompt,
            statement.span.line,
        )

    def _choose_number(self, statement: ast.ChooseNumber, scope: Scope) -> ir.Stmt | None:
        """`choose n from LOW to HIGH`: a whole number of the range, both ends included."""
        low = self._expressions.argument(statement.low, INT, "the lowest number", scope)
        high = self._expressions.argument(statement.high, INT, "the highest number", scope)
        chooser = self._chooser(statement.chooser, scope)
        self._bind(statement.variable, INT, scope)
        if low is None or high is None or chooser is None:
            return None
        least, most = constant(low), constant(high)
        if least is not None and most is not None:
            if most < least:
                self.reporter.error(
                    statement.span,
                    Code.WRONG_ARGUMENTS,
                    f"no number is from {least} to {most}",
                    "give the lower number first",
                )
                return None
            if most - least + 1 > MAX_NUMBER_OPTIONS:
                self.reporter.error(
                    statement.span,
                    Code.NUMBER_TOO_LARGE,
                    f"a choice of {most - least + 1:,} numbers is too many to offer",
                    f"offer at most {MAX_NUMBER_OPTIONS:,} (a range computed in play is cut there)",
                )
                return None
        prompt = f"{self._card.name}: choose a number"
        if least is not None and most is not None:  # a range computed in play shows in its options
            prompt += f" from {least} to {most}"
        return ir.ChooseNumberStmt(statement.variable.text, low, high, chooser, prompt, statement.span.line)

    def _bind(
        self,
        ident: ast.Ident,
        type_: Type,
        scope: Scope,
        *,
        comprehension: bool = False,
        origins: frozenset[str] | None = None,
    ) -> None:
        bind_local(
            scope, ident, type_, self.vocab, self.reporter, comprehension=comprehension, origins=origins
        )

    def _choice_kind(self, ident: ast.Ident) -> Type | None:
        if ident.text == "player":
            return PLAYER
        if ident.text in self.vocab.enums:
            return enum_type(ident.text)
        self.reporter.unknown(
            ident.span, "kind of thing to choose", ident.text, ["player", *self.vocab.enums]
        )
        return None

    def _operation(self, phrase: ast.Phrase, scope: Scope) -> ir.Stmt | None:
        name = phrase.head.text
        hook = self.vocab.hooks.get(name)
        if phrase.up_to and not (name == "pay" and hook is None and self.vocab.money is not None):
            not_up_to(self.reporter, phrase)
            return None
        if name == "move" and hook is None:
            return self._move(phrase, scope)
        if name in BUILTIN_OPERATIONS and hook is None:
            return self._money_statement(phrase, scope)
        if hook is None or hook.kind != "operation":
            if hook is not None:
                self.reporter.error(
                    phrase.head.span,
                    Code.MISPLACED_EFFECT,
                    f"{hook.kind} '{name}' cannot stand as a statement",
                    "only operations can",
                )
            elif self.vocab.field_anywhere(name) is not None or name in CORE_ATTRIBUTES:
                self.reporter.error(
                    phrase.head.span,
                    Code.MISPLACED_EFFECT,
                    f"attribute '{name}' cannot be set inside an effect",
                    "attributes go directly in the card",
                )
            else:
                self.reporter.unknown(
                    phrase.head.span,
                    "operation",
                    name,
                    [*self.vocab.hooks_of("operation"), *_STATEMENT_KEYWORDS, *BUILTIN_OPERATIONS],
                )
            return None
        positional = [value for group in phrase.groups for value in group]
        wanted = hook.positional
        signature = signature_text(hook)
        ok = True
        if len(positional) != len(wanted):
            self.reporter.error(
                phrase.span,
                Code.WRONG_ARGUMENTS,
                f"'{name}' takes {counted(len(wanted), 'value')} before its prepositions, not {len(positional)}",
                f"it is written: {signature}",
            )
            ok = False
        values: dict[str, ir.Expr] = {}
        # A count mismatch is reported above; the values that are there are still checked.
        for param, expr in zip(wanted, positional, strict=False):
            value = self._expressions.argument(expr, param.type, param.name, scope)
            if value is None:
                ok = False
            else:
                values[param.name] = value
        for prep in phrase.prepositions:
            named = hook.by_preposition(prep.preposition)
            if named is None:
                self.reporter.error(
                    prep.span,
                    Code.WRONG_ARGUMENTS,
                    f"'{name}' takes no '{prep.preposition} ...'",
                    f"it is written: {signature}",
                )
                ok = False
                continue
            value = self._expressions.argument(prep.value, named.type, named.name, scope)
            if value is None:
                ok = False
            else:
                values[named.name] = value
        missing = [p for p in hook.params if p.preposition is not None and p.name not in values]
        if missing and ok:
            self.reporter.error(
                phrase.span,
                Code.WRONG_ARGUMENTS,
                f"'{name}' needs '{missing[0].preposition} ...' ({missing[0].name})",
                f"it is written: {signature}",
            )
            ok = False
        if not ok:
            return None
        args = tuple((p.name, values[p.name]) for p in hook.params)
        return ir.OperationStmt(hook, args, phrase.span.line)

    # -------------------------------------------------------------- zones and money

    def _phrase_parts(
        self, phrase: ast.Phrase, allowed: tuple[str, ...], written: str
    ) -> tuple[ast.Expr, dict[str, ast.Expr]] | None:
        """The one value and the prepositions of a built-in statement (`move`, `gain`, ...)."""
        positional = [value for group in phrase.groups for value in group]
        ok = len(positional) == 1
        if not ok:
            self.reporter.error(
                phrase.span,
                Code.WRONG_ARGUMENTS,
                f"'{phrase.head.text}' takes 1 value before its prepositions, not {len(positional)}",
                f"it is written: {written}",
            )
        named: dict[str, ast.Expr] = {}
        for prep in phrase.prepositions:
            if prep.preposition not in allowed or prep.preposition in named:
                self.reporter.error(
                    prep.span,
                    Code.WRONG_ARGUMENTS,
                    f"'{phrase.head.text}' takes no "
                    + ("second " if prep.preposition in named else "")
                    + f"'{prep.preposition} ...'",
                    f"it is written: {written}",
                )
                ok = False
            named[prep.preposition] = prep.value
        return (positional[0], named) if ok else None

    def _move(self, phrase: ast.Phrase, scope: Scope) -> ir.Stmt | None:
        """`move CARD to ZONE [of PLAYER]`: the game's one primitive for moving a card."""
        written = "move CARD to ZONE (of PLAYER, for a zone of each player)"
        parts = self._phrase_parts(phrase, ("to",), written)
        if parts is None:
            return None
        card_expr, named = parts
        card = self._expressions.argument(card_expr, CARD, "the card moved", scope)
        destination = named.get("to")
        if destination is None:
            self.reporter.error(
                phrase.span, Code.WRONG_ARGUMENTS, "'move' needs 'to ZONE'", f"it is written: {written}"
            )
            return None
        place = self._zone_place(destination, scope, "a card moves")
        if card is None or place is None:
            return None
        zone, holder = place
        origins = self._move_origins(card_expr, card, zone, scope)
        if origins is None:
            return None
        key = ir.card_key(card)
        if key is not None:
            scope.widen(key, zone.name)
        return ir.MoveStmt(card, zone, holder, phrase.span.line, origins)

    def _move_origins(
        self, card_expr: ast.Expr, card: ir.Expr, zone: ZoneSpec, scope: Scope
    ) -> tuple[str, ...] | None:
        """The zones the card moved may be in, each of which the game declares a move from to
        `zone`; a card that may be anywhere else is an error naming the moves there are."""
        sources = self.vocab.moves_to(zone.name)
        if not zone.per_player:
            sources = [zone.name, *sources]  # a card already there stays
        found = origins_of(card, scope)
        declared = ", ".join(f"{a} to {b}" for a, b in self.vocab.moves) or "none"
        if found is None:
            shown = (
                card_expr.ident.text
                if isinstance(card_expr, ast.Name)
                else "this"
                if isinstance(card_expr, ast.This)
                else "CARD"
            )
            self.reporter.error(
                card_expr.span,
                Code.NO_SUCH_MOVE,
                f"this card may be in any zone, and the game moves a card to {zone.name} only from "
                + (", ".join(self.vocab.moves_to(zone.name)) or "nowhere"),
                f"test its zone first ('if {shown}.zone == ZONE {{ move ... }}'), or move a card "
                + f"chosen from a zone ('cards in ZONE'); the game's moves: {declared}",
            )
            return None
        missing = [origin for origin in self.vocab.zones if origin in found and origin not in sources]
        if missing:
            self.reporter.error(
                card_expr.span,
                Code.NO_SUCH_MOVE,
                f"the game moves no card from {missing[0]} to {zone.name}",
                f"the game's moves: {declared}",
            )
            return None
        return tuple(origin for origin in self.vocab.zones if origin in found)

    def _zone_place(self, expr: ast.Expr, scope: Scope, what: str) -> tuple[ZoneSpec, ir.Expr | None] | None:
        """A zone named where one is wanted: `market`, or `court of p` for a zone of each player."""
        if isinstance(expr, ast.Holding):
            ident, holder_expr = expr.name, expr.holder
        elif isinstance(expr, ast.Name):
            ident, holder_expr = expr.ident, None
        else:
            self.reporter.error(
                expr.span,
                Code.WRONG_TYPE,
                f"{what} to a zone, not {expr_kind(expr)}",
                self._members.zones_hint(),
            )
            return None
        zone = self._members.zone(ident, holder_expr is not None)
        if zone is None:
            return None
        holder = None
        if holder_expr is not None:
            holder = self._expressions.argument(
                holder_expr, PLAYER, f"the player whose {ident.text} it is", scope
            )
            if holder is None:
                return None
        return zone, holder

    def _money_statement(self, phrase: ast.Phrase, scope: Scope) -> ir.Stmt | None:
        """`gain N [for P]`, `pay N [to R] [from P]`, `pay up to N [to R] [from P]` (what P has, up
        to N), `take N from P` (the payer, gainer or taker is the effect's owner unless named). In
        a game whose money lies on cards too, a card may be paid (`pay 1 to CARD`: onto it) or
        taken from (`take 1 from CARD`)."""
        verb = phrase.head.text
        written, allowed = {
            "gain": ("gain AMOUNT (for PLAYER)", ("for",)),
            "pay": ("pay (up to) AMOUNT (to PLAYER) (from PLAYER)", ("to", "from")),
            "take": ("take AMOUNT from PLAYER", ("from",)),
        }[verb]
        money = self._members.money(phrase.head.span)
        parts = self._phrase_parts(phrase, allowed, written)
        if parts is None or money is None:
            return None
        amount_expr, named = parts
        amount = self._expressions.argument(amount_expr, INT, f"the amount to {verb}", scope)
        if verb == "take" and "from" not in named:
            self.reporter.error(
                phrase.span, Code.WRONG_ARGUMENTS, "'take' needs 'from PLAYER'", f"it is written: {written}"
            )
            return None
        # Who pays, gains or is taken from is a player; who is paid, or taken from, may be a card
        # in a game whose money lies on cards.
        holders = {("pay", "to"), ("take", "from")} if money.on_cards else set()
        players: dict[str, ir.Expr | None] = {}
        for preposition, expr in named.items():
            what = f"{verb} ... {preposition}"
            if (verb, preposition) in holders:
                players[preposition] = self._expressions.money_holder(expr, what, scope)
            else:
                players[preposition] = self._expressions.argument(expr, PLAYER, what, scope)
            if players[preposition] is None:
                return None
        if amount is None:
            return None
        you: ir.Expr = ir.YouRef(PLAYER)
        line = phrase.span.line
        if verb == "gain":
            return ir.MoneyStmt("gain", money, amount, players.get("for") or you, None, line)
        if verb == "pay":
            paid = "pay_up_to" if phrase.up_to else "pay"
            return ir.MoneyStmt(paid, money, amount, players.get("from") or you, players.get("to"), line)
        victim = players["from"]
        assert victim is not None
        return ir.MoneyStmt("take", money, amount, victim, you, line)


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


def _apply_errata(
    attributes: Iterable[ir.AttributeValue], errata: Iterable[ir.ErratumIR]
) -> tuple[ir.AttributeValue, ...]:
    """The attributes as the latest erratum leaves them, in the order the card gives them."""
    values = {a.field.name: a for a in attributes}
    for erratum in errata:
        for change in erratum.changes:
            values[change.field.name] = change
    return tuple(values.values())
