"""The long fuzz of the compiler: many hostile inputs (tests/compiler/fuzz_inputs.py: generated
cards, nesting, huge numbers and names, bad bytes, and mutations of the real card files and
vocabularies at the token, block and byte level, duplicated numbers, colliding file names), each
checked as `paxc check` and `paxc build` would and each of its files as `paxc check FILE` would
(they must agree); the code generated for every input that passes the check is compiled by
Python and, in batches, checked with `mypy --strict`.

    .venv/bin/python -m tests.fuzz_compiler --inputs 20000 --seed 1

It fails (exit status 1) on any traceback, any input that takes longer than --timeout seconds (a
hang), any disagreement between `check FILE` and the whole game's check, any generated module
that Python does not compile, and any mypy error; each failing input is saved under --save for
replaying (a project folder: `paxc --root FOLDER check`). The suite runs a short version of it (tests/compiler/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType

from paxc.compiler import codegen
from paxc.compiler.project import CompileResult, compile_paths
from paxc.compiler.render import card_text
from tests.compiler.fuzz_inputs import KINDS, FuzzInput, draw
from tests.conftest import REPO
from tests.test_static_checks import namespace_view


class FuzzFailure(AssertionError):
    """An input the compiler mishandled: the message says how."""


def check_input(
    item: FuzzInput, root: Path, package: str = "paxc.generated", *, agreement: bool = True
) -> dict[str, str] | None:
    """Compile `item` as its game's folder in the project folder `root` (rewritten each time).
    Returns the generated files (importing each other as `package`) when the input passes the check, else None once its diagnostics
    are found located and coded; raises FuzzFailure (or whatever the compiler raised) otherwise.

    With `agreement`, each file is also checked alone as `paxc check FILE` checks it (against
    the rest of its game): it must pass exactly when the whole game does (one code path)."""
    cards = root / "cards"
    if cards.exists():
        shutil.rmtree(cards)
    game = cards / item.game
    game.mkdir(parents=True)
    (root / "grammar").mkdir(exist_ok=True)
    (game / "game.pax").write_bytes(item.vocabulary)
    for name, data in item.files:
        (game / name).parent.mkdir(parents=True, exist_ok=True)
        (game / name).write_bytes(data)
    result = compile_paths([cards], root)
    report = result.render_diagnostics()
    if agreement:
        _check_agreement(item, root, result.ok, report)
    if not result.ok:
        _check_diagnostics(result, report)
        return None
    if item.game not in result.games:
        return None
    files = codegen.generate_game(result.games[item.game], package=package)
    for name, text in files.items():
        try:
            compile(text, name, "exec")
        except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
            raise FuzzFailure(f"generated {name} does not compile: {error!r}") from error
    for card in result.games[item.game].cards():
        card_text(card)
    return files


def _check_agreement(item: FuzzInput, root: Path, whole_ok: bool, report: str) -> None:
    """`paxc check FILE` of each file (and of the vocabulary) passes exactly when `paxc check`
    and `paxc build` of the whole game pass."""
    folder = root / "cards" / item.game
    for name in ["game.pax", *(name for name, _ in item.files)]:
        alone = compile_paths([folder / name], root, whole_games=True)
        if not alone.ok and whole_ok:
            raise FuzzFailure(
                f"check {name} fails while the whole game passes:\n{alone.render_diagnostics()}"
            )
        if alone.ok and not whole_ok and not _reported_elsewhere(item, name, report):
            raise FuzzFailure(f"check {name} passes while the whole game fails:\n{report}")


def _reported_elsewhere(item: FuzzInput, name: str, report: str) -> bool:
    """Whether every error of the whole game is in another file than `name`, which its own check
    may rightly pass: errors of another card file (not of the vocabulary, which every card file
    depends on), or of a file that collides with it only by its name."""
    shown = f"cards/{item.game}/{name}:"
    vocabulary = f"cards/{item.game}/game.pax:"
    located = [line for line in report.splitlines() if line.startswith("cards/")]
    return not any(line.startswith((shown, vocabulary)) for line in located)


def _check_diagnostics(result: CompileResult, report: str) -> None:
    for diagnostic in result.diagnostics:
        if f"[{diagnostic.code.value}]" not in report:
            raise FuzzFailure(f"a diagnostic without its code:\n{report}")
        source = result.sources.get(diagnostic.span.path)
        lines = len(source.line_starts) if source is not None else None
        if diagnostic.span.line < 1 or (lines is not None and diagnostic.span.line > lines):
            raise FuzzFailure(f"a diagnostic outside its file:\n{report}")


class _Hang(Exception):
    pass


def _alarm(signum: int, frame: FrameType | None) -> None:
    raise _Hang


@dataclass
class _Tally:
    inputs: int = 0
    passed: int = 0
    compiled_modules: int = 0
    mypy_checked: int = 0
    mypy_errors: int = 0
    tracebacks: int = 0
    hangs: int = 0
    bad_output: int = 0
    kinds: Counter[str] = field(default_factory=Counter)
    failing_kinds: Counter[str] = field(default_factory=Counter)
    slowest: float = 0.0
    slowest_input: str = ""
    over_ten_seconds: int = 0

    def line(self, total: int, started: float) -> str:
        rate = self.inputs / max(time.monotonic() - started, 1e-9)
        return (
            f"{self.inputs:,}/{total:,} inputs  passed check {self.passed:,}  "
            f"mypy-checked {self.mypy_checked:,}  tracebacks {self.tracebacks}  hangs {self.hangs}  "
            f"bad output {self.bad_output}  mypy errors {self.mypy_errors}  {rate:.0f}/s"
        )


def _mypy(batch: Path, packages: list[str], cache: Path) -> tuple[int, str]:
    """mypy --strict over the generated packages of a batch; (status, report). Runs with
    different seeds at once need caches of their own: their packages share names."""
    view = namespace_view(REPO / "build" / "typecheck")
    arguments = [arg for package in packages for arg in ("-p", package)]
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache)] + arguments,
        cwd=batch,
        env={**os.environ, "MYPYPATH": os.pathsep.join([str(batch), str(view)])},
        capture_output=True,
        text=True,
        check=False,
    )
    return completed.returncode, completed.stdout + completed.stderr


def _write_package(batch: Path, name: str, files: dict[str, str]) -> None:
    """The generated files of one input, as the package `name`."""
    for relative, text in files.items():
        target = batch / name / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")


def _save(save: Path, index: int, item: FuzzInput, why: str) -> None:
    folder = save / f"input-{index:06d}-{item.kind}" / "cards" / item.game
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.pax").write_bytes(item.vocabulary)
    for name, data in item.files:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    (folder.parent.parent / "why.txt").write_text(why, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.fuzz_compiler",
        description=(
            "Fuzz the compiler with generated cards, deep nesting, huge numbers, bad bytes and "
            "mutated files; compile what passes the check and run mypy --strict over it in batches."
        ),
    )
    parser.add_argument("--inputs", type=int, default=2000, help="how many inputs (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    parser.add_argument("--batch", type=int, default=400, help="inputs that pass per mypy run (default 400)")
    parser.add_argument(
        "--timeout", type=float, default=60.0, help="seconds after which an input counts as a hang"
    )
    parser.add_argument("--kind", choices=KINDS, help="only inputs of this kind")
    parser.add_argument(
        "--save", type=Path, default=REPO / "build" / "fuzz-failures", help="where failing inputs go"
    )
    options = parser.parse_args(argv)
    rng = random.Random(options.seed)
    tally = _Tally()
    signal.signal(signal.SIGALRM, _alarm)
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="paxc-fuzz-") as folder:
        root, batch = Path(folder) / "project", Path(folder) / "batch"
        pending: list[tuple[int, FuzzInput, str]] = []

        def flush() -> None:
            if not pending:
                return
            cache = REPO / "build" / f"fuzz-mypy-cache-{options.seed}"
            status, report = _mypy(batch, [name for _, _, name in pending], cache)
            tally.mypy_checked += len(pending)
            if status != 0:
                tally.mypy_errors += 1
                for index, item, name in pending:
                    if f"{name}/" in report or f"{name}." in report:
                        _save(options.save, index, item, report)
                print(f"\nmypy --strict failed:\n{report}", file=sys.stderr)
            shutil.rmtree(batch, ignore_errors=True)
            pending.clear()

        for index in range(options.inputs):
            item = draw(rng, options.kind)
            tally.kinds[item.kind] += 1
            begun = time.monotonic()
            name = f"fz{index:06d}"
            signal.setitimer(signal.ITIMER_REAL, options.timeout)
            try:
                files = check_input(item, root, package=name)
            except _Hang:
                tally.hangs += 1
                tally.failing_kinds[item.kind] += 1
                _save(options.save, index, item, f"no answer after {options.timeout} s")
                files = None
            except FuzzFailure as failure:
                tally.bad_output += 1
                tally.failing_kinds[item.kind] += 1
                _save(options.save, index, item, str(failure))
                files = None
            except BaseException as error:  # noqa: B036 - every traceback is a finding
                if isinstance(error, KeyboardInterrupt):
                    raise
                tally.tracebacks += 1
                tally.failing_kinds[item.kind] += 1
                _save(options.save, index, item, traceback.format_exc())
                files = None
            finally:
                signal.setitimer(signal.ITIMER_REAL, 0)
            took = time.monotonic() - begun
            if took > tally.slowest:
                tally.slowest, tally.slowest_input = took, f"input {index} ({item.describe()})"
            tally.over_ten_seconds += took > 10
            tally.inputs += 1
            if files is not None:
                tally.passed += 1
                tally.compiled_modules += len(files)
                _write_package(batch, name, files)
                pending.append((index, item, name))
                if len(pending) >= options.batch:
                    flush()
            if sys.stderr.isatty() or index % 500 == 0:
                print("\r" + tally.line(options.inputs, started), end="", file=sys.stderr, flush=True)
        flush()
    print("\r" + tally.line(options.inputs, started), file=sys.stderr)
    kinds = ", ".join(f"{kind} {count:,}" for kind, count in sorted(tally.kinds.items()))
    print(
        f"{tally.inputs:,} inputs ({kinds}) in {time.monotonic() - started:.0f} s; slowest "
        f"{tally.slowest:.2f} s: {tally.slowest_input}; {tally.over_ten_seconds} over 10 s; "
        f"{tally.passed:,} passed check, {tally.compiled_modules:,} generated "
        f"modules compiled, {tally.mypy_checked:,} inputs' code checked by mypy --strict; "
        f"tracebacks {tally.tracebacks}, hangs {tally.hangs}, bad output {tally.bad_output}, "
        f"mypy runs failed {tally.mypy_errors}"
    )
    if tally.failing_kinds:
        print(
            "failing inputs by kind: " + ", ".join(f"{k} {n}" for k, n in sorted(tally.failing_kinds.items()))
        )
    failed = tally.tracebacks + tally.hangs + tally.bad_output + tally.mypy_errors
    if failed:
        print(f"failing inputs saved under {options.save}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
