"""Answers in the lessons that stay folded until a student asks for them.

A solution cell ends with `answer(value)`: in Jupyter it shows a closed
"Answer (click to show)" block, so running every cell gives nothing away;
its plain text keeps the value, so the tests still check it.

>>> from fractions import Fraction
>>> answer(Fraction(121, 1296))
Answer: Fraction(121, 1296)
>>> "<details>" in answer(3)._repr_html_()
True
"""

from __future__ import annotations

import html
from typing import Any


class Answer:
    """A value shown folded in HTML (`<details>`) and plainly in text."""

    def __init__(self, value: Any, label: str = "Answer") -> None:
        self.value, self.label = value, label

    def __repr__(self) -> str:
        return f"{self.label}: {self.value!r}"

    def _repr_html_(self) -> str:
        shown = html.escape(repr(self.value))
        return (
            f"<details><summary>{html.escape(self.label)} (click to show)</summary>"
            f"<pre>{shown}</pre></details>"
        )


def answer(value: Any, label: str = "Answer") -> Answer:
    """`value`, to be shown folded at the end of a solution cell."""
    return Answer(value, label)
