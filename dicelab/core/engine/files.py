"""Files that are never lost: atomic writes, and careful reads of small files.

`atomic_write` (or `atomic_file`, for a file written piece by piece) writes
a temporary file in the target's folder, flushes and fsyncs it, then renames
it over the target (`os.replace`), so a write that fails part way (a full
disk, a quota, a file-size limit) leaves the old file exactly as it was.
Neither follows a symbolic link or touches anything but a regular file: a
write refuses a target that exists and is not a regular file (a device, a
pipe, a folder or a link is never replaced), and `read_small_file` reads only
a regular file of at most `limit` bytes (`read_json`: and JSON in it, nested
not too deep): the one careful reading of files the user or another user
may have put there (saves, manifests, caches).  A file is written with the mode the
user's umask allows (a save, a lesson: 0600 under umask 077), unless the
caller asks for `SHARED_MODE` (a class's read-only cache).

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

import errno
import json
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, BinaryIO

from dicelab.core.i18n import Message, msg
from dicelab.errors import DicelabError

SHARED_MODE = 0o644  # readable by the other users of a shared folder (a class's cache)
JSON_DEPTH = 32  # deeper than any file dicelab writes (a save, a cache, a manifest)


NOT_TEXT = msg("file|not_text", "a file name is text, not {kind}")
HAS_NUL = msg("file|has_nul", "{name!r} is not a possible file name (it has a NUL character)")
EMPTY = msg("file|empty", "the file name is empty")
NOT_REGULAR = msg("file|not_regular", "{file} is not a regular file")
A_LINK = msg("file|a_link", "{file} is a link, not a regular file")
TOO_LARGE = msg("file|too_large", "{file} is too large ({size} bytes; at most {limit})")
LARGER = msg("file|larger", "{file} is too large (more than {limit} bytes)")
PROBLEMS = {  # the reasons a user meets most, in the user's language
    errno.ENOENT: msg("file|no_such_file", "there is no such file"),
    errno.EACCES: msg("file|not_allowed", "permission denied"),
    errno.EPERM: msg("file|not_allowed", "permission denied"),
    errno.ENOSPC: msg("file|disk_full", "the disk is full"),
    errno.EDQUOT: msg("file|quota", "the disk quota is used up"),
    errno.EFBIG: msg("file|file_too_big", "the file would be too large"),
    errno.ENAMETOOLONG: msg("file|name_too_long", "the name is too long"),
    errno.EROFS: msg("file|read_only", "the disk is read-only"),
    errno.EISDIR: msg("file|a_folder", "it is a folder"),
    errno.ENOTDIR: msg("file|no_folder", "a folder on the way is not a folder"),
}


class FileProblem(DicelabError, OSError):
    """A file that cannot be read or written; the message is one line (made
    with `said`, so that a panel says it in its language)."""


def as_path(path: Any) -> Path:
    """`path` as a `Path`; `FileProblem` for a NUL character or a non-path."""
    if not isinstance(path, (str, os.PathLike)):
        raise FileProblem.said(NOT_TEXT, kind=type(path).__name__)
    text = os.fspath(path)
    if not isinstance(text, str):
        raise FileProblem.said(NOT_TEXT, kind="bytes")
    if "\0" in text:
        raise FileProblem.said(HAS_NUL, name=text)
    if not text.strip():
        raise FileProblem.said(EMPTY)
    return Path(text)


def umask_mode() -> int:
    """The mode of a new file under the process's umask (0o644 under umask 022).

    >>> old = os.umask(0o077); mode = umask_mode(); _ = os.umask(old); oct(mode)
    '0o600'
    """
    try:
        status = Path("/proc/self/status").read_text()
        umask = int(
            next(line.split()[1] for line in status.splitlines() if line.startswith("Umask:")), 8
        )
    except (OSError, StopIteration, ValueError, IndexError):
        umask = os.umask(0o077)  # without /proc: read it by setting it, then put it back
        os.umask(umask)
    return 0o666 & ~umask


def check_replaceable(target: Path) -> None:
    """`FileProblem` if `target` exists and is not a regular file: a device, a
    named pipe, a folder or a link is never replaced by a write."""
    try:
        info = os.lstat(target)
    except FileNotFoundError:
        return
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem.said(NOT_REGULAR, file=file_label(target))


@contextmanager
def atomic_file(path: str | os.PathLike[str], mode: int | None = None) -> Iterator[BinaryIO]:
    """A binary file to write that replaces `path` all at once when the block
    ends, with permissions `mode` (default: what the umask allows; 0o600: for
    its owner only, from the first byte on); on any failure the old file stays.

    Raises `OSError` (a `FileProblem` for a bad name, or for a target that is
    not a regular file) and leaves no temporary file behind.
    """
    target = as_path(path)
    check_replaceable(target)
    mode = umask_mode() if mode is None else mode
    handle, temporary = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".tmp"
    )
    try:
        with os.fdopen(handle, "wb") as file:
            yield file
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, mode)
        check_replaceable(target)  # nothing odd appeared there meanwhile
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def atomic_write(path: str | os.PathLike[str], data: bytes, mode: int | None = None) -> None:
    """Replace `path` with `data` all at once (see `atomic_file`)."""
    with atomic_file(path, mode) as file:
        file.write(data)


def read_small_file(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; `OSError` otherwise.

    The file is opened without blocking (a named pipe does not hang), without
    following a link, and checked before anything is read (a device is never
    read).
    """
    target = as_path(path)
    try:
        handle = os.open(target, os.O_RDONLY | os.O_NONBLOCK | os.O_NOFOLLOW)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise FileProblem.said(A_LINK, file=file_label(target)) from None
        raise
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem.said(NOT_REGULAR, file=file_label(target))
        if info.st_size > limit:
            raise FileProblem.said(
                TOO_LARGE, file=file_label(target), size=info.st_size, limit=limit
            )
        chunks, size = [], 0
        while chunk := os.read(handle, limit + 1 - size):
            chunks.append(chunk)
            size += len(chunk)
            if size > limit:
                raise FileProblem.said(LARGER, file=file_label(target), limit=limit)
    finally:
        os.close(handle)
    return b"".join(chunks)


