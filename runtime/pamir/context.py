"""`PamirContext`: the Pax Pamir runtime as card effects see it (the generated `PamirEffects`
protocol). One is made for each effect run: the game state, whose effect it is, and its card."""

from __future__ import annotations

from collections.abc import Sequence

from paxc.generated.pamir.vocabulary import Card, Coalition, Duration, FavoredSuitMayChange, Region, Suit
from paxc.runtime.core import memory
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Effect, PlayerId, Remembered, ask
from paxc.runtime.pamir import pieces, scoring, story
from paxc.runtime.pamir.options import cards_of
from paxc.runtime.pamir.state import REGIONS, Border, PamirState, borders_of, card


class PamirContext:
    def __init__(self, state: PamirState, you: int, this: int) -> None:
        self.state = state
        self._you = PlayerId(you)
        self.this = this

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

    def gain_rupees(self, amount: int, player: PlayerId) -> Effect:
        self.state.players[player].rupees += amount
        if amount:
            narrate(story.gained, self.state, player, amount, self.this)
        yield from ()

    def set_favored_suit(self, suit: Suit) -> Effect:
        from paxc.runtime.pamir import hooks

        if hooks.modified(self.state, FavoredSuitMayChange(), True):
            if suit is not self.state.favored:
                narrate(story.favored_suit, suit)
            self.state.favored = suit
        yield from ()

    def remove_tribes_and_armies(self, region: Region) -> Effect:
        armies = self.state.armies[region]
        if any(armies.values()):
            narrate(story.armies_cleared, region)
        for coalition in armies:
            armies[coalition] = 0
        for player, count in enumerate(self.state.tribes[region]):
            for _ in range(count):
                yield from pieces.remove_tribe(self.state, player, region)

    def place_spy(self, card: Card, player: PlayerId) -> Effect:
        yield from pieces.place_spy(self.state, player, card.number)

    def resolve_dominance_check(self) -> Effect:
        yield from scoring.resolve_check(self.state, check_cards=1)

    def swap_hands(self, player: PlayerId, other: PlayerId) -> Effect:
        players = self.state.players
        players[player].hand, players[other].hand = players[other].hand, players[player].hand
        narrate(story.hands_swapped, self.state, player, other)
        yield from ()

    def place_extra_block(self, player: PlayerId) -> Effect:
        loyalty = self.state.players[player].loyalty
        ruled = [r for r in REGIONS if self.state.ruler(r) == player]
        spots: list[Region | Border] = [*ruled, *sorted({b for r in ruled for b in borders_of(r)}, key=str)]
        if loyalty is not None and spots:
            where = yield from ask(Choice(player, "Place a free army or road", tuple(spots)))
            yield from pieces.place_block(self.state, player, loyalty, where)

    def remember(self, card: Card, name: str, value: Remembered) -> Effect:
        memory.remember(self.state.memory, card.number, name, value)
        yield from ()

    def discard_card(self, card: Card) -> Effect:
        owner = self.state.owner_of(card.number)
        if owner is not None:
            yield from pieces.discard_court_card(self.state, owner, card.number, why=self.this)
            return
        for holder, player in enumerate(self.state.players):
            for held in (player.hand, player.prizes):  # a prize is discarded as a card in hand is
                if card.number in held:
                    held.remove(card.number)
                    self.state.discard.append(card.number)
                    told = story.discarded_from_hand if held is player.hand else story.prize_discarded
                    narrate(told, self.state, holder, card.number, self.this)
                    return

    def start_lasting(self, card: Card, ability: int, until: Duration) -> Effect:
        self.state.lasting.append(Lasting(card.number, ability, self._you, until.value))
        yield from ()

    def place_tribe(self, region: Region, player: PlayerId) -> Effect:
        yield from pieces.place_tribe(self.state, player, region)

    # ------------------------------------------------------------------ zones

    def court_of(self, player: PlayerId) -> tuple[Card, ...]:
        return cards_of(self.state.players[player].court)

    def hand_of(self, player: PlayerId) -> tuple[Card, ...]:
        return cards_of(self.state.players[player].hand)

    def prizes_of(self, player: PlayerId) -> tuple[Card, ...]:
        return cards_of(self.state.players[player].prizes)

    def market_cards(self) -> tuple[Card, ...]:
        return cards_of(n for row in self.state.market for n in row if n is not None)

    def court_cards(self) -> tuple[Card, ...]:
        return cards_of(n for player in self.state.players for n in player.court)

    def owner_of(self, card: Card) -> PlayerId:
        owner = self.state.owner_of(card.number)
        if owner is None:
            owner = next((i for i, p in enumerate(self.state.players) if card.number in p.hand), self._you)
        return PlayerId(owner)

    # ------------------------------------------------------------------ queries

    def favored_suit(self) -> Suit:
        return self.state.favored

    def rupees(self, player: PlayerId) -> int:
        return self.state.players[player].rupees

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
