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

Two outcomes of a game are counted apart from the contract's breaks, their files saved apart:
a game that cannot end ("no end": the session finds no decision left after its bound of choices
answered alone, or the game passes its bound of decisions; `check` refuses the cards that do this
whenever they are in effect, `game-cannot-end`, and accepts those that do it only under a
condition), saved under --save/no-end; and a game past --cpu-limit seconds of CPU time (an
endless game with the listing compared at every decision costs minutes), stopped there and saved
under --save/over-limit. Neither makes the run exit with 1.
"""

from __future__ import annotations

import argparse
import contextlib
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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from paxc.compiler import codegen
from paxc.compiler.project import compile_paths
from paxc.runtime.commands import game_seeds
from tests.card_generator import card_file
from tests.conftest import REPO
from tests.test_generated_cards import CARDS_PER_FILE, FIRST_NUMBER, import_module, play_with, vocabulary
from tests.test_static_checks import namespace_view

GAMES = ("pamir", "porfiriana")
CPU_LIMIT = 120.0  # CPU seconds a game may take (--cpu-limit); one of printed cards: under 1 s

# How a game that cannot end says so: the session's bound of one-option choices answered alone
# (runtime/core/session.py, MAX_FORCED_CHOICES) or the bound of decisions (commands.MAX_DECISIONS).
NO_END = ("the game cannot go on", "no end after")

# A game's outcomes, and the folder under --save its file goes to when it has one (the worst of
# its games: broken, then no end, then over the limit).
BROKEN, NO_END_GAME, OVER_LIMIT = "broken", "no end", "over the limit"
FOLDERS = {BROKEN: "", NO_END_GAME: "no-end", OVER_LIMIT: "over-limit"}


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
    broken: int = 0  # files that broke the contract
    # Games, and files, of each outcome but a clean end (BROKEN, NO_END_GAME, OVER_LIMIT).
    game_outcomes: Counter[str] = field(default_factory=Counter)
    file_outcomes: Counter[str] = field(default_factory=Counter)
    slowest: float = 0.0  # the most CPU seconds a game took that ended within the limit

    def line(self, total: int, started: float) -> str:
        rate = self.files / max(time.monotonic() - started, 1e-9)
        return (
            f"{self.files:,}/{total:,} files  refused by check {self.refused:,}  "
            f"typed {self.typed:,}  played {self.played:,} ({self.games:,} games)  "
            f"broken {self.broken}  no end {self.game_outcomes[NO_END_GAME]}  "
            f"over the limit {self.game_outcomes[OVER_LIMIT]}  {rate:.1f}/s"
        )


class OverLimit(BaseException):
    """A game past its CPU-time limit, raised by the timer. Not an Exception: the game loop
    reports every Exception as the game's error, and this is no error of the game."""


@contextlib.contextmanager
def cpu_limit(seconds: float) -> Iterator[None]:
    """OverLimit raised in the block once the process has spent `seconds` of CPU time in it (the
    profiling timer counts this process's user and system time, whatever the machine's load)."""
    armed = [True]

    def over(signum: int, frame: object) -> None:
        if armed[0]:
            raise OverLimit(f"over the limit of {seconds:g} s of CPU time")

    previous = signal.signal(signal.SIGPROF, over)
    signal.setitimer(signal.ITIMER_PROF, seconds)
    try:
        yield
    finally:
        armed[0] = False
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)


@dataclass
class Played:
    """A file's games: each game's seed, its outcome (None: it ended cleanly) and what it said."""

    outcomes: list[tuple[int, str | None, str]] = field(default_factory=list)
    slowest: float = 0.0

    def worst(self) -> str | None:
        found = {outcome for _, outcome, _ in self.outcomes}
        return next((o for o in (BROKEN, NO_END_GAME, OVER_LIMIT) if o in found), None)

    def why(self) -> str:
        return "\n".join(f"seed {seed}: {said}" for seed, outcome, said in self.outcomes if outcome)


def judged(error: str) -> str:
    """A game's error: one that says the game cannot end, or one that breaks the contract."""
    first = error.splitlines()[0] if error else ""
    return NO_END_GAME if any(words in first for words in NO_END) else BROKEN


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


