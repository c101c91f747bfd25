"""The state of a game of Pax Porfiriana: plain typed data. Cards are known only through their
generated records; nothing here names a card.

Where a player's 15 cubes can be (the cube limit, rules E9): in their supply; as income or
prestige cubes on their own cards; as prestige cubes on their prestige stack; as connection or
extortion cubes on anybody's enterprise; as speculation cubes on market cards. `cubes_in_use`
counts them, and the invariants check that the two add up to 15.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from paxc.generated.porfiriana import CARDS_BY_NUMBER
from paxc.generated.porfiriana.vocabulary import Card, CardType, Connection
from paxc.runtime.core import memory
from paxc.runtime.core.lasting import Lasting
from paxc.runtime.core.memory import CardMemory
from paxc.runtime.core.rng import Rng

MIN_PLAYERS, MAX_PLAYERS = 2, 6
CUBES_PER_PLAYER = 15
MARKET_ROWS = 2
# The market's columns, from the far end to the deck: what a card costs in each.
COLUMN_COSTS = (0, 1, 2, 4, 8, 16)
ACTIONS_PER_TURN = 3
JAILED_ACTIONS = 2
HAND_LIMIT = 5
TOPPLES_IN_GAME = 4


# A card's record by its number: the card table's own look-up, a bound method of the dict, which
# runs without a Python frame of its own (the rules ask it tens of thousands of times a game). The
# table is changed in place (errata, cards added by tests), never replaced, so this follows it.
card: Callable[[int], Card] = CARDS_BY_NUMBER.__getitem__


@dataclass(frozen=True, slots=True)
class Side:
    """An answer naming one side of a card (a newspaper's orientation, a Hacendado's Partner
    side), so that a question lists the sides by name rather than by number."""

    card: int
    index: int


def sides_of(number: int, indexes: Iterable[int] | None = None) -> tuple[Side, ...]:
    """The card's sides as answers: all of them, or those of `indexes`."""
    count = len(card(number).sides)
    return tuple(Side(number, index) for index in (range(count) if indexes is None else indexes))


@dataclass(slots=True)
class Holding:
    """A card in a player's row: an enterprise, a partner, a public card or the Hacendado.

    `side` is the face or orientation shown (index into the card's `sides`) for cards that have
    several; the Hacendado's side 0 is its Loyalist side. Cubes of the owner's colour on the card
    are counted in `income` and `prestige_cubes`; another player's cubes name their player.
    """

    number: int
    side: int | None = None
    income: int = 0
    prestige_cubes: int = 0
    unrest: int = 0
    connection_owner: int | None = None  # whose connection cube sits on the upgrade oval
    connection_level: Connection | None = None  # the level that cube upgrades to
    extortion: int | None = None  # whose extortion cube sits here (an extorting troop's owner)
    troop: int | None = None  # the troop card on this enterprise, if any
    troop_owner: int | None = None
    income_set_for: int | None = None
    prestige_set_for: int | None = None

    def copy(self) -> Holding:
        return Holding(
            self.number,
            self.side,
            self.income,
            self.prestige_cubes,
            self.unrest,
            self.connection_owner,
            self.connection_level,
            self.extortion,
            self.troop,
            self.troop_owner,
            self.income_set_for,
            self.prestige_set_for,
        )

    @property
    def face(self) -> Card:
        """The card as it is shown: the chosen side's record, or the card itself."""
        printed = card(self.number)
        return printed.sides[self.side] if self.side is not None and printed.sides else printed


@dataclass(slots=True)
class PlayerState:
    gold: int
    row: list[Holding] = field(default_factory=list)  # the Hacendado first, then in play order
    hand: list[int] = field(default_factory=list)
    cubes: int = CUBES_PER_PLAYER  # in the player's supply
    prestige_stack: list[int] = field(default_factory=list)  # victim-awarded cards
    stack_prestige_cubes: int = 0  # prestige cubes on the points of the stack (see `economy`)
    stack_prestige_set_for: int | None = None  # the value those cubes were last brought to
    army: list[int] = field(default_factory=list)  # troops of the private army, under the Hacendado
    jailed: bool = False
    heir: bool = False  # the flipped Hacendado was assassinated: the Loyalist side for good

    @property
    def hacendado(self) -> Holding:
        return self.row[0]

    @property
    def flipped(self) -> bool:
        return self.row[0].side not in (None, 0)

    def copy(self) -> PlayerState:
        return PlayerState(
            self.gold,
            [h.copy() for h in self.row],
            list(self.hand),
            self.cubes,
            list(self.prestige_stack),
            self.stack_prestige_cubes,
            self.stack_prestige_set_for,
            list(self.army),
            self.jailed,
            self.heir,
        )


