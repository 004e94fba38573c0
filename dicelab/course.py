"""The course: the lessons and the play app, wherever dicelab is installed.

A wheel of dicelab carries the thirteen lessons and `play.ipynb` in
`dicelab/course/` (setup.py copies them from the clone's `notebooks/` when it
builds); an editable install finds them in the clone's `notebooks/`.
`write_lessons(folder)` (`dicelab lessons DIR`) writes them for a user, the
teacher's edition or the student edition (`dicelab.student_edition`: no
solutions),
and never overwrites a file the user changed: a manifest in the folder
(`.dicelab-lessons.json`) keeps the sha256 of every file written, so a file
still as dicelab wrote it is updated, and any other is kept with the new
version written beside it (`03-three-rolls.new.ipynb`).  `serve_play`
(`dicelab play`) serves the play app with Voilà.

>>> [path.name for path in course_notebooks(course_folder())][-2:]
['13-sly-dice-equilibrium.ipynb', 'play.ipynb']
>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "lessons"
>>> [placed.status for placed in write_lessons(folder)][:2]
['new', 'new']
>>> (folder / "play.ipynb").write_text("{}", encoding="utf-8")  # the user's own play.ipynb
2
>>> [(p.status, p.written) for p in write_lessons(folder) if p.status != "unchanged"]
[('kept', 'play.new.ipynb')]
"""

from __future__ import annotations

import hashlib
import itertools
import json
import os
import shlex
import socket
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from dicelab import __version__
from dicelab.core.engine.files import (
    as_path,
    atomic_write,
    file_label,
    problem_text,
    read_json,
)
from dicelab.core.i18n import _, ngettext
from dicelab.errors import DicelabError, SettingsError

PACKAGE = Path(__file__).resolve().parent
COURSE = ("[0-9][0-9]-*.ipynb", "play.ipynb")  # the lessons and the play app (setup.py too)
MANIFEST = ".dicelab-lessons.json"


def course_folder(package: Path = PACKAGE) -> Path:
    """The folder of the course: the installed copy `dicelab/course/`, else the
    clone's `notebooks/` (an editable install); `DicelabError` if neither holds it.

    >>> course_folder().name in ("course", "notebooks")
    True
    >>> course_folder(Path("/nonexistent/dicelab"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.errors.DicelabError: the course is not installed: no /nonexistent/dicelab/course/...
    """
    places = (package / "course", package.parent / "notebooks")
    for folder in places:
        if (folder / "play.ipynb").is_file():
            return folder
    where = ", nor ".join(str(folder / "play.ipynb") for folder in places)
    raise DicelabError(f"the course is not installed: no {where}")


def course_notebooks(folder: Path) -> list[Path]:
    """The notebooks of the course in `folder`: the lessons in order, then `play.ipynb`.

    >>> [path.name for path in course_notebooks(course_folder())][:2]
    ['01-dice-poker-odds.ipynb', '02-every-box-expected-value.ipynb']
    """
    return [path for pattern in COURSE for path in sorted(folder.glob(pattern))]


def edition(student: bool = False, source: Path | None = None) -> dict[str, bytes]:
    """Every notebook of the course (of `source`, by default `course_folder()`) by
    file name: the teacher's files as they are, or the student edition.

    >>> teacher, students = edition(), edition(student=True)
    >>> len(teacher), sorted(teacher) == sorted(students), teacher == students
    (14, True, False)
    """
    found = course_notebooks(course_folder() if source is None else source)
    if not student:
        return {path.name: path.read_bytes() for path in found}
    from dicelab.student_edition import student_bytes  # nbformat: imported when asked for

    return {path.name: student_bytes(path) for path in found}


@dataclass(frozen=True)
class Placed:
    """What `write_lessons` did with one notebook of the course: `status` is
    "new", "updated", "unchanged" or "kept" (the user's file `name` kept, the
    course's version in `written` beside it)."""

    name: str
    written: str
    status: str

    def line(self) -> str:
        """One line of `dicelab lessons`, in the command line's language.

        >>> Placed("03-rolls.ipynb", "03-rolls.new.ipynb", "kept").line()
        'kept      03-rolls.ipynb (changed by you): the new version is 03-rolls.new.ipynb'
        """
        words = status_words()
        status = words[self.status].ljust(max(map(len, words.values())))
        if self.status == "kept":
            said = _("{status} {name} (changed by you): the new version is {written}")
            return said.format(status=status, name=self.name, written=self.written)
        return f"{status} {self.name}"


def status_words() -> dict[str, str]:
    """What `dicelab lessons` calls each status of `Placed`, in the command line's language.

    >>> status_words()["unchanged"]
    'unchanged'
    """
    return {
        "new": _("new"),
        "updated": _("updated"),
        "unchanged": _("unchanged"),
        "kept": _("kept"),
    }


def sha256(data: bytes) -> str:
    """The hex sha256 of `data`.

    >>> sha256(b"")[:12]
    'e3b0c44298fc'
    """
    return hashlib.sha256(data).hexdigest()


