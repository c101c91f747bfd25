"""Seeded random playouts over 2 to 5 players, checking the invariants after every decision.

A few games run in CI; `paxc simulate pamir` runs as many as wanted (with --check)."""

from __future__ import annotations

import pytest

from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.session import Session
from paxc.runtime.pamir.game_rules import PamirRules
from paxc.runtime.pamir.invariants import cards_in_game, violations

MAX_DECISIONS = 20_000


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("seed", range(5))
def test_random_games_keep_the_invariants_and_end(players: int, seed: int) -> None:
    session = Session(PamirRules(), {"players": players}, seed)
    expected = cards_in_game(session.state)
    agents = [RandomAgent(seed * 7 + p) for p in range(players)]
    for step in range(MAX_DECISIONS):
        problems = violations(session.state, expected)
        assert not problems, f"seed {seed}, decision {step}: {problems}"
        if session.is_terminal():
            break
        session.apply_action(agents[session.current_player()].choose(session))
    assert session.is_terminal(), f"seed {seed}: no end after {MAX_DECISIONS} decisions"
    state = session.state
    assert state.over and state.winner is not None
    assert sorted(session.returns()) == [0.0] * (players - 1) + [1.0]
