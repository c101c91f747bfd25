"""Pax Porfiriana's cards as the table shows them: the attributes that matter to play each one
and what it does, in a line or two.

The attributes come from the card; the ability text from `Card.ability_text`, which `paxc
build` rendered from the card's definition (the runtime writes no card text itself).
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import Card, CardType
from paxc.runtime.core import card_texts
from paxc.runtime.core.board import CardFace
from paxc.runtime.core.card_facts import attributes
from paxc.runtime.porfiriana.state import card

# What a player looks at first: what it costs, whose it is, where it goes.
_FIRST = ("cost", "cost_boot", "cost_mule", "cost_rail", "faction", "district", "family", "prestige")


def facts(printed: Card) -> str:
    """'enterprise; cost 7; district Chihuahua; family mine; connection boot; ...'."""
    kind = printed.card_type.value.replace("_", " ")
    said = _named(attributes(printed, _FIRST))
    if printed.card_type is CardType.PUBLIC:  # bought beside the market for its cost
        said = [fact.replace("play cost", "cost", 1) for fact in said]
    return "; ".join([kind, *said])


def _named(pairs: list[tuple[str, str]]) -> list[str]:
    """The attributes as the table says them: a card's `cost` is what playing it costs (its
    price in the market is the column's), a troop's three costs go together."""
    by_route = [f"{name.removeprefix('cost ')} {value}" for name, value in pairs if name.startswith("cost ")]
    said = []
    for name, value in pairs:
        if name == "cost":
            said.append(f"play cost {value}")
        elif name.startswith("cost "):
            if by_route:
                said.append("play cost " + " / ".join(by_route))
                by_route = []
        else:
            said.append(f"{name} {value}")
    return said


def _side_facts(printed: Card, index: int) -> str:
    """A side's own attributes (those differing from the card's) and what it does."""
    side = printed.sides[index]
    printed_facts = attributes(printed, _FIRST)
    own = _named([pair for pair in attributes(side, _FIRST) if pair not in printed_facts])
    said = _one_line(card_texts.side_ability_text(printed, index))
    return "; ".join(own + ([said] if said else [])) or "-"


def _one_line(text: str) -> str:
    return " ".join(line.strip() for line in text.splitlines())


def face(number: int, *, side: int | None = None, text: bool = True) -> CardFace:
    """The card with its facts and, if `text`, what it does: the side `side` when one is face
    up (named beside the card's name), else each side by its name."""
    printed = card(number)
    name = printed.name
    if side is not None and printed.sides:
        name = f"{printed.name} ({printed.sides[side].name})"
    if not text:
        return CardFace(number, name, facts(printed))
    said: list[str] = []
    if card_texts.ability_text(printed):
        said.append(_one_line(card_texts.ability_text(printed)))
    if side is not None and printed.sides:
        said.append(_side_facts(printed, side))
    else:
        said += [f"{s.name}: {_side_facts(printed, index)}" for index, s in enumerate(printed.sides)]
    return CardFace(number, name, facts(printed), "\n".join(said))
