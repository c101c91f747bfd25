"""What the log says of Wakhan's card-based actions: "taxes P1 (2 rupees) with Herati Nobles".

Her actions record what she picked (the answers she gave the rules, or the moves and the card of
her own move and betrayal); the words are made from those only when someone listens."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from paxc.generated.pamir.vocabulary import Action, Card, Region
from paxc.runtime.pamir.card_actions import (
    BuildArmy,
    BuildRoad,
    MoveArmy,
    MoveSpy,
    RemoveArmy,
    RemoveRoad,
    RemoveSpy,
    RemoveTribe,
)
from paxc.runtime.pamir.state import Border, card


def deed(action: Action, number: int, seat: int, done: Sequence[object], gifts: Sequence[int]) -> str:
    """The action as the log tells it after "Wakhan", with the court card she took it with."""
    with_card = f"with {card(number).name}"
    if action is Action.TAX:
        return f"taxes {_taxed(done)} {with_card}"
    if action is Action.GIFT:
        return f"buys the {gifts[0]}-rupee gift {with_card}" if gifts else f"buys no gift {with_card}"
    if action is Action.BUILD:
        return f"builds {_built(done)} {with_card}"
    if action is Action.MOVE:
        return f"moves {_moved(done)} {with_card}"
    if action is Action.BETRAY:
        return f"betrays {_betrayed(done, seat)} {with_card}"
    return f"battles {_battle(done)} {with_card}"


_PLURALS = {"army": "armies", "spy": "spies", "rupee": "rupees", "road": "roads"}


def _count(what: str, times: int) -> str:
    return f"{times} {_PLURALS[what]}" if times > 1 else f"an {what}" if what[0] in "aeiou" else f"a {what}"


def rupees(amount: int) -> str:
    return f"{amount} {_PLURALS['rupee'] if amount != 1 else 'rupee'}"


def _border(b: Border) -> str:
    return f"{b[0].value}-{b[1].value}"


def _taxed(done: Sequence[object]) -> str:
    """Whom she took each rupee from: players (by seat) and the market."""
    sources = Counter(
        "the market" if isinstance(source, Card) else f"P{source}"
        for source in done
        if isinstance(source, Card) or (isinstance(source, int) and not isinstance(source, bool))
    )
    return " and ".join(f"{source} ({rupees(taken)})" for source, taken in sources.items())


def _built(done: Sequence[object]) -> str:
    armies = Counter(spot.region.value for spot in done if isinstance(spot, BuildArmy))
    roads = Counter(_border(spot.border) for spot in done if isinstance(spot, BuildRoad))
    parts = [f"{_count('army', n)} in {where}" for where, n in armies.items()]
    parts += [f"{_count('road', n)} on {where}" for where, n in roads.items()]
    return ", ".join(parts) or "nothing"


def _moved(done: Sequence[object]) -> str:
    steps = Counter(
        (m.origin.value, m.destination.value, "army")
        if isinstance(m, MoveArmy)
        else (m.origin.name, m.destination.name, "spy")
        for m in done
        if isinstance(m, (MoveArmy, MoveSpy))
    )
    return ", ".join(f"{_count(kind, n)} from {a} to {b}" for (a, b, kind), n in steps.items()) or "nothing"


def _betrayed(done: Sequence[object], seat: int) -> str:
    for item in done:
        if isinstance(item, tuple):
            betrayed, owner = item
            court = "her own court" if owner == seat else f"P{owner}'s court"
            return f"{betrayed.name} ({court}), taking it as a prize,"
    return "nothing"


def _battle(done: Sequence[object]) -> str:
    site = next((s for s in done if isinstance(s, (Card, Region))), None)
    where = f"on {site.name}" if isinstance(site, Card) else f"in {site.value}" if site else "nowhere"
    removed = []
    for r in done:
        if isinstance(r, RemoveTribe):
            removed.append(f"P{r.owner}'s tribe")
        elif isinstance(r, RemoveArmy):
            removed.append(f"a {r.coalition.value} army")
        elif isinstance(r, RemoveRoad):
            removed.append(f"a {r.coalition.value} road on {_border(r.border)}")
        elif isinstance(r, RemoveSpy):
            removed.append(f"P{r.owner}'s spy")
    return f"{where}, removing {', '.join(removed) or 'nothing'}"
