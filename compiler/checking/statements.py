"""Statements: what an effect does, step by step, and the names its steps bind.

`StatementChecker.statements` checks the body of a one-shot effect, a trigger or a replacement
in the effect's Scope (scopes.py): `let`, `if` / `else`, `for each`, the choices (`choose` one
value, several, a number, one of several blocks), `may`, `set CARD.MEMORY`, `until DURATION`,
and operations, which operations.py checks. The names a step binds (`let x`, `choose c in ...`)
keep one kind of value throughout the effect, since the effect becomes one Python function;
what a test proved (`if c.zone == hand`, `is set`) holds in the blocks it guards. The values of
the steps are expressions (expressions.py); `until` holds modifiers (modifiers.py). Effects do
not nest: a block that holds an effect (`on`, `when`, ...) inside another effect is an error here.
The card checker (compiler/checker.py) calls this part with each effect's body.
"""

from __future__ import annotations

from paxc.compiler import ast, ir
from paxc.compiler.checking.expressions import ExpressionChecker, constant
from paxc.compiler.checking.messages import EFFECT_BLOCKS, a, article, describe, head_span, type_error
from paxc.compiler.checking.modifiers import ModifierChecker
from paxc.compiler.checking.operations import OperationChecker
from paxc.compiler.checking.scopes import CardContext, Scope, bind_local, origins_of
from paxc.compiler.diagnostics import Code, Reporter
from paxc.compiler.render import may_text, plural, second_person, statements_text, value_text, words
from paxc.compiler.types import CARD, INT, PLAYER, Type, enum_type, list_of
from paxc.compiler.vocabulary import Vocabulary
from paxc.runtime.core.decisions import MAX_NUMBER_OPTIONS


