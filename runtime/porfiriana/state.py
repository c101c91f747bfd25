"""The state of a game of Pax Porfiriana: plain typed data. Cards are known only through their
generated records; nothing here names a card."""

from __future__ import annotations

from dataclasses import dataclass, field

from generated.porfiriana import CARDS_BY_NUMBER
from generated.porfiriana.vocabulary import Card
from runtime.core.rng import Rng

MIN_PLAYERS, MAX_PLAYERS = 2, 6
CUBES_PER_PLAYER = 15
MARKET_ROWS = 2
# The market's columns, from the far end to the deck: what a card costs in each.
COLUMN_COSTS = (0, 1, 2, 4, 8, 16)
ACTIONS_PER_TURN = 3


def card(number: int) -> Card:
    return CARDS_BY_NUMBER[number]


@dataclass(slots=True)
class PlayerState:
    gold: int
    hacendado: int
    tableau: list[int] = field(default_factory=list)  # the cards in front of the player, left to right
    hand: list[int] = field(default_factory=list)
    cubes: int = CUBES_PER_PLAYER  # in the player's supply
    income_cubes: dict[int, int] = field(default_factory=dict)  # card -> the player's income cubes on it
    prestige_pile: list[int] = field(default_factory=list)
    jailed: bool = False


@dataclass(slots=True)
class PorfirianaState:
    players: list[PlayerState]
    rng: Rng
    deck: list[int]  # the top card is deck[0]
    market: list[list[int | None]]  # [row][column], column 0 costs nothing
    regimes: list[int]  # the regime stack, the regime in force first
    public: list[int]  # the public cards beside the market
    first_player: int
    active: int
    unused: list[int] = field(default_factory=list)  # cards left in the box this game
    bull_bear_discard: list[int] = field(default_factory=list)
    depression: bool = False
    topples: int = 0
    turn_number: int = 0
