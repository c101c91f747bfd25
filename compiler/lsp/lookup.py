"""Hover and go to definition: what the name under the cursor is, and where it is declared.

The document is parsed (a card that does not parse is left out, the others stay: the parser
recovers card by card) and the name under the cursor is found in the tree, with the node that
holds it: a name after `when` is a trigger, a phrase's first word an operation or an attribute,
a name in an expression an enum value, a zone, the money... A card's header is the card itself:
its hover is its text as `paxc render` prints it; in a scenario file, `card 23` and
`card "Name"` name a card of the game.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from paxc.compiler import ast
from paxc.compiler.lsp import game_index as kinds
from paxc.compiler.lsp.documents import (
    MAX_CHARACTERS,
    SCENARIO_SUFFIX,
    Documents,
    Place,
    offset_of,
    span_offsets,
)
from paxc.compiler.lsp.game_index import CardEntry, Declaration, GameIndex, Indexes, line_place
from paxc.compiler.parser import parse, parse_scenarios
from paxc.compiler.render import card_text
from paxc.compiler.source import SourceFile, Span

# What a name may be, by the node that holds it and the field it is in (the first kinds first).
_ROLES: dict[tuple[type, str], tuple[str, ...]] = {
    (ast.When, "trigger"): ("trigger",),
    (ast.Instead, "event"): ("replaceable",),
    (ast.Modify, "hook"): ("modifier",),
    (ast.Call, "function"): ("query",),
    (ast.On, "timing"): (kinds.TIMING,),
    (ast.Until, "duration"): (kinds.DURATION,),
    (ast.WhileInPlay, "place"): (kinds.PLACE,),
    (ast.Phrase, "head"): ("operation", kinds.ATTRIBUTE),
    (ast.Attribute, "attribute"): (kinds.ATTRIBUTE, kinds.MEMORY),
    (ast.CardsIn, "zone"): (kinds.ZONE,),
    (ast.Holding, "name"): (kinds.MONEY, kinds.ZONE),
    (ast.Card, "card_type"): (kinds.CARD_TYPE,),
    (ast.GameHeader, "game"): (kinds.GAME,),
    (ast.ForEach, "kind"): (kinds.ENUM,),
    (ast.Choose, "kind"): (kinds.ENUM,),
    (ast.Name, "ident"): (kinds.ENUM_VALUE, kinds.ZONE, kinds.MONEY, kinds.CARD_TYPE),
    (ast.TypeRef, "name"): (kinds.ENUM, kinds.CARD_TYPE),
}


@dataclass(frozen=True, slots=True)
class Found:
    """What is under the cursor: a name and its declarations, or a card."""

    place: Place  # the name or number under the cursor
    declarations: tuple[Declaration, ...] = ()
    card: CardEntry | None = None
    own_card: ast.Card | None = None  # the header of a card of this document


def _children(node: object) -> Iterator[tuple[object, str, object]]:
    """(parent, field, value) for each value directly below `node`, through tuples."""
    if not dataclasses.is_dataclass(node):
        return
    for spec in dataclasses.fields(node):
        value = getattr(node, spec.name)
        stack = [value]
        while stack:
            item = stack.pop()
            if isinstance(item, tuple):
                stack.extend(reversed(item))
            elif dataclasses.is_dataclass(item):
                yield node, spec.name, item


def _named(tree: object) -> Iterator[tuple[object, str, object]]:
    """Every node of the tree with the node and field holding it, without recursion."""
    stack = list(_children(tree))
    while stack:
        parent, name, node = stack.pop()
        yield parent, name, node
        stack.extend(_children(node))


def _contains(source: SourceFile, span: Span, offset: int) -> bool:
    start = offset_of(source, span.line, span.column)
    end = offset_of(source, span.end_line, span.end_column)
    return start <= offset <= end


class Lookup:
    def __init__(self, documents: Documents, indexes: Indexes) -> None:
        self.documents = documents
        self.indexes = indexes

    def index_for(self, path: Path) -> GameIndex | None:
        game = self.documents.game_of(path)
        return self.indexes.game(self.documents.root(path), game) if game is not None else None

    def find(self, path: Path, offset: int) -> Found | None:
        """What the cursor at `offset` of the document is on, if anything known."""
        source = self.documents.source(path)
        if source is None or not 0 <= offset <= len(source.text) or len(source.text) > MAX_CHARACTERS:
            return None
        index = self.index_for(path)
        if path.suffix == SCENARIO_SUFFIX:
            tree: object = parse_scenarios(source)[0]
        else:
            tree = parse(source)[0]
        for parent, field, node in _named(tree):
            if isinstance(node, ast.Ident) and _contains(source, node.span, offset):
                if index is None:
                    return None
                roles = _ROLES.get((type(parent), field), ())
                found = index.declared(node.text, roles)
                place = Place(path, *span_offsets(source, node.span))
                return Found(place, tuple(found)) if found else None
            if isinstance(parent, ast.Card) and field in ("number", "name"):
                if isinstance(node, ast.IntLit | ast.StrLit) and _contains(source, node.span, offset):
                    entry = index.card(parent.number.value) if index is not None else None
                    return Found(Place(path, *span_offsets(source, node.span)), (), entry, parent)
            if isinstance(node, ast.CardRef) and _contains(source, node.span, offset) and index is not None:
                entry = index.card(node.key)
                if entry is not None:
                    return Found(Place(path, *span_offsets(source, node.span)), (), entry)
        return None

    def hover(self, path: Path, offset: int) -> tuple[str, Place] | None:
        """Markdown describing what is under the cursor, and the range it describes."""
        found = self.find(path, offset)
        if found is None:
            return None
        if found.own_card is not None:
            text = self._own_card_text(path, found)
            return (f"```text\n{text}\n```", found.place) if text else None
        if found.card is not None:
            return f"```text\n{card_text(found.card.card)}\n```", found.place
        return "\n\n---\n\n".join(d.describe() for d in found.declarations), found.place

    def _own_card_text(self, path: Path, found: Found) -> str | None:
        """The text of a card of this document as it is now (unsaved), if it checks."""
        header = found.own_card
        assert header is not None
        checked = self.documents.check(path)
        if checked.result is None:
            return None
        line = header.span.line
        for game in checked.result.games.values():
            for file in game.files:
                for card in file.cards:
                    if card.number == header.number.value and card.line == line:
                        return card_text(card)
        return None

    def definition(self, path: Path, offset: int) -> list[Place]:
        """Where what is under the cursor is declared: a name in game.pax, a card at its header."""
        found = self.find(path, offset)
        if found is None:
            return []
        if found.own_card is not None:
            return [found.place]
        if found.card is not None:
            return [line_place(self.documents, found.card.path, found.card.card.line)]
        return [d.place for d in found.declarations]