class StatementChecker:
    """Checks the statements of one game's cards; `card` is the card being checked, and the other
    parts are those its statements are made of."""

    def __init__(
        self,
        vocabulary: Vocabulary,
        reporter: Reporter,
        card: CardContext,
        expressions: ExpressionChecker,
        operations: OperationChecker,
        modifiers: ModifierChecker,
    ) -> None:
        self.vocab = vocabulary
        self.reporter = reporter
        self.card = card
        self.expressions = expressions
        self.operations = operations
        self.modifiers = modifiers

    def statements(self, block: ast.Block, scope: Scope) -> tuple[ir.Stmt, ...]:
        out: list[ir.Stmt] = []
        for statement in block.statements:
            lowered = self.statement(statement, scope)
            if lowered is not None:
                out.append(lowered)
        return tuple(out)

    def statement(self, statement: ast.Statement, scope: Scope) -> ir.Stmt | None:
        if isinstance(statement, ast.Phrase):
            return self.operations.operation(statement, scope)
        if isinstance(statement, ast.Let):
            return self._let(statement, scope)
        if isinstance(statement, ast.If):
            return self._if(statement, scope)
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
            return self._may(statement, scope)
        if isinstance(statement, ast.ForEach):
            if statement.source is not None:
                return self._for_each_in(statement, scope)
            return self._for_each_of_kind(statement, scope)
        if isinstance(statement, ast.Choose):
            if statement.source is not None:
                return self._choose_in(statement, scope)
            return self._choose_of_kind(statement, scope)
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

    def _let(self, statement: ast.Let, scope: Scope) -> ir.Stmt | None:
        value = self.expressions.expr(statement.value, scope, None)
        if value is None:
            return None
        self._bind(statement.name, value.type, scope, origins=origins_of(value, scope))
        return ir.LetStmt(statement.name.text, value, statement.span.line)

    def _if(self, statement: ast.If, scope: Scope) -> ir.Stmt | None:
        condition = self.expressions.condition(statement.condition, scope)
        # The two branches are alternatives: what the first forgets (a `set` of a memory
        # tested before the `if`) still holds in the second, and after the `if` only what
        # both kept holds.
        before = scope.facts()
        with scope.nested(ir.proved_present(condition, True), ir.proved_zones(condition)):
            then = self.statements(statement.then, scope)
        after_then = scope.facts()
        scope.restore(before)
        otherwise: tuple[ir.Stmt, ...] = ()
        if isinstance(statement.otherwise, ast.Block):
            with scope.nested(ir.proved_present(condition, False)):
                otherwise = self.statements(statement.otherwise, scope)
        elif isinstance(statement.otherwise, ast.If):
            with scope.nested(ir.proved_present(condition, False)):
                nested = self._if(statement.otherwise, scope)
            otherwise = (nested,) if nested is not None else ()
        scope.keep_only(after_then)
        return ir.IfStmt(condition, then, otherwise, statement.span.line) if condition is not None else None

    def _may(self, statement: ast.May, scope: Scope) -> ir.Stmt | None:
        with scope.nested():
            body = self.statements(statement.body, scope)
        return ir.MayStmt(body, f"{self.card.name}: {may_text(body)}?", statement.span.line)

    def _for_each_of_kind(self, statement: ast.ForEach, scope: Scope) -> ir.Stmt | None:
        """`for each player as p` (or any enum): the body once for each value, players in turn
        order from the active one."""
        assert statement.kind is not None  # the grammar gives a kind or a source
        kind = self._choice_kind(statement.kind)
        with scope.nested():
            if kind is not None:
                self._bind(statement.variable, kind, scope)
            where = (
                self.expressions.condition(statement.where, scope) if statement.where is not None else None
            )
            body = self.statements(statement.body, scope)
        if kind is None:
            return None
        return ir.ForEachStmt(kind, statement.variable.text, where, body, statement.span.line)

    def _choose_of_kind(self, statement: ast.Choose, scope: Scope) -> ir.Stmt | None:
        """`choose region as r [where TEST] [by PLAYER]`: a player picks a player or an enum's value."""
        assert statement.kind is not None  # the grammar gives a kind or a source
        kind = self._choice_kind(statement.kind)
        chooser: ir.Expr | None = ir.YouRef(PLAYER)
        if statement.chooser is not None:
            chooser = self.expressions.expr(statement.chooser, scope, PLAYER)
            if chooser is not None and not PLAYER.accepts(chooser.type):
                type_error(self.reporter, statement.chooser.span, "the chooser", PLAYER, chooser.type)
                chooser = None
        if kind is None:
            return None
        # The chosen value stays bound after the choice; its test sees it too.
        self._bind(statement.variable, kind, scope)
        where = self.expressions.condition(statement.where, scope) if statement.where is not None else None
        if chooser is None:
            return None
        prompt = f"{self.card.name}: choose {a(str(kind))}"
        return ir.ChooseStmt(kind, statement.variable.text, where, chooser, prompt, statement.span.line)

    def _choose_one(self, statement: ast.ChooseOne, scope: Scope) -> ir.Stmt | None:
        """Each branch is offered as its own English text, so two branches must read differently."""
        branches: list[tuple[str, tuple[ir.Stmt, ...]]] = []
        for block in statement.branches:
            with scope.nested():
                body = self.statements(block, scope)
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
        prompt = f"{self.card.name}: choose one"
        return ir.ChooseOneStmt(tuple(branches), prompt, statement.span.line)

    def _for_each_in(self, statement: ast.ForEach, scope: Scope) -> ir.Stmt | None:
        """`for each x in LIST where TEST { ... }`: the body once for each value of the list."""
        assert statement.source is not None
        source, element = self.expressions.list_value(statement.source, scope, "a loop")
        with scope.nested():
            origins = origins_of(source, scope) if source is not None else None
            if element is not None:
                self._bind(statement.variable, element, scope, origins=origins)
            where = self.expressions.condition(statement.where, scope) if element is not None else None
            with scope.nested(zones=ir.proved_zones(where)):
                body = self.statements(statement.body, scope)
        if source is None or element is None:
            return None
        return ir.ForEachStmt(element, statement.variable.text, where, body, statement.span.line, source)

    def _choose_in(self, statement: ast.Choose, scope: Scope) -> ir.Stmt | None:
        """`choose x in LIST where TEST [by PLAYER]`: a player picks one value of the list."""
        assert statement.source is not None
        source, element = self.expressions.list_value(statement.source, scope, "a choice")
        chooser: ir.Expr | None = ir.YouRef(PLAYER)
        if statement.chooser is not None:
            chooser = self.expressions.argument(statement.chooser, PLAYER, "the chooser", scope)
        if source is None or element is None:
            return None
        # The chosen value stays bound after the choice; its test sees it too.
        origins = origins_of(source, scope)
        self._bind(statement.variable, element, scope, origins=origins)
        where = self.expressions.condition(statement.where, scope)
        found = ir.proved_zones(where).get(statement.variable.text)
        if found is not None:
            self._bind(
                statement.variable, element, scope, origins=found if origins is None else found & origins
            )
        if chooser is None:
            return None
        prompt = f"{self.card.name}: choose {a(str(element))}"
        return ir.ChooseStmt(
            element, statement.variable.text, where, chooser, prompt, statement.span.line, source
        )

    def _chooser(self, expr: ast.Expr | None, scope: Scope) -> ir.Expr | None:
        """Who decides: `by PLAYER`, or the card's owner."""
        if expr is None:
            return ir.YouRef(PLAYER)
        return self.expressions.argument(expr, PLAYER, "the chooser", scope)

    def _choose_several(self, statement: ast.ChooseSeveral, scope: Scope) -> ir.Stmt | None:
        """`choose up to N x in LIST` / `choose N x in LIST`: in the test, `x` is one value of the
        list; after the choice, the list of the values chosen."""
        count = self.expressions.argument(statement.count, INT, "how many to choose", scope)
        fixed = constant(count) if count is not None else None
        if fixed is not None and fixed < 1:
            self.reporter.error(
                statement.count.span,
                Code.WRONG_ARGUMENTS,
                f"choosing {'up to ' if statement.up_to else ''}{fixed} values chooses nothing",
                "choose at least 1 (write the statement only where something is chosen)",
            )
            count = None
        source, element = self.expressions.list_value(statement.source, scope, "a choice")
        chooser = self._chooser(statement.chooser, scope)
        where: ir.Expr | None = None
        if element is not None:
            origins = origins_of(source, scope) if source is not None else None
            with scope.nested():
                # The test's `x` is one value, in a comprehension of its own: not the list bound below.
                self._bind(statement.variable, element, scope, comprehension=True, origins=origins)
                where = self.expressions.condition(statement.where, scope)
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
        prompt = f"{self.card.name}: choose {how_many}{shown} {noun}"
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
        low = self.expressions.argument(statement.low, INT, "the lowest number", scope)
        high = self.expressions.argument(statement.high, INT, "the highest number", scope)
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
        prompt = f"{self.card.name}: choose a number"
        if least is not None and most is not None:  # a range computed in play shows in its options
            prompt += f" from {least} to {most}"
        return ir.ChooseNumberStmt(statement.variable.text, low, high, chooser, prompt, statement.span.line)

    def _set(self, statement: ast.Set, scope: Scope) -> ir.Stmt | None:
        """`set CARD.MEMORY to VALUE`: the card remembers the value while it is in play."""
        memory = self.vocab.memories.get(statement.target.attribute.text)
        subject = self.expressions.expr(statement.target.subject, scope, CARD)
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
        value = self.expressions.argument(statement.value, memory.type, memory.name, scope)
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
        modifiers = self.modifiers.modifiers_only(statement.body, "'until ...'")
        if duration not in self.vocab.durations or not modifiers:
            return None
        self.card.lasting.append(ir.AbilityIR(None, tuple(modifiers), statement.span.line))
        text = self.vocab.durations[duration]
        return ir.LastingStmt(
            len(self.card.lasting) - 1, duration, text, tuple(modifiers), statement.span.line
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
