"""How Pax Porfiriana's options read, for people at the terminal and in saves."""

from __future__ import annotations

import enum

from runtime.porfiriana import actions
from runtime.porfiriana.attacks import Target
from runtime.porfiriana.state import PorfirianaState, card
from runtime.porfiriana.troops import Destination


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
        if option.moved_from is not None:
            return f"move the speculation cube from {name(option.moved_from)} to {name(option.on)}"
        if option.taken_from is not None:
            what, number = option.taken_from
            return f"speculate on {name(option.on)} with the {what} cube of {name(number)}"
        return f"speculate on {name(option.on)}"
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
    return repr(option)
