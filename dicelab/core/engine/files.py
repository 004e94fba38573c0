"""Files that are never lost: atomic writes, and careful reads of small files.

`atomic_write` (or `atomic_file`, for a file written piece by piece) writes
a temporary file in the target's folder, flushes and fsyncs it, then renames
it over the target (`os.replace`), so a write that fails part way (a full
disk, a quota, a file-size limit) leaves the old file exactly as it was.
`read_small_file` reads only a regular file of at most `limit` bytes: never
a device, a pipe or a folder.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> atomic_write(folder / "a.txt", b"hello")
>>> read_small_file(folder / "a.txt", 100)
b'hello'
>>> read_small_file(folder, 100)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.core.engine.files.FileProblem: ... is not a regular file
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

FILE_MODE = 0o644  # readable by the other users of a shared folder (a class's cache)


class FileProblem(OSError):
    """A file that cannot be read or written; the message is one line."""


def as_path(path: Any) -> Path:
    """`path` as a `Path`; `FileProblem` for a NUL character or a non-path."""
    if not isinstance(path, (str, os.PathLike)):
        raise FileProblem(f"a file name is text, not {type(path).__name__}")
    text = os.fspath(path)
    if not isinstance(text, str):
        raise FileProblem("a file name is text, not bytes")
    if "\0" in text:
        raise FileProblem(f"{text!r} is not a possible file name (it has a NUL character)")
    if not text.strip():
        raise FileProblem("the file name is empty")
    return Path(text)


@contextmanager
def atomic_file(path: str | os.PathLike[str], mode: int = FILE_MODE) -> Iterator[BinaryIO]:
    """A binary file to write that replaces `path` all at once when the block
    ends, with permissions `mode` (0o600: for its owner only, from the first
    byte on); on any failure the old file stays.

    Raises `OSError` (a `FileProblem` for a bad name) and leaves no temporary
    file behind.
    """
    target = as_path(path)
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "wb") as file:
            yield file
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def atomic_write(path: str | os.PathLike[str], data: bytes, mode: int = FILE_MODE) -> None:
    """Replace `path` with `data` all at once (see `atomic_file`)."""
    with atomic_file(path, mode) as file:
        file.write(data)


def read_small_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; `OSError` otherwise.

    The file is opened without blocking (a named pipe does not hang) and
    checked before anything is read (a device is never read).
    """
    target = as_path(path)
    handle = os.open(target, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(f"{file_label(target)} is not a regular file")
        if info.st_size > limit:
            raise FileProblem(
                f"{file_label(target)} is too large ({info.st_size:,} bytes; at most {limit:,})"
            )
        chunks, size = [], 0
        while chunk := os.read(handle, limit + 1 - size):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise FileProblem(f"{file_label(target)} is too large (more than {limit:,} bytes)")
    finally:
        os.close(handle)
    return b"".join(chunks)


def file_label(path: Any) -> str:
    """How a file name is shown in a message: as typed, or quoted if unprintable.

    >>> file_label("save.json"), file_label("a\\0b")
    ('save.json', "'a\\\\x00b'")
    """
    text = os.fspath(path) if isinstance(path, (str, os.PathLike)) else repr(path)
    text = text if isinstance(text, str) else repr(text)
    return text if text.isprintable() else repr(text)


def problem_text(error: OSError) -> str:
    """A one-line reason for an `OSError` ("No space left on device", ...)."""
    if isinstance(error, FileProblem):
        return str(error)
    return error.strerror or str(error) or type(error).__name__
