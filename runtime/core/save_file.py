"""The save of a game being played, written as it goes on: whole each time (`files.write_whole`),
so the file on disk is always a complete save, and only when there is something new in it."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from paxc.runtime.core.files import CannotWrite, write_whole
from paxc.runtime.core.session import Recorder, Session


class SaveFile:
    """The save of `session` at `path` (None: the game is not saved, and `write` does nothing)."""

    def __init__(self, path: Path | None, session: Session[Any], seats: Sequence[str]) -> None:
        self.path = path
        self.session = session
        self.seats = list(seats)  # who sits where, kept in the save
        self.recorder = Recorder(session, self.seats)  # also what a table's log shows: labels taken once
        self.failed = False  # the last write failed
        self._written = -1  # the number of decisions in the last save written

    def reset(self, session: Session[Any]) -> None:
        """Save this session from now on (after a decision is taken back)."""
        self.session = session
        self.recorder = Recorder(session, self.seats)
        self._written = -1

    def write(self) -> None:
        """Write the save, unless it has not changed since the last write; NotRegularFile or
        CannotWrite (`failed` then says so until a write succeeds) when it cannot be written."""
        session = self.session
        if self.path is None:
            return
        if len(session.log) == self._written and not session.is_terminal():
            return
        try:
            write_whole(self.path, self.recorder.dumps())
        except CannotWrite:
            self.failed = True
            raise
        self._written = len(session.log)
        self.failed = False
