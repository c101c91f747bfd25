"""The session: drives a game's rules, publishes each pending decision, validates answers, keeps
the log, and replays, saves, loads and clones games. It knows no game.

A game's rules are a generator (`GameRules.run`) that yields:
* a `Choice` when a player must decide: the session publishes it and resumes the rules with
  the answer. A choice with a single option is answered at once (it is not a decision);
* a `Chance` record when the rules draw something at random (from the RNG kept in the state),
  so the log shows every chance outcome;
* `CHECKPOINT` at each turn start: the rules can be restarted from a copy of the state there,
  which is what makes `clone` cheap (copy the checkpoint, replay the few decisions since).

The API follows OpenSpiel's conventions: `legal_actions`, `apply_action`, `current_player`,
`is_terminal`, `returns`, `clone`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from paxc.runtime.effects import Choice, Decision

TERMINAL = -1
SAVE_FORMAT = 1

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Chance:
    """A random outcome the rules drew, recorded in the log."""

    description: str


class _Checkpoint:
    def __repr__(self) -> str:
        return "CHECKPOINT"


CHECKPOINT = _Checkpoint()

Step = Decision | Chance | _Checkpoint
RulesRun = Generator[Step, None, None]


class IllegalAction(ValueError):
    """An answer that is not among the pending decision's options; the message says why."""


class BadSave(ValueError):
    """A save or log that cannot be resumed: truncated, edited, or from another game."""


class GameRules(Protocol[S]):
    """What a game gives the session."""

    name: str

    def new_state(self, options: Mapping[str, Any], seed: int) -> S: ...

    def run(self, state: S) -> RulesRun:
        """Play from `state` (a fresh state, or a copy taken at a checkpoint) to the end."""
        ...

    def copy_state(self, state: S) -> S: ...

    def returns(self, state: S) -> list[float]:
        """At the end: 1 for the winner, 0 for the others."""
        ...

    def digest(self, state: S) -> str:
        """A canonical text of the state, compared when a save is loaded."""
        ...

    def label(self, state: S, option: object) -> str:
        """How an option is shown to people and written in saves."""
        ...


@dataclass(frozen=True, slots=True)
class LogEntry:
    player: int
    choice: int


