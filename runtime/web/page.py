"""The browser table's HTML: the start page, the page of a table's links, and a seat's page, whose
parts (`parts`) are also what the live updates carry. Rendered from what the seat sees
(`presentation.seat_view`) and nothing else, so a page holds only what its seat may know; the
templates escape every text.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import jinja2

from paxc.runtime import games
from paxc.runtime.core.agents import UnknownBot
from paxc.runtime.presentation import seat_view
from paxc.runtime.web.pictures import picture
from paxc.runtime.web.tables import Table


@functools.cache
def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("paxc.runtime.web", "templates"),
        autoescape=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )


def render(template: str, **values: Any) -> str:
    return environment().get_template(template).render(**values)


@dataclass(frozen=True)
class GameForm:
    """What the start page offers for one installed game."""

    name: str
    title: str
    min_players: int
    max_players: int
    variants: tuple[tuple[str, str], ...]  # (flag, what it does)
    solo_flag: str | None  # the variant that seats the game's own opponent
    own_opponent: str
    bots: tuple[str, ...]  # the bots a person's seat may be given


def game_forms() -> list[GameForm]:
    """Every installed game (plug-ins too) as the start page offers it; a game whose rules do
    not load is left out (the command line says why when it is played)."""
    forms = []
    for game in games.installed().values():
        try:
            kit = games.load_kit(game)
        except games.BrokenGame:
            continue
        schema = kit.options
        bots = ["random"]
        try:
            kit.bot("mcts", 0)
            bots.append("mcts")
        except UnknownBot:
            pass
        forms.append(
            GameForm(
                game.name,
                game.title,
                schema.min_players,
                schema.max_players,
                tuple((variant.name, variant.help) for variant in game.variants),
                schema.solo_flag,
                kit.own_opponent,
                tuple(bots),
            )
        )
    return forms


def start_page(error: str = "") -> str:
    return render("start.html.jinja", games=game_forms(), error=error)


def host_page(table: Table, base: str) -> str:
    seats = [
        (table.seat_name(seat), f"{base}seat/{table.tokens[seat]}" if seat in table.tokens else None)
        for seat in range(len(table.seats))
    ]
    return render(
        "host.html.jinja",
        title=_title(table),
        seats=seats,
        options=table.session.options,
        seed=table.session.seed,
    )


def seat_page(table: Table, seat: int, token: str) -> str:
    return render(
        "seat.html.jinja",
        title=_title(table),
        who=f"you are {table.seat_name(seat)}",
        token=token,
        parts=parts(table, seat),
    )


def parts(table: Table, seat: int) -> dict[str, Any]:
    """What `seat` sees now, as the page's parts (HTML) and the numbers the script needs: what a
    seat's page shows and every live message to it, and nothing else."""
    with table.lock:
        session = table.session
        view = seat_view(session, table.kit, seat, table.story)
        confirm = {}
        if view.decision is not None and table.kit.confirm is not None:
            assert session.pending is not None
            for action in session.legal_actions():
                question = table.kit.confirm(session.state, session.pending.options[action])
                if question is not None:
                    confirm[action] = question
        status = _status(table, seat)
        picture = _picture(table, seat)
        may_take_back = table.may_take_back(seat)
        return {
            "version": table.version,
            "decision_number": len(session.log),
            "over": session.is_terminal(),
            "deciding": view.decision is not None,
            "html": {
                "status": render("status.html.jinja", status=status, summary=view.board.summary),
                "decision": render(
                    "decision.html.jinja",
                    decision=view.decision,
                    confirm=confirm,
                    may_take_back=may_take_back,
                ),
                "picture": picture or "",
                "board": render("board.html.jinja", board=view.board),
                "story": render("story.html.jinja", story=view.story),
            },
        }


def _status(table: Table, seat: int) -> str:
    session = table.session
    if session.is_terminal():
        outcome = table.kit.outcome(session.state)
        scores = ", ".join(f"{table.seat_name(p)} {score}" for p, score in enumerate(outcome.scores))
        winner = "nobody" if outcome.winner is None else table.seat_name(outcome.winner)
        return f"The game is over: {winner} wins by {outcome.ending} ({table.kit.score_name}: {scores})."
    deciding = session.current_player()
    if deciding == seat:
        return "Your decision."
    return f"{table.seat_name(deciding)} is deciding."


def _picture(table: Table, seat: int) -> str | None:
    """The board drawn as SVG (runtime/web/pictures/), from what the seat observes; None for a
    game without a picture."""
    observe = table.kit.observe
    if observe is None:
        return None
    return picture(table.kit, observe(table.session.state, seat))


def _title(table: Table) -> str:
    game = games.installed().get(table.game)
    return game.title if game is not None else table.game
