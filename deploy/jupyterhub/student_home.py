"""What the hub (root) writes into a student's home before their server starts.

The home belongs to the student, who may have put anything there: a link
aimed at another file, a folder or a pipe at a lesson's name.  So nothing
here follows a link or trusts a name: the home is opened once
(`O_DIRECTORY | O_NOFOLLOW`) and every step is relative to that folder.  A
lesson is written to a temporary name created afresh (`O_CREAT | O_EXCL |
O_NOFOLLOW`: it fails on anything already there), handed to the student
(`fchown`), then hard-linked to its name (which fails if the name is taken:
a student's own copy is never replaced) and the temporary removed.  A name
taken by something odd is skipped and said; no single lesson stops the
server's start.

>>> import os, tempfile
>>> from pathlib import Path
>>> lessons, home = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
>>> _ = (lessons / "01-odds.ipynb").write_text("{}")
>>> os.symlink("/etc/passwd", home / ".01-odds.ipynb.part")
>>> prepare_home(lessons, home, Owner(os.getuid(), os.getgid()))
Prepared(copied=[], problems=['01-odds.ipynb not copied: .01-odds.ipynb.part is taken'])
"""

from __future__ import annotations

import errno
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

SAVES = "dicelab-saves"  # in each student's home: DICELAB_SAVE_DIR
PRIVATE_FILE = 0o600
PRIVATE_FOLDER = 0o700
OPEN_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
CREATE_NEW = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | os.O_CLOEXEC


@dataclass(frozen=True)
class Owner:
    """The student's account: what the hub hands each file it writes to."""

    uid: int
    gid: int


@dataclass
class Prepared:
    """What `prepare_home` did: the lessons copied, and what it had to leave (one line each)."""

    copied: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def kind_of(folder: int, name: str) -> str:
    """What is at `name` in the open `folder`, never followed: "" if nothing,
    else "file", "folder", "link" or "special file"."""
    try:
        mode = os.stat(name, dir_fd=folder, follow_symlinks=False).st_mode
    except FileNotFoundError:
        return ""
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "folder"
    return "link" if stat.S_ISLNK(mode) else "special file"


def copy_one(data: bytes, name: str, folder: int, owner: Owner) -> bool:
    """Write `data` as `name` in the open `folder` unless the name is taken;
    whether it was written.  `OSError` if the temporary name is taken (by
    anything) or the writing fails; the temporary never stays."""
    part = f".{name}.part"
    try:
        fd = os.open(part, CREATE_NEW, PRIVATE_FILE, dir_fd=folder)
    except FileExistsError:
        raise OSError(errno.EEXIST, f"{part} is taken") from None
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            os.fchown(file.fileno(), owner.uid, owner.gid)
            os.fchmod(file.fileno(), PRIVATE_FILE)
        try:
            os.link(part, name, src_dir_fd=folder, dst_dir_fd=folder, follow_symlinks=False)
        except FileExistsError:  # the student's copy appeared meanwhile
            return False
        return True
    finally:
        os.unlink(part, dir_fd=folder)


def copy_lessons(source: Path, folder: int, owner: Owner, done: Prepared) -> None:
    """Copy each notebook of `source` that the open home `folder` lacks; a
    regular file at its name is the student's copy (left alone), anything
    else at it, or at its temporary name, is skipped and said in `done`."""
    for notebook in sorted(source.glob("*.ipynb")):
        name = notebook.name
        taken = kind_of(folder, name)
        if taken == "file":
            continue
        if taken:
            done.problems.append(f"{name} not copied: a {taken} has its name")
            continue
        try:
            if copy_one(notebook.read_bytes(), name, folder, owner):
                done.copied.append(name)
        except OSError as error:
            done.problems.append(f"{name} not copied: {error.strerror or error}")


def make_saves(folder: int, owner: Owner, done: Prepared) -> None:
    """The student's saves folder in the open home `folder`, theirs and private;
    if something else has its name, that is said in `done` (the panels then
    say so at Save)."""
    try:
        os.mkdir(SAVES, PRIVATE_FOLDER, dir_fd=folder)
        os.chown(SAVES, owner.uid, owner.gid, dir_fd=folder, follow_symlinks=False)
    except FileExistsError:
        taken = kind_of(folder, SAVES)
        if taken != "folder":
            done.problems.append(f"{SAVES} is a {taken}, not a folder: saves will fail")
    except OSError as error:
        done.problems.append(f"{SAVES} not made: {error.strerror or error}")


def prepare_home(source: Path, home: Path, owner: Owner) -> Prepared:
    """The lessons of `source` the student lacks copied into `home`, and their
    saves folder made; what was done and what was left.  `OSError` only if
    `home` itself cannot be opened as a folder (a link is refused)."""
    done = Prepared()
    folder = os.open(home, OPEN_FOLDER)
    try:
        copy_lessons(source, folder, owner, done)
        make_saves(folder, owner, done)
    finally:
        os.close(folder)
    return done
