"""The student edition (`make student`, tools/student_edition.py): no solutions, nothing else lost.

The student notebooks are not executed here (too slow); they are checked to be
valid nbformat, and every cell they keep is the teacher's cell, in order.
"""

from __future__ import annotations

import hashlib
import importlib.util
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
TOOL = ROOT / "tools" / "student_edition.py"
LESSONS = sorted(path.name for path in NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))

spec = importlib.util.spec_from_file_location("student_edition", TOOL)
assert spec is not None and spec.loader is not None
student_edition = importlib.util.module_from_spec(spec)
spec.loader.exec_module(student_edition)


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def tags(cell) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def output_text(cell) -> str:
    """Everything a code cell's stored outputs would show, as one string."""
    parts = []
    for output in cell.get("outputs", []):
        parts.append(str(output.get("text", "")))
        parts.extend(str(value) for value in output.get("data", {}).values())
    return "\n".join(parts)


@pytest.fixture(scope="module")
def edition(tmp_path_factory) -> dict[str, Path]:
    """The student edition of every notebook, written to a temporary folder by the tool's CLI."""
    target = tmp_path_factory.mktemp("student")
    before = {path.name: digest(path) for path in NOTEBOOKS.glob("*.ipynb")}
    subprocess.run([sys.executable, str(TOOL), str(target)], check=True, capture_output=True)
    after = {path.name: digest(path) for path in NOTEBOOKS.glob("*.ipynb")}
    assert before == after, "the teacher's notebooks must not change"
    return {path.name: path for path in target.glob("*.ipynb")}


def test_every_notebook_gets_a_student_edition(edition):
    assert sorted(edition) == sorted(path.name for path in NOTEBOOKS.glob("*.ipynb"))
    assert "play.ipynb" in edition and len(LESSONS) >= 7
    assert not list(next(iter(edition.values())).parent.glob("*.tmp"))  # no temporary files left


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_lesson_has_a_solution_to_remove(lesson):
    """Otherwise the checks below would pass for nothing."""
    notebook = nbformat.read(NOTEBOOKS / lesson, as_version=4)
    cells = [cell for cell in notebook.cells if "solution" in tags(cell)]
    details = [cell for cell in notebook.cells if student_edition.DETAILS.search(cell.source)]
    assert cells or details, f"{lesson}: no solution cell and no Solution block"


@pytest.mark.parametrize("lesson", LESSONS)
def test_lessons_with_solution_code_give_it_away_in_the_teacher_edition(lesson):
    """The markers the student checks look for really appear in the teacher's notebooks."""
    notebook = nbformat.read(NOTEBOOKS / lesson, as_version=4)
    for cell in notebook.cells:
        if "solution" in tags(cell) and "answer(" in cell.source:
            assert "Answer (click to show)" in output_text(cell)


@pytest.mark.parametrize("lesson", LESSONS)
def test_student_lesson_has_no_solution(edition, lesson):
    notebook = nbformat.read(edition[lesson], as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        assert "solution" not in tags(cell)
        assert not student_edition.DETAILS.search(cell.source)
        assert "<summary>Solution" not in cell.source
        assert "click" not in cell.source.lower()  # nothing to open: no "click to show"
        if cell.cell_type == "code":
            assert "answer(" not in cell.source
            assert "Answer (click to show)" not in output_text(cell)


def for_students(source: str) -> str:
    """A markdown text as the student edition must write it: no worked solution, no "click"."""
    without = student_edition.DETAILS.sub(student_edition.NOTE, source)
    return student_edition.HOW_TO_OPEN.sub(student_edition.HOW_TO_ANSWER, without)


@pytest.mark.parametrize("lesson", LESSONS)
def test_student_lesson_keeps_every_other_cell_in_order(edition, lesson):
    teacher = nbformat.read(NOTEBOOKS / lesson, as_version=4)
    student = nbformat.read(edition[lesson], as_version=4)
    kept = [cell for cell in teacher.cells if "solution" not in tags(cell)]
    answers = [cell for cell in student.cells if "your-answer" in tags(cell)]
    others = [cell for cell in student.cells if "your-answer" not in tags(cell)]

    assert [cell.id for cell in others] == [cell.id for cell in kept]
    for before, after in zip(kept, others, strict=True):
        assert after.cell_type == before.cell_type
        if student_edition.DETAILS.search(before.source):
            assert student_edition.NOTE in after.source
        if student_edition.HOW_TO_OPEN.search(before.source):
            assert student_edition.HOW_TO_ANSWER in after.source
        assert after.source == for_students(before.source)
        assert after.get("outputs") == before.get("outputs")  # stored outputs are kept
    # one empty answer cell for each solution cell, at least
    assert len(answers) >= sum("solution" in tags(cell) for cell in teacher.cells)
    assert all(cell.cell_type == "code" and not cell.outputs for cell in answers)
    assert all(line.startswith("#") for cell in answers for line in cell.source.splitlines())
    assert len({cell.id for cell in student.cells}) == len(student.cells)  # ids stay unique


def test_solution_cell_becomes_an_answer_cell_in_place():
    """Exercise 1 of lesson 01: its solution cell turns into an empty cell right where it was."""
    teacher = nbformat.read(NOTEBOOKS / "01-dice-poker-odds.ipynb", as_version=4)
    student = student_edition.student_notebook(teacher)
    index = next(i for i, cell in enumerate(teacher.cells) if "solution" in tags(cell))
    assert student.cells[index].source == "# Your answer to Exercise 1\n"
    assert tags(student.cells[index]) == ["your-answer"]
    question = teacher.cells[index - 1].source  # its written solution, if any, is gone too
    assert student.cells[index - 1].source == for_students(question)


def test_markdown_solution_without_a_solution_cell_gets_an_answer_cell():
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [
        nbformat.v4.new_markdown_cell(
            "**1.** Count it.\n\n<details><summary>Solution</summary>\n\n42\n</details>\n"
        ),
        nbformat.v4.new_markdown_cell("## Summary"),
    ]
    student = student_edition.student_notebook(notebook)
    assert [cell.cell_type for cell in student.cells] == ["markdown", "code", "markdown"]
    assert "42" not in student.cells[0].source and student_edition.NOTE in student.cells[0].source
    assert notebook.cells[0].source.count("42") == 1  # the original is untouched


def test_written_atomically_over_an_old_edition(tmp_path):
    stale = tmp_path / "03-three-rolls.ipynb"
    stale.write_text("not a notebook", encoding="utf-8")
    written = student_edition.build(tmp_path)
    assert stale in written
    nbformat.validate(nbformat.read(stale, as_version=4))
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(p.name for p in written)
