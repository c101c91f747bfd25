"""Rounds the game defines: `once per round` follows the game's own rounds, on triggers and on
modifiers.

The fixture game (tests/plugins/fixtures/rounds/: its vocabulary and cards) is played by the rules
below, whose round is not a turn of each player: players act in turn, skipping those who passed,
until every one has passed; then a round begins (`core.abilities.begin_round`). Its Patron gains 2
coins after its owner's first purchase of each round; its Guild Discount makes its owner's first
purchase of each round 1 cheaper, the rules spending it when they charge the purchase
(`modified(..., spend=True)`), not when they list what a player can afford.

The rules are built on paxc's base for a game's rules (`core.rules_base`) although the vocabulary
declares no zones: each player's cards in play are in effect for that player, the market's are
not.
"""

from __future__ import annotations

import importlib
import shutil
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from paxc.compiler import incremental
from paxc.runtime.core import abilities
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.rules_base import CardEffects, CardGame, Table
from paxc.runtime.effects import Choice, Effect, PlayerId

FIXTURE = Path(__file__).parent / "fixtures" / "rounds"
PATRON, DISCOUNT, CLOTH, ROPE, SPICE, SILK = 1, 2, 3, 4, 5, 6


@pytest.fixture(scope="module")
def cards(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ModuleType]:
    """The fixture game compiled as `paxc build` compiles a project, into a scratch generated/
    package, imported as `paxc.generated.rounds`."""
    project = tmp_path_factory.mktemp("rounds")
    (project / "cards" / "rounds").mkdir(parents=True)
    for path in FIXTURE.glob("*.pax"):
        shutil.copy(path, project / "cards" / "rounds" / path.name)
    output = incremental.build_files(project, "paxc.generated", use_cache=False)
    assert output.result.ok, output.result.render_diagnostics()
    out = project / "generated"
    for relative, text in output.files.items():
        (out / relative).parent.mkdir(parents=True, exist_ok=True)
        (out / relative).write_text(text, encoding="utf-8")
    import paxc.generated as generated

    generated.__path__.append(str(out))
    try:
        yield importlib.import_module("paxc.generated.rounds")
    finally:
        generated.__path__.remove(str(out))
        for name in [m for m in sys.modules if m.startswith("paxc.generated.rounds")]:
            del sys.modules[name]


# ---------------------------------------------------------------------- the fixture game's rules


@dataclass
class State:
    """The game on paxc's base for a game's rules. Its vocabulary declares no zones, so the
    table has each player's cards in play (`rules_base.PLAY`) and the market the rules keep."""

    table: Table
    rng: Rng
    passed: list[bool]
    active: int = 0
    turn_number: int = 1
    round: int = 1
    # The default round instead (every player's turn once: `abilities.round_starts`), to show
    # that the limit follows whichever the game says.
    rounds_of_turns: bool = False


@dataclass(frozen=True)
class Buy:
    card: int


class Pass:
    pass


class Game:
    def __init__(self, cards: ModuleType) -> None:
        self.cards = cards
        self.vocabulary = importlib.import_module("paxc.generated.rounds.vocabulary")
        # No `in_play`: a game without zones has the abilities of each player's cards in play
        # in effect for that player.
        self.base: CardGame[State, Any] = CardGame(cards.CARDS, self.vocabulary, own_zones=("market",))

        class Rounds(CardEffects[State, Any]):
            """The game as card effects see it (the generated `RoundsEffects`)."""

            game = self.base

            def gain_coins(self, amount: int, player: PlayerId) -> Effect:
                self.state.table.receive(player, amount)
                yield from ()

            def coins(self, player: PlayerId) -> int:
                return self.state.table.balance(player)

        self.effects = Rounds

    def new_state(self, owned: Sequence[int], coins: int = 10) -> State:
        state = State(self.base.new_table(2, money=coins), Rng(1), [False, False])
        state.table.zone("play", 0).extend(owned)
        state.table.zone("market").extend([CLOTH, ROPE, SPICE, SILK])
        return state

    def cost(self, state: State, buyer: int, number: int, spend: bool = False) -> int:
        printed = self.base.card(number)
        asked = self.vocabulary.PurchaseCost(printed, PlayerId(buyer))
        value: int = self.base.modified(state, asked, printed.cost, spend)
        return max(0, value)

    def run(self, state: State) -> Effect:
        """Turns until every player has passed, then a new round; three rounds."""
        table = state.table
        while state.round <= 3:
            player = state.active
            self.base.begin_turn(state)
            market = table.zone("market")
            buys = [Buy(n) for n in market if self.cost(state, player, n) <= table.balance(player)]
            choice: Choice[Buy | Pass] = Choice(PlayerId(player), "your move", (*buys, Pass()))
            yield choice
            move = choice.answered()
            if isinstance(move, Buy):
                table.spend(player, self.cost(state, player, move.card, spend=True))
                market.remove(move.card)
                table.zone("play", player).append(move.card)
                bought = self.vocabulary.CardBought(PlayerId(player), self.base.card(move.card))
                yield from self.base.fire(state, bought)
            else:
                state.passed[player] = True
            state.turn_number += 1
            if state.rounds_of_turns and abilities.round_starts(state.turn_number, len(table.seats)):
                self.base.begin_round(state)
            if all(state.passed):
                state.round += 1
                state.passed = [False] * len(state.passed)
                state.active = 0
                if not state.rounds_of_turns:
                    self.base.begin_round(state)  # this game's round
            else:
                state.active = next(
                    seat
                    for step in range(1, len(table.seats) + 1)
                    if not state.passed[seat := (player + step) % len(table.seats)]
                )


