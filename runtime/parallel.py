"""Many games at once: in processes of this machine, or as Ray actors on a cluster (`--ray`).

Every game is a pure function of its task (game, options, seed, bots), so where it is played
cannot change its result: `paxc simulate` and `paxc compare` give the same figures seed for seed
whether they run in one process, in a pool of local processes or on Ray. Results come back in the
order of the tasks either way.

Ray is an optional extra (`pip install 'paxc[ray]'`). On a cluster, every node must have the same
paxc and game code installed as the machine that starts the run: each Ray worker checks the
fingerprint of the code that plays the game against the starter's before it plays anything.
"""

from __future__ import annotations

import hashlib
import logging
import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

Task = TypeVar("Task")
Result = TypeVar("Result")

# `--ray` with no address: a Ray of this machine (the one RAY_ADDRESS names, else a new one).
LOCAL_RAY = "local"


class ParallelError(Exception):
    """The games cannot be spread as asked (Ray missing, unreachable, or a node with other code)."""


def ordered_map(
    function: Callable[[Task], Result],
    tasks: Sequence[Task],
    jobs: int,
    *,
    start: Callable[..., None] | None = None,
    start_args: tuple[Any, ...] = (),
    method: str = "fork",
    ray_address: str | None = None,
    fingerprint_of: str | None = None,
) -> Iterator[Result]:
    """`function` of each task, in the tasks' order.

    Locally: in this process when `jobs` is 1, else in a pool of `jobs` processes started by
    `method` ('fork' where the system has it, else 'spawn'), each running `start(*start_args)`
    first. With `ray_address`: on `jobs` Ray actors (0: one per CPU of the cluster), each
    running `start` first and refusing to play if the fingerprint of the code of the game
    `fingerprint_of` differs from this process's.
    """
    if ray_address is not None:
        yield from _ray_map(function, tasks, jobs, start, start_args, ray_address, fingerprint_of)
        return
    if jobs <= 1 and start is None:
        yield from map(function, tasks)
        return
    if method == "fork" and "fork" not in multiprocessing.get_all_start_methods():
        method = "spawn"
    processes = max(1, min(jobs, len(tasks)))
    with multiprocessing.get_context(method).Pool(processes, initializer=start, initargs=start_args) as pool:
        yield from pool.imap(function, tasks, chunksize=_chunk(len(tasks), processes))


