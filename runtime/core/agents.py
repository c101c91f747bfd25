"""Agents that need no game knowledge."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paxc.runtime.core.observation import Observation
from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import Session


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int:
        return legal_actions[self._rng.below(len(legal_actions))]

    def choose(self, session: Session[Any]) -> int:
        """The same pick as `act`, straight from a session: the commands' self-play uses it, as a
        random pick reads nothing but how many actions are legal, and building an observation
        at every decision would slow self-play for nothing."""
        return self._rng.below(len(session.legal_actions()))
