"""A newcomer's project before its install: what `paxc init` makes works from its folder at once
for the cards (check, list, render), and the commands that play the game say how to install it
rather than only "unknown game" or a traceback.

Both were papercuts a newcomer hit: `render` in a new project failed with sixteen errors about
Pax Porfiriana's files (the installed games' card files, read by their whole path, were named
as modules from their file names alone, and `black.pax` met `reconstructed/black.pax`), and
`coverage` of the project's game ended in a ModuleNotFoundError traceback.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from paxc.compiler import pynames
from paxc.compiler.cli import main

GAME = "tinkers"  # a name no installed game or module has
INSTALL = f"the project {GAME}/ defines '{GAME}' but is not installed"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("newcomer") / GAME
    made = CliRunner().invoke(main, ["init", GAME, "--into", str(folder)])
    assert made.exit_code == 0, made.output
    return folder


def paxc(project: Path, *arguments: str) -> Result:
    return CliRunner().invoke(main, ["--root", str(project), *arguments])


def test_the_cards_of_a_new_project_render_before_it_is_installed(project: Path) -> None:
    own = paxc(project, "render", "1", "--game", GAME)
    assert own.exit_code == 0, own.output
    assert own.output.startswith("#1 "), own.output
    installed = paxc(project, "render", "117", "--game", "porfiriana")
    assert installed.exit_code == 0, installed.output
    assert installed.output.startswith("#117 "), installed.output


@pytest.mark.parametrize(
    "command",
    [["play", GAME], ["simulate", GAME, "--games", "1"], ["coverage", GAME, "--games", "1"]],
    ids=lambda command: command[0],
)
def test_playing_a_game_not_installed_says_to_install_it(project: Path, command: list[str]) -> None:
    run = paxc(project, *command)
    assert run.exit_code == 2, run.output
    assert f"unknown game '{GAME}'" in run.output
    assert INSTALL in run.output and "pip install -e" in run.output
    assert run.exception is None or isinstance(run.exception, SystemExit)


def test_a_scenario_of_a_game_not_installed_is_refused_at_its_game(project: Path) -> None:
    run = paxc(project, "test")
    assert run.exit_code == 1
    assert f"tests/scenarios/{GAME}.paxtest:1:6: error: unknown game '{GAME}'" in run.output
    assert f"note: {INSTALL}" in run.output


def test_an_unknown_game_elsewhere_gets_no_install_note(project: Path) -> None:
    run = paxc(project, "play", "chess")
    assert run.exit_code == 2
    assert "unknown game 'chess'" in run.output and "not installed" not in run.output


@pytest.mark.parametrize(
    ("path", "module"),
    [
        ("cards/porfiriana/reconstructed/black.pax", "cards_reconstructed_black"),
        ("/srv/paxc/cards/porfiriana/reconstructed/black.pax", "cards_reconstructed_black"),
        ("/srv/paxc/cards/porfiriana/black.pax", "cards_black"),
        ("/home/cards/porfiriana/project/cards/porfiriana/court/a.pax", "cards_court_a"),
        ("elsewhere/court/kabul.pax", "cards_kabul"),
    ],
)
def test_a_card_file_is_named_by_its_path_below_its_game_folder(path: str, module: str) -> None:
    assert pynames.card_module_name("porfiriana", path) == module


@pytest.mark.parametrize("command", [["list"], ["profile"], ["cards", "--svg"]], ids=lambda c: c[0])
def test_in_a_project_of_one_game_the_game_may_be_left_out(
    project: Path, tmp_path: Path, command: list[str]
) -> None:
    arguments = [*command, str(tmp_path / "images")] if command[-1] == "--svg" else command
    left_out = paxc(project, *arguments)
    named = paxc(project, command[0], GAME, *arguments[1:])
    assert left_out.exit_code == 0, left_out.output
    assert left_out.output == named.output


@pytest.mark.parametrize("command", ["list", "simulate", "coverage", "play"])
def test_in_a_project_of_two_games_the_game_must_be_named(command: str) -> None:
    from tests.conftest import REPO

    run = paxc(REPO, command)
    assert run.exit_code == 2, run.output
    assert "name the GAME" in run.output
    if command != "play":
        assert "(this project has 2 games: pamir, porfiriana)" in run.output


def test_playing_the_only_game_of_a_project_not_installed_says_to_install_it(project: Path) -> None:
    run = paxc(project, "simulate", "--games", "1")
    assert run.exit_code == 2 and INSTALL in run.output
