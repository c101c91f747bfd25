"""The command line fed odd arguments (tests/cli_edges.py lists them: names too long, digits of
other scripts, links that loop, huge numbers, broken saves and plug-ins): every run ends with a
clean exit status and at most a few lines of error, never a traceback. An independent campaign
found 26 tracebacks in 218 such runs; each kind is a case here."""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner

from paxc.compiler.cli import main
from tests.cli_edges import CASES, Case, Outcome, project, run_process


@pytest.fixture(scope="module")
def root() -> Iterator[Path]:
    with project() as folder:
        yield folder


def _id(case: Case) -> str:
    return " ".join(arg[:12] for arg in case.args)[:60] + (f" <{case.stdin[:10]!r}" if case.stdin else "")


@pytest.mark.parametrize("case", [c for c in CASES if not c.plugins], ids=_id)
def test_odd_arguments_are_answered_in_a_few_lines(
    case: Case, root: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(root)
    monkeypatch.setenv("NO_COLOR", "1")
    result = CliRunner().invoke(main, case.arguments(root), input=case.stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        error = result.exception
        pytest.fail("".join(traceback.format_exception(type(error), error, error.__traceback__)))
    assert Outcome(result.exit_code, result.stdout, result.stderr).problem(case) is None, result.output


@pytest.mark.parametrize("case", [c for c in CASES if c.plugins], ids=_id)
def test_a_broken_plugin_is_one_warning_line(case: Case, root: Path) -> None:
    """Plug-ins that raise KeyboardInterrupt or SystemExit on import, or whose load_kit raises or
    gives None: each is one warning line; only a command on that game fails, in one line."""
    outcome = run_process(case, root)
    assert outcome.problem(case) is None, outcome.stdout + outcome.stderr
    warnings = [line for line in outcome.stderr.splitlines() if line.startswith("paxc: warning: ")]
    assert len(warnings) == 4, outcome.stderr  # the 4 plug-ins that do not load as a Game
