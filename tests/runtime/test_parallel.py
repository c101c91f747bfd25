"""Games spread over processes or a Ray cluster give the results of one process, seed for seed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from typing import Any

import pytest

from paxc.runtime import parallel
from tests.conftest import REPO

SIMULATE = ("simulate", "pamir", "--players", "2", "--games", "6", "--seed", "5", "--json")
TIMING = ("seconds", "games_per_second", "decisions_per_second")


def _task_and_process(task: int) -> tuple[int, int]:
    return task, os.getpid()


def _remember_start(mark: str) -> None:
    # In the worker's environment: functions sent by value each carry their own globals.
    os.environ["PAXC_TEST_START_MARK"] = mark


def _start_mark(task: int) -> tuple[int, str | None]:
    return task, os.environ.get("PAXC_TEST_START_MARK")


@pytest.fixture(scope="module")
def by_value(ray_driver: str) -> None:
    """Ray's workers cannot import this test module: its functions travel by value."""
    import ray.cloudpickle

    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])  # type: ignore[no-untyped-call]


def test_ray_keeps_the_order_and_plays_elsewhere(ray_driver: str, by_value: None) -> None:
    tasks = list(range(40))
    done = list(parallel.ordered_map(_task_and_process, tasks, 2, ray_address=ray_driver))
    assert [task for task, _ in done] == tasks
    processes = {process for _, process in done}
    assert os.getpid() not in processes and len(processes) == 2  # both workers played


def test_each_ray_worker_runs_start_first(ray_driver: str, by_value: None) -> None:
    done = list(
        parallel.ordered_map(
            _start_mark, [1, 2, 3], 2, start=_remember_start, start_args=("seven",), ray_address=ray_driver
        )
    )
    assert done == [(1, "seven"), (2, "seven"), (3, "seven")]


def test_a_worker_with_other_code_is_refused(ray_driver: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # This process's code seen as other than the workers' (which compute the real digest).
    monkeypatch.setattr(parallel, "code_fingerprint", lambda game: "another version")
    with pytest.raises(parallel.ParallelError, match="other paxc or game code"):
        list(parallel.ordered_map(abs, [-1, -2], 2, ray_address=ray_driver, fingerprint_of="pamir"))


def test_the_fingerprint_covers_the_games_code() -> None:
    assert parallel.code_fingerprint("pamir") != parallel.code_fingerprint("porfiriana")
    assert parallel.code_fingerprint(None) == parallel.code_fingerprint(None)


def test_local_processes_keep_the_order() -> None:
    tasks = list(range(30))
    done = list(parallel.ordered_map(_task_and_process, tasks, 2))
    assert [task for task, _ in done] == tasks
    assert os.getpid() not in {process for _, process in done}


def paxc(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "paxc.compiler.cli", "--root", str(REPO), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )


def summary(run: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    assert run.returncode == 0, run.stderr
    found: dict[str, Any] = json.loads(run.stdout)
    for key in TIMING:
        found.pop(key)
    return found


def test_simulate_on_a_ray_cluster_plays_the_same_games(ray_address: str) -> None:
    alone = summary(paxc(*SIMULATE))
    on_ray = summary(paxc(*SIMULATE, "--ray", ray_address))
    assert on_ray == alone
    assert sum(alone["wins"]) == 6 and not alone["errors"]


def test_an_unreachable_cluster_is_one_line() -> None:
    run = paxc(*SIMULATE, "--ray", "127.0.0.1:1")
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == ["Error: cannot reach Ray at 127.0.0.1:1: Connection refused"]
    assert run.stdout == ""


def test_ray_missing_is_said(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray raises ImportError
    with pytest.raises(parallel.ParallelError, match=r"pip install 'paxc\[ray\]'"):
        parallel.connect(parallel.LOCAL_RAY)
