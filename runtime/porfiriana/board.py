"""A game of Pax Porfiriana as its board shows it (`core/board.py`): the market, the public
cards, each player's row and hand."""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import Prestige
from paxc.runtime.core.board import Board, Fact, Section
from paxc.runtime.porfiriana import card_lines, economy, market, prestige
from paxc.runtime.porfiriana.state import COLUMN_COSTS, Holding, PorfirianaState, card


def _holding(held: Holding, text: bool) -> Fact:
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
    return Fact(
        card=card_lines.face(held.number, side=held.side, text=text),
        marks=f"[{', '.join(marks)}]" if marks else "",
    )


def board(state: PorfirianaState, viewer: int | None = None) -> Board:
    """The board as `viewer` sees it: their hand is shown, other hands only counted; what the
    cards in other players' rows do is said only to an onlooker (None), who sees no hand."""
    regime = state.regime_card
    values = f"mines {economy.mine_value(state)}, economy {economy.economy_value(state)}"
    summary = (
        f"Turn {state.turn_number} - {_whose_turn(state, viewer)} - regime: {regime.name} ({values})"
        + (" - DEPRESSION" if state.depression else "")
        + f" - topples: {state.topples}/4 - deck: {len(state.deck)} cards",
        _actions(state),
    )
    spaces = []
    for row, cards in enumerate(state.market):
        for column, number in enumerate(cards):
            where = f"{row + 1}.{column + 1}"
            if number is None:
                spaces.append(Fact(where, "-"))
                continue
            cube = state.speculation.get(number)
            cost = _cost(state, viewer, row, column)
            spaces.append(
                Fact(where, f"{cost}g", card_lines.face(number), f"[P{cube}]" if cube is not None else "")
            )
    sections = [
        Section(
            "Market",
            "(row.column and the price in gold; [Pn]: player n's speculation cube; 'c NAME' shows a card)",
            facts=tuple(spaces),
        ),
        Section("Public cards", facts=tuple(Fact(card=card_lines.face(n)) for n in state.public)),
    ]
    for index, player in enumerate(state.players):
        who = "Díaz" if state.is_diaz(index) else f"Player {index}"
        points = ", ".join(f"{k.value} {prestige.points(state, index, k)}" for k in Prestige)
        facts = [_holding(held, text=viewer is None or index == viewer) for held in player.row]
        if player.army:
            facts.append(Fact("private army", ", ".join(card(t).name for t in player.army)))
        if player.prestige_stack:
            facts.append(Fact("prestige stack", ", ".join(card(n).name for n in player.prestige_stack)))
        if index == viewer:
            facts.append(Fact("hand", facts=tuple(Fact(card=card_lines.face(n)) for n in player.hand)))
        else:
            facts.append(Fact("hand", f"{len(player.hand)} cards"))
        sections.append(
            Section(
                who,
                "(jailed)" if player.jailed else "",
                f"{player.gold} gold, {player.cubes} cubes in supply, income {economy.income(state, index)}; "
                f"prestige {points}",
                tuple(facts),
            )
        )
    return Board(summary, tuple(sections))


def _whose_turn(state: PorfirianaState, viewer: int | None) -> str:
    """`P0's turn`, and who is asked when another player decides during it (`viewer`, at the
    terminal the player choosing)."""
    active = f"P{state.active}'s turn" + (" (Díaz)" if state.is_diaz(state.active) else "")
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
