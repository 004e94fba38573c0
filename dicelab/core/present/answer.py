"""Answers in the lessons that stay folded until a student asks for them.

A solution cell ends with `answer(value)`: in Jupyter it shows a closed
"Answer (click to show)" block, so running every cell gives nothing away.
Its plain text, which viewers that show no HTML display instead, only says
that an answer is folded; the value is in the HTML, which the tests (nbval)
compare, so they still check it.

>>> from fractions import Fraction
>>> answer(Fraction(121, 1296))
Answer (folded: open the notebook in Jupyter and click it to show)
>>> "<details>" in answer(3)._repr_html_() and "121" in answer(Fraction(121, 1296))._repr_html_()
True
"""

from __future__ import annotations

import html
from typing import Any

FOLDED = "(folded: open the notebook in Jupyter and click it to show)"


class Answer:
    """A value shown folded in HTML (`<details>`); its plain text does not show it."""

    def __init__(self, value: Any, label: str = "Answer") -> None:
        self.value, self.label = value, label

    def __repr__(self) -> str:
        return f"{self.label} {FOLDED}"

    def _repr_html_(self) -> str:
        shown = html.escape(repr(self.value))
        return (
            f"<details><summary>{html.escape(self.label)} (click to show)</summary>"
            f"<pre>{shown}</pre></details>"
        )


def answer(value: Any, label: str = "Answer") -> Answer:
    """`value`, to be shown folded at the end of a solution cell."""
    return Answer(value, label)
