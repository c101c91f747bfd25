"""`paxc bench` prints figures; these tests check that each figure is measured and reported,
never how fast anything is."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from paxc.compiler import bench, bench_counts
from paxc.compiler.cli import main
from tests.conftest import REPO

PEERS = Path(__file__).parent / "fixtures" / "peers"
needs_node = pytest.mark.skipif(
    shutil.which("node") is None, reason="the peer harness runs under node, and there is no 'node' on PATH"
)


def test_each_figure_is_measured_and_reported() -> None:
    quick = bench.Bench(quick=True)
    play = bench.self_play(quick, "pamir", 2, jobs=1)
    assert play["games_per_second"] > 0 and play["mean_decisions_per_game"] > 10
    compiler = bench.build_times(quick)
    assert compiler["cards"] > 100 and compiler["full_build_seconds"] > 0
    clone = bench.clone_playout(quick, "pamir", 2, 64)
    assert 0 < clone["clone_ms"] < clone["clone_and_playout_ms"] and clone["mean_playout_decisions"] > 1
    sizes = bench.state_size_bytes()
    assert 0 < sizes["state_bytes"] < sizes["save_file_bytes"] * 10
    figures = {
        "machine": bench.machine(),
        "runs_per_figure": quick.repeats,
        "self_play": {"pamir_2p": {"jobs_1": play, "jobs_2": play, "speedup_jobs_2": 1.0}},
        "solitaires": {name: bench.self_play(quick, g, p, 1, dict(v)) for name, g, p, v in bench.SOLITAIRES},
        "compiler": compiler,
        "clone_playout": {"pamir_2p": clone},
        "peak_memory_mb_pamir_5p_50_games": bench.peak_memory_mb("pamir", 2, 2),
        **sizes,
    }
    text = "\n".join(bench.report(figures))
    assert "pamir_wakhan" in text and "porfiriana_diaz" in text
    for expected in (
        "cores",
        "games/s",
        "decisions/s",
        "speed-up",
        "random playout",
        "from scratch",
        "cards/s",
        "MB",
        "bytes",
    ):
        assert expected in text
    assert "peer" not in text  # without --peer: absolute figures only


@needs_node
def test_a_peer_is_timed_through_the_harness() -> None:
    """The harness plays the peer's games for the time asked and prints its counts, whether the
    peer is an ES or a CommonJS module."""
    node = shutil.which("node")
    assert node is not None
    figures = bench.peer_self_play(node, PEERS / "tiny_peer.mjs", 2, 0.2)
    assert figures["games"] > 10 and figures["decisions"] > figures["games"]
    assert figures["seconds"] >= 0.2
    assert figures["games_per_second"] == pytest.approx(figures["games"] / figures["seconds"])
    common = bench.peer_self_play(node, PEERS / "tiny_peer.cjs", 3, 0.05)
    assert common["decisions"] == 30 * common["games"]  # its games are 10 decisions a player


@needs_node
def test_a_peer_that_breaks_the_contract_is_refused() -> None:
    node = shutil.which("node")
    assert node is not None
    with pytest.raises(RuntimeError, match="exports no function playRandomGame"):
        bench.peer_self_play(node, PEERS / "no_export.mjs", 2, 0.1)


@needs_node
def test_the_ratio_to_a_peer_is_measured_side_by_side_and_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    node = shutil.which("node")
    assert node is not None
    monkeypatch.setattr(bench, "MIN_PEER_SECONDS", 0.05)
    calls: list[int] = []
    timed = bench.peer_self_play

    def counted(node: str, peer: Path, players: int, seconds: float, seed: int = 1) -> dict[str, float]:
        calls.append(players)
        return timed(node, peer, players, seconds, seed)

    monkeypatch.setattr(bench, "peer_self_play", counted)
    quick = bench.Bench(quick=True)
    compared = bench.peer_comparison(quick, node, PEERS / "tiny_peer.mjs")
    assert calls == [2, 2, 5, 5]  # a run of the peer after each of paxc's, for each player count
    for name in ("pamir_2p", "pamir_5p"):
        r = compared[name]
        assert r["ratio"] == pytest.approx(r["paxc_games_per_second"] / r["peer_games_per_second"], rel=0.01)
    figures = {
        "machine": bench.machine(),
        "runs_per_figure": quick.repeats,
        "self_play": {},
        "compiled_self_play": {
            "pamir_2p": {"games_per_second": 2.0, "decisions_per_second": 1, "mean_decisions_per_game": 1}
        },
        "compiler": {
            "cards": 1,
            "full_build_seconds": 0.1,
            "rebuild_after_one_card_seconds": 0.1,
            "check_cards_per_second": 1,
        },
        "peak_memory_mb_pamir_5p_50_games": 1.0,
        "state_bytes": 1,
        "save_file_bytes": 1,
        "peer": {"module": "tiny_peer.mjs", **compared},
    }
    text = "\n".join(bench.report(figures))
    assert "beside the peer engine tiny_peer.mjs" in text
    assert f"x{compared['pamir_5p']['ratio']:.2f}" in text
    assert "compiled x" in text  # the compiled runtime's ratio, where it was measured


def test_bench_with_a_peer_needs_node(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "")
    done = CliRunner().invoke(main, ["bench", "--peer", str(PEERS / "tiny_peer.mjs")])
    assert done.exit_code == 2
    assert "no 'node' on PATH" in done.output


# ---------------------------------------------------------------------- --instructions

FAKE_VALGRIND = """#!{python}
# Stands in for valgrind: counts what callgrind would without running anything, so the
# arithmetic of a figure is checked; a run of G games or playouts costs 70 M + 9 M per game.
# It refuses a child whose hash seed is not fixed (a count would move with the orders of sets).
import ast, os, sys
if os.environ.get("PYTHONHASHSEED") != "0":
    sys.stderr.write("==7== the hash seed is not fixed\\n")
    sys.exit(3)
