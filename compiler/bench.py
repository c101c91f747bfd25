"""`paxc bench`: the figures users feel, each the median of several runs after a warm-up.

Self-play throughput (one process, then --jobs 2), the cost of a clone and a random playout from
mid-game (what a search pays per simulation), the build from scratch and after one card file
changes, check throughput, the peak memory of a simulation, and the size of one saved state; with
a peer engine (`--peer`), Pax Pamir's self-play beside it and the ratio.
A benchmark prints figures; nothing here asserts a time.
"""

from __future__ import annotations

import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from paxc.runtime.core.session import Session

SELF_PLAY = (("pamir", 2), ("pamir", 5), ("porfiriana", 3))
GAMES_PLAYED = ("pamir", "porfiriana")  # whose compiled cards the bench runs
COMPILED_SELF_PLAY = SELF_PLAY  # 'paxc accelerate' compiles both games' rules
# Each game against its own opponent, one person's seat played at random: (name, game, players,
# variants).
SOLITAIRES: tuple[tuple[str, str, int | None, dict[str, bool]], ...] = (
    ("pamir_wakhan", "pamir", 1, {}),
    ("porfiriana_diaz", "porfiriana", None, {"solitaire": True}),
)


@dataclass
class Bench:
    quick: bool
    figures: dict[str, Any] = field(default_factory=dict)

    @property
    def repeats(self) -> int:
        return 2 if self.quick else 5

    def median_seconds(self, run: Callable[[], object]) -> float:
        run()  # warm-up: imports, caches
        times = []
        for _ in range(self.repeats):
            started = time.perf_counter()
            run()
            times.append(time.perf_counter() - started)
        return statistics.median(times)


def machine() -> dict[str, Any]:
    return {
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "system": f"{platform.system()} {platform.machine()}",
    }


def self_play(
    bench: Bench, game: str, players: int | None, jobs: int, variants: dict[str, bool] | None = None
) -> dict[str, float]:
    from paxc.runtime.commands import run_games

    # The same games whatever the jobs, so the speed-up compares like with like.
    # Pax Porfiriana's games are about three times longer: fewer of them keep the bench short.
    games = 12 if bench.quick else (120 if game == "pamir" else 40)
    decisions: list[int] = []

    def run() -> None:
        results = list(run_games(game, players, games, seed=2026, jobs=jobs, check=False, variants=variants))
        failed = [r for r in results if r.error]
        if failed:
            raise RuntimeError(f"seed {failed[0].seed}: {failed[0].error}")
        decisions[:] = [r.decisions for r in results]

    seconds = bench.median_seconds(run)
    return {
        "games_per_second": round(games / seconds, 2),
        "decisions_per_second": round(sum(decisions) / seconds),
        "mean_decisions_per_game": round(statistics.mean(decisions), 1),
    }


# Where the clone-and-playout figure starts: this many random decisions into the game of seed
# 2026, about half a random game (Pax Pamir 2 players: 128 decisions a game; Pax Porfiriana 3
# players: 384).
CLONE_FROM = (("pamir", 2, 64), ("porfiriana", 3, 190))


def mid_game(game: str, players: int | None, decisions: int) -> Session[Any]:
    """The session of the game of seed 2026 after `decisions` random decisions (random bots
    seeded 2027 + seat)."""
    from paxc.runtime.commands import game_options, kit_of

    kit = kit_of(game)
    options = game_options(game, players, {})
    session = kit.new_session(options, 2026)
    bots = {p: kit.bot("random", 2027 + p) for p in kit.seats_for_people(options)}
    for _ in range(decisions):
        if session.is_terminal():
            raise RuntimeError(f"the {game} game of seed 2026 ended before decision {decisions}")
        session.apply_action(bots[session.current_player()].choose(session))
    return session


def play_out(copy: Session[Any], seed: int) -> int:
    """Play a copy of a session to its end, a random bot seeded `seed` at every seat; the
    decisions it took."""
    from paxc.runtime.core.agents import RandomAgent

    bot = RandomAgent(seed)
    made = 0
    while not copy.is_terminal():
        copy.apply_action(bot.choose(copy))
        made += 1
    return made


