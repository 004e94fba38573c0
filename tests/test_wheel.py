"""The course travels with the package: the sdist and the wheel built from the
repository hold the lessons, the play app and the translation catalogs, and
in a fresh environment where dicelab comes only from that wheel, `dicelab
lessons` writes both editions (never over a file the user changed) and a
lesson written there passes under nbval.

Nothing is downloaded: the wheel is built without isolation with the build
tools of this environment (the dev extra), and the fresh environment sees this
environment's dependencies through a `.pth` line, never its dicelab.
"""

from __future__ import annotations

import gettext
import io
import json
import os
import site
import subprocess
import sys
import tarfile
import venv
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
COURSE = [*sorted(path.name for path in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb")), "play.ipynb"]
CATALOGS = sorted(path.relative_to(ROOT) for path in ROOT.glob("dicelab/locale/*/*/dicelab.po"))


def run(*command: str | Path, cwd: Path, **env: str) -> str:
    """Run a command of the fresh environment (no PYTHONPATH, never in the clone); its stdout."""
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | env
    done = subprocess.run(
        [str(part) for part in command],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory) -> Path:
    """The sdist, and the wheel built from it (`python -m build --no-isolation`)."""
    out = tmp_path_factory.mktemp("dist")
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", out, ROOT, cwd=out)
    return out


@pytest.fixture(scope="module")
def fresh(dist, tmp_path_factory) -> Path:
    """A fresh virtual environment with dicelab from the wheel only; its bin folder."""
    home = tmp_path_factory.mktemp("venv")
    venv.EnvBuilder(with_pip=False).create(home)
    python = home / "bin" / "python"
    (wheel,) = dist.glob("*.whl")
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "--quiet"]
    run(*pip, "--no-deps", "--no-index", wheel, cwd=home)
    purelib = run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))", cwd=home)
    # after the install, so that pip never sees the editable dicelab of this environment
    (Path(purelib.strip()) / "test-environment.pth").write_text(
        "\n".join(site.getsitepackages()) + "\n", encoding="utf-8"
    )
    return home / "bin"


@pytest.fixture(scope="module")
def teacher(fresh, tmp_path_factory) -> tuple[Path, str]:
    """`dicelab lessons D` run in the fresh environment: the folder and what it said."""
    folder = tmp_path_factory.mktemp("lessons") / "D"
    return folder, run(fresh / "dicelab", "lessons", folder, cwd=folder.parent)


def test_the_sdist_and_the_wheel_hold_the_course_and_the_catalogs(dist):
    (sdist,) = dist.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        names = {name.split("/", 1)[1] for name in archive.getnames() if "/" in name}
    assert {f"notebooks/{name}" for name in COURSE} <= names
    assert {str(po) for po in CATALOGS} <= names
    (wheel,) = dist.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        course = sorted(name for name in names if name.startswith("dicelab/course/"))
        assert course == [f"dicelab/course/{name}" for name in COURSE] and len(course) == 14
        for name in COURSE:
            assert archive.read(f"dicelab/course/{name}") == (NOTEBOOKS / name).read_bytes()
        for po in CATALOGS:
            assert str(po) in names
            compiled = gettext.GNUTranslations(io.BytesIO(archive.read(str(po.with_suffix(".mo")))))
            assert compiled.info()  # a catalog with its header


def test_dicelab_comes_from_the_wheel_with_its_course(fresh):
    where = run(
        fresh / "python",
        "-c",
        "import dicelab, dicelab.course as c; print(dicelab.__file__); print(c.course_folder())",
        cwd=fresh,
    )
    module, course = (Path(line) for line in where.splitlines())
    home = fresh.parent
    assert module.is_relative_to(home) and course.is_relative_to(home), where
    assert course.name == "course"


def test_lessons_writes_the_teachers_edition(teacher):
    folder, said = teacher
    assert sorted(path.name for path in folder.glob("*.ipynb")) == sorted(COURSE)
    for name in COURSE:
        assert (folder / name).read_bytes() == (NOTEBOOKS / name).read_bytes()
    assert said.splitlines()[:2] == [
        "new       01-dice-poker-odds.ipynb",
        "new       02-every-box-expected-value.ipynb",
    ]
    assert f"14 notebooks of the teacher's edition in {folder}: 14 new." in said
    assert f"jupyter lab {folder}" in said
    manifest = json.loads((folder / ".dicelab-lessons.json").read_text())
    assert sorted(manifest["files"]) == sorted(COURSE)


def test_lessons_writes_the_student_edition_without_solutions(fresh, tmp_path):
    folder = tmp_path / "D2"
    said = run(fresh / "dicelab", "lessons", folder, "--student", cwd=tmp_path)
    assert "14 notebooks of the student edition" in said
    assert sorted(path.name for path in folder.glob("*.ipynb")) == sorted(COURSE)
    tags = [
        tag
        for path in folder.glob("*.ipynb")
        for cell in json.loads(path.read_text())["cells"]
        for tag in cell["metadata"].get("tags", [])
    ]
    assert "solution" not in tags and "your-answer" in tags


def test_a_file_the_user_changed_is_kept_and_the_new_one_written_beside_it(fresh, tmp_path):
    folder = tmp_path / "D3"
    run(fresh / "dicelab", "lessons", folder, cwd=tmp_path)
    mine = folder / "03-three-rolls.ipynb"
    mine.write_text(mine.read_text().replace("Markov", "Markov (my note)"))
    said = run(fresh / "dicelab", "lessons", folder, cwd=tmp_path)
    assert (
        "kept      03-three-rolls.ipynb (changed by you): "
        "the new version is 03-three-rolls.new.ipynb"
    ) in said.splitlines()
    assert "unchanged 01-dice-poker-odds.ipynb" in said.splitlines()
    assert "(my note)" in mine.read_text()
    assert (folder / "03-three-rolls.new.ipynb").read_bytes() == (
        NOTEBOOKS / "03-three-rolls.ipynb"
    ).read_bytes()


def test_a_lesson_written_by_the_wheel_passes_under_nbval(fresh, teacher, tmp_path):
    folder, _ = teacher
    lesson = folder / "01-dice-poker-odds.ipynb"
    command = ["-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval", "--nbval-current-env"]
    said = run(fresh / "python", *command, lesson, cwd=tmp_path, DICELAB_CACHE_DIR=str(tmp_path))
    assert " passed" in said and "failed" not in said