def _chunk(tasks: int, workers: int) -> int:
    """Tasks handed to a worker at once: few enough that the work stays balanced to the end,
    enough that sending them costs little beside playing them."""
    return max(1, min(64, tasks // (workers * 8) or 1))


# ---------------------------------------------------------------------- Ray


def code_fingerprint(game: str | None) -> str:
    """A digest of what decides how `game` plays here: the runtime and the compiler (which makes
    the generated cards), the package of the game's rules (a plug-in's may lie outside paxc) and
    its card files. Read from the files, without importing the game: a worker computes it
    before any cards are put in place. Two machines with the same digest play every seed alike."""
    import importlib.util

    import paxc.runtime

    # The compiler's folder, found without importing it (the runtime never imports the compiler).
    compiler = importlib.util.find_spec("paxc.compiler")
    assert compiler is not None and compiler.origin is not None
    folders = [Path(paxc.runtime.__file__).parent, Path(compiler.origin).parent]
    cards: Path | None = None
    if game is not None:
        from paxc.runtime import games

        found = games.find(game)
        rules = sys.modules[found.load_kit.__module__].__file__
        if rules is not None:
            folders.append(Path(rules).parent)
        cards = found.cards
    digest = hashlib.sha256()
    for root in sorted(set(folders)):
        if any(other != root and other in root.parents for other in folders):
            continue  # inside a folder already counted
        _digest_files(digest, root, sorted(root.rglob("*.py")))
    if cards is not None:
        _digest_files(
            digest, cards, sorted(p for p in cards.rglob("*") if p.is_file() and not _hidden(p, cards))
        )
    return digest.hexdigest()


def _digest_files(digest: Any, root: Path, paths: list[Path]) -> None:
    for path in paths:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())


def _hidden(path: Path, root: Path) -> bool:
    """Inside a hidden folder of `root` (a build cache such as .paxc-cache), or hidden itself."""
    return any(part.startswith(".") for part in path.relative_to(root).parts)


def _ray_map(
    function: Callable[[Task], Result],
    tasks: Sequence[Task],
    jobs: int,
    start: Callable[..., None] | None,
    start_args: tuple[Any, ...],
    address: str,
    game: str | None,
) -> Iterator[Result]:
    ray = connect(address)
    from ray.util import ActorPool

    workers = max(1, min(jobs if jobs > 0 else cluster_cpus(address), len(tasks)))
    expected = code_fingerprint(game)
    actor = ray.remote(num_cpus=1)(_Player)
    players = [actor.remote(start, start_args, game) for _ in range(workers)]
    try:
        found = ray.get([player.fingerprint.remote() for player in players])
    except ray.exceptions.RayError as error:
        raise ParallelError(f"a Ray worker could not start paxc: {_first_line(error)}") from error
    if any(digest != expected for digest in found):
        raise ParallelError(
            "a Ray worker has other paxc or game code than this machine: install the same on every "
            "node, or its games would not be the ones asked for"
        )
    size = _chunk(len(tasks), workers)
    chunks = [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]
    pool = ActorPool(players)
    try:
        for results in pool.map(lambda player, chunk: player.run.remote(function, chunk), chunks):
            yield from results
    finally:
        for player in players:
            ray.kill(player)


class _Player:
    """A Ray actor: a process that has run `start` and plays chunks of tasks."""

    def __init__(self, start: Callable[..., None] | None, start_args: tuple[Any, ...], game: str | None):
        # Read from the files before `start`, which may put other cards in place in this
        # process (paxc compare's side of a revision) and must come before the game is imported.
        self._fingerprint = code_fingerprint(game)
        if start is not None:
            start(*start_args)

    def fingerprint(self) -> str:
        return self._fingerprint

    def run(self, function: Callable[[Any], Any], chunk: list[Any]) -> list[Any]:
        return [function(task) for task in chunk]


def cluster_cpus(address: str) -> int:
    """The CPUs of the Ray cluster at `address`."""
    return max(1, int(connect(address).cluster_resources().get("CPU", 1)))


def connect(address: str) -> Any:
    """The `ray` module, connected to the cluster at `address` (LOCAL_RAY: RAY_ADDRESS's, or a new
    Ray of this machine); ParallelError, in one line, when Ray is missing or cannot be reached."""
    try:
        import ray
    except ImportError as error:
        raise ParallelError("--ray needs Ray: pip install 'paxc[ray]'") from error
    if not ray.is_initialized():
        _check_reachable(address)
        try:
            ray.init(
                address=None if address == LOCAL_RAY else address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.ERROR,
            )
        except Exception as error:  # Ray raises ConnectionError, RuntimeError, ValueError...
            raise ParallelError(f"cannot reach Ray at {address}: {_first_line(error)}") from error
    return ray


def _check_reachable(address: str, seconds: float = 5.0) -> None:
    """A `[ray://]HOST:PORT` that nothing answers at fails at once: Ray itself would retry for
    minutes before saying so."""
    import socket

    host, colon, port = address.removeprefix("ray://").rpartition(":")
    if not colon or not port.isdigit():
        return  # 'auto', 'local' and the like: Ray finds the cluster itself and says so quickly
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=seconds).close()
    except OSError as error:
        raise ParallelError(f"cannot reach Ray at {address}: {error.strerror or error}") from error


def _first_line(error: BaseException) -> str:
    """The error's first line, and its cause's (Ray wraps the reason: a refused token...)."""
    said = []
    for reason in (error, error.__cause__):
        lines = [line.strip() for line in str(reason).splitlines() if line.strip()] if reason else []
        if lines and lines[0] not in said:
            said.append(lines[0])
    return ": ".join(said) if said else type(error).__name__
