"""Static checks: `mypy --strict` over all code (generated included), and ruff over the hand-written code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

# The repository's folders and their import names (pyproject.toml maps them the same way).
NAMESPACE_FOLDERS = ("compiler", "runtime", "generated", "grammar", "cards")


def namespace_view(base: Path) -> Path:
    """A folder in which `paxc/<name>` links to each of the repository's folders.

    The editable install maps `paxc.compiler` onto `compiler/` with an import hook, which mypy
    does not run; mypy reads the code through this view instead. It sits in build/ (ignored by
    git) and keeps its path from run to run, so mypy's cache stays valid.
    """
    namespace = base / "paxc"
    namespace.mkdir(parents=True, exist_ok=True)
    for folder in NAMESPACE_FOLDERS:
        link = namespace / folder
        if not link.is_symlink() or link.resolve() != (REPO / folder).resolve():
            if link.is_symlink() or link.exists():
                link.unlink()
            link.symlink_to(REPO / folder, target_is_directory=True)
    return base


def test_mypy_strict() -> None:
    view = namespace_view(REPO / "build" / "typecheck")
    packages = ["-p", "paxc.compiler", "-p", "paxc.runtime", "-p", "paxc.generated", "-p", "tests"]
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *packages],
        cwd=REPO,
        env={**os.environ, "MYPYPATH": os.pathsep.join([str(view), str(REPO)])},
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr


def test_ruff_format_and_lint() -> None:
    """The hand-written code keeps one style (generated/ has its own, from the templates)."""
    for command in (["format", "--check"], ["check"]):
        completed = subprocess.run(
            [sys.executable, "-m", "ruff", *command, "compiler", "runtime", "tests"],
            cwd=REPO,
            capture_output=True,
            text=True,
            check=False,
        )
        assert completed.returncode == 0, completed.stdout + completed.stderr
