"""A readable text picture of a Pax Pamir game, for the terminal."""

from __future__ import annotations

from paxc.runtime.core import style
from paxc.runtime.pamir import card_actions, card_lines, market, wakhan_cards
from paxc.runtime.pamir.state import (
    BASE_ACTIONS,
    BORDERS,
    COALITIONS,
    MARKET_COLUMNS,
    MARKET_ROWS,
    REGIONS,
    PamirState,
    card,
)


def describe(state: PamirState, viewer: int | None = None) -> str:
    """The board as text; `viewer`'s hand is shown, other hands only counted."""
    lines = [
        f"Turn {state.turn_number} - {_whose_turn(state, viewer)} - "
        f"dominance checks: {state.checks_resolved}/4 - deck: {len(state.deck)} cards",
        _actions(state),
        "",
        style.heading("Market")
        + " (row.column and the price in rupees; [Nr]: rupees lying on the card; 'c NAME' shows a card):",
    ]
    for row in range(MARKET_ROWS):
        for column in range(MARKET_COLUMNS):
            number = state.market[row][column]
            rupees = state.market_rupees[row][column]
            on_it = f" [{rupees}r]" if rupees else ""
            where = f"{row + 1}.{column + 1} "
            if number is None:
                lines.append(f"  {where}-{on_it}")
                continue
            cost = _cost(state, viewer, row, column)
            lines += card_lines.lines(number, "  ", f"{where}{cost}r: ", on_it)
    lines += ["", style.heading("Map") + ":"]
    for region in REGIONS:
        tribes = [f"P{p}x{n}" for p, n in enumerate(state.tribes[region]) if n]
        armies = [f"{c.value}x{n}" for c, n in state.armies[region].items() if n]
        ruler = state.ruler(region)
        lines.append(
            f"  {region.value:<12} tribes: {', '.join(tribes) or '-'}; armies: {', '.join(armies) or '-'}; "
            f"ruler: {'-' if ruler is None else f'P{ruler}'}"
        )
    roads = [
        f"{a.value}-{b.value}: " + ", ".join(f"{c.value}x{n}" for c, n in state.roads[(a, b)].items() if n)
        for a, b in BORDERS
        if any(state.roads[(a, b)].values())
    ]
    lines.append("  roads: " + ("; ".join(roads) if roads else "-"))
    blocks = ", ".join(f"{c.value} {state.blocks_in_play(c)}" for c in COALITIONS)
    lines += [f"  blocks in play: {blocks}", "", style.heading("Players") + ":"]
    for index, player in enumerate(state.players):
        loyalty = player.loyalty.value if player.loyalty else "-"
        if state.is_wakhan(index):
            loyalty = "Wakhan, loyal to every coalition"
        lines.append(
            f"  P{index}{' (to play)' if index == state.active else ''}: {loyalty}, {player.score} points, "
            f"{player.rupees} rupees, {len(player.gifts)} gifts, {len(player.prizes)} prizes, "
            f"{player.cylinders} cylinders in supply"
        )
        court = []
        for number in player.court:
            spies = [f"P{p}x{n}" for p, n in enumerate(state.spies.get(number, [])) if n]
            court.append(card_lines.short(number) + (f" spies {' '.join(spies)}" if spies else ""))
        lines.append("    court:" + ("" if court else " -"))
        lines += [f"      {text}" for text in court]
        if viewer is None or viewer == index:
            lines.append("    hand:" + ("" if player.hand else " -"))
            for number in player.hand:
                lines += card_lines.lines(number, "      ")
        else:
            lines.append(f"    hand: {len(player.hand)} cards")
        for number, side in player.events:
            lines += _event(number, side, "    event: ")
        if state.is_wakhan(index):
            lines += _ai_card(state)
    for number, side, _ in state.global_events:
        lines += _event(number, side, "Event for everybody: ")
    return "\n".join(style.fit(lines, WIDTH))


WIDTH = style.WIDTH  # a longer line goes on over several, indented further (style.fit)


def _whose_turn(state: PamirState, viewer: int | None) -> str:
    """`P0's turn`, and who is asked when another player decides during it (`viewer`, at the
    terminal the player choosing: a loyalty, a bribe, a discard)."""
    active = f"P{state.active}'s turn" + (" (Wakhan)" if state.is_wakhan(state.active) else "")
    if viewer is not None and viewer != state.active:
        return f"{active}, P{viewer} to decide"
    return active


def _actions(state: PamirState) -> str:
    """The actions left this turn, and the court cards whose actions are free now (those of the
    favored suit, or counting as it, not yet used this turn)."""
    left = max(0, BASE_ACTIONS - state.turn.actions_taken)
    player = state.active
    free = [
        card(number).name
        for number in state.players[player].court
        if number not in state.turn.used_cards and card_actions.is_bonus(state, player, number)
    ]
    said = f"Actions: {left} of {BASE_ACTIONS} left this turn; favored suit {state.favored.value}: its cards act free"
    return said + (f" (P{player}'s: {', '.join(free)})" if free else "")


def _cost(state: PamirState, viewer: int | None, row: int, column: int) -> int:
    """What the card costs the viewer, as abilities in effect change it (the printed column
    cost for nobody in particular)."""
    if viewer is None:
        return column * market.rupees_per_card(state)
    return market.purchase_cost(state, viewer, row, column)


def _event(number: int, side: int, prefix: str) -> list[str]:
    """An event in effect: the side that is, and what it does."""
    shown = card(number).sides[side]
    said = " ".join(line.strip() for line in shown.ability_text.splitlines())
    return style.wrapped(f"{prefix}{shown.name}: {said}", "  " if prefix[0] == " " else "", hang="    ")


def _ai_card(state: PamirState) -> list[str]:
    """Wakhan's face-up AI card, read with the back of the next one. Only that card's back is in
    view (its column numbers and red slots), never its front: the board says what the back
    gives, not which card it is."""
    read = wakhan_cards.current_reading(state)
    if read is None:
        return ["    AI card: none drawn yet"]
    actions = [
        slot.action.value
        + (f" if {slot.condition.value.replace('_', ' ')}" if slot.condition else "")
        + (f": {slot.target.value.replace('_', ' ')}" if slot.target else "")
        for slot in read.slots
    ]
    return [
        f"    AI card: {wakhan_cards.ai_card_label(read.front.number)}, read with the back of the next: "
        f"{read.red.value} row, column of cost {read.column}, pragmatic loyalty "
        f"{wakhan_cards.pragmatic_loyalty(state, read).value}",
        "      actions: " + "; ".join(actions),
        "      regions: " + ", ".join(r.value for r in read.regions),
    ]
