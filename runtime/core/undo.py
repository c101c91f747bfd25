"""Taking back a person's last decision: the game replayed from its log to just before it, where
that reveals nothing new (within the turn it was made in, nothing hidden drawn since)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from paxc.runtime.core.session import Session


class CannotTakeBack(Exception):
    """Why the last decision cannot be taken back, in a few words."""


@dataclass(frozen=True)
class _Taken:
    log_length: int  # the decisions made before it
    chance_length: int  # the chance outcomes drawn before it
    turn: int  # the turn it was made in


class TakeBacks:
    """The person's decisions that may be taken back, the newest last."""

    def __init__(self) -> None:
        self._taken: list[_Taken] = []

    def record(self, session: Session[Any]) -> None:
        """Called just before the person's decision is applied to `session`."""
        self._taken.append(_Taken(len(session.log), len(session.chance), session.state.turn_number))

    def __bool__(self) -> bool:
        return bool(self._taken)

    def last_length(self) -> int:
        """The decisions made before the person's last one (there must be one)."""
        return self._taken[-1].log_length

    def take_back(self, session: Session[Any]) -> Session[Any]:
        """The game as it was before the person's last decision, replayed from its log;
        CannotTakeBack when there is no decision to take back, another turn has begun, or
        something was drawn since (a card revealed, a die rolled), which the player has now seen."""
        if not self._taken:
            raise CannotTakeBack("there is no decision of yours to take back")
        last = self._taken[-1]
        if session.state.turn_number != last.turn:
            raise CannotTakeBack("cannot take it back: the turn it was made in is over")
        if len(session.chance) != last.chance_length:
            raise CannotTakeBack("cannot take it back: something hidden was drawn since")
        self._taken.pop()
        replayed = Session(session.rules, session.options, session.seed, session.observer)
        for entry in session.log[: last.log_length]:
            replayed.apply_action(entry.choice)
        return replayed
