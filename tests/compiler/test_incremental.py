"""Incremental builds give exactly the bytes of a full build, whatever is in the cache."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paxc.compiler import freshness, incremental
from paxc.compiler.folders import DEFAULT_PACKAGE
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


def test_every_module_of_the_compiler_shapes_the_cache_key() -> None:
    """A cache entry proves the compiler it was made by with a hash of the compiler's files: every
    module counts, those of its packages (the checker's parts in compiler/checking/) too."""
    modules = set((REPO / "compiler").resolve().rglob("*.py"))
    assert any(path.parent.name == "checking" for path in modules)
    assert modules <= set(freshness.toolchain_files())


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


def test_conflicting_modifiers_of_two_files_are_reported_when_the_other_is_cached(project: Path) -> None:
    """Persian Influence makes Persian cards free for its owner; a new file
    making every card cost 3 could act on the same purchase: the cached build cannot see both
    files' cards checked together, so it falls back to the full build, which reports it."""
    cached(project)
    extra = project / "cards" / "pamir" / "extra.pax"
    extra.write_text(
        'game pamir\ncard 500 "Fixed Prices" event {\n  provenance reconstructed\n'
        "  while in play { modify purchase_cost to 3 }\n}\n"
    )
    output = incremental.build_files(project, DEFAULT_PACKAGE)
    assert not output.result.ok
    report = output.result.render_diagnostics()
    assert "[conflicting-modifiers]" in report and "cards/pamir/extra.pax:4:" in report
    extra.write_text(
        'game pamir\ncard 500 "Fixed Prices" event {\n  provenance reconstructed\n'
        "  while in play { modify purchase_cost to at most 3 }\n}\n"
    )
    assert cached(project).files == full(project)


# ---------------------------------------------------------------- a cache that lies or breaks


def entries(root: Path) -> dict[str, Path]:
    """The cache's entries by the card file or vocabulary they claim to stand for."""
    found = {}
    for path in (root / incremental.CACHE_FOLDER).rglob("*.json"):
        found[json.loads(path.read_text())["claims"]["path"]] = path
    return found


KABUL = "cards/pamir/court/kabul.pax"


def swap_with_another_games_entry(root: Path) -> None:
    """The issue's case: Pax Pamir's entry replaced by Pax Porfiriana's (valid JSON, valid checksum)."""
    found = entries(root)
    other = next(
        p for shown, p in found.items() if shown.startswith("cards/porfiriana/") and "game" not in shown
    )
    found[KABUL].write_bytes(other.read_bytes())


def swap_within_the_game(root: Path) -> None:
    found = entries(root)
    found[KABUL].write_bytes(found["cards/pamir/court/herat.pax"].read_bytes())


def edit_the_module(root: Path) -> None:
    path = entries(root)[KABUL]
    data = json.loads(path.read_text())
    assert "rank=3" in data["payload"]["text"]
    data["payload"]["text"] = data["payload"]["text"].replace("rank=3", "rank=1")
    path.write_text(json.dumps(data))


def edit_the_numbers(root: Path) -> None:
    path = entries(root)[KABUL]
    data = json.loads(path.read_text())
    data["payload"]["numbers"] = ["1"]
    path.write_text(json.dumps(data))


def forge_the_claims(root: Path) -> None:
    """An entry whose claims were edited to match another file: its key no longer matches them."""
    found = entries(root)
    data = json.loads(found["cards/pamir/court/herat.pax"].read_text())
    data["claims"] = json.loads(found[KABUL].read_text())["claims"] | {"path": "cards/pamir/court/herat.pax"}
    found[KABUL].write_text(json.dumps(data))


def garbage_bytes(root: Path) -> None:
    entries(root)[KABUL].write_bytes(b"\xff\xfe\x00garbage\x80" * 50)


def nested_json(root: Path) -> None:
    entries(root)[KABUL].write_text("[" * 200_000 + "]" * 200_000)


def truncated(root: Path) -> None:
    path = entries(root)[KABUL]
    path.write_bytes(path.read_bytes()[:100])


def folder_in_place_of_an_entry(root: Path) -> None:
    path = entries(root)[KABUL]
    path.unlink()
    (path / "inside").mkdir(parents=True)


def pipe_in_place_of_an_entry(root: Path) -> None:
    path = entries(root)[KABUL]
    path.unlink()
    os.mkfifo(path)


def device_in_place_of_an_entry(root: Path) -> None:
    path = entries(root)[KABUL]
    path.unlink()
    path.symlink_to("/dev/zero")


def cache_is_a_file(root: Path) -> None:
    cache = root / incremental.CACHE_FOLDER
    shutil.rmtree(cache)
    cache.write_text("not a folder")


def every_entry_is_the_same(root: Path) -> None:
    found = list(entries(root).values())
    for path in found[1:]:
        path.write_bytes(found[0].read_bytes())


DAMAGE = [
    swap_with_another_games_entry,
    swap_within_the_game,
    edit_the_module,
    edit_the_numbers,
    forge_the_claims,
    garbage_bytes,
    nested_json,
    truncated,
    folder_in_place_of_an_entry,
    pipe_in_place_of_an_entry,
    device_in_place_of_an_entry,
    cache_is_a_file,
    every_entry_is_the_same,
]


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda d: d.__name__)
def test_a_damaged_cache_never_changes_what_build_writes(
    project: Path, damage: Callable[[Path], None]
) -> None:
    expected = full(project)
    cached(project)
    damage(project)
    output = cached(project)
    assert output.files == expected
    assert output.warning is not None and "\n" not in output.warning
    # the damage is repaired: the next build is warm again and quiet
    if damage is not cache_is_a_file:
        again = cached(project)
        assert again.files == expected and again.warning is None and again.cached_files > 20


