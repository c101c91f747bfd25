"""`paxc check` and `paxc build`: whether the rules of the project's games implement what their
vocabularies declare (runtime/core/implemented.py), where those rules can be imported.

A game is checked when its plug-in is installed from this project (its `cards/<game>/` is the
project's, as `pip install -e .` makes it, or as paxc's own games are in its repository) and its
generated code is that of the cards as they are (after a build, or when nothing changed since):
the check reads the vocabulary through the generated `DECLARED`. The same check runs whenever a
game is loaded to be played, so a game the check would refuse is never played.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from paxc.runtime import games
from paxc.runtime.core import implemented
from paxc.runtime.core.implemented import Problem

CODE = "not-implemented"


def own_games(root: Path, names: Iterable[str]) -> list[games.Game]:
    """Those of the games named whose installed plug-in plays this project's cards."""
    found = []
    installed = games.installed()
    for name in names:
        game = installed.get(name)
        if game is None:
            continue
        try:
            same = game.cards.resolve() == (root / "cards" / name).resolve()
        except OSError:
            same = False
        if same:
            found.append(game)
    return found


def unimplemented(games_to_check: Iterable[games.Game]) -> list[Problem]:
    """What the rules of these games do not implement; a game whose rules do not even load is
    one problem saying why, at its vocabulary."""
    found: list[Problem] = []
    for game in games_to_check:
        try:
            kit = games.load_kit_unchecked(game)
        except games.BrokenGame as error:
            found.append(Problem(f"cards/{game.name}/game.pax", str(error)))
            continue
        found += implemented.problems(game.name, kit.effects, type(kit.rules), kit.cards)
    return found


def as_text(problem: Problem) -> str:
    """As a compiler's diagnostics read: `cards/g/game.pax:12: error: ...  [not-implemented]`."""
    return f"{problem.where}: error: {problem.message}  [{CODE}]"


def as_json(problem: Problem) -> dict[str, object]:
    """As `paxc check --json` gives its diagnostics."""
    return {
        "file": problem.path,
        "line": problem.line,
        "column": 1,
        "end_line": problem.line,
        "end_column": 1,
        "severity": "error",
        "code": CODE,
        "message": problem.message,
        "hint": "implement it in the game's effects class (GameKit.effects), as the generated "
        "<Game>Effects protocol says, or build its event in the rules",
    }
