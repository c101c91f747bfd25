"""`PorfirianaContext`: the Pax Porfiriana runtime as card effects see it (the generated
`PorfirianaEffects` protocol). One is made for each effect run: the state, whose effect it is,
and its card."""

from __future__ import annotations

from collections.abc import Sequence

from paxc.generated.porfiriana.vocabulary import (
    Card,
    CardType,
    Duration,
    PorfirianaEffects,
    Prestige,
)
from paxc.runtime.core import memory
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Effect, NothingToChoose, PlayerId, Remembered
from paxc.runtime.porfiriana import losses, prestige, story, unrest
from paxc.runtime.porfiriana.state import PorfirianaState, card


class PorfirianaContext:
    def __init__(self, state: PorfirianaState, you: int, this: int) -> None:
        self.state = state
        self._you = PlayerId(you)
        self.this = this

    # ------------------------------------------------------------------ every game

    @property
    def you(self) -> PlayerId:
        return self._you

    def players_in_turn_order(self) -> Sequence[PlayerId]:
        """From the left of the player resolving the effect round to them (rules E2: a
        play-immediately card affects its buyer last)."""
        count = len(self.state.players)
        return [PlayerId((self._you + offset) % count) for offset in range(1, count + 1)]

    # ------------------------------------------------------------------ operations

    def nationalize(self, enterprise: Card) -> Effect:
        found = self.state.holding(enterprise.number)
        if found is not None and enterprise.card_type is CardType.ENTERPRISE:
            yield from losses.nationalize(self.state, found[0], found[1])

    def lose_gold(self, amount: int, player: PlayerId) -> Effect:
        me = self.state.players[player]
        lost = min(amount, me.gold)
        me.gold -= lost
        if lost:
            narrate(story.lost, self.state, player, lost, self.this)
        yield from ()

    def discard_card(self, card: Card) -> Effect:
        yield from losses.discard_card_in_play(self.state, card.number)

    def raise_diaz_prestige(self, amount: int, kind: Prestige) -> Effect:
        self.state.diaz_bonus[kind.value] = self.state.diaz_bonus.get(kind.value, 0) + amount
        narrate(story.diaz_strengthened, kind, amount)
        yield from ()

    def slave_revolt(self, enterprise: Card, liberator: PlayerId) -> Effect:
        found = self.state.holding(enterprise.number)
        if found is not None and enterprise.card_type is CardType.ENTERPRISE:
            yield from unrest.slave_revolt(self.state, found[0], found[1], liberator)

    def gain_gold(self, amount: int, player: PlayerId) -> Effect:
        if not (self.state.solitaire and player == 1):  # Díaz gets no gold (rules L)
            self.state.players[player].gold += amount
            if amount:
                narrate(story.gained, self.state, player, amount, self.this)
        yield from ()

    def pay_gold(self, amount: int, player: PlayerId) -> Effect:
        me = self.state.players[player]
        if me.gold < amount:
            # All or nothing: what the payment was for does not happen (the runtime ends the
            # effect here, as it does for a choice with nothing to choose).
            raise NothingToChoose(f"player {player} cannot pay {amount}")
        me.gold -= amount
        if amount:
            narrate(story.paid_for_effect, self.state, player, amount, self.this)
        yield from ()

    def add_unrest(self, count: int, card: Card) -> Effect:
        found = self.state.holding(card.number)
        if found is not None and card.card_type is CardType.ENTERPRISE:
            yield from unrest.add_unrest(self.state, found[0], found[1], count, self._you)

    def remove_unrest(self, count: int, card: Card) -> Effect:
        found = self.state.holding(card.number)
        if found is not None and found[1].unrest:
            yield from unrest.remove_unrest(self.state, found[1], count)

    def remember(self, card: Card, name: str, value: Remembered) -> Effect:
        memory.remember(self.state.memory, card.number, name, value)
        yield from ()

    def recall(self, card: Card, name: str) -> Remembered | None:
        return memory.recall(self.state.memory, card.number, name)

    def card_numbered(self, number: int) -> Card:
        found = self.state.holding(number)
        return found[1].face if found is not None else card(number)  # by the side it shows

    def start_lasting(self, card: Card, ability: int, until: Duration) -> Effect:
        self.state.lasting.append(Lasting(card.number, ability, self._you, until.value))
        yield from ()

    # ------------------------------------------------------------------ zones

    def row_of(self, player: PlayerId) -> tuple[Card, ...]:
        return tuple(held.face for held in self.state.players[player].row)

    def hand_of(self, player: PlayerId) -> tuple[Card, ...]:
        return tuple(card(number) for number in self.state.players[player].hand)

    def market_cards(self) -> tuple[Card, ...]:
        return tuple(card(n) for row in self.state.market for n in row if n is not None)

    def cards_in_play(self) -> tuple[Card, ...]:
        rows = [held.face for me in self.state.players for held in me.row]
        troops = [
            card(troop)
            for player in range(len(self.state.players))
            for troop, _ in self.state.troops_of(player)
        ]
        return (*rows, *troops)

    def owner_of(self, card: Card) -> PlayerId:
        found = self.state.holding(card.number)
        if found is not None:
            return PlayerId(found[0])
        place = self.state.troop_place(card.number)
        if place is not None:
            return PlayerId(place[0])
        holder = next((i for i, p in enumerate(self.state.players) if card.number in p.hand), self._you)
        return PlayerId(holder)

    # ------------------------------------------------------------------ queries

    def unrest_on(self, card: Card) -> int:
        found = self.state.holding(card.number)
        return found[1].unrest if found is not None else 0

    def gold(self, player: PlayerId) -> int:
        return self.state.players[player].gold

    def half(self, amount: int) -> int:
        return (amount + 1) // 2  # halves are rounded up (glossary: Half)

    def prestige_points(self, player: PlayerId, kind: Prestige) -> int:
        return prestige.points(self.state, player, kind)


def _implements_the_protocol(ctx: PorfirianaContext) -> PorfirianaEffects:
    return ctx  # mypy checks here that the runtime offers every operation and query cards use
