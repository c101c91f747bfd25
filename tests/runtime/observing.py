"""Helpers for the observation tests of both games: an agent that checks what it is given, and
changes to hidden information that a seat's observation must not show."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from paxc.runtime.core.agents import RandomAgent
from paxc.runtime.core.observation import Observation, check_plain
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import Session


class ObservingAgent:
    """A random agent that reads only its observation, and checks it on the way: its own seat,
    plain data, the decision's options matching the legal actions."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.random = RandomAgent(seed)
        self.decisions = 0

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        assert observation.player == self.seat
        check_plain(observation.to_data())
        decision = observation.decision
        assert decision is not None and decision["chooser"] == self.seat
        assert len(decision["options"]) == len(legal_actions) > 1
        self.decisions += 1
        return self.random.act(observation, legal_actions)


class NeverAsked:
    """The agent of a seat the rules play themselves (Díaz): it must never be asked."""

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        raise AssertionError(f"player {observation.player} was asked a decision")


@contextmanager
def altered(change: Callable[[], Callable[[], None]]) -> Iterator[None]:
    """Apply `change` (which returns its own undo) for the body of the `with`, then undo it."""
    undo = change()
    try:
        yield
    finally:
        undo()


def swap_hand_with_deck(hand: list[int], deck: list[int]) -> Callable[[], Callable[[], None]]:
    """Replace the first card of a hand by the last card of the deck (sizes unchanged)."""

    def change() -> Callable[[], None]:
        hand[0], deck[-1] = deck[-1], hand[0]

        def undo() -> None:
            hand[0], deck[-1] = deck[-1], hand[0]

        return undo

    return change


def reverse(cards: list[int]) -> Callable[[], Callable[[], None]]:
    """Put a pile in the opposite order."""

    def change() -> Callable[[], None]:
        cards.reverse()
        return cards.reverse

    return change


def swap_piles(first: list[int], second: list[int]) -> Callable[[], Callable[[], None]]:
    """Exchange the first card of one pile with the first card of another."""

    def change() -> Callable[[], None]:
        first[0], second[0] = second[0], first[0]

        def undo() -> None:
            first[0], second[0] = second[0], first[0]

        return undo

    return change


def reseed(rng: Rng) -> Callable[[], Callable[[], None]]:
    """Change the random generator kept in the state (every draw to come)."""

    def change() -> Callable[[], None]:
        before = rng.state
        rng.state ^= 0x5DEECE66D

        def undo() -> None:
            rng.state = before

        return undo

    return change


def check_hidden_information(session: Session[Any], extra_piles: Sequence[list[int]] = ()) -> int:
    """At the session's pending decision, for every seat: changing the deck order, another
    player's hand, a card of `extra_piles` (hidden piles such as the box) or the random draws to
    come leaves the seat's observation the same; changing the seat's own hand changes it.
    Returns how many changes of another player's hand were tried.

    The options of the pending decision were listed before the change: a decision whose options
    named another player's hidden cards would escape this test (no option of either game does).
    """
    state = session.state
    players = state.players
    tried = 0
    for seat in range(len(players)):
        seen = session.observation_string(seat)
        assert session.observation_string(seat) == seen, "the same state gave two observations"
        with altered(reseed(state.rng)):
            assert session.observation_string(seat) == seen, "the random draws to come show"
        if len(state.deck) >= 2:
            with altered(reverse(state.deck)):
                assert session.observation_string(seat) == seen, "the deck order shows"
        for pile in extra_piles:
            if pile and state.deck:
                with altered(swap_piles(pile, state.deck)):
                    assert session.observation_string(seat) == seen, "a hidden pile shows"
        for other in range(len(players)):
            hand = players[other].hand
            if not hand or not state.deck:
                continue
            with altered(swap_hand_with_deck(hand, state.deck)):
                observed = session.observation_string(seat)
                if other == seat:
                    assert observed != seen, f"player {seat} does not see their own hand"
                else:
                    assert observed == seen, f"player {seat} sees a card of player {other}'s hand"
                    tried += 1
    return tried
