"""The card-based actions: tax, gift, build, move, betray, battle (rules pages 12-14)."""

from __future__ import annotations

from dataclasses import dataclass

from generated.pamir.vocabulary import Action
from runtime.effects import Effect
from runtime.pamir.state import PamirState


@dataclass(frozen=True, slots=True)
class UseCard:
    """Use the action `action` printed on the court card `card`."""

    card: int
    action: Action


def options(state: PamirState, player: int) -> list[UseCard]:
    return []


def perform(state: PamirState, player: int, use: UseCard) -> Effect:
    raise NotImplementedError(use)
    yield from ()
