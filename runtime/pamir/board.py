"""A Pax Pamir game as its board shows it (`core/board.py`): the market, the map, the players."""

from __future__ import annotations

from paxc.runtime.core import card_texts
from paxc.runtime.core.board import Board, Fact, Section
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


def board(state: PamirState, viewer: int | None = None) -> Board:
    """The board as `viewer` sees it: their hand is shown, other hands only counted (None: every
    hand, as at the game's end and in a replay)."""
    summary = (
        f"Turn {state.turn_number} - {_whose_turn(state, viewer)} - "
        f"dominance checks: {state.checks_resolved}/4 - deck: {len(state.deck)} cards",
        _actions(state),
    )
    sections = [
        Section(
            "Market",
            "(row.column and the price in rupees; [Nr]: rupees lying on the card; 'c NAME' shows a card)",
            facts=_market(state, viewer),
        ),
        Section("Map", facts=_map(state)),
        Section("Players", facts=tuple(_player(state, index, viewer) for index in range(len(state.players)))),
    ]
    for number, side, _ in state.global_events:
        shown = card(number).sides[side]
        said = _one_line(card_texts.side_ability_text(card(number), side))
        sections.append(Section("Event for everybody", value=f"{shown.name}: {said}"))
    return Board(summary, tuple(sections))


def _market(state: PamirState, viewer: int | None) -> tuple[Fact, ...]:
    facts = []
    for row in range(MARKET_ROWS):
        for column in range(MARKET_COLUMNS):
            number = state.market[row][column]
            rupees = state.market_rupees[row][column]
            on_it = f"[{rupees}r]" if rupees else ""
            where = f"{row + 1}.{column + 1}"
            if number is None:
                facts.append(Fact(where, "-", marks=on_it))
            else:
                cost = _cost(state, viewer, row, column)
                facts.append(Fact(where, f"{cost}r", card_lines.face(number), on_it))
    return tuple(facts)


def _map(state: PamirState) -> tuple[Fact, ...]:
    facts = []
    for region in REGIONS:
        tribes = [f"P{p}x{n}" for p, n in enumerate(state.tribes[region]) if n]
        armies = [f"{c.value}x{n}" for c, n in state.armies[region].items() if n]
        ruler = state.ruler(region)
        facts.append(
            Fact(
                region.value,
                facts=(
                    Fact("tribes", ", ".join(tribes)),
                    Fact("armies", ", ".join(armies)),
                    Fact("ruler", "" if ruler is None else f"P{ruler}"),
                ),
            )
        )
    roads = [
        f"{a.value}-{b.value}: " + ", ".join(f"{c.value}x{n}" for c, n in state.roads[(a, b)].items() if n)
        for a, b in BORDERS
        if any(state.roads[(a, b)].values())
    ]
    facts.append(Fact("roads", "; ".join(roads)))
    blocks = ", ".join(f"{c.value} {state.blocks_in_play(c)}" for c in COALITIONS)
    facts.append(Fact("blocks in play", blocks))
    return tuple(facts)


def _player(state: PamirState, index: int, viewer: int | None) -> Fact:
    player = state.players[index]
    loyalty = player.loyalty.value if player.loyalty else "-"
    if state.is_wakhan(index):
        loyalty = "Wakhan, loyal to every coalition"
    court = []
    for number in player.court:
        spies = [f"P{p}x{n}" for p, n in enumerate(state.spies.get(number, [])) if n]
        court.append(
            Fact(card=card_lines.court_face(number), marks=f"[spies {' '.join(spies)}]" if spies else "")
        )
    under = [Fact("court", facts=tuple(court))]
    if viewer is None or viewer == index:
        under.append(Fact("hand", facts=tuple(Fact(card=card_lines.face(n)) for n in player.hand)))
    else:
        under.append(Fact("hand", f"{len(player.hand)} cards"))
    for number, side in player.events:
        shown = card(number).sides[side]
        under.append(
            Fact("event", f"{shown.name}: {_one_line(card_texts.side_ability_text(card(number), side))}")
        )
    if state.is_wakhan(index):
        under.append(_ai_card(state))
    return Fact(
        f"P{index}{' (to play)' if index == state.active else ''}",
        f"{loyalty}, {player.score} points, {player.rupees} rupees, {len(player.gifts)} gifts, "
        f"{len(player.prizes)} prizes, {player.cylinders} cylinders in supply",
        facts=tuple(under),
    )


def _one_line(text: str) -> str:
    return " ".join(line.strip() for line in text.splitlines())


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


def _ai_card(state: PamirState) -> Fact:
    """Wakhan's face-up AI card, read with the back of the next one. Only that card's back is in
    view (its column numbers and red slots), never its front: the board says what the back
    gives, not which card it is."""
    read = wakhan_cards.current_reading(state)
    if read is None:
        return Fact("AI card", "none drawn yet")
    actions = [
        slot.action.value
        + (f" if {slot.condition.value.replace('_', ' ')}" if slot.condition else "")
        + (f": {slot.target.value.replace('_', ' ')}" if slot.target else "")
        for slot in read.slots
    ]
    return Fact(
        "AI card",
        f"{wakhan_cards.ai_card_label(read.front.number)}, read with the back of the next: "
        f"{read.red.value} row, column of cost {read.column}, pragmatic loyalty "
        f"{wakhan_cards.pragmatic_loyalty(state, read).value}",
        facts=(
            Fact("actions", "; ".join(actions)),
            Fact("regions", ", ".join(r.value for r in read.regions)),
        ),
    )
