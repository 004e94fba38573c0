"""Write the student edition of the lessons: `make student` (or `python tools/student_edition.py`).

Every `notebooks/*.ipynb` (the lessons and play.ipynb) is copied to
`build/student/` (or the folder given as the first argument) without its
solutions; the teacher's notebooks are only read, never changed.

- A code cell tagged `solution` is replaced by an **empty code cell** for the
  student to write in (tagged `your-answer`, with a one-line comment naming
  the exercise). An empty cell rather than a note "ask your teacher": the
  exercise asks the student to compute something, and the place to do it is
  right under the question, where the solution was.
- A `<details><summary>Solution</summary>…</details>` block in a markdown cell
  (the worked solution in words) is replaced by the line
  "*(Solution: ask your teacher, or work it out.)*"; when no solution cell
  follows such a cell, an empty code cell is added after it as well.
- The sentence that tells the teacher's reader how to open the folded
  solutions ("The solutions are folded: … Try first!") becomes "Write your
  answers in the empty code cells under the exercises. Try first!".
- Every other cell is kept as it is, in order, with its stored outputs
  (the charts and tables of the lesson stay visible without running it).

Each notebook is written atomically: a temporary file in the target folder,
then a rename, so a reader never sees half a notebook.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
from nbformat import NotebookNode

from dicelab.core.engine.files import atomic_write

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "notebooks"
TARGET = ROOT / "build" / "student"
SOLUTION_TAG = "solution"
ANSWER_TAG = "your-answer"
NOTE = "*(Solution: ask your teacher, or work it out.)*"
DETAILS = re.compile(
    r"<details>\s*<summary>\s*Solution\s*</summary>.*?</details>", re.DOTALL | re.IGNORECASE
)
EXERCISE = re.compile(r"Exercise\s+(\d+)", re.IGNORECASE)
HOW_TO_OPEN = re.compile(r"The solutions are folded:.*?Try first!", re.DOTALL)
HOW_TO_ANSWER = "Write your answers in the empty code cells under the exercises. Try first!"


def is_solution(cell: NotebookNode) -> bool:
    """A cell tagged `solution` (hidden in the teacher's notebook, dropped for students)."""
    return SOLUTION_TAG in cell.get("metadata", {}).get("tags", [])


def answer_cell(hint: str) -> NotebookNode:
    """An empty code cell for the student's own answer."""
    label = f"Exercise {hint}" if hint else "the exercises above"
    cell = nbformat.v4.new_code_cell(f"# Your answer to {label}\n")
    cell.metadata["tags"] = [ANSWER_TAG]
    return cell


def student_cells(cells: list[NotebookNode]) -> list[NotebookNode]:
    """The cells of the student edition: solutions out, answer cells and notes in."""
    result: list[NotebookNode] = []
    for index, cell in enumerate(cells):
        if is_solution(cell):
            found = EXERCISE.search(cell.source)
            result.append(answer_cell(found.group(1) if found else ""))
            continue
        cell = nbformat.from_dict(cell)  # a copy: the teacher's notebook stays as it is
        if cell.cell_type == "markdown":
            cell.source = HOW_TO_OPEN.sub(HOW_TO_ANSWER, cell.source)
        if cell.cell_type == "markdown" and DETAILS.search(cell.source):
            cell.source = DETAILS.sub(NOTE, cell.source)
            result.append(cell)
            following = cells[index + 1] if index + 1 < len(cells) else None
            if following is None or not is_solution(following):
                result.append(answer_cell(""))
            continue
        result.append(cell)
    return result


def student_notebook(notebook: NotebookNode) -> NotebookNode:
    """A copy of the notebook without its solutions, valid nbformat."""
    student = nbformat.from_dict(notebook)
    student.cells = student_cells(notebook.cells)
    nbformat.validate(student)
    return student


def write_notebook(notebook: NotebookNode, path: Path) -> None:
    """Write the notebook to `path` whole or not at all (`atomic_write`)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = nbformat.writes(notebook)
    atomic_write(path, (text if text.endswith("\n") else text + "\n").encode("utf-8"))


def build(target: Path = TARGET, source: Path = SOURCE) -> list[Path]:
    """Write the student edition of every notebook of `source` into `target`."""
    written = []
    for path in sorted(source.glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        out = target / path.name
        write_notebook(student_notebook(notebook), out)
        written.append(out)
    return written


def main(argv: list[str]) -> int:
    """`student_edition.py [TARGET]`: build the student edition and list what was written."""
    target = Path(argv[0]) if argv else TARGET
    for path in build(target):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
