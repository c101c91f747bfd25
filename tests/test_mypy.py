"""`mypy --strict` over everything: the compiler, the runtime, the generated code and these tests."""

from __future__ import annotations

import subprocess
import sys

from tests.conftest import REPO


def test_mypy_strict() -> None:
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "compiler", "runtime", "generated", "tests"],
        cwd=REPO, capture_output=True, text=True, check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr
