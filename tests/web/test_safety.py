"""No leaks, no cheating: a seat's page, its parts and its live messages are the same whatever
another seat holds in hand, the deck's order or the draws to come (changed here in the live state
and in the state the previews replay from, as tests/runtime/test_presentation.py changes them);
and a decision is taken only from the seat whose turn it is, only for the decision it was shown,
and only among the options offered: anything else is refused with a 4xx and a reason, and the
game is unchanged."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from paxc.runtime.core.rng import Rng
from paxc.runtime.web import page
from tests.runtime.observing import reseed, reverse
from tests.runtime.test_presentation import changed, hands_swapped
from tests.web.tables import Game, create, server


def seen(game: Game, seat: int) -> tuple[str, str, Any]:
    """Everything a seat's browser receives: its page, its parts, its first live message."""
    token = game.token(seat)
    html = game.client.get(f"/seat/{token}").text
    parts = game.client.get(f"/seat/{token}/view").text
    with game.client.websocket_connect(f"/seat/{token}/live") as socket:
        message = socket.receive_json()
    return html, parts, message


def hidden_changes(game: Game) -> list[tuple[str, Any]]:
    """What a seat may not know, each change made to the live state and to the state at the turn's
    start (the previews replay from it); [] where something was drawn since the turn began, when
    that start state no longer stands for the live one."""
    session = game.table.session
    start, decisions, draws = session._checkpoint
    if decisions != len(session.log) or draws != len(session.chance):
        return []
    states = (session.state, start)
    changes: list[tuple[str, Any]] = [("the draws to come", tuple(reseed(s.rng) for s in states))]
    if len(session.state.deck) >= 2:
        changes.append(("the deck order", tuple(reverse(s.deck) for s in states)))
    return changes


@pytest.mark.parametrize("game_name", ["pamir", "porfiriana"])
def test_a_seat_receives_nothing_of_what_it_may_not_know(game_name: str) -> None:
    with server() as (client, tables):
        game = create(client, tables, game=game_name, players="4")  # every seat a person's
        state = game.table.session.state
        rng = Rng(5)
        compared = hands = 0
        while (compared < 6 or hands < 2) and len(game.table.session.log) < 400:
            with_hands = sum(1 for player in state.players if player.hand)
            changes = hidden_changes(game) if with_hands >= 3 else []
            active = game.table.session.current_player()
            for seat in range(4):
                if not changes:
                    break
                before = seen(game, seat)
                others = [
                    p for p, player in enumerate(state.players) if p not in (seat, active) and player.hand
                ]
                swaps = [
                    (
                        f"P{a}'s and P{b}'s hands",
                        tuple(hands_swapped(a, b)(s) for s in (state, game.table.session._checkpoint[0])),
                    )
                    for a, b in zip(others, others[1:], strict=False)
                ]
                for what, both in [*changes, *swaps]:
                    with changed(*both):
                        assert seen(game, seat) == before, f"P{seat}'s browser is shown {what}"
                    hands += what.endswith("hands")
                shown = {int(n) for n in re.findall(r'data-card="(\d+)"', before[0])}
                for other, player in enumerate(state.players):
                    if other != seat:
                        assert not shown & set(player.hand), f"P{seat}'s page shows P{other}'s hand"
                assert set(state.players[seat].hand) <= shown, f"P{seat}'s page lacks its own hand"
                compared += 1
            session = game.table.session
            legal = session.legal_actions()
            assert (
                game.decide(session.current_player(), action=legal[rng.below(len(legal))]).status_code == 200
            )
            state = game.table.session.state
        assert compared >= 6 and hands >= 2, (compared, hands)


def snapshot(game: Game) -> tuple[int, int, str, str]:
    session = game.table.session
    return game.table.version, len(session.log), session.rules.digest(session.state), game.table.save_text()


BAD_BODIES: list[tuple[str, bytes, int, str]] = [
    ("not JSON", b"take option 1", 400, "not JSON"),
    ("a list", b"[0, 0]", 400, "expected a JSON object"),
    ("an empty object", b"{}", 400, "whole numbers"),
    ("text for numbers", b'{"decision": "0", "action": "1"}', 400, "whole numbers"),
    ("true for a number", b'{"decision": 0, "action": true}', 400, "whole numbers"),
    ("a fraction", b'{"decision": 0, "action": 1.0}', 400, "whole numbers"),
    ("nested deep", b'{"action": ' + b"[" * 5000 + b"]" * 5000 + b"}", 413, "larger"),
    ("huge", b'{"decision": 0, "action": 1, "pad": "' + b"x" * 10_000 + b'"}', 413, "larger"),
]


