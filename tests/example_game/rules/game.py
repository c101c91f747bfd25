"""Bazaar: the base rules, on paxc's shared runtime.

Each player starts with 3 coins and two cards in hand. On a turn a player does one of: buy a card
of the market (pay its cost; it goes to the hand, and the market is refilled), play a card from
the hand into their stall (its `on play` effect runs, then the cards in play hear of it), or take
a coin. A round is every player's turn once. After ROUNDS rounds, the points of the cards in each
stall, as they show, are counted: the most points wins; ties go to the most coins, then to the
earliest seat.

What a card does is written in cards/bazaar/ and compiled into generated/bazaar/: this module
never names a card. What wires the cards to these rules (the zones, the coins, the abilities in
effect, the class card effects run in) is paxc's base for a game's rules
(`paxc.runtime.core.rules_base`), built from the vocabulary: this module writes Bazaar's own rules.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from typing import Any

from paxc.runtime.core import rules_base
from paxc.runtime.core.arrange import Arrangement, Setting, settings
from paxc.runtime.core.board import Board, CardFace, Fact, Section
from paxc.runtime.core.narration import narrate
from paxc.runtime.core.observation import View
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.rules_base import CardEffects, CardGame, Table
from paxc.runtime.core.session import CHECKPOINT, RulesRun
from paxc.runtime.core.zones import Place
from paxc.runtime.effects import Choice, Effect, PlayerId
from paxc.runtime.games import GameKit, Outcome

from bazaar.generated.bazaar import CARDS, vocabulary
from bazaar.generated.bazaar.vocabulary import BazaarEffects, Card, CardPlayed, Guild, PurchaseCost, Zone

STARTING_COINS = 3
STARTING_HAND = 2
MARKET_SIZE = 3
ROUNDS = 6
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass
class State:
    table: Table  # the zones, the coins, what cards keep track of (rules_base.Table)
    rng: Rng
    active: int = 0  # whose turn it is
    turn_number: int = 1
    winner: int | None = None


def told_moved(state: State, number: int, where: Place, to: Place) -> Effect:
    """The story of a card a card's effect moved (`move c to discard`)."""
    narrate(f"{GAME.card(number).name} goes from {where} to {to}")
    yield from ()


# The cards and where their abilities act: those in a stall, for the stall's owner. The moves
# cards make (game.pax's `move` lines) take a card from one zone onto the top of the other; a
# game with a rule of its own for a move gives it here (`movers={("hand", "discard"): rule}`).
GAME: CardGame[State, Card] = CardGame(CARDS, vocabulary, in_play=("stall",), moved=told_moved)


class Bazaar(CardEffects[State, Card]):
    """The game as card effects see it: the generated `BazaarEffects` protocol. What zones,
    coins and durations need comes from `CardEffects`; Bazaar's operations and queries are here."""

    game = GAME

    def draw_cards(self, count: int, player: PlayerId) -> Effect:
        draw(self.state, player, count)
        yield from ()

    def turn_over(self, card: Card) -> Effect:
        GAME.turn_over(self.state.table, card.number)
        narrate(f"{card.name} turns over: now {GAME.face(self.state.table, card.number).name}")
        yield from ()

    def played(self, player: PlayerId, guild: Guild) -> int:
        return sum(1 for played in self.cards_in(Zone.STALL, player) if played.guild == guild)

    def told_money(self, what: str, player: PlayerId, amount: int, other: PlayerId | None) -> None:
        narrate(
            f"P{player} {what} {amount} coin{'s' if amount > 1 else ''}"
            + (f" (P{other})" if other is not None else "")
        )


def _implements_the_protocol(effects: Bazaar) -> BazaarEffects:
    return effects  # mypy --strict checks here that Bazaar offers everything the cards use


def draw(state: State, player: int, count: int) -> None:
    """Up to `count` cards from the top of the deck into the hand (fewer when it runs out)."""
    deck, hand = state.table.zone("deck"), state.table.zone("hand", player)
    for _ in range(min(count, len(deck))):
        hand.append(deck.pop(0))


