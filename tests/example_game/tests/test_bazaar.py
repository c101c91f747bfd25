"""Bazaar's own tests: the rules of rules/game.py, and random games played to the end."""

from __future__ import annotations

from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.session import Session, play_out

from bazaar.rules import game


def test_random_games_end_with_every_card_accounted_for() -> None:
    rules = game.Rules()
    for seed in range(20):
        session = Session(rules, {"players": 3}, seed)
        expected = game.cards_in_game(session.state)
        agents = [RandomAgent(seed * 10 + seat) for seat in range(3)]
        play_out(session, agents)
        assert session.state.winner is not None
        assert game.violations(session.state, expected) == []


def test_buying_pays_the_cost_and_takes_the_card() -> None:
    session = Session(game.Rules(), {"players": 2}, 1)
    state, pending = session.state, session.pending
    assert pending is not None and state.active == 0
    bought = next(option for option in pending.options if isinstance(option, game.Buy))
    price = game.cost(state, 0, bought.card)
    coins = state.seats[0].coins
    session.apply_action(pending.options.index(bought))
    assert state.seats[0].coins == coins - price
    assert bought.card in state.seats[0].hand and bought.card not in state.market
