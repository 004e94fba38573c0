"""Files that are never lost, and never anything but files: what a save, a lesson
or a cache write does with odd targets (a device, a named pipe, a folder, a
link), and the permissions of what it writes.

reliability-2 F31: a save over a device or a named pipe replaced it (a Save
to `/dev/zero` as root turned the machine's /dev/zero into a save file).
reliability-2 F26: saves and lessons were written 0644 whatever the umask.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from dicelab.core.engine.files import (
    SHARED_MODE,
    FileProblem,
    atomic_write,
    read_small_file,
    umask_mode,
)
from dicelab.course import write_lessons
from dicelab.errors import SaveFileError
from dicelab.games import GAMES


@pytest.fixture
def umask_077() -> Iterator[None]:
    old = os.umask(0o077)
    try:
        yield
    finally:
        os.umask(old)


def odd_targets(folder: Path) -> dict[str, Path]:
    """A named pipe, a character device (a copy of /dev/null's), a folder, and links
    to a file and to a device."""
    victim = folder / "victim.txt"
    victim.write_text("someone else's file")
    targets = {"fifo": folder / "fifo", "folder": folder / "folder"}
    os.mkfifo(targets["fifo"])
    targets["folder"].mkdir()
    if os.geteuid() == 0:  # mknod needs root (CI and this project's machine run as root)
        targets["device"] = folder / "nulldev"
        os.mknod(targets["device"], stat.S_IFCHR | 0o666, os.makedev(1, 3))
    for name, to in (("link", victim), ("device-link", Path("/dev/null"))):
        targets[name] = folder / name
        targets[name].symlink_to(to)
    return targets


def kinds(folder: Path) -> dict[str, int]:
    return {p.name: os.lstat(p).st_mode for p in folder.iterdir()}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_save_never_replaces_a_device_a_pipe_a_folder_or_a_link(game, tmp_path) -> None:
    targets = odd_targets(tmp_path)
    before = kinds(tmp_path)
    played = GAMES[game].new_game(["Ana", "Bia"], seed=1)
    for name, path in targets.items():
        with pytest.raises(SaveFileError, match="not a regular file"):
            played.save(path)
        assert kinds(tmp_path) == before, name
    assert (tmp_path / "victim.txt").read_text() == "someone else's file"
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_no_read_follows_a_link(tmp_path) -> None:
    (tmp_path / "real.json").write_text("{}")
    (tmp_path / "link.json").symlink_to(tmp_path / "real.json")
    assert read_small_file(tmp_path / "real.json", 10) == b"{}"
    with pytest.raises(FileProblem, match="is a link"):
        read_small_file(tmp_path / "link.json", 10)


def test_the_umask_decides_who_reads_a_save_and_a_lesson(tmp_path, umask_077) -> None:
    assert umask_mode() == 0o600
    game = GAMES["solo"].new_game(["Ana", "Bia"], seed=1)
    game.save(tmp_path / "save.json")
    lessons = tmp_path / "lessons"
    write_lessons(lessons)
    written = [tmp_path / "save.json", *lessons.iterdir()]
    assert {oct(p.stat().st_mode & 0o777) for p in written} == {"0o600"}


def test_a_shared_cache_file_is_readable_by_all_whatever_the_umask(tmp_path, umask_077) -> None:
    atomic_write(tmp_path / "table.json", b"{}", SHARED_MODE)
    assert (tmp_path / "table.json").stat().st_mode & 0o777 == 0o644


def test_under_the_usual_umask_a_save_is_readable_as_before(tmp_path) -> None:
    old = os.umask(0o022)
    try:
        atomic_write(tmp_path / "a.json", b"{}")
    finally:
        os.umask(old)
    assert (tmp_path / "a.json").stat().st_mode & 0o777 == 0o644
