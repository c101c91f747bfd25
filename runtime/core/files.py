"""Reading a file that anybody may have put in place (a save, a cache entry): only a regular
file, up to a size, opened without blocking, so that a pipe never hangs the reader and a device
such as /dev/zero is never read without end."""

from __future__ import annotations

import os
import stat


class NotRegularFile(ValueError):
    """A folder, a pipe, a device: nothing to read as a file."""


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
