"""A card's attributes as short text, for any game's generated `Card` (the attributes its
vocabulary declares, not the fields every card has: number, name, text, abilities...)."""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from typing import Any

# The fields of every generated card that are no printed attribute.
_NOT_ATTRIBUTES = frozenset(
    {"number", "name", "card_type", "provenance", "source", "note", "text", "ability_text"}
    | {"abilities", "lasting", "sides", "errata", "version", "versions"}
)


def value_text(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, enum.Enum):
        return str(value.value).replace("_", " ")
    if isinstance(value, tuple):
        return ", ".join(value_text(item) for item in value)
    return str(value)


def attributes(card: Any, first: Sequence[str] = ()) -> list[tuple[str, str]]:
    """(name in words, value in words) of each attribute the card has, the names in `first`
    first (in that order), then the others as the vocabulary's Card lists them."""
    present = {
        field.name: getattr(card, field.name)
        for field in dataclasses.fields(card)
        if field.name not in _NOT_ATTRIBUTES and getattr(card, field.name) not in (None, (), "")
    }
    order = [name for name in first if name in present] + [name for name in present if name not in first]
    return [(name.replace("_", " "), value_text(present[name])) for name in order]
