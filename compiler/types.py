"""The types of the card language.

Built in: int, bool, text, player, card. Each game adds its enums (region, suit, ...), and any of
these may be a list. A card attribute that some card types lack is 'optional': it may be compared,
never passed where a value is required.
"""

from __future__ import annotations

from dataclasses import dataclass

BUILTIN_NAMES = ("int", "bool", "text", "player", "card")


@dataclass(frozen=True, slots=True)
class Type:
    kind: str  # "int", "bool", "text", "player", "card", "enum" or "list"
    name: str  # the enum's name for "enum", the kind otherwise
    element: Type | None = None
    optional: bool = False

    def __str__(self) -> str:
        if self.kind == "list" and self.element is not None:
            return f"list {self.element}"
        return self.name

    def required(self) -> Type:
        return Type(self.kind, self.name, self.element, False)

    def maybe(self) -> Type:
        return Type(self.kind, self.name, self.element, True)

    def accepts(self, other: Type) -> bool:
        """Whether a value of `other` may stand where `self` is wanted."""
        if other.optional and not self.optional:
            return False
        if self.kind == "list" or other.kind == "list":
            return (
                self.kind == other.kind
                and self.element is not None
                and other.element is not None
                and self.element.accepts(other.element)
            )
        return self.kind == other.kind and self.name == other.name


INT = Type("int", "int")
BOOL = Type("bool", "bool")
TEXT = Type("text", "text")
PLAYER = Type("player", "player")
CARD = Type("card", "card")

# The type of `card.card_type`: its values are the game's card type names.
CARD_TYPE = Type("enum", "card_type")

# The type of `card.zone` and of a zone's name: its values are the zones the vocabulary declares.
ZONE = Type("enum", "zone")

BUILTINS = {"int": INT, "bool": BOOL, "text": TEXT, "player": PLAYER, "card": CARD}


def enum_type(name: str) -> Type:
    return Type("enum", name)


def list_of(element: Type) -> Type:
    return Type("list", "list", element)
