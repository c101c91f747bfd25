"""What an option would do, said beside it before the player chooses.

Each option is tried on a clone of the session, with nobody listening (nothing is narrated, the
real game is untouched), up to the next decision; the game's `consequences` compares the state
before and after and says what changed that a player would want to know (costs, loyalty,
discards, regime changes...). A clone replays this turn from its checkpoint, a few milliseconds
for all the options of a decision, so the table stays instant.

Nothing hidden may leak: when the trial draws anything (a card from a deck, a die: the game's
`secrets` of the state change), the draw and what follows from it would tell the future, so that
option's preview says only that it cannot be taken back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from paxc.runtime.core.narration import listening
from paxc.runtime.core.session import Session
from paxc.runtime.effects import Choice

Consequences = Callable[[Any, Any, int], list[str]]
"""(state before, state after, the player choosing) -> what changed, in short phrases."""
Secrets = Callable[[Any], object]
"""What of a state nobody may see yet (the deck, the dice to come): equal before and after a
trial when it drew nothing."""

DRAWS = "then draws: cannot be taken back"


@dataclass(frozen=True)
class Preview:
    notes: tuple[str, ...]  # what the option does, in short phrases
    draws: bool = False  # it reveals something hidden (and so cannot be taken back)

    def text(self) -> str:
        return "; ".join(self.notes)


class _Revealed(Exception):
    """A trial reached a draw: it stops there."""


class _Stopped(Exception):
    """A trial reached the step it was to stop at."""


def preview(session: Session[Any], action: int, consequences: Consequences, secrets: Secrets) -> Preview:
    """What `action` would do now, tried on a clone of `session`: up to the next decision, or up
    to the last step before the rules draw something hidden."""
    player = session.current_player()
    with listening(None):
        tried = _trial(session, action, secrets, None)
        if tried.drawn_at is not None:
            # Again, keeping the state of the step before the draw (the first trial copied
            # nothing: most options draw nothing).
            notes = []
            if tried.drawn_at > 0:
                before_draw = _trial(session, action, secrets, tried.drawn_at - 1)
                notes = consequences(session.state, before_draw.session.state, player)
            return Preview((*notes, DRAWS), draws=True)
    notes = consequences(session.state, tried.session.state, player)
    asks = tried.asks
    if asks is not None and _same_turn(session, tried.session):
        notes.append(f"then P{int(asks.chooser)} decides: {asks.prompt[:1].lower()}{asks.prompt[1:]}")
    return Preview(tuple(notes))


@dataclass
class _Tried:
    session: Session[Any]  # the clone, where the trial stopped
    drawn_at: int | None = None  # the step at which something hidden had been drawn
    asks: Choice[Any] | None = None  # another player's question the trial stopped at


def _trial(session: Session[Any], action: int, secrets: Secrets, stop_at: int | None) -> _Tried:
    """A clone with `action` applied, run to the next decision, or stopped: after the step
    numbered `stop_at` (counted from 0 after the answer), at the first step where something
    hidden was drawn, or at the first question to another player, even one with a single option
    (the session would answer it alone): whether another player is asked, and what follows,
    may depend on what that player holds, which the chooser may not learn before choosing."""
    player = session.current_player()
    hidden = secrets(session.state)
    tried = _Tried(session.clone())
    steps = 0

    def watch(step: object) -> None:
        nonlocal steps
        if secrets(tried.session.state) != hidden:
            raise _Revealed
        if steps == stop_at:
            raise _Stopped
        if isinstance(step, Choice) and int(step.chooser) != player:
            tried.asks = step
            raise _Stopped
        steps += 1

    tried.session.watch = watch
    try:
        tried.session.apply_action(action)
    except _Revealed:
        tried.drawn_at = steps
    except _Stopped:
        pass
    else:
        if secrets(tried.session.state) != hidden:  # drawn at the very end of the rules
            tried.drawn_at = steps
    return tried


def _same_turn(session: Session[Any], trial: Session[Any]) -> bool:
    return bool(getattr(session.state, "turn_number", 0) == getattr(trial.state, "turn_number", 0))


def previews(session: Session[Any], consequences: Consequences, secrets: Secrets) -> dict[int, Preview]:
    """The preview of every option of the pending decision, by action."""
    return {action: preview(session, action, consequences, secrets) for action in session.legal_actions()}
