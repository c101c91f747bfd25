"""How options are shown to people (the terminal, saves and logs)."""

from __future__ import annotations

import enum

from paxc.generated.pamir.vocabulary import Card
from paxc.runtime.core import decisions
from paxc.runtime.pamir.card_actions import (
    BuildArmy,
    BuildRoad,
    Done,
    GiftSpace,
    MoveArmy,
    MoveSpy,
    MoveTribe,
    RemoveArmy,
    RemoveRoad,
    RemoveSpy,
    RemoveTribe,
    UseCard,
)
from paxc.runtime.pamir.options import Rupees
from paxc.runtime.pamir.rules import EndTurn, Play, Purchase
from paxc.runtime.pamir.state import Border, PamirState, card


def label(state: PamirState, option: object) -> str:
    if isinstance(option, EndTurn):
        return "end the turn"
    if isinstance(option, Purchase):
        number = state.market[option.row][option.column]
        assert number is not None
        return f"buy {card(number).name} (market row {option.row + 1}, column {option.column + 1})"
    if isinstance(option, Play):
        return f"play {card(option.card).name} on the {'left' if option.left else 'right'} of the court"
    if isinstance(option, UseCard):
        return f"{option.action.value} with {card(option.card).name}"
    if isinstance(option, Done):
        return "done"
    if isinstance(option, GiftSpace):
        return f"the gift space of {option.cost} rupees"
    if isinstance(option, BuildArmy):
        return f"an army in {option.region.value}"
    if isinstance(option, BuildRoad):
        return f"a road on {_border(option.border)}"
    if isinstance(option, MoveArmy):
        return f"an army from {option.origin.value} to {option.destination.value}"
    if isinstance(option, MoveTribe):
        return f"a tribe from {option.origin.value} to {option.destination.value}"
    if isinstance(option, MoveSpy):
        return f"a spy from {option.origin.name} to {option.destination.name}"
    if isinstance(option, RemoveArmy):
        return f"a {option.coalition.value} army in {option.region.value}"
    if isinstance(option, RemoveRoad):
        return f"a {option.coalition.value} road on {_border(option.border)}"
    if isinstance(option, RemoveTribe):
        return f"player {option.owner}'s tribe in {option.region.value}"
    if isinstance(option, RemoveSpy):
        return f"player {option.owner}'s spy on {option.card.name}"
    if isinstance(option, Card):
        return f"{option.name} (#{option.number})"
    if isinstance(option, Rupees):
        return f"{option.amount} rupee{'s' if option.amount != 1 else ''}"
    if isinstance(option, bool):
        return "yes" if option else "no"
    if isinstance(option, enum.Enum):
        return str(option.value)
    if isinstance(option, int):
        return f"player {option}"
    if isinstance(option, tuple):
        if len(option) == 2 and option[0] in _UNIT_SPOTS:
            return _unit_spot(option[0], option[1])
        if len(option) == 2 and all(isinstance(part, enum.Enum) for part in option):
            return _border(option)
        return " ".join(label(state, part) if not isinstance(part, str) else part for part in option)
    shared = decisions.label(option)  # a number, or "no more" (runtime/core/decisions.py)
    if shared is not None:
        return shared
    return str(option)


# A unit in play offered by the component-limit rule (see `pieces`): (kind, where).
_UNIT_SPOTS = ("army", "road", "tribe", "spy", "gift")


def _unit_spot(kind: str, where: object) -> str:
    if kind == "spy" and isinstance(where, int):
        return f"the spy on {card(where).name}"
    if kind == "gift":
        return f"the gift on the space of {where} rupees"
    if kind == "road" and isinstance(where, tuple):
        return f"the road on {_border(where)}"
    return f"the {kind} in {where.value if isinstance(where, enum.Enum) else where}"


def _border(where: Border) -> str:
    return f"the {where[0].value}-{where[1].value} border"
