"""The rules a card's effect sets off through its context (`context.CardRules`), which sit above
the seam where cards meet the rules: taking an enterprise out of play, unrest, slave revolts, and
moving cards between zones. Given to the seam (`context.RULES`) when this module is imported.

The moves card effects may make are exactly those `cards/porfiriana/game.pax` declares (checked at
import), each through the rule that already moves cards that way where the rules have one: a card
in a row to the discard pile, to a hand, or out of the game (every cube on it goes home, a troop
on it retreats or is discarded: `losses.remove_holding`), though never the Hacendado, which stays
in its row all game (rules C: a move of it does nothing); a troop in play to the discard pile
(`losses.discard_troop`); a card in hand to the discard pile or to another hand; a card of the
discard pile to a hand; a market card to the discard pile. Anything else (buying, playing,
prestige awards) is an action or an award of the rules, and is not declared.
"""

from __future__ import annotations

from paxc.generated.porfiriana.vocabulary import MOVES, CardType
from paxc.runtime.core.narration import narrate
from paxc.runtime.core.zones import Mover, Place, check_moves
from paxc.runtime.effects import Effect
from paxc.runtime.porfiriana import hooks, losses, market, story, unrest
from paxc.runtime.porfiriana.context import RULES, CardRules
from paxc.runtime.porfiriana.state import PorfirianaState, card

# The moves of cards between zones card effects may make, each a rule given the state the card
# effect runs on (`core.zones.Mover`).


def _out_of_row(state: PorfirianaState, number: int, where: Place, to: Place) -> Effect:
    assert where.holder is not None
    if card(number).card_type is CardType.HACENDADO:
        return  # it stays in its row all game (rules C), whatever a card says
    held = next(h for h in state.players[where.holder].row if h.number == number)
    destination = {"discard": losses.DISCARD, "hand": losses.HAND, "removed": losses.REMOVED}[to.zone]
    yield from losses.remove_holding(state, where.holder, held, destination)
    if to.zone == "hand" and to.holder != where.holder and number in state.players[where.holder].hand:
        # No rule takes a card from a row to another player's hand: it goes back to its
        # owner's hand as the rules return cards, then on to the other hand (two moves told).
        # An effect answering the first move may have taken it on already: it stays there.
        assert to.holder is not None
        yield from _hand_to_hand(state, number, Place("hand", where.holder), to)


def _troop_to_discard(state: PorfirianaState, number: int, where: Place, to: Place) -> Effect:
    yield from losses.discard_troop(state, number)


def _hand_to_discard(state: PorfirianaState, number: int, where: Place, to: Place) -> Effect:
    assert where.holder is not None
    state.players[where.holder].hand.remove(number)
    state.discard.append(number)
    narrate(story.discarded_from_hand, state, where.holder, number)
    yield from hooks.card_moved(state, number, "hand", where.holder, "discard", None, discarded=True)


def _hand_to_hand(state: PorfirianaState, number: int, where: Place, to: Place) -> Effect:
    assert where.holder is not None and to.holder is not None
    state.players[where.holder].hand.remove(number)
    state.players[to.holder].hand.append(number)  # the hand limit is checked as the rules say
    yield from hooks.card_moved(state, number, "hand", where.holder, "hand", to.holder)


def _discard_to_hand(state: PorfirianaState, number: int, where: Place, to: Place) -> Effect:
    assert to.holder is not None
    state.discard.remove(number)
    state.players[to.holder].hand.append(number)  # the hand limit is checked as the rules say
    narrate(story.taken_from_discard, state, to.holder, number)
    yield from hooks.card_moved(state, number, "discard", None, "hand", to.holder)


def _market_to_discard(state: PorfirianaState, number: int, where: Place, to: Place) -> Effect:
    """To the discard pile, the speculation cube on it home, as when it is bought; a headline
    or topple to the bull/bear discard instead, as the rules discard them from the market
    (topples discarded count towards the game's end, bears towards a depression)."""
    for cards in state.market:
        if number in cards:
            cards[cards.index(number)] = None  # filled at the refill
    if card(number).card_type in market.PLAY_IMMEDIATELY:
        yield from market.discard_headline(state, number)
        return
    speculator = state.speculation.pop(number, None)
    if speculator is not None:
        state.players[speculator].cubes += 1
    state.discard.append(number)
    narrate(story.discarded_from_market, state, number)
    yield from hooks.card_moved(state, number, "market", None, "discard", None, discarded=True)


MOVERS: dict[tuple[str, str], Mover] = {
    ("row", "discard"): _out_of_row,
    ("row", "hand"): _out_of_row,
    ("row", "removed"): _out_of_row,
    ("troops", "discard"): _troop_to_discard,
    ("hand", "discard"): _hand_to_discard,
    ("hand", "hand"): _hand_to_hand,
    ("discard", "hand"): _discard_to_hand,
    ("market", "discard"): _market_to_discard,
}
check_moves("Pax Porfiriana", MOVERS, ((a.value, b.value) for a, b in MOVES))


RULES.give(
    CardRules(
        nationalize=losses.nationalize,
        slave_revolt=losses.slave_revolt,
        add_unrest=unrest.add_unrest,
        remove_unrest=unrest.remove_unrest,
        movers=MOVERS,
        settle=losses.settle,
    )
)
