"""Noria (tests/plugins/fixtures/noria/): a third game of the kind issue 33 names, built on paxc's
base for a game's rules. Its rounds end when every player has passed, and its actions sit on a
wheel: an action costs resources of its space's colour, one for each space between the wheel's
marker and it, and the marker moves onto it. Its cards reach the wheel through the vocabulary (a
discount on the wheel's cost once per round, the marker turned, the colour under the marker).

The project is what `paxc init noria` wrote, with its vocabulary, cards and rules replaced; mypy
--strict checks its rules against its generated cards (tests/test_static_checks.py). Here it
checks and builds, plays with every invariant checked, and its rules do what its docstring says.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from paxc.runtime.core.session import Session
from paxc.runtime.core.zones import Place
from tests.conftest import REPO

FIXTURE = REPO / "tests" / "plugins" / "fixtures" / "noria"
PAXC = Path(sys.executable).with_name("paxc")
MILLWRIGHT, FORGE = 1, 9


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that makes a copy of the project (playing writes caches) an installed plug-in:
    the package `noria` and its `paxc.games` entry point, as `pip install` would leave them."""
    base = tmp_path_factory.mktemp("noria")
    project = base / "project"
    shutil.copytree(FIXTURE, project, ignore=shutil.ignore_patterns("__pycache__", ".paxc-cache", "build"))
    site = base / "site"
    info = site / "noria-0.1.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: noria\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[paxc.games]\nnoria = noria.rules.plugin:GAME\n")
    (site / "noria").symlink_to(project, target_is_directory=True)
    return site


def run_paxc(site: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(PAXC), *arguments],
        cwd=site / "noria",
        env={**os.environ, "PYTHONPATH": str(site)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_it_checks_and_its_generated_cards_are_up_to_date(site: Path) -> None:
    checked = run_paxc(site, "check")
    assert checked.returncode == 0 and "12 cards" in checked.stdout, checked.stdout + checked.stderr
    built = run_paxc(site, "build", "--check")
    assert built.returncode == 0, built.stdout + built.stderr


@pytest.mark.parametrize("players", [2, 3, 4])
def test_self_play_with_every_invariant_checked(site: Path, players: int) -> None:
    """A few games here (200 a player count were measured: 0 errors)."""
    played = run_paxc(site, "simulate", "noria", "--players", str(players), "--games", "10", "--check")
    assert played.returncode == 0, played.stdout + played.stderr
    assert "errors: 0" in played.stdout and "10 by the last round" in played.stdout


# ---------------------------------------------------------------------- the rules, played


@pytest.fixture(scope="module")
def noria(site: Path) -> Iterator[ModuleType]:
    sys.path.insert(0, str(site))
    try:
        from noria.rules import game

        yield game
    finally:
        sys.path.remove(str(site))
        for name in [n for n in sys.modules if n == "noria" or n.startswith("noria.")]:
            del sys.modules[name]


def session(noria: ModuleType, *works: tuple[int, int]) -> Session[Any]:
    """Two players, P0 to begin, the marker on space 0, each player with 5 resources of each
    colour and the works `(card, player)` built."""

    def arrange(state: Any) -> None:
        state.marker = 0
        state.resources = [{colour: 5 for colour in noria.COLOURS} for _ in range(2)]
        for number, player in works:
            noria.GAME.put(state, number, Place("works", player), None)

    return Session(noria.Rules(), {"players": 2}, 1, arrange=arrange)


def labels(game: Session[Any]) -> list[str]:
    pending = game.pending
    assert pending is not None
    return [game.rules.label(game.state, option) for option in pending.options]


def choose(game: Session[Any], said: str) -> None:
    game.apply_action(next(i for i, label in enumerate(labels(game)) if label.startswith(said)))


def test_an_action_costs_a_resource_for_each_space_between_the_marker_and_it(noria: ModuleType) -> None:
    game = session(noria)
    said = labels(game)
    # Space 0 is under the marker: not offered. The next space is free, the one after costs 1...
    assert not any(label.startswith("Harvest on Red") for label in said)
    assert "Draw on Blue for 0" in said and "Harvest on Green for 1" in said
    assert "Harvest on Blue for 3" in said
    choose(game, "Harvest on Blue for 3")
    state = game.state
    assert state.marker == 4 and state.resources[0][noria.Colour.BLUE] == 5 - 3 + 2
    # The marker moved: P1 pays from there (space 5 is next, space 1 is three spaces on).
    assert state.active == 1 and "Build on Green for 0" in " ".join(labels(game))
    assert "Draw on Blue for 2" in labels(game)


def test_a_round_ends_when_every_player_has_passed(noria: ModuleType) -> None:
    game = session(noria)
    choose(game, "pass")
    state = game.state
    assert state.round == 1 and state.active == 1  # P0 is out for the round: P1 goes on
    choose(game, "Draw on Blue")
    choose(game, "Harvest on Green")
    assert state.round == 1 and state.active == 1 and state.workers == [3, 1]
    choose(game, "pass")
    assert state.round == 2 and state.workers == [3, 3] and state.passed == [False, False]
    assert state.active == 1  # the next round begins with the next player


def test_a_discount_on_the_wheel_is_once_in_each_round_of_passes(noria: ModuleType) -> None:
    """Millwright: its owner's first action of each round costs 1 less. The rounds are the
    game's (every player passed), not a turn of each player: P0's second action, after P1's
    turn, is still in the first round and pays in full."""
    game = session(noria, (MILLWRIGHT, 0))
    assert "Harvest on Blue for 2" in labels(game)  # 3 spaces between, 1 off
    choose(game, "Harvest on Green for 0")  # 1 between, 1 off: the discount is spent
    choose(game, "Draw on Blue")  # P1
    assert "Harvest on Red for 4" in labels(game)  # P0, same round: in full (4 spaces between)
    choose(game, "pass")
    choose(game, "pass")
    state = game.state
    assert state.round == 2 and state.active == 1
    choose(game, "pass")  # P1 passes; P0's first action of round 2 is discounted again
    assert "Harvest on Red for 3" in labels(game)
    assert noria.wheel_cost(state, 1, 0) == 4  # only for its owner
