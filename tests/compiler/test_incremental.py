"""Incremental builds give exactly the bytes of a full build, whatever is in the cache."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from paxc.compiler import incremental
from paxc.compiler.project import DEFAULT_PACKAGE
from tests.conftest import REPO


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    for folder in ("cards", "grammar"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    return tmp_path


def full(root: Path) -> dict[str, str]:
    output = incremental.build_files(root, DEFAULT_PACKAGE, use_cache=False)
    assert output.result.ok, output.result.render_diagnostics()
    return output.files


def cached(root: Path) -> incremental.BuildOutput:
    output = incremental.build_files(root, DEFAULT_PACKAGE)
    assert output.result.ok, output.result.render_diagnostics()
    return output


def test_cold_and_warm_cache_give_the_full_builds_bytes(project: Path) -> None:
    everything = incremental.build_files(project, DEFAULT_PACKAGE, use_cache=False)
    cold = cached(project)
    assert cold.files == everything.files and cold.cached_files == 0
    warm = cached(project)
    assert warm.files == everything.files and warm.cached_files > 20
    assert warm.cards == cold.cards == everything.cards


def test_a_changed_card_file_is_compiled_again(project: Path) -> None:
    cached(project)
    card_file = project / "cards" / "pamir" / "court" / "kabul.pax"
    card_file.write_text(card_file.read_text().replace("rank 3", "rank 1", 1))
    output = cached(project)
    assert output.files == full(project)
    assert "rank=1" in output.files["pamir/cards_court_kabul.py"]


def test_a_changed_vocabulary_compiles_its_game_again(project: Path) -> None:
    cached(project)
    vocabulary = project / "cards" / "pamir" / "game.pax"
    vocabulary.write_text(
        vocabulary.read_text().replace('"Pax Pamir (2nd edition)"', '"Pax Pamir, second edition"')
    )
    output = cached(project)
    assert output.files == full(project)
    assert "Pax Pamir, second edition" in output.files["pamir/vocabulary.py"]


def test_a_damaged_cache_entry_is_compiled_again(project: Path) -> None:
    cached(project)
    for entry in (project / incremental.CACHE_FOLDER).rglob("*.json"):
        entry.write_text("{not json")
        break
    assert cached(project).files == full(project)


def test_errors_are_reported_even_when_every_other_file_is_cached(project: Path) -> None:
    cached(project)
    extra = project / "cards" / "pamir" / "extra.pax"
    extra.write_text('game pamir\ncard 3 "Again" event {\n  provenance printed\n}\n')
    output = incremental.build_files(project, DEFAULT_PACKAGE)
    assert not output.result.ok
    assert "card number 3 is used twice" in output.result.render_diagnostics()
    extra.write_text('game pamir\ncard 500 "Fine" event {\n  provenance reconstructed\n}\n')
    assert cached(project).files == full(project)