def clone_playout(bench: Bench, game: str, players: int, decisions: int) -> dict[str, float]:
    """What a search pays for each simulation: `Session.clone` of a mid-game position, then a
    random playout from the copy to the end (one random bot at every seat, seeded afresh for each
    playout, so each goes its own way); the clone alone too."""
    session = mid_game(game, players, decisions)
    playouts = (2 if bench.quick else 6) if game == "porfiriana" else (6 if bench.quick else 30)
    lengths: list[int] = []

    def clone_and_play() -> None:
        lengths[:] = [play_out(session.clone(), seed) for seed in range(playouts)]

    def clone_only() -> None:
        for _ in range(playouts):
            session.clone()

    playout_seconds = bench.median_seconds(clone_and_play)
    clone_seconds = bench.median_seconds(clone_only)
    return {
        "from_decision": decisions,
        "clone_ms": round(1000 * clone_seconds / playouts, 3),
        "clone_and_playout_ms": round(1000 * playout_seconds / playouts, 2),
        "mean_playout_decisions": round(statistics.mean(lengths), 1),
    }


# ---------------------------------------------------------------------- a peer engine

PEER_HARNESS = Path(__file__).with_name("peer_bench.mjs")
PEER_PLAYERS = (2, 5)  # Pax Pamir, as the harness contract says
MIN_PEER_SECONDS = 1.0  # each run of the peer: as long as paxc's run beside it, at least this


