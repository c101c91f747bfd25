"""Pax Pamir positions set by hand, for scenario files (`paxc test`, `core/arrange.py`) and the
scenario tests: a card put straight into any place, rupees, loyalties, pieces and the turn.

None of this is a rule: a card put into a court pays nothing and resolves no impact icon, a
piece set on the map tells no card. The supply stays whole: a tribe or spy set on the map is a
cylinder taken from its owner's supply (and given back when set lower), a block from its
coalition's.
"""

from __future__ import annotations

from typing import Any

from paxc.generated.pamir.vocabulary import Card, Coalition, Region, Suit
from paxc.runtime.core.arrange import Arrangement, Setting, settings
from paxc.runtime.core.zones import Place
from paxc.runtime.pamir.context import PamirContext
from paxc.runtime.pamir.state import (
    MARKET_COLUMNS,
    MARKET_ROWS,
    PamirState,
    TurnState,
    border,
    borders_of,
)

# The loyalties seats take when a scenario names none (the rules would ask before the first turn).
DEFAULT_LOYALTIES = (Coalition.AFGHAN, Coalition.BRITISH, Coalition.RUSSIAN)


def prepare(state: PamirState) -> None:
    """Loyalties chosen (Wakhan takes none), so the game starts at the first player's turn."""
    for seat, player in enumerate(state.players):
        if player.loyalty is None and not state.is_wakhan(seat):
            player.loyalty = DEFAULT_LOYALTIES[seat % len(DEFAULT_LOYALTIES)]
    if state.wakhan is not None:
        state.active = state.wakhan.seat


def take_out(state: PamirState, number: int) -> None:
    """The card leaves wherever it is; a court card's spies go back to their owners' supply."""
    if number in state.deck:
        state.deck.remove(number)
    for row in range(MARKET_ROWS):
        for column in range(MARKET_COLUMNS):
            if state.market[row][column] == number:
                state.market[row][column] = None
    if number in state.discard:
        state.discard.remove(number)
    if number in state.in_transit:
        state.in_transit.remove(number)
    state.global_events = [event for event in state.global_events if event[0] != number]
    for player in state.players:
        for pile in (player.hand, player.court, player.prizes):
            if number in pile:
                pile.remove(number)
        player.events = [event for event in player.events if event[0] != number]
    for seat, count in enumerate(state.spies.pop(number, [])):
        state.players[seat].cylinders += count


def put(state: PamirState, number: int, place: Place, at: int | None) -> None:
    """`at`: the position from the first (a court from its left, the deck from its top, the
    market's spaces row by row, from the cheapest). Into the market without `at`: the first empty
    space, or else the first space, whose card goes to the bottom of the deck."""
    take_out(state, number)
    if place.zone == "market":
        _into_market(state, number, at)
        return
    if place.zone in ("events", "bought_events"):
        if place.holder is None:
            state.global_events.append((number, 0, state.active))
        else:
            state.players[place.holder].events.append((number, 0))
        return
    pile = _pile(state, place)
    pile.insert(len(pile) if at is None else max(0, at - 1), number)


def _pile(state: PamirState, place: Place) -> list[int]:
    if place.holder is not None:
        player = state.players[place.holder]
        piles = {"hand": player.hand, "court": player.court, "prizes": player.prizes}
        return piles[place.zone]
    return {"deck": state.deck, "discard": state.discard}[place.zone]


def _into_market(state: PamirState, number: int, at: int | None) -> None:
    spaces = [(row, column) for row in range(MARKET_ROWS) for column in range(MARKET_COLUMNS)]
    if at is not None:
        row, column = spaces[min(max(at, 1), len(spaces)) - 1]
    else:
        row, column = next(((r, c) for r, c in spaces if state.market[r][c] is None), spaces[0])
    displaced = state.market[row][column]
    if displaced is not None:
        state.deck.append(displaced)
    state.market[row][column] = number


def set_rupees(state: PamirState, player: int, amount: int) -> None:
    state.players[player].rupees = amount


def set_rupees_on_card(state: PamirState, number: int, amount: int) -> None:
    for row in range(MARKET_ROWS):
        for column in range(MARKET_COLUMNS):
            if state.market[row][column] == number:
                state.market_rupees[row][column] = amount


def _loyalty(state: PamirState, player: int, coalition: Coalition) -> None:
    state.players[player].loyalty = coalition


def _favored(state: PamirState, suit: Suit) -> None:
    state.favored = suit


def _turn(state: PamirState, player: int) -> None:
    """Whose turn the game starts with (the rules then start it afresh: two actions)."""
    state.active = player
    state.turn = TurnState()


def _armies(state: PamirState, count: int, coalition: Coalition, region: Region) -> None:
    state.armies[region][coalition] = count


def _roads(state: PamirState, count: int, coalition: Coalition, origin: Region, destination: Region) -> None:
    if border(origin, destination) not in borders_of(origin) or origin is destination:
        raise ValueError(f"{origin.value} and {destination.value} share no border")
    state.roads[border(origin, destination)][coalition] = count


def _tribes(state: PamirState, count: int, region: Region, player: int) -> None:
    tribes = state.tribes[region]
    state.players[player].cylinders -= count - tribes[player]
    tribes[player] = count


def _spies(state: PamirState, count: int, card: Card, player: int) -> None:
    spies = state.spies_on(card.number)
    state.players[player].cylinders -= count - spies[player]
    spies[player] = count


def _score(state: PamirState, player: int, points: int) -> None:
    state.players[player].score = points


def _gift(state: PamirState, price: int, player: int) -> None:
    gifts = state.players[player].gifts
    if price not in gifts:
        gifts.append(price)
        state.players[player].cylinders -= 1


def _points(state: PamirState, player: int) -> int:
    return state.players[player].score


def _gifts(state: PamirState, player: int) -> int:
    return len(state.players[player].gifts)


def _actions_taken(state: PamirState) -> int:
    return state.turn.actions_taken


def _context(state: PamirState, seat: int) -> Any:
    return PamirContext(state, seat, 0)


ARRANGEMENT = Arrangement(
    context=_context,
    put=put,
    set_money=set_rupees,
    set_money_on_card=set_rupees_on_card,
    prepare=prepare,
    settings=settings(
        Setting("loyalty(player: player, coalition: coalition)", _loyalty, "the player's loyalty"),
        Setting("favored(suit: suit)", _favored, "the favored suit"),
        Setting("turn(player: player)", _turn, "whose turn the game starts with"),
        Setting(
            "armies(count: int, for coalition: coalition, in region: region)",
            _armies,
            "how many armies of a coalition stand in a region",
        ),
        Setting(
            "roads(count: int, for coalition: coalition, from origin: region, to destination: region)",
            _roads,
            "how many roads of a coalition lie on a border",
        ),
        Setting(
            "tribes(count: int, in region: region, for player: player)",
            _tribes,
            "how many tribes of a player stand in a region",
        ),
        Setting("spies(count: int, on card: card, for player: player)", _spies, "a player's spies on a card"),
        Setting("score(player: player, points: int)", _score, "a player's victory points"),
        Setting("gift(price: int, for player: player)", _gift, "a cylinder of the player on a gift space"),
    ),
    queries=settings(
        Setting("points(player: player) -> int", _points, "a player's victory points"),
        Setting("gifts(player: player) -> int", _gifts, "the gift spaces holding a player's cylinder"),
        Setting(
            "actions_taken() -> int", _actions_taken, "the actions taken this turn (free ones not counted)"
        ),
    ),
)
