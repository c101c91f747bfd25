"""Bazaar: the base rules, on paxc's shared runtime.

Each player starts with a few coins and two cards. On a turn a player does one of:
buy a card of the market (pay its cost; it goes to the hand, and the market is refilled),
play a card from the hand (score its points, run its `on play` effect, then tell the cards in
play about it), or take a coin. After ROUNDS rounds the most points wins; ties go to the most
coins, then to the earliest seat.

What a card does is written in cards/bazaar/ and compiled into generated/bazaar/: this
module never names a card. Cards reach the rules through the hooks of cards/bazaar/game.pax,
implemented by `Table` below.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from paxc.runtime.core.abilities import InEffect, fire, modified, run_effect
from paxc.runtime.core.arrange import Arrangement, Setting, settings
from paxc.runtime.core.board import Board, CardFace, Fact, Section
from paxc.runtime.core.observation import View
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import CHECKPOINT, RulesRun
from paxc.runtime.effects import Choice, Effect, PlayerId
from paxc.runtime.games import GameKit, Outcome

from bazaar.generated.bazaar import CARDS, CARDS_BY_NUMBER
from bazaar.generated.bazaar.vocabulary import Card, CardPlayed, Guild, PurchaseCost

STARTING_COINS = 3
STARTING_HAND = 2
MARKET_SIZE = 3
ROUNDS = 6
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass
class Seat:
    coins: int = STARTING_COINS
    hand: list[int] = field(default_factory=list)  # card numbers
    played: list[int] = field(default_factory=list)
    points: int = 0


@dataclass
class TableState:
    seats: list[Seat]
    deck: list[int]  # the top is the end of the list
    market: list[int]
    rng: Rng
    active: int = 0
    turn_number: int = 1
    winner: int | None = None


@dataclass(frozen=True)
class Buy:
    card: int


@dataclass(frozen=True)
class Play:
    card: int


@dataclass(frozen=True)
class TakeCoin:
    pass


Move = Buy | Play | TakeCoin


class Table:
    """The game as card effects see it: the generated `BazaarEffects` protocol."""

    def __init__(self, state: TableState, you: int) -> None:
        self.state = state
        self._you = PlayerId(you)

    @property
    def you(self) -> PlayerId:
        return self._you

    def players_in_turn_order(self) -> Sequence[PlayerId]:
        count = len(self.state.seats)
        return [PlayerId((self.state.active + offset) % count) for offset in range(count)]

    def gain_coins(self, amount: int, player: PlayerId) -> Effect:
        seat = self.state.seats[player]
        seat.coins = max(0, seat.coins + amount)
        yield from ()

    def draw_cards(self, count: int, player: PlayerId) -> Effect:
        draw(self.state, player, count)
        yield from ()

    def coins(self, player: PlayerId) -> int:
        return self.state.seats[player].coins

    def played(self, player: PlayerId, guild: Guild) -> int:
        return sum(1 for number in self.state.seats[player].played if card(number).guild == guild)


def card(number: int) -> Card:
    return CARDS_BY_NUMBER[number]


def draw(state: TableState, player: int, count: int) -> None:
    """Up to `count` cards from the deck to the hand (fewer when the deck runs out)."""
    for _ in range(min(count, len(state.deck))):
        state.seats[player].hand.append(state.deck.pop())


def in_effect(state: TableState) -> list[InEffect]:
    """The abilities of every card in play, in seat order, each with its owner's context."""
    return [
        (Table(state, owner), owner, ability, card(number).name)
        for owner, seat in enumerate(state.seats)
        for number in seat.played
        for ability in card(number).abilities
    ]


def cost(state: TableState, buyer: int, number: int) -> int:
    """A card's cost for `buyer`, after the cards in play; never below 0."""
    printed = card(number).cost or 0
    return max(0, modified(in_effect(state), PurchaseCost(card(number), PlayerId(buyer)), printed))


def moves(state: TableState) -> tuple[Move, ...]:
    seat = state.seats[state.active]
    buys = [Buy(n) for n in state.market if cost(state, state.active, n) <= seat.coins]
    plays = [Play(n) for n in seat.hand]
    return (*buys, *plays, TakeCoin())


class Rules:
    """The rules of Bazaar (paxc's `GameRules`)."""

    name = "bazaar"

    def new_state(self, options: Any, seed: int) -> TableState:
        players = options["players"]
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Bazaar is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        rng = Rng(seed)
        deck = [c.number for c in CARDS]
        rng.shuffle(deck)
        state = TableState([Seat() for _ in range(players)], deck, [], rng)
        for player in range(players):
            draw(state, player, STARTING_HAND)
        refill(state)
        return state

    def run(self, state: TableState) -> RulesRun:
        last_turn = ROUNDS * len(state.seats)
        while state.turn_number <= last_turn:
            yield CHECKPOINT
            player = state.active
            choice: Choice[Move] = Choice(PlayerId(player), "your move", moves(state))
            yield choice
            yield from self.take(state, player, choice.answered())
            state.turn_number += 1
            state.active = (player + 1) % len(state.seats)
        state.winner = max(
            range(len(state.seats)),
            key=lambda p: (state.seats[p].points, state.seats[p].coins, -p),
        )

    def take(self, state: TableState, player: int, move: Move) -> Effect:
        seat = state.seats[player]
        if isinstance(move, Buy):
            seat.coins -= cost(state, player, move.card)
            state.market.remove(move.card)
            seat.hand.append(move.card)
            refill(state)
        elif isinstance(move, Play):
            seat.hand.remove(move.card)
            seat.played.append(move.card)
            played = card(move.card)
            seat.points += played.points or 0
            for ability in played.abilities:
                for one_shot in ability.one_shots:
                    if one_shot.timing == "play":
                        yield from run_effect(one_shot.run(Table(state, player)))
            yield from fire(in_effect(state), CardPlayed(PlayerId(player), played))
        else:
            seat.coins += 1

    def copy_state(self, state: TableState) -> TableState:
        return TableState(
            [Seat(s.coins, list(s.hand), list(s.played), s.points) for s in state.seats],
            list(state.deck),
            list(state.market),
            Rng(state.rng.state),
            state.active,
            state.turn_number,
            state.winner,
        )

    def returns(self, state: TableState) -> list[float]:
        return [1.0 if p == state.winner else 0.0 for p in range(len(state.seats))]

    def digest(self, state: TableState) -> str:
        seats = [[s.coins, s.hand, s.played, s.points] for s in state.seats]
        return json.dumps([seats, state.deck, state.market, state.active, state.turn_number, state.winner])

    def label(self, state: TableState, option: object) -> str:
        if isinstance(option, Buy):
            return f"buy {card(option.card).name} for {cost(state, state.active, option.card)}"
        if isinstance(option, Play):
            return f"play {card(option.card).name} ({card(option.card).points} points)"
        if isinstance(option, TakeCoin):
            return "take a coin"
        return str(option)


