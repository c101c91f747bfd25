"""The games the server hosts and who may act in them: a `Table` is one game (its session, the
story told so far, its seats and their bots) with an unguessable token per seat of a person (the
seat's link); `Tables` holds them all, found by token.

Everything that reads or changes a session holds the table's lock: the server renders and
decides on worker threads. A decision is taken only from the seat whose turn it is, and only if
it is one of the options offered for the decision it was shown at (`Refused` otherwise, with the
HTTP status that says why); the game is then unchanged.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from paxc.runtime import games, seating
from paxc.runtime.core.agents import Bot
from paxc.runtime.core.narration import listening, silenced
from paxc.runtime.core.options import OptionsError
from paxc.runtime.core.session import BadSave, Recorder, Session, retell
from paxc.runtime.core.undo import CannotTakeBack, TakeBacks
from paxc.runtime.games import GameKit
from paxc.runtime.presentation import Story

MAX_TABLES = 200  # games hosted at once: the oldest finished one makes room for a new one
TOKEN_BYTES = 18  # 144 random bits a link: no seat finds another's by trying


class Refused(Exception):
    """A request the table turns down: `status` is the HTTP status that says why (400 a request
    that is not one, 403 not this seat's turn, 409 a decision already taken or not to be taken
    back, 422 not one of the options)."""

    def __init__(self, status: int, reason: str) -> None:
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass(frozen=True)
class Access:
    """Who a token lets in: a seat of a table. There are no onlookers' links: a game's board for
    no seat (`kit.board(state, None)`) shows every hand in some games (Pax Pamir's, for replays)."""

    table: Table
    seat: int


class Table:
    """One game being played: `seats` says who sits at each seat ('human', a bot's kind, or the
    game's own opponent), and `robots` are the bots at people's seats, moved by the server."""

    def __init__(self, kit: GameKit, session: Session[Any], seats: Sequence[str], story: Story) -> None:
        self.kit = kit
        self.session = session
        self.seats = list(seats)
        self.story = story
        self.robots: dict[int, Bot] = seating.robots(
            kit, session.options, session.seed, [seats[p] for p in kit.seats_for_people(session.options)]
        )
        self.lock = threading.RLock()
        self.version = 0  # grows with every change: live pages follow it
        self.tokens: dict[int, str] = {
            seat: secrets.token_urlsafe(TOKEN_BYTES)
            for seat in kit.seats_for_people(session.options)
            if seats[seat] == seating.PERSON
        }
        self.host_token = secrets.token_urlsafe(TOKEN_BYTES)  # the page listing the links
        self._taken = {seat: TakeBacks() for seat in self.tokens}  # each person's decisions to take back
        self._recorder = Recorder(session, self.seats)

    @property
    def game(self) -> str:
        return str(self.session.rules.name)

    def seat_name(self, seat: int) -> str:
        """`P1`, or `P0 (Wakhan)`, `P2 (random)` for a seat no person fills."""
        who = self.seats[seat]
        return f"P{seat}" if who == seating.PERSON else f"P{seat} ({who})"

    def decide(self, seat: int, decision: object, action: object) -> None:
        """Take `action` (an index into the rules' options) for `seat` at the decision numbered
        `decision` (the decisions made before it, as the page was shown); Refused otherwise."""
        if type(decision) is not int or type(action) is not int:
            raise Refused(400, "a decision is its number and an option's index, both whole numbers")
        with self.lock:
            session = self.session
            if session.is_terminal():
                raise Refused(409, "the game is over")
            if session.current_player() != seat:
                raise Refused(403, f"it is not your turn: {self.seat_name(session.current_player())} decides")
            if decision != len(session.log):
                raise Refused(409, "that decision was already taken: the page is out of date")
            if action not in session.legal_actions():
                raise Refused(422, f"{action} is not one of the options offered")
            self._taken[seat].record(session)
            with listening(self.story):
                session.apply_action(action)
            self.version += 1

    def take_back(self, seat: int) -> None:
        """Take back `seat`'s last decision, as the terminal's 'u' does (within its turn, nothing
        hidden drawn since), and only while no other person has decided since; Refused else."""
        with self.lock:
            taken = self._taken[seat]
            since = [entry.player for entry in self.session.log[taken.last_length() :]] if taken else []
            if any(player != seat and player not in self.robots for player in since):
                raise Refused(409, "cannot take it back: another player has decided since")
            try:
                replayed = taken.take_back(self.session)
            except CannotTakeBack as why:
                raise Refused(409, str(why)) from why
            self.session = replayed
            self.story.session = replayed
            self.story.forget_after(len(replayed.log))
            self._recorder = Recorder(replayed, self.seats)
            self.version += 1

    def may_take_back(self, seat: int) -> bool:
        """Whether `seat` has a decision it might take back (the rules may still refuse)."""
        with self.lock:
            return bool(self._taken.get(seat))

    def move_bot(self) -> bool:
        """One decision by the bot whose turn it is; False when it is no bot's turn."""
        with self.lock:
            session = self.session
            if session.is_terminal() or session.current_player() not in self.robots:
                return False
            action = self.robots[session.current_player()].choose(session)
            with listening(self.story):
                session.apply_action(action)
            self.version += 1
            return True

    def save_text(self) -> str:
        """The game's save, in the format of `paxc play --save` (who sat where included)."""
        with self.lock:
            return self._recorder.dumps()


class Tables:
    """Every game the server hosts, found by the tokens of their links."""

    def __init__(self, max_tables: int = MAX_TABLES) -> None:
        self.max_tables = max_tables
        self._tables: list[Table] = []
        self._access: dict[str, Access] = {}
        self._hosts: dict[str, Table] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._tables)

    def games(self) -> list[Table]:
        """The games hosted, the oldest first."""
        with self._lock:
            return list(self._tables)

    def access(self, token: str) -> Access | None:
        return self._access.get(token)

    def hosted(self, token: str) -> Table | None:
        return self._hosts.get(token)

    def create(self, game: str, options: Mapping[str, Any], seed: int, kinds: Sequence[str]) -> Table:
        """A new game of `game` (Refused 400 for options its schema refuses or a seat no bot
        fills); `kinds` says who sits at each seat of a person, in order ('human' or a bot)."""
        kit = _kit(game)
        try:
            checked = kit.options.check(options)
        except OptionsError as error:
            raise Refused(400, str(error)) from error
        people = kit.seats_for_people(checked)
        if len(kinds) != len(people) or not all(seating.seat_kind(kind) for kind in kinds):
            raise Refused(400, f"expected {len(people)} seats, each 'human', 'random' or 'mcts'")
        if seating.PERSON not in kinds:
            raise Refused(400, "a game here needs a person at one seat at least (bots alone: paxc simulate)")
        story = Story()
        with listening(story):
            session = kit.new_session(checked, seed)
        story.session = session
        seats = kit.seating(checked, seating.seat_count(session), kinds)
        return self._add(kit, session, seats, story)

    def resume(self, text: str) -> Table:
        """A saved game (the format of `paxc play --save`) at a new table, with new links;
        Refused 400 for a save that is not one, or a game that is over."""
        try:
            with silenced():
                session, kit, seats = seating.load_saved(text)
        except BadSave as error:
            raise Refused(400, f"not a save this server can resume: {error}") from error
        except (games.UnknownGame, games.BrokenGame) as error:
            raise Refused(400, str(error)) from error
        if session.is_terminal():
            raise Refused(400, "the game is over: nothing to resume")
        if seats is None:  # a save from before saves kept the seats: people everywhere
            people = kit.seats_for_people(session.options)
            seats = kit.seating(session.options, seating.seat_count(session), [seating.PERSON] * len(people))
        return self._add(kit, session, seats, Story(session, retell(session)))

    def _add(self, kit: GameKit, session: Session[Any], seats: Sequence[str], story: Story) -> Table:
        table = Table(kit, session, seats, story)
        with self._lock:
            if len(self._tables) >= self.max_tables:
                over = [old for old in self._tables if old.session.is_terminal()]
                if not over:
                    raise Refused(503, f"this server already hosts {self.max_tables} games being played")
                self._forget(over[0])
            self._tables.append(table)
            for seat, token in table.tokens.items():
                self._access[token] = Access(table, seat)
            self._hosts[table.host_token] = table
        return table

    def _forget(self, table: Table) -> None:
        self._tables.remove(table)
        for token in table.tokens.values():
            self._access.pop(token, None)
        self._hosts.pop(table.host_token, None)


def _kit(game: str) -> GameKit:
    try:
        return games.load_kit(games.find(game))
    except (games.UnknownGame, games.BrokenGame) as error:
        raise Refused(400, str(error)) from error
