"""Helpers for the browser table's tests: a test client on a fresh server, games created through
the start page's form, and the links of their seats."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from starlette.testclient import TestClient

from paxc.runtime.web.app import create_app
from paxc.runtime.web.tables import Table, Tables


@dataclass
class Game:
    client: TestClient
    table: Table
    links: dict[str, str]  # seat name -> its token

    def token(self, seat: int) -> str:
        return self.table.tokens[seat]

    def decide(self, seat: int, action: int | None = None, decision: int | None = None) -> Any:
        session = self.table.session
        body = {
            "decision": len(session.log) if decision is None else decision,
            "action": session.legal_actions()[0] if action is None else action,
        }
        return self.client.post(f"/seat/{self.token(seat)}/decide", json=body)


@contextmanager
def server() -> Iterator[tuple[TestClient, Tables]]:
    tables = Tables()
    with TestClient(create_app(tables)) as client:
        yield client, tables


def create(client: TestClient, tables: Tables, **form: str) -> Game:
    """A game made through the start page's form; its host page read for the links."""
    made = client.post("/tables", data={"seed": "1", **form}, follow_redirects=False)
    assert made.status_code == 303, made.text
    host = client.get(made.headers["location"])
    assert host.status_code == 200
    links = dict(re.findall(r'<b>([^<]+)</b> <a class="seat-link" href="[^"]*/seat/([^"]+)"', host.text))
    table = tables.hosted(made.headers["location"].rsplit("/", 1)[1])
    assert table is not None
    return Game(client, table, links)
