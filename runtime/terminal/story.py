"""The story at the terminal: what the rules narrate, printed as it happens and kept for the log
('l'), and the decisions of a save, each followed by what was told after it."""

from __future__ import annotations

from typing import Any

import click

from paxc.runtime.core.session import Session


class Narrator:
    """Prints what the rules narrate as it happens, and keeps it for 'l', each line after the
    decision it followed (0: before the first)."""

    def __init__(self) -> None:
        self.session: Session[Any] | None = None
        self.told: list[tuple[int, str]] = []

    def __call__(self, text: str) -> None:
        self.told.append((len(self.session.log) if self.session is not None else 0, text))
        click.echo(f"  * {text}")

    def forget_after(self, decisions: int) -> None:
        """After a decision is taken back: what followed it did not happen."""
        self.told = [(made, text) for made, text in self.told if made <= decisions]

    def show_log(self, decisions: list[dict[str, Any]], prompts: list[str]) -> None:
        """The decisions, one a line, with what happened after each."""
        show_decisions(decisions, self.told, prompts)


def show_decisions(decisions: list[dict[str, Any]], told: list[tuple[int, str]], prompts: list[str]) -> None:
    """The decisions of a save, one a line with the question it answered (`prompts`), each
    followed by what the rules told after it (`told`: lines with the number of decisions made
    before them, as `retell` gives them)."""
    after = told_after(told)
    show_told(after, 0)
    for number, (decision, prompt) in enumerate(zip(decisions, prompts, strict=True), start=1):
        click.echo(decision_line(number, decision["player"], prompt, decision["label"]))
        show_told(after, number)


def told_after(told: list[tuple[int, str]]) -> dict[int, list[str]]:
    """What was told, by the number of decisions made before it."""
    after: dict[int, list[str]] = {}
    for made, text in told:
        after.setdefault(made, []).append(text)
    return after


def show_told(after: dict[int, list[str]], decisions: int) -> None:
    """What was told after the first `decisions` decisions, under the decision's line."""
    for text in after.get(decisions, []):
        click.echo(f"         * {text}")


def decision_line(number: int, player: int, prompt: str, label: str) -> str:
    """`   12  P1: Choose where to build -> the Kabul-Kandahar border`, as the table prints a
    bot's decision."""
    return f"{number:>5}  P{player}: {prompt} -> {label}"
