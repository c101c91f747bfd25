"""The long fuzz of scenario files (`*.paxtest`, `paxc test`): hostile scenario files made from the
project's own (tests/scenarios/): characters and tokens mutated, lines of other scenarios spliced
in, expectations nested thousands deep, huge numbers, bad bytes, damaged files. Each is checked
as `paxc test` checks it before running, and every scenario the check accepts is played.

    .venv/bin/python -m tests.fuzz_scenarios --inputs 2000 --seed 1

It fails (exit status 1) on any traceback out of the check or a run, any diagnostic without its
code or outside its file, any input whose check takes longer than --timeout seconds of CPU (a
hang), and any scenario the check accepted whose run stopped on an error of the program rather
than of the scenario (a KeyError, a TypeError...: `paxc test` would show a designer a Python
error for a file it called good) or on a decision breaking the game's invariants. Each failing input is saved under --save, with why, for
replaying (`--replay FOLDER`, or `paxc test FILE`). The suite runs a short version of it
(tests/compiler/test_fuzz_scenarios.py).
"""

from __future__ import annotations

import argparse
import functools
import random
import re
import shutil
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from paxc.compiler import scenarios
from paxc.compiler.project import CompileResult
from paxc.runtime import games
from paxc.runtime import scenarios as played
from tests import fuzz_harness
from tests.compiler.fuzz_inputs import bad_bytes, damage, mutate, mutate_tokens, tokens_of
from tests.conftest import REPO
from tests.fuzz_harness import FuzzFailure

# The scenario files of the project, by game: what the inputs are made from.
REAL_SCENARIOS: dict[str, list[tuple[str, str]]] = {
    folder.name: [(path.name, path.read_text(encoding="utf-8")) for path in sorted(folder.glob("*.paxtest"))]
    for folder in sorted((REPO / "tests" / "scenarios").iterdir())
    if folder.is_dir()
}
KINDS = ("mutated", "tokens", "lines", "deep", "number", "bytes", "damaged")
# Mostly inputs that may pass the check and reach a run (spliced lines), deep ones least: each
# costs the parser up to a few seconds.
WEIGHTS = (3, 3, 6, 1, 2, 1, 1)
# What says the program failed, not the scenario (the names `_said` puts before a message). A run
# may rightly stop on the scenario's own mistakes, which the game reports in words, as ValueError
# (a card put where it cannot go, a setting out of range), or as an option not offered.
_PROGRAM_ERROR = re.compile(
    r"\b(KeyError|IndexError|TypeError|AttributeError|AssertionError|NameError|UnboundLocalError|"
    r"ZeroDivisionError|RecursionError|OverflowError|StopIteration|RuntimeError|NotImplementedError|"
    r"UnicodeError|MemoryError|SystemError|LookupError|ArithmeticError)\b"
)


@dataclass(frozen=True)
class ScenarioInput:
    """One scenario file, for a game of the project: `data` its bytes."""

    kind: str
    game: str
    data: bytes

    def describe(self) -> str:
        return f"{self.kind}: {self.game}, {len(self.data):,} bytes"


def draw(rng: random.Random, kind: str | None = None) -> ScenarioInput:
    kind = kind or rng.choices(KINDS, WEIGHTS)[0]
    game = rng.choice(sorted(REAL_SCENARIOS))
    _, text = rng.choice(REAL_SCENARIOS[game])
    if kind == "mutated":
        return ScenarioInput(kind, game, mutate(rng, text).encode())
    if kind == "tokens":
        return ScenarioInput(kind, game, mutate_tokens(rng, text).encode())
    if kind == "lines":
        return ScenarioInput(kind, game, _spliced(rng, game, text).encode())
    if kind == "deep":
        return ScenarioInput(kind, game, _deep(rng, text).encode())
    if kind == "number":
        return ScenarioInput(kind, game, _huge_number(rng, text).encode())
    if kind == "bytes":
        return ScenarioInput(kind, game, bad_bytes(rng, text.encode()))
    return ScenarioInput(kind, game, damage(rng, text.encode()))


def _body_lines(text: str) -> list[str]:
    """The lines inside scenarios (position lines, decisions, expectations), comments left out."""
    return [line for line in text.splitlines() if line.startswith("  ") and not line.strip().startswith("#")]


def _spliced(rng: random.Random, game: str, text: str) -> str:
    """`text` with 1 to 6 of its scenarios' lines dropped, moved, or replaced by lines of the
    game's other scenarios: well-formed files whose positions, decisions and expectations do not
    belong together, which is what reaches a run."""
    donors = [line for _, other in REAL_SCENARIOS[game] for line in _body_lines(other)]
    lines = text.splitlines()
    inside = [index for index, line in enumerate(lines) if line.startswith("  ")]
    for _ in range(rng.randint(1, 6)):
        if not inside:
            break
        at = rng.choice(inside)
        action = rng.randrange(4)
        if action == 0:
            lines[at] = rng.choice(donors)
        elif action == 1:
            lines.insert(at, rng.choice(donors))
        elif action == 2:
            lines[at] = ""
        else:
            other = rng.choice(inside)
            lines[at], lines[other] = lines[other], lines[at]
    return "\n".join(lines) + "\n"


def _deep(rng: random.Random, text: str) -> str:
    """An expectation nested up to 10,000 deep put in the file's first scenario."""
    depth = int(10 ** rng.uniform(1, 4))
    shape = rng.randrange(4)
    if shape == 0:
        expression = "not " * depth + "(1 == 1)"
    elif shape == 1:
        expression = "(" * depth + "1" + ")" * depth + " == 1"
    elif shape == 2:
        expression = "1" + " + 1" * depth + " > 0"
    else:
        expression = "-" * depth + "1 == 1"
    line = f"  expect {expression}"
    at = text.find("\n}")
    return text[:at] + "\n" + line + text[at:] if at >= 0 else text + "\n" + line + "\n"


