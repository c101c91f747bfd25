"""The table at the terminal: a game played from where it stands to its end (`play_on`, the
prompt loop of `paxc play`), and a saved game stepped through (`step_through`, `paxc replay
--step`)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

import click

from paxc.runtime.core import card_lookup
from paxc.runtime.core.agents import Bot
from paxc.runtime.core.files import CannotWrite, NotRegularFile
from paxc.runtime.core.narration import listening, silenced
from paxc.runtime.core.save_file import SaveFile
from paxc.runtime.core.session import Session
from paxc.runtime.core.undo import CannotTakeBack, TakeBacks
from paxc.runtime.games import GameKit
from paxc.runtime.presentation import SeatView, card_details, seat_view
from paxc.runtime.terminal import style
from paxc.runtime.terminal.board import Board, text
from paxc.runtime.terminal.menu import Menu
from paxc.runtime.terminal.story import Narrator, decision_line, show_told, told_after

COMMANDS_HELP = (
    "c NAME|NUMBER (a card), b (the board), l (the log), o (the options again), u (take back), q (quit)"
)


def play_on(
    kit: GameKit,
    session: Session[Any],
    narrator: Narrator,
    save: SaveFile,
    robots: Mapping[int, Bot],
) -> None:
    """The game at the terminal, from where it stands to its end or the person's 'q'."""
    saved_turn = session.state.turn_number
    # The person's decisions that 'u' may take back.
    taken = TakeBacks()
    # The decision whose options are on screen: a card, the board or the log looked at, or an
    # answer refused, asks again without printing (and trying out) every option again.
    options_shown_at = -1
    menu = Menu()
    view: SeatView | None = None  # what the person saw when the options were last shown
    board = Board()
    while not session.is_terminal():
        player = session.current_player()
        pending = session.pending
        assert pending is not None
        if session.state.turn_number != saved_turn:
            saved_turn = session.state.turn_number
            _write(save)
        if player in robots:
            action = robots[player].choose(session)
            click.echo(f"P{player}: {pending.prompt} -> {session.action_to_string(action)}")
            with listening(narrator):
                session.apply_action(action)
            continue
        _write(save)  # everything up to this prompt is on disk before waiting for a person
        if options_shown_at != len(session.log):
            options_shown_at = len(session.log)
            view = seat_view(session, kit, player, narrator.story)
            board.show_changes(text(view.board), hint=f"Type an option's number, or {COMMANDS_HELP}.")
            menu = Menu(view.decision)
            menu.show()
        # No default: pressing Enter must never choose for the player (option 0 may end the turn).
        answer = click.prompt("choice").strip()
        command, _, argument = answer.partition(" ")
        answer = answer.lower()
        if command.lower() == "c" and argument.strip():
            show_card(kit, argument.strip())
            continue
        if answer == "q":
            # A game a person has decided in is lost on quitting unless saved: asked first.
            decided = any(entry.player not in robots for entry in session.log)
            if save.path is None and decided and not confirmed("Quit? This game is not saved (--save)"):
                continue
            break
        if answer == "u":
            try:
                session = taken.take_back(session)
            except CannotTakeBack as why:
                click.echo(str(why))
                continue
            narrator.story.session = session
            narrator.story.forget_after(len(session.log))
            save.reset(session)
            options_shown_at = -1
            board.forget()
            click.echo("your last decision is taken back")
            continue
        if answer == "b":
            assert view is not None
            board.show_all(text(view.board))
            continue
        if answer == "o":
            if menu.opened is not None:
                menu.opened = None  # back from a group of options to all of them
                menu.show()
                continue
            options_shown_at = -1
            continue
        if answer == "l":
            narrator.show_log(save.recorder.save()["decisions"], save.recorder.prompts)
            continue
        options = menu.current()
        choice = card_lookup.plain_number(answer)
        if choice is None or choice >= len(options):
            click.echo(
                f"'{answer}' is not one of the options: type a number from 0 to "
                f"{len(options) - 1} (or {COMMANDS_HELP})"
            )
            continue
        if options[choice].is_group:  # its options are listed, and asked among
            menu.opened = choice
            menu.show()
            continue
        chosen = options[choice].action
        assert chosen is not None
        question = kit.confirm(session.state, pending.options[chosen]) if kit.confirm else None
        if question is not None and not confirmed(question):
            continue
        taken.record(session)
        with listening(narrator):
            session.apply_action(chosen)
    if session.is_terminal():
        state = session.state
        click.echo("\n" + describe(kit, state, None) + f"\n\nThe game is over: player {state.winner} wins.")
    if save.path is not None:
        _write(save)
        if save.failed:
            sys.exit(1)
        click.echo(f"log saved to {save.path}")


def describe(kit: GameKit, state: Any, seat: int | None) -> str:
    """The board as `seat` sees it, as the terminal prints it."""
    return text(kit.board(state, seat))


def write_first(save: SaveFile) -> None:
    """The save written before the game starts: a place it cannot be written is refused now
    (better than losing the game at its end), as a bad value of --save."""
    try:
        save.write()
    except NotRegularFile as error:
        raise click.BadParameter(f"{save.path} is not a regular file", param_hint="--save") from error
    except CannotWrite as error:
        raise click.BadParameter(f"cannot write {save.path}: {error.reason}", param_hint="--save") from error


def _write(save: SaveFile) -> None:
    """The save written as the game goes on: a failure is told once (until a write succeeds),
    and the game goes on."""
    failed_before = save.failed
    try:
        save.write()
    except NotRegularFile as error:
        raise click.BadParameter(f"{save.path} is not a regular file", param_hint="--save") from error
    except CannotWrite as error:
        if not failed_before:
            click.echo(f"warning: cannot write the log to {save.path}: {error.reason}", err=True)


def show_card(kit: GameKit, query: str) -> None:
    """`c NAME|NUMBER`: a card in full, as `paxc render` prints it."""
    card = card_details(kit, query)
    if card.why:
        click.echo(card.why)
    else:
        click.echo(style.card_name(card.heading) + ("\n" + card.text if card.text else ""))


def confirmed(question: str) -> bool:
    """Yes only for 'y' or 'yes': Enter alone, or anything else, is no."""
    answer: str = click.prompt(f"{style.warning(question)} [y/N]", default="", show_default=False)
    return answer.strip().lower() in ("y", "yes")


def step_through(session: Session[Any], kit: GameKit, told: list[tuple[int, str]]) -> None:
    """`replay --step`: the game again from its start, a decision at a time, each followed by
    what was told after it and the board (what changed), waiting for Enter ('b': the whole
    board, 'q': the rest at once, without boards)."""
    after = told_after(told)
    with silenced():
        again = Session(session.rules, session.options, session.seed)
    board = Board()
    show_told(after, 0)
    board.show_changes(describe(kit, again.state, None))
    stepping = True
    for number, entry in enumerate(session.log, start=1):
        assert again.pending is not None
        prompt, label = again.pending.prompt, again.action_to_string(entry.choice)
        with silenced():
            again.apply_action(entry.choice)
        click.echo(decision_line(number, entry.player, prompt, label))
        show_told(after, number)
        if not stepping:
            continue
        board.show_changes(describe(kit, again.state, None))
        while True:
            answer = click.prompt(
                "Enter: the next decision, b: the whole board, q: the rest without stopping",
                default="",
                show_default=False,
            )
            if answer.strip().lower() == "b":
                board.show_all(describe(kit, again.state, None))
                continue
            stepping = answer.strip().lower() != "q"
            break
