"""The long run of the property that `paxc check` is a contract (issue 24): many generated card
files per game, each checked; those it accepts are compiled, type-checked by mypy --strict, imported
and played in random games with every invariant checked after each decision.

The suite's property test (tests/test_generated_cards.py) draws the same cards through hypothesis,
a few at a time, one mypy run per file. This campaign draws them from a seeded generator and runs
mypy once per batch of files, which is what makes thousands of files affordable:

    .venv/bin/python -m tests.generated_cards_campaign --files 500 --seed 1
    .venv/bin/python -m tests.generated_cards_campaign --replay FOLDER

A file that breaks the contract (mypy refuses its code, importing it fails, or a game with it
raises or breaks an invariant) is saved under --save with the reason, and the run exits with 1;
--replay checks saved files again.
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paxc.compiler import codegen
from paxc.compiler.project import compile_paths
from tests.card_generator import card_file
from tests.conftest import REPO
from tests.test_generated_cards import CARDS_PER_FILE, FIRST_NUMBER, import_module, play_with, vocabulary
from tests.test_static_checks import namespace_view

GAMES = ("pamir", "porfiriana")


@dataclass
class Pending:
    """A file the checker accepted, waiting for its batch's mypy run."""

    game: str
    index: int
    text: str
    module: Path


@dataclass
class Tally:
    files: int = 0
    refused: int = 0
    refusals: Counter[str] = field(default_factory=Counter)
    typed: int = 0
    played: int = 0
    games: int = 0
    broken: int = 0

    def line(self, total: int, started: float) -> str:
        rate = self.files / max(time.monotonic() - started, 1e-9)
        return (
            f"{self.files:,}/{total:,} files  refused by check {self.refused:,}  "
            f"typed {self.typed:,}  played {self.played:,} ({self.games:,} games)  "
            f"broken {self.broken}  {rate:.1f}/s"
        )


def compile_text(game: str, text: str, scratch: Path, module: Path) -> list[str] | None:
    """The checker's codes for `text` (a card file of `game`), or None once it is accepted and its
    module written to `module`."""
    source = scratch / "cards" / game / "generated_cards.pax"
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(text, encoding="utf-8")
    result = compile_paths([source], REPO, whole_games=True)
    if not result.ok:
        return [diagnostic.code.value for diagnostic in result.diagnostics]
    (file,) = result.games[game].files
    module.write_text(codegen.card_module(result.games[game], file, package="paxc.generated"), "utf-8")
    return None


def mypy_batch(modules: list[Path], cache: Path) -> dict[Path, str]:
    """mypy --strict over the modules at once, with the real runtime: each module's errors."""
    view = namespace_view(REPO / "build" / "typecheck")
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache), *map(str, modules)],
        cwd=REPO,
        env={**os.environ, "MYPYPATH": os.pathsep.join([str(view), str(REPO)])},
        capture_output=True,
        text=True,
        check=False,
    )
    errors: dict[Path, str] = {}
    report = completed.stdout + completed.stderr
    for module in modules:
        lines = [line for line in report.splitlines() if line.startswith(str(module) + ":")]
        if lines:
            errors[module] = "\n".join(lines)
    if completed.returncode != 0 and not errors:
        # mypy failed and named no module of ours: the whole batch is suspect.
        errors = {module: report for module in modules}
    return errors


def play_file(item: Pending, games: int, seed: int, seeds: Sequence[int] = ()) -> list[str]:
    """The errors of `games` random games with the file's cards on top of the deck (or of the
    games of `seeds`, each a game's own seed), the listing's cheap answers compared with a plain
    search at every decision (tests/listing_checks.py): a file's modifiers are what could make
    them differ."""
    module = import_module(item.module)
    numbers = range(FIRST_NUMBER, FIRST_NUMBER + CARDS_PER_FILE)
    cards: list[Any] = [getattr(module, f"CARD_{n}") for n in numbers]
    return play_with(item.game, cards, seed, games=games, seeds=seeds, listings=True)


def save(folder: Path, item: Pending, why: str) -> None:
    target = folder / f"{item.game}-{item.index:06d}"
    target.mkdir(parents=True, exist_ok=True)
    (target / "cards.pax").write_text(item.text, encoding="utf-8")
    (target / "why.txt").write_text(why, encoding="utf-8")
    print(f"\n{item.game} file {item.index}: {why.splitlines()[0] if why else ''} (saved in {target})")