code = sys.argv[sys.argv.index("-c") + 1]
call = ast.parse(code).body[-1].value
runs = ast.literal_eval(call.args[2 if call.func.id == "play_games" else 3])
if {fail}:
    sys.stderr.write("==7== valgrind: the program could not start\\n")
    sys.exit(1)
sys.stderr.write("==7== Events    : Ir\\n==7== Collected : %d\\n" % (70_000_000 + 9_000_000 * runs))
"""


def fake_valgrind(folder: Path, fail: bool = False) -> str:
    path = folder / "valgrind"
    path.write_text(FAKE_VALGRIND.format(python=sys.executable, fail=fail), encoding="utf-8")
    path.chmod(0o755)
    return str(path)


def test_instructions_are_the_difference_of_two_runs_over_the_games(tmp_path: Path) -> None:
    """N+1 games less one game, over N (start-up and the first game cancel out); playouts: P
    less none, over P. The fake counts 9 M a game above a fixed 70 M."""
    valgrind = fake_valgrind(tmp_path)
    for figure in bench_counts.COUNTED:
        assert bench_counts.per_game(valgrind, figure, 4) == 9.0
    counted = bench_counts.run(REPO, valgrind, quick=True, progress=lambda step: None)
    pure = counted["instructions_millions"]["pure"]
    assert set(pure) == {figure.name for figure in bench_counts.COUNTED} and set(pure.values()) == {9.0}
    text = "\n".join(bench_counts.report(counted))
    assert "porfiriana_3p_clone_playout" in text and "9.0 M" in text and "2 playouts" in text


def test_a_child_that_fails_under_valgrind_is_an_error_naming_why(tmp_path: Path) -> None:
    valgrind = fake_valgrind(tmp_path, fail=True)
    with pytest.raises(RuntimeError, match="exit status 1.*could not start"):
        bench_counts.per_game(valgrind, bench_counts.COUNTED[0], 2)


def test_the_children_play_what_they_are_counted_on() -> None:
    """The code a counted child runs plays real games and playouts (here without valgrind)."""
    for figure in (bench_counts.COUNTED[0], bench_counts.COUNTED[4]):
        code = bench_counts._child_code(figure, 1)
        done = subprocess.run([sys.executable, "-P", "-c", code], capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr


def test_bench_instructions_needs_valgrind_and_does_not_time_a_peer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "")
    done = CliRunner().invoke(main, ["bench", "--instructions"])
    assert done.exit_code == 2 and "no 'valgrind' on PATH" in done.output
    done = CliRunner().invoke(main, ["bench", "--instructions", "--peer", str(PEERS / "tiny_peer.mjs")])
    assert done.exit_code == 2 and "does not go with --instructions" in done.output


def test_bench_instructions_prints_the_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake_valgrind(tmp_path)
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    done = CliRunner().invoke(main, ["bench", "--instructions", "--quick", "--json"], catch_exceptions=False)
    assert done.exit_code == 0, done.output
    counted = json.loads(done.output[done.output.index("{") :])
    assert counted["instructions_millions"]["pure"]["pamir_2p"] == 9.0
