"""Where a project is: its folder, its games' folders and the import name of its generated code.

Light on purpose: every `paxc` command asks these questions before doing anything else, so this
module imports nothing of the compiler proper.
"""

from __future__ import annotations

import keyword
import re
import tomllib
from pathlib import Path

CARD_SUFFIX = ".pax"
VOCABULARY_FILE = "game.pax"
# The import name of generated/ when the project does not set `[tool.paxc] package`: the layout of
# paxc's own repository, whose generated/ is the package `paxc.generated`.
DEFAULT_PACKAGE = "paxc.generated"
_DOTTED_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


class ProjectError(Exception):
    """A project folder whose configuration cannot be used; the message says why and where."""


def generated_package(root: Path) -> str:
    """The import name of `<root>/generated/`: `[tool.paxc] package` of the project's
    pyproject.toml, else DEFAULT_PACKAGE. Generated code imports its own modules through it."""
    config = root / "pyproject.toml"
    if not config.is_file():
        return DEFAULT_PACKAGE
    try:
        data = tomllib.loads(config.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ProjectError(f"cannot read {config.name}: {error}") from error
    tool = data.get("tool", {})
    paxc = tool.get("paxc", {}) if isinstance(tool, dict) else {}
    package = paxc.get("package", DEFAULT_PACKAGE) if isinstance(paxc, dict) else DEFAULT_PACKAGE
    if (
        not isinstance(package, str)
        or not _DOTTED_NAME.fullmatch(package)
        or any(keyword.iskeyword(part) for part in package.split("."))
    ):
        raise ProjectError(
            f"{config.name}: [tool.paxc] package must be a dotted Python name, not {package!r}"
        )
    return package


# paxc's own folder: the repository, or `paxc/` where paxc is installed. Its cards/ holds the
# bundled games, so outside any project the commands work on those.
PAXC_FOLDER = Path(__file__).resolve().parent.parent


def is_project(folder: Path) -> bool:
    """A project folder has a cards/ folder with at least one game (`cards/<game>/game.pax`)."""
    cards = folder / "cards"
    return cards.is_dir() and any(cards.glob(f"*/{VOCABULARY_FILE}"))


def find_project(start: Path) -> Path | None:
    """The nearest project folder at or above `start`, if any."""
    start = start.resolve()
    return next((folder for folder in (start, *start.parents) if is_project(folder)), None)


def find_root(start: Path) -> Path:
    """The project root: the nearest project at or above `start`, else paxc's own folder (the
    installed games)."""
    return find_project(start) or PAXC_FOLDER


def check_root(root: Path) -> None:
    """Raise ProjectError, saying what is missing, when `root` (given with --root) is no project."""
    try:
        if not root.is_dir():
            raise ProjectError(f"no such folder: {root}")
    except OSError as error:  # a name too long
        raise ProjectError(f"cannot use the folder {root}: {error.strerror or error}") from error
    if not is_project(root):
        raise ProjectError(
            f"{root} is not a paxc project: it has no cards/<game>/{VOCABULARY_FILE} "
            "(make one with 'paxc init GAME')"
        )


def card_folders(root: Path) -> list[Path]:
    """Every game's folder a project's commands look at: its own cards/, then the installed games
    it does not define itself (their vocabularies and cards come with their packages)."""
    from paxc.runtime import games

    own = {path.parent.name for path in (root / "cards").glob(f"*/{VOCABULARY_FILE}")}
    return [root / "cards"] + [
        game.cards for name, game in games.installed().items() if name not in own and game.cards.is_dir()
    ]


def is_file(path: Path) -> bool:
    """Whether `path` is a file (through links), False rather than an error for a name the file
    system refuses (too long) or a link that loops."""
    try:
        return path.is_file()
    except OSError:
        return False


def game_folder(root: Path, game: str) -> Path | None:
    """Where a game's vocabulary and cards are: the project's cards/<game>/, else the folder of
    the installed game of that name; None when neither exists (or `game` could name no folder)."""
    folder = root / "cards" / game
    if is_file(folder / VOCABULARY_FILE):
        return folder
    from paxc.runtime import games

    installed = games.installed().get(game)
    if installed is not None and is_file(installed.cards / VOCABULARY_FILE):
        return installed.cards
    return None
