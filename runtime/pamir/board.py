"""A readable text picture of a Pax Pamir game, for the terminal."""

from __future__ import annotations

import textwrap

from paxc.runtime.pamir.state import (
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
        f"Turn {state.turn_number} - player {state.active} to play - favored suit: {state.favored.value} - "
        f"dominance checks resolved: {state.checks_resolved}/4 - deck: {len(state.deck)} cards",
        "",
        "Market (cost per column: " + ", ".join(str(c) for c in range(MARKET_COLUMNS)) + "):",
    ]
    for row in range(MARKET_ROWS):
        cells = []
        for column in range(MARKET_COLUMNS):
            number = state.market[row][column]
            rupees = state.market_rupees[row][column]
            name = card(number).name if number is not None else "-"
            cells.append(f"{name}{f' [{rupees}r]' if rupees else ''}")
        lines.append("  " + " | ".join(cells))
    lines += ["", "Map:"]
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
    lines += [f"  blocks in play: {blocks}", "", "Players:"]
    for index, player in enumerate(state.players):
        seat_lines: list[str] = []
        loyalty = player.loyalty.value if player.loyalty else "-"
        if state.is_wakhan(index):
            loyalty = "Wakhan, loyal to every coalition"
        seat_lines.append(
            f"  P{index}{' (to play)' if index == state.active else ''}: {loyalty}, {player.score} points, "
            f"{player.rupees} rupees, {len(player.gifts)} gifts, {len(player.prizes)} prizes, "
            f"{player.cylinders} cylinders in supply"
        )
        court = []
        for number in player.court:
            spies = [f"P{p}x{n}" for p, n in enumerate(state.spies.get(number, [])) if n]
            printed = card(number)
            court.append(
                f"{printed.name} ({printed.region.value if printed.region else '?'}, "
                f"{printed.suit.value if printed.suit else '?'} {printed.rank}"
                f"{', spies ' + ' '.join(spies) if spies else ''})"
            )
        seat_lines.append("    court: " + ("; ".join(court) if court else "-"))
        if viewer is None or viewer == index:
            seat_lines.append("    hand: " + (", ".join(card(n).name for n in player.hand) or "-"))
        else:
            seat_lines.append(f"    hand: {len(player.hand)} cards")
        if player.events:
            seat_lines.append("    events: " + ", ".join(card(n).sides[s].name for n, s in player.events))
        if state.is_wakhan(index):
            seat_lines += _ai_card(state)
        lines += [part for line in seat_lines for part in _wrapped(line)]
    if state.global_events:
        lines.append(
            "Events for everybody: " + ", ".join(card(n).sides[s].name for n, s, _ in state.global_events)
        )
    return "\n".join(lines)


WIDTH = 100  # a player's lines longer than this go on over several, indented further


def _wrapped(line: str) -> list[str]:
    """A line of the players' part cut at spaces to the board's width, its continuation indented
    four columns more than the line itself."""
    if len(line) <= WIDTH:
        return [line]
    indent = " " * (len(line) - len(line.lstrip(" ")) + 4)
    return textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False)


def _ai_card(state: PamirState) -> list[str]:
    """Wakhan's face-up AI card, read with the back of the next one. Only that card's back is in
    view (its column numbers and red slots), never its front: the board says what the back
    gives, not which card it is."""
    from paxc.runtime.pamir import wakhan

    read = wakhan.current_reading(state)
    if read is None:
        return ["    AI card: none drawn yet"]
    actions = [
        slot.action.value
        + (f" if {slot.condition.value.replace('_', ' ')}" if slot.condition else "")
        + (f": {slot.target.value.replace('_', ' ')}" if slot.target else "")
        for slot in read.slots
    ]
    return [
        f"    AI card: {wakhan.ai_card_label(read.front.number)}, read with the back of the next: "
        f"{read.red.value} row, column of cost {read.column}, pragmatic loyalty "
        f"{wakhan.pragmatic_loyalty(state, read).value}",
        "      actions: " + "; ".join(actions),
        "      regions: " + ", ".join(r.value for r in read.regions),
    ]
