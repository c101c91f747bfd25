"""What the long fuzzers share (tests/fuzz_compiler.py, tests/fuzz_scenarios.py): their common
command-line options, one input tried under a limit of CPU time with what went wrong sorted
(a hang, bad output, a traceback), the tally and its progress line, and stopping on SIGTERM."""

from __future__ import annotations

import argparse
import signal
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import TypeVar

_T = TypeVar("_T")

HANG = "hang"
BAD_OUTPUT = "bad output"
TRACEBACK = "traceback"


class FuzzFailure(AssertionError):
    """An input the program mishandled without a traceback: the message says how."""


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Hang


def add_options(parser: argparse.ArgumentParser, kinds: Sequence[str], save: Path) -> None:
    """--inputs, --seed, --timeout, --kind, --save and --replay."""
    parser.add_argument("--inputs", type=int, default=2000, help="how many inputs (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    parser.add_argument(
        "--timeout", type=float, default=60.0, help="seconds of CPU after which an input counts as a hang"
    )
    parser.add_argument("--kind", choices=kinds, help="only inputs of this kind")
    parser.add_argument("--save", type=Path, default=save, help="where failing inputs go")
    parser.add_argument(
        "--replay",
        type=Path,
        metavar="FOLDER",
        help="check again the failing inputs saved under FOLDER (a --save folder) and say which still fail",
    )


@dataclass(frozen=True)
class Verdict:
    """How one input went: `finding` None when well, else HANG, BAD_OUTPUT or TRACEBACK, and why."""

    finding: str | None
    why: str
    seconds: float  # of CPU


def attempt(check: Callable[[], _T], timeout: float) -> tuple[_T | None, Verdict]:
    """Run `check` with at most `timeout` seconds of CPU (not of the clock: on a busy machine a
    niced run waits long for its turn); its value, and the verdict."""
    signal.signal(signal.SIGPROF, _alarm)
    begun = time.process_time()
    signal.setitimer(signal.ITIMER_PROF, timeout)
    try:
        value = check()
        finding, why = None, ""
    except _Hang:
        value, finding, why = None, HANG, f"no answer after {timeout} s"
    except FuzzFailure as failure:
        value, finding, why = None, BAD_OUTPUT, str(failure)
    except BaseException as error:  # noqa: B036 - every traceback is a finding
        if isinstance(error, KeyboardInterrupt):
            raise
        value, finding, why = None, TRACEBACK, traceback.format_exc()
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    return value, Verdict(finding, why, time.process_time() - begun)


@dataclass
class Tally:
    """What a run found so far; `counts` holds what each fuzzer counts besides (its own words)."""

    total: int
    inputs: int = 0
    findings: Counter[str] = field(default_factory=Counter)
    kinds: Counter[str] = field(default_factory=Counter)
    failing_kinds: Counter[str] = field(default_factory=Counter)
    counts: dict[str, int] = field(default_factory=dict)
    slowest: float = 0.0
    slowest_input: str = ""
    over_ten_seconds: int = 0
    started: float = field(default_factory=time.monotonic)

    def record(self, kind: str, verdict: Verdict, described: str) -> None:
        self.inputs += 1
        self.kinds[kind] += 1
        if verdict.finding is not None:
            self.findings[verdict.finding] += 1
            self.failing_kinds[kind] += 1
        if verdict.seconds > self.slowest:
            self.slowest, self.slowest_input = verdict.seconds, described
        self.over_ten_seconds += verdict.seconds > 10

    def count(self, name: str, more: int) -> None:
        self.counts[name] = self.counts.get(name, 0) + more

    @property
    def failed(self) -> int:
        return sum(self.findings.values())

    def line(self) -> str:
        rate = self.inputs / max(time.monotonic() - self.started, 1e-9)
        counted = "  ".join(f"{name} {value:,}" for name, value in self.counts.items())
        found = "  ".join(f"{name}s {self.findings[name]}" for name in (TRACEBACK, HANG)) + (
            f"  bad output {self.findings[BAD_OUTPUT]}"
        )
        return f"{self.inputs:,}/{self.total:,} inputs  {counted}  {found}  {rate:.1f}/s"

    def progress(self, index: int, every: int) -> None:
        if sys.stderr.isatty() or index % every == 0:
            print("\r" + self.line(), end="", file=sys.stderr, flush=True)

    def summary(self) -> str:
        """The closing lines: kinds drawn, time, the slowest input, and the findings."""
        kinds = ", ".join(f"{kind} {count:,}" for kind, count in sorted(self.kinds.items()))
        lines = [
            f"{self.inputs:,} inputs ({kinds}) in {time.monotonic() - self.started:.0f} s; slowest "
            f"{self.slowest:.2f} s of CPU: {self.slowest_input}; {self.over_ten_seconds} over 10 s; "
            f"tracebacks {self.findings[TRACEBACK]}, hangs {self.findings[HANG]}, "
            f"bad output {self.findings[BAD_OUTPUT]}"
        ]
        if self.failing_kinds:
            lines.append(
                "failing inputs by kind: "
                + ", ".join(f"{kind} {n}" for kind, n in sorted(self.failing_kinds.items()))
            )
        return "\n".join(lines)


def stop_on_sigterm() -> list[int]:
    """A list that SIGTERM appends to: the run finishes the input under way, then reports."""
    stopping: list[int] = []
    signal.signal(signal.SIGTERM, lambda signum, frame: stopping.append(signum))
    return stopping
