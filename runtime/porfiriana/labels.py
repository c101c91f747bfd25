"""How Pax Porfiriana's options read, for people at the terminal and in saves."""

from __future__ import annotations

import enum

from paxc.runtime.core import decisions
from paxc.runtime.porfiriana import actions
from paxc.runtime.porfiriana.attacks import Target
from paxc.runtime.porfiriana.state import PorfirianaState, Side, card
from paxc.runtime.porfiriana.troops import Destination


def name(number: int) -> str:
    return f"{card(number).name} [{number}]"


def _where(state: PorfirianaState, number: int) -> str:
    found = state.holding(number)
    return name(number) if found is None else f"{name(number)} of player {found[0]}"


def label(state: PorfirianaState, option: object) -> str:
    if isinstance(option, bool):
        return "yes" if option else "no"
    if isinstance(option, enum.Enum):
        return str(option.value)
    if isinstance(option, Side):
        return f"the {card(option.card).sides[option.index].name} side"
    if isinstance(option, actions.EndTurn):
        return "end the turn"
    if isinstance(option, actions.PlayCard):
        return f"play {name(option.number)}"
    if isinstance(option, actions.Buy):
        number = state.market[option.row][option.column]
        what = name(number) if number is not None else "nothing"
        return f"buy {what} (row {option.row + 1}, column {option.column + 1})"
    if isinstance(option, actions.BuyPublic):
        side = card(option.number).sides[option.side]
        return f"buy the public card {name(option.number)}, {side.name} side"
    if isinstance(option, actions.Sell):
        return f"sell {name(option.number)}"
    if isinstance(option, actions.Redeploy):
        return f"redeploy {name(option.troop)}"
    if isinstance(option, actions.InPlace):
        return "stay in place (drive off unrest)"
    if isinstance(option, actions.BuyLand):
        return f"buy land on {name(option.enterprise)}"
    if isinstance(option, actions.Upgrade):
        return f"upgrade {_where(state, option.enterprise)} to {option.level.value} for {option.cost}"
    if isinstance(option, actions.Police):
        return "police: leave jail" if option.enterprise is None else f"police {name(option.enterprise)}"
    if isinstance(option, actions.Speculate):
        target, source = option.target, option.source
        if source is None:
            assert target is not None  # a cube from the supply always goes somewhere
            return f"speculate on {name(target.card)}"
        if target is None:
            return f"take {_spot(source)} back to your supply"
        if target.kind == "market":
            return f"speculate on {name(target.card)} with {_spot(source)}"
        return f"move {_spot(source)} to {_place(target)}"
    if isinstance(option, Destination):
        if option.enterprise is None:
            return f"the private army (cost {option.cost})"
        return f"{_where(state, option.enterprise)} (cost {option.cost})"
    if isinstance(option, Target):
        what = f"player {option.victim}" if option.number is None else _where(state, option.number)
        scapegoat = ", as a scapegoat" if option.scapegoat else ""
        return f"{what} (cost {option.cost}{scapegoat})"
    if isinstance(option, tuple) and len(option) == 2 and all(isinstance(x, int) for x in option):
        return name(option[1])  # a headline in the market: (row, card)
    if isinstance(option, int):
        return str(option)
    if isinstance(option, str):
        return option
    shared = decisions.label(option)  # a number, or "no more" (runtime/core/decisions.py)
    if shared is not None:
        return shared
    return repr(option)


def _spot(spot: actions.CubeSpot) -> str:
    if spot.kind == "market":
        return f"the speculation cube on {name(spot.card)}"
    if spot.kind == "stack":
        return "a prestige cube of your prestige stack"
    if spot.kind == "connection":
        return f"the connection cube of {name(spot.card)}"
    return f"{'an' if spot.kind == 'income' else 'a'} {spot.kind} cube on {name(spot.card)}"


def _place(spot: actions.CubeSpot) -> str:
    """Where a moved cube goes, other than a market card: an income space or a Loyalty point."""
    if spot.kind == "stack":
        return "a Loyalty point of your prestige stack"
    if spot.kind == "prestige":
        return f"the Loyalty point of {name(spot.card)}"
    return f"the income of {name(spot.card)}"
