"""Static checks: `mypy --strict` over all code (generated included), and ruff over the hand-written code."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO


def test_mypy_strict() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "compiler", "runtime", "generated", "tests"],
        cwd=REPO,
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
