"""Agents that need no game knowledge."""

from __future__ import annotations

from typing import Any

from paxc.runtime.core.rng import Rng
from paxc.runtime.core.session import Session


class RandomAgent:
    """Picks uniformly among the legal options, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self._rng = Rng(seed)

    def choose(self, session: Session[Any]) -> int:
        return self._rng.below(len(session.legal_actions()))
