"""Static checks: `mypy --strict` over all code (generated included), and ruff over the hand-written code."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

# The folders mapped onto import names, as pyproject.toml maps paxc's (and the example game's
# own pyproject.toml maps its): `paxc.compiler` is compiler/, `bazaar.rules` is
# tests/example_game/rules/, and so on.
NAMESPACES = {
    "paxc": (REPO, ("compiler", "runtime", "generated", "grammar", "cards")),
    "bazaar": (REPO / "tests" / "example_game", ("rules", "generated", "cards")),
    "noria": (REPO / "tests" / "plugins" / "fixtures" / "noria", ("rules", "generated", "cards")),
}


def namespace_view(base: Path) -> Path:
    """A folder in which `paxc/compiler` links to compiler/, and so on for every mapped folder.

    The editable install maps `paxc.compiler` onto `compiler/` with an import hook, which mypy
    does not run; mypy reads the code through this view instead. It sits in build/ (ignored by
    git) and keeps its path from run to run, so mypy's cache stays valid.
    """
    for namespace, (home, folders) in NAMESPACES.items():
        (base / namespace).mkdir(parents=True, exist_ok=True)
        for folder in folders:
            link, target = base / namespace / folder, home / folder
            if not link.is_symlink() or link.resolve() != target.resolve():
                if link.is_symlink() or link.exists():
                    link.unlink()
                link.symlink_to(target, target_is_directory=True)
    return base


def test_mypy_strict() -> None:
    view = namespace_view(REPO / "build" / "typecheck")
    packages = ["-p", "paxc.compiler", "-p", "paxc.runtime", "-p", "paxc.generated", "-p", "tests"]
    packages += ["-p", "bazaar.rules", "-p", "bazaar.generated", "-p", "noria.rules", "-p", "noria.generated"]
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *packages],
        cwd=REPO,
        env={**os.environ, "MYPYPATH": os.pathsep.join([str(view), str(REPO)])},
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stdout + completed.stderr


def test_fixture_cards_compile_to_code_mypy_accepts(tmp_path: Path) -> None:
    """The new cards of the games' test fixtures (tests/<game>/fixtures/*.pax), compiled as the
    build would compile them, under mypy --strict with the real runtime: what their constructs
    generate (several values chosen, a number, a remembered card tested with `is set`) is typed."""
    from paxc.compiler import codegen
    from paxc.compiler.project import compile_paths

    view = namespace_view(REPO / "build" / "typecheck")
    modules: list[str] = []
    for game in ("pamir", "porfiriana"):
        for fixture in sorted((REPO / "tests" / game / "fixtures").glob("*.pax")):
            result = compile_paths([fixture], REPO)
            assert result.ok, result.render_diagnostics()
            (file,) = result.games[game].files
            module = tmp_path / f"{game}_{fixture.stem}.py"
            module.write_text(
                codegen.card_module(result.games[game], file, package="paxc.generated"), "utf-8"
            )
            modules.append(str(module))
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", *modules],
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
