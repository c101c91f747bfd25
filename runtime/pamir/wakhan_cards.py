"""Wakhan's AI cards (rulebook, "Playing with Wakhan"): her deck and its reshuffle, the reading of
the face-up front with the back of the card on top of her deck, and her pragmatic loyalty.

What the rules below her need to know of her (whom she counts as loyal to, her AI deck at
setup) reads only the state and these cards; how she plays them is in `wakhan`, `wakhan_actions`
and `wakhan_turn`, above the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from paxc.generated.pamir import CARDS
from paxc.generated.pamir.vocabulary import (
    AiAction,
    AiCondition,
    AiSlot,
    AiTarget,
    Card,
    CardType,
    Coalition,
    Region,
)
from paxc.runtime.core.rng import Rng
from paxc.runtime.pamir.state import PamirState, WakhanState, card

AI_CARDS: tuple[int, ...] = tuple(c.number for c in CARDS if c.card_type is CardType.WAKHAN)
_PRINTED_ORDER = sorted(AI_CARDS)


def ai_card_label(number: int) -> str:
    """How the log and the board name an AI card: "AI card 7", by its place among the 24 (the
    number printed on it, as the card file numbers them in order)."""
    return f"AI card {_PRINTED_ORDER.index(number) + 1}"


# ---------------------------------------------------------------------- the AI deck


def new_ai_deck(rng: Rng) -> list[int]:
    """The 24 AI cards, shuffled face down."""
    deck = list(AI_CARDS)
    rng.shuffle(deck)
    return deck


def seat_of(state: PamirState) -> WakhanState:
    if state.wakhan is None:
        raise ValueError("Wakhan does not play in this game")
    return state.wakhan


def draw(state: PamirState) -> Reading:
    """Turn the top AI card face up. When that leaves no card to read the back of, the whole
    face-up pile, the card just drawn with it, is shuffled into a new deck and she draws again."""
    wakhan = seat_of(state)
    wakhan.face_up.append(wakhan.deck.pop(0))
    if not wakhan.deck:
        wakhan.deck, wakhan.face_up = wakhan.face_up, []
        state.rng.shuffle(wakhan.deck)
        wakhan.face_up.append(wakhan.deck.pop(0))
    return reading(state)


# ---------------------------------------------------------------------- reading the cards


@dataclass(frozen=True, slots=True)
class ActionSlot:
    """One of the three actions of a front: its place (1 at the top), with the condition that
    must hold and the target it takes, if the card gives them."""

    position: int
    action: AiAction
    condition: AiCondition | None
    target: AiTarget | None


@dataclass(frozen=True, slots=True)
class Reading:
    """The face-up card's front and the back of the card on top of the AI deck."""

    front: Card
    back: Card

    @property
    def red(self) -> AiSlot:
        """Where the red arrow points: the top market row, the left of her court, the player
        before her in turn order (top); or the bottom row, the right, the player after her."""
        slot = self.front.red_arrow_slot
        assert slot is not None
        return self.back.back_red_slots[slot - 1]

    @property
    def column(self) -> int:
        """The market column the black arrow points to."""
        slot = self.front.black_arrow_slot
        assert slot is not None
        return self.back.back_column_numbers[slot - 1]

    @property
    def regions(self) -> tuple[Region, ...]:
        """The regions in the order that breaks her ties."""
        return self.front.region_priority

    @property
    def slots(self) -> tuple[ActionSlot, ...]:
        front = self.front
        printed = (
            (front.action_1, front.condition_1, front.target_1),
            (front.action_2, front.condition_2, front.target_2),
            (front.action_3, front.condition_3, front.target_3),
        )
        return tuple(
            ActionSlot(position, action, condition, target)
            for position, (action, condition, target) in enumerate(printed, start=1)
            if action is not None
        )


def reading(state: PamirState) -> Reading:
    wakhan = seat_of(state)
    return Reading(card(wakhan.face_up[-1]), card(wakhan.deck[0]))


def current_reading(state: PamirState) -> Reading | None:
    """The reading of her last draw; None before her first turn."""
    wakhan = seat_of(state)
    return reading(state) if wakhan.face_up else None


def pragmatic_loyalty(state: PamirState, read: Reading) -> Coalition:
    """The leftmost coalition on the front that no other player is loyal to: the coalition of
    the blocks she places, moves and battles with. With at most two other players one of the
    three is always free."""
    wakhan = seat_of(state)
    taken = {p.loyalty for index, p in enumerate(state.players) if index != wakhan.seat}
    free = [c for c in read.front.pragmatic_loyalty if c not in taken]
    if wakhan.steadfast_loyalty:
        # Variant: the free coalition with most blocks in play (the AI card's order on a tie).
        return max(free, key=lambda c: (state.blocks_in_play(c), -free.index(c)))
    return free[0]
