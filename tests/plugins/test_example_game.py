"""Games as plug-ins: `paxc init` makes a project, and a third game registers through the
`paxc.games` entry point, compiles, and plays through `paxc simulate` like the bundled two.

`tests/example_game/` is what `paxc init bazaar` writes, kept byte for byte: it is the example a
designer reads, and the golden file of the project templates (PAXC_UPDATE_GOLDEN=1 rewrites it).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from paxc.compiler.cli import main
from paxc.runtime import games
from tests.conftest import REPO, update_golden

EXAMPLE = REPO / "tests" / "example_game"
PAXC = Path(sys.executable).with_name("paxc")


def tree(folder: Path) -> dict[str, bytes]:
    return {
        path.relative_to(folder).as_posix(): path.read_bytes()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
        and not {"__pycache__", ".paxc-cache"} & set(path.parts)
        and ".egg-info" not in path.as_posix()
    }


def test_init_writes_the_example_game(tmp_path: Path) -> None:
    made = tmp_path / "bazaar"
    result = CliRunner().invoke(main, ["init", "bazaar", "--into", str(made)])
    assert result.exit_code == 0, result.output
    assert "compiled its 18 cards" in result.output
    # The install that brings pytest too, as the README and the project's own README say.
    assert "pip install -e '.[dev]'" in result.output
    if update_golden():
        shutil.rmtree(EXAMPLE, ignore_errors=True)
        shutil.copytree(made, EXAMPLE)
    assert tree(made) == tree(EXAMPLE), "tests/example_game differs; PAXC_UPDATE_GOLDEN=1 rewrites it"
    # An ordinary folder, not the private one a temporary folder starts as.
    assert made.stat().st_mode & 0o777 == 0o755


@pytest.mark.parametrize("name", ["Bazaar", "9lives", "class", "two words", "json", "paxc", "a" * 41])
def test_init_refuses_a_name_that_cannot_name_a_game(tmp_path: Path, name: str) -> None:
    result = CliRunner().invoke(main, ["init", name, "--into", str(tmp_path / "new")])
    assert result.exit_code == 1 and "Error:" in result.output
    assert not (tmp_path / "new").exists() and list(tmp_path.iterdir()) == []


def test_init_never_writes_into_a_folder_in_use(tmp_path: Path) -> None:
    (tmp_path / "bazaar").mkdir()
    (tmp_path / "bazaar" / "notes.txt").write_text("mine")
    result = CliRunner().invoke(main, ["init", "bazaar", "--into", str(tmp_path / "bazaar")])
    assert result.exit_code == 1 and "not empty" in result.output
    assert [p.name for p in (tmp_path / "bazaar").iterdir()] == ["notes.txt"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bazaar"]  # no scratch folder left


@pytest.fixture(scope="module")
def installed_example(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The example game installed (a real wheel build, not editable) into a folder of its own,
    which the commands below find on PYTHONPATH: the entry point is all paxc knows of it."""
    site = tmp_path_factory.mktemp("site")
    source = tmp_path_factory.mktemp("source") / "bazaar"
    shutil.copytree(EXAMPLE, source)  # setuptools builds in the source folder: not in the repository's
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return site


def run_paxc(site: Path, *arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(site)}
    return subprocess.run(
        [str(PAXC), *arguments], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )


def test_a_third_game_registers_compiles_and_plays(installed_example: Path, tmp_path: Path) -> None:
    listed = run_paxc(installed_example, "list", "bazaar", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "  10  Festival  [good]" in listed.stdout
    text = run_paxc(installed_example, "render", "Market Charter", cwd=tmp_path)
    assert text.returncode == 0 and "the cost for" in text.stdout, text.stdout + text.stderr
    played = run_paxc(
        installed_example, "simulate", "bazaar", "--players", "3", "--games", "40", "--check", cwd=tmp_path
    )
    assert played.returncode == 0, played.stdout + played.stderr
    assert "errors: 0" in played.stdout and "40 by the last round" in played.stdout
    refused = run_paxc(installed_example, "simulate", "bazaar", "--players", "6", cwd=tmp_path)
    assert refused.returncode == 2 and "2 to 4 players" in refused.stderr


def test_the_example_projects_own_tests_pass(installed_example: Path, tmp_path: Path) -> None:
    copy = tmp_path / "project"
    shutil.copytree(EXAMPLE / "tests", copy / "tests")
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=copy,
        env={**os.environ, "PYTHONPATH": str(installed_example)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # its 3 Python tests and its 5 scenarios; the type check needs the project folder, not copied here
    assert "8 passed, 1 skipped" in done.stdout, done.stdout


def test_the_example_scenarios_pass_with_paxc_test(installed_example: Path, tmp_path: Path) -> None:
    """`paxc init` ships a scenario file, which `paxc test` runs in the new project."""
    project = tmp_path / "bazaar"
    shutil.copytree(EXAMPLE, project)
    tested = run_paxc(installed_example, "test", cwd=project)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "5 scenarios: 5 passed, 0 failed" in tested.stdout
    scenario = project / "tests" / "scenarios" / "bazaar.paxtest"
    scenario.write_text(
        scenario.read_text().replace("coins of P0 == 4", "coins of P0 == 5"), encoding="utf-8"
    )
    failed = run_paxc(installed_example, "test", cwd=project)
    assert failed.returncode == 1
    assert "tests/scenarios/bazaar.paxtest:13:3: failed: expect coins of P0 == 5" in failed.stdout
    assert "    actual:   4" in failed.stdout


def test_check_and_build_in_a_designers_project(tmp_path: Path) -> None:
    """In its own folder a project compiles into its own package, importing through its name."""
    project = tmp_path / "bazaar"
    shutil.copytree(EXAMPLE, project)
    card_file = project / "cards" / "bazaar" / "goods.pax"
    card_file.write_text(card_file.read_text().replace("points 4", "points 7"), encoding="utf-8")
    checked = run_paxc(tmp_path, "check", cwd=project)
    assert checked.returncode == 0 and "18 cards" in checked.stdout, checked.stdout + checked.stderr
    built = run_paxc(tmp_path, "build", cwd=project)
    assert built.returncode == 0, built.stdout + built.stderr
    module = (project / "generated" / "bazaar" / "cards_goods.py").read_text()
    assert "points=7" in module and "from bazaar.generated.bazaar.vocabulary import" in module
    assert run_paxc(tmp_path, "build", "--check", cwd=project).returncode == 0


def test_a_broken_plug_in_does_not_break_the_others(tmp_path: Path) -> None:
    info = tmp_path / "broken-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text("[paxc.games]\nbroken = no_such_module:GAME\n")
    listed = run_paxc(tmp_path, "list", "pamir", cwd=tmp_path)
    assert listed.returncode == 0 and "Prince Akbar Khan" in listed.stdout
    assert "the game plug-in 'broken'" in listed.stderr and "Traceback" not in listed.stderr


def test_the_bundled_games_register_through_the_entry_point() -> None:
    found = games.installed()
    assert {"pamir", "porfiriana"} <= set(found)
    for game in ("pamir", "porfiriana"):
        assert (found[game].cards / "game.pax").is_file()
        assert found[game].load_kit().rules.name == game


def test_root_that_is_no_project_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["--root", str(tmp_path), "list", "pamir"])
    assert result.exit_code == 2 and "is not a paxc project" in result.output
    assert "cards/<game>/game.pax" in result.output
