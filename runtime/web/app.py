"""The browser table's routes (Starlette): the start page and the games it creates, a page per
seat reached by its token, the decisions and take-backs posted from it, a card's text, the save,
and the live updates (`live.py`). Every request that changes a game is checked by the table
(`tables.py`): a refused one gets a 4xx status and a line saying why, and changes nothing.
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import anyio.to_thread
from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.datastructures import UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from paxc.runtime import games, seating
from paxc.runtime.core.options import OptionsError
from paxc.runtime.core.rng import MAX_SEED
from paxc.runtime.core.session import MAX_SAVE_BYTES
from paxc.runtime.presentation import card_details
from paxc.runtime.web import live, page
from paxc.runtime.web.tables import Access, Refused, Table, Tables

MAX_REQUEST_BYTES = 4096  # a decision, a take-back or a new game's form: small
STATIC = Path(__file__).parent / "templates"
STATIC_FILES = {"table.css": "text/css", "table.js": "text/javascript", "start.js": "text/javascript"}


def create_app(tables: Tables | None = None) -> Starlette:
    """The server's application: `tables` are the games it hosts (a new, empty set by default)."""
    hosted = tables if tables is not None else Tables()
    hub = live.Hub()

    async def settle(table: Table) -> None:
        """The bots' turns, one decision at a time, each shown to every page at once."""
        while await anyio.to_thread.run_sync(table.move_bot):
            hub.publish(table)

    async def start(request: Request) -> Response:
        return HTMLResponse(await anyio.to_thread.run_sync(page.start_page))

    async def create(request: Request) -> Response:
        form = await _form(request, MAX_REQUEST_BYTES)
        try:
            game = _field(form, "game")
            players = _whole(_field(form, "players"), "players", 1, 1000)
            seed = _whole(_field(form, "seed", "1"), "seed", 0, MAX_SEED)
            flags = {name: True for name in form.getlist("variant") if isinstance(name, str)}
            kinds = {
                name: _field(form, name) for name in form if isinstance(name, str) and name.startswith("seat")
            }
            table = await anyio.to_thread.run_sync(
                partial(_new_table, hosted, game, players, flags, seed, kinds)
            )
        except Refused as refused:
            return _refused(refused, page=True)
        return RedirectResponse(
            f"/host/{table.host_token}", status_code=303, background=BackgroundTask(settle, table)
        )

    async def resume(request: Request) -> Response:
        form = await _form(request, MAX_SAVE_BYTES + MAX_REQUEST_BYTES)
        upload = form.get("save")
        if isinstance(upload, UploadFile):
            raw = await upload.read(MAX_SAVE_BYTES + 1)
        elif isinstance(upload, str):
            raw = upload.encode()
        else:
            return _refused(Refused(400, "no save was sent"), page=True)
        try:
            if len(raw) > MAX_SAVE_BYTES:
                raise Refused(413, "that file is far larger than a save")
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                raise Refused(400, "not a save this server can resume: not UTF-8 text") from error
            table = await anyio.to_thread.run_sync(hosted.resume, text)
        except Refused as refused:
            return _refused(refused, page=True)
        return RedirectResponse(
            f"/host/{table.host_token}", status_code=303, background=BackgroundTask(settle, table)
        )

    async def host(request: Request) -> Response:
        table = hosted.hosted(request.path_params["token"])
        if table is None:
            raise HTTPException(404, "no game has these links")
        return HTMLResponse(page.host_page(table, str(request.base_url)))

    def access(request: Request) -> Access:
        found = hosted.access(request.path_params["token"])
        if found is None:
            raise HTTPException(404, "no seat has this link")
        return found

    async def seat(request: Request) -> Response:
        found = access(request)
        html = await anyio.to_thread.run_sync(
            page.seat_page, found.table, found.seat, request.path_params["token"]
        )
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    async def view(request: Request) -> Response:
        found = access(request)
        return JSONResponse(await anyio.to_thread.run_sync(page.parts, found.table, found.seat))

    async def decide(request: Request) -> Response:
        found = access(request)
        try:
            body = await _json(request)
            await anyio.to_thread.run_sync(
                found.table.decide, found.seat, body.get("decision"), body.get("action")
            )
        except Refused as refused:
            return _refused(refused)
        hub.publish(found.table)
        # The bots answer after the response: the page shows the decision at once, and their
        # moves as they come, over its live updates.
        parts = await anyio.to_thread.run_sync(page.parts, found.table, found.seat)
        return JSONResponse(parts, background=BackgroundTask(settle, found.table))

    async def take_back(request: Request) -> Response:
        found = access(request)
        try:
            await _json(request)
            await anyio.to_thread.run_sync(found.table.take_back, found.seat)
        except Refused as refused:
            return _refused(refused)
        hub.publish(found.table)
        return JSONResponse(await anyio.to_thread.run_sync(page.parts, found.table, found.seat))

    async def card(request: Request) -> Response:
        found = access(request)
        number = request.path_params["number"]
        if not (number.isascii() and number.isdigit() and len(number) <= 9):
            return _refused(Refused(400, "a card is asked for by its number"))
        details = card_details(found.table.kit, str(int(number)))
        if details.why:
            return JSONResponse({"why": details.why}, status_code=404)
        return JSONResponse({"heading": details.heading, "text": details.text})

    async def save(request: Request) -> Response:
        found = access(request)
        text = await anyio.to_thread.run_sync(found.table.save_text)
        name = f"{found.table.game}-seed{found.table.session.seed}.json"
        return Response(
            text,
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
        )

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in STATIC_FILES:
            raise HTTPException(404, "no such file")
        return Response((STATIC / name).read_text(encoding="utf-8"), media_type=STATIC_FILES[name])

    async def updates(websocket: WebSocket) -> None:
        found = hosted.access(websocket.path_params["token"])
        if found is None:
            await websocket.close(code=4404)
            return
        await hub.follow(websocket, found.table, partial(page.parts, found.table, found.seat))

    routes = [
        Route("/", start),
        Route("/tables", create, methods=["POST"]),
        Route("/resume", resume, methods=["POST"]),
        Route("/host/{token}", host),
        Route("/seat/{token}", seat),
        Route("/seat/{token}/view", view),
        Route("/seat/{token}/decide", decide, methods=["POST"]),
        Route("/seat/{token}/take-back", take_back, methods=["POST"]),
        Route("/seat/{token}/card/{number}", card),
        Route("/seat/{token}/save", save),
        Route("/static/{name}", static),
        WebSocketRoute("/seat/{token}/live", updates),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: _http_error})
    app.state.tables = hosted
    app.state.hub = hub
    return app


