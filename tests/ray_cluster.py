"""A Ray cluster of this machine for the tests of `--ray` (Ray is in the dev extra).

Started once per test session in this process, with two CPUs; the tests that run paxc in a
process of its own connect to it by its address, as a user connects to a cluster.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session")
def ray_address() -> Iterator[str]:
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    try:
        yield str(ray.get_runtime_context().gcs_address)
    finally:
        ray.shutdown()
