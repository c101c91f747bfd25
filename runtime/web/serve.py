"""`paxc serve`: the browser table's application served by uvicorn until interrupted."""

from __future__ import annotations

import importlib.util

MISSING = "paxc serve needs Starlette and uvicorn: pip install 'paxc[web]'"


def missing() -> str | None:
    """Why the server cannot run here (the `web` extra is not installed), or None."""
    for module in ("starlette", "uvicorn", "multipart", "websockets"):
        if importlib.util.find_spec(module) is None:
            return MISSING
    return None


def serve(host: str, port: int) -> None:
    import uvicorn

    from paxc.runtime.web.app import create_app

    print(f"paxc: the table is at http://{host}:{port}/ (Ctrl-C stops it)", flush=True)
    uvicorn.run(create_app(), host=host, port=port, log_level="warning", ws="websockets-sansio")
