"""Bribes: to the ruler of a card's region for playing it, and to the holder of a card held
hostage for using its actions. The rules settle both the same way."""

from __future__ import annotations

from collections.abc import Generator

from paxc.runtime.core.narration import narrate
from paxc.runtime.effects import Choice, Decision, PlayerId, ask
from paxc.runtime.pamir import hooks, story
from paxc.runtime.pamir.options import Rupees
from paxc.runtime.pamir.state import PamirState


def settle(
    state: PamirState, payer: int, receiver: int, owed: int, what: str, *, keep: int = 0
) -> Generator[Decision, None, bool]:
    """The receiver names a bribe up to `owed` (waiving all or part of it); the payer pays it, or
    gives up what the bribe was for (as they must when they cannot pay it and still keep `keep`
    rupees for the action itself). True if it goes ahead."""
    if owed <= 0:
        return True
    asked = yield from ask(
        Choice(
            PlayerId(receiver),
            f"Bribe owed by player {payer} {what}: how much do you ask?",
            tuple(Rupees(n) for n in range(owed, -1, -1)),
        )
    )
    demanded = asked.amount
    if demanded == 0:
        narrate(story.bribe_waived, state, payer, receiver, what)
        return True
    if state.players[payer].rupees < demanded + keep or not (
        yield from hooks.confirm(payer, f"Pay a bribe of {demanded} to player {receiver} {what}?")
    ):
        narrate(story.bribe_refused, state, payer, receiver, demanded, what)
        return False
    state.players[payer].rupees -= demanded
    state.players[receiver].rupees += demanded
    narrate(story.bribe_paid, state, payer, receiver, demanded, what)
    return True
