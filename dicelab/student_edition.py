"""The student edition of a lesson: the notebook without its solutions.

`dicelab lessons DIR --student` writes it (and `make student`, through
tools/student_edition.py); the teacher's notebook is only read, never changed.

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

>>> from dicelab.course import course_folder
>>> lesson = nbformat.read(course_folder() / "01-dice-poker-odds.ipynb", as_version=4)
>>> sum(map(is_solution, lesson.cells)) > 0, sum(map(is_solution, student_notebook(lesson).cells))
(True, 0)
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
from nbformat import NotebookNode

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
    """A cell tagged `solution` (hidden in the teacher's notebook, dropped for students).

    >>> is_solution(nbformat.v4.new_code_cell("x = 1", metadata={"tags": ["solution"]}))
    True
    """
    return SOLUTION_TAG in cell.get("metadata", {}).get("tags", [])


def answer_cell(hint: str, cell_id: str) -> NotebookNode:
    """An empty code cell for the student's own answer, with the id `cell_id`, so
    that the edition comes out byte for byte the same on every run.

    >>> cell = answer_cell("2", "1b4b0311")
    >>> cell.source, cell.id
    ('# Your answer to Exercise 2\\n', '1b4b0311')
    """
    label = f"Exercise {hint}" if hint else "the exercises above"
    cell = nbformat.v4.new_code_cell(f"# Your answer to {label}\n")
    cell.id = cell_id
    cell.metadata["tags"] = [ANSWER_TAG]
    return cell


def student_cells(cells: list[NotebookNode]) -> list[NotebookNode]:
    """The cells of the student edition: a solution cell becomes an empty answer
    cell; a worked solution in words (`<details><summary>Solution`) becomes `NOTE`,
    followed by an answer cell when no solution cell follows; the sentence on
    opening the folded solutions says where to answer; every other cell is kept.

    >>> cells = [nbformat.v4.new_markdown_cell("<details><summary>Solution</summary>42</details>")]
    >>> [cell.source for cell in student_cells(cells)]
    ['*(Solution: ask your teacher, or work it out.)*', '# Your answer to the exercises above\\n']
    """
    result: list[NotebookNode] = []
    for index, cell in enumerate(cells):
        if is_solution(cell):
            found = EXERCISE.search(cell.source)
            hint = found.group(1) if found else ""
            result.append(answer_cell(hint, cell.get("id", f"answer-{index}")))  # in its place
            continue
        cell = nbformat.from_dict(cell)  # a copy: the teacher's notebook stays as it is
        if cell.cell_type == "markdown":
            cell.source = HOW_TO_OPEN.sub(HOW_TO_ANSWER, cell.source)
        if cell.cell_type == "markdown" and DETAILS.search(cell.source):
            cell.source = DETAILS.sub(NOTE, cell.source)
            result.append(cell)
            following = cells[index + 1] if index + 1 < len(cells) else None
            if following is None or not is_solution(following):
                result.append(answer_cell("", f"{cell.get('id', index)}-answer"[-64:]))
            continue
        result.append(cell)
    return result


def student_notebook(notebook: NotebookNode) -> NotebookNode:
    """A copy of the notebook without its solutions, valid nbformat.

    >>> notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_markdown_cell("# Hi")])
    >>> student_notebook(notebook).cells[0].source
    '# Hi'
    """
    student = nbformat.from_dict(notebook)
    student.cells = student_cells(notebook.cells)
    nbformat.validate(student)
    return student


def notebook_bytes(notebook: NotebookNode) -> bytes:
    """A notebook as the bytes of its file (nbformat's layout, ending in a newline).

    >>> notebook_bytes(nbformat.v4.new_notebook()).endswith(b"}\\n")
    True
    """
    text = nbformat.writes(notebook)
    return (text if text.endswith("\n") else text + "\n").encode("utf-8")


def student_bytes(path: Path) -> bytes:
    """The student edition of the notebook file `path`, as the bytes of its file."""
    return notebook_bytes(student_notebook(nbformat.read(path, as_version=4)))
