"""Write the student edition of the lessons: `make student` (or `python tools/student_edition.py`).

Every notebook of the course in `notebooks/` (the lessons and play.ipynb) is
written to `build/student/` (or the folder given as the first argument)
without its solutions (`dicelab.student_edition` says how), each atomically;
the teacher's notebooks are only read, never changed.  Unlike `dicelab
lessons DIR --student`, which never overwrites a file a student changed,
this rebuilds the folder's notebooks from scratch: `build/student/` is a
build product, to hand out or to serve (`make hub HUB_LESSONS=build/student`).
"""

from __future__ import annotations

import sys
from pathlib import Path

from dicelab.core.engine.files import atomic_write
from dicelab.course import edition
from dicelab.student_edition import (
    DETAILS,
    HOW_TO_ANSWER,
    HOW_TO_OPEN,
    NOTE,
    student_notebook,
)

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "notebooks"
TARGET = ROOT / "build" / "student"
__all__ = ["DETAILS", "HOW_TO_ANSWER", "HOW_TO_OPEN", "NOTE", "build", "student_notebook"]


def build(target: Path = TARGET, source: Path = SOURCE) -> list[Path]:
    """Write the student edition of every notebook of `source` into `target`."""
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in edition(student=True, source=source).items():
        atomic_write(target / name, data)
        written.append(target / name)
    return written


def main(argv: list[str]) -> int:
    """`student_edition.py [TARGET]`: build the student edition and list what was written."""
    target = Path(argv[0]) if argv else TARGET
    for path in build(target):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