@dataclass(slots=True)
class TurnState:
    """What the rules track within one turn."""

    actions_left: int = ACTIONS_PER_TURN
    market_purchases: int = 0
    extra_actions_used: list[int] = field(default_factory=list)  # partners whose bonus was used
    jailed_at_start: bool = False  # two actions only, until the player leaves jail
    used_triggers: set[str] = field(default_factory=set)  # "once per turn" triggers that acted
    trigger_acts: dict[str, int] = field(
        default_factory=dict
    )  # each trigger's acts this turn (the loop limit)

    def copy(self) -> TurnState:
        return TurnState(
            self.actions_left,
            self.market_purchases,
            list(self.extra_actions_used),
            self.jailed_at_start,
            set(self.used_triggers),
            dict(self.trigger_acts),
        )


# The Díaz solitaire's seats: the human plays first, Díaz is the automaton of seat 1 (rules L).
SOLITAIRE_HUMAN, SOLITAIRE_DIAZ = 0, 1


@dataclass(slots=True)
class PorfirianaState:
    players: list[PlayerState]
    rng: Rng
    deck: list[int]  # the top card is deck[0]
    market: list[list[int | None]]  # [row][column], column 0 costs nothing
    regimes: list[int]  # the regime stack, the regime card in force first
    public: list[int]  # the public cards still beside the market
    first_player: int
    active: int
    unused: list[int] = field(default_factory=list)  # cards left in the box this game
    discard: list[int] = field(default_factory=list)
    removed: list[int] = field(default_factory=list)  # cards out of the game (assassinated)
    in_transit: list[int] = field(default_factory=list)  # a card between two places while a player decides
    bull_bear: list[int] = field(default_factory=list)  # the bull/bear discard, the last one on top
    speculation: dict[int, int] = field(default_factory=dict)  # market card -> the player's cube
    depression: bool = False
    topples: int = 0
    turn_number: int = 0
    turn: TurnState = field(default_factory=TurnState)
    diaz_bonus: dict[str, int] = field(default_factory=dict)  # prestige kind -> extra for this topple
    iron_hand: bool = False  # the Iron Hand variant: the tripartite takes the two strongest
    dissipated_troops: bool = False  # the optional rule: a troop beaten by its own colour may retreat
    solitaire: bool = False  # the Díaz solitaire: player 1 is Díaz
    over: bool = False
    winner: int | None = None
    toppled_by: list[int] = field(default_factory=list)
    lasting: list[Lasting] = field(default_factory=list)  # effects cards started `until ...`
    used_this_round: set[str] = field(default_factory=set)  # "once per round" triggers that acted
    memory: CardMemory = field(default_factory=dict)  # what cards in play remember (`set this.x to ...`)

    def is_diaz(self, player: int | None) -> bool:
        """Whether the seat is Díaz's: seat 1 of a solitaire, never asked and run by its rules."""
        return self.solitaire and player == SOLITAIRE_DIAZ

    def copy(self) -> PorfirianaState:
        return PorfirianaState(
            players=[p.copy() for p in self.players],
            rng=Rng(self.rng.state),
            deck=list(self.deck),
            market=[list(r) for r in self.market],
            regimes=list(self.regimes),
            public=list(self.public),
            first_player=self.first_player,
            active=self.active,
            unused=list(self.unused),
            discard=list(self.discard),
            removed=list(self.removed),
            in_transit=list(self.in_transit),
            bull_bear=list(self.bull_bear),
            speculation=dict(self.speculation),
            depression=self.depression,
            topples=self.topples,
            turn_number=self.turn_number,
            turn=self.turn.copy(),
            used_this_round=set(self.used_this_round),
            diaz_bonus=dict(self.diaz_bonus),
            iron_hand=self.iron_hand,
            dissipated_troops=self.dissipated_troops,
            solitaire=self.solitaire,
            over=self.over,
            winner=self.winner,
            toppled_by=list(self.toppled_by),
            lasting=list(self.lasting),
            memory=memory.copied(self.memory),
        )

    # ------------------------------------------------------------------ questions asked often

    @property
    def regime_card(self) -> Card:
        return card(self.regimes[0])

    def holding(self, number: int) -> tuple[int, Holding] | None:
        """The owner and holding of a card in some row, or None."""
        for owner, player in enumerate(self.players):
            for held in player.row:
                if held.number == number:
                    return owner, held
        return None

    def enterprises(self) -> list[tuple[int, Holding]]:
        """Every enterprise in play, with its owner, row by row."""
        cards = CARDS_BY_NUMBER  # `card`, inlined: this is asked many times a decision
        return [
            (owner, held)
            for owner, player in enumerate(self.players)
            for held in player.row
            if cards[held.number].card_type is CardType.ENTERPRISE
        ]

    def troops_of(self, player: int) -> list[tuple[int, Holding | None]]:
        """A player's troops in play with the enterprise each stands on (None: the private army)."""
        found: list[tuple[int, Holding | None]] = [(troop, None) for troop in self.players[player].army]
        for other in self.players:
            for held in other.row:
                if held.troop is not None and held.troop_owner == player:
                    found.append((held.troop, held))
        return found

    def troop_place(self, troop: int) -> tuple[int, Holding | None] | None:
        """The owner of a troop in play and the enterprise it is on (None: a private army)."""
        for owner, player in enumerate(self.players):
            if troop in player.army:
                return owner, None
            for held in player.row:
                if held.troop == troop:
                    assert held.troop_owner is not None
                    return held.troop_owner, held
        return None

    def cubes_in_use(self, player: int) -> int:
        """The player's cubes anywhere but their supply."""
        mine = self.players[player]
        used = mine.stack_prestige_cubes + sum(1 for owner in self.speculation.values() if owner == player)
        used += sum(h.income + h.prestige_cubes for h in mine.row)
        for other in self.players:
            for held in other.row:
                used += (held.connection_owner == player) + (held.extortion == player)
        return used

    def digest(self) -> str:
        """A canonical text of everything that decides the rest of the game."""
        data = {
            "players": [
                {
                    "gold": p.gold,
                    "row": [
                        [
                            h.number,
                            h.side,
                            h.income,
                            h.prestige_cubes,
                            h.unrest,
                            h.connection_owner,
                            h.connection_level,
                            h.extortion,
                            h.troop,
                            h.troop_owner,
                            h.income_set_for,
                            h.prestige_set_for,
                        ]
                        for h in p.row
                    ],
                    "hand": p.hand,
                    "cubes": p.cubes,
                    "stack": p.prestige_stack,
                    "stack_cubes": p.stack_prestige_cubes,
                    "stack_cubes_set_for": p.stack_prestige_set_for,
                    "army": p.army,
                    "jailed": p.jailed,
                    "heir": p.heir,
                }
                for p in self.players
            ],
            "rng": self.rng.state,
            "deck": self.deck,
            "market": self.market,
            "regimes": self.regimes,
            "public": self.public,
            "discard": self.discard,
            "removed": self.removed,
            "in_transit": self.in_transit,
            "bull_bear": self.bull_bear,
            "speculation": sorted(self.speculation.items()),
            "depression": self.depression,
            "topples": self.topples,
            "active": self.active,
            "turn": self.turn_number,
            "over": self.over,
            "winner": self.winner,
            "toppled_by": self.toppled_by,
            "diaz_bonus": sorted(self.diaz_bonus.items()),
            "iron_hand": self.iron_hand,
            "dissipated_troops": self.dissipated_troops,
            "solitaire": self.solitaire,
        }
        if self.lasting:
            # Only when there are some: the digest of every state without any (every game of
            # today's deck) stays what it was, so saved games still load.
            # (whether an effect is armed, only when it is, for the same reason)
            data["lasting"] = [
                [e.card, e.ability, e.owner, e.until, *([True] if e.armed else [])] for e in self.lasting
            ]
        if self.memory:  # the same: only a card that remembers something changes the digest
            data["memory"] = {str(number): values for number, values in sorted(self.memory.items())}
        return json.dumps(data, sort_keys=True)
