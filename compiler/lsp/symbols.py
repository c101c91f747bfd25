"""Document symbols: a card file's outline (each card, its abilities, sides, errata and effects),
or a vocabulary's (its enums, card types, hooks, zones and the rest)."""

from __future__ import annotations

from dataclasses import dataclass, field

from paxc.compiler import ast
from paxc.compiler.lsp.documents import span_offsets
from paxc.compiler.parser import parse
from paxc.compiler.source import SourceFile, Span

CARD = "card"
ABILITY = "ability"
SIDE = "side"
ERRATUM = "erratum"
EFFECT = "effect"
VOCABULARY = "vocabulary"
DECLARATION = "declaration"  # kinds of a vocabulary's items are their keyword: "enum", "zone", ...


@dataclass
class Symbol:
    name: str
    kind: str
    detail: str
    start: int  # the whole item, as offsets
    end: int
    name_start: int  # the part to select: its name or title
    name_end: int
    children: list[Symbol] = field(default_factory=list)


def outline(source: SourceFile) -> list[Symbol]:
    """The symbols of a card or vocabulary file (what parses of it)."""
    parsed = parse(source)[0]
    symbols = [_card(source, card) for card in parsed.cards]
    symbols += [_vocabulary(source, decl) for decl in parsed.vocabularies]
    return sorted(symbols, key=lambda s: s.start)


def _symbol(source: SourceFile, name: str, kind: str, detail: str, whole: Span, named: Span) -> Symbol:
    start, end = span_offsets(source, whole)
    name_start, name_end = span_offsets(source, named)
    # A selection must lie within its symbol's range.
    name_start, name_end = max(start, min(name_start, end)), max(start, min(name_end, end))
    return Symbol(name, kind, detail, start, end, name_start, name_end)


def _card(source: SourceFile, card: ast.Card) -> Symbol:
    symbol = _symbol(
        source,
        f"#{card.number.value} {card.name.value}",
        CARD,
        card.card_type.text,
        card.span,
        card.name.span,
    )
    symbol.children = _items(source, card.body)
    return symbol


def _items(source: SourceFile, body: ast.Block) -> list[Symbol]:
    """The abilities, sides, errata and effects directly in a card (or a side, an erratum)."""
    found: list[Symbol] = []
    for statement in body.statements:
        if isinstance(statement, ast.Ability):
            item = _symbol(
                source, statement.title.value, ABILITY, "ability", statement.span, statement.title.span
            )
            item.children = _items(source, statement.body)
        elif isinstance(statement, ast.Side):
            item = _symbol(source, statement.title.value, SIDE, "side", statement.span, statement.title.span)
            item.children = _items(source, statement.body)
        elif isinstance(statement, ast.Errata):
            title = f"errata {statement.version.value}"
            item = _symbol(
                source, title, ERRATUM, statement.note.value, statement.span, statement.version.span
            )
            item.children = _items(source, statement.body)
        elif (effect := _effect_name(statement)) is not None:
            item = _symbol(source, effect[0], EFFECT, "effect", statement.span, effect[1])
        else:
            continue
        found.append(item)
    return found


def _effect_name(statement: ast.Statement) -> tuple[str, Span] | None:
    if isinstance(statement, ast.On):
        return f"on {statement.timing.text}", statement.timing.span
    if isinstance(statement, ast.When):
        return f"when {statement.trigger.text}", statement.trigger.span
    if isinstance(statement, ast.Instead):
        return f"instead of {statement.event.text}", statement.event.span
    if isinstance(statement, ast.WhileInPlay):
        place = statement.place.text if statement.place is not None else "play"
        return f"while in {place}", statement.place.span if statement.place is not None else statement.span
    return None


def _vocabulary(source: SourceFile, decl: ast.VocabularyDecl) -> Symbol:
    symbol = _symbol(source, decl.name.text, VOCABULARY, decl.title.value, decl.span, decl.name.span)
    for item in decl.items:
        named = _declared(item)
        if named is None:
            continue
        keyword, ident = named
        child = _symbol(source, ident.text, keyword, keyword, item.span, ident.span)
        if isinstance(item, ast.EnumDecl):
            child.children = [
                _symbol(source, m.text, "enum value", f"value of {ident.text}", m.span, m.span)
                for m in item.members
            ]
        elif isinstance(item, ast.CardTypeDecl):
            child.children = [
                _symbol(source, f.name.text, "attribute", str(f.type.name.text), f.span, f.name.span)
                for f in item.fields
            ]
        symbol.children.append(child)
    return symbol


def _declared(item: ast.VocabItem) -> tuple[str, ast.Ident] | None:
    """The keyword and the name of a vocabulary item (None for items that name nothing new)."""
    if isinstance(item, ast.EnumDecl):
        return "enum", item.name
    if isinstance(item, ast.CardTypeDecl):
        return "cardtype", item.name
    if isinstance(item, ast.SignatureDecl):
        return item.kind, item.name
    if isinstance(item, ast.ZoneDecl):
        return "zone", item.name
    if isinstance(item, ast.MoneyDecl):
        return "money", item.name
    if isinstance(item, ast.DurationDecl):
        return "duration", item.name
    if isinstance(item, ast.MemoryDecl):
        return "memory", item.name
    if isinstance(item, ast.WhileDecl):
        return "while", item.name
    if isinstance(item, ast.TimingDecl) and item.names:
        return "timing", item.names[0]
    return None
