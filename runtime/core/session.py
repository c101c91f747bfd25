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
`is_terminal`, `returns`, `clone`, and `observation(player)` / `observation_string(player)`: what
one seat may know (`core/observation.py`), given by the game's observer (its kit's `observe`).
Agents receive that observation and the legal actions, never the session.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Generic, Protocol, TypeVar

from paxc.runtime.core.card_errors import note_card
from paxc.runtime.core.files import FileTooLarge, NotRegularFile, read_regular_file
from paxc.runtime.core.made_once import MadeOnce
from paxc.runtime.core.narration import listening, silenced
from paxc.runtime.core.observation import Observation, Observer, no_view, observe
from paxc.runtime.core.options import OptionsSchema, shown
from paxc.runtime.core.rng import MAX_SEED
from paxc.runtime.effects import Choice, Decision

TERMINAL = -1
SAVE_FORMAT = 1
# Choices of one option the session answers itself between two decisions, at most: past it the
# game can go on only by answering them forever (cards may leave every turn nothing but its end),
# and the session says so rather than spinning. Far above any game's real count.
MAX_FORCED_CHOICES: Final = 100_000

S = TypeVar("S")


@dataclass(frozen=True, slots=True)
class Chance:
    """A random outcome the rules drew, recorded in the log."""

    description: str


class _Checkpoint:
    def __repr__(self) -> str:
        return "CHECKPOINT"


CHECKPOINT: Final = _Checkpoint()

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


def _log_entry(key: tuple[int, int]) -> LogEntry:
    return LogEntry(*key)


# Every decision adds an entry to the log: each (player, choice) made once, as entries are frozen
# and a game has few seats and options (a frozen dataclass costs more to make than to find).
_LOG_ENTRIES: Final[MadeOnce[tuple[int, int], LogEntry]] = MadeOnce(_log_entry)


