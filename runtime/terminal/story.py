"""The story at the terminal: what the rules narrate, printed as it happens and kept for the log
('l'), and the decisions of a save, each followed by what was told after it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import click

from paxc.runtime.presentation import Story


class Narrator:
    """Prints what the rules narrate as it happens, and keeps it in the game's `Story` (what the
    seats' views hold, and 'l' shows), each line after the decision it followed."""

    def __init__(self, story: Story | None = None) -> None:
        self.story = story if story is not None else Story()

    def __call__(self, text: str) -> None:
        self.story(text)
        click.echo(f"  * {text}")

    def show_log(self, decisions: list[dict[str, Any]], prompts: list[str]) -> None:
        """The decisions, one a line, with what happened after each."""
        show_decisions(decisions, self.story.told, prompts)


def show_decisions(
    decisions: list[dict[str, Any]], told: Iterable[tuple[int, str]], prompts: list[str]
) -> None:
    """The decisions of a save, one a line with the question it answered (`prompts`), each
    followed by what the rules told after it (`told`: lines with the number of decisions made
    before them, as `retell` gives them)."""
    after = told_after(told)
    show_told(after, 0)
    for number, (decision, prompt) in enumerate(zip(decisions, prompts, strict=True), start=1):
        click.echo(decision_line(number, decision["player"], prompt, decision["label"]))
        show_told(after, number)


def told_after(told: Iterable[tuple[int, str]]) -> dict[int, list[str]]:
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
