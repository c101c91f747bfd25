"""The long fuzzers' shared harness (tests/fuzz_harness.py) sorts what went wrong with an input:
a clean answer, bad output, a traceback, a hang past its CPU time."""

from __future__ import annotations

from tests import fuzz_harness
from tests.fuzz_harness import FuzzFailure


def test_each_way_an_input_goes_is_told_apart() -> None:
    value, verdict = fuzz_harness.attempt(lambda: 7, 5.0)
    assert value == 7 and verdict.finding is None

    def bad() -> int:
        raise FuzzFailure("a diagnostic without its code")

    value, verdict = fuzz_harness.attempt(bad, 5.0)
    assert value is None and verdict.finding == fuzz_harness.BAD_OUTPUT
    assert verdict.why == "a diagnostic without its code"

    def crash() -> int:
        table: dict[str, int] = {}
        return table["missing"]

    value, verdict = fuzz_harness.attempt(crash, 5.0)
    assert verdict.finding == fuzz_harness.TRACEBACK and "KeyError: 'missing'" in verdict.why

    def spin() -> int:
        while True:
            pass

    value, verdict = fuzz_harness.attempt(spin, 0.2)
    assert verdict.finding == fuzz_harness.HANG and verdict.why == "no answer after 0.2 s"


def test_the_tally_counts_findings_by_kind() -> None:
    tally = fuzz_harness.Tally(3, counts={"played": 0})
    tally.record("deep", fuzz_harness.Verdict(None, "", 0.5), "input 0")
    tally.record("deep", fuzz_harness.Verdict(fuzz_harness.HANG, "no answer", 11.0), "input 1")
    tally.record("bytes", fuzz_harness.Verdict(fuzz_harness.TRACEBACK, "KeyError", 0.1), "input 2")
    tally.count("played", 2)
    assert tally.failed == 2 and tally.failing_kinds == {"deep": 1, "bytes": 1}
    assert tally.slowest_input == "input 1" and tally.over_ten_seconds == 1
    assert "3/3 inputs  played 2  tracebacks 1  hangs 1  bad output 0" in tally.line()
    assert "failing inputs by kind: bytes 1, deep 1" in tally.summary()
