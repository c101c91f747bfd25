"""How options are shown to people (the terminal, saves and logs)."""

from __future__ import annotations

import enum

from generated.pamir.vocabulary import Card
from runtime.pamir.card_actions import UseCard
from runtime.pamir.options import Rupees
from runtime.pamir.state import PamirState, card


def label(state: PamirState, option: object) -> str:
    from runtime.pamir.rules import EndTurn, Play, Purchase

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
        if len(option) == 2 and all(isinstance(part, enum.Enum) for part in option):
            return f"the {option[0].value}-{option[1].value} border"
        return " ".join(label(state, part) if not isinstance(part, str) else part for part in option)
    return str(option)
