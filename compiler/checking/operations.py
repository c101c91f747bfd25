"""Operations: the statements that act on the game, `place_armies 2 for Afghan in Kabul`, and
the built-in ones that move cards and money (`move`, `gain`, `pay`, `take`).

An operation is a phrase: its head names an operation of the vocabulary, its values come in the
order the vocabulary declares, then the values after prepositions (`in`, `for`, ...).
`OperationChecker.operation` matches them with the signature and checks each value's type
(expressions.py). `move CARD to ZONE` also needs the game to declare a move from each zone the
card may be in (scopes.origins_of) to ZONE, and widens where the card may be afterwards; money
statements need the game's money (members.py), and may pay onto or take from a card where money
lies on cards. A phrase is told apart from an attribute line by where it stands: the card checker
sends attribute lines elsewhere (attributes.py).
"""

from __future__ import annotations

from paxc.compiler import ast, ir
from paxc.compiler.checking.expressions import ExpressionChecker
from paxc.compiler.checking.messages import counted, expr_kind, not_up_to, signature_text
from paxc.compiler.checking.scopes import Scope, origins_of
from paxc.compiler.diagnostics import Code, Reporter
from paxc.compiler.types import CARD, INT, PLAYER
from paxc.compiler.vocabulary import BUILTIN_OPERATIONS, CORE_ATTRIBUTES, Vocabulary, ZoneSpec

# Keywords a misspelling of which reaches the checker as an operation: `choos region as r` reads
# as an operation `choos` (the grammar's words: grammar/pax.lark).
_STATEMENT_KEYWORDS = ("let", "if", "for", "choose", "modify")


class OperationChecker:
    """Checks the operations of one game's cards."""

    def __init__(self, vocabulary: Vocabulary, reporter: Reporter, expressions: ExpressionChecker) -> None:
        self.vocab = vocabulary
        self.reporter = reporter
        self.expressions = expressions
        self.members = expressions.members

    def operation(self, phrase: ast.Phrase, scope: Scope) -> ir.Stmt | None:
        """A phrase standing as a statement: `move`, a money statement, or an operation of the
        vocabulary, its values matched with the operation's signature."""
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
            value = self.expressions.argument(expr, param.type, param.name, scope)
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
            value = self.expressions.argument(prep.value, named.type, named.name, scope)
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
        card = self.expressions.argument(card_expr, CARD, "the card moved", scope)
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
                self.members.zones_hint(),
            )
            return None
        zone = self.members.zone(ident, holder_expr is not None)
        if zone is None:
            return None
        holder = None
        if holder_expr is not None:
            holder = self.expressions.argument(
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
        money = self.members.money(phrase.head.span)
        parts = self._phrase_parts(phrase, allowed, written)
        if parts is None or money is None:
            return None
        amount_expr, named = parts
        amount = self.expressions.argument(amount_expr, INT, f"the amount to {verb}", scope)
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
                players[preposition] = self.expressions.money_holder(expr, what, scope)
            else:
                players[preposition] = self.expressions.argument(expr, PLAYER, what, scope)
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
