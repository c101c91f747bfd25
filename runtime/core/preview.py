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

Consequences = Callable[[Any, Any, int], list[str]]
"""(state before, state after, the player choosing) -> what changed, in short phrases."""
Secrets = Callable[[Any], object]
"""What of a state nobody may see yet (the deck, the dice to come): equal before and after a
trial when it drew nothing."""

DRAWS = "then something hidden is revealed: no taking it back"


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
        trial, drawn_at = _trial(session, action, secrets, None)
        if drawn_at is not None:
            # Again, keeping the state of the step before the draw (the first trial copied
            # nothing: most options draw nothing).
            before_draw, _ = _trial(session, action, secrets, drawn_at - 1)
            notes = consequences(session.state, before_draw.state, player) if drawn_at > 0 else []
            return Preview((*notes, DRAWS), draws=True)
    notes = consequences(session.state, trial.state, player)
    after = trial.pending
    if after is not None and int(after.chooser) != player and _same_turn(session, trial):
        notes.append(f"then P{int(after.chooser)} decides: {after.prompt[:1].lower()}{after.prompt[1:]}")
    return Preview(tuple(notes))


def _trial(
    session: Session[Any], action: int, secrets: Secrets, stop_at: int | None
) -> tuple[Session[Any], int | None]:
    """A clone with `action` applied, stopped after the step numbered `stop_at` (counted from
    0 after the answer) or at the first step where something hidden was drawn, with that step's
    number; None when it reached the next decision with nothing drawn."""
    hidden = secrets(session.state)
    trial = session.clone()
    steps = 0

    def watch(step: object) -> None:
        nonlocal steps
        if secrets(trial.state) != hidden:
            raise _Revealed
        if steps == stop_at:
            raise _Stopped
        steps += 1

    trial.watch = watch
    try:
        trial.apply_action(action)
    except _Revealed:
        return trial, steps
    except _Stopped:
        return trial, None
    if secrets(trial.state) != hidden:  # drawn after the last step: at the very end of the rules
        return trial, steps
    return trial, None


def _same_turn(session: Session[Any], trial: Session[Any]) -> bool:
    return bool(getattr(session.state, "turn_number", 0) == getattr(trial.state, "turn_number", 0))


def previews(session: Session[Any], consequences: Consequences, secrets: Secrets) -> dict[int, Preview]:
    """The preview of every option of the pending decision, by action."""
    return {action: preview(session, action, consequences, secrets) for action in session.legal_actions()}
