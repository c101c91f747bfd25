"""`PamirContext`: the Pax Pamir runtime as card effects see it (the generated `PamirEffects`
protocol). One is made for each effect run: the game state, whose effect it is, and its card."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from paxc.generated.pamir.vocabulary import (
    Card,
    CardType,
    Coalition,
    Duration,
    FavoredSuitMayChange,
    Piece,
    Region,
    Suit,
    Zone,
)
from paxc.runtime.core import memory, money, zones
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.narration import narrate
from paxc.runtime.core.zones import Place, ZoneIndex
from paxc.runtime.effects import Effect, PlayerId, Remembered
from paxc.runtime.pamir import hooks, pieces, scoring, story
from paxc.runtime.pamir.options import cards_of
from paxc.runtime.pamir.state import Border, PamirState, borders_of, card
from paxc.runtime.pamir.zones import PamirCardPurses, PamirPurses, PamirZones


def _border(origin: Region, destination: Region) -> Border | None:
    """The border between two regions, whichever way round they are named; None if not adjacent."""
    return next((b for b in borders_of(origin) if destination in b and origin is not destination), None)


# The piles the rules add to at their end, whose top card is their last (`the top card of
# discard`); the deck is drawn from its start.
TOP_LAST: Final = frozenset({"discard"})


class PamirContext:
    def __init__(self, state: PamirState, you: int, this: int) -> None:
        self.state = state
        self._you = PlayerId(you)
        self.this = this
        self._index: ZoneIndex | None = None  # made when an effect first asks where a card is

    # ------------------------------------------------------------------ every game

    @property
    def you(self) -> PlayerId:
        return self._you

    def players_in_turn_order(self) -> Sequence[PlayerId]:
        count = len(self.state.players)
        return [PlayerId((self.state.active + offset) % count) for offset in range(count)]

    # ------------------------------------------------------------------ operations

    def place_armies(self, count: int, coalition: Coalition, region: Region) -> Effect:
        for _ in range(count):
            yield from pieces.place_block(self.state, self._you, coalition, region)

    def set_favored_suit(self, suit: Suit) -> Effect:
        if hooks.modified(self.state, FavoredSuitMayChange(), True):
            if suit is not self.state.favored:
                narrate(story.favored_suit, suit)
            self.state.favored = suit
        yield from ()

    def remove_tribes_and_armies(self, region: Region) -> Effect:
        armies = self.state.armies[region]
        if any(armies.values()):
            narrate(story.armies_cleared, region)
        for coalition, count in list(armies.items()):
            armies[coalition] = 0
            for _ in range(count):
                yield from pieces.removed(self.state, Piece.ARMY, region, coalition, self._you, self._you)
        tribes = self.state.tribes[region]
        for player in range(len(tribes)):
            # One at a time from the board as it is then: a card answering a removal may have
            # removed some already (and must not be removed twice).
            while tribes[player] > 0:
                yield from pieces.remove_tribe(self.state, player, region)

    def place_spy(self, card: Card, player: PlayerId) -> Effect:
        yield from pieces.place_spy(self.state, player, card.number)

    def resolve_dominance_check(self) -> Effect:
        # The game ends with the fourth dominance check card (rules: the final check). A check that
        # another card calls for is scored like any other but uses up no check card, so it neither
        # counts towards the four nor is doubled as the last one.
        is_check_card = card(self.this).card_type is CardType.DOMINANCE_CHECK
        yield from scoring.resolve_check(self.state, check_cards=1 if is_check_card else 0)

    def remember(self, card: Card, name: str, value: Remembered) -> Effect:
        memory.remember(self.state.memory, card.number, name, value)
        yield from ()

    def start_lasting(self, card: Card, ability: int, until: Duration) -> Effect:
        self.state.lasting.append(Lasting(card.number, ability, self._you, until.value))
        yield from ()

    def place_tribe(self, region: Region, player: PlayerId) -> Effect:
        yield from pieces.place_tribe(self.state, player, region)

    # ------------------------------------------------------------------ pieces

    def place_road(self, coalition: Coalition, origin: Region, destination: Region) -> Effect:
        border = _border(origin, destination)
        if border is not None:
            yield from pieces.place_block(self.state, self._you, coalition, border)

    def remove_army(self, coalition: Coalition, region: Region) -> Effect:
        if self.state.armies[region][coalition] > 0:
            yield from pieces.remove_army(self.state, region, coalition, self._you)

    def remove_road(self, coalition: Coalition, origin: Region, destination: Region) -> Effect:
        border = _border(origin, destination)
        if border is not None and self.state.roads[border][coalition] > 0:
            yield from pieces.remove_road(self.state, border, coalition, self._you)

    def remove_tribe(self, player: PlayerId, region: Region) -> Effect:
        if self.state.tribes[region][player] > 0:
            yield from pieces.remove_tribe(self.state, player, region, remover=self._you)

    def remove_spy(self, player: PlayerId, card: Card) -> Effect:
        spies = self.state.spies.get(card.number)
        if spies and spies[player] > 0:
            yield from pieces.remove_spy(self.state, player, card.number, remover=self._you)

    def move_army(self, coalition: Coalition, origin: Region, destination: Region) -> Effect:
        if self.state.armies[origin][coalition] > 0 and origin is not destination:
            yield from pieces.move_army(self.state, coalition, origin, destination, self._you)

    def move_tribe(self, player: PlayerId, origin: Region, destination: Region) -> Effect:
        if self.state.tribes[origin][player] > 0 and origin is not destination:
            yield from pieces.move_tribe(self.state, player, origin, destination, self._you)

    def move_spy(self, player: PlayerId, origin: Card, destination: Card) -> Effect:
        spies = self.state.spies.get(origin.number)
        on_court = self.state.owner_of(destination.number) is not None
        if spies and spies[player] > 0 and on_court and origin.number != destination.number:
            yield from pieces.move_spy(self.state, player, origin.number, destination.number, self._you)

    def armies_in(self, region: Region, coalition: Coalition) -> int:
        return self.state.armies[region][coalition]

    def tribes_in(self, region: Region, player: PlayerId) -> int:
        return self.state.tribes[region][player]

    def roads_on(self, origin: Region, destination: Region, coalition: Coalition) -> int:
        border = _border(origin, destination)
        return 0 if border is None else self.state.roads[border][coalition]

    def blocks_left(self, coalition: Coalition) -> int:
        return self.state.blocks_in_supply(coalition)

    def cylinders_left(self, player: PlayerId) -> int:
        return self.state.players[player].cylinders

    def loyalty(self, player: PlayerId) -> Coalition:
        return pieces.loyalty_of(self.state, player)

    # ------------------------------------------------------------------ zones and rupees

    def _where(self, card: Card) -> Place | None:
        if self._index is None:
            self._index = ZoneIndex(PamirZones(self.state, self.this))
        return self._index.locate(card.number)

    def cards_in(self, zone: Zone, holder: PlayerId | None) -> tuple[Card, ...]:
        return cards_of(PamirZones(self.state).cards(Place(zone.value, holder)))

    def top_card(self, zone: Zone, holder: PlayerId | None) -> Card | None:
        return zones.top_of(self.cards_in(zone, holder), zone.value, TOP_LAST)

    def random_card(self, cards: tuple[Card, ...]) -> Card | None:
        return zones.random_of(self.state.rng, cards)

    def cards_in_every(self, zone: Zone) -> tuple[Card, ...]:
        return cards_of(zones.cards_in_every(PamirZones(self.state), zone.value, len(self.state.players)))

    def card_owner(self, card: Card) -> PlayerId:
        place = self._where(card)
        return PlayerId(place.holder) if place is not None and place.holder is not None else self._you

    def card_zone(self, card: Card) -> Zone | None:
        place = self._where(card)
        return Zone(place.zone) if place is not None else None

    def move_card(self, card: Card, zone: Zone, holder: PlayerId | None, origins: tuple[Zone, ...]) -> Effect:
        if self._index is None:
            self._index = ZoneIndex(PamirZones(self.state, self.this))
        movers = PamirZones(self.state, self.this).movers()
        yield from zones.move(
            self.state, self._index, movers, card.number, Place(zone.value, holder), origins
        )

    def money_of(self, player: PlayerId) -> int:
        return self.state.players[player].rupees

    def gain_money(self, amount: int, player: PlayerId) -> Effect:
        money.gain(PamirPurses(self.state), player, amount)
        if amount > 0:
            narrate(story.gained, self.state, player, amount, self.this)
        yield from ()

    def pay_money(self, amount: int, payer: PlayerId, receiver: PlayerId | None) -> Effect:
        money.pay(PamirPurses(self.state), payer, amount, receiver)
        if amount > 0 and receiver != payer:
            narrate(story.paid_to, self.state, payer, receiver, amount, self.this)
        yield from ()

    def take_money(self, amount: int, taker: PlayerId, victim: PlayerId) -> Effect:
        taken = money.take(PamirPurses(self.state), taker, victim, amount)
        if taken:
            narrate(story.took_from, self.state, taker, victim, taken, self.this)
        yield from ()

    # Rupees on cards: market cards hold them (the vocabulary's `money rupees ... on cards`).

    def money_on(self, card: Card) -> int:
        return PamirCardPurses(self.state).on_card(card.number)

    def pay_money_onto(self, amount: int, payer: PlayerId, card: Card) -> Effect:
        money.pay_onto(PamirPurses(self.state), PamirCardPurses(self.state), payer, card.number, amount)
        if amount > 0:
            narrate(story.paid_onto_card, self.state, payer, card.number, amount, self.this)
        yield from ()

    def take_money_from_card(self, amount: int, taker: PlayerId, card: Card) -> Effect:
        taken = money.take_from_card(
            PamirPurses(self.state), PamirCardPurses(self.state), taker, card.number, amount
        )
        if taken:
            narrate(story.took_from_card, self.state, taker, card.number, taken, self.this)
        yield from ()

    # ------------------------------------------------------------------ queries

    def favored_suit(self) -> Suit:
        return self.state.favored

    def rules(self, player: PlayerId, region: Region) -> bool:
        return self.state.ruler(region) == player

    def spies_on(self, card: Card, player: PlayerId) -> int:
        return self.state.spies_on(card.number)[player]

    def all_spies_on(self, card: Card) -> int:
        return sum(self.state.spies.get(card.number, ()))

    def spy_distance(self, origin: Card, destination: Card) -> int:
        return pieces.ring_distance(self.state, origin.number, destination.number)

    def recall(self, card: Card, name: str) -> Remembered | None:
        return memory.recall(self.state.memory, card.number, name)

    def card_numbered(self, number: int) -> Card:
        return card(number)


hooks.CONTEXTS.give(PamirContext)  # the abilities in effect run in these (hooks sits below them)
