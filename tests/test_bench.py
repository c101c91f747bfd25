"""`paxc bench` prints figures; these tests check that each figure is measured and reported,
never how fast anything is."""

from __future__ import annotations

from paxc.compiler import bench
from tests.conftest import REPO


def test_each_figure_is_measured_and_reported() -> None:
    quick = bench.Bench(quick=True)
    play = bench.self_play(quick, "pamir", 2, jobs=1)
    assert play["games_per_second"] > 0 and play["mean_decisions_per_game"] > 10
    compiler = bench.build_times(quick, REPO)
    assert compiler["cards"] > 100 and compiler["full_build_seconds"] > 0
    sizes = bench.state_size_bytes()
    assert 0 < sizes["state_bytes"] < sizes["save_file_bytes"] * 10
    figures = {
        "machine": bench.machine(),
        "runs_per_figure": quick.repeats,
        "self_play": {"pamir_2p": {"jobs_1": play, "jobs_2": play, "speedup_jobs_2": 1.0}},
        "solitaires": {name: bench.self_play(quick, g, p, 1, dict(v)) for name, g, p, v in bench.SOLITAIRES},
        "compiler": compiler,
        "peak_memory_mb_pamir_5p_50_games": bench.peak_memory_mb("pamir", 2, 2),
        **sizes,
    }
    text = "\n".join(bench.report(figures))
    assert "pamir_wakhan" in text and "porfiriana_diaz" in text
    for expected in ("cores", "games/s", "decisions/s", "speed-up", "from scratch", "cards/s", "MB", "bytes"):
        assert expected in text
