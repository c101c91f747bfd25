"""Reading a file that anybody may have put in place (a save, a cache entry): only a regular
file, up to a size, opened without blocking, so that a pipe never hangs the reader and a device
such as /dev/zero is never read without end. Writing one whole, so that it is never found
half-written."""

from __future__ import annotations

import contextlib
import os
import stat
from pathlib import Path


class NotRegularFile(ValueError):
    """A folder, a pipe, a device: nothing to read as a file."""


class CannotWrite(OSError):
    """A file that could not be written; `reason` says why in a few words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class FileTooLarge(ValueError):
    """More bytes than the reader takes; `size` is what the file system said, if it said."""

    def __init__(self, size: int | None) -> None:
        super().__init__("too large")
        self.size = size


def read_regular_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; NotRegularFile or FileTooLarge
    otherwise (OSError when it cannot be opened)."""
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(descriptor, "rb") as stream:
        status = os.fstat(stream.fileno())
        if not stat.S_ISREG(status.st_mode):
            raise NotRegularFile(str(path))
        if status.st_size > limit:
            raise FileTooLarge(status.st_size)
        data = stream.read(limit + 1)  # a file may grow while it is read
    if len(data) > limit:
        raise FileTooLarge(None)
    return data


def write_whole(path: Path, text: str) -> None:
    """Write `text` as the file at `path` (through any symbolic link), to a temporary file renamed
    over it, so that the file is either the old one or the new one, whole. NotRegularFile when
    something other than a regular file is there (a device or a pipe, which the rename would
    replace: writing to /dev/null must not replace /dev/null); CannotWrite saying why otherwise."""
    try:
        target = path.resolve()
        elsewhere = target.exists() and not target.is_file()
    except (OSError, RuntimeError):  # a name too long, links that loop: writing it says why
        target, elsewhere = path.absolute(), False
    if elsewhere:
        raise NotRegularFile(str(path))
    temporary = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, target)
    except OSError as error:
        with contextlib.suppress(OSError):
            temporary.unlink()
        reason = error.strerror or type(error).__name__
        with contextlib.suppress(OSError):
            if not target.parent.is_dir():
                reason = f"there is no folder {target.parent}"
        raise CannotWrite(reason) from error
