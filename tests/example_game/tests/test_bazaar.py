"""Bazaar's own tests: the rules of rules/game.py, and random games played to the end."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.session import Session, play_out

from bazaar.rules import game


def test_random_games_end_with_every_card_accounted_for() -> None:
    kit = game.kit()
    for seed in range(20):
        session = kit.new_session({"players": 3}, seed)
        expected = game.cards_in_game(session.state)
        agents = [RandomAgent(seed * 10 + seat) for seat in range(3)]
        play_out(session, agents)
        assert session.state.winner is not None
        assert game.violations(session.state, expected) == []


def test_buying_pays_the_cost_and_takes_the_card() -> None:
    session = Session(game.Rules(), {"players": 2}, 1)
    table, pending = session.state.table, session.pending
    assert pending is not None and session.state.active == 0
    bought = next(option for option in pending.options if isinstance(option, game.Buy))
    price = game.cost(session.state, 0, bought.card)
    coins = table.balance(0)
    session.apply_action(pending.options.index(bought))
    assert table.balance(0) == coins - price
    assert bought.card in table.zone("hand", 0) and bought.card not in table.zone("market")


def test_a_player_sees_their_own_hand_but_not_the_others_nor_the_deck() -> None:
    session = game.kit().new_session({"players": 2}, 1)
    table = session.state.table
    seen = [session.observation_string(player) for player in range(2)]
    hand, deck = table.zone("hand", 1), table.zone("deck")
    hand[0], deck[0] = deck[0], hand[0]
    deck.reverse()
    assert session.observation_string(0) == seen[0]
    assert session.observation_string(1) != seen[1]
    assert session.observation(1).own == {"hand": hand}


def test_the_rules_type_check_against_the_generated_cards() -> None:
    """`paxc typecheck`: mypy --strict over rules/ and generated/, so the rules offer what the
    generated BazaarEffects protocol says the cards call, with the types they pass. The first
    run reads paxc's runtime too (tens of seconds); mypy's cache makes the next ones quick."""
    project = Path(__file__).resolve().parent.parent
    if not (project / "pyproject.toml").is_file():
        pytest.skip("the tests run outside the project folder: there are no rules to check")
    done = subprocess.run(
        [sys.executable, "-m", "paxc.compiler.cli", "typecheck"],
        cwd=project,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
