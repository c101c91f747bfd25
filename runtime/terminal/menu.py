"""The options of a decision at the terminal (`presentation.DecisionView`): numbered, a group a
line until it is chosen, each with what it would do where the game can tell."""

from __future__ import annotations

import click

from paxc.runtime.presentation import DecisionView, OptionView
from paxc.runtime.terminal import style


class Menu:
    """The options as the table lists them, and the group whose options are listed now, if any."""

    def __init__(self, decision: DecisionView | None = None) -> None:
        self.decision = decision
        self.opened: int | None = None  # the group whose options are listed now

    def current(self) -> tuple[OptionView, ...]:
        """The options that the numbers typed now stand for."""
        if self.decision is None:
            return ()
        if self.opened is None:
            return self.decision.options
        return self.decision.options[self.opened].members

    def show(self) -> None:
        decision = self.decision
        assert decision is not None
        if self.opened is None:
            click.echo(f"P{decision.chooser}: {decision.prompt}")
            for number, option in enumerate(decision.options):
                if option.is_group:
                    show_option(
                        number, f"{option.label} ({len(option.members)} ways, listed when chosen)", ""
                    )
                else:
                    show_option(number, option.label, option.preview)
            for why in decision.missing:
                click.echo(style.quiet(f"  not among the options: {why}"))
            return
        group = decision.options[self.opened]
        click.echo(
            f"P{decision.chooser}: {decision.prompt} - {group.label}: which? ('o': back to every option)"
        )
        for number, option in enumerate(group.members):
            show_option(number, option.label, option.preview)


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