def peer_self_play(node: str, peer: Path, players: int, seconds: float, seed: int = 1) -> dict[str, float]:
    """The peer engine's random self-play of Pax Pamir, through the harness (`peer_bench.mjs`,
    whose header is the contract): its figures as it prints them. RuntimeError, with what it said,
    when it fails."""
    done = subprocess.run(
        [
            node,
            str(PEER_HARNESS),
            str(peer),
            "--players",
            str(players),
            "--seconds",
            str(seconds),
            "--seed",
            str(seed),
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        said = (done.stderr.strip() or done.stdout.strip() or "no message").splitlines()[-1]
        raise RuntimeError(f"the peer engine failed (exit status {done.returncode}): {said}")
    try:
        figures: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
        figures["games_per_second"] = float(figures["games_per_second"])
    except (ValueError, KeyError, IndexError) as error:
        raise RuntimeError(f"the peer harness printed no figures: {done.stdout[-200:]!r}") from error
    return figures


def peer_comparison(bench: Bench, node: str, peer: Path) -> dict[str, dict[str, float]]:
    """paxc's and the peer's Pax Pamir random self-play, one process each, side by side: a run of
    each in turn, `repeats` times, then the medians and their ratio (paxc / peer)."""
    from paxc.runtime.commands import run_games

    figures: dict[str, dict[str, float]] = {}
    games = 12 if bench.quick else 60
    for players in PEER_PLAYERS:
        ours: list[float] = []
        theirs: list[float] = []
        list(run_games("pamir", players, 2, seed=1, jobs=1, check=False))  # warm-up
        for _ in range(bench.repeats):
            started = time.perf_counter()
            list(run_games("pamir", players, games, seed=2026, jobs=1, check=False))
            seconds = time.perf_counter() - started
            ours.append(games / seconds)
            # The peer plays about as long as paxc just did.
            theirs.append(
                peer_self_play(node, peer, players, max(MIN_PEER_SECONDS, seconds))["games_per_second"]
            )
        paxc, other = statistics.median(ours), statistics.median(theirs)
        figures[f"pamir_{players}p"] = {
            "paxc_games_per_second": round(paxc, 2),
            "peer_games_per_second": round(other, 2),
            "ratio": float(f"{paxc / other:.4g}"),  # four significant figures
        }
    return figures


def compiled_self_play(bench: Bench, root: Path) -> dict[str, dict[str, float]] | None:
    """The single-process self-play figures again, on the runtime `paxc accelerate` compiled
    (measured in a child process that imports it); None when it has not been built."""
    from paxc.runtime import accelerate

    if not accelerate.is_built(root) or not accelerate.is_current(root):
        return None
    code = (
        "import json\n"
        "from paxc.compiler import bench\n"
        f"b = bench.Bench(quick={bench.quick})\n"
        f"print(json.dumps({{f'{{g}}_{{p}}p': bench.self_play(b, g, p, jobs=1) for g, p in {COMPILED_SELF_PLAY!r}}}))\n"
    )
    done = subprocess.run(
        [sys.executable, "-P", "-c", code],
        env=accelerate.environment(accelerate.build_folder(root)),
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, dict[str, float]] = json.loads(done.stdout)
    return figures


def build_times(bench: Bench) -> dict[str, float]:
    """`paxc build` of paxc's own games' cards in a scratch folder: from scratch, and after one card
    file changed. Their cards, wherever the bench runs: in a project of another game (which has
    neither these cards nor paxc's grammar/) the figure is still the one the README compares."""
    from paxc.compiler import build, incremental
    from paxc.compiler.folders import DEFAULT_PACKAGE, PAXC_FOLDER
    from paxc.compiler.project import compile_paths

    with tempfile.TemporaryDirectory() as folder:
        scratch = Path(folder)
        shutil.copytree(PAXC_FOLDER / "cards", scratch / "cards")  # the grammar is read from paxc
        out = scratch / "generated"
        card_file = next(iter(sorted((scratch / "cards" / "pamir").rglob("*.pax"))))
        original = card_file.read_text(encoding="utf-8")

        def full() -> None:
            """As in a fresh clone: no generated/, no cache."""
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(scratch / incremental.CACHE_FOLDER, ignore_errors=True)
            build.write_atomically(out, incremental.build_files(scratch, DEFAULT_PACKAGE).files)

        toggle = [False]

        def one_changed() -> None:
            toggle[0] = not toggle[0]
            card_file.write_text(original + ("# touched\n" if toggle[0] else ""), encoding="utf-8")
            build.write_atomically(out, incremental.build_files(scratch, DEFAULT_PACKAGE).files)

        full_seconds = bench.median_seconds(full)
        rebuild_seconds = bench.median_seconds(one_changed)
        result = compile_paths([scratch / "cards"], scratch)
        cards = sum(len(g.cards()) for g in result.games.values())
        check_seconds = bench.median_seconds(lambda: compile_paths([scratch / "cards"], scratch))
    return {
        "cards": cards,
        "full_build_seconds": round(full_seconds, 3),
        "rebuild_after_one_card_seconds": round(rebuild_seconds, 3),
        "check_cards_per_second": round(cards / check_seconds),
    }


def peak_memory_mb(game: str, players: int, games: int) -> float:
    """The peak resident memory of a process simulating `games` games (measured in a child)."""
    code = (
        "import resource, sys\n"
        "from paxc.runtime.commands import run_games\n"
        f"list(run_games({game!r}, {players}, {games}, seed=1, jobs=1, check=False))\n"
        "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return round(int(done.stdout.split()[-1]) / 1024, 1)  # Linux reports kilobytes


def state_size_bytes() -> dict[str, int]:
    """One game state as saved: the canonical text of a mid-game state, and a whole save file."""
    from paxc.runtime.core.agents import RandomAgent
    from paxc.runtime.core.session import Session
    from paxc.runtime.pamir.game_rules import PamirRules

    rules = PamirRules()
    session = Session(rules, {"players": 5}, seed=7)
    agents = [RandomAgent(p) for p in range(5)]
    for _ in range(150):
        if session.is_terminal():
            break
        session.apply_action(agents[session.current_player()].choose(session))
    return {
        "state_bytes": len(rules.digest(session.state).encode("utf-8")),
        "save_file_bytes": len(session.dumps().encode("utf-8")),
    }


def run(
    root: Path, quick: bool, progress: Callable[[str], None], peer: tuple[str, Path] | None = None
) -> dict[str, Any]:
    """Every figure; `peer`: (node, the peer's module) to compare Pax Pamir's self-play with."""
    bench = Bench(quick)
    figures: dict[str, Any] = {"machine": machine(), "runs_per_figure": bench.repeats, "self_play": {}}
    for game, players in SELF_PLAY:
        progress(f"self-play {game}, {players} players, one process")
        single = self_play(bench, game, players, jobs=1)
        progress(f"self-play {game}, {players} players, --jobs 2")
        double = self_play(bench, game, players, jobs=2)
        figures["self_play"][f"{game}_{players}p"] = {
            "jobs_1": single,
            "jobs_2": double,
            "speedup_jobs_2": round(double["games_per_second"] / single["games_per_second"], 2),
        }
    figures["solitaires"] = {}
    for name, solo_game, people, variants in SOLITAIRES:
        progress(f"self-play {name}, one process")
        figures["solitaires"][name] = self_play(bench, solo_game, people, 1, dict(variants))
    progress("self-play on the compiled runtime, if built")
    figures["compiled_self_play"] = compiled_self_play(bench, root)
    figures["clone_playout"] = {}
    for game, players, decisions in CLONE_FROM:
        progress(f"clone and random playout, {game}, {players} players")
        figures["clone_playout"][f"{game}_{players}p"] = clone_playout(bench, game, players, decisions)
    if peer is not None:
        progress("Pax Pamir self-play beside the peer engine")
        figures["peer"] = {"module": str(peer[1]), **peer_comparison(bench, *peer)}
    progress("paxc build and check")
    figures["compiler"] = build_times(bench)
    progress("peak memory of a simulation")
    figures["peak_memory_mb_pamir_5p_50_games"] = peak_memory_mb("pamir", 5, 50 if not quick else 10)
    figures.update(state_size_bytes())
    return figures


def report(figures: dict[str, Any]) -> list[str]:
    m = figures["machine"]
    lines = [
        f"machine: {m['cores']} cores, {m['implementation']} {m['python']}, {m['system']}",
        f"each figure: median of {figures['runs_per_figure']} runs after a warm-up",
        "",
        "random self-play:",
    ]
    for name, result in figures["self_play"].items():
        for jobs in ("jobs_1", "jobs_2"):
            r = result[jobs]
            lines.append(
                f"  {name:<13} {jobs.replace('_', ' '):<7} {r['games_per_second']:>8.1f} games/s "
                f"{r['decisions_per_second']:>9,} decisions/s  ({r['mean_decisions_per_game']} decisions/game)"
            )
        lines.append(f"  {name:<13} speed-up with 2 jobs: x{result['speedup_jobs_2']}")
    for name, r in figures.get("solitaires", {}).items():
        lines.append(
            f"  {name:<15} {r['games_per_second']:>8.1f} games/s "
            f"{r['decisions_per_second']:>9,} decisions/s  ({r['mean_decisions_per_game']} decisions/game, "
            "one process, the person's seat at random)"
        )
    compiled = figures.get("compiled_self_play")
    if compiled is None:
        lines.append("  compiled runtime: not built, or older than the sources ('paxc accelerate' builds it)")
    else:
        for name, r in compiled.items():
            lines.append(
                f"  {name:<13} compiled {r['games_per_second']:>7.1f} games/s "
                f"{r['decisions_per_second']:>9,} decisions/s  (one process, 'paxc accelerate')"
            )
    for name, r in figures.get("clone_playout", {}).items():
        lines.append(
            f"  {name:<13} clone {r['clone_ms']:.2f} ms; clone and random playout to the end "
            f"{r['clone_and_playout_ms']:.1f} ms ({r['mean_playout_decisions']} decisions, from decision "
            f"{r['from_decision']})"
        )
    peer = figures.get("peer")
    if peer is not None:
        lines += ["", f"beside the peer engine {peer['module']} (Pax Pamir, one process each, side by side):"]
        for name, r in peer.items():
            if name == "module":
                continue
            line = (
                f"  {name:<13} paxc {r['paxc_games_per_second']:.1f} games/s, peer "
                f"{r['peer_games_per_second']:.1f} games/s: x{r['ratio']:.2f}"
            )
            if compiled is not None and name in compiled:
                line += f"; compiled x{compiled[name]['games_per_second'] / r['peer_games_per_second']:.2f}"
            lines.append(line)
    c = figures["compiler"]
    lines += [
        "",
        f"paxc build, {c['cards']} cards: {c['full_build_seconds']:.3f} s from scratch, "
        f"{c['rebuild_after_one_card_seconds']:.3f} s after one card file changed",
        f"paxc check: {c['check_cards_per_second']:,} cards/s",
        f"peak memory, 50 five-player games in one process: {figures['peak_memory_mb_pamir_5p_50_games']} MB",
        f"one game state: {figures['state_bytes']:,} bytes; a save file: {figures['save_file_bytes']:,} bytes",
    ]
    return lines
