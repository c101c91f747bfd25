"""Shared paths and helpers for the tests."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "compiler" / "fixtures"


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