def alternatives(name: str) -> Iterator[str]:
    """The names a notebook may be written under: its own, then `.new`, `.new-2` ...

    >>> list(itertools.islice(alternatives("03-three-rolls.ipynb"), 3))
    ['03-three-rolls.ipynb', '03-three-rolls.new.ipynb', '03-three-rolls.new-2.ipynb']
    """
    stem, suffix = os.path.splitext(name)
    yield name
    yield f"{stem}.new{suffix}"
    for number in itertools.count(2):
        yield f"{stem}.new-{number}{suffix}"


def place(folder: Path, name: str, data: bytes, recorded: dict[str, str]) -> Placed:
    """Write `data` as notebook `name` of `folder` unless the file there is the
    user's: then under the first alternative name that is free or still as
    dicelab wrote it.  `recorded` (the manifest: name → sha256 of what dicelab
    wrote) is brought up to date."""
    digest = sha256(data)
    names = alternatives(name)
    while True:
        candidate = next(names)
        path = folder / candidate
        if path.is_symlink() or (path.exists() and not path.is_file()):
            continue  # a link or a folder under that name: the user's
        old = sha256(path.read_bytes()) if path.exists() else None
        if old not in (None, digest, recorded.get(candidate)):
            continue  # changed by the user, or never written by dicelab
        if old != digest:
            atomic_write(path, data)
        recorded[candidate] = digest
        status = "new" if old is None else "unchanged" if old == digest else "updated"
        return Placed(name, candidate, status if candidate == name else "kept")


def read_manifest(folder: Path) -> dict[str, str]:
    """The manifest of `folder` (empty when there is none): file name → sha256."""
    path = folder / MANIFEST
    if not path.exists():
        return {}
    reason = "not valid JSON"
    try:
        files = read_json(path, 2**20).get("files")
        reason = "no file names with their sha256"
        if isinstance(files, dict) and all(
            isinstance(k, str) and isinstance(v, str) for k, v in files.items()
        ):
            return files
    except OSError as error:  # unreadable: said so, not as a write that failed
        raise DicelabError(
            f"cannot read the manifest {file_label(path)}: {problem_text(error)}: move it away "
            "to start afresh (your files are kept and the new versions go beside them)"
        ) from None
    except ValueError as error:
        reason = str(error) if "nested" in str(error) else reason
    except AttributeError:
        pass
    raise DicelabError(
        f"{file_label(path)} is not a manifest dicelab wrote ({reason}): move it away "
        "to start afresh (your files are kept and the new versions go beside them)"
    )


def write_manifest(folder: Path, recorded: dict[str, str]) -> None:
    """Write the manifest of `folder` (`atomic_write`)."""
    text = json.dumps({"dicelab": __version__, "files": dict(sorted(recorded.items()))}, indent=1)
    atomic_write(folder / MANIFEST, (text + "\n").encode("utf-8"))


def write_lessons(
    folder: str | os.PathLike[str], student: bool = False, source: Path | None = None
) -> list[Placed]:
    """Write the course (the student edition if `student`) into `folder`, made if
    missing, never overwriting a file the user changed (see `place`); what was
    done with each notebook.  `DicelabError` when the folder cannot be written."""
    notebooks = edition(student, source)
    try:
        target = as_path(folder)
        if target.exists() and not target.is_dir():
            raise DicelabError(f"{file_label(folder)} is a file, not a folder")
        target.mkdir(parents=True, exist_ok=True)
        recorded = read_manifest(target)
        placed = [place(target, name, data, recorded) for name, data in notebooks.items()]
        write_manifest(target, recorded)
    except OSError as error:
        label = file_label(folder) or "''"
        raise DicelabError(
            f"cannot write the lessons into {label}: {problem_text(error)}"
        ) from None
    return placed


def lessons_report(folder: str, placed: list[Placed], student: bool) -> str:
    """What `dicelab lessons` says: a line per notebook, a summary, how to open them.

    >>> print(lessons_report("my lessons", [Placed("a.ipynb", "a.ipynb", "new")], False))
    new       a.ipynb
    1 notebook of the teacher's edition in my lessons: 1 new.
    Open them with: jupyter lab 'my lessons'
    """
    counts = {
        s: sum(p.status == s for p in placed) for s in ("new", "updated", "unchanged", "kept")
    }
    parts = [count_words(status, count) for status, count in counts.items() if count]
    if student:
        summary = ngettext(
            "{count} notebook of the student edition in {folder}: {parts}.",
            "{count} notebooks of the student edition in {folder}: {parts}.",
            len(placed),
        )
    else:
        summary = ngettext(
            "{count} notebook of the teacher's edition in {folder}: {parts}.",
            "{count} notebooks of the teacher's edition in {folder}: {parts}.",
            len(placed),
        )
    said = summary.format(count=len(placed), folder=folder, parts=", ".join(parts))
    command = f"jupyter lab {shlex.quote(folder)}"
    lines = [p.line() for p in placed]
    return "\n".join([*lines, said, _("Open them with: {command}").format(command=command)])


