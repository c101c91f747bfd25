"""A short run of the scenario-file fuzz (tests/fuzz_scenarios.py): hostile `.paxtest` files made
from the project's own are checked as `paxc test` checks them (a located, coded diagnostic or a
clean check, never a traceback), and what checks clean plays without an error of the program.
`python -m tests.fuzz_scenarios` runs thousands."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from paxc.compiler import scenarios
from paxc.runtime import scenarios as played
from tests.conftest import REPO
from tests.fuzz_harness import FuzzFailure
from tests.fuzz_scenarios import KINDS, ScenarioInput, check_input, draw, remembering_compiles


@pytest.fixture(autouse=True, scope="module")
def _cards_compiled_once() -> Iterator[None]:
    """Each game's cards compiled once for the module, as the long fuzz does."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(scenarios, "compile_paths", remembering_compiles(vars(scenarios)["compile_paths"]))
        yield


@pytest.mark.parametrize("kind", KINDS)
def test_hostile_scenario_files_give_diagnostics_or_play(kind: str, tmp_path: Path) -> None:
    rng = random.Random(f"scenarios-{kind}")
    for _ in range(6):
        check_input(draw(rng, kind), tmp_path)


def test_spliced_files_reach_a_run(tmp_path: Path) -> None:
    """Much of the fuzz's worth is in files that check clean and play: the spliced kind makes
    some (were none to pass the check, the runs would test nothing)."""
    rng = random.Random("reach")
    assert sum(check_input(draw(rng, "lines"), tmp_path) for _ in range(20)) > 0


def test_an_error_of_the_program_in_a_run_is_a_finding(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A scenario the check accepts whose run stops on a KeyError is reported; one stopped by the
    scenario's own mistake (told in words) is not."""
    good = (REPO / "tests" / "scenarios" / "pamir" / "insurrection.paxtest").read_bytes()
    real_run = played.run

    def run_saying(message: str) -> object:
        def run(scenario: played.Scenario, kit: object) -> played.Result:
            result = real_run(scenario, kit)  # type: ignore[arg-type]
            result.failures.append(played.Failure(scenario.where, message))
            return result

        return run

    monkeypatch.setattr(played, "run", run_saying("this line cannot be set: ValueError: no room there"))
    assert check_input(ScenarioInput("lines", "pamir", good), tmp_path) == 1
    monkeypatch.setattr(played, "run", run_saying("this line cannot be set: KeyError: 3"))
    with pytest.raises(FuzzFailure, match="error of the program"):
        check_input(ScenarioInput("lines", "pamir", good), tmp_path)