@pytest.mark.parametrize(("what", "body", "status", "said"), BAD_BODIES, ids=[b[0] for b in BAD_BODIES])
def test_garbage_is_refused_and_changes_nothing(what: str, body: bytes, status: int, said: str) -> None:
    with server() as (client, tables):
        game = create(client, tables, game="pamir", players="2")
        seat = game.table.session.current_player()
        before = snapshot(game)
        answer = client.post(
            f"/seat/{game.token(seat)}/decide", content=body, headers={"Content-Type": "application/json"}
        )
        assert answer.status_code == status
        assert said in answer.text
        assert snapshot(game) == before


def test_only_the_seat_to_decide_decides_and_only_an_offered_option() -> None:
    with server() as (client, tables):
        game = create(client, tables, game="porfiriana", players="3")
        for _ in range(3):
            assert game.decide(game.table.session.current_player()).status_code == 200
        session = game.table.session
        seat = session.current_player()
        other = next(s for s in game.table.tokens if s != seat)
        offered = session.legal_actions()
        not_offered = next(a for a in range(len(session.pending.options) + 1) if a not in offered)  # type: ignore[union-attr]
        decision = len(session.log)
        before = snapshot(game)

        def post(token: str, body: dict[str, Any]) -> Any:
            return client.post(f"/seat/{token}/decide", json=body)

        refusals = [
            (post(game.token(other), {"decision": decision, "action": offered[0]}), 403, "not your turn"),
            (post("x" * 24, {"decision": decision, "action": offered[0]}), 404, "no seat"),
            (post(game.token(seat) + "a", {"decision": decision, "action": offered[0]}), 404, "no seat"),
            (post(game.token(seat), {"decision": decision - 1, "action": offered[0]}), 409, "already taken"),
            (post(game.token(seat), {"decision": decision + 1, "action": offered[0]}), 409, "already taken"),
            (
                post(game.token(seat), {"decision": decision, "action": not_offered}),
                422,
                "not one of the options",
            ),
            (post(game.token(seat), {"decision": decision, "action": -1}), 422, "not one of the options"),
            (post(game.token(seat), {"decision": decision, "action": 10**30}), 422, "not one of the options"),
            (post(game.token(seat), {"decision": decision, "action": len(offered) + 500}), 422, "not one"),
        ]
        for answer, status, said in refusals:
            assert answer.status_code == status, answer.text
            assert said in answer.text
            assert snapshot(game) == before
        assert client.post(f"/seat/{game.token(other)}/take-back", json={}).status_code == 409
        assert client.get(f"/seat/{game.token(seat)}x").status_code == 404
        # The right seat, the right decision, an offered option: taken.
        taken = post(game.token(seat), {"decision": decision, "action": offered[-1]})
        assert taken.status_code == 200 and len(game.table.session.log) == decision + 1
        # The same request again is stale now.
        again = post(game.token(seat), {"decision": decision, "action": offered[-1]})
        assert again.status_code in (403, 409)
        assert len(game.table.session.log) == decision + 1


def test_each_seat_has_its_own_unguessable_link() -> None:
    with server() as (client, tables):
        game = create(client, tables, game="porfiriana", players="6")
        tokens = list(game.table.tokens.values()) + [game.table.host_token]
        assert len(set(tokens)) == len(tokens) == 7
        assert all(len(token) >= 24 and re.fullmatch(r"[A-Za-z0-9_-]+", token) for token in tokens)
        host = client.get(f"/host/{game.table.host_token}").text
        assert all(token in host for token in game.table.tokens.values())
        page_of_p0 = client.get(f"/seat/{game.token(0)}").text
        assert not any(game.token(seat) in page_of_p0 for seat in range(1, 6))
        assert game.table.host_token not in page_of_p0
        assert json.loads(client.get(f"/seat/{game.token(0)}/view").text)["version"] == game.table.version


def test_a_live_message_follows_each_decision() -> None:
    with server() as (client, tables):
        game = create(client, tables, game="pamir", players="2")
        first = game.table.session.current_player()
        other = 1 - first
        with client.websocket_connect(f"/seat/{game.token(other)}/live") as socket:
            opening = socket.receive_json()
            assert (
                opening["version"] == game.table.version
                and 'class="option"' not in opening["html"]["decision"]
            )
            assert game.decide(first).status_code == 200
            update = socket.receive_json()
            assert update["version"] == game.table.version > opening["version"]
            assert update["decision_number"] == 1
            assert update == page.parts(game.table, other)
            assert 'class="option"' in update["html"]["decision"]  # now it is this seat's turn
        assert client.app.state.hub.followers(game.table) == 0  # type: ignore[attr-defined]
        with pytest.raises(Exception):  # noqa: B017 (a closed socket, in Starlette's own words)
            with client.websocket_connect("/seat/nobody/live") as socket:
                socket.receive_json()