def read_json(path: str | os.PathLike[str], limit: int, depth: int = JSON_DEPTH) -> Any:
    """The JSON value of a file read as `read_small_file` reads it (`OSError` if it
    cannot be), checked by `json_value`.

    >>> import tempfile, pathlib
    >>> bomb = pathlib.Path(tempfile.mkdtemp()) / "bomb.json"
    >>> atomic_write(bomb, b"[" * 100_000 + b"]" * 100_000)
    >>> read_json(bomb, 2**20)
    Traceback (most recent call last):
    ...
    ValueError: JSON nested more than 32 deep
    """
    return json_value(read_small_file(path, limit), depth)


def json_value(text: str | bytes, depth: int = JSON_DEPTH) -> Any:
    """JSON text's value, nested at most `depth` deep; `ValueError` if it is not
    such JSON (not UTF-8, not JSON, or deeper: a "JSON bomb" is refused, never a
    traceback).

    >>> json_value('{"a": [1, 2]}')
    {'a': [1, 2]}
    >>> json_value("[[[0]]]", depth=2)
    Traceback (most recent call last):
    ...
    ValueError: JSON nested more than 2 deep
    """
    try:
        value = json.loads(text)
    except RecursionError:
        raise ValueError(f"JSON nested more than {depth} deep") from None
    stack = [(value, 1)]  # no recursion: the walk itself never runs out of stack
    while stack:
        item, level = stack.pop()
        if level > depth:
            raise ValueError(f"JSON nested more than {depth} deep")
        if isinstance(item, dict):
            stack.extend((v, level + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, level + 1) for v in item)
    return value


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


def problem_words(error: OSError) -> Message | DicelabError | str:
    """The reason for an `OSError` as a said value: a message in the user's
    language for the common ones, else the system's own (English) words."""
    if isinstance(error, FileProblem):
        return error
    return PROBLEMS.get(error.errno or 0) or problem_text(error)
