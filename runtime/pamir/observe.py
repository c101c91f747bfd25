"""What one player of Pax Pamir may know: the observation agents receive (`core/observation.py`).

Hidden: the cards in each hand (shown to their owner only, counted for the others) and the draw
deck (its order and which cards it holds: only its size is shown; the court and event cards left
out at setup are not shown either). Public, because they lie face up or in view on the table: the
market and the rupees on it, every court with its spies, the map (tribes, armies, roads), each
player's rupees, loyalty, gifts, prizes, cylinders and score, the favored suit, the events in
effect (bought or discarded events, and the lasting effects cards started), what cards in play
remember (the player Rumor names), the discard pile, and what the active player has done this
turn.

Decision: the discard pile is public. The rulebook has no face-down discard, and every card that
reaches it was seen on its way (from the market, a court, an event, or a hand at cleanup).

Cards are given by number (`paxc list pamir`); suits, regions and coalitions by name. What is
shown is listed field by field, so a field added to the state stays hidden until added here.
"""

from __future__ import annotations

from paxc.runtime.core.determinize import deal_afresh
from paxc.runtime.core.observation import Data, View
from paxc.runtime.core.rng import Rng
from paxc.runtime.pamir import market
from paxc.runtime.pamir.state import BORDERS, COALITIONS, REGIONS, PamirState, card

# Names computed once: reading an enum member's value is slow, and an observation reads dozens.
_COALITIONS = tuple((c, c.value) for c in COALITIONS)
_REGIONS = tuple((r, r.value) for r in REGIONS)
_BORDERS = tuple(((a, b), f"{a.value}-{b.value}") for a, b in BORDERS)


def observe(state: PamirState, player: int) -> View:
    me = state.players[player]
    return View(
        public=_public(state),
        own={"hand": list(me.hand)},
        hidden={"deck": len(state.deck), "hands": [len(p.hand) for p in state.players]},
    )


def hidden(state: PamirState, player: int) -> frozenset[int]:
    """The cards `player` cannot see: the other hands and the deck (`observe` shows their sizes)."""
    return frozenset(
        [*state.deck, *(n for seat, p in enumerate(state.players) if seat != player for n in p.hand)]
    )


def determinize(state: PamirState, player: int, rng: Rng, still_hidden: frozenset[int]) -> None:
    """Deal afresh what `player` cannot see (`core/determinize.py`) of `still_hidden`: the other
    hands and the deck together, a court card only where a court card was (a hand holds only
    court cards, and the deck's events and dominance checks keep their places, as the setup's
    piles put them roughly in view)."""
    others = [p.hand for seat, p in enumerate(state.players) if seat != player]
    deal_afresh([*others, state.deck], lambda number: card(number).card_type, rng, still_hidden)


def reseed(state: PamirState, rng: Rng) -> None:
    """The chance to come made anew: Wakhan's AI deck reshuffled, the game's generator reseeded."""
    if state.wakhan is not None:
        deal_afresh([state.wakhan.deck], lambda number: 0, rng)
    state.rng = Rng(rng.next_u64())


def _public(state: PamirState) -> Data:
    return {
        "turn_number": state.turn_number,
        "active": state.active,
        "favored_suit": state.favored.value,
        # A market card's printed price: this many rupees for each column to its left (the rules'
        # count, which the favored suit sets; abilities that change a price act on the purchase).
        "rupees_per_column": market.rupees_per_card(state),
        "dominance_checks_resolved": state.checks_resolved,
        "market": [list(row) for row in state.market],
        "market_rupees": [list(row) for row in state.market_rupees],
        "discard": list(state.discard),
        "in_transit": list(state.in_transit),
        "map": {
            name: {
                "tribes": list(state.tribes[region]),
                "armies": {coalition: state.armies[region][c] for c, coalition in _COALITIONS},
                "ruler": state.ruler(region),
            }
            for region, name in _REGIONS
        },
        "roads": {
            name: {coalition: state.roads[where][c] for c, coalition in _COALITIONS}
            for where, name in _BORDERS
        },
        "blocks_in_supply": {coalition: state.blocks_in_supply(c) for c, coalition in _COALITIONS},
        "players": [
            {
                "rupees": p.rupees,
                "loyalty": None if p.loyalty is None else p.loyalty.value,
                "score": p.score,
                "court": list(p.court),
                "gifts": list(p.gifts),
                "prizes": list(p.prizes),
                "cylinders_in_supply": p.cylinders,
                "events": [[number, side] for number, side in p.events],
            }
            for p in state.players
        ],
        # Spies by court card; the keys are card numbers as text (plain data has string keys).
        "spies": {str(number): list(spies) for number, spies in sorted(state.spies.items()) if any(spies)},
        "events_for_everybody": [[number, side, by] for number, side, by in state.global_events],
        # Effects a played card started `until` a duration ends: [card, ability, owner, until].
        "lasting": [[e.card, e.ability, e.owner, e.until, e.armed] for e in state.lasting],
        "used_this_round": sorted(state.used_this_round),  # "once per round" triggers: "owner@source"
        # What cards in play remember (`set this.x to ...`), by card number as text: public, as a
        # card sets it while its effect resolves on the table (Rumor names its player aloud).
        "card_memory": {
            str(number): dict(sorted(values.items())) for number, values in sorted(state.memory.items())
        },
        "turn": {
            "actions_taken": state.turn.actions_taken,
            "used_cards": sorted(state.turn.used_cards),
            "paid_onto": sorted(state.turn.paid_onto),
            "placed_blocks": dict(sorted(state.turn.placed_blocks.items())),
            "placed_cylinders": dict(sorted(state.turn.placed_cylinders.items())),
            # The "once per turn" triggers that acted this turn ("owner@source"): a trigger acts
            # on the table, so everyone knows it is spent until the turn ends.
            "used_triggers": sorted(state.turn.used_triggers),
            # How many times each trigger acted this turn: one that reached the limit of a loop
            # (core.abilities.REPEATS_PER_TURN) rests until the turn ends.
            "trigger_acts": dict(sorted(state.turn.trigger_acts.items())),
        },
        "wakhan": _wakhan(state),
        "winner": state.winner,
        "over": state.over,
    }


def _wakhan(state: PamirState) -> Data | None:
    """Wakhan's AI cards, when she plays: her face-up pile (its last card the front she reads),
    the back of the card on top of her AI deck (printed on the back, in view of everyone: the
    column numbers and red slots she reads with the front) and the deck's size. The order of
    the AI deck below its top, and the top card's front, stay hidden."""
    wakhan = state.wakhan
    if wakhan is None:
        return None
    top = card(wakhan.deck[0]) if wakhan.deck else None
    return {
        "seat": wakhan.seat,
        "face_up": list(wakhan.face_up),
        "next_back": None
        if top is None
        else {
            "column_numbers": list(top.back_column_numbers),
            "red_slots": [slot.value for slot in top.back_red_slots],
        },
        "ai_deck_size": len(wakhan.deck),
        "savvy_purchasing": wakhan.savvy_purchasing,
        "steadfast_loyalty": wakhan.steadfast_loyalty,
        "spy_movement": wakhan.spy_movement,
    }