class Session(Generic[S]):
    def __init__(
        self,
        rules: GameRules[S],
        options: Mapping[str, Any],
        seed: int,
        observer: Observer | None = None,
        arrange: Callable[[S], None] | None = None,
        *,
        start: tuple[S, list[LogEntry], list[str]] | None = None,
        copy_each: bool = False,
    ) -> None:
        """`arrange`: changes made to the seeded setup before the rules start (a scenario's
        position, `paxc test`); such a game's log replays only with the same changes.

        `start` and `copy_each` are the session's own, for the copies it makes (`clone`): the
        rules start from `start`'s state (a copy taken at a checkpoint), its decisions and draws
        those made before it, rather than from a new game. (A constructor rather than a bare
        instance filled in: the compiled runtime makes Session a class only it may make.)"""
        self.rules = rules
        # What each seat may see; without the game's observer, nothing but its decisions.
        self.observer: Observer = no_view if observer is None else observer
        self.options = dict(options)
        self.seed = seed
        self.log: list[LogEntry]
        self.chance: list[str]
        if start is None:
            self.log, self.chance = [], []
            state = rules.new_state(self.options, seed)
            if arrange is not None:
                arrange(state)
        else:
            state, self.log, self.chance = start
        # Called with each step the rules yield before the session handles it (a preview stops
        # a trial there, core/preview.py); None in play.
        self.watch: Callable[[Step], None] | None = None
        self._start(state, copy_each)

    def _start(self, state: S, copy_each: bool = False) -> None:
        self.state = state
        # The last checkpoint copied: (its state, the decisions and draws made before it). A
        # checkpoint passed since is only noted (`_passed`): it is copied when a clone first
        # needs it (`_checkpoint`), by replaying from the one copied, so self-play that never
        # clones copies no state at its turns' starts.
        self._copied = (self.rules.copy_state(state), len(self.log), len(self.chance))
        self._passed: tuple[int, int] | None = None
        self._copy_each = copy_each  # copy at every checkpoint (a replay made to copy one)
        self._run = self.rules.run(state)
        self.pending: Choice[Any] | None = None
        self._advance()

    @property
    def _checkpoint(self) -> tuple[S, int, int]:
        """The last checkpoint passed: its state (a copy), and the decisions and draws made
        before it."""
        if self._passed is not None:
            self._copy_passed()
        return self._copied

    def _copy_passed(self) -> None:
        """Copy the state at the last checkpoint passed: replay the decisions since the last one
        copied, copying at each checkpoint on the way, up to the decisions before it."""
        passed = self._passed
        assert passed is not None
        state, log_length, chance_length = self._copied
        start = (self.rules.copy_state(state), self.log[:log_length], self.chance[:chance_length])
        with silenced():  # what has already happened: nothing new to tell
            replay = Session(self.rules, self.options, self.seed, self.observer, start=start, copy_each=True)
            for entry in self.log[log_length : passed[0]]:
                replay.apply_action(entry.choice)
        copied, decisions, _ = replay._checkpoint
        if decisions != passed[0]:
            raise RuntimeError(
                "the replay to the turn's start did not pass its checkpoint where the game did"
            )
        # The draws counted are the game's own: a copy restarted before the first turn tells its
        # deck order again (as a clone restarted there does), which the game told once.
        self._copied, self._passed = (copied, *passed), None

    def _advance(self) -> None:
        """Resume the rules (the pending choice, if any, holds its answer) until the next real
        decision or the end."""
        run = self._run
        watch = self.watch
        forced = 0
        try:
            step = next(run)
            while True:
                if watch is not None:
                    watch(step)
                if isinstance(step, Choice):
                    if not step.options:
                        raise RuntimeError(f"dead end: '{step.prompt}' offers no option")
                    if len(step.options) > 1:
                        self.pending = step
                        return
                    forced += 1
                    if forced > MAX_FORCED_CHOICES:
                        raise RuntimeError(
                            f"no decision after {MAX_FORCED_CHOICES:,} choices of one option: "
                            f"the game cannot go on ('{step.prompt}')"
                        )
                    step.answer = step.options[0]
                elif isinstance(step, Chance):
                    self.chance.append(step.description)
                elif step is CHECKPOINT:
                    if self._copy_each:
                        self._copied = (self.rules.copy_state(self.state), len(self.log), len(self.chance))
                        self._passed = None
                    else:
                        self._passed = (len(self.log), len(self.chance))
                step = next(run)
        except StopIteration:
            self.pending = None
        except Exception as error:
            note_card(error)  # raised in a card's effect: name the card and its line
            raise

    # ------------------------------------------------------------------ OpenSpiel-style API

    def is_terminal(self) -> bool:
        return self.pending is None

    def current_player(self) -> int:
        return TERMINAL if self.pending is None else int(self.pending.chooser)

    def legal_actions(self) -> list[int]:
        return [] if self.pending is None else list(range(len(self.pending.options)))

    def action_count(self) -> int:
        """How many actions are legal (`len(legal_actions())`, without listing them): a random
        bot needs no more."""
        return 0 if self.pending is None else len(self.pending.options)

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
        self.log.append(_LOG_ENTRIES[int(pending.chooser), action])
        self._advance()

    def returns(self) -> list[float]:
        return self.rules.returns(self.state)

    def observation(self, player: int) -> Observation:
        """What `player` may know now: the public table, its own hidden cards, the sizes of the
        hidden piles, and the pending decision (its prompt and options only if it decides)."""
        pending = self.pending
        if not 0 <= player < len(self.rules.returns(self.state)):
            raise ValueError(f"there is no player {player} in this game")
        if pending is None:
            return observe(self.rules.name, self.observer, self.state, player, None, "", list)
        return observe(
            self.rules.name,
            self.observer,
            self.state,
            player,
            int(pending.chooser),
            pending.prompt,
            lambda: [self.rules.label(self.state, option) for option in pending.options],
        )

    def observation_string(self, player: int) -> str:
        """`observation(player)` as canonical text: equal views give equal strings."""
        return self.observation(player).to_string()

    def clone(self, prepare: Callable[[S], None] | None = None) -> Session[S]:
        """An independent copy: the last checkpoint's state, with this turn's decisions replayed.
        `prepare` changes the checkpoint's copy first (a search bot's determinization: what its
        seat cannot see dealt afresh); the decisions replayed must still be options then, or
        IllegalAction."""
        state, log_length, chance_length = self._checkpoint
        copied = self.rules.copy_state(state)
        if prepare is not None:
            prepare(copied)
        start = (copied, self.log[:log_length], self.chance[:chance_length])
        with silenced():  # the copy replays what has already happened: nothing new to tell
            copy = Session(self.rules, self.options, self.seed, self.observer, start=start)
            for entry in self.log[log_length:]:
                copy.apply_action(entry.choice)
        return copy

    # ------------------------------------------------------------------ saving and replay

    def save(self) -> dict[str, Any]:
        """The game as data: its options, seed and every decision (labelled, for people and checks)."""
        return Recorder(self).save()

    def dumps(self) -> str:
        return Recorder(self).dumps()

    @classmethod
    def load(
        cls,
        rules: GameRules[S],
        data: object,
        options: OptionsSchema | None = None,
        *,
        observer: Observer | None = None,
    ) -> Session[S]:
        """Replay a save; anything that does not match (its schema, game, options, labels, chance
        outcomes, digest) is refused with a BadSave saying what, in one line. `options`: the
        game's options schema (the one its command line is checked by); without it, the options
        are only what the rules themselves accept. `observer`: the game's (its kit's `observe`),
        for the loaded session's `observation(player)`."""
        save = _checked_save(data)
        if save["game"] != rules.name:
            raise BadSave(f"this save is of the game {shown(save['game'])}, not '{rules.name}'")
        try:
            if options is not None:
                options.check(save["options"])
            session = cls(rules, save["options"], save["seed"], observer)
        except (ValueError, TypeError, KeyError) as error:  # OptionsError, or the rules' own refusal
            raise BadSave(f"the save's options are not valid: {error}") from error
        for number, decision in enumerate(save["decisions"], start=1):
            if session.is_terminal():
                raise BadSave(f"decision {number} comes after the end of the game")
            if decision["player"] != session.current_player():
                raise BadSave(
                    f"decision {number} is by player {decision['player']}, but player "
                    f"{session.current_player()} decides there"
                )
            choice = decision["choice"]
            if choice not in session.legal_actions():
                raise BadSave(f"decision {number} ({choice}) is not a legal option there")
            label = session.action_to_string(choice)
            if decision["label"] != label:
                raise BadSave(f"decision {number} says {shown(decision['label'])} but replays as '{label}'")
            session.apply_action(choice)
        if save["chance"] != session.chance:
            raise BadSave("the replayed game does not draw what the save says it drew (edited?)")
        if save["digest"] != _hash(rules.digest(session.state)):
            raise BadSave(
                "the replayed game does not reach the saved state (edited, or saved by another version)"
            )
        seats = save.get("seats")
        if seats is not None and len(seats) != len(rules.returns(session.state)):
            raise BadSave(
                f"the save seats {len(seats)} but the game has {len(rules.returns(session.state))} seats"
            )
        return session

    @classmethod
    def loads(
        cls,
        rules: GameRules[S],
        text: str,
        options: OptionsSchema | None = None,
        *,
        observer: Observer | None = None,
    ) -> Session[S]:
        return cls.load(rules, parse_save(text), options, observer=observer)


