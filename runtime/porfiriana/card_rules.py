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


class CardMoves:
    """The moves of cards between zones card effects may make, on one state."""

    __slots__ = ("state",)

    def __init__(self, state: PorfirianaState) -> None:
        self.state = state

    # Each declared move, by the name of the method that makes it.
    MOVERS = {
        ("row", "discard"): "_out_of_row",
        ("row", "hand"): "_out_of_row",
        ("row", "removed"): "_out_of_row",
        ("troops", "discard"): "_troop_to_discard",
        ("hand", "discard"): "_hand_to_discard",
        ("hand", "hand"): "_hand_to_hand",
        ("discard", "hand"): "_discard_to_hand",
        ("market", "discard"): "_market_to_discard",
    }

    def movers(self) -> dict[tuple[str, str], Mover]:
        return {pair: getattr(self, name) for pair, name in self.MOVERS.items()}

    def _out_of_row(self, number: int, where: Place, to: Place) -> Effect:
        assert where.holder is not None
        if card(number).card_type is CardType.HACENDADO:
            return  # it stays in its row all game (rules C), whatever a card says
        held = next(h for h in self.state.players[where.holder].row if h.number == number)
        destination = {"discard": losses.DISCARD, "hand": losses.HAND, "removed": losses.REMOVED}[to.zone]
        yield from losses.remove_holding(self.state, where.holder, held, destination)
        if to.zone == "hand" and to.holder != where.holder:
            # No rule takes a card from a row to another player's hand: it goes back to its
            # owner's hand as the rules return cards, then on to the other hand (two moves told).
            assert to.holder is not None
            yield from self._hand_to_hand(number, Place("hand", where.holder), to)

    def _troop_to_discard(self, number: int, where: Place, to: Place) -> Effect:
        yield from losses.discard_troop(self.state, number)

    def _hand_to_discard(self, number: int, where: Place, to: Place) -> Effect:
        assert where.holder is not None
        self.state.players[where.holder].hand.remove(number)
        self.state.discard.append(number)
        narrate(story.discarded_from_hand, self.state, where.holder, number)
        yield from hooks.card_moved(self.state, number, "hand", where.holder, "discard", None, discarded=True)

    def _hand_to_hand(self, number: int, where: Place, to: Place) -> Effect:
        assert where.holder is not None and to.holder is not None
        self.state.players[where.holder].hand.remove(number)
        self.state.players[to.holder].hand.append(number)  # the hand limit is checked as the rules say
        yield from hooks.card_moved(self.state, number, "hand", where.holder, "hand", to.holder)

    def _discard_to_hand(self, number: int, where: Place, to: Place) -> Effect:
        assert to.holder is not None
        self.state.discard.remove(number)
        self.state.players[to.holder].hand.append(number)  # the hand limit is checked as the rules say
        narrate(story.taken_from_discard, self.state, to.holder, number)
        yield from hooks.card_moved(self.state, number, "discard", None, "hand", to.holder)

    def _market_to_discard(self, number: int, where: Place, to: Place) -> Effect:
        """To the discard pile, the speculation cube on it home, as when it is bought; a headline
        or topple to the bull/bear discard instead, as the rules discard them from the market
        (topples discarded count towards the game's end, bears towards a depression)."""
        state = self.state
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


check_moves("Pax Porfiriana", CardMoves.MOVERS, ((a.value, b.value) for a, b in MOVES))


def movers(state: PorfirianaState) -> dict[tuple[str, str], Mover]:
    return CardMoves(state).movers()


RULES.give(
    CardRules(
        nationalize=losses.nationalize,
        slave_revolt=losses.slave_revolt,
        add_unrest=unrest.add_unrest,
        remove_unrest=unrest.remove_unrest,
        movers=movers,
        settle=losses.settle,
    )
)
