"""A Ray cluster of this machine for the tests of `--ray` (Ray is in the dev extra).

Started once per test session, with two CPUs, by a process of its own: the test process itself
forks worker pools in other tests, which a process holding Ray's threads must not do. Tests
connect to it by its address, as a user connects to a cluster; a test that connects this process
(as a driver) disconnects it when its module ends (`ray_driver`).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

# Starts Ray, says its address, and stops it when its standard input closes.
HOLD_A_CLUSTER = """
import logging, sys
import ray
ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
print(ray.get_runtime_context().gcs_address, flush=True)
sys.stdin.read()
ray.shutdown()
"""


@pytest.fixture(scope="session")
def ray_address() -> Iterator[str]:
    # Ray's token authentication off: the tests' processes are not the holder's children and so
    # would not have its token (a user's cluster has its own way of handing it out).
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_A_CLUSTER],
        env={**os.environ, "RAY_AUTH_MODE": "disabled"},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    assert holder.stdout is not None and holder.stdin is not None
    address = holder.stdout.readline().strip()
    try:
        assert address, "the Ray cluster of the tests did not start"
        yield address
    finally:
        holder.stdin.close()
        try:
            holder.wait(timeout=60)
        except subprocess.TimeoutExpired:
            holder.kill()


@pytest.fixture(scope="module")
def ray_driver(ray_address: str) -> Iterator[str]:
    """This process connected to the tests' cluster for the module's tests, then disconnected."""
    import ray

    try:
        yield ray_address
    finally:
        ray.shutdown()