def retell(session: Session[Any]) -> list[tuple[int, str]]:
    """The story of a session's game so far (`core.narration`), from a replay of its decisions:
    each line with the number of decisions made before it (0: during the setup, before the first)."""
    told: list[tuple[int, str]] = []
    replaying: list[Session[Any]] = []  # the replay, once made (told during its setup: 0)

    def keep(text: str) -> None:
        told.append((len(replaying[0].log) if replaying else 0, text))

    with listening(keep):
        replaying.append(Session(session.rules, session.options, session.seed))
        for entry in session.log:
            replaying[0].apply_action(entry.choice)
    return told


class Recorder:
    """Writes saves of a session at any moment, in time linear in the game's length over all
    the saves written: the labels of the decisions (what a save shows of each) are taken from a
    replay of the session's log that catches up with it at each save, never replayed again."""

    def __init__(self, session: Session[Any], seats: Sequence[str] | None = None) -> None:
        self.session = session
        # Who sits at each seat (people, bots, the game's own opponent), written in the save when
        # given: `paxc play --load` seats them again. The rules never read it.
        self.seats = None if seats is None else list(seats)
        with silenced():  # a replay of what has already happened
            self._replay = Session(session.rules, session.options, session.seed)
        self._decisions: list[dict[str, Any]] = []
        # The question each decision answered, for people reading the log (not saved: the
        # replay of a save asks it again).
        self.prompts: list[str] = []

    def save(self) -> dict[str, Any]:
        session, replay = self.session, self._replay
        with silenced():
            for entry in session.log[len(self._decisions) :]:
                label = replay.action_to_string(entry.choice)
                self._decisions.append({"player": entry.player, "choice": entry.choice, "label": label})
                assert replay.pending is not None
                self.prompts.append(replay.pending.prompt)
                replay.apply_action(entry.choice)
        saved: dict[str, Any] = {
            "format": SAVE_FORMAT,
            "game": session.rules.name,
            "options": session.options,
            "seed": session.seed,
            "decisions": list(self._decisions),
            "chance": list(session.chance),
            "digest": _hash(session.rules.digest(session.state)),
        }
        if self.seats is not None:
            saved["seats"] = list(self.seats)
        return saved

    def dumps(self) -> str:
        return json.dumps(self.save(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


# A save's fields and their types: exactly these, nothing else (`bool` is not an `int` here).
_SAVE_FIELDS: dict[str, type] = {
    "format": int,
    "game": str,
    "options": dict,
    "seed": int,
    "decisions": list,
    "chance": list,
    "digest": str,
}
# Fields a save may lack: `seats` (who sat where) came after the first saves.
_OPTIONAL_FIELDS: dict[str, type] = {"seats": list}
_DECISION_FIELDS: dict[str, type] = {"player": int, "choice": int, "label": str}
_DIGEST_LENGTH = 64  # sha256, in hex
# A save file is read whole: a long game's log is a few hundred kilobytes; far more is not a save.
MAX_SAVE_BYTES = 32 * 1024 * 1024


def parse_save(text: str) -> object:
    """The JSON of a save; BadSave when it is not JSON (or nested or sized beyond reason)."""
    try:
        return json.loads(text)
    except RecursionError as error:
        raise BadSave("not a paxc save (nested too deeply)") from error
    except json.JSONDecodeError as error:
        raise BadSave(f"not a readable save (truncated?): {error}") from error
    except ValueError as error:  # e.g. an integer of more digits than Python converts
        raise BadSave(f"not a readable save: {error}") from error


def _checked_save(data: object) -> dict[str, Any]:
    """The save, once every field is known and of its type; BadSave naming the first that is not."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT or type(data.get("format")) is not int:
        raise BadSave("not a paxc save (missing or unknown 'format')")
    for name in data:
        if name not in _SAVE_FIELDS and name not in _OPTIONAL_FIELDS:
            raise BadSave(f"the save has an unknown field {shown(name)}")
    if "seats" in data:
        seats = data["seats"]
        if not isinstance(seats, list) or not all(isinstance(s, str) and s for s in seats):
            raise BadSave(f"the save's 'seats' is not a list of names: {shown(seats)}")
    for name, kind in _SAVE_FIELDS.items():
        if name not in data:
            raise BadSave(f"the save lacks its '{name}'")
        if not _is(data[name], kind):
            raise BadSave(f"the save's '{name}' is not {_KIND_NAMES[kind]}: {shown(data[name])}")
    if not 0 <= data["seed"] <= MAX_SEED:
        raise BadSave(f"the save's 'seed' is not from 0 to 2**64 - 1: {shown(data['seed'])}")
    for number, decision in enumerate(data["decisions"], start=1):
        if not isinstance(decision, dict) or set(decision) != set(_DECISION_FIELDS):
            raise BadSave(f"decision {number} is malformed (it has {', '.join(_DECISION_FIELDS)})")
        for name, kind in _DECISION_FIELDS.items():
            if not _is(decision[name], kind):
                raise BadSave(
                    f"decision {number}'s '{name}' is not {_KIND_NAMES[kind]}: {shown(decision[name])}"
                )
    for number, outcome in enumerate(data["chance"], start=1):
        if not isinstance(outcome, str):
            raise BadSave(f"chance outcome {number} is not text: {shown(outcome)}")
    digest = data["digest"]
    if len(digest) != _DIGEST_LENGTH or any(c not in "0123456789abcdef" for c in digest):
        raise BadSave(f"the save's 'digest' is not a sha256 in hex: {shown(digest)}")
    return data


_KIND_NAMES: dict[type, str] = {int: "a whole number", str: "text", dict: "a mapping", list: "a list"}


def _is(value: object, kind: type) -> bool:
    return isinstance(value, kind) and not (kind is int and isinstance(value, bool))


def read_save_file(path: str | os.PathLike[str]) -> str:
    """The text of a save file. Only a regular file of sane size, in UTF-8, is read: a pipe, a
    device or a folder is refused at once (opened without blocking, never read), as is anything
    larger than MAX_SAVE_BYTES. BadSave (or OSError, when the file cannot be opened) otherwise."""
    try:
        data = read_regular_file(path, MAX_SAVE_BYTES)
    except NotRegularFile as error:
        raise BadSave("not a regular file (a pipe, a device or a folder is not a save)") from error
    except FileTooLarge as error:
        if error.size is None:
            raise BadSave(f"too large for a save (more than {MAX_SAVE_BYTES:,} bytes)") from error
        raise BadSave(f"too large for a save ({error.size:,} bytes; at most {MAX_SAVE_BYTES:,})") from error
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise BadSave(f"not a paxc save: byte {error.start} is not UTF-8 text") from error


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class Agent(Protocol):
    """Anything that answers decisions: a bot, a person at the terminal, outside AI code.

    It sees what its seat may know and the legal actions (indexes of the decision's options, whose
    labels are in `observation.decision["options"]`), never the session: other hands and the deck
    order cannot reach it. A search bot that needs a whole state must make one up (determinize).
    """

    def act(self, observation: Observation, legal_actions: Sequence[int]) -> int: ...


def decide(session: Session[Any], agent: Agent) -> int:
    """Ask `agent`, seated where the pending decision is, for its action."""
    player = session.current_player()
    return agent.act(session.observation(player), session.legal_actions())


def play_out(session: Session[Any], agents: Sequence[Agent], max_decisions: int = 100_000) -> int:
    """Let the agents play to the end, each seeing only its observation; returns the number of
    decisions made."""
    made = 0
    while not session.is_terminal():
        if made >= max_decisions:
            raise RuntimeError(f"no end after {max_decisions} decisions")
        action = decide(session, agents[session.current_player()])
        if action not in session.legal_actions():
            raise IllegalAction(
                f"the agent of player {session.current_player()} answered {action}, not a legal action"
            )
        session.apply_action(action)
        made += 1
    return made
