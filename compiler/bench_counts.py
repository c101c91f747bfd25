"""`paxc bench --instructions`: the CPU instructions a game costs, counted by valgrind's callgrind.

Seconds move with whatever else the machine runs; instructions do not, so these are the figures
that compare two versions of the engine on a shared machine (issue 32's steps are measured so).
Each figure is a difference of two runs in a fresh process: N+1 random games of seeds 2026...,
less one game, divided by N, so that start-up, imports and the first game's caches cancel out;
clone and playout: P playouts from the same mid-game position less none, divided by P. The
compiled runtime (`paxc accelerate`) is counted the same way when it is built and current.
Under callgrind a game runs some fifty times slower: the whole set takes a few minutes.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class Counted:
    """One figure: `games` of `game` (the difference of a run of games + 1 and a run of 1), or,
    with `from_decision`, that many clones of the position after `from_decision` random
    decisions each played out at random to the end (less a run that only reaches the position)."""

    name: str
    game: str
    players: int | None
    games: int
    variants: Mapping[str, bool] | None = None
    from_decision: int | None = None


# The figures of README's speed tables, with as many games as they were counted on.
COUNTED = (
    Counted("pamir_2p", "pamir", 2, 20),
    Counted("pamir_5p", "pamir", 5, 10),
    Counted("pamir_wakhan", "pamir", 1, 20, {"wakhan": True}),
    Counted("porfiriana_3p", "porfiriana", 3, 6),
    Counted("porfiriana_diaz", "porfiriana", None, 6, {"solitaire": True}),
    Counted("pamir_2p_clone_playout", "pamir", 2, 30, from_decision=64),
    Counted("porfiriana_3p_clone_playout", "porfiriana", 3, 6, from_decision=190),
)
QUICK_GAMES = 2  # --quick: each figure on two games (or playouts)

_COLLECTED = re.compile(r"^==\d+== Collected : (\d+)\s*$", re.MULTILINE)


def play_games(game: str, players: int | None, games: int, variants: Mapping[str, bool] | None) -> None:
    """What a counted child runs: `games` random games of seeds 2026..., in this process."""
    from paxc.runtime.commands import run_games

    for result in run_games(game, players, games, seed=2026, jobs=1, check=False, variants=variants):
        if result.error:
            raise RuntimeError(f"seed {result.seed}: {result.error}")


def play_outs(game: str, players: int | None, decisions: int, playouts: int) -> None:
    """What a counted child runs: the game of seed 2026 to `decisions`, then `playouts` clones of
    it each played out to the end by a random bot seeded afresh (`bench.clone_playout`'s work)."""
    from paxc.compiler.bench import mid_game, play_out

    session = mid_game(game, players, decisions)
    for seed in range(playouts):
        play_out(session.clone(), seed)


def _child_code(figure: Counted, runs: int) -> str:
    """The code a counted child runs: `runs` games, or `runs` playouts from the position."""
    if figure.from_decision is None:
        call = f"play_games({figure.game!r}, {figure.players!r}, {runs}, {dict(figure.variants or {})!r})"
    else:
        call = f"play_outs({figure.game!r}, {figure.players!r}, {figure.from_decision}, {runs})"
    return f"from paxc.compiler.bench_counts import play_games, play_outs\n{call}\n"


def instructions(valgrind: str, code: str, environment: Mapping[str, str] | None = None) -> int:
    """The instructions a fresh Python process running `code` executes, as callgrind counts them."""
    # The hash seed fixed: set and dict orders of strings move a count by up to 0.1 M otherwise.
    child = dict(os.environ if environment is None else environment)
    child["PYTHONHASHSEED"] = "0"
    done = subprocess.run(
        [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-P", "-c", code],
        env=child,
        capture_output=True,
        text=True,
        check=False,
    )
    found = _COLLECTED.findall(done.stderr)
    if done.returncode != 0 or not found:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(
            f"the run under {Path(valgrind).name} failed (exit status {done.returncode}): {last}"
        )
    return int(found[-1])


def per_game(
    valgrind: str, figure: Counted, games: int, environment: Mapping[str, str] | None = None
) -> float:
    """Instructions a game (or a clone and its playout), in millions: the run of `games` + 1 less
    the run of 1 (playouts: `games` less none), divided by `games`."""
    base_runs = 0 if figure.from_decision is not None else 1
    more = instructions(valgrind, _child_code(figure, games + base_runs), environment)
    base = instructions(valgrind, _child_code(figure, base_runs), environment)
    return round((more - base) / games / 1e6, 1)


def run(root: Path, valgrind: str, quick: bool, progress: Callable[[str], None]) -> dict[str, Any]:
    """Every counted figure, pure Python then (when built and current) compiled."""
    from paxc.compiler.bench import machine
    from paxc.runtime import accelerate

    figures: dict[str, Any] = {"machine": machine(), "instructions_millions": {}, "games": {}}
    runtimes: list[tuple[str, Mapping[str, str] | None]] = [("pure", None)]
    if accelerate.is_built(root) and accelerate.is_current(root):
        runtimes.append(("compiled", accelerate.environment(accelerate.build_folder(root))))
    figures["compiled"] = len(runtimes) > 1
    for runtime, environment in runtimes:
        counts: dict[str, float] = {}
        for figure in COUNTED:
            games = QUICK_GAMES if quick else figure.games
            progress(f"{runtime}: {figure.name} under callgrind ({games} {_unit(figure)})")
            counts[figure.name] = per_game(valgrind, figure, games, environment)
            figures["games"][figure.name] = games
        figures["instructions_millions"][runtime] = counts
    return figures


def _unit(figure: Counted) -> str:
    return "games" if figure.from_decision is None else "playouts"


def report(figures: dict[str, Any]) -> list[str]:
    m = figures["machine"]
    lines = [
        f"machine: {m['cores']} cores, {m['implementation']} {m['python']}, {m['system']}",
        "instructions a game, counted by callgrind (N+1 games of seeds 2026... less 1, over N; "
        "clone and playout: P playouts less none, over P):",
    ]
    for runtime, counts in figures["instructions_millions"].items():
        for name, millions in counts.items():
            figure = next(f for f in COUNTED if f.name == name)
            what = (
                f"a clone from decision {figure.from_decision} and its playout"
                if figure.from_decision is not None
                else "a game"
            )
            lines.append(
                f"  {runtime:<8} {name:<28} {millions:>8.1f} M  ({what}; {figures['games'][name]} {_unit(figure)})"
            )
    if not figures["compiled"]:
        lines.append("  compiled runtime: not built, or older than the sources ('paxc accelerate' builds it)")
    return lines
