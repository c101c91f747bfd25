"""Whether a project's generated code was made from its card files as they are now.

Every generated game package lists the card files it was made from, with the sha256 of each one's
text (`SOURCES` in `generated/<game>/__init__.py`). The commands that run or show compiled cards
compare that list with the card files on disk before they import any generated module: a file
changed, added or removed since the build means the generated code is stale (`cli.py` then builds,
or refuses). In a project that was built here, `.paxc-cache/generated.json` also records the
compiler that built it, so that generated code made by another version of paxc is built again.

Light on purpose, like `folders.py`: when nothing changed, a command pays for reading and hashing
the card files and nothing else (no parser, no checker, no templates are imported).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from paxc.compiler.folders import CARD_SUFFIX

_COMPILER = Path(__file__).resolve().parent
CACHE_FOLDER = ".paxc-cache"
RECORD = "last-build"  # in CACHE_FOLDER (JSON): the compiler and package of the last build
_SOURCES = "SOURCES: dict[str, str] = {"
_UNREADABLE = "unreadable"


def toolchain_files() -> list[Path]:
    """The files that shape the compiler's output: its modules (its packages' too), templates
    and grammar."""
    return sorted(
        [
            *_COMPILER.rglob("*.py"),
            *(_COMPILER / "templates").glob("*.jinja"),
            _COMPILER.parent / "grammar" / "pax.lark",
        ]
    )


@functools.cache
def toolchain() -> str:
    """A hash of everything in the compiler that shapes its output."""
    digest = hashlib.sha256()
    for path in toolchain_files():
        digest.update(path.relative_to(_COMPILER.parent).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def text_sha256(text: str) -> str:
    """The hash a card file is listed with: of its text as the compiler reads it (UTF-8,
    universal newlines)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Staleness:
    """What differs between a project's card files and its generated code."""

    files: tuple[str, ...] = ()  # card files changed, added or removed since the build
    compiler_changed: bool = False  # built by another compiler (or for another package)

    def __bool__(self) -> bool:
        return bool(self.files) or self.compiler_changed

    def summary(self) -> str:
        """`1 changed card file`, `3 changed card files`, or why all of them were built."""
        if self.files:
            count = len(self.files)
            return f"{count} changed card file{'' if count == 1 else 's'}"
        return "the cards again (the compiler changed)"


def card_sources(home: Path) -> dict[str, str]:
    """Every card file below `<home>/cards/` (vocabularies included, through links), by the path
    the compiler shows it with, with the sha256 of its text ("unreadable" when it cannot be read:
    the build then says why)."""
    found: dict[str, str] = {}
    cards = home / "cards"
    # The compiler names a file by its resolved path; resolving each one is most of the cost of
    # a check, so only links are (rglob does not enter linked folders).
    linked = cards.is_symlink()
    for path in cards.rglob(f"*{CARD_SUFFIX}"):
        try:
            if not path.is_file():
                continue
            resolved = path.resolve() if linked or path.is_symlink() else path
            raw = resolved.read_bytes()
            # What the compiler hashes: the text as read, universal newlines.
            text = (
                raw
                if b"\r" not in raw
                else raw.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n").encode()
            )
        except (OSError, RuntimeError, UnicodeDecodeError):
            found[path.as_posix()] = _UNREADABLE
            continue
        try:
            shown = resolved.relative_to(home).as_posix()
        except ValueError:  # a link leading out of the project: the compiler names it in full
            shown = resolved.as_posix()
        found[shown] = hashlib.sha256(text).hexdigest()
    return found


def built_sources(home: Path) -> dict[str, str] | None:
    """The card files `<home>/generated/` was made from, every game's together; None when a game
    package there does not say (made by a paxc before the list, or damaged)."""
    generated = home / "generated"
    listed: dict[str, str] = {}
    try:
        packages = sorted(p for p in generated.iterdir() if (p / "__init__.py").is_file())
    except OSError:
        return {}  # no generated code at all: every card file is new
    for package in packages:
        sources = _listed(package / "__init__.py")
        if sources is None:
            return None
        listed.update(sources)
    return listed


def _listed(init: Path) -> dict[str, str] | None:
    """The SOURCES of one generated game package, read as text (importing it would import every
    card module, which may be the stale code itself)."""
    try:
        text = init.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    start = text.find(_SOURCES)
    end = text.find("\n}\n", start)
    if start < 0 or end < 0:
        return None
    try:
        value = ast.literal_eval(text[start + len(_SOURCES) - 1 : end + 2])
    except (ValueError, SyntaxError, RecursionError, MemoryError):
        return None
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in value.items()
    ):
        return None
    return value


def stale(home: Path, package: str | None = None) -> Staleness:
    """How `<home>/generated/` differs from `<home>/cards/`. With `package` (a project paxc builds
    into), the compiler and package recorded at its last build count too."""
    on_disk = card_sources(home)
    built = built_sources(home)
    if built is None:
        return Staleness(tuple(sorted(on_disk)))
    differing = sorted(p for p in on_disk.keys() | built.keys() if on_disk.get(p) != built.get(p))
    if differing:
        return Staleness(tuple(differing))
    if package is not None:
        recorded = _read_record(home)
        if recorded is not None and not _same_compiler(home, recorded, package):
            return Staleness(compiler_changed=True)
    return Staleness()


def _same_compiler(home: Path, recorded: dict[str, str], package: str) -> bool:
    """Whether the recorded build was made by this compiler for `package`. The compiler's files
    are hashed only when their sizes and times differ from the record's (as make decides); when
    only their times changed (a checkout), the record takes the new ones."""
    if recorded["package"] != package:
        return False
    if recorded["stamp"] == _stamp():
        return True
    if recorded["toolchain"] != toolchain():
        return False
    record_build(home, package)
    return True


def _stamp() -> str:
    """The compiler's files' names, sizes and modification times, hashed."""
    digest = hashlib.sha256()
    for path in toolchain_files():
        status = path.stat()
        digest.update(f"{path.name}\0{status.st_size}\0{status.st_mtime_ns}\0".encode())
    return digest.hexdigest()


def _record(package: str) -> dict[str, str]:
    return {"toolchain": toolchain(), "package": package, "stamp": _stamp()}


def _read_record(home: Path) -> dict[str, str] | None:
    """The last build's record; None when there is none to trust (never built here, or damaged:
    the card files' hashes are then all there is to go by)."""
    try:
        data = json.loads((home / CACHE_FOLDER / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if isinstance(data, dict) and set(data) == {"toolchain", "package", "stamp"}:
        return {str(k): str(v) for k, v in data.items()}
    return None


def record_build(home: Path, package: str) -> None:
    """Note which compiler built `<home>/generated/` for `package`; a cache that cannot be
    written is left alone (the card files' hashes still say when the cards changed)."""
    folder = home / CACHE_FOLDER
    try:
        folder.mkdir(exist_ok=True)
        temporary = folder / f"{RECORD}.{os.getpid()}.tmp"
        temporary.write_text(json.dumps(_record(package), sort_keys=True), encoding="utf-8")
        temporary.replace(folder / RECORD)
    except OSError:
        pass