def run(options: argparse.Namespace) -> int:
    rng = random.Random(options.seed)
    games = GAMES if options.game == "both" else (options.game,)
    vocabularies = {game: vocabulary(game) for game in games}
    numbers = range(FIRST_NUMBER, FIRST_NUMBER + CARDS_PER_FILE)
    total = options.files * len(games)
    tally = Tally()
    stopping: list[int] = []  # SIGTERM: finish the batch under way, then report
    signal.signal(signal.SIGTERM, lambda signum, frame: stopping.append(signum))
    started = time.monotonic()
    cache = REPO / "build" / f"campaign-mypy-cache-{options.seed}"
    with tempfile.TemporaryDirectory(prefix="paxc-campaign-") as folder:
        scratch, batch_folder = Path(folder) / "project", Path(folder) / "modules"
        batch_folder.mkdir()
        pending: list[Pending] = []

        def flush() -> None:
            errors = mypy_batch([item.module for item in pending], cache) if pending else {}
            for item in pending:
                if item.module in errors:
                    tally.broken += 1
                    save(options.save, item, "mypy --strict:\n" + errors[item.module])
                    continue
                tally.typed += 1
                try:
                    failures = play_file(item, options.games, rng.randrange(2**32))
                except Exception:
                    failures = [traceback.format_exc()]
                tally.games += options.games
                tally.played += 1
                if failures:
                    tally.broken += 1
                    save(options.save, item, "\n".join(failures))
                item.module.unlink()
                print(f"\r{tally.line(total, started)}", end="", file=sys.stderr, flush=True)
            pending.clear()

        for index, game in itertools.product(range(options.files), games):
            if stopping:
                break
            text = card_file(game, vocabularies[game], rng.randint, numbers)
            module = batch_folder / f"campaign_{game}_{index:06d}.py"
            tally.files += 1
            refused = compile_text(game, text, scratch, module)
            if refused is not None:
                tally.refused += 1
                tally.refusals.update(set(refused))
            else:
                pending.append(Pending(game, index, text, module))
            print(f"\r{tally.line(total, started)}", end="", file=sys.stderr, flush=True)
            if len(pending) >= options.batch:
                flush()
        flush()
    if stopping:
        print(f"\nstopped after {tally.files:,} files", file=sys.stderr)
    refusals = ", ".join(f"{code} {count}" for code, count in tally.refusals.most_common())
    print(
        f"\n{tally.files:,} files of {CARDS_PER_FILE} cards ({', '.join(games)}, seed {options.seed}) "
        f"in {time.monotonic() - started:.0f} s: {tally.refused:,} refused by check ({refusals or 'none'}); "
        f"{tally.typed:,} passed mypy --strict, {tally.played:,} imported and played in "
        f"{tally.games:,} random games; {tally.broken} broke the contract"
    )
    return 1 if tally.broken else 0


def replay(folder: Path, games: int) -> int:
    """Each saved file again: checked, typed, and played in the games that failed; which still
    break the contract."""
    still = 0
    with tempfile.TemporaryDirectory(prefix="paxc-campaign-") as scratch:
        for saved in sorted(path for path in folder.iterdir() if (path / "cards.pax").is_file()):
            game, index = saved.name.rsplit("-", 1)
            text = (saved / "cards.pax").read_text(encoding="utf-8")
            module = Path(scratch) / f"replay_{game}_{index}.py"
            item = Pending(game, int(index), text, module)
            if compile_text(game, text, Path(scratch) / "project", module) is not None:
                print(f"{saved.name}: refused by check now")
                continue
            errors = mypy_batch([module], REPO / "build" / "campaign-mypy-cache-replay")
            # The games that failed, by the seeds the reasons name (else `games` new ones).
            why = (saved / "why.txt").read_text(encoding="utf-8")
            seeds = [int(seed) for seed in re.findall(r"^seed (\d+):", why, re.MULTILINE)]
            failures = [errors[module]] if module in errors else play_file(item, games, 0, seeds)
            still += bool(failures)
            print(f"{saved.name}: {'still fails: ' + failures[0].splitlines()[0] if failures else 'passes'}")
    return 1 if still else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.generated_cards_campaign",
        description="Draw card files from each game's vocabulary; check each; compile, type-check "
        "(one mypy run per batch), import and play in random games those check accepts.",
    )
    parser.add_argument("--files", type=int, default=100, help="files per game (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="the random seed (default 1)")
    parser.add_argument("--game", choices=(*GAMES, "both"), default="both")
    parser.add_argument("--games", type=int, default=5, help="random games per file (default 5)")
    parser.add_argument("--batch", type=int, default=100, help="files per mypy run (default 100)")
    parser.add_argument(
        "--save", type=Path, default=REPO / "build" / "campaign-failures", help="where failing files go"
    )
    parser.add_argument("--replay", type=Path, help="check again the files saved under this folder")
    options = parser.parse_args(argv)
    if options.replay is not None:
        return replay(options.replay, options.games)
    return run(options)


if __name__ == "__main__":
    sys.exit(main())
