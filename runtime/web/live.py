"""Live updates: every page open on a table follows it over a WebSocket, and is sent its seat's
parts (`page.parts`) again whenever the table changes (a decision, a bot's move, a take-back).
Each message is rendered for the seat of its own connection, from that seat's view only.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import anyio.to_thread
from starlette.websockets import WebSocket, WebSocketDisconnect

from paxc.runtime.web.tables import Table


class Hub:
    """The pages following each table (by the table's identity), each a queue of the versions
    it is yet to be sent; publishing runs on the server's event loop."""

    def __init__(self) -> None:
        self._following: dict[int, set[asyncio.Queue[int]]] = {}

    def publish(self, table: Table) -> None:
        for queue in self._following.get(id(table), ()):
            queue.put_nowait(table.version)

    def followers(self, table: Table) -> int:
        return len(self._following.get(id(table), ()))

    async def follow(self, websocket: WebSocket, table: Table, parts: Callable[[], dict[str, Any]]) -> None:
        """Send the seat's parts now and after every change, until the page goes away. Changes
        that come faster than a page is sent them are sent once, as they stand."""
        await websocket.accept()
        queue: asyncio.Queue[int] = asyncio.Queue()
        self._following.setdefault(id(table), set()).add(queue)
        sent = -1
        try:
            receiving = asyncio.ensure_future(_until_closed(websocket))
            while True:
                if table.version != sent:
                    message = await anyio.to_thread.run_sync(parts)
                    sent = message["version"]
                    await websocket.send_json(message)
                getting = asyncio.ensure_future(queue.get())
                done, _ = await asyncio.wait({getting, receiving}, return_when=asyncio.FIRST_COMPLETED)
                if receiving in done:
                    getting.cancel()
                    return
                while not queue.empty():
                    queue.get_nowait()
        except WebSocketDisconnect:
            return
        finally:
            receiving.cancel()
            followers = self._following.get(id(table), set())
            followers.discard(queue)
            if not followers:
                self._following.pop(id(table), None)


async def _until_closed(websocket: WebSocket) -> None:
    """Read (and ignore) what the page sends, until it closes."""
    try:
        while True:
            await websocket.receive_text()
    except (WebSocketDisconnect, RuntimeError):
        return
