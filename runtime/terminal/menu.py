"""The options of a decision at the terminal: numbered, grouped where the game groups them, each
with what it would do where the game can tell (`core/preview.py`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import click

from paxc.runtime.core import style
from paxc.runtime.core.preview import previews
from paxc.runtime.core.session import Session
from paxc.runtime.games import GameKit


@dataclass
class Menu:
    """The options as the table lists them: one line each, except that the options a game
    groups (Pax Porfiriana's speculations) are one line, whose options are listed when it is
    chosen. Only the listing changes: each line still stands for the rules' own options, and
    the one finally chosen is what saves, replays and agents know."""

    entries: list[tuple[str, list[int]]]  # (the line, the options it stands for)
    notes: dict[int, str]  # what each option would do, where the game can tell
    opened: int | None = None  # the group whose options are listed now
    missing: list[str] = field(default_factory=list)  # why expected options are not there

    @classmethod
    def of(cls, session: Session[Any], kit: GameKit) -> Menu:
        pending = session.pending
        assert pending is not None
        entries: list[tuple[str, list[int]]] = []
        groups: dict[str, int] = {}
        for index in session.legal_actions():
            kind = kit.group(pending.options[index]) if kit.group is not None else None
            if kind is None:
                entries.append((session.action_to_string(index), [index]))
            elif kind in groups:
                entries[groups[kind]][1].append(index)
            else:
                groups[kind] = len(entries)
                entries.append((kind, [index]))
        # A group of one option is that option.
        entries = [
            (session.action_to_string(actions[0]), actions) if len(actions) == 1 else (line, actions)
            for line, actions in entries
        ]
        notes: dict[int, str] = {}
        if kit.consequences is not None and kit.secrets is not None:
            for action, preview in previews(session, kit.consequences, kit.secrets).items():
                notes[action] = preview.text()
        missing = (
            kit.missing(session.state, int(pending.chooser), list(pending.options))
            if kit.missing is not None
            else []
        )
        return cls(entries, notes, None, missing)

    def current(self) -> list[tuple[str, list[int]]]:
        """The lines that the numbers typed now stand for."""
        if self.opened is None:
            return self.entries
        return [("", [action]) for action in self.entries[self.opened][1]]

    def show(self, session: Session[Any], player: int) -> None:
        pending = session.pending
        assert pending is not None
        if self.opened is None:
            click.echo(f"P{player}: {pending.prompt}")
            for number, (line, actions) in enumerate(self.entries):
                if len(actions) > 1:
                    show_option(number, f"{line} ({len(actions)} ways, listed when chosen)", "")
                else:
                    show_option(number, line, self.notes.get(actions[0], ""))
            for why in self.missing:
                click.echo(style.quiet(f"  not among the options: {why}"))
            return
        line, actions = self.entries[self.opened]
        click.echo(f"P{player}: {pending.prompt} - {line}: which? ('o': back to every option)")
        for number, action in enumerate(actions):
            show_option(number, session.action_to_string(action), self.notes.get(action, ""))


def show_option(number: int, label: str, note: str) -> None:
    """One option, with what it would do where the game can tell (core/preview.py)."""
    text = f"{label} ({note})" if note else label
    prefix = f"  {number}: "
    lines = style.wrapped(text, " " * len(prefix))
    lines[0] = prefix + lines[0][len(prefix) :]
    if note:  # the note coloured, where a line holds it whole or holds only some of it
        lines = [
            line.replace(note, style.consequence(note))
            if note in line
            else (
                line
                if line.strip() not in note
                else line.replace(line.strip(), style.consequence(line.strip()))
            )
            for line in lines
        ]
    click.echo("\n".join(lines))