def play_file(
    item: Pending, games: int, seed: int, seeds: Sequence[int] = (), limit: float = CPU_LIMIT
) -> Played:
    """`games` random games with the file's cards on top of the deck (or the games of `seeds`,
    each a game's own seed), each stopped past `limit` seconds of CPU time, the listing's cheap
    answers compared with a plain search at every decision (tests/listing_checks.py): a file's
    modifiers are what could make them differ."""
    module = import_module(item.module)
    numbers = range(FIRST_NUMBER, FIRST_NUMBER + CARDS_PER_FILE)
    cards: list[Any] = [getattr(module, f"CARD_{n}") for n in numbers]
    played = Played()
    for game_seed in seeds or game_seeds(seed, games):
        began = time.process_time()
        try:
            with cpu_limit(limit):
                errors = play_with(item.game, cards, 0, seeds=[game_seed], listings=True)
        except OverLimit as over:
            played.outcomes.append((game_seed, OVER_LIMIT, str(over)))
            continue
        said = "\n".join(error.removeprefix(f"seed {game_seed}: ") for error in errors)
        played.outcomes.append((game_seed, judged(said) if errors else None, said))
        played.slowest = max(played.slowest, time.process_time() - began)
    return played


def save(folder: Path, item: Pending, why: str) -> None:
    target = folder / f"{item.game}-{item.index:06d}"
    target.mkdir(parents=True, exist_ok=True)
    (target / "cards.pax").write_text(item.text, encoding="utf-8")
    (target / "why.txt").write_text(why, encoding="utf-8")
    print(f"\n{item.game} file {item.index}: {why.splitlines()[0] if why else ''} (saved in {target})")


def record(tally: Tally, item: Pending, played: Played, folder: Path) -> None:
    """A file's games counted, and the file saved where its worst game says."""
    tally.played += 1
    tally.games += len(played.outcomes)
    tally.slowest = max(tally.slowest, played.slowest)
    tally.game_outcomes.update(outcome for _, outcome, _ in played.outcomes if outcome)
    worst = played.worst()
    if worst is None:
        return
    tally.file_outcomes[worst] += 1
    tally.broken += worst == BROKEN
    save(folder / FOLDERS[worst], item, played.why())


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
                seed = rng.randrange(2**32)
                try:
                    played = play_file(item, options.games, seed, limit=options.cpu_limit)
                except Exception:  # importing the module, or joining its cards to the game
                    played = Played([(seed, BROKEN, traceback.format_exc())])
                record(tally, item, played, options.save)
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
    games_of, files_of = tally.game_outcomes, tally.file_outcomes
    print(
        f"\n{tally.files:,} files of {CARDS_PER_FILE} cards ({', '.join(games)}, seed {options.seed}) "
        f"in {time.monotonic() - started:.0f} s: {tally.refused:,} refused by check ({refusals or 'none'}); "
        f"{tally.typed:,} passed mypy --strict, {tally.played:,} imported and played in "
        f"{tally.games:,} random games; {tally.broken} broke the contract "
        f"({games_of[BROKEN]} games); games that cannot end: {games_of[NO_END_GAME]} "
        f"({files_of[NO_END_GAME]} files); games over {options.cpu_limit:g} s of CPU: "
        f"{games_of[OVER_LIMIT]} ({files_of[OVER_LIMIT]} files); the slowest game within it "
        f"{tally.slowest:.1f} s of CPU"
    )
    return 1 if tally.broken else 0


def replay(folder: Path, games: int, limit: float = CPU_LIMIT) -> int:
    """Each saved file again: checked, typed, and played in the games that failed (a folder of
    files saved apart, `no-end` or `over-limit`, too); which still break the contract, and which
    games still cannot end or pass the limit."""
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
            if module in errors:
                still += 1
                print(f"{saved.name}: still fails: {errors[module].splitlines()[0]}")
                continue
            played = play_file(item, games, 0, seeds, limit)
            worst = played.worst()
            still += worst == BROKEN
            said = next((w for _, o, w in played.outcomes if o == worst), "")
            print(f"{saved.name}: {'passes' if worst is None else f'{worst}: ' + said.splitlines()[0]}")
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
    parser.add_argument(
        "--cpu-limit",
        type=float,
        default=CPU_LIMIT,
        help=f"seconds of CPU time a game may take before it is stopped, counted and its file saved "
        f"under SAVE/over-limit (default {CPU_LIMIT:g})",
    )
    parser.add_argument("--replay", type=Path, help="check again the files saved under this folder")
    options = parser.parse_args(argv)
    if options.replay is not None:
        return replay(options.replay, options.games, options.cpu_limit)
    return run(options)


if __name__ == "__main__":
    sys.exit(main())
