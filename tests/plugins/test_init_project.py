"""A designer's first steps, as the README says them: `paxc init`, the project installed, its rules
type-checked by mypy --strict against its generated cards (`paxc typecheck`), and its own tests
run, the type check among them.

What it costs: about 15 s on the development machine, most of it the project's pip install and
mypy reading paxc's runtime on its first run in a new project (its cache makes the second quick).
The install goes into a folder of its own, not editable: an editable install into paxc's own
environment would register the game for every other test.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from paxc.compiler.cli import main

GAME = "fairground"  # a name no installed module has (`paxc init` refuses one that has)
PAXC = Path(sys.executable).with_name("paxc")


def test_a_new_project_type_checks_and_passes_its_own_tests(tmp_path: Path) -> None:
    project = tmp_path / GAME
    made = CliRunner().invoke(main, ["init", GAME, "--into", str(project)])
    assert made.exit_code == 0, made.output
    site = tmp_path / "site"
    installed = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(project)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    env = {**os.environ, "PYTHONPATH": str(site)}

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(command, cwd=project, env=env, capture_output=True, text=True, check=False)

    checked = run(str(PAXC), "typecheck")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Success: no issues found" in checked.stdout
    # A rule that no longer offers what the generated protocol says the cards call is found, at
    # its line in rules/ (not in the links mypy reads through).
    rules = project / "rules" / "game.py"
    text = rules.read_text(encoding="utf-8")
    method = "    def played(self, player: PlayerId, guild: Guild) -> int:\n"
    assert method in text
    rules.write_text(text.replace(method, method.replace("-> int", "-> str")), encoding="utf-8")
    later = rules.stat().st_mtime + 5  # an edit in the same second and of the same size as the
    os.utime(rules, (later, later))  # file mypy cached would look unchanged to it
    broken = run(str(PAXC), "typecheck")
    assert broken.returncode == 1, broken.stdout + broken.stderr
    line = text[: text.index(method)].count("\n") + 1
    assert f'rules/game.py:{line + 1}: error: Incompatible return value type (got "int", expected "str")' in (
        broken.stdout
    )
    assert re.search(r'^rules/game\.py:\d+: error: .*expected "FairgroundEffects"', broken.stdout, re.M), (
        broken.stdout
    )
    rules.write_text(text, encoding="utf-8")
    os.utime(rules, (later + 5, later + 5))
    # The project's own tests: its Python tests (the type check among them) and its scenarios.
    tested = run(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests")
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "9 passed" in tested.stdout, tested.stdout