def count_words(status: str, count: int) -> str:
    """`count` notebooks of a status, as the summary of `dicelab lessons` says it.

    >>> count_words("new", 12), count_words("kept", 1)
    ('12 new', '1 kept as you changed them, the new version beside them')
    """
    said = {
        "new": ngettext("{count} new", "{count} new", count),
        "updated": ngettext("{count} updated", "{count} updated", count),
        "unchanged": ngettext("{count} unchanged", "{count} unchanged", count),
        "kept": ngettext(
            "{count} kept as you changed them, the new version beside them",
            "{count} kept as you changed them, the new version beside them",
            count,
        ),
    }
    return said[status].format(count=count)


IOPUB_SECONDS = 60  # how long Voilà waits for a cell's output once it has run
# JupyterLab extensions of the environment a Voilà page of the play app has no
# use for (the lessons' charts, code highlighting): left out, the page loads
# a few MB less script and opens about a quarter of a second sooner
PAGE_LEAVES_OUT = ("jupyterlab-plotly", "jupyterlab_pygments")
LEAVE_OUT = "--VoilaConfiguration.extension_denylist=" + json.dumps(list(PAGE_LEAVES_OUT))
REFILL_SECONDS = 3  # a kernel taken from the pool is replaced this long after: once its page is up


def play_argv(notebook: Path, port: int, pool: int) -> list[str]:
    """Voilà's arguments for the play app, as `make play` serves it: on
    127.0.0.1 only, no browser opened, `pool` kernels kept ready with the app
    already run, on `port` or not at all (so the address said is right), a
    kernel manager that loses no message (`dicelab.kernel_manager`), a minute
    for the app's widgets to reach Voilà once it has run (nbclient's default,
    4 s, is too short on a busy server: Voilà then gives up on the cell's
    output, and the page it serves stays blank), none of the extensions the
    page has no use for (`PAGE_LEAVES_OUT`), and a kernel taken from the pool
    replaced only once its page is up (`REFILL_SECONDS`; Voilà's default, 1 s,
    starts the new kernel while the page is still loading, on the same cores).

    >>> play_argv(Path("play.ipynb"), 8866, 2)  # doctest: +NORMALIZE_WHITESPACE
    ['play.ipynb', '--no-browser', '--port=8866', '--Voila.ip=127.0.0.1',
     '--Voila.port_retries=0', '--preheat_kernel=True', '--pool_size=2',
     '--VoilaConfiguration.multi_kernel_manager_class=dicelab.kernel_manager.PlayKernelManager',
     '--VoilaExecutor.iopub_timeout=60',
     '--VoilaConfiguration.extension_denylist=["jupyterlab-plotly", "jupyterlab_pygments"]',
     '--VoilaKernelManager.fill_delay=3']
    """
    return [
        str(notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--preheat_kernel=True",
        f"--pool_size={pool}",
        "--VoilaConfiguration.multi_kernel_manager_class=dicelab.kernel_manager.PlayKernelManager",
        f"--VoilaExecutor.iopub_timeout={IOPUB_SECONDS}",
        LEAVE_OUT,
        f"--VoilaKernelManager.fill_delay={REFILL_SECONDS}",
    ]


def check_port(port: int) -> None:
    """`DicelabError` unless the play app can listen on 127.0.0.1:`port` (as Voilà
    does: an address a server just left, still in TIME_WAIT, is free).

    >>> check_port(0)
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: --port must be 1 to 65535, not 0
    """
    if not 1 <= port <= 65535:
        raise SettingsError(f"--port must be 1 to 65535, not {port}")
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError as error:
            reason = error.strerror or str(error)
            raise DicelabError(
                f"cannot serve on 127.0.0.1:{port} ({reason}): choose another --port"
            ) from None


def serve_play(port: int, pool: int, lang: str | None, say: Callable[[str], None]) -> None:
    """Serve the play app with Voilà until Ctrl-C, its address said first with `say`.
    `lang` (else `DICELAB_LANG`, else English) is the app's language: it is put in
    `DICELAB_LANG`, which the app's kernels inherit (`dicelab.app.default_lang`)."""
    from dicelab.app import LANG_VARIABLE, default_lang

    if not 1 <= pool <= 64:
        raise SettingsError(f"--pool must be 1 to 64 kernels kept ready, not {pool}")
    os.environ[LANG_VARIABLE] = default_lang(os.environ if lang is None else {LANG_VARIABLE: lang})
    notebook = course_folder() / "play.ipynb"
    check_port(port)
    from voila.app import Voila

    address = f"http://127.0.0.1:{port}/"
    say(_("Serving the play app at {address} (Ctrl-C stops it)").format(address=address))
    Voila.launch_instance(argv=play_argv(notebook, port, pool))
