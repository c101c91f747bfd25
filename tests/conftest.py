"""Shared paths and helpers for the tests."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "compiler" / "fixtures"


@pytest.fixture(scope="session", autouse=True)
def _cards_built_before_the_tests() -> None:
    """The commands that run cards build them first when the cards or the compiler changed
    (`cli.fresh_cards`), saying so on stderr; building here once, when needed, keeps that one
    build out of the output the tests compare (a fresh clone has nothing to build)."""
    from click.testing import CliRunner

    from paxc.compiler import freshness
    from paxc.compiler.cli import main

    if freshness.stale(REPO, "paxc.generated"):
        CliRunner().invoke(main, ["--root", str(REPO), "build"])


def update_golden() -> bool:
    """Golden files are rewritten instead of compared when PAXC_UPDATE_GOLDEN=1 (see the README)."""
    return os.environ.get("PAXC_UPDATE_GOLDEN") == "1"


def check_golden(path: Path, actual: str) -> None:
    if update_golden():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
        return
    assert path.exists(), (
        f"no golden file {path.relative_to(REPO)}; run with PAXC_UPDATE_GOLDEN=1 to create it"
    )
    expected = path.read_text(encoding="utf-8")
    assert actual == expected, (
        f"{path.relative_to(REPO)} differs; if the change is intended, run with PAXC_UPDATE_GOLDEN=1"
    )


# Scenario files (tests/scenarios/**/*.paxtest) are collected as tests, one item per scenario.
from paxc.compiler.scenario_pytest import pytest_collect_file  # noqa: E402, F401

# A headless Chromium for the tests that open pages (tests/browser.py).
from tests.browser import browser, browser_page  # noqa: E402, F401

# A Ray cluster of this machine for the tests of `--ray` (tests/ray_cluster.py).
from tests.ray_cluster import ray_address, ray_driver  # noqa: E402, F401
