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
import functools
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from paxc.compiler import ast, codegen, project
from paxc.compiler.diagnostics import Diagnostic
from paxc.compiler.project import CompileResult, compile_paths
from paxc.compiler.render import card_text
from paxc.compiler.source import SourceFile
from tests import fuzz_harness
from tests.compiler.fuzz_inputs import KINDS, FuzzInput, draw
from tests.conftest import REPO
from tests.fuzz_harness import FuzzFailure
from tests.test_static_checks import namespace_view


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
    may rightly pass (another card file's error; the vocabulary's, when `name` names no game)."""
    shown = f"cards/{item.game}/{name}:"
    return not any(line.startswith(shown) for line in report.splitlines())


def _check_diagnostics(result: CompileResult, report: str) -> None:
    for diagnostic in result.diagnostics:
        if f"[{diagnostic.code.value}]" not in report:
            raise FuzzFailure(f"a diagnostic without its code:\n{report}")
        source = result.sources.get(diagnostic.span.path)
        lines = len(source.line_starts) if source is not None else None
        if diagnostic.span.line < 1 or (lines is not None and diagnostic.span.line > lines):
            raise FuzzFailure(f"a diagnostic outside its file:\n{report}")


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


def _load(folder: Path) -> FuzzInput:
    """A saved input: `folder/cards/<game>/` with its game.pax and card files."""
    (game,) = [path for path in (folder / "cards").iterdir() if path.is_dir()]
    files = tuple(
        (path.relative_to(game).as_posix(), path.read_bytes())
        for path in sorted(game.rglob("*.pax"))
        if path != game / "game.pax"
    )
    kind = folder.name.split("-", 2)[-1]
    return FuzzInput(kind, (game / "game.pax").read_bytes(), files, game.name)


def _replay(saved: Path) -> int:
    still = 0
    for folder in sorted(path for path in saved.iterdir() if (path / "cards").is_dir()):
        with tempfile.TemporaryDirectory(prefix="paxc-fuzz-") as scratch:
            try:
                check_input(_load(folder), Path(scratch) / "project")
                verdict = "passes now"
            except BaseException as error:  # noqa: B036 - every failure is reported
                if isinstance(error, KeyboardInterrupt):
                    raise
                still += 1
                verdict = f"still fails: {type(error).__name__}: {str(error).splitlines()[0][:150]}"
        print(f"{folder.name}: {verdict}")
    return 1 if still else 0


def _remember_parses() -> None:
    """Parse each text once: most inputs share a real vocabulary, and the check of each file
    alone parses again what the whole game's check parsed. Parsing is pure and its trees are
    frozen, so this changes no result; it makes a run about twice as fast."""
    parse = vars(project)["parse"]  # the parser's, as the front end imported it
    remembered: dict[tuple[str, str], tuple[ast.File, list[Diagnostic]]] = {}

    def remembering(source: SourceFile) -> tuple[ast.File, list[Diagnostic]]:
        key = (source.display_path, source.text)
        if key not in remembered:
            if len(remembered) >= 64:
                remembered.clear()
            remembered[key] = parse(source)
        tree, diagnostics = remembered[key]
        return tree, list(diagnostics)

    vars(project)["parse"] = remembering


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.fuzz_compiler",
        description=(
            "Fuzz the compiler with generated cards, deep nesting, huge numbers, bad bytes and "
            "mutated files; compile what passes the check and run mypy --strict over it in batches."
        ),
    )
    fuzz_harness.add_options(parser, KINDS, REPO / "build" / "fuzz-failures")
    parser.add_argument("--batch", type=int, default=400, help="inputs that pass per mypy run (default 400)")
    options = parser.parse_args(argv)
    if options.replay is not None:
        return _replay(options.replay)
    _remember_parses()
    rng = random.Random(options.seed)
    tally = fuzz_harness.Tally(options.inputs, counts={"passed check": 0, "mypy-checked": 0})
    compiled_modules = mypy_failures = 0
    with tempfile.TemporaryDirectory(prefix="paxc-fuzz-") as folder:
        root, batch = Path(folder) / "project", Path(folder) / "batch"
        pending: list[tuple[int, FuzzInput, str]] = []

        def flush() -> None:
            nonlocal mypy_failures
            if not pending:
                return
            cache = REPO / "build" / f"fuzz-mypy-cache-{options.seed}"
            status, report = _mypy(batch, [name for _, _, name in pending], cache)
            tally.count("mypy-checked", len(pending))
            if status != 0:
                mypy_failures += 1
                for index, item, name in pending:
                    if f"{name}/" in report or f"{name}." in report:
                        _save(options.save, index, item, report)
                print(f"\nmypy --strict failed:\n{report}", file=sys.stderr)
            shutil.rmtree(batch, ignore_errors=True)
            pending.clear()

        stopping = fuzz_harness.stop_on_sigterm()
        for index in range(options.inputs):
            if stopping:
                print(f"\nstopped after {index:,} inputs", file=sys.stderr)
                break
            item = draw(rng, options.kind)
            name = f"fz{index:06d}"
            # Every input of several files is checked file by file too; one in three of the others.
            agreement = len(item.files) > 1 or item.kind == "vocabulary" or index % 3 == 0
            files, verdict = fuzz_harness.attempt(
                functools.partial(check_input, item, root, package=name, agreement=agreement), options.timeout
            )
            tally.record(item.kind, verdict, f"input {index} ({item.describe()})")
            if verdict.finding is not None:
                _save(options.save, index, item, verdict.why)
            if files is not None:
                tally.count("passed check", 1)
                compiled_modules += len(files)
                _write_package(batch, name, files)
                pending.append((index, item, name))
                if len(pending) >= options.batch:
                    flush()
            tally.progress(index, 100)
        flush()
    print("\r" + tally.line(), file=sys.stderr)
    print(tally.summary())
    print(
        f"{tally.counts['passed check']:,} passed check, {compiled_modules:,} generated modules compiled, "
        f"{tally.counts['mypy-checked']:,} inputs' code checked by mypy --strict; mypy runs failed {mypy_failures}"
    )
    if tally.failed or mypy_failures:
        print(f"failing inputs saved under {options.save}", file=sys.stderr)
    return 1 if tally.failed or mypy_failures else 0


if __name__ == "__main__":
    sys.exit(main())