class Session(Generic[S]):
    def __init__(self, rules: GameRules[S], options: Mapping[str, Any], seed: int) -> None:
        self.rules = rules
        self.options = dict(options)
        self.seed = seed
        self.log: list[LogEntry] = []
        self.chance: list[str] = []
        self.state = rules.new_state(self.options, seed)
        self._start(self.state)

    def _start(self, state: S) -> None:
        self.state = state
        self._checkpoint = (self.rules.copy_state(state), len(self.log), len(self.chance))
        self._run = self.rules.run(state)
        self.pending: Choice[Any] | None = None
        self._advance()

    def _advance(self) -> None:
        """Resume the rules (the pending choice, if any, holds its answer) until the next real
        decision or the end."""
        run = self._run
        try:
            step = next(run)
            while True:
                if isinstance(step, Choice):
                    if not step.options:
                        raise RuntimeError(f"dead end: '{step.prompt}' offers no option")
                    if len(step.options) > 1:
                        self.pending = step
                        return
                    step.answer = step.options[0]
                elif isinstance(step, Chance):
                    self.chance.append(step.description)
                elif step is CHECKPOINT:
                    self._checkpoint = (self.rules.copy_state(self.state), len(self.log), len(self.chance))
                step = next(run)
        except StopIteration:
            self.pending = None

    # ------------------------------------------------------------------ OpenSpiel-style API

    def is_terminal(self) -> bool:
        return self.pending is None

    def current_player(self) -> int:
        return TERMINAL if self.pending is None else int(self.pending.chooser)

    def legal_actions(self) -> list[int]:
        return [] if self.pending is None else list(range(len(self.pending.options)))

    def action_to_string(self, action: int) -> str:
        if self.pending is None:
            raise IllegalAction("the game is over")
        return self.rules.label(self.state, self.pending.options[action])

    def apply_action(self, action: int) -> None:
        pending = self.pending
        if pending is None:
            raise IllegalAction("the game is over: no decision is pending")
        if not 0 <= action < len(pending.options):
            raise IllegalAction(
                f"{action} is not an option of '{pending.prompt}': choose 0 to {len(pending.options) - 1}"
            )
        pending.answer = pending.options[action]
        self.log.append(LogEntry(int(pending.chooser), action))
        self._advance()

    def returns(self) -> list[float]:
        return self.rules.returns(self.state)

    def clone(self) -> Session[S]:
        """An independent copy: the last checkpoint's state, with this turn's decisions replayed."""
        copy = object.__new__(Session)
        copy.rules, copy.options, copy.seed = self.rules, self.options, self.seed
        state, log_length, chance_length = self._checkpoint
        copy.log = self.log[:log_length]
        copy.chance = self.chance[:chance_length]
        copy._start(self.rules.copy_state(state))
        for entry in self.log[log_length:]:
            copy.apply_action(entry.choice)
        return copy

    # ------------------------------------------------------------------ saving and replay

    def save(self) -> dict[str, Any]:
        """The game as data: its options, seed and every decision (labelled, for people and checks)."""
        replay = Session(self.rules, self.options, self.seed)
        decisions = []
        for entry in self.log:
            label = replay.action_to_string(entry.choice)
            decisions.append({"player": entry.player, "choice": entry.choice, "label": label})
            replay.apply_action(entry.choice)
        return {
            "format": SAVE_FORMAT,
            "game": self.rules.name,
            "options": self.options,
            "seed": self.seed,
            "decisions": decisions,
            "chance": list(self.chance),
            "digest": _hash(self.rules.digest(self.state)),
        }

    def dumps(self) -> str:
        return json.dumps(self.save(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"

    @classmethod
    def load(cls, rules: GameRules[S], data: Mapping[str, Any]) -> Session[S]:
        """Replay a save; anything that does not match (game, options, labels, digest) is refused."""
        if not isinstance(data, Mapping) or data.get("format") != SAVE_FORMAT:
            raise BadSave("not a paxc save (missing or unknown 'format')")
        if data.get("game") != rules.name:
            raise BadSave(f"this save is of the game '{data.get('game')}', not '{rules.name}'")
        options, seed, decisions = data.get("options"), data.get("seed"), data.get("decisions")
        if not isinstance(options, dict) or not isinstance(seed, int) or not isinstance(decisions, list):
            raise BadSave("the save lacks its options, seed or decisions")
        try:
            session = cls(rules, options, seed)
        except (ValueError, TypeError, KeyError) as error:
            raise BadSave(f"the save's options are not valid: {error}") from error
        for number, decision in enumerate(decisions, start=1):
            if not isinstance(decision, dict) or not isinstance(decision.get("choice"), int):
                raise BadSave(f"decision {number} is malformed")
            if session.is_terminal():
                raise BadSave(f"decision {number} comes after the end of the game")
            if decision.get("player") != session.current_player():
                raise BadSave(
                    f"decision {number} is by player {decision.get('player')}, but player "
                    f"{session.current_player()} decides there"
                )
            choice = decision["choice"]
            if choice not in session.legal_actions():
                raise BadSave(f"decision {number} ({choice}) is not a legal option there")
            label = session.action_to_string(choice)
            if "label" in decision and decision["label"] != label:
                raise BadSave(f"decision {number} says '{decision['label']}' but replays as '{label}'")
            session.apply_action(choice)
        digest = data.get("digest")
        if digest is not None and digest != _hash(rules.digest(session.state)):
            raise BadSave(
                "the replayed game does not reach the saved state (edited, or saved by another version)"
            )
        return session

    @classmethod
    def loads(cls, rules: GameRules[S], text: str) -> Session[S]:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise BadSave(f"not a readable save (truncated?): {error}") from error
        return cls.load(rules, data)


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Agent(Protocol):
    """Anything that answers decisions: a bot, a person at the terminal, outside AI code."""

    def choose(self, session: Session[Any]) -> int: ...


def play_out(session: Session[Any], agents: Sequence[Agent], max_decisions: int = 100_000) -> int:
    """Let the agents play to the end; returns the number of decisions made."""
    made = 0
    while not session.is_terminal():
        if made >= max_decisions:
            raise RuntimeError(f"no end after {max_decisions} decisions")
        session.apply_action(agents[session.current_player()].choose(session))
        made += 1
    return made
