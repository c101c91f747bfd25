"""Seeded random playouts of Pax Porfiriana over 2 to 6 players and its variants, checking the
invariants after every decision; a saved game replays to the same state.

A few games run in CI; `paxc simulate porfiriana --check` runs as many as wanted."""

from __future__ import annotations

from typing import Any

import pytest

from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.session import Session
from paxc.runtime.porfiriana.game_rules import PorfirianaRules
from paxc.runtime.porfiriana.invariants import cards_in_game, violations

MAX_DECISIONS = 20_000


def play_to_the_end(options: dict[str, Any], seed: int) -> Session[Any]:
    session = Session(PorfirianaRules(), options, seed)
    expected = cards_in_game(session.state)
    agents = [RandomAgent(seed * 7 + p) for p in range(len(session.state.players))]
    for step in range(MAX_DECISIONS):
        problems = violations(session.state, expected)
        assert not problems, f"seed {seed}, decision {step}: {problems}"
        if session.is_terminal():
            break
        session.apply_action(agents[session.current_player()].choose(session))
    assert session.is_terminal(), f"seed {seed}: no end after {MAX_DECISIONS} decisions"
    return session


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("seed", range(3))
def test_random_games_keep_the_invariants_and_end(players: int, seed: int) -> None:
    session = play_to_the_end({"players": players}, seed)
    state = session.state
    assert state.over and state.winner is not None
    assert sorted(session.returns()) == [0.0] * (players - 1) + [1.0]
    # the game ends with a topple won, or a gold victory after the fourth topple card
    assert state.toppled_by or state.topples == 4


@pytest.mark.parametrize("variant", ["iron_hand", "quick_setup", "dissipated_troops", "solitaire"])
def test_the_variants_play_to_the_end(variant: str) -> None:
    options: dict[str, Any] = {variant: True} if variant == "solitaire" else {"players": 4, variant: True}
    for seed in range(3):
        session = play_to_the_end(options, seed)
        assert session.state.winner is not None


def test_a_saved_game_replays_to_the_same_state() -> None:
    session = play_to_the_end({"players": 3}, 11)
    again = Session.loads(PorfirianaRules(), session.dumps())
    assert again.state.digest() == session.state.digest()
