"""pytest collects scenario files: each scenario of a `*.paxtest` file below the project's
tests/scenarios/ is a test item, so `pytest` (and `make test`) runs them beside the Python tests.

A project's tests/conftest.py takes the hook in: `from paxc.compiler.scenario_pytest import
pytest_collect_file`. A file whose scenarios do not check is one failing item, with the
diagnostics `paxc test` prints.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from paxc.compiler import scenarios
from paxc.compiler.folders import find_root
from paxc.runtime import games
from paxc.runtime import scenarios as played


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Collector | None:
    folder = parent.config.rootpath / scenarios.DEFAULT_FOLDER
    if file_path.suffix == scenarios.SUFFIX and folder in file_path.parents:
        found: pytest.Collector = ScenarioFile.from_parent(parent, path=file_path)
        return found
    return None


class ScenarioFile(pytest.File):
    def collect(self) -> Iterator[pytest.Item]:
        loaded = scenarios.load([self.path], find_root(self.path.parent))
        if loaded.diagnostics:
            yield Unchecked.from_parent(self, name="check", report=loaded.render_diagnostics())
            return
        for scenario in loaded.scenarios:
            yield ScenarioItem.from_parent(self, name=scenario.name, scenario=scenario)


class ScenarioFailed(Exception):
    pass


class Unchecked(pytest.Item):
    """A scenario file with errors: nothing of it runs."""

    def __init__(self, *, report: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.report = report

    def runtest(self) -> None:
        raise ScenarioFailed(self.report)

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        return self.report

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, "scenario file"


class ScenarioItem(pytest.Item):
    def __init__(self, *, scenario: played.Scenario, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scenario = scenario

    def runtest(self) -> None:
        kit = games.load_kit(games.find(self.scenario.game))
        result = played.run(self.scenario, kit)
        if not result.passed:
            raise ScenarioFailed("\n".join(failure.render() for failure in result.failures))

    def repr_failure(self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None) -> str:
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return str(super().repr_failure(excinfo))

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, self.scenario.where.line - 1, f"scenario: {self.scenario.name}"