def refill(state: State) -> None:
    deck, market = state.table.zone("deck"), state.table.zone("market")
    while len(market) < MARKET_SIZE and deck:
        market.append(deck.pop(0))


def cost(state: State, buyer: int, number: int, spend: bool = False) -> int:
    """A card's cost for `buyer`, after the cards in play; never below 0. `spend`: the purchase is
    made now (a discount once per round is then used up; listing what a player can afford is not)."""
    printed: Card = GAME.card(number)
    return max(0, GAME.modified(state, PurchaseCost(printed, PlayerId(buyer)), printed.cost, spend))


def points(state: State, player: int) -> int:
    """The points of a player's stall, each card as it shows."""
    return sum(GAME.face(state.table, n).points for n in state.table.zone("stall", player))


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


def moves(state: State) -> tuple[Move, ...]:
    table, player = state.table, state.active
    buys = [Buy(n) for n in table.zone("market") if cost(state, player, n) <= table.balance(player)]
    plays = [Play(n) for n in table.zone("hand", player)]
    return (*buys, *plays, TakeCoin())


class Rules:
    """The rules of Bazaar (paxc's `GameRules`)."""

    name = "bazaar"

    def new_state(self, options: Any, seed: int) -> State:
        players = options["players"]
        if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"Bazaar is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        state = State(GAME.new_table(players, money=STARTING_COINS), Rng(seed))
        deck = state.table.zone("deck")
        deck.extend(card.number for card in CARDS)
        state.rng.shuffle(deck)
        for player in range(players):
            draw(state, player, STARTING_HAND)
        refill(state)
        return state

    def run(self, state: State) -> RulesRun:
        players = len(state.table.seats)
        while state.turn_number <= ROUNDS * players:
            yield CHECKPOINT
            GAME.begin_turn(state)
            if (state.turn_number - 1) % players == 0:  # a round: every player's turn once
                GAME.begin_round(state)
            player = state.active
            choice: Choice[Move] = Choice(PlayerId(player), "your move", moves(state))
            yield choice
            yield from self.take(state, player, choice.answered())
            state.turn_number += 1
            state.active = (player + 1) % players
        state.winner = max(range(players), key=lambda p: (points(state, p), state.table.balance(p), -p))
        won = points(state, state.winner)
        narrate(f"P{state.winner} wins with {won} {'point' if won == 1 else 'points'}")

    def take(self, state: State, player: int, move: Move) -> Effect:
        table = state.table
        if isinstance(move, Buy):
            price = cost(state, player, move.card, spend=True)
            table.spend(player, price)
            table.zone("market").remove(move.card)
            table.zone("hand", player).append(move.card)
            narrate(f"P{player} buys {GAME.card(move.card).name} for {price}")
            refill(state)
        elif isinstance(move, Play):
            table.zone("hand", player).remove(move.card)
            table.zone("stall", player).append(move.card)
            narrate(f"P{player} plays {GAME.card(move.card).name}")
            yield from GAME.one_shots(state, player, move.card, "play")
            yield from GAME.fire(state, CardPlayed(PlayerId(player), GAME.card(move.card)))
        else:
            table.receive(player, 1)
            narrate(f"P{player} takes a coin")

    def copy_state(self, state: State) -> State:
        return State(state.table.copy(), Rng(state.rng.state), state.active, state.turn_number, state.winner)

    def returns(self, state: State) -> list[float]:
        return [1.0 if p == state.winner else 0.0 for p in range(len(state.table.seats))]

    def digest(self, state: State) -> str:
        return json.dumps(
            [state.table.data(), state.rng.state, state.active, state.turn_number, state.winner]
        )

    def label(self, state: State, option: object) -> str:
        """How an option reads. The rules' own moves first; every other option comes from a card's
        choice and `rules_base.label` reads it: a card by its name, a player as P0, a guild by
        its name, yes/no, a number, one block of a `choose one` by its text."""
        if isinstance(option, Buy):
            return f"buy {GAME.card(option.card).name} for {cost(state, state.active, option.card)}"
        if isinstance(option, Play):
            face = GAME.face(state.table, option.card)
            return f"play {GAME.card(option.card).name} ({face.points} points)"
        if isinstance(option, TakeCoin):
            return "take a coin"
        return rules_base.label(option)


