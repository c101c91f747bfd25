"""A base for a game's rules: what every game writes to wire its generated cards to its rules,
built once from the game's vocabulary, so that a new game writes only its own rules.

- `Table`: the cards and money of one game, as its vocabulary declares them: every zone (a list
  of card numbers: a shared zone once, a zone of each player once per seat), each seat's money,
  what cards remember, the lasting effects, the side each card with sides shows, and the records
  of `once per turn` and `once per round`. Plain data: copied, compared and saved as it is.
- `CardGame`: the cards of a game and where their abilities are in effect (the zones the game
  says: a row, a court, the cards played; in a game whose vocabulary declares no zones, the
  cards each player has in play, `PLAY`); it runs them (triggers, modifiers in stages,
  replacements, one-shot effects) and moves cards through the game's rules for each declared
  move, or plainly from one list to the other where the game gives none.
- `CardEffects`: the class card effects run in, implementing what the generated `<Game>Effects`
  protocol asks for zones, money, memories and durations; a game subclasses it and adds its own
  operations and queries.
- `label`: how the options of a card's choices read (a card, a player, a value of an enum,
  yes/no, a number, a block of `choose one`).

A game keeps a `Table` in its state, beside what is its own (whose turn it is, its seeded
generator, its scores): the state must have `table`, `active` (the seat whose turn it is) and
`rng`. tests/example_game (what `paxc init` writes) is a whole game built on it.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Callable, Generator, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from paxc.runtime.core import abilities, lasting, memory, money, zones
from paxc.runtime.core.decisions import label as decision_label
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.zones import Mover, Place, ZoneIndex
from paxc.runtime.effects import Ability, Decision, DurationEnd, Effect, PlayerId, Remembered

V = TypeVar("V")


@dataclass
class Table:
    """The cards and money of one game (see the module's docstring)."""

    shared: dict[str, list[int]]  # a shared zone's cards, by zone
    seats: list[dict[str, list[int]]]  # each seat's zones, by zone
    money: list[int]  # each seat's money
    memory: memory.CardMemory = field(default_factory=dict)
    lasting: list[Lasting] = field(default_factory=list)
    showing: dict[int, int] = field(default_factory=dict)  # the side a card shows; absent: its first
    used_this_turn: set[str] = field(default_factory=set)
    used_this_round: set[str] = field(default_factory=set)
    trigger_acts: dict[str, int] = field(default_factory=dict)

    # ---------------------------------------------------------------- zones (core.zones.ZoneMap)

    def cards(self, place: Place) -> list[int]:
        """The cards of a place, the list itself (a rule may change it)."""
        found = (
            self.shared.get(place.zone) if place.holder is None else self.seats[place.holder].get(place.zone)
        )
        if found is None:
            raise KeyError(f"no zone {place}")
        return found

    def zone(self, zone: str, holder: int | None = None) -> list[int]:
        """`zone` (`holder`'s, for a zone of each player): `table.zone("hand", 0)`."""
        return self.cards(Place(zone, holder))

    def places(self) -> Iterator[Place]:
        return zones.every_place(self.shared, self.seats[0] if self.seats else (), len(self.seats))

    def locate(self, number: int) -> Place | None:
        """The place holding a card; None when it is in no zone."""
        return next((place for place in self.places() if number in self.cards(place)), None)

    def take_out(self, number: int) -> None:
        """The card leaves whatever zone holds it (a scenario file's `put` uses this)."""
        place = self.locate(number)
        if place is not None:
            self.cards(place).remove(number)

    def counted(self) -> Counter[int]:
        """Every card in a zone, by number: a card lost or in two places shows here."""
        return Counter(number for place in self.places() for number in self.cards(place))

    # ---------------------------------------------------------------- money (core.money.Purses)

    def balance(self, player: int) -> int:
        return self.money[player]

    def receive(self, player: int, amount: int) -> None:
        self.money[player] += amount

    def spend(self, player: int, amount: int) -> None:
        self.money[player] -= amount

    # ---------------------------------------------------------------- copies and digests

    def copy(self) -> Table:
        return Table(
            {zone: list(cards) for zone, cards in self.shared.items()},
            [{zone: list(cards) for zone, cards in seat.items()} for seat in self.seats],
            list(self.money),
            memory.copied(self.memory),
            list(self.lasting),
            dict(self.showing),
            set(self.used_this_turn),
            set(self.used_this_round),
            dict(self.trigger_acts),
        )

    def data(self) -> dict[str, Any]:
        """The table as plain data in a fixed order, for a state's digest (JSON)."""
        return {
            "shared": self.shared,
            "seats": self.seats,
            "money": self.money,
            "memory": {str(n): dict(sorted(v.items())) for n, v in sorted(self.memory.items())},
            "lasting": [[e.card, e.ability, e.owner, e.until, e.armed] for e in self.lasting],
            "showing": {str(n): side for n, side in sorted(self.showing.items())},
            "used_this_turn": sorted(self.used_this_turn),
            "used_this_round": sorted(self.used_this_round),
            "trigger_acts": dict(sorted(self.trigger_acts.items())),
        }


class CardState(Protocol):
    """What a game's state offers the base: its table, whose turn it is, its seeded generator."""

    table: Table
    active: int
    rng: Rng


S = TypeVar("S", bound=CardState)


class GameCard(Protocol):
    """What the base reads of a game's generated `Card`."""

    @property
    def number(self) -> int: ...

    @property
    def name(self) -> str: ...

    @property
    def sides(self) -> Sequence[Any]: ...

    @property
    def abilities(self) -> Sequence[Ability[Any]]: ...

    @property
    def lasting(self) -> Sequence[Ability[Any]]: ...


C = TypeVar("C", bound=GameCard)

# The zone of each player a game without zones of its own has: the cards the player has in play.
PLAY = "play"

# Told after a card moved from one place to another (the game's `card_moved` trigger, its story).
Moved = Callable[[Any, int, Place, Place], Effect]


class CardGame(Generic[S, C]):
    """The cards of a game and where their abilities act (see the module's docstring).

    `cards`: the generated `CARDS`; `vocabulary`: the generated vocabulary module (its zones,
    moves and durations); `in_play`: the zones whose cards' abilities are in effect, for their
    holder (a zone of each player) or for the player whose turn it is (a shared zone);
    `own_zones`: shared zones the rules keep that the vocabulary does not declare (cards never
    name them: a market, a deck); their cards' abilities are in effect only if `in_play` says so.

    A game whose vocabulary declares no zones has one zone of each player the base adds, `PLAY`:
    the cards a player has in play, whose abilities are in effect for that player (`in_play`
    is that zone, unless the game names its own zones instead); every other card (in the game's
    own zones, or in none) has no ability in effect. A game with zones says `in_play` itself.
    `movers`: the game's own rule for a declared move, by (zone left, zone entered), given the
    state, the card, where it is and where it goes (`core.zones.Mover`); a declared move without
    one takes the card from one list and puts it on top of the other. `moved`, if given, is told
    after every move made here (the game tells its `card_moved` trigger there). `top_last`: the
    zones whose top card is their last (a pile the rules add to at its end); the others'
    top is their first.
    """

    def __init__(
        self,
        cards: Sequence[C],
        vocabulary: ModuleType,
        *,
        in_play: Iterable[str] | None = None,
        own_zones: Iterable[str] = (),
        movers: Mapping[tuple[str, str], Mover] | None = None,
        moved: Moved | None = None,
        top_last: Iterable[str] = ("discard",),
    ) -> None:
        self.cards = tuple(cards)
        self.by_number: dict[int, C] = {card.number: card for card in self.cards}
        self.vocabulary = vocabulary
        self.shared_zones, self.player_zones = zones.declared(
            getattr(vocabulary, "Zone", ()), frozenset(getattr(vocabulary, "PLAYER_ZONES", ()))
        )
        self.declares_zones = bool(self.shared_zones or self.player_zones)
        if not self.declares_zones:
            self.player_zones = (PLAY,)
        elif in_play is None:
            raise ValueError("say which zones' cards have their abilities in effect: in_play=(...)")
        self.shared_zones += tuple(z for z in own_zones if z not in self.shared_zones)
        zone_names = (*self.shared_zones, *self.player_zones)
        self.in_play = (PLAY,) if in_play is None else tuple(in_play)
        unknown = [z for z in self.in_play if z not in zone_names]
        if unknown:
            raise ValueError(f"in_play names zones the vocabulary does not declare: {', '.join(unknown)}")
        declared = {(str(a), str(b)) for a, b in getattr(vocabulary, "MOVES", ())}
        given = dict(movers or {})
        zones.check_moves(str(getattr(vocabulary, "GAME", "game")), given.keys() | declared, declared)
        self.movers: dict[tuple[str, str], Mover] = {
            pair: given.get(pair, self._plain_move) for pair in declared
        }
        self.moved = moved
        self.top_last = frozenset(top_last)
        self.ends: dict[str, DurationEnd] = {
            str(name): end for name, end in getattr(vocabulary, "DURATION_ENDS", {}).items()
        }
        self.ending = lasting.ending_events(self.ends)
        # The subclass of CardEffects naming this game (`game = GAME`): effects run in it.
        self.effects: type[CardEffects[Any, Any]] | None = None

    # ---------------------------------------------------------------- the table

    def new_table(self, players: int, money: int = 0) -> Table:
        """Every zone empty, every seat with `money`."""
        return Table(
            {zone: [] for zone in self.shared_zones},
            [{zone: [] for zone in self.player_zones} for _ in range(players)],
            [money] * players,
        )

    def card(self, number: int) -> C:
        """The card of this number, as printed (its first side for a card with sides)."""
        return self.by_number[number]

    def face(self, table: Table, number: int) -> C:
        """The card as it shows now: the side it is turned to, for a card with sides."""
        printed = self.by_number[number]
        if not printed.sides:
            return printed
        side: C = printed.sides[table.showing.get(number, 0)]
        return side

    def turn_over(self, table: Table, number: int) -> None:
        """A card with sides shows its next side (after its last, its first again)."""
        sides = len(self.by_number[number].sides)
        if sides:
            table.showing[number] = (table.showing.get(number, 0) + 1) % sides

    # ---------------------------------------------------------------- abilities in effect

    def context(self, state: S, you: int, this: int) -> Any:
        if self.effects is None:
            raise RuntimeError(
                "no effects class names this game: write `class X(CardEffects[State, Card]): game = GAME`"
            )
        return self.effects(state, you, this)

    def _in_play_cards(self, state: S) -> Iterator[tuple[int, int]]:
        """(card, owner) for every card in a zone of `in_play`: each seat's zones seat by seat,
        then the shared ones, whose cards act for the player whose turn it is."""
        table = state.table
        for owner, seat in enumerate(table.seats):
            for zone in self.in_play:
                if zone in seat:
                    for number in seat[zone]:
                        yield number, owner
        for zone in self.in_play:
            for number in table.shared.get(zone, ()):
                yield number, state.active

    def in_effect(self, state: S) -> list[abilities.InEffect]:
        """Every ability in effect, with the context it runs in: the abilities of the cards in
        play (the side each shows), then the lasting effects, in the order they started."""
        found: list[abilities.InEffect] = []
        for number, owner in self._in_play_cards(state):
            face = self.face(state.table, number)
            for ability in face.abilities:
                found.append((self.context(state, owner, number), owner, ability, face.name))
        for effect in state.table.lasting:
            ability = self.by_number[effect.card].lasting[effect.ability]
            name = self.by_number[effect.card].name
            found.append((self.context(state, effect.owner, effect.card), effect.owner, ability, name))
        return found

    def _applying(self, state: S, hook_type: type) -> list[abilities.Applying]:
        """The modifiers of this kind in effect: a card in play's that act in play, a card in
        another zone's that act there (`while in ZONE`, for the player whose turn it is), and
        the lasting effects'."""
        table = state.table
        applying: list[abilities.Applying] = []
        in_play = set(self._in_play_cards(state))
        for place in table.places():
            for number in table.cards(place):
                owner = place.holder if place.holder is not None else state.active
                where = "play" if (number, owner) in in_play and place.zone in self.in_play else place.zone
                for ability in self.face(table, number).abilities:
                    for modifier in ability.modifiers:
                        if modifier.hook is hook_type and modifier.place == where:
                            applying.append((self.context(state, owner, number), modifier))
        for effect in table.lasting:
            for modifier in self.by_number[effect.card].lasting[effect.ability].modifiers:
                if modifier.hook is hook_type:
                    applying.append((self.context(state, effect.owner, effect.card), modifier))
        return applying

    def modified(self, state: S, hook: object, value: V, spend: bool = False) -> V:
        """`value` after every modifier in effect for this kind of hook, in stages
        (`core.abilities.in_stages`). `spend`: the rules act on the value now (they charge the
        cost), which uses up a modifier limited to once per round that changed it; ask without
        it where the rules only list what a player could afford."""
        applying = self._applying(state, type(hook))
        return abilities.in_stages(applying, hook, value, state.table.used_this_round, spend)

    def fire(self, state: S, event: object) -> Effect:
        """Run every trigger in effect that answers `event` (an optional one asks its owner),
        then end the lasting effects the event ends (`core.lasting.told`)."""
        table = state.table
        before = list(table.lasting) if type(event) in self.ending else None
        yield from abilities.fire(
            self.in_effect(state), event, table.used_this_turn, table.used_this_round, table.trigger_acts
        )
        if before:
            lasting.told(table.lasting, self.ends, event, before)

    def replaced(self, state: S, event: object) -> Generator[Decision, None, bool]:
        """Run the first replacement in effect for `event`; True if it was replaced."""
        return (yield from abilities.replaced(self.in_effect(state), event))

    def one_shots(self, state: S, player: int, number: int, timing: str) -> Effect:
        """Run a card's one-shot effects of this timing (`on play`), for `player`."""
        for ability in self.face(state.table, number).abilities:
            for one_shot in ability.one_shots:
                if one_shot.timing == timing:
                    yield from abilities.run_effect(one_shot.run(self.context(state, player, number)))

    def begin_turn(self, state: S) -> None:
        """A turn begins: `once per turn` counts afresh, and so does the loop limit."""
        state.table.used_this_turn.clear()
        state.table.trigger_acts.clear()

    def begin_round(self, state: S) -> None:
        """A round begins, where the game's rounds begin: `once per round` counts afresh."""
        abilities.begin_round(state.table.used_this_round)

    # ---------------------------------------------------------------- moving cards

    def move(self, state: S, number: int, to: Place, origins: Iterable[str] | None = None) -> Effect:
        """Move a card through the game's rule for this move (`movers`), from the zones
        `origins` (None: wherever it is). A card already there, or in none of them, stays."""
        index = ZoneIndex(state.table)
        where = index.locate(number)
        allowed = {zone for zone, _ in self.movers} if origins is None else set(origins)
        yield from zones.move(state, index, self.movers, number, to, allowed if where is not None else ())

    def _plain_move(self, state: S, number: int, where: Place, to: Place) -> Effect:
        """A declared move the game gives no rule for: off one list, onto the top of the other.
        A card leaving the zones in play forgets what it remembered."""
        table = state.table
        table.cards(where).remove(number)
        target = table.cards(to)
        if to.zone in self.top_last:
            target.append(number)
        else:
            target.insert(0, number)
        if where.zone in self.in_play and to.zone not in self.in_play:
            memory.forget(table.memory, number)
        if self.moved is not None:
            yield from self.moved(state, number, where, to)

    # ---------------------------------------------------------------- scenario files

    def put(self, state: S, number: int, place: Place, at: int | None) -> None:
        """A card straight into a place, with none of the rules' costs or effects (a scenario
        file's `put`): taken from wherever it is, put at position `at` (1: the first; None: last)."""
        state.table.take_out(number)
        cards = state.table.cards(place)
        cards.insert(len(cards) if at is None else at - 1, number)

    def set_money(self, state: S, player: int, amount: int) -> None:
        """A player's money (a scenario file's `set coins of P0 to 3`)."""
        state.table.money[player] = amount

    # ---------------------------------------------------------------- previews

    def changes(
        self, before: S, after: S, player: int, money: str = "money", one: str | None = None
    ) -> list[str]:
        """What an option changed of the table for the player choosing, said in short phrases
        for its preview (`GameKit.consequences`: paxc tries the option on a copy of the game):
        their money (`+2 coins`, named `money`, or `one` for a single unit: `+1 coin`), and the
        cards gone into or out of each of their zones (`Loom from hand into stall`, `Foundry out
        of hand`)."""
        said = []
        gained = after.table.balance(player) - before.table.balance(player)
        if gained:
            said.append(f"{gained:+d} {one if one is not None and abs(gained) == 1 else money}")
        entered: dict[int, str] = {}
        left: dict[int, str] = {}
        for zone in self.player_zones:
            old, new = before.table.seats[player][zone], after.table.seats[player][zone]
            entered.update((n, zone) for n in new if n not in old)
            left.update((n, zone) for n in old if n not in new)
        for number, zone in entered.items():
            origin = f"from {left[number]} " if number in left else ""
            said.append(f"{self.face(after.table, number).name} {origin}into {zone}")
        said += [
            f"{self.face(before.table, n).name} out of {zone}" for n, zone in left.items() if n not in entered
        ]
        return said

    # ---------------------------------------------------------------- checks

    def violations(self, state: S, expected: Counter[int]) -> list[str]:
        """What the table shows broken: a card lost, copied or added, money below 0."""
        found = []
        counted = state.table.counted()
        if counted != expected:
            lost = sorted((expected - counted).elements())
            extra = sorted((counted - expected).elements())
            found.append(f"cards lost {lost} or copied {extra}")
        found += [f"P{p} has {amount} money" for p, amount in enumerate(state.table.money) if amount < 0]
        return found


class CardEffects(Generic[S, C]):
    """The class card effects run in, for one player (`you`) and the card whose effect it is
    (`this`). It implements what the generated `<Game>Effects` protocol asks of zones, money,
    memories and durations over the game's `Table`; a game subclasses it, names its `CardGame`
    (`game = GAME`) and adds its operations and queries:

        class Bazaar(CardEffects[State, Card]):
            game = GAME

            def draw_cards(self, count: int, player: PlayerId) -> Effect: ...

    What the story says of money moved, a game says by overriding `told_money` (`core.narration`).
    """

    game: ClassVar[CardGame[Any, Any]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        game = cls.__dict__.get("game")
        if isinstance(game, CardGame):
            game.effects = cls  # the game's abilities run in this class

    def __init__(self, state: S, you: int, this: int = 0) -> None:
        self.state = state
        self._you = PlayerId(you)
        self.this = this

    # ---------------------------------------------------------------- every game

    @property
    def you(self) -> PlayerId:
        return self._you

    def players_in_turn_order(self) -> Sequence[PlayerId]:
        count = len(self.state.table.seats)
        return [PlayerId((self.state.active + offset) % count) for offset in range(count)]

    # ---------------------------------------------------------------- zones

    def cards_in(self, zone: str, holder: PlayerId | None) -> tuple[C, ...]:
        table = self.state.table
        found: tuple[C, ...] = tuple(self.game.face(table, n) for n in table.cards(Place(str(zone), holder)))
        return found

    def cards_in_every(self, zone: str) -> tuple[C, ...]:
        return tuple(
            c for seat in range(len(self.state.table.seats)) for c in self.cards_in(zone, PlayerId(seat))
        )

    def card_owner(self, card: C) -> PlayerId:
        place = self.state.table.locate(card.number)
        return PlayerId(place.holder) if place is not None and place.holder is not None else self._you

    def card_zone(self, card: C) -> Any:
        place = self.state.table.locate(card.number)
        declared = getattr(self.game.vocabulary, "Zone", None)
        if place is None or declared is None or place.zone not in {str(z) for z in declared}:
            return None  # in no zone, or in one the rules keep of their own
        return declared(place.zone)

    def top_card(self, zone: str, holder: PlayerId | None) -> C | None:
        return zones.top_of(self.cards_in(zone, holder), str(zone), self.game.top_last)

    def random_card(self, cards: tuple[C, ...]) -> C | None:
        return zones.random_of(self.state.rng, cards)

    def move_card(self, card: C, zone: str, holder: PlayerId | None, origins: tuple[str, ...]) -> Effect:
        yield from self.game.move(
            self.state, card.number, Place(str(zone), holder), [str(o) for o in origins]
        )

    def card_numbered(self, number: int) -> C:
        card: C = self.game.face(self.state.table, number)
        return card

    # ---------------------------------------------------------------- money

    def told_money(self, what: str, player: PlayerId, amount: int, other: PlayerId | None) -> None:
        """Money moved (`what`: "gained", "paid", "took"; `other`: whom it was paid to or taken
        from): a game's story says it here. Nothing by default."""

    def money_of(self, player: PlayerId) -> int:
        return self.state.table.balance(player)

    def gain_money(self, amount: int, player: PlayerId) -> Effect:
        money.gain(self.state.table, player, amount)
        if amount > 0:
            self.told_money("gained", player, amount, None)
        yield from ()

    def pay_money(self, amount: int, payer: PlayerId, receiver: PlayerId | None) -> Effect:
        money.pay(self.state.table, payer, amount, receiver)
        if amount > 0 and receiver != payer:
            self.told_money("paid", payer, amount, receiver)
        yield from ()

    def take_money(self, amount: int, taker: PlayerId, victim: PlayerId) -> Effect:
        taken = money.take(self.state.table, taker, victim, amount)
        if taken:
            self.told_money("took", taker, taken, victim)
        yield from ()

    # ---------------------------------------------------------------- memories and durations

    def remember(self, card: C, name: str, value: Remembered) -> Effect:
        memory.remember(self.state.table.memory, card.number, name, value)
        yield from ()

    def recall(self, card: C, name: str) -> Remembered | None:
        return memory.recall(self.state.table.memory, card.number, name)

    def start_lasting(self, card: C, ability: int, until: str) -> Effect:
        self.state.table.lasting.append(Lasting(card.number, ability, self._you, str(until)))
        yield from ()


def label(option: object) -> str:
    """How an option of a card's choice reads, whatever its type: a card by its name, a player
    as `P0`, a value of an enum by its name, yes/no, a number, "no more", a block of `choose
    one` by its text. The rules' own options (their moves) they label themselves first.

    What reaches a game's `label` from card effects: the generated `Card` (choose a card), a
    `PlayerId` (choose a player: an int), an enum member (choose a region, a guild), True or
    False (`may`, an optional trigger), a `core.decisions.Number` or `Enough` (choose a number,
    choose up to N), and a str (the text of each block of `choose one`)."""
    said = decision_label(option)
    if said is not None:
        return said
    if isinstance(option, bool):
        return "yes" if option else "no"
    if isinstance(option, enum.Enum):
        return str(option.value).replace("_", " ")
    if isinstance(option, int):
        return f"P{option}"
    name = getattr(option, "name", None)
    if isinstance(name, str) and hasattr(option, "number"):
        return name
    return str(option)
