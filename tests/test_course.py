"""The course on the user's machine: `dicelab lessons DIR` never overwrites a file
the user changed (the manifest of what it wrote decides), and `dicelab play`
serves the play app as `make play` always has, in the language asked for.

The rules, tried on a small course of two notebooks of its own: a file still
as dicelab wrote it is updated; one the user changed, or one dicelab never
wrote, is kept and the new version written beside it (`.new`, then `.new-2`
when the user changed that one too); a file the user deleted comes back.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from dicelab.app import PlayApp
from dicelab.cli import main
from dicelab.course import MANIFEST, course_folder, edition, sha256, write_lessons
from dicelab.errors import DicelabError, SettingsError
from tests.limits import within

ROOT = Path(__file__).resolve().parent.parent


def statuses(folder: Path, source: Path) -> dict[str, tuple[str, str]]:
    """`write_lessons` on the small course: notebook → (status, name written)."""
    return {p.name: (p.status, p.written) for p in write_lessons(folder, source=source)}


@pytest.fixture
def source(tmp_path) -> Path:
    """A course of two notebooks (any bytes do: the teacher's edition is copied as it is)."""
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "01-a.ipynb").write_bytes(b"lesson one\n")
    (folder / "play.ipynb").write_bytes(b"the app\n")
    (folder / "scratch.ipynb").write_bytes(b"not in the course\n")
    return folder


def test_first_then_unchanged_then_updated(source, tmp_path):
    folder = tmp_path / "mine" / "lessons"  # made, parents too
    assert statuses(folder, source) == {
        "01-a.ipynb": ("new", "01-a.ipynb"),
        "play.ipynb": ("new", "play.ipynb"),
    }
    manifest = json.loads((folder / MANIFEST).read_text())["files"]
    assert manifest == {"01-a.ipynb": sha256(b"lesson one\n"), "play.ipynb": sha256(b"the app\n")}
    assert statuses(folder, source)["01-a.ipynb"] == ("unchanged", "01-a.ipynb")
    (source / "01-a.ipynb").write_bytes(b"lesson one, corrected\n")
    assert statuses(folder, source)["01-a.ipynb"] == ("updated", "01-a.ipynb")
    assert (folder / "01-a.ipynb").read_bytes() == b"lesson one, corrected\n"
    assert sorted(path.name for path in folder.iterdir()) == [MANIFEST, "01-a.ipynb", "play.ipynb"]


def test_a_file_the_user_changed_is_never_overwritten(source, tmp_path):
    folder = tmp_path / "lessons"
    write_lessons(folder, source=source)
    (folder / "01-a.ipynb").write_bytes(b"my notes\n")
    (source / "01-a.ipynb").write_bytes(b"lesson one, v2\n")
    assert statuses(folder, source)["01-a.ipynb"] == ("kept", "01-a.new.ipynb")
    assert (folder / "01-a.ipynb").read_bytes() == b"my notes\n"
    assert (folder / "01-a.new.ipynb").read_bytes() == b"lesson one, v2\n"
    # again: the user's file still kept, the .new (dicelab's) left or updated
    assert statuses(folder, source)["01-a.ipynb"] == ("kept", "01-a.new.ipynb")
    (source / "01-a.ipynb").write_bytes(b"lesson one, v3\n")
    assert statuses(folder, source)["01-a.ipynb"] == ("kept", "01-a.new.ipynb")
    assert (folder / "01-a.new.ipynb").read_bytes() == b"lesson one, v3\n"
    # the user changed the .new too: it is theirs now, the next version goes further
    (folder / "01-a.new.ipynb").write_bytes(b"my notes on v3\n")
    (source / "01-a.ipynb").write_bytes(b"lesson one, v4\n")
    assert statuses(folder, source)["01-a.ipynb"] == ("kept", "01-a.new-2.ipynb")
    assert (folder / "01-a.new.ipynb").read_bytes() == b"my notes on v3\n"
    assert (folder / "01-a.ipynb").read_bytes() == b"my notes\n"
    assert not list(folder.glob("*.tmp")) and not list(folder.glob(".*.tmp"))


