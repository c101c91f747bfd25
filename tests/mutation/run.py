"""Mutation testing of the rules (`make mutation`): mutmut changes the rules code one small way at
a time (`>` into `>=`, a constant, a dropped condition...) and runs the fast scenario tests
against each change; a mutant no test notices is a rule the tests do not pin down.

    python -m tests.mutation.run                      # every rules module, in the order below
    python -m tests.mutation.run pamir/scoring        # some modules (paths under runtime/, globs too)
    python -m tests.mutation.run --report             # only the kill rates and survivors so far
    python -m tests.mutation.run --survivors pamir/scoring   # the survivors again, after new tests

mutmut finds the code under test by its file path, while paxc is imported as the namespace
`paxc` mapped onto the repository's folders, so the run works on a copy laid out as it is
imported: build/mutation/paxc/{runtime,generated,compiler,cards,grammar} plus tests/, where an
empty `paxc/__init__.py` makes the copy win over the editable install. Results are kept in
build/mutation/mutants/ between runs: a function whose code did not change keeps its verdicts,
so a second run only tries new or changed code (delete build/mutation to start afresh). Stop a
run with Ctrl-C: mutmut killed otherwise may leave a module's .meta file half-written (then
delete that file, and that module starts again).
Survivors reviewed so far, and why some are left, are in tests/mutation/survivors.md.
"""

from __future__ import annotations

import argparse
import filecmp
import fnmatch
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
STAGE = REPO / "build" / "mutation"
# Where each folder of the repository sits in the `paxc` namespace (as in pyproject.toml); the
# tests also read the cards where the repository keeps them.
COPIED = [("runtime", "paxc/runtime"), ("generated", "paxc/generated"), ("compiler", "paxc/compiler")]
COPIED += [("cards", "paxc/cards"), ("grammar", "paxc/grammar"), ("tests", "tests"), ("cards", "cards")]

# The rules packages, the modules most likely to hide boundary bugs first (the pieces and Wakhan's
# automaton, the troops and economy of Pax Porfiriana, then the flow of each game, the card-based
# actions and scoring). Wakhan is four modules since her split: `wakhan` (her decisions),
# `wakhan_cards` (her AI cards), `wakhan_turn`, `wakhan_actions`; `wakhan_telling` only tells.
FIRST = [
    "pamir/pieces",
    "pamir/wakhan",
    "pamir/wakhan_cards",
    "pamir/wakhan_turn",
    "pamir/wakhan_actions",
    "porfiriana/troops",
    "porfiriana/economy",
    "pamir/rules",
    "pamir/scoring",
    "pamir/card_actions",
    "porfiriana/solitaire",
    "porfiriana/rules",
    # The whole game as the session drives it: who takes a turn (Wakhan or Díaz by their
    # automaton, anybody else by the rules), who answers a seat's questions, who won (`returns`,
    # what the bots play for). Small, but rules: a mutant there plays another game.
    "pamir/game_rules",
    "porfiriana/game_rules",
]
RULES_PACKAGES = ["pamir", "porfiriana", "core"]
# What only shows, tells or wires things up, not rules: left out of the default run.
NOT_RULES = {"board", "labels", "story", "observe", "preview", "game", "narration", "style", "wakhan_telling"}
NOT_RULES |= {"card_lines", "invariants"}  # the table's lines of a card; what random playouts check
# Each game's `prospects`: how a seat stands, for the search bot's unfinished playouts, a guess
# weighed by play and not a rule (as core's `agents` and `search` below); a mutant there plays
# the same rules with a weaker or stronger bot.
NOT_RULES |= {"prospects"}
# Of runtime/core, what plays no part in deciding a game: the bots (`agents`, `search`), scenario
# positions set by hand (`arrange`), files and saves (`files`, `save_file`), card text, lookup,
# facts and errata shown or chosen before a game (`card_texts`, `card_lookup`, `card_facts`,
# `errata`), what a seat is shown (`observation`), the check of a game's rules at load
# (`implemented`), errors told in a card's terms (`card_errors`) and the import seam (`seam`).
# Its rules: abilities, decisions, determinize, lasting, made_once, memory, money, options, rng, rules_base,
# session, undo, watch, zones.
NOT_RULES |= {"agents", "search", "arrange", "files", "save_file", "card_texts", "card_lookup"}
NOT_RULES |= {"card_facts", "errata", "observation", "implemented", "card_errors", "seam"}

