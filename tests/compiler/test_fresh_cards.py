"""Never stale: the commands that run or show compiled cards build them first (incrementally,
from the cache), or refuse when the cards do not compile; code older than the card files never
runs, in paxc's own repository and in a `paxc init` project alike.

The end-to-end tests run `paxc` in a copy of the repository (made importable as `paxc` ahead of
the editable install) and in a project made by `paxc init` (registered as an installed plug-in),
so that the code they play is the copy's, which the test edits.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from paxc.compiler import freshness
from paxc.compiler.cli import main
from tests.conftest import REPO

INSURRECTION = "place_armies 2 for Afghan in Kabul"
BUILT = "paxc: built "


def tree(folder: Path) -> dict[str, bytes]:
    return {
        p.relative_to(folder).as_posix(): p.read_bytes()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and "__pycache__" not in p.parts
    }


# ---------------------------------------------------------------------- the check itself


@pytest.fixture()
def built_project(tmp_path: Path) -> Path:
    """A copy of the cards and grammar, built."""
    for folder in ("cards", "grammar"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    done = CliRunner().invoke(main, ["--root", str(tmp_path), "build"])
    assert done.exit_code == 0, done.output
    return tmp_path


def test_the_committed_generated_code_lists_the_card_files_it_was_made_from() -> None:
    assert not freshness.stale(REPO)
    listed = freshness.built_sources(REPO)
    assert listed is not None and "cards/pamir/court/kabul.pax" in listed
    assert listed.keys() == freshness.card_sources(REPO).keys()


def test_a_card_file_changed_added_or_removed_is_stale(built_project: Path) -> None:
    package = "paxc.generated"
    assert not freshness.stale(built_project, package)
    kabul = built_project / "cards" / "pamir" / "court" / "kabul.pax"
    original = kabul.read_text(encoding="utf-8")
    kabul.write_text(original + "# a comment\n", encoding="utf-8")
    assert freshness.stale(built_project, package).files == ("cards/pamir/court/kabul.pax",)
    kabul.write_text(original, encoding="utf-8")
    assert not freshness.stale(built_project, package)
    extra = built_project / "cards" / "pamir" / "extra.pax"
    extra.write_text("game pamir\n", encoding="utf-8")
    assert freshness.stale(built_project, package).files == ("cards/pamir/extra.pax",)
    extra.unlink()
    (built_project / "cards" / "pamir" / "events" / "events.pax").unlink()
    assert freshness.stale(built_project, package).files == ("cards/pamir/events/events.pax",)


def test_generated_code_made_by_another_compiler_is_stale(built_project: Path) -> None:
    record = built_project / freshness.CACHE_FOLDER / freshness.RECORD
    text = record.read_text(encoding="utf-8")
    assert not freshness.stale(built_project, "paxc.generated")
    record.write_text(text.replace(freshness.toolchain(), "0" * 64), encoding="utf-8")
    assert not freshness.stale(built_project, "paxc.generated")  # same files, same stamp: same compiler
    stamp = freshness._stamp()
    record.write_text(
        text.replace(freshness.toolchain(), "0" * 64).replace(stamp, "1" * 64), encoding="utf-8"
    )
    assert freshness.stale(built_project, "paxc.generated").compiler_changed
    assert freshness.stale(built_project, "other.generated").compiler_changed  # another package
    record.unlink()  # never built here: the card files' hashes are all there is to go by
    assert not freshness.stale(built_project, "paxc.generated")


def test_the_check_is_quick_when_nothing_changed() -> None:
    """What every game command pays when nothing changed: the card files read and hashed."""
    started = time.process_time()
    for _ in range(20):
        assert not freshness.stale(REPO)
        freshness._stamp()  # what deciding that the compiler did not change costs
    each = (time.process_time() - started) / 20
    assert each < 0.05, f"{each * 1000:.1f} ms of CPU a check"


def test_render_builds_first_and_says_so_once(built_project: Path) -> None:
    kabul = built_project / "cards" / "pamir" / "court" / "kabul.pax"
    kabul.write_text(kabul.read_text(encoding="utf-8").replace(INSURRECTION, INSURRECTION.replace("2", "1")))
    runner = CliRunner()
    first = runner.invoke(main, ["--root", str(built_project), "render", "3"])
    assert first.exit_code == 0, first.stderr
    assert "place 1 Afghan army in Kabul" in first.stdout
    assert first.stderr.startswith(f"{BUILT}1 changed card file (") and first.stderr.count("\n") == 1
    assert "count=1, coalition=Coalition.AFGHAN" in (
        built_project / "generated" / "pamir" / "cards_court_kabul.py"
    ).read_text(encoding="utf-8")
    again = runner.invoke(main, ["--root", str(built_project), "render", "3"])
    assert again.exit_code == 0 and again.stderr == ""


def test_cards_that_do_not_compile_are_refused_and_nothing_is_written(built_project: Path) -> None:
    before = tree(built_project / "generated")
    kabul = built_project / "cards" / "pamir" / "court" / "kabul.pax"
    kabul.write_text(kabul.read_text(encoding="utf-8").replace(INSURRECTION, "place_armies 2 for Afghan in"))
    refused = CliRunner().invoke(main, ["--root", str(built_project), "render", "3"])
    assert refused.exit_code == 1
    assert "cards/pamir/court/kabul.pax:43:" in refused.stderr, refused.stderr
    assert refused.stdout == ""
    assert tree(built_project / "generated") == before
    # This project is not installed: `simulate pamir` plays the installed Pax Pamir, and says so.
    played = CliRunner().invoke(main, ["--root", str(built_project), "simulate", "pamir", "--games", "1"])
    assert played.exit_code == 0
    assert played.stderr.startswith("paxc: note: pamir is played as installed in "), played.stderr
    assert tree(built_project / "generated") == before


# ---------------------------------------------------------------------- end to end


def run(
    copy: Path, path: Path, *arguments: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`paxc ARGUMENTS` in `copy`, with `path` ahead of everything installed on the module path."""
    env = {**os.environ, "PYTHONPATH": str(path), "NO_COLOR": "1"}
    return subprocess.run(
        [sys.executable, "-m", "paxc.compiler.cli", *arguments],
        cwd=copy,
        env=env,
        input=stdin if stdin is not None else "",
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.fixture()
def repository_copy(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of what paxc is made of, importable as `paxc` (a link on PYTHONPATH): the copy's
    generated code is what its commands play."""
    copy = tmp_path / "paxc-copy"
    for folder in ("compiler", "runtime", "generated", "grammar", "cards"):
        shutil.copytree(REPO / folder, copy / folder, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy(REPO / "pyproject.toml", copy / "pyproject.toml")
    path = tmp_path / "path"
    path.mkdir()
    (path / "paxc").symlink_to(copy, target_is_directory=True)
    return copy, path


def test_an_edited_card_is_built_before_it_is_played(repository_copy: tuple[Path, Path]) -> None:
    copy, path = repository_copy
    where = run(copy, path, "render", "3")  # also builds nothing: the copy is as committed
    assert where.returncode == 0 and where.stderr == "", where.stderr
    kabul = copy / "cards" / "pamir" / "court" / "kabul.pax"
    kabul.write_text(kabul.read_text(encoding="utf-8").replace(INSURRECTION, INSURRECTION.replace("2", "1")))

    simulated = run(copy, path, "simulate", "pamir", "--players", "2", "--games", "3", "--check")
    assert simulated.returncode == 0, simulated.stderr
    assert simulated.stderr.startswith(f"{BUILT}1 changed card file ("), simulated.stderr
    assert (
        "count=1, coalition=Coalition.AFGHAN"
        in (copy / "generated" / "pamir" / "cards_court_kabul.py").read_text()
    )
    # The table shows the card as the code that plays it says (its generated text), built once.
    played = run(copy, path, "play", "pamir", "--players", "2", stdin="c 3\nq\ny\n")
    assert "place 1 Afghan army in Kabul" in played.stdout, played.stdout[-2000:] + played.stderr
    assert BUILT not in played.stderr
    rendered = run(copy, path, "render", "3")
    assert "place 1 Afghan army in Kabul" in rendered.stdout and rendered.stderr == ""

    # A syntax error: refused with the diagnostic, nothing played, generated/ untouched.
    before = tree(copy / "generated")
    kabul.write_text(kabul.read_text(encoding="utf-8") + "\ncard 999 {\n")
    refused = run(copy, path, "simulate", "pamir", "--players", "2", "--games", "3", "--check")
    assert refused.returncode == 1
    assert "cards/pamir/court/kabul.pax:" in refused.stderr and "error" in refused.stderr
    assert refused.stdout == ""
    assert tree(copy / "generated") == before


def test_an_init_project_is_built_before_it_is_played(tmp_path: Path) -> None:
    project = tmp_path / "souk"
    made = CliRunner().invoke(main, ["init", "souk", "--into", str(project)])
    assert made.exit_code == 0, made.output
    # Installed as `pip install -e .` would: the package `souk` is the project folder, and
    # the entry point registers the game.
    path = tmp_path / "path"
    path.mkdir()
    (path / "souk").symlink_to(project, target_is_directory=True)
    info = path / "souk-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: souk\nVersion: 0.1.0\n")
    (info / "entry_points.txt").write_text("[paxc.games]\nsouk = souk.rules.plugin:GAME\n")

    first = run(project, path, "simulate", "souk", "--players", "3", "--games", "2")
    assert first.returncode == 0 and first.stderr == "", first.stderr  # init built it
    goods = project / "cards" / "souk" / "goods.pax"
    goods.write_text(goods.read_text(encoding="utf-8").replace("cost 5\n  points 4", "cost 5\n  points 9"))
    second = run(project, path, "simulate", "souk", "--players", "3", "--games", "2")
    assert second.returncode == 0, second.stderr
    assert second.stderr.startswith(f"{BUILT}1 changed card file ("), second.stderr
    assert "points=9" in (project / "generated" / "souk" / "cards_goods.py").read_text()
    again = run(project, path, "simulate", "souk", "--players", "3", "--games", "2")
    assert again.returncode == 0 and again.stderr == "", again.stderr

    before = tree(project / "generated")
    goods.write_text(goods.read_text(encoding="utf-8").replace("points 9", "points nine"))
    refused = run(project, path, "simulate", "souk", "--players", "3", "--games", "2", "--check")
    assert refused.returncode == 1 and "cards/souk/goods.pax:" in refused.stderr, refused.stderr
    assert tree(project / "generated") == before
