"""paxc installed anywhere: one `paxc` namespace, and a wheel whose commands work from any folder.

The wheel test builds paxc's wheel, installs it into a fresh virtual environment (its
dependencies come from the package index, as for any user) and runs the commands of the bundled
games from an unrelated folder.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.conftest import REPO

CONFIG = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
SETUPTOOLS = CONFIG["tool"]["setuptools"]
SHIPPED_SUFFIXES = {".py", ".pax", ".lark", ".jinja"}


def test_every_folder_of_the_mapped_trees_is_a_listed_package() -> None:
    """A new runtime or card subfolder must be added to pyproject's list, or the wheel lacks it."""
    listed = set(SETUPTOOLS["packages"])
    for package, folder in SETUPTOOLS["package-dir"].items():
        for sub in [REPO / folder, *(p for p in (REPO / folder).rglob("*") if p.is_dir())]:
            if "__pycache__" in sub.parts or not any(f.suffix in SHIPPED_SUFFIXES for f in sub.iterdir()):
                continue
            name = ".".join([package, *sub.relative_to(REPO / folder).parts])
            assert name in listed, f"{sub.relative_to(REPO)} holds files to ship but {name} is not listed"


def test_the_editable_install_of_make_is_quiet_and_no_folder_is_named_like_the_package() -> None:
    """`make demo` silences setuptools' warning that a folder named like the package could take
    precedence over the editable install; that holds only while no such folder exists."""
    install = [
        line
        for line in (REPO / "Makefile").read_text().splitlines()
        if "pip install" in line and "-e" in line
    ]
    assert install and all('PYTHONWARNINGS="ignore:Editable installation"' in line for line in install)
    assert not (REPO / "paxc").exists()


def test_nothing_is_importable_outside_the_namespace() -> None:
    assert all(name.startswith("paxc.") for name in SETUPTOOLS["packages"])
    assert CONFIG["project"]["scripts"]["paxc"].startswith("paxc.")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    dist = tmp_path_factory.mktemp("dist")
    # setuptools builds in the source folder (build/, *.egg-info): build from a copy of what ships.
    source = tmp_path_factory.mktemp("source")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(REPO / name, source / name)
    for folder in SETUPTOOLS["package-dir"].values():
        shutil.copytree(REPO / folder, source / folder, ignore=shutil.ignore_patterns("__pycache__"))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(dist), str(source)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    (built,) = dist.glob("paxc-*.whl")
    return built


def test_the_wheel_holds_one_namespace_and_its_data(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert {name.split("/")[0] for name in names} == {"paxc", wheel.name.split("-py")[0] + ".dist-info"}
    for needed in (
        "paxc/grammar/pax.lark",
        "paxc/compiler/templates/cards.py.jinja",
        "paxc/compiler/templates/project/game.py.jinja",
        "paxc/cards/pamir/game.pax",
        "paxc/cards/pamir/court/kabul.pax",
        "paxc/cards/porfiriana/reconstructed/partners.pax",
        "paxc/generated/pamir/__init__.py",
        "paxc/generated/porfiriana/vocabulary.py",
        "paxc/runtime/pamir/game.py",
    ):
        assert needed in names, needed
    assert not [n for n in names if n.startswith("paxc/__init__")]  # an implicit namespace package


def test_the_installed_wheel_works_from_any_folder(wheel: Path, tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    installed = subprocess.run(
        [str(venv / "bin" / "pip"), "install", "--quiet", str(wheel)], capture_output=True, text=True
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()

    def paxc(*arguments: str) -> str:
        done = subprocess.run(
            [str(venv / "bin" / "paxc"), *arguments], cwd=elsewhere, capture_output=True, text=True
        )
        assert done.returncode == 0, (arguments, done.stdout + done.stderr)
        assert "Traceback" not in done.stderr
        return done.stdout

    assert "359 cards in 27 files: no errors" in paxc("check")  # with Wakhan's 24 AI cards
    assert "up to date" in paxc("build")
    assert "Insurrection" in paxc("render", "Prince Akbar Khan")
    assert "Prince Akbar Khan" in paxc("list", "pamir")
    assert "The game is over" in paxc("play", "pamir", "--players", "2", "--seats", "random,random")
    assert "errors: 0" in paxc("simulate", "porfiriana", "--players", "3", "--games", "2", "--check")
    assert "errors: 0" in paxc("simulate", "pamir", "--players", "2", "--games", "3", "--check")
    assert "compiled its 18 cards" in paxc("init", "dice")
    site = next((venv / "lib").glob("python3*/site-packages"))
    assert not {"compiler", "runtime", "generated", "grammar", "cards"} & {p.name for p in site.iterdir()}
