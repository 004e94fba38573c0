"""The folder of solved tables that every game shares: where it is, whether
this process may write it, and a checksum that loads no more than it needs.

Where: `$DICELAB_CACHE_DIR` if set, else `$XDG_CACHE_HOME/dicelab`, else
`~/.cache/dicelab`.  A class shares one folder, filled once by the teacher
(`dicelab solve --all --cache-dir DIR`, `dicelab solve sly-dice --cache-dir
DIR`); with `$DICELAB_CACHE_READONLY` set, or a folder the process cannot
write, the students' kernels only read it.  Each game keeps its own files in
it, written atomically (`dicelab.core.engine.files`) and checked when read.

>>> with cache_folder("/tmp/class-cache"):
...     cache_dir(), read_only()
(PosixPath('/tmp/class-cache'), False)
"""

from __future__ import annotations

import contextlib
import importlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from dicelab.core.i18n import _
from dicelab.errors import SettingsError

ENV = "DICELAB_CACHE_DIR"
READ_ONLY_ENV = "DICELAB_CACHE_READONLY"


def sha256(data: bytes = b"") -> Any:
    """A sha256 hash object: `hashlib`'s if it is loaded, else Python's own
    (`_sha2`, `_sha256` before 3.12; the same digests, slower), because
    `hashlib` loads OpenSSL: 3.4 MiB, as much as a `dicelab solve` process
    needs for its table.

    >>> sha256(b"dice").hexdigest()[:12]
    'e1e025805cd6'
    """
    if "hashlib" not in sys.modules:
        own = "_sha2" if sys.version_info >= (3, 12) else "_sha256"
        with contextlib.suppress(ImportError):  # a Python built without its own
            return importlib.import_module(own).sha256(data)
    import hashlib

    return hashlib.sha256(data)


def cache_dir() -> Path:
    """The folder of dicelab's solved tables."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "dicelab"


def read_only() -> bool:
    """Whether this process only reads the cache: `$DICELAB_CACHE_READONLY` is
    set (to anything but "", "0", "no" or "false"), or the folder exists and
    cannot be written."""
    flag = os.environ.get(READ_ONLY_ENV, "").strip().lower()
    if flag not in ("", "0", "no", "false"):
        return True
    folder = cache_dir()
    return folder.is_dir() and not os.access(folder, os.W_OK)


@contextlib.contextmanager
def cache_folder(folder: str | None) -> Iterator[None]:
    """Solve with `folder` (if given) as the cache, written even where the
    students' kernels only read it (the teacher fills it); the environment is
    restored afterwards.  `SettingsError` if the folder cannot be made or written."""
    if folder is None:
        yield
        return
    if not folder.strip():
        raise SettingsError(_("--cache-dir needs a folder"))
    _check_writable(Path(folder).expanduser())
    saved = {name: os.environ.get(name) for name in (ENV, READ_ONLY_ENV)}
    os.environ[ENV] = folder
    os.environ.pop(READ_ONLY_ENV, None)
    try:
        yield
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _check_writable(folder: Path) -> None:
    """Make the cache folder; `SettingsError` if it cannot be made or written."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        said = _("cannot make the cache folder {folder}: {reason}")
        raise SettingsError(said.format(folder=folder, reason=error.strerror)) from None
    if not os.access(folder, os.W_OK):
        raise SettingsError(_("cannot write in the cache folder {folder}").format(folder=folder))
