"""Where the panels save: a folder of each student's own, and no game lost to
another with the same file name.

A name typed in a panel's File box (or the default, such as
`dice-poker-save.json`) is a file in `save_folder()`: `$DICELAB_SAVE_DIR`,
else `dicelab-saves` in the home folder. On a class server every student has
a home (and the JupyterHub recipe sets `DICELAB_SAVE_DIR` inside it), so two
students' saves never meet. An absolute path is used as it is.

>>> import os
>>> os.environ["DICELAB_SAVE_DIR"] = "/tmp/ana"
>>> str(save_target("dice-poker-save.json")), str(save_target("/srv/class.json"))
('/tmp/ana/dice-poker-save.json', '/srv/class.json')
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from dicelab.core.engine.files import FileProblem, as_path, file_label, problem_text
from dicelab.errors import DicelabError, SaveFileError

SAVE_DIR_ENV = "DICELAB_SAVE_DIR"


def save_folder() -> Path:
    """The folder of the panels' save files: `$DICELAB_SAVE_DIR`, else `~/dicelab-saves`."""
    chosen = os.environ.get(SAVE_DIR_ENV, "").strip()
    return Path(chosen).expanduser() if chosen else Path.home() / "dicelab-saves"


def save_target(name: str) -> Path:
    """The file a typed name stands for: in `save_folder()`, unless it is absolute
    (`SaveFileError` for a name that cannot be a file)."""
    try:
        path = as_path(name).expanduser()
    except FileProblem as error:
        raise SaveFileError(str(error)) from None
    return path if path.is_absolute() else save_folder() / path


def make_save_folder(path: Path) -> None:
    """Create `save_folder()` when `path` is in it (a folder typed by hand must exist)."""
    folder = save_folder()
    if path.parent == folder:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            problem = problem_text(error)
            raise SaveFileError(f"cannot make {file_label(folder)}: {problem}") from None


def holds_another_game(path: Path, game: Any) -> bool:
    """Whether `path` exists and holds something other than an earlier save of
    `game` (another game, other players, or no save at all): saving over it
    would lose it."""
    if not path.exists():
        return False
    try:
        saved = type(game).load(path)
    except (DicelabError, OSError):
        return True
    return bool(saved.players != game.players or saved.seed != game.seed)
