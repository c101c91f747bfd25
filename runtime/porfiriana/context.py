"""`PorfirianaContext`: the Pax Porfiriana runtime as card effects see it (the generated
`PorfirianaEffects` protocol). One is made for each effect run: the state, whose effect it is,
and its card.

With `hooks.py` it is the seam between the cards and the rules: every rule asks it, so it imports
none of them. Its queries, gold and memory need only the state; the operations that set off rules
(a nationalization, unrest, a card moved) go through `RULES`, the rules above the seam that
`card_rules.py` gives when it is imported (`core/seam.py`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from paxc.generated.porfiriana.vocabulary import (
    Card,
    CardType,
    Duration,
    PorfirianaEffects,
    Prestige,
    Zone,
)
from paxc.runtime.core import memory, money, zones
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.narration import narrate
from paxc.runtime.core.seam import Given
from paxc.runtime.core.zones import Mover, Place, ZoneIndex
from paxc.runtime.effects import Effect, PlayerId, Remembered
from paxc.runtime.porfiriana import prestige, story
from paxc.runtime.porfiriana.state import Holding, PorfirianaState, card
from paxc.runtime.porfiriana.zones import PorfirianaPurses, PorfirianaZones


@dataclass(frozen=True, slots=True)
class CardRules:
    """The rules a card's effect may set off that sit above the seam where cards meet the rules
    (this module, `hooks.py`): a card taken out of play, unrest added or removed, a slave revolt,
    the moves of cards between zones, and the cubes brought to what the rules in force say.
    `card_rules.py` gives them (`RULES`), so that the seam, which every rule asks, imports none
    of the rules above it."""

    nationalize: Callable[[PorfirianaState, int, Holding], Effect]  # (owner, enterprise)
    slave_revolt: Callable[[PorfirianaState, int, Holding, int], Effect]  # (owner, plantation, liberator)
    add_unrest: Callable[[PorfirianaState, int, Holding, int, int], Effect]  # (owner, card, count, by)
    remove_unrest: Callable[[PorfirianaState, Holding, int], Effect]  # (card, count)
    movers: Mapping[tuple[str, str], Mover]  # by (zone left, zone entered)
    settle: Callable[[PorfirianaState], Effect]  # cubes brought to what the rules in force say


RULES: Given[CardRules] = Given("rules for card effects to set off", "paxc.runtime.porfiriana.card_rules")


# The piles the rules add to at their end, whose top card is their last (`the top card of
# discard`); the deck is drawn from its start.
TOP_LAST = frozenset({"discard", "bull_bear"})


class PorfirianaContext:
    """What a card's effect, trigger or modifier reads and does. Mind, before adding a query: no
    query reads where speculation cubes are or how many cubes a supply holds, and
    `actions._listed_again` relies on it (a turn's listing is taken again after a speculation
    that changed nothing else, on the word that no modifier can answer otherwise); a query that
    reads them must end that (`actions.take`'s quiet speculation) or it offers stale options.
    tests/porfiriana/test_listing.py compares the listing taken again with a fresh one along
    random games."""

    def __init__(self, state: PorfirianaState, you: int, this: int) -> None:
        self.state = state
        self._you = PlayerId(you)
        self.this = this
        self._index: ZoneIndex | None = None  # made when an effect first asks where a card is

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
            yield from RULES.get().nationalize(self.state, found[0], found[1])

    def raise_diaz_prestige(self, amount: int, kind: Prestige) -> Effect:
        self.state.diaz_bonus[kind.value] = self.state.diaz_bonus.get(kind.value, 0) + amount
        narrate(story.diaz_strengthened, kind, amount)
        yield from ()

    def slave_revolt(self, enterprise: Card, liberator: PlayerId) -> Effect:
        found = self.state.holding(enterprise.number)
        if found is not None and enterprise.card_type is CardType.ENTERPRISE:
            yield from RULES.get().slave_revolt(self.state, found[0], found[1], liberator)

    def add_unrest(self, count: int, card: Card) -> Effect:
        found = self.state.holding(card.number)
        if found is not None and card.card_type is CardType.ENTERPRISE:
            yield from RULES.get().add_unrest(self.state, found[0], found[1], count, self._you)

    def remove_unrest(self, count: int, card: Card) -> Effect:
        found = self.state.holding(card.number)
        if found is not None and found[1].unrest:
            yield from RULES.get().remove_unrest(self.state, found[1], count)

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
        # Its modifiers may move prestige cubes (`takes_prestige_cube`): they follow at once, as
        # when a lasting effect ends (hooks.fire).
        yield from RULES.get().settle(self.state)

    # ------------------------------------------------------------------ zones and gold

    def _where(self, card: Card) -> Place | None:
        if self._index is None:
            self._index = ZoneIndex(PorfirianaZones(self.state))
        return self._index.locate(card.number)

    def cards_in(self, zone: Zone, holder: PlayerId | None) -> tuple[Card, ...]:
        if zone is Zone.ROW and holder is not None:  # a card in a row shows the side it is played on
            return tuple(held.face for held in self.state.players[holder].row)
        return tuple(card(n) for n in PorfirianaZones(self.state).cards(Place(zone.value, holder)))

    def top_card(self, zone: Zone, holder: PlayerId | None) -> Card | None:
        return zones.top_of(self.cards_in(zone, holder), zone.value, TOP_LAST)

    def random_card(self, cards: tuple[Card, ...]) -> Card | None:
        return zones.random_of(self.state.rng, cards)

    def cards_in_every(self, zone: Zone) -> tuple[Card, ...]:
        return tuple(
            c for seat in range(len(self.state.players)) for c in self.cards_in(zone, PlayerId(seat))
        )

    def card_owner(self, card: Card) -> PlayerId:
        place = self._where(card)
        return PlayerId(place.holder) if place is not None and place.holder is not None else self._you

    def card_zone(self, card: Card) -> Zone | None:
        place = self._where(card)
        return Zone(place.zone) if place is not None else None

    def move_card(self, card: Card, zone: Zone, holder: PlayerId | None, origins: tuple[Zone, ...]) -> Effect:
        if self._index is None:
            self._index = ZoneIndex(PorfirianaZones(self.state))
        movers = RULES.get().movers
        yield from zones.move(
            self.state, self._index, movers, card.number, Place(zone.value, holder), origins
        )

    def money_of(self, player: PlayerId) -> int:
        return self.state.players[player].gold

    def gain_money(self, amount: int, player: PlayerId) -> Effect:
        money.gain(PorfirianaPurses(self.state), player, amount)
        if amount > 0 and not self.state.is_diaz(player):  # Díaz keeps no gold
            narrate(story.gained, self.state, player, amount, self.this)
        yield from ()

    def pay_money(self, amount: int, payer: PlayerId, receiver: PlayerId | None) -> Effect:
        money.pay(PorfirianaPurses(self.state), payer, amount, receiver)
        if amount > 0 and receiver != payer:
            narrate(story.paid_to, self.state, payer, receiver, amount, self.this)
        yield from ()

    def take_money(self, amount: int, taker: PlayerId, victim: PlayerId) -> Effect:
        taken = money.take(PorfirianaPurses(self.state), taker, victim, amount)
        if taken:
            diaz = self.state.is_diaz(taker)  # what Díaz takes goes to the bank
            narrate(story.stolen, self.state, taker, victim, taken, diaz)
        yield from ()

    # ------------------------------------------------------------------ queries

    def unrest_on(self, card: Card) -> int:
        found = self.state.holding(card.number)
        return found[1].unrest if found is not None else 0

    def half(self, amount: int) -> int:
        return (amount + 1) // 2  # halves are rounded up (glossary: Half)

    def prestige_points(self, player: PlayerId, kind: Prestige) -> int:
        return prestige.points(self.state, player, kind)


def _implements_the_protocol(ctx: PorfirianaContext) -> PorfirianaEffects:
    return ctx  # mypy checks here that the runtime offers every operation and query cards use
