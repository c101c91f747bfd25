"""Wakhan's turn (rulebook, "Wakhan's Turn" and "Cleanup"): she draws an AI card, takes two
actions from it (her ambition first, whenever a Dominance Check would serve her), then the bonus
actions of her court, and cleans up in her own discard order."""

from __future__ import annotations

from collections.abc import Generator

from paxc.generated.pamir.vocabulary import CardType, TurnStarted
from paxc.runtime.core.narration import narrate, silenced
from paxc.runtime.effects import Decision, Effect, PlayerId
from paxc.runtime.pamir import hooks, market, pieces, rules, scoring, story
from paxc.runtime.pamir.state import (
    BASE_ACTIONS,
    MARKET_COLUMNS,
    MARKET_ROWS,
    PamirState,
    TurnState,
    card,
)
from paxc.runtime.pamir.wakhan import ORDINALS, Deed, buy_and_play, discard_order, take_actions
from paxc.runtime.pamir.wakhan_actions import attempt_slot, bonus_actions
from paxc.runtime.pamir.wakhan_cards import ActionSlot, Reading, ai_card_label, draw, seat_of


def take_turn(state: PamirState) -> Effect:
    seat = seat_of(state).seat
    state.turn = TurnState()
    state.turn_number += 1
    hooks.turn_begun(state)
    yield from hooks.fire(state, TurnStarted(PlayerId(seat)))
    if state.over:
        return
    read = draw(state)
    # What the card offers, not what she does: each action taken is told on its own line.
    narrate(lambda: f"Wakhan's turn: she reveals {_reading(read)}")

    def attempt(slot: ActionSlot) -> Generator[Decision, None, Deed | None]:
        label = ai_card_label(read.front.number)
        bought = yield from ambition(state, read)
        if bought is not None:
            narrate(lambda: f"Wakhan {bought()}: her ambition (the check puts her first), not {label}")
            return bought
        deed = yield from attempt_slot(state, read, slot)
        if deed is not None:
            taken = deed
            narrate(lambda: f"Wakhan {taken()}: {label}, {ORDINALS[slot.position - 1]} action")
        return deed

    yield from take_actions(state, read, attempt)
    if not state.over:
        yield from bonus_actions(state, read)
    if not state.over:
        yield from cleanup(state)
    yield from rules.end_turn(state, seat)


# ---------------------------------------------------------------------- ambition


def ambition(state: PamirState, read: Reading) -> Generator[Decision, None, Deed | None]:
    """If buying a Dominance Check from the market would win her the game, or score her more
    points than anyone else, she buys it, whatever the AI card says (one action).

    Decisions: "the most points" is strictly more than every other player from this check (a
    tie is no ambition); what the check would give is worked out on a copy of the state, after
    her purchase, as the rules would score it. An action she can no longer take is no ambition.
    """
    if state.turn.actions_taken >= BASE_ACTIONS:
        return None
    seat = seat_of(state).seat
    for row in range(MARKET_ROWS):
        for column in range(MARKET_COLUMNS):
            number = state.market[row][column]
            if number is None or card(number).card_type is not CardType.DOMINANCE_CHECK:
                continue
            if number in state.turn.paid_onto:
                continue
            cost = market.purchase_cost(state, seat, row, column)
            if cost > state.players[seat].rupees or not _check_serves_her(state, row, column, cost):
                continue
            state.turn.actions_taken += 1
            return (yield from buy_and_play(state, read, row, column))
    return None


def _check_serves_her(state: PamirState, row: int, column: int, cost: int) -> bool:
    seat = seat_of(state).seat
    after = state.copy()
    with silenced():  # what she only weighs does not happen
        market.pay_purchase(after, seat, row, column, cost)
        market.take_card(after, seat, row, column)
        before = [p.score for p in after.players]
        scoring.dominance_check(after)
    gained = [p.score - b for p, b in zip(after.players, before, strict=True)]
    if after.over and after.winner == seat:
        return True
    return all(gained[seat] > g for p, g in enumerate(gained) if p != seat)


# ---------------------------------------------------------------------- cleanup


def cleanup(state: PamirState) -> Effect:
    """Her court down to its limit in her discard order; then the rules' cleanup (her hand, the
    market's events, the refill)."""
    seat = seat_of(state).seat
    me = state.players[seat]
    while len(me.court) > rules.court_limit(state, seat):
        number = min(me.court, key=lambda n: discard_order(state, n))
        yield from pieces.discard_court_card(state, seat, number, why=story.COURT_LIMIT)
    yield from rules.cleanup(state, seat)


def _reading(read: Reading) -> str:
    return f"{ai_card_label(read.front.number)} (" + "; ".join(_slot_text(slot) for slot in read.slots) + ")"


def _slot_text(slot: ActionSlot) -> str:
    words = [slot.action.value.replace("_", " ")]
    if slot.condition is not None:
        words.append(f"if {slot.condition.value.replace('_', ' ')}")
    if slot.target is not None:
        words.append(f"({slot.target.value.replace('_', ' ')})")
    return " ".join(words)