# The fast scenario tests: the tests of the two games' rules but those that play whole games
# (random playouts, observations all game long, every order of play: seconds each under mutmut's
# tracing, and they caught nothing a scenario missed), and for core its own fast tests too
# (`CORE_TESTS`: its small modules' own, the base of a game's rules through the example game,
# sessions, saves and take-backs, and test_watch's two short games). A run of one
# game's modules takes only that game's tests (mutmut traces every test of the selection once
# before it tries a mutant; a Pax Pamir module is never reached by Pax Porfiriana's tests).
CORE_TESTS = ["abilities", "decisions", "lasting", "memory", "money", "zones", "rules_base", "session"]
CORE_TESTS += ["undo_and_save_file", "watch", "rng", "determinize", "options"]
TESTS_OF = {
    # test_watch's games watch Pax Pamir's events through its hooks (`listens`), which no test of
    # tests/pamir asks with a watcher on.
    "pamir": ["tests/pamir", "tests/runtime/test_watch.py"],
    "porfiriana": ["tests/porfiriana"],
    "core": ["tests/pamir", "tests/porfiriana"] + [f"tests/runtime/test_{name}.py" for name in CORE_TESTS],
    # The base of a game's rules serves only a game of one's own (the example game), neither of
    # the two: their tests never reach it, and tracing them would only cost minutes.
    "core/rules_base": [f"tests/runtime/test_{name}.py" for name in CORE_TESTS],
}
# pytest's `-k` matches a word anywhere in a test's name or its file's: these are the words of the
# whole-game tests' names only. A scenario test whose name holds one is skipped by every run, its
# mutants seen as untested (a test of "a random card" did so until "random" became "random_games"):
# name a scenario test without them (`pytest --collect-only -k "random_games or ..."` lists the
# tests they match).
WHOLE_GAMES = ["random_games", "whole_games", "stay_hidden", "playouts", "reach_their_end", "observation"]
WHOLE_GAMES += ["every_order"]
FAST = " and ".join(f"not {word}" for word in WHOLE_GAMES)

# Lines left as they are: what the rules tell (narration is the story, tested by
# tests/runtime/test_narration.py over whole games, not the rules).
NOT_MUTATED = [r"^\s*narrate\("]

