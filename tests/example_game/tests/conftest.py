"""pytest runs the scenario files of tests/scenarios/ too: one test item per scenario."""

from paxc.compiler.scenario_pytest import pytest_collect_file

__all__ = ["pytest_collect_file"]