# ---------------------------------------------------------------------- what a seat sees


def board(state: State, viewer: int | None) -> Board:
    """The table as `viewer` sees it, in sections of facts that each table (the terminal's, a
    browser's) renders its own way: every hand but the viewer's is hidden."""
    table = state.table
    market = Section("Market", facts=tuple(Fact(card=face(state, n)) for n in table.zone("market")))
    seats = []
    for player in range(len(table.seats)):
        hand_cards = table.zone("hand", player)
        if player == viewer:
            hand = Fact("hand", facts=tuple(Fact(card=face(state, n)) for n in hand_cards))
        else:
            hand = Fact("hand", f"{len(hand_cards)} cards")
        stall = Fact("stall", facts=tuple(Fact(card=face(state, n)) for n in table.zone("stall", player)))
        score = f"{points(state, player)} points, {table.balance(player)} coins"
        seats.append(Section(f"P{player}", value=score, facts=(hand, stall)))
    return Board((f"turn {state.turn_number}",), (market, *seats))


def face(state: State, number: int) -> CardFace:
    shown = GAME.face(state.table, number)
    return CardFace(number, shown.name, f"{shown.guild.value}, {shown.points} points", shown.ability_text)


def observe(state: State, player: int) -> View:
    """What `player` may know, for agents: the hands are secret (each seat sees its own, and how
    many cards the others hold), the deck order too (only its size shows); the rest is public."""
    table = state.table
    seats = range(len(table.seats))
    return View(
        public={
            "turn_number": state.turn_number,
            "active": state.active,
            "market": list(table.zone("market")),
            "discard": list(table.zone("discard")),
            "stalls": [list(table.zone("stall", p)) for p in seats],
            "coins": list(table.money),
            "showing": dict(table.showing),
            "winner": state.winner,
        },
        own={"hand": list(table.zone("hand", player))},
        hidden={"deck": len(table.zone("deck")), "hands": [len(table.zone("hand", p)) for p in seats]},
    )


def consequences(before: State, after: State, player: int) -> list[str]:
    """What an option would do, said beside it (paxc tries it on a copy of the game): the coins
    and cards it would bring or cost the player choosing (`GAME.changes`), and the points."""
    said = GAME.changes(before, after, player, money="coins", one="coin")
    gained = points(after, player) - points(before, player)
    if gained:
        said.append(f"{gained:+d} {'point' if abs(gained) == 1 else 'points'}")
    return said


def secrets(state: State) -> object:
    """What nobody may see yet: the order of the deck. An option that would draw from it says only
    that it cannot be taken back."""
    return tuple(state.table.zone("deck"))


def cards_in_game(state: State) -> Counter[int]:
    return state.table.counted()


def violations(state: State, expected: Counter[int]) -> list[str]:
    return GAME.violations(state, expected)


def outcome(state: State) -> Outcome:
    scores = tuple(points(state, p) for p in range(len(state.table.seats)))
    return Outcome(state.winner, scores, state.turn_number, "the last round")


# ---------------------------------------------------------------------- scenario files

# How a scenario file (tests/scenarios/*.paxtest, `paxc test`) sets a position by hand: `put card
# "Loom" in hand of P0` and `set coins of P0 to 3` through the base; Bazaar's own readings are
# declared as queries of the card language are, and checked the same way.


def _points(state: State, player: int) -> int:
    return points(state, player)


ARRANGEMENT = Arrangement(
    context=Bazaar,
    put=GAME.put,
    set_money=GAME.set_money,
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
        consequences=consequences,
        secrets=secrets,
        effects=Bazaar,  # the class card effects run in: paxc checks it implements the vocabulary
    )
