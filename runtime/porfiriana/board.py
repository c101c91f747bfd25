"""The table of a game of Pax Porfiriana as text, for the terminal."""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import Prestige
from paxc.runtime.porfiriana import economy, prestige
from paxc.runtime.porfiriana.state import COLUMN_COSTS, Holding, PorfirianaState, card


def _holding(state: PorfirianaState, held: Holding) -> str:
    parts = [card(held.number).name]
    if held.side is not None and card(held.number).sides:
        parts.append(f"({card(held.number).sides[held.side].name})")
    marks = []
    if held.income:
        marks.append(f"{held.income} income")
    if held.prestige_cubes:
        marks.append(f"{held.prestige_cubes} prestige")
    if held.unrest:
        marks.append(f"{held.unrest} unrest")
    if held.connection_owner is not None and held.connection_level is not None:
        marks.append(f"{held.connection_level.value} by P{held.connection_owner}")
    if held.troop is not None:
        marks.append(f"troop {card(held.troop).name} of P{held.troop_owner}")
    if held.extortion is not None:
        marks.append(f"extorted by P{held.extortion}")
    return " ".join(parts) + (f" [{', '.join(marks)}]" if marks else "")


def describe(state: PorfirianaState, viewer: int | None = None) -> str:
    """The table; `viewer`'s hand is shown, other hands only counted."""
    regime = state.regime_card
    values = f"mines {economy.mine_value(state)}, economy {economy.economy_value(state)}"
    lines = [
        f"Turn {state.turn_number} - player {state.active} to play - regime: {regime.name} ({values})"
        + (" - DEPRESSION" if state.depression else "")
        + f" - topples: {state.topples}/4 - deck: {len(state.deck)} cards",
        "",
        "Market (cost per column: " + ", ".join(map(str, COLUMN_COSTS)) + "):",
    ]
    for cards in state.market:
        cells = []
        for number in cards:
            if number is None:
                cells.append("-")
                continue
            cube = state.speculation.get(number)
            cells.append(card(number).name + (f" [P{cube}]" if cube is not None else ""))
        lines.append("  " + " | ".join(cells))
    lines.append("Public cards: " + (", ".join(card(n).name for n in state.public) or "-"))
    for index, player in enumerate(state.players):
        who = "Díaz" if state.solitaire and index == 1 else f"Player {index}"
        points = ", ".join(f"{k.value} {prestige.points(state, index, k)}" for k in Prestige)
        status = " (jailed)" if player.jailed else ""
        lines += [
            "",
            f"{who}{status}: {player.gold} gold, {player.cubes} cubes in supply, income {economy.income(state, index)}; "
            f"prestige {points}",
        ]
        lines.extend("  " + _holding(state, held) for held in player.row)
        if player.army:
            lines.append("  private army: " + ", ".join(card(t).name for t in player.army))
        if player.prestige_stack:
            lines.append("  prestige stack: " + ", ".join(card(n).name for n in player.prestige_stack))
        if index == viewer:
            lines.append("  hand: " + (", ".join(card(n).name for n in player.hand) or "-"))
        else:
            lines.append(f"  hand: {len(player.hand)} cards")
    return "\n".join(lines)
