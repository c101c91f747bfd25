"""The static pages paxc writes (`coverage --html`, `cards --svg`): their Jinja2 templates, with
escaping on, and writing a folder of them whole or not at all.

A folder of pages is written into a new folder beside DIR that then takes DIR's place, so a run
killed while writing leaves the pages that were there, or none, never half of them. A DIR that
holds something other than pages of the same kind (known by a mark in its index) is refused, not
replaced.
"""

from __future__ import annotations

import functools
import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

import jinja2


class FolderError(Exception):
    """The pages cannot be written there; the message says why."""


@functools.cache
def environment() -> jinja2.Environment:
    """The templates of compiler/templates/, for HTML and SVG: every value is escaped."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("paxc.compiler", "templates"),
        undefined=jinja2.StrictUndefined,
        autoescape=True,  # card text is text: <, & and quotes are shown, never read as markup
        trim_blocks=True,
        lstrip_blocks=True,
    )


def generator_mark(generator: str) -> str:
    """The line every index page of `generator` holds: how a folder is known to be its own."""
    return f'<meta name="generator" content="{generator}">'


def write_folder(
    folder: Path, files: Mapping[str, str], index: str, generator: str, what: str, noun: str
) -> None:
    """Write `files` (name -> text) as the whole content of `folder`, made or replacing the pages
    of `generator` there (known by the mark in their `index`). Errors name the pages as `what`
    ("a coverage report") and `noun` ("the report"). Either all of them are there afterwards or,
    on an error, what was there before."""
    if folder.is_symlink() or (folder.exists() and not folder.is_dir()):
        raise FolderError(f"{folder} is not a folder")
    if folder.is_dir() and any(folder.iterdir()) and not _written_by(folder, index, generator):
        raise FolderError(f"{folder} holds files that are not {what}: not replaced")
    blocking = next((p for p in folder.parents if p.exists()), None)
    if blocking is not None and not blocking.is_dir():  # mkdir would say only "File exists"
        raise FolderError(f"cannot write {noun} to {folder}: {blocking} is not a folder")
    try:
        folder.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", suffix=".new", dir=folder.parent))
    except OSError as error:
        raise FolderError(f"cannot write {noun} to {folder}: {error.strerror or error}") from error
    old: Path | None = None
    try:
        for name, text in files.items():
            (staging / name).write_text(text, encoding="utf-8")
        os.chmod(staging, 0o755)  # mkdtemp makes it private; pages are read by whoever opens them
        if folder.exists():
            old = folder.with_name(f"{staging.name[:-4]}.old")
            folder.rename(old)
        staging.rename(folder)
    except OSError as error:
        if old is not None and not folder.exists():
            old.rename(folder)  # put the pages that were there back
        shutil.rmtree(staging, ignore_errors=True)
        raise FolderError(f"cannot write {noun} to {folder}: {error.strerror or error}") from error
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _written_by(folder: Path, index: str, generator: str) -> bool:
    try:
        with (folder / index).open(encoding="utf-8", errors="replace") as page:
            return generator_mark(generator) in page.read(4096)
    except OSError:
        return False
