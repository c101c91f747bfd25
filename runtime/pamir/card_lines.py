"""Pax Pamir's cards as the table shows them: what matters to play each one, in a line or two.

The attributes come from the printed card; the ability text from `Card.ability_text`, which
`paxc build` rendered from the card's definition (the runtime writes no card text itself).
"""

from __future__ import annotations

from paxc.generated.pamir.vocabulary import Card, CardType
from paxc.runtime.core import card_texts
from paxc.runtime.core.board import CardFace
from paxc.runtime.pamir.state import card


def facts(printed: Card) -> str:
    """Region, suit and rank, impact icons, actions, patriot or prize: 'Kabul, Intelligence 2;
    impact spy spy army favor-military; battle; patriot Afghan'."""
    if printed.card_type is CardType.DOMINANCE_CHECK:
        return "dominance check"
    if printed.card_type is CardType.EVENT:
        return "event"
    parts = []
    where = printed.region.value if printed.region else "?"
    parts.append(f"{where}, {printed.suit.value if printed.suit else '?'} {printed.rank}")
    if printed.impact:
        parts.append("impact " + " ".join(icon.value.replace("_", "-") for icon in printed.impact))
    if printed.actions:
        parts.append("actions " + " ".join(action.value for action in printed.actions))
    if printed.patriot is not None:
        parts.append(f"patriot {printed.patriot.value}")
    if printed.prize is not None:
        parts.append(f"prize {printed.prize.value}")
    return "; ".join(parts)


def ability(printed: Card) -> str:
    """What the card does, the sides of an event each by how it resolves."""
    if printed.sides:
        return "\n".join(
            f"if {side.resolved_when.value if side.resolved_when else '?'}: {side.name}: "
            + " ".join(line.strip() for line in card_texts.side_ability_text(printed, index).splitlines())
            for index, side in enumerate(printed.sides)
        )
    return _one_line(card_texts.ability_text(printed))


def _one_line(text: str) -> str:
    """'Title:' and its effects on one line: 'Insurrection: After each dominance check, ...'."""
    return " ".join(line.strip() for line in text.splitlines())


def face(number: int, *, text: bool = True) -> CardFace:
    """The card with what matters to play it and, if `text`, what it does."""
    printed = card(number)
    return CardFace(number, printed.name, facts(printed), ability(printed) if text else "")


def court_face(number: int) -> CardFace:
    """A court card in short: 'Prince Akbar Khan', 'Kabul, Intelligence 2; battle; Insurrection'
    (its actions and the titles of its abilities, which the rest of its line is for)."""
    printed = card(number)
    suit = f"{printed.suit.value if printed.suit else '?'} {printed.rank}"
    actions = " ".join(action.value for action in printed.actions)
    titles = ", ".join(a.title for a in printed.abilities if a.title)
    extra = "; ".join(part for part in (actions, titles) if part)
    region = printed.region.value if printed.region else "?"
    return CardFace(number, printed.name, f"{region}, {suit}{'; ' + extra if extra else ''}")
