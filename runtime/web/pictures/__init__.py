"""The boards as pictures: SVG drawn from what one seat observes (`core/observation.py`'s View),
a module per game, for the browser table. A game with no picture is shown by its board's sections
alone.

`picture(kit, view)` is the entry point: one `<svg>` element with a viewBox (it scales to the
page's width, a phone's included), each card drawn carrying `data-card="<number>"` and a `<title>`
with its name; None for a game that has no picture (a plug-in game). Nothing but the View is read,
so a picture shows only what that seat may know.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from typing import Any

from paxc.runtime.core.observation import View

Drawer = Callable[[Any, View], str]

# The games that have a picture, by the name their rules give (`kit.rules.name`), and the module
# that draws it (its `draw(kit, view)`), imported only when that game is drawn.
DRAWERS: Mapping[str, str] = {
    "pamir": "paxc.runtime.web.pictures.pamir",
    "porfiriana": "paxc.runtime.web.pictures.porfiriana",
}


def drawer(game: str) -> Drawer | None:
    module = DRAWERS.get(game)
    if module is None:
        return None
    draw: Drawer = importlib.import_module(module).draw
    return draw


def picture(kit: Any, view: View) -> str | None:
    """The board as the seat whose `view` this is sees it, as SVG markup; None when the game has
    no picture."""
    draw = drawer(kit.rules.name)
    return None if draw is None else draw(kit, view)