def test_a_file_dicelab_never_wrote_is_kept_unless_it_is_the_same(source, tmp_path):
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "01-a.ipynb").write_bytes(b"a notebook of the user's\n")
    (folder / "play.ipynb").write_bytes(b"the app\n")  # the same bytes: adopted, not duplicated
    (folder / "01-a.new.ipynb").mkdir()  # a folder under the next name: skipped
    assert statuses(folder, source) == {
        "01-a.ipynb": ("kept", "01-a.new-2.ipynb"),
        "play.ipynb": ("unchanged", "play.ipynb"),
    }
    assert (folder / "01-a.ipynb").read_bytes() == b"a notebook of the user's\n"
    assert sorted(json.loads((folder / MANIFEST).read_text())["files"]) == [
        "01-a.new-2.ipynb",
        "play.ipynb",
    ]


def test_a_deleted_lesson_comes_back(source, tmp_path):
    folder = tmp_path / "lessons"
    write_lessons(folder, source=source)
    (folder / "play.ipynb").unlink()
    assert statuses(folder, source)["play.ipynb"] == ("new", "play.ipynb")


@pytest.mark.parametrize(
    ("manifest", "reason"),
    [
        ("{not json", "not valid JSON"),
        ('{"files": [1, 2]}', "no file names with their sha256"),
        ("[" * 100_000 + "]" * 100_000, "nested more than 32 deep"),  # reliability-2 F25
        ('{"files": ' * 50 + "{}" + "}" * 50, "nested more than 32 deep"),
    ],
)
def test_a_manifest_dicelab_did_not_write_is_refused(source, tmp_path, manifest, reason):
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / MANIFEST).write_text(manifest)
    with pytest.raises(DicelabError, match=reason):
        write_lessons(folder, source=source)
    assert sorted(path.name for path in folder.iterdir()) == [MANIFEST]


