"""Where the panels save: a folder of each student's own, files named by a
plain file name, and no game lost to another with the same file name.

A name typed in a panel's File box (or the default, such as
`dice-poker-save.json`) is a file in `save_folder()`: `$DICELAB_SAVE_DIR`,
else `dicelab-saves` in the home folder.  On a class server every student has
a home (and the JupyterHub recipe sets `DICELAB_SAVE_DIR` inside it), so two
students' saves never meet.  Only a plain file name is taken (`plain_name`:
no `/` or `\\`, no `..`, no leading dot, no NUL, at most 100 characters); a
name that is taken by something other than a regular file (a link, a folder,
a device, a named pipe) is refused, so a panel never writes or reads
anything outside its save folder.  Messages show the name, never the
server's folders.  `saved_names()` lists the saves there, newest first (the
panels' Load offers them).

>>> import os
>>> os.environ["DICELAB_SAVE_DIR"] = "/tmp/ana"
>>> str(save_target("dice-poker-save.json"))
'/tmp/ana/dice-poker-save.json'
>>> save_target("../bob/dice-poker-save.json")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.errors.SaveFileError: '../bob/dice-poker-save.json' is not a plain file name: ...
"""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import Any

from dicelab.core.engine.files import EMPTY, HAS_NUL, NOT_TEXT, file_label, problem_words
from dicelab.core.i18n import msg
from dicelab.errors import DicelabError, SaveFileError

SAVE_DIR_ENV = "DICELAB_SAVE_DIR"
MAX_NAME = 100  # characters of a save's file name
MOST_LISTED = 200  # saves offered by Load
NOT_PLAIN = msg(
    "save|not_plain",
    "{name!r} is not a plain file name: type a name like my-game.json "
    "(no folders, no / or \\, no ..): saves stay in your save folder",
)
DOT_FIRST = msg("save|dot_first", "{name!r} starts with a dot: type a name like my-game.json")
NAME_TOO_LONG = msg(
    "save|name_too_long", "the file name is too long ({size} characters; at most {most})"
)
NOT_A_FILE = msg(
    "save|not_a_file", "{file} is not a save file (it is a folder, a link or a device)"
)
CANNOT_MAKE = msg("save|cannot_make", "cannot make your save folder: {problem}")
CANNOT_CHECK = msg("save|cannot_check", "cannot write {file}: {problem}")


def save_folder() -> Path:
    """The folder of the panels' save files: `$DICELAB_SAVE_DIR`, else `~/dicelab-saves`."""
    chosen = os.environ.get(SAVE_DIR_ENV, "").strip()
    return Path(chosen).expanduser() if chosen else Path.home() / "dicelab-saves"


def plain_name(name: str) -> str:
    """`name` without surrounding spaces if it is a plain file name; else `SaveFileError`.

    >>> plain_name(" ana.json ")
    'ana.json'
    >>> plain_name("../x.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.errors.SaveFileError: '../x.json' is not a plain file name: ...
    """
    if not isinstance(name, str):
        raise SaveFileError.said(NOT_TEXT, kind=type(name).__name__)
    text = name.strip()
    if not text:
        raise SaveFileError.said(EMPTY)
    if "\0" in text:
        raise SaveFileError.said(HAS_NUL, name=text)
    if ".." in text or any(sep in text for sep in ("/", "\\", os.sep)) or not text.isprintable():
        raise SaveFileError.said(NOT_PLAIN, name=text)
    if text.startswith("."):
        raise SaveFileError.said(DOT_FIRST, name=text)
    if len(text) > MAX_NAME:
        raise SaveFileError.said(NAME_TOO_LONG, size=len(text), most=MAX_NAME)
    return text


def saved_names(folder: Path | None = None) -> list[str]:
    """The plain names of the regular files in the save folder, newest first (then
    by name); links, folders and odd names are left out.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> for name in ("old.json", "new.json"):
    ...     _ = (folder / name).write_text("{}")
    >>> os.utime(folder / "old.json", (0, 0)); saved_names(folder)
    ['new.json', 'old.json']
    """
    folder = save_folder() if folder is None else folder
    found: list[tuple[int, str]] = []
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    for entry in entries:
        try:
            info = entry.stat(follow_symlinks=False)
            plain_name(entry.name)
        except (OSError, SaveFileError):
            continue
        if stat.S_ISREG(info.st_mode):
            found.append((-info.st_mtime_ns, entry.name))
    return [name for _, name in sorted(found)[:MOST_LISTED]]


def save_target(name: str) -> Path:
    """The file a typed name stands for, in `save_folder()` (`SaveFileError` for a
    name that is not a plain file name)."""
    return save_folder() / plain_name(name)


def make_save_folder() -> None:
    """Create `save_folder()` if it is missing (`SaveFileError` if it cannot be made)."""
    try:
        save_folder().mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveFileError.said(CANNOT_MAKE, problem=problem_words(error)) from None


def holds_another_game(path: Path, game: Any) -> bool:
    """Whether `path` holds something other than an earlier save of `game` (another
    game, other players, or no save at all): saving over it would lose it.
    `SaveFileError` when `path` is not a regular file or cannot be checked."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError as error:
        raise SaveFileError.said(
            CANNOT_CHECK, file=path.name, problem=problem_words(error)
        ) from None
    if not stat.S_ISREG(info.st_mode):
        raise SaveFileError.said(NOT_A_FILE, file=file_label(path.name))
    try:
        saved = type(game).load(path)
    except (DicelabError, OSError):
        return True
    return bool(saved.players != game.players or saved.seed != game.seed)