def _huge_number(rng: random.Random, text: str) -> str:
    """One number of the file made huge (up to 5,000 digits), negative or zero."""
    tokens = tokens_of(text)
    numbers = [index for index, token in enumerate(tokens) if token.isdigit()]
    if not numbers:
        return text
    at = rng.choice(numbers)
    tokens[at] = rng.choice(["0", "-1", "9" * rng.randint(10, 5000), str(2**63), str(2**64 + 1)])
    return "".join(tokens)


def check_input(item: ScenarioInput, root: Path) -> int:
    """Check the input as `paxc test` would and play every scenario the check accepts. Returns
    how many were played; raises FuzzFailure (or whatever escaped) on a finding."""
    folder = root / "tests" / "scenarios"
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    path = folder / f"{item.game}.paxtest"
    path.write_bytes(item.data)
    loaded = scenarios.load([path], root)
    report = loaded.render_diagnostics()
    for diagnostic in loaded.diagnostics:
        if not diagnostic.code.value or f"[{diagnostic.code.value}]" not in report:
            raise FuzzFailure(f"a diagnostic without its code:\n{report}")
        source = loaded.sources.get(diagnostic.span.path)
        if source is not None and not 1 <= diagnostic.span.line <= len(source.line_starts):
            raise FuzzFailure(f"a diagnostic outside its file:\n{report}")
    if loaded.diagnostics:
        return 0
    for scenario in loaded.scenarios:
        result = played.run(scenario, _kit(scenario.game))
        for failure in result.failures:
            said = " ".join([failure.message, *failure.details])
            # Invariants broken by a decision: the rules left a legal position (the position lines
            # are checked as they are set) for one the game cannot have.
            if _PROGRAM_ERROR.search(said) or failure.message == played.INVARIANTS_BROKEN:
                raise FuzzFailure(
                    f"scenario {scenario.name!r}, checked clean, stopped on an error of the program:\n"
                    f"{failure.where.path}:{failure.where.line}: {said}"
                )
    return len(loaded.scenarios)


_KITS: dict[str, games.GameKit] = {}


def _kit(game: str) -> games.GameKit:
    if game not in _KITS:
        _KITS[game] = games.load_kit(games.find(game))
    return _KITS[game]


def remembering_compiles(compile_paths: Callable[..., CompileResult]) -> Callable[..., CompileResult]:
    """`compile_paths` compiling each game's cards once: every input's check compiles the game it
    names, the same unchanged cards each time (the harness writes no card file). Compiling is
    pure, so no result changes; it makes a run several times as fast."""
    remembered: dict[tuple[object, ...], CompileResult] = {}

    def remembering(paths: list[Path], root: Path, texts: object = None) -> CompileResult:
        if texts:
            return compile_paths(paths, root, texts=texts)
        key = (tuple(paths), root)
        if key not in remembered:
            remembered[key] = compile_paths(paths, root)
        return remembered[key]

    return remembering


def _save(save: Path, index: int, item: ScenarioInput, why: str) -> None:
    folder = save / f"scenario-{index:06d}-{item.kind}"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{item.game}.paxtest").write_bytes(item.data)
    (folder / "why.txt").write_text(why, encoding="utf-8")


def _replay(saved: Path) -> int:
    still = 0
    for folder in sorted(path for path in saved.iterdir() if path.is_dir()):
        (path,) = folder.glob("*.paxtest")
        item = ScenarioInput(folder.name.split("-", 2)[-1], path.stem, path.read_bytes())
        with tempfile.TemporaryDirectory(prefix="paxc-fuzz-") as scratch:
            try:
                check_input(item, Path(scratch))
                verdict = "passes now"
            except BaseException as error:  # noqa: B036 - every failure is reported
                if isinstance(error, KeyboardInterrupt):
                    raise
                still += 1
                verdict = f"still fails: {type(error).__name__}: {str(error).splitlines()[0][:150]}"
        print(f"{folder.name}: {verdict}")
    return 1 if still else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.fuzz_scenarios",
        description=(
            "Fuzz scenario files (paxc test) made from the project's own: mutated, spliced, deeply "
            "nested, huge numbers, bad bytes; check each, and play every scenario the check accepts."
        ),
    )
    fuzz_harness.add_options(parser, KINDS, REPO / "build" / "fuzz-scenario-failures")
    options = parser.parse_args(argv)
    if options.replay is not None:
        return _replay(options.replay)
    vars(scenarios)["compile_paths"] = remembering_compiles(vars(scenarios)["compile_paths"])
    rng = random.Random(options.seed)
    tally = fuzz_harness.Tally(options.inputs, counts={"scenarios checked clean and played": 0})
    stopping = fuzz_harness.stop_on_sigterm()
    with tempfile.TemporaryDirectory(prefix="paxc-fuzz-") as folder:
        root = Path(folder)
        for index in range(options.inputs):
            if stopping:
                print(f"\nstopped after {index:,} inputs", file=sys.stderr)
                break
            item = draw(rng, options.kind)
            played_now, verdict = fuzz_harness.attempt(
                functools.partial(check_input, item, root), options.timeout
            )
            tally.record(item.kind, verdict, f"input {index} ({item.describe()})")
            tally.count("scenarios checked clean and played", played_now or 0)
            if verdict.finding is not None:
                _save(options.save, index, item, verdict.why)
            tally.progress(index, 50)
    print("\r" + tally.line(), file=sys.stderr)
    print(tally.summary())
    if tally.failed:
        print(f"failing inputs saved under {options.save}", file=sys.stderr)
    return 1 if tally.failed else 0


if __name__ == "__main__":
    sys.exit(main())