def refill(state: TableState) -> None:
    while len(state.market) < MARKET_SIZE and state.deck:
        state.market.append(state.deck.pop())


def board(state: TableState, viewer: int | None) -> Board:
    """The table as `viewer` sees it, in sections of facts that each table (the terminal's, a
    browser's) renders its own way: every hand but the viewer's is hidden."""
    market = Section("Market", facts=tuple(Fact(card=face(n)) for n in state.market))
    seats = []
    for player, seat in enumerate(state.seats):
        if player == viewer:
            hand = Fact("hand", facts=tuple(Fact(card=face(n)) for n in seat.hand))
        else:
            hand = Fact("hand", f"{len(seat.hand)} cards")
        played = Fact("played", facts=tuple(Fact(card=face(n)) for n in seat.played))
        seats.append(
            Section(f"P{player}", value=f"{seat.points} points, {seat.coins} coins", facts=(hand, played))
        )
    return Board((f"turn {state.turn_number}",), (market, *seats))


def face(number: int) -> CardFace:
    printed = card(number)
    return CardFace(
        number, printed.name, f"{printed.guild.value}, {printed.points} points", printed.ability_text
    )


def observe(state: TableState, player: int) -> View:
    """What `player` may know, for agents: the hands are secret (each seat sees its own, and how
    many cards the others hold), the deck order too (only its size shows); the rest is public."""
    return View(
        public={
            "turn_number": state.turn_number,
            "active": state.active,
            "market": list(state.market),
            "seats": [{"coins": s.coins, "points": s.points, "played": list(s.played)} for s in state.seats],
            "winner": state.winner,
        },
        own={"hand": list(state.seats[player].hand)},
        hidden={"deck": len(state.deck), "hands": [len(s.hand) for s in state.seats]},
    )


def cards_in_game(state: TableState) -> Counter[int]:
    where = [state.deck, state.market, *(s.hand for s in state.seats), *(s.played for s in state.seats)]
    return Counter(number for cards in where for number in cards)


def violations(state: TableState, expected: Counter[int]) -> list[str]:
    found = []
    if cards_in_game(state) != expected:
        found.append("a card was lost or copied")
    found += [f"P{p} has {s.coins} coins" for p, s in enumerate(state.seats) if s.coins < 0]
    return found


def outcome(state: TableState) -> Outcome:
    points = tuple(s.points for s in state.seats)
    return Outcome(state.winner, points, state.turn_number, "the last round")


# ---------------------------------------------------------------------- scenario files

# How a scenario file (tests/scenarios/*.paxtest, `paxc test`) sets a position by hand: each
# setting is declared as an operation of the card language is, and checked the same way.


def take_out(state: TableState, number: int) -> None:
    """The card leaves wherever it is."""
    for cards in (state.deck, state.market, *(s.hand for s in state.seats), *(s.played for s in state.seats)):
        if number in cards:
            cards.remove(number)


def _hand(state: TableState, card: Card, player: int) -> None:
    take_out(state, card.number)
    state.seats[player].hand.append(card.number)


def _market(state: TableState, card: Card) -> None:
    take_out(state, card.number)
    state.market.append(card.number)


def _in_play(state: TableState, card: Card, player: int) -> None:
    take_out(state, card.number)
    state.seats[player].played.append(card.number)


def _coins(state: TableState, player: int, amount: int) -> None:
    state.seats[player].coins = amount


def _points(state: TableState, player: int) -> int:
    return state.seats[player].points


ARRANGEMENT = Arrangement(
    context=Table,
    settings=settings(
        Setting("hand(card: card, for player: player)", _hand, "a card into a player's hand"),
        Setting("market(card: card)", _market, "a card into the market"),
        Setting("in_play(card: card, for player: player)", _in_play, "a card among those a player played"),
        Setting("coins(player: player, amount: int)", _coins, "a player's coins"),
    ),
    queries=settings(Setting("points(player: player) -> int", _points, "a player's points")),
)


def kit() -> GameKit:
    return GameKit(
        Rules(),
        board,
        cards_in_game,
        violations,
        outcome,
        "points",
        MIN_PLAYERS,
        MAX_PLAYERS,
        observe=observe,
        cards=CARDS,
        arrange=ARRANGEMENT,
        effects=Table,  # the class card effects run in: paxc checks it implements the vocabulary
    )
