"""A build killed at any step of writing generated/ leaves it old or new, never missing; the next
command repairs or removes what the build left; generated/ gets ordinary modes."""

from __future__ import annotations

import os
import shutil
import signal
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from paxc.compiler import build
from tests.conftest import REPO

OLD = {
    "__init__.py": "old root\n",
    "a.py": "a, old\n",
    "pkg/b.py": "b\n",
    "gone.py": "removed by the build\n",
}
NEW = {
    "__init__.py": "new root\n",
    "a.py": "a, new\n",
    "pkg/b.py": "b\n",
    "pkg/c.py": "c\n",
    "more/d.py": "d\n",
}

# Run in a child process: every file-system step of the build counts, and the child kills itself
# (SIGKILL: no cleanup, no finally) just before step KILL_AT. Prints the number of steps taken.
CHILD = textwrap.dedent(
    """
    import json, os, shutil, signal, sys
    from pathlib import Path
    from paxc.compiler import build

    out_dir, files, kill_at = Path(sys.argv[1]), json.loads(sys.argv[2]), int(sys.argv[3])
    steps = 0

    def counted(function):
        def step(*args, **kwargs):
            global steps
            steps += 1
            if steps == kill_at:
                os.kill(os.getpid(), signal.SIGKILL)
            return function(*args, **kwargs)
        return step

    for name in ("mkdir", "chmod", "rename", "replace", "unlink", "rmdir"):
        setattr(os, name, counted(getattr(os, name)))
    Path.write_text = counted(Path.write_text)
    build.write_atomically(out_dir, files)
    print(steps)
    """
)


def contents(folder: Path) -> dict[str, str]:
    return {
        p.relative_to(folder).as_posix(): p.read_text()
        for p in folder.rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }


def write_tree(folder: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        (folder / relative).parent.mkdir(parents=True, exist_ok=True)
        (folder / relative).write_text(text)


def run_child(out_dir: Path, kill_at: int) -> subprocess.CompletedProcess[str]:
    import json

    return subprocess.run(
        [sys.executable, "-c", CHILD, str(out_dir), json.dumps(NEW), str(kill_at)],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )


def assert_modes(folder: Path) -> None:
    for path in [folder, *folder.rglob("*")]:
        mode = stat.S_IMODE(path.stat().st_mode)
        assert mode == (0o755 if path.is_dir() else 0o644), f"{path}: {oct(mode)}"


@pytest.fixture(autouse=True)
def ordinary_umask() -> object:
    previous = os.umask(0o022)
    yield
    os.umask(previous)


def test_a_build_killed_at_any_step_leaves_generated_old_or_new(tmp_path: Path) -> None:
    """Kill the build before each of its steps in turn (writing files, fixing modes, each rename,
    removing the old tree); after each, the next command's repair finds generated/ whole."""
    out_dir = tmp_path / "generated"
    write_tree(out_dir, OLD)
    uninterrupted = run_child(out_dir, kill_at=0)
    assert uninterrupted.returncode == 0, uninterrupted.stderr
    steps = int(uninterrupted.stdout)
    assert steps >= 8
    seen = {"old": 0, "new": 0}
    for kill_at in range(1, steps + 1):
        shutil.rmtree(out_dir)
        write_tree(out_dir, OLD)
        done = run_child(out_dir, kill_at)
        assert done.returncode == -signal.SIGKILL, (kill_at, done.stderr)
        build.recover(out_dir)
        found = contents(out_dir)
        assert found in (OLD, NEW), f"killed before step {kill_at}: {sorted(found)}"
        seen["old" if found == OLD else "new"] += 1
        assert sorted(p.name for p in tmp_path.iterdir()) == ["generated"], f"step {kill_at}"
        if found == NEW:
            assert_modes(out_dir)
    # both outcomes happen: killed before the swap (old) and after it (new)
    assert seen["old"] and seen["new"], seen


def test_a_build_killed_between_the_renames_is_repaired_by_the_next_command(tmp_path: Path) -> None:
    """The issue's case, on a project: generated/ renamed away and the new tree not yet in place;
    the next `paxc` command puts generated/ back and removes the leftovers."""
    for folder in ("cards", "grammar", "generated"):
        shutil.copytree(REPO / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "generated").rename(tmp_path / f"{build.OLD_PREFIX}123")
    write_tree(tmp_path / f"{build.NEW_PREFIX}abc", {"half.py": "half written\n"})
    done = subprocess.run(
        [str(REPO / ".venv" / "bin" / "paxc"), "--root", str(tmp_path), "build", "--check"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == [".paxc-cache", "cards", "generated", "grammar"]


def test_a_build_gives_ordinary_modes_and_removes_old_leftovers(tmp_path: Path) -> None:
    out_dir = tmp_path / "generated"
    write_tree(out_dir, OLD)
    write_tree(tmp_path / f"{build.OLD_PREFIX}1", {"x.py": "stale\n"})
    write_tree(tmp_path / f"{build.NEW_PREFIX}x", {"y.py": "partial\n"})
    assert build.write_atomically(out_dir, NEW)
    assert contents(out_dir) == NEW
    assert sorted(p.name for p in tmp_path.iterdir()) == ["generated"]
    assert_modes(out_dir)


def test_a_read_only_project_is_a_clear_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out_dir = tmp_path / "generated"
    write_tree(out_dir, OLD)

    def read_only(*args: object, **kwargs: object) -> str:
        raise PermissionError(13, "Permission denied", str(tmp_path))

    monkeypatch.setattr("paxc.compiler.build.tempfile.mkdtemp", read_only)
    with pytest.raises(build.WriteError, match=r"cannot write generated/: Permission denied"):
        build.write_atomically(out_dir, NEW)
    assert contents(out_dir) == OLD


def test_paxc_build_in_a_project_it_cannot_write_says_so_in_two_lines(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read-only project (simulated: the tests may run as root, whom permissions do not stop):
    the cache is a warning, generated/ an error, exit status 1, no traceback, nothing changed."""
    from click.testing import CliRunner

    from paxc.compiler.cli import main

    for folder in ("cards", "grammar", "generated"):
        shutil.copytree(REPO / folder, tmp_path / folder, ignore=shutil.ignore_patterns("__pycache__"))
    kabul = tmp_path / "cards" / "pamir" / "court" / "kabul.pax"
    kabul.write_text(kabul.read_text().replace("rank 3", "rank 1", 1))
    before = contents(tmp_path / "generated")

    def read_only(*args: object, **kwargs: object) -> str:
        raise PermissionError(13, "Permission denied", str(tmp_path))

    monkeypatch.setattr("paxc.compiler.build.tempfile.mkdtemp", read_only)
    monkeypatch.setattr("paxc.compiler.incremental.tempfile.mkstemp", read_only)
    monkeypatch.setattr("pathlib.Path.mkdir", read_only)
    result = CliRunner().invoke(main, ["--root", str(tmp_path), "build"])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.output.splitlines() == [
        "warning: .paxc-cache/ cannot be written (Permission denied); building without it",
        f"error: cannot write generated/: Permission denied ({tmp_path})",
    ]
    assert contents(tmp_path / "generated") == before
