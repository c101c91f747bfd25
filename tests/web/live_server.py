"""A real server for the browser tests: the table's application served by uvicorn on a free port
of this machine, in a thread, always shut down after its test (`running`)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

from paxc.runtime.web.app import create_app
from paxc.runtime.web.tables import Tables


@contextmanager
def running(tables: Tables | None = None) -> Iterator[str]:
    """The server's address (`http://127.0.0.1:PORT`) while the body runs."""
    import uvicorn

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind(("127.0.0.1", 0))  # a free port, chosen by the system
    port = listener.getsockname()[1]
    config = uvicorn.Config(create_app(tables), log_level="warning", ws="websockets-sansio", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [listener]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 20
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=20)
        listener.close()
        assert not thread.is_alive(), "the test server did not stop"
