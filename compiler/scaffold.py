"""`paxc init GAME`: a designer's own project, ready to check, build, test and play.

The project mirrors paxc's own layout (cards/, generated/, and the base rules in rules/), mapped
onto one package named after the game, and registers the game under the `paxc.games` entry point.
Its starter game is small but complete: a market, a hand, a few rounds, and cards that use the
card language's main constructs. `tests/example_game/` is this output for the game `bazaar`,
kept byte for byte (tests/plugins/test_example_game.py).
"""

from __future__ import annotations

import functools
import importlib.util
import keyword
import re
import shutil
import tempfile
from pathlib import Path

import jinja2

from paxc.compiler import pynames

# Where each file of a new project comes from: its path in the project ({game} is the game's
# name) and its template in templates/project/ (None: an empty file).
FILES: dict[str, str | None] = {
    "pyproject.toml": "pyproject.toml.jinja",
    "README.md": "README.md.jinja",
    ".gitignore": "gitignore.jinja",
    "cards/{game}/game.pax": "game.pax.jinja",
    "cards/{game}/goods.pax": "cards.pax.jinja",
    "rules/__init__.py": "rules_init.py.jinja",
    "rules/plugin.py": "plugin.py.jinja",
    "rules/game.py": "game.py.jinja",
    "rules/py.typed": None,
    "tests/test_{game}.py": "test_game.py.jinja",
    "tests/conftest.py": "conftest.py.jinja",
    "tests/scenarios/{game}.paxtest": "scenario.paxtest.jinja",
}
_GAME_NAME = re.compile(r"[a-z][a-z0-9_]{0,39}")


class InitError(Exception):
    """The project cannot be made as asked; the message says why."""


@functools.cache
def _environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("paxc.compiler", "templates/project"),
        undefined=jinja2.StrictUndefined,
        autoescape=False,  # the output is code and text, not HTML
        keep_trailing_newline=True,
    )


def check_name(game: str) -> None:
    """A game's name is its vocabulary's name and its Python package's: a short lowercase
    identifier that nothing installed already answers to (it would shadow it, or be shadowed)."""
    if not _GAME_NAME.fullmatch(game) or keyword.iskeyword(game):
        raise InitError(
            f"'{game}' cannot name a game: use lowercase letters, digits and '_', starting with a letter"
        )
    if game == "paxc" or importlib.util.find_spec(game) is not None:
        raise InitError(f"'{game}' is already the name of an installed Python module: choose another name")


def project_files(game: str) -> dict[str, str]:
    """Every file of a new project for `game`, by path in the project."""
    check_name(game)
    context = {
        "game": game,
        "title": game.replace("_", " ").title(),
        "camel": pynames.camel(game),  # the class card effects run in
        "effects": pynames.camel(game) + "Effects",
    }
    files = {}
    for path, template in FILES.items():
        text = "" if template is None else _environment().get_template(template).render(context)
        files[path.format(game=game)] = text
    return files


def create(folder: Path, game: str) -> list[str]:
    """Write a new project for `game` into `folder`, which must not exist or be empty.

    The files are written into a scratch folder beside it, which takes its place only when
    complete, so a failure leaves nothing half-made. Returns the paths written.
    """
    files = project_files(game)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise InitError(f"{folder} already exists and is not empty: paxc init makes a new folder")
    parent = folder.resolve().parent
    if not parent.is_dir():
        raise InitError(f"no such folder: {parent}")
    try:
        scratch = Path(tempfile.mkdtemp(prefix=f".{folder.name}-new-", dir=parent))
    except OSError as error:
        raise InitError(f"cannot write in {parent}: {error.strerror}") from error
    try:
        scratch.chmod(0o755)  # mkdtemp makes it private; a project folder is an ordinary one
        for relative, text in files.items():
            target = scratch / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8", newline="\n")
        if folder.exists():
            folder.rmdir()  # empty, checked above
        scratch.rename(folder)
    except OSError as error:
        shutil.rmtree(scratch, ignore_errors=True)
        raise InitError(f"cannot write the project: {error}") from error
    return sorted(files)
