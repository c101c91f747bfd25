"""Pax Pamir's zones and rupees, mapped onto its state for the shared `core.zones` and
`core.money` (the zones are those `cards/pamir/game.pax` declares).

Moves card effects may make, exactly those `cards/pamir/game.pax` declares (checked at import),
each through the rule that already moves cards that way where the rules have one: a court card to
the discard pile (its spies go home, leverage is repaid, a region left without a political card
loses the player's tribes: `pieces.discard_court_card`), a card in hand to the discard pile, a
loyalty prize to the discard pile, a card from one hand to another, a card of the discard pile to
a hand, and a market card to the discard pile (as cleanup discards events: its rupees stay on its
space). Anything else (buying, playing to court, taking prizes) is an action of the rules with its
own costs, and is not declared.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from paxc.generated.pamir.vocabulary import MOVES, PLAYER_ZONES, CardType, Zone
from paxc.runtime.core.narration import narrate
from paxc.runtime.core.zones import Mover, Place, check_moves, declared, every_place
from paxc.runtime.effects import Effect
from paxc.runtime.pamir import hooks, market, pieces, story
from paxc.runtime.pamir.state import PamirState, card

# The zones `game.pax` declares, shared and of each player.
SHARED, PER_PLAYER = declared(Zone, PLAYER_ZONES)


class PamirZones:
    """The zones over the state; `why` is what the story says moved a card (the card whose
    effect it is)."""

    __slots__ = ("state", "why")

    def __init__(self, state: PamirState, why: story.Why = "") -> None:
        self.state = state
        self.why = why

    def cards(self, place: Place) -> Sequence[int]:
        state = self.state
        if place.holder is not None:
            player = state.players[place.holder]
            if place.zone == "hand":
                return player.hand
            if place.zone == "court":
                return player.court
            if place.zone == "prizes":
                return player.prizes
            if place.zone == "bought_events":
                return [number for number, _ in player.events]
        elif place.zone == "market":
            return [n for row in state.market for n in row if n is not None]
        elif place.zone == "discard":
            return state.discard
        elif place.zone == "deck":
            return state.deck
        elif place.zone == "events":
            return [number for number, _, _ in state.global_events]
        raise KeyError(f"Pax Pamir has no zone {place}")

    def places(self) -> Iterator[Place]:
        return every_place(SHARED, PER_PLAYER, len(self.state.players))

    # -------------------------------------------------------------- the moves of the rules

    # Each declared move, by the name of the method that makes it. A mover is given the state the
    # card effect runs on (`core.zones.Mover`); the object keeps the card whose effect it is, for
    # the story (`why`).
    MOVERS = {
        ("court", "discard"): "_court_to_discard",
        ("hand", "discard"): "_hand_to_discard",
        ("hand", "hand"): "_hand_to_hand",
        ("prizes", "discard"): "_prize_to_discard",
        ("discard", "hand"): "_discard_to_hand",
        ("market", "discard"): "_market_to_discard",
    }

    def movers(self) -> dict[tuple[str, str], Mover]:
        return {pair: getattr(self, name) for pair, name in self.MOVERS.items()}

    def _discard_to_hand(self, state: PamirState, number: int, where: Place, to: Place) -> Effect:
        """A court card only: a hand holds nothing else (an event or a dominance check is
        resolved when bought, never held), so any other card stays in the discard pile."""
        assert to.holder is not None
        if card(number).card_type is not CardType.COURT:
            return
        state.discard.remove(number)
        state.players[to.holder].hand.append(number)  # the hand limit is checked at cleanup
        narrate(story.taken_from_discard, state, to.holder, number, self.why)
        yield from hooks.card_moved(state, number, "discard", None, "hand", to.holder)

    def _market_to_discard(self, state: PamirState, number: int, where: Place, to: Place) -> Effect:
        """Not a dominance check: the rules discard one only once it is resolved (bought, or
        drawn while another is in the market), and the game counts them to its end; it stays."""
        if card(number).card_type is CardType.DOMINANCE_CHECK:
            return
        row, column = next(
            (r, c) for r, cards in enumerate(state.market) for c, n in enumerate(cards) if n == number
        )
        state.market[row][column] = None  # its rupees stay on the space, as at cleanup
        state.discard.append(number)
        narrate(story.discarded_from_market, state, number, self.why)
        yield from hooks.card_moved(state, number, "market", None, "discard", None, discarded=True)

    def _court_to_discard(self, state: PamirState, number: int, where: Place, to: Place) -> Effect:
        assert where.holder is not None
        yield from pieces.discard_court_card(state, where.holder, number, why=self.why)

    def _hand_to_discard(self, state: PamirState, number: int, where: Place, to: Place) -> Effect:
        assert where.holder is not None
        state.players[where.holder].hand.remove(number)
        state.discard.append(number)
        narrate(story.discarded_from_hand, state, where.holder, number, self.why)
        yield from hooks.card_moved(state, number, "hand", where.holder, "discard", None, discarded=True)

    def _prize_to_discard(self, state: PamirState, number: int, where: Place, to: Place) -> Effect:
        assert where.holder is not None
        state.players[where.holder].prizes.remove(number)
        state.discard.append(number)
        narrate(story.prize_discarded, state, where.holder, number, self.why)
        yield from hooks.card_moved(state, number, "prizes", where.holder, "discard", None, discarded=True)

    def _hand_to_hand(self, state: PamirState, number: int, where: Place, to: Place) -> Effect:
        assert where.holder is not None and to.holder is not None
        state.players[where.holder].hand.remove(number)
        state.players[to.holder].hand.append(number)  # the hand limit is checked at cleanup
        narrate(story.card_passed, state, where.holder, to.holder, self.why)
        yield from hooks.card_moved(state, number, "hand", where.holder, "hand", to.holder)


check_moves("Pax Pamir", PamirZones.MOVERS, ((a.value, b.value) for a, b in MOVES))


class PamirPurses:
    """Rupees: every seat keeps them, Wakhan's included."""

    __slots__ = ("state",)

    def __init__(self, state: PamirState) -> None:
        self.state = state

    def balance(self, player: int) -> int:
        return self.state.players[player].rupees

    def receive(self, player: int, amount: int) -> None:
        self.state.players[player].rupees += amount

    def spend(self, player: int, amount: int) -> None:
        self.state.players[player].rupees -= amount


class PamirCardPurses:
    """Rupees on cards: only market cards hold them (a purchase's, an action cost's, a card's)."""

    __slots__ = ("state",)

    def __init__(self, state: PamirState) -> None:
        self.state = state

    def holds(self, card: int) -> bool:
        return any(card in row for row in self.state.market)

    def on_card(self, card: int) -> int:
        if not self.holds(card):
            return 0
        row, column = market.market_slot(self.state, card)
        return self.state.market_rupees[row][column]

    def put(self, card: int, amount: int) -> None:
        market.put_rupees(self.state, card, amount)

    def lift(self, card: int, amount: int) -> None:
        row, column = market.market_slot(self.state, card)
        self.state.market_rupees[row][column] -= amount
