"""What a card, a zone and the game's money are in an expression: `c.region`, `this.rank`,
`c.zone`, `market`, `court of p`, `rupees of p`.

The expression checker (expressions.py) checks the value before the dot or the `of` and asks this
part what the name there means in the game's vocabulary: an attribute of some card type, what a
card remembers (a memory), where a card is (`.zone`, `.owner`), a zone written as it must be, the
money. `this.x` is folded here to the card's own value (CardContext.this_values), known when the
card is compiled. The statements that move cards and money (operations.py) find their zone and
money here too. This part checks no expression of its own.
"""

from __future__ import annotations

from paxc.compiler import ast, ir
from paxc.compiler.checking.scopes import CardContext
from paxc.compiler.diagnostics import Code, Reporter
from paxc.compiler.source import Span
from paxc.compiler.types import CARD, CARD_TYPE, PLAYER, ZONE
from paxc.compiler.vocabulary import MoneySpec, Vocabulary, ZoneSpec


class Members:
    """The names after a card, a zone's name and money, in one game's vocabulary."""

    def __init__(self, vocabulary: Vocabulary, reporter: Reporter, card: CardContext) -> None:
        self.vocab = vocabulary
        self.reporter = reporter
        self.card = card

    def attribute(self, subject: ir.Expr, attribute: ast.Ident) -> ir.Expr | None:
        """`card.x` of a card that is there (the expression checker made sure): its type, where
        it is, what it remembers, or an attribute some card type declares."""
        if attribute.text == "card_type":
            return ir.FieldRef(subject, "card_type", CARD_TYPE)
        if attribute.text in ("owner", "zone") and self.vocab.zones:
            return card_place(attribute.text, subject)
        memory = self.vocab.memories.get(attribute.text)
        if memory is not None:
            return ir.MemoryRef(subject, memory, memory.type.maybe())
        field = self.vocab.field_anywhere(attribute.text)
        if field is None:
            self.reporter.unknown(
                attribute.span,
                "card attribute",
                attribute.text,
                [f.name for f in self.vocab.all_fields()] + list(self.vocab.memories),
            )
            return None
        return ir.FieldRef(subject, field.name, field.type)

    def this_attribute(self, attribute: ast.Ident) -> ir.Expr | None:
        """`this.x` is known when the card is compiled: it becomes the card's own value (what the
        card remembers is not: `this.named` is read in play)."""
        memory = self.vocab.memories.get(attribute.text)
        if memory is not None:
            return ir.MemoryRef(ir.ThisRef(CARD), memory, memory.type.maybe())
        if attribute.text in ("owner", "zone") and self.vocab.zones:
            return card_place(attribute.text, ir.ThisRef(CARD))
        if attribute.text == "card_type":
            return ir.ThisField("card_type", ir.EnumConst(self.card.card_type, CARD_TYPE), CARD_TYPE)
        value = self.card.this_values.get(attribute.text)
        if value is not None:
            return ir.ThisField(attribute.text, value, value.type)
        field = self.vocab.field_anywhere(attribute.text)
        if field is None:
            self.reporter.unknown(
                attribute.span, "card attribute", attribute.text, [f.name for f in self.vocab.all_fields()]
            )
        else:
            self.reporter.error(
                attribute.span,
                Code.MISSING_ATTRIBUTE,
                f"this card has no '{attribute.text}'",
                f"give the card a line '{attribute.text} ...' or do not refer to it",
            )
        return None

    def zone(self, ident: ast.Ident, with_holder: bool, every: bool = False) -> ZoneSpec | None:
        """A declared zone, written as it must be: `of PLAYER` (or `every`) for a zone of each
        player, nothing after a shared zone."""
        zone = self.vocab.zones.get(ident.text)
        if zone is None:
            self.reporter.unknown(ident.span, "zone", ident.text, self.vocab.zones)
            return None
        if zone.per_player and not (with_holder or every):
            self.reporter.error(
                ident.span,
                Code.WRONG_ARGUMENTS,
                f"zone '{zone.name}' is one per player: say whose",
                f"write '{zone.name} of PLAYER' (or 'cards in every {zone.name}')",
            )
            return None
        if not zone.per_player and (with_holder or every):
            self.reporter.error(
                ident.span,
                Code.WRONG_ARGUMENTS,
                f"zone '{zone.name}' is shared by every player: it takes no "
                + ("'every'" if every else "'of PLAYER'"),
                f"write '{zone.name}' alone",
            )
            return None
        return zone

    def zones_hint(self) -> str:
        zones = [f"{z.name} of PLAYER" if z.per_player else z.name for z in self.vocab.zones.values()]
        return "the zones of this game: " + (", ".join(zones) or "none")

    def money(self, span: Span) -> MoneySpec | None:
        """The game's money, for a statement that moves it (an error where there is none)."""
        if self.vocab.money is None:
            self.reporter.error(
                span,
                Code.BAD_VOCABULARY,
                "this game declares no money",
                'its vocabulary needs a line: money NAME "singular" "plural"',
            )
        return self.vocab.money

    def money_of(self, expr: ast.Holding) -> MoneySpec | None:
        """The money `rupees of ...` names. A zone's name here is not a value of its own."""
        name = expr.name.text
        if name in self.vocab.zones:
            self.reporter.error(
                expr.span,
                Code.WRONG_TYPE,
                f"'{name} of ...' is a zone, not a value",
                f"its cards are 'cards in {name} of ...'; 'move CARD to {name} of ...' puts a card there",
            )
            return None
        money = self.vocab.money
        if money is None or name != money.name:
            known = [money.name] if money is not None else []
            self.reporter.unknown(expr.name.span, "money", name, known + list(self.vocab.zones))
            return None
        return money


def card_place(what: str, subject: ir.Expr) -> ir.Expr:
    """Where a card is now, read in play (`this.zone` too): its zone, absent when it is in
    none the game declares; its owner, the player whose zone holds it, or for a card in a
    shared zone the effect's owner (as each game's runtime says)."""
    if what == "owner":
        return ir.CardPlace("owner", subject, PLAYER)
    return ir.CardPlace("zone", subject, ZONE.maybe())