def _new_table(
    tables: Tables, game: str, players: int, flags: dict[str, bool], seed: int, seats: dict[str, str]
) -> Table:
    """A game as the start page's form chose it (`seats`: `seat0`, `seat1`... for each seat of
    a person, in order, 'person' or a bot), its options as the game's schema checks them."""
    try:
        kit = games.load_kit(games.find(game))
    except (games.UnknownGame, games.BrokenGame) as error:
        raise Refused(400, str(error)) from error
    schema = kit.options
    options: dict[str, Any] = {"players": players, **flags}
    solo = schema.solo_flag
    if solo is not None and players < schema.min_players and players in schema.solo_players:
        options[solo] = True  # too few players for the game alone: its own opponent takes a seat
    if solo is not None and options.get(solo) and not schema.solo_counts_people:
        options["players"] = max(schema.solo_players)  # the seats: the person's and the game's own
    try:
        people = kit.seats_for_people(schema.check(options))
    except OptionsError as error:
        raise Refused(400, str(error)) from error
    kinds = [seats.get(f"seat{i}", "person") for i in range(len(people))]
    return tables.create(
        game, options, seed, [seating.PERSON if kind == "person" else kind for kind in kinds]
    )


async def _form(request: Request, limit: int) -> Any:
    _check_size(request, limit)
    try:
        return await request.form(max_files=1, max_fields=64, max_part_size=limit)
    except Exception as error:  # multipart's own errors: the form is not one
        if isinstance(error, HTTPException):
            raise
        raise HTTPException(400, "not a form this page sends") from error


async def _json(request: Request) -> dict[str, Any]:
    _check_size(request, MAX_REQUEST_BYTES)
    body = await request.body()
    if len(body) > MAX_REQUEST_BYTES:
        raise Refused(413, "that request is far larger than a decision")
    try:
        data = json.loads(body or b"{}")
    except (ValueError, RecursionError) as error:
        raise Refused(400, "not JSON") from error
    if not isinstance(data, dict):
        raise Refused(400, "expected a JSON object")
    return data


def _check_size(request: Request, limit: int) -> None:
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > limit):
        raise HTTPException(413, "that request is far larger than this page sends")


def _field(form: Any, name: str, default: str | None = None) -> str:
    value = form.get(name, default)
    if not isinstance(value, str):
        raise Refused(400, f"the form lacks '{name}'")
    return value.strip()


def _whole(text: str, name: str, low: int, high: int) -> int:
    if not (text.isascii() and text.isdigit() and len(text) <= 20) or not low <= int(text) <= high:
        raise Refused(400, f"'{name}' is a whole number from {low} to {high}")
    return int(text)


def _refused(refused: Refused, page: bool = False) -> Response:
    if page:
        return HTMLResponse(_start_with(refused.reason), status_code=refused.status)
    return JSONResponse({"refused": refused.reason}, status_code=refused.status)


def _start_with(error: str) -> str:
    return page.start_page(error)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return PlainTextResponse(str(exc.detail), status_code=exc.status_code)