def test_an_unwritable_cache_is_one_warning_and_the_same_bytes(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr("paxc.compiler.incremental.tempfile.mkstemp", refuse)
    output = cached(project)
    assert output.files == full(project)
    assert output.warning == ".paxc-cache/ cannot be written (Permission denied); building without it"


def paxc(root: Path, *arguments: str) -> tuple[int, str, str]:
    done = subprocess.run(
        [str(REPO / ".venv" / "bin" / "paxc"), "--root", str(root), *arguments],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    return done.returncode, done.stdout, done.stderr


def test_build_and_build_check_are_not_fooled_by_a_swapped_entry(project: Path) -> None:
    """The issue's case, end to end: with Pax Pamir's entry swapped for Pax Porfiriana's, `build`
    still writes the full build's bytes and `build --check` still sees a stale generated/."""
    shutil.copytree(REPO / "generated", project / "generated", ignore=shutil.ignore_patterns("__pycache__"))
    assert paxc(project, "build", "--check")[0] == 0
    swap_with_another_games_entry(project)
    kabul = project / "cards" / "pamir" / "court" / "kabul.pax"
    kabul.write_text(kabul.read_text().replace("rank 3", "rank 1", 1))
    code, _, errors = paxc(project, "build", "--check")
    assert code == 1 and "changed: pamir/cards_court_kabul.py" in errors
    swap_with_another_games_entry(project)
    code, out, errors = paxc(project, "build")
    assert code == 0, errors
    assert errors.count("\n") <= 1
    written = {
        p.relative_to(project / "generated").as_posix(): p.read_text()
        for p in (project / "generated").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts
    }
    assert written == full(project)
    assert paxc(project, "build", "--check")[0] == 0


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=0, max_value=10_000),
            st.one_of(
                st.binary(max_size=200),
                st.recursive(
                    st.none() | st.booleans() | st.integers() | st.text(max_size=20),
                    lambda inner: (
                        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
                    ),
                    max_leaves=12,
                ).map(lambda value: json.dumps(value).encode()),
                st.integers(min_value=0, max_value=10_000).map(lambda n: ("swap", n)),
                st.integers(min_value=1, max_value=4000).map(lambda n: ("truncate", n)),
            ),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_fuzz_damaged_caches_give_the_full_builds_bytes(
    warm_project: tuple[Path, dict[str, str]], damages: list[tuple[int, object]]
) -> None:
    root, expected = warm_project
    cache = root / incremental.CACHE_FOLDER
    pristine = root / "pristine-cache"
    shutil.rmtree(cache, ignore_errors=True)
    shutil.copytree(pristine, cache)
    paths = sorted(cache.rglob("*.json"))
    for index, damage in damages:
        path = paths[index % len(paths)]
        if isinstance(damage, bytes):
            path.write_bytes(damage)
        elif isinstance(damage, tuple) and damage[0] == "swap":
            path.write_bytes(paths[damage[1] % len(paths)].read_bytes())
        elif isinstance(damage, tuple):
            path.write_bytes(path.read_bytes()[: damage[1]])
    output = incremental.build_files(root, DEFAULT_PACKAGE)
    assert output.result.ok and output.files == expected


@pytest.fixture(scope="module")
def warm_project(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    root = tmp_path_factory.mktemp("fuzz-cache")
    for folder in ("cards", "grammar"):
        shutil.copytree(REPO / folder, root / folder)
    expected = full(root)
    cached(root)
    shutil.copytree(root / incremental.CACHE_FOLDER, root / "pristine-cache")
    return root, expected