STATUS: dict[int | None, str] = {
    1: "killed",
    3: "killed",
    0: "survived",
    5: "no tests",
    33: "no tests",
    34: "skipped",
}
STATUS |= {36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout"}
STATUS |= {37: "type check", None: "not checked"}


def default_modules() -> list[str]:
    found = sorted(
        (
            f"{p.parent.name}/{p.stem}"
            for package in RULES_PACKAGES
            for p in (REPO / "runtime" / package).glob("*.py")
        ),
        key=lambda m: (RULES_PACKAGES.index(m.split("/")[0]), m),
    )
    found = [m for m in found if m.split("/")[1] not in NOT_RULES | {"__init__"}]
    return FIRST + [m for m in found if m not in FIRST]


def expand(patterns: list[str]) -> list[str]:
    every = sorted(
        f"{p.parent.relative_to(REPO / 'runtime')}/{p.stem}".lstrip("./")
        for p in (REPO / "runtime").rglob("*.py")
        if p.stem != "__init__"
    )
    chosen: list[str] = []
    for pattern in patterns:
        matched = [m for m in every if fnmatch.fnmatch(m, pattern.removesuffix(".py"))]
        if not matched:
            raise SystemExit(f"no module of runtime/ matches {pattern!r}")
        chosen += [m for m in matched if m not in chosen]
    return chosen


def stage() -> None:
    """Bring the copy up to date, keeping the times of unchanged files (mutmut compares them)."""
    for source, target in COPIED:
        _sync(REPO / source, STAGE / target)
    init = STAGE / "paxc" / "__init__.py"
    if not init.exists():
        init.write_text('"""The staged copy of paxc, imported in place of the installed one."""\n')
    # mutmut copies the other files (grammar, cards) into mutants/ only once: keep them current.
    mutants = STAGE / "mutants" / "paxc"
    if mutants.exists():
        for path in (STAGE / "paxc").rglob("*"):
            there = mutants / path.relative_to(STAGE / "paxc")
            if path.is_file() and path.suffix != ".py" and "__pycache__" not in path.parts:
                if not there.exists() or not filecmp.cmp(path, there, shallow=False):
                    there.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(path, there)


def _sync(source: Path, target: Path) -> None:
    target.mkdir(parents=True, exist_ok=True)
    wanted = {e.name for e in source.iterdir() if e.name not in {"__pycache__", ".paxc-cache"}}
    for name in wanted:
        entry, there = source / name, target / name
        if entry.is_dir():
            _sync(entry, there)
        elif not there.exists() or not filecmp.cmp(entry, there, shallow=False):
            shutil.copy2(entry, there)
    for old in target.iterdir():
        if old.name not in wanted:
            shutil.rmtree(old) if old.is_dir() else old.unlink()


def write_config(modules: list[str]) -> None:
    """mutmut's settings for the copy. The modules of a run are named at once, because mutmut
    learns which tests reach which function in one traced run of the tests (a few minutes); when
    the set of modules changes, that run is made again, and the verdicts already known are kept."""
    only = sorted(f"paxc/runtime/{m}.py" for m in modules)
    config = "\n".join(
        [
            "# Written by tests/mutation/run.py for each run; not the project's configuration.",
            "[tool.mutmut]",
            'source_paths = ["paxc"]',
            'also_copy = ["cards"]',
            f"only_mutate = {json.dumps(only)}",
            f"do_not_mutate_patterns = {json.dumps(NOT_MUTATED)}",
            f"pytest_add_cli_args_test_selection = {json.dumps(tests_for(modules))}",
            f"pytest_add_cli_args = {json.dumps(['-p', 'no:cacheprovider', '-k', FAST])}",
            "",
            "[tool.pytest.ini_options]",
            'norecursedirs = ["example_game", ".*", "mutants"]',
            'addopts = "-q"',
            "",
            "[tool.paxc]",
            'package = "paxc.generated"',
            "",
        ]
    )
    path = STAGE / "pyproject.toml"
    if path.exists() and f"only_mutate = {json.dumps(only)}" not in path.read_text():
        (STAGE / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    path.write_text(config)


def unmutated(modules: list[str]) -> None:
    """A module that joins a run after an earlier run copied it plain into mutants/ (it was not
    to be mutated then) would keep that copy, and no mutant: mutmut makes mutants again only of
    files newer than their copy. Such copies go (one mutmut mutated has its .meta file beside it)."""
    for module in modules:
        copy = STAGE / "mutants" / "paxc" / "runtime" / f"{module}.py"
        if copy.exists() and not copy.with_name(copy.name + ".meta").exists():
            copy.unlink()


def tests_for(modules: list[str]) -> list[str]:
    """The fast tests of the games the modules belong to (all of them for core), or the module's own."""
    tests: list[str] = []
    for module in modules:
        chosen = TESTS_OF.get(module) or TESTS_OF.get(module.split("/")[0], TESTS_OF["core"])
        tests += [t for t in chosen if t not in tests]
    return tests


def to_try(module: str, survivors: bool) -> list[str]:
    """The module's mutants without a verdict (and its survivors, with `survivors`), or a pattern
    for all of them before the first run (mutmut tries again every mutant it is given by name,
    so only these are given)."""
    meta = STAGE / "mutants" / "paxc" / "runtime" / f"{module}.py.meta"
    if not meta.exists():
        return [f"paxc.runtime.{module.replace('/', '.')}.*"]
    verdicts = json.loads(meta.read_text())["exit_code_by_key"]
    return [name for name, code in verdicts.items() if code is None or (survivors and code == 0)]


def results() -> dict[str, Counter[str]]:
    """Each mutated module's verdicts, and the survivors written to build/mutation/survivors.txt."""
    by_module: dict[str, Counter[str]] = {}
    survivors: list[str] = []
    for meta in sorted((STAGE / "mutants" / "paxc" / "runtime").rglob("*.py.meta")):
        module = str(meta.relative_to(STAGE / "mutants" / "paxc" / "runtime")).removesuffix(".py.meta")
        verdicts = json.loads(meta.read_text())["exit_code_by_key"]
        counts: Counter[str] = Counter(STATUS.get(code, "suspicious") for code in verdicts.values())
        if verdicts:
            by_module[module] = counts
        survivors += [name for name, code in verdicts.items() if code == 0]
    (STAGE / "survivors.txt").write_text("".join(f"{name}\n" for name in survivors))
    return by_module


def report(modules: list[str] | None) -> None:
    print(f"{'module':32} {'mutants':>7} {'killed':>6} {'survived':>8} {'other':>5}  kill rate")
    for module, counts in results().items():
        if modules is not None and module not in modules:
            continue
        total = sum(counts.values())
        killed, survived = counts["killed"] + counts["timeout"], counts["survived"]
        tried = killed + survived
        rate = f"{100 * killed / tried:.0f}%" if tried else "-"
        print(f"{module:32} {total:7} {killed:6} {survived:8} {total - tried:5}  {rate}")
    print("survivors: build/mutation/survivors.txt; one with its diff: cd build/mutation && mutmut show NAME")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("modules", nargs="*", help="modules under runtime/, e.g. pamir/scoring (globs too)")
    parser.add_argument("--report", action="store_true", help="only print the results so far")
    parser.add_argument("--survivors", action="store_true", help="try the survivors again (after new tests)")
    parser.add_argument("--quiet", action="store_true", help="no progress from mutmut")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="mutants tried at once")
    args = parser.parse_args()
    modules = expand(args.modules) if args.modules else default_modules()
    if args.report:
        report(expand(args.modules) if args.modules else None)
        return
    mutmut = Path(sys.executable).with_name("mutmut")
    if not mutmut.exists():
        raise SystemExit("mutmut is not installed: pip install -e '.[mutation]'")
    STAGE.mkdir(parents=True, exist_ok=True)
    stage()
    write_config(modules)
    unmutated(modules)
    # One module at a time, so that each module's verdicts are kept as soon as it is done; a run
    # stopped midway goes on where it stopped.
    for module in modules:
        names = to_try(module, args.survivors)
        print(
            f"== {module}: {'all' if names and names[0].endswith('*') else len(names)} mutants to try",
            flush=True,
        )
        if not names:
            continue
        command = [str(mutmut), "run", "--max-children", str(args.jobs), *names]
        done = subprocess.run(
            command, cwd=STAGE, check=False, stdout=subprocess.DEVNULL if args.quiet else None
        )
        if done.returncode != 0:
            raise SystemExit(f"mutmut failed on {module} (exit status {done.returncode})")
    report(modules)


if __name__ == "__main__":
    main()
