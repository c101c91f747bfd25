"""`paxc compare`: two versions of the cards on the same seeds, with statistics a designer can
trust. The statistics against published figures; the comparison on a real card change (Alexander
Burnes's spies may move anywhere, not only within a region) on a scratch git repository holding a
copy of the cards; the command's refusals."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from paxc.compiler.balance import stats
from paxc.compiler.cli import main
from tests.compiler.test_diff import git
from tests.conftest import REPO

PUNJAB = Path("cards/pamir/court/punjab.pax")
BURNES = 21
WITHIN_A_REGION = "modify spy_may_move to true when player == you and origin.region == destination.region"
ANYWHERE = "modify spy_may_move to true when player == you"


# ---------------------------------------------------------------------- the statistics


def test_wilson_interval_matches_the_published_figures() -> None:
    # Newcombe (1998), table I: 81/263 -> [0.2553, 0.3662]; 0/10 -> [0, 0.2775].
    interval = stats.wilson(81, 263)
    assert interval is not None
    assert (round(interval.low, 4), round(interval.high, 4)) == (0.2553, 0.3662)
    empty = stats.wilson(0, 10)
    assert empty is not None and empty.low == 0 and round(empty.high, 4) == 0.2775
    assert stats.wilson(0, 0) is None


def test_difference_of_proportions_matches_newcombe() -> None:
    # Newcombe (1998), method 10, example (a): 56/70 against 48/80 -> 0.2000 [0.0524, 0.3339].
    change = stats.difference_of_proportions(48, 80, 56, 70)
    assert change is not None
    assert (round(change.value, 4), round(change.low, 4), round(change.high, 4)) == (0.2, 0.0524, 0.3339)
    assert change.excludes_zero()


def test_paired_differences() -> None:
    same = stats.paired([0.0] * 50)
    assert same is not None and same.interval.value == 0 and not same.significant and same.deviation == 0
    # 30 games won by B's seat that A lost, 10 the other way, 60 alike: +0.2, clearly significant.
    shifted = stats.paired([1.0] * 30 + [-1.0] * 10 + [0.0] * 60)
    assert shifted is not None
    assert math.isclose(shifted.interval.value, 0.2)
    error = statistics_stdev([1.0] * 30 + [-1.0] * 10 + [0.0] * 60) / 10
    assert math.isclose(shifted.interval.low, 0.2 - 1.959964 * error, rel_tol=1e-5)
    assert shifted.significant and shifted.p_value < 0.01
    balanced = stats.paired([1.0] * 10 + [-1.0] * 10 + [0.0] * 80)
    assert balanced is not None and not balanced.significant and math.isclose(balanced.p_value, 1.0)
    assert stats.paired([1.0]) is None


def statistics_stdev(values: list[float]) -> float:
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


def test_games_needed() -> None:
    # ((1.96 + 0.8416) * 1 / 0.1)^2 = 784.9: 785 paired games.
    assert stats.games_needed(1.0, 0.1) == 785
    assert stats.games_needed(0.5, 0.1) == 197  # half the spread, a quarter of the games
    assert stats.games_needed(0.0, 0.1) is None


# ---------------------------------------------------------------------- the command


def paxc(root: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--root", str(root), "compare", *args])


@pytest.fixture(scope="module")
def changed_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A git repository of the cards, whose working tree lets Alexander Burnes's spies move
    anywhere (committed: within a region only)."""
    project = tmp_path_factory.mktemp("compare")
    shutil.copytree(REPO / "cards", project / "cards")
    git(project, "init", "-q")
    git(project, "add", "cards")
    git(project, "commit", "-q", "-m", "cards as printed")
    card_file = project / PUNJAB
    text = card_file.read_text(encoding="utf-8")
    assert WITHIN_A_REGION in text
    card_file.write_text(text.replace(WITHIN_A_REGION, ANYWHERE), encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def burnes_compared(changed_project: Path) -> dict[str, object]:
    result = paxc(
        changed_project, "pamir", "--players", "3", "--games", "24", "--base", "HEAD", "--jobs", "2", "--json"
    )
    assert result.exit_code == 0, result.output
    found: dict[str, object] = json.loads(result.stdout)
    return found


def card_figures(report: dict[str, object], number: int) -> dict[str, list[int]]:
    cards = report["cards"]
    assert isinstance(cards, list)
    return next(card for card in cards if card["number"] == number)


def test_a_card_change_is_compared_game_by_game(burnes_compared: dict[str, object]) -> None:
    report = burnes_compared
    sides = report["sides"]
    assert isinstance(sides, list) and [side["label"] for side in sides] == ["HEAD", "working tree"]
    assert report["games"] == report["finished"] == 24
    # The change matters in some games, not all: until it first acts, the twins are one game.
    assert 0 < report["same_games"] < 24  # type: ignore[operator]
    burnes = card_figures(report, BURNES)
    # Counted as it happened: the modifier changes the answer far more often when any move counts
    # (and side A plays the committed card, not the working tree's built code).
    assert burnes["acts"][1] > 2 * burnes["acts"][0] > 0
    # Bought and played alike on both sides until it matters (the same seeds).
    assert burnes["games_bought"][0] > 0 and burnes["games_played"][0] > 0
    seats = report["seats"]
    assert isinstance(seats, list) and len(seats) == 3
    for seat in seats:
        assert seat["wins"][0] <= 24 and seat["difference"]["low"] <= seat["difference"]["value"]
    assert sum(seat["wins"][0] for seat in seats) == 24  # a winner in every game of Pax Pamir


def test_identical_sides_play_identical_games() -> None:
    # Bundled cards have no errata: printed and latest are the same cards.
    result = paxc(
        REPO, "pamir", "--players", "2", "--games", "6", "--errata-version", "printed", "--with", "latest"
    )
    assert result.exit_code == 0, result.output
    assert "went alike on both sides in 6 of 6 (the change never mattered" in result.stdout
    assert "+0.0 [+0.0, +0.0] points, p = 1" in result.stdout


def test_compare_plays_the_games_simulate_plays() -> None:
    """Watching the cards bought and played and counting the effects change nothing: side A's
    winners are those `paxc simulate` finds on the same seed."""
    simulated = CliRunner().invoke(
        main,
        [
            "--root",
            str(REPO),
            "simulate",
            "porfiriana",
            "--players",
            "3",
            "--games",
            "5",
            "--seed",
            "7",
            "--json",
        ],
    )
    compared = paxc(
        REPO,
        "porfiriana",
        "--players",
        "3",
        "--games",
        "5",
        "--seed",
        "7",
        "--errata-version",
        "printed",
        "--json",
    )
    assert simulated.exit_code == 0 and compared.exit_code == 0, compared.output
    wins = json.loads(simulated.stdout)["wins"]
    report = json.loads(compared.stdout)
    assert [seat["wins"][0] for seat in report["seats"]] == wins
    assert any(sum(card["games_played"]) for card in report["cards"])


def test_plots_are_written(burnes_compared: dict[str, object], changed_project: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    folder = tmp_path / "plots"
    result = paxc(
        changed_project, "pamir", "--players", "2", "--games", "12", "--base", "HEAD", "--plots", str(folder)
    )
    assert result.exit_code == 0, result.output
    assert {"win_rates.png", "win_rates.svg"} <= {p.name for p in folder.iterdir()}
    assert (folder / "win_rates.png").read_bytes().startswith(b"\x89PNG")
    assert b"<svg" in (folder / "win_rates.svg").read_bytes()[:500]
    assert not [p for p in folder.iterdir() if p.name.startswith(".")]  # no file left half-written


@pytest.mark.parametrize(
    ("args", "status", "said"),
    [
        (["pamir", "--games", "4"], 2, "nothing to compare"),
        (["pamir", "--games", "4", "--base", "no-such-revision"], 1, "no revision 'no-such-revision'"),
        (["pamir", "--games", "4", "--errata-version", "9999:2"], 2, "9999"),
        (["chess", "--games", "4", "--with", "printed"], 2, "chess"),
    ],
)
def test_refusals(changed_project: Path, args: list[str], status: int, said: str) -> None:
    result = paxc(changed_project, *args)
    assert result.exit_code == status, result.output
    assert said in result.output


def test_with_base_each_sides_errata_are_checked_against_its_own_cards(tmp_path: Path) -> None:
    """An erratum committed at the base and gone from the working tree: side A may play it, and
    side B may not ask for it (before, both were checked against the installed cards, which
    refused the first and knew nothing of either side)."""
    project = tmp_path / "project"
    shutil.copytree(REPO / "cards", project / "cards")
    kabul = project / "cards" / "pamir" / "court" / "kabul.pax"
    printed = kabul.read_text(encoding="utf-8")
    ability = "      place_armies 2 for Afghan in Kabul\n    }\n  }\n"
    erratum = (
        '  errata 2 "one army, not two" {\n    ability "Insurrection" {\n      when dominance_check_ended {\n'
        "        place_armies 1 for Afghan in Kabul\n      }\n    }\n  }\n"
    )
    assert printed.count(ability) == 1
    kabul.write_text(printed.replace(ability, ability + erratum), encoding="utf-8")
    git(project, "init", "-q")
    git(project, "add", "cards")
    git(project, "commit", "-q", "-m", "an erratum of Prince Akbar Khan")
    kabul.write_text(printed, encoding="utf-8")
    result = paxc(project, "pamir", "--games", "2", "--base", "HEAD", "--errata-version", "3:2", "--json")
    assert result.exit_code == 0, result.output
    assert [side["errata"] for side in json.loads(result.stdout)["sides"]] == [["3:2"], []]
    result = paxc(project, "pamir", "--games", "2", "--base", "HEAD", "--with", "3:2")
    assert result.exit_code == 1
    assert (
        "the cards of working tree: errata version: card 3 (Prince Akbar Khan) has no version 2 (it has printed)"
    ) in result.output


def test_a_changed_vocabulary_is_refused(changed_project: Path, tmp_path: Path) -> None:
    project = tmp_path / "project"
    shutil.copytree(changed_project, project)
    vocabulary = project / "cards" / "pamir" / "game.pax"
    vocabulary.write_text(
        vocabulary.read_text(encoding="utf-8") + "\n# a comment changes the file\n", encoding="utf-8"
    )
    result = paxc(project, "pamir", "--games", "4", "--base", "HEAD")
    assert result.exit_code == 1
    assert "game.pax of working tree is not the vocabulary the installed rules" in result.output


def test_compare_on_a_ray_cluster_gives_the_same_figures(
    changed_project: Path, burnes_compared: dict[str, object], ray_address: str
) -> None:
    # Side A's cards (compiled from the revision) go to Ray's workers as source and are put in
    # place there, as in the local processes. Run as a user runs it, in a process of its own.
    arguments = ["--players", "3", "--games", "24", "--base", "HEAD", "--json", "--ray", ray_address]
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "paxc.compiler.cli",
            "--root",
            str(changed_project),
            "compare",
            "pamir",
            *arguments,
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr
    on_ray = json.loads(result.stdout)
    assert {k: v for k, v in on_ray.items() if k != "seconds"} == {
        k: v for k, v in burnes_compared.items() if k != "seconds"
    }