@pytest.mark.parametrize("kind", ["folder", "fifo", "large"])
def test_a_manifest_that_cannot_be_read_is_said_to_be_unreadable(source, tmp_path, kind):
    """reliability-2 F29 (c): not "cannot write the lessons", since nothing was written."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    manifest = folder / MANIFEST
    if kind == "folder":
        manifest.mkdir()
    elif kind == "fifo":
        os.mkfifo(manifest)
    else:
        manifest.write_bytes(b" " * (2**20 + 1))
    with within(30), pytest.raises(DicelabError) as refused:
        write_lessons(folder, source=source)
    said = str(refused.value)
    assert said.startswith(f"cannot read the manifest {manifest}: ") and "\n" not in said
    assert "cannot write" not in said and "move it away" in said


def test_the_course_is_found_in_the_clone():
    assert course_folder() == ROOT / "notebooks"


def test_the_student_edition_is_the_same_byte_for_byte_on_every_run():
    """Otherwise every run would count as an update, and rewrite the `.new` files."""
    assert edition(student=True) == edition(student=True)


def test_the_cli_says_what_it_did_with_each_file(tmp_path, capsys):
    folder = tmp_path / "lessons"
    assert main(["lessons", str(folder), "--student"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "new       01-dice-poker-odds.ipynb" and len(lines) == 16
    assert lines[-2] == f"14 notebooks of the student edition in {folder}: 14 new."
    assert lines[-1] == f"Open them with: jupyter lab {folder}"
    mine = folder / "02-every-box-expected-value.ipynb"
    mine.write_text(mine.read_text() + " ")
    assert main(["lessons", str(folder), "--student"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == (
        "kept      02-every-box-expected-value.ipynb (changed by you): "
        "the new version is 02-every-box-expected-value.new.ipynb"
    )
    assert lines[-2].endswith(
        ": 13 unchanged, 1 kept as you changed them, the new version beside them."
    )


@pytest.mark.parametrize("inside", ["", "sub"])
def test_a_file_as_the_folder_is_one_line_and_status_2(tmp_path, inside):
    file = tmp_path / "notes.txt"
    file.write_text("mine")
    done = subprocess.run(
        [sys.executable, "-m", "dicelab", "lessons", str(file / inside)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2 and done.stdout == ""
    said = done.stderr.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("dicelab: error: ")
    assert said[0].endswith("is a file, not a folder" if not inside else "Not a directory")
    assert file.read_text() == "mine"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def voila(monkeypatch) -> list[tuple[list[str], str]]:
    """Voilà's launch, replaced: each call's arguments and the `DICELAB_LANG` it saw."""
    from voila.app import Voila

    launched: list[tuple[list[str], str]] = []
    monkeypatch.setenv("DICELAB_LANG", "en")  # restored after the test, whatever play set
    monkeypatch.setattr(
        Voila, "launch_instance", lambda argv: launched.append((argv, os.environ["DICELAB_LANG"]))
    )
    return launched


def test_play_says_its_address_and_serves_the_courses_app_in_the_language(voila, capsys):
    port = free_port()
    assert main(["play", "--port", str(port), "--lang", "pt", "--pool", "3"]) == 0
    assert capsys.readouterr().out == (
        f"Serving the play app at http://127.0.0.1:{port}/ (Ctrl-C stops it)\n"
        "The play app has stopped.\n"
    )
    [(argv, lang)] = voila
    assert lang == "pt"
    assert argv[0] == str(ROOT / "notebooks" / "play.ipynb")
    assert argv[1:] == [
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        "--preheat_kernel=True",
        "--pool_size=3",
        "--VoilaConfiguration.multi_kernel_manager_class=dicelab.kernel_manager.PlayKernelManager",
        "--VoilaExecutor.iopub_timeout=60",
        '--VoilaConfiguration.extension_denylist=["jupyterlab-plotly", "jupyterlab_pygments"]',
        "--VoilaKernelManager.fill_delay=3",
    ]


def test_play_speaks_the_command_lines_language_unless_told_otherwise(voila, capsys):
    port = free_port()
    assert main(["--lang", "fr", "play", "--port", str(port)]) == 0
    assert capsys.readouterr().out == (
        f"L’application de jeu est servie sur http://127.0.0.1:{port}/ (Ctrl-C l’arrête)\n"
        "L’application de jeu s’est arrêtée.\n"
    )
    assert main(["--lang", "fr", "play", "--port", str(port), "--lang", "it"]) == 0
    assert [lang for _, lang in voila] == ["fr", "it"]


def test_play_refuses_what_it_cannot_serve_in_one_line(voila, monkeypatch, capsys):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["play", "--port", str(port)]) == 2
        assert capsys.readouterr().err.startswith(
            f"dicelab: error: cannot serve on 127.0.0.1:{port}"
        )
    for argv, said in [
        (["--port", "70000"], "--port must be 1 to 65535, not 70000"),
        (["--pool", "0"], "--pool must be 1 to 64 kernels kept ready, not 0"),
    ]:
        assert main(["play", *argv]) == 2
        assert capsys.readouterr().err == f"dicelab: error: {said}\n"
    monkeypatch.setenv("DICELAB_LANG", "klingon")
    assert main(["play", "--port", str(free_port())]) == 2
    assert "DICELAB_LANG must be one of en, pt" in capsys.readouterr().err
    assert main(["play", "--lang", "klingon"]) == 2
    assert "invalid choice: 'klingon'" in capsys.readouterr().err
    assert voila == []


def test_play_help_lists_the_languages_and_imports_no_voila():
    code = (
        "import sys; from dicelab.cli import main; status = main(['play', '--help']); "
        "print(status, 'voila' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.rstrip().endswith("0 False")
    assert "--lang {en,pt,es,it" in done.stdout and "--port PORT" in done.stdout


def test_the_play_app_speaks_the_language_of_dicelab_lang(monkeypatch):
    monkeypatch.setenv("DICELAB_LANG", "it")
    assert PlayApp().lang == "it" and PlayApp(lang="es").lang == "es"
    monkeypatch.delenv("DICELAB_LANG")
    assert PlayApp().lang == "en"
    monkeypatch.setenv("DICELAB_LANG", "xx")
    with pytest.raises(SettingsError, match="DICELAB_LANG must be one of"):
        PlayApp()
