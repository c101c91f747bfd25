"""Pax Porfiriana's zones and gold, mapped onto its state for the shared `core.zones` and
`core.money` (the zones are those `cards/porfiriana/game.pax` declares). Moving a card from one
zone to another is a rule: `card_rules.py`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from paxc.generated.porfiriana.vocabulary import PLAYER_ZONES, Zone
from paxc.runtime.core.zones import Place, declared, every_place
from paxc.runtime.porfiriana.state import PorfirianaState

# The zones `game.pax` declares, shared and of each player.
SHARED, PER_PLAYER = declared(Zone, PLAYER_ZONES)


def pile(state: PorfirianaState, place: Place) -> list[int] | None:
    """The list of card numbers a zone kept as a plain pile is (a hand, the deck, the discard
    pile...), or None for a zone the state keeps otherwise (the market, rows, troops) or none."""
    if place.holder is not None:
        player = state.players[place.holder]
        return {"hand": player.hand, "prestige_stack": player.prestige_stack}.get(place.zone)
    shared = {
        "deck": state.deck,
        "discard": state.discard,
        "bull_bear": state.bull_bear,
        "box": state.unused,
        "removed": state.removed,
        "public": state.public,
        "regimes": state.regimes,
    }
    return shared.get(place.zone)


class PorfirianaZones:
    __slots__ = ("state",)

    def __init__(self, state: PorfirianaState) -> None:
        self.state = state

    def cards(self, place: Place) -> Sequence[int]:
        state = self.state
        found = pile(state, place)
        if found is not None:
            return found
        if place.holder is not None:
            if place.zone == "row":
                return [held.number for held in state.players[place.holder].row]
            if place.zone == "troops":
                return [troop for troop, _ in state.troops_of(place.holder)]
        elif place.zone == "market":
            return [n for row in state.market for n in row if n is not None]
        raise KeyError(f"Pax Porfiriana has no zone {place}")

    def places(self) -> Iterator[Place]:
        return every_place(SHARED, PER_PLAYER, len(self.state.players))


class PorfirianaPurses:
    """Gold. In the solitaire Díaz (seat 1) keeps none: what he would gain goes back to the bank
    (rules L)."""

    __slots__ = ("state",)

    def __init__(self, state: PorfirianaState) -> None:
        self.state = state

    def balance(self, player: int) -> int:
        return self.state.players[player].gold

    def receive(self, player: int, amount: int) -> None:
        if not self.state.is_diaz(player):
            self.state.players[player].gold += amount

    def spend(self, player: int, amount: int) -> None:
        self.state.players[player].gold -= amount