Pick = Callable[[State, Sequence[object]], object]


def buy(number: int) -> Pick:
    return lambda state, options: next(o for o in options if isinstance(o, Buy) and o.card == number)


def passing(state: State, options: Sequence[object]) -> object:
    return next(o for o in options if isinstance(o, Pass))


def play(game: Game, state: State, picks: list[Pick]) -> list[list[object]]:
    """Answer the game's decisions with `picks` in order; the options each decision offered."""
    offered = []
    run = game.run(state)
    for decision in run:
        assert isinstance(decision, Choice)
        offered.append(list(decision.options))
        if not picks:
            break
        decision.answer = picks.pop(0)(state, decision.options)
    assert not picks
    return offered


# ---------------------------------------------------------------------- once per round


def test_a_trigger_acts_once_in_each_round_the_game_defines(cards: ModuleType) -> None:
    """P1 passes at once, so the first round is P0's three turns: the Patron pays after the first
    purchase only; in the next round, after the first again."""
    game = Game(cards)
    state = game.new_state([PATRON])
    play(game, state, [buy(CLOTH), passing, buy(ROPE), buy(SPICE), passing, buy(SILK)])
    assert state.round == 2
    assert state.table.money[0] == 10 - 1 + 2 - 2 - 2 + 2 - 3


def test_with_rounds_of_turns_the_same_play_counts_other_rounds(cards: ModuleType) -> None:
    """The same decisions where a round is every player's turn once (the default): P0's second
    purchase (turn 3) is in another round, and the Patron pays again."""
    game = Game(cards)
    state = game.new_state([PATRON])
    state.rounds_of_turns = True
    play(game, state, [buy(CLOTH), passing, buy(ROPE), buy(SPICE)])
    assert state.table.money[0] == 10 - 1 + 2 - 2 + 2 - 2


def test_a_modifier_acts_until_spent_in_each_round(cards: ModuleType) -> None:
    """The Guild Discount lowers every price P0 is shown until P0 buys; then prices are full for
    the rest of the round, and lowered again in the next."""
    game = Game(cards)
    state = game.new_state([DISCOUNT], coins=2)
    offered = play(game, state, [buy(ROPE), passing])
    # Asked for every card of the market, it stayed unspent: Silk (3) at 2 is affordable.
    assert {o.card for o in offered[0] if isinstance(o, Buy)} == {CLOTH, ROPE, SPICE, SILK}
    assert state.table.money[0] == 2 - 1
    assert game.cost(state, 0, SILK) == 3  # spent: full price for the rest of the round
    state.table.money[0] = 2
    offered = play(game, state, [passing])  # P0's decision: still the first round
    assert {o.card for o in offered[0] if isinstance(o, Buy)} == {CLOTH, SPICE}
    assert state.round == 2 and game.cost(state, 0, SILK) == 2  # a new round: lowered again
    assert game.cost(state, 1, SILK) == 3  # only for its owner


def test_a_game_without_rounds_lets_a_limited_modifier_act_every_time(cards: ModuleType) -> None:
    game = Game(cards)
    state = game.new_state([DISCOUNT])
    printed = cards.CARDS_BY_NUMBER[SILK]
    asked = game.vocabulary.PurchaseCost(printed, PlayerId(0))
    for _ in range(3):
        assert abilities.modified(game.base.in_effect(state), asked, 3, None, spend=True) == 2


# ---------------------------------------------------------------------- a game without zones on the base


def test_without_zones_the_cards_each_player_has_in_play_are_in_effect_for_that_player(
    cards: ModuleType,
) -> None:
    """The vocabulary declares no zones: the base gives each seat the zone `play`, whose cards'
    abilities are in effect for their holder; a card in a zone the rules keep (the market) has
    none in effect."""
    game = Game(cards)
    state = game.new_state([])
    assert [sorted(seat) for seat in state.table.seats] == [["play"], ["play"]]
    assert sorted(state.table.shared) == ["market"]
    state.table.zone("play", 1).append(PATRON)
    state.table.zone("market").append(DISCOUNT)  # in the market: its discount is not in effect
    assert [(owner, name) for _, owner, _, name in game.base.in_effect(state)] == [(1, "Patron")]
    assert game.cost(state, 0, SILK) == 3 and game.cost(state, 1, SILK) == 3
    # P0 passes, P1 buys: the Patron, in P1's play, pays P1.
    play(game, state, [passing, buy(CLOTH)])
    assert state.table.money == [10, 10 - 1 + 2]
    state.table.zone("market").remove(DISCOUNT)
    state.table.zone("play", 0).append(DISCOUNT)  # in play: in effect for P0 only
    assert game.cost(state, 0, SILK) == 2 and game.cost(state, 1, SILK) == 3
