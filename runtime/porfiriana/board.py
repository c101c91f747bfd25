"""The table of a game of Pax Porfiriana as text, for the terminal."""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import Prestige
from paxc.runtime.core import style
from paxc.runtime.porfiriana import card_lines, economy, market, prestige
from paxc.runtime.porfiriana.state import COLUMN_COSTS, Holding, PorfirianaState, card


def _holding(state: PorfirianaState, held: Holding, text: bool) -> list[str]:
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
    suffix = f" [{', '.join(marks)}]" if marks else ""
    return card_lines.lines(held.number, "  ", suffix=suffix, side=held.side, text=text)


def describe(state: PorfirianaState, viewer: int | None = None) -> str:
    """The table; `viewer`'s hand is shown, other hands only counted."""
    regime = state.regime_card
    values = f"mines {economy.mine_value(state)}, economy {economy.economy_value(state)}"
    lines = [
        f"Turn {state.turn_number} - {_whose_turn(state, viewer)} - regime: {regime.name} ({values})"
        + (" - DEPRESSION" if state.depression else "")
        + f" - topples: {state.topples}/4 - deck: {len(state.deck)} cards",
        _actions(state),
        "",
        style.heading("Market")
        + " (row.column and the price in gold; [Pn]: player n's speculation cube; 'c NAME' shows a card):",
    ]
    for row, cards in enumerate(state.market):
        for column, number in enumerate(cards):
            where = f"{row + 1}.{column + 1} "
            if number is None:
                lines.append(f"  {where}-")
                continue
            cube = state.speculation.get(number)
            cost = _cost(state, viewer, row, column)
            lines += card_lines.lines(
                number, "  ", f"{where}{cost}g: ", f" [P{cube}]" if cube is not None else ""
            )
    lines.append(style.heading("Public cards") + ":" + ("" if state.public else " -"))
    for number in state.public:
        lines += card_lines.lines(number, "  ")
    for index, player in enumerate(state.players):
        who = "Díaz" if state.solitaire and index == 1 else f"Player {index}"
        points = ", ".join(f"{k.value} {prestige.points(state, index, k)}" for k in Prestige)
        status = " (jailed)" if player.jailed else ""
        lines += [
            "",
            style.heading(who)
            + f"{status}: {player.gold} gold, {player.cubes} cubes in supply, income {economy.income(state, index)}; "
            f"prestige {points}",
        ]
        for held in player.row:
            lines += _holding(state, held, text=viewer is None or index == viewer)
        if player.army:
            lines.append("  private army: " + ", ".join(card(t).name for t in player.army))
        if player.prestige_stack:
            lines.append("  prestige stack: " + ", ".join(card(n).name for n in player.prestige_stack))
        if index == viewer:
            lines.append("  hand:" + ("" if player.hand else " -"))
            for number in player.hand:
                lines += card_lines.lines(number, "    ")
        else:
            lines.append(f"  hand: {len(player.hand)} cards")
    return "\n".join(style.fit(lines))


def _whose_turn(state: PorfirianaState, viewer: int | None) -> str:
    """`P0's turn`, and who is asked when another player decides during it (`viewer`, at the
    terminal the player choosing)."""
    active = f"P{state.active}'s turn" + (" (Díaz)" if state.solitaire and state.active == 1 else "")
    if viewer is not None and viewer != state.active:
        return f"{active}, P{viewer} to decide"
    return active


def _actions(state: PorfirianaState) -> str:
    """The actions left this turn, and the extra actions the active player's partners still give."""
    extra = []
    for held in state.players[state.active].row:
        kind = card(held.number).extra_action
        if kind is not None and held.number not in state.turn.extra_actions_used:
            extra.append(f"{kind.value} ({card(held.number).name})")
    said = f"Actions: {state.turn.actions_left} left this turn"
    return said + (f"; extra actions: {', '.join(extra)}" if extra else "")


def _cost(state: PorfirianaState, viewer: int | None, row: int, column: int) -> int:
    """What the card costs the viewer, as abilities in effect change it (the printed column
    cost for nobody in particular)."""
    if viewer is None:
        return COLUMN_COSTS[column]
    return market.purchase_cost(state, viewer, row, column)
