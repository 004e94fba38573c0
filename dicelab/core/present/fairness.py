"""Is this die fair?  A chi-square test of a class's tallies of faces 1 to 6.

The statistic is exact (a `Fraction`): the sum over the faces of
(observed - expected)² / expected, where a fair die expects total/6 of each.
The p-value is the chance that a fair die lands at least this far from even;
it uses the closed form of the chi-square tail (no scipy, no simulation): for
5 degrees of freedom, erfc(√(x/2)) + √(2x/π)·e^(-x/2)·(1 + x/3).

>>> result = fairness_test([12, 16, 20, 17, 22, 33])
>>> result.statistic, result.df, round(result.p_value, 4)
(Fraction(131, 10), 5, 0.0225)
>>> round(chi_square_tail(11.0705, 5), 4)  # the 5% point of the tables
0.05
>>> fairness_test([1, 2, 3])
Traceback (most recent call last):
...
dicelab.errors.SettingsError: tallies must be 6 counts, one for each face 1 to 6, not 3
"""

from __future__ import annotations

import html
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dicelab.core.engine.checks import items_of, whole_number
from dicelab.errors import SettingsError

FACES = 6
LEVEL = 0.05  # below this p-value the result counts as "unusual for a fair die"
SMALL = 5  # below this many expected rolls of a face, the p-value is only rough


def chi_square_tail(x: float, df: int) -> float:
    """P(χ² ≥ x) with `df` degrees of freedom, by the closed forms for odd and even df.

    >>> chi_square_tail(0, 5), round(chi_square_tail(2, 2), 6), round(chi_square_tail(3.841, 1), 3)
    (1.0, 0.367879, 0.05)
    """
    df = whole_number(df, "degrees of freedom", 1)
    if not math.isfinite(x):
        raise SettingsError(f"a chi-square statistic is a finite number, not {x!r}")
    if x <= 0:
        return 1.0
    half = x / 2
    if df % 2 == 0:  # e^(-x/2) · Σ_{j < df/2} (x/2)^j / j!
        term, total = 1.0, 1.0
        for j in range(1, df // 2):
            term *= half / j
            total += term
        return math.exp(-half) * total
    # odd: erfc(√(x/2)) + √(2/π) e^(-x/2) Σ_{j=1}^{(df-1)/2} x^(j-1/2) / (1·3·…·(2j-1))
    term, total = math.sqrt(x), 0.0
    for j in range(1, (df - 1) // 2 + 1):
        total += term
        term *= x / (2 * j + 1)
    return math.erfc(math.sqrt(half)) + math.sqrt(2 / math.pi) * math.exp(-half) * total


@dataclass(frozen=True)
class FairnessResult:
    """The chi-square test of a die's tallies: statistic, degrees of freedom, p-value."""

    tallies: tuple[int, ...]
    statistic: Fraction
    df: int
    p_value: float
    sentence: str

    @property
    def rolls(self) -> int:
        """How many rolls the tallies count."""
        return sum(self.tallies)

    def __str__(self) -> str:
        return self.sentence

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(self.sentence)}</p>"


def chi_square(tallies: Any) -> Fraction:
    """Σ (observed - expected)² / expected over the six faces, exactly.

    >>> chi_square([10, 10, 10, 10, 10, 10]), chi_square([5, 5, 5, 5, 5, 35])
    (Fraction(0, 1), Fraction(75, 1))
    """
    counts = _counts(tallies)
    expected = Fraction(sum(counts), FACES)
    return sum(((c - expected) ** 2 / expected for c in counts), Fraction(0))


def _counts(tallies: Any) -> tuple[int, ...]:
    counts = items_of(tallies, "tallies")
    if len(counts) != FACES:
        raise SettingsError(
            f"tallies must be {FACES} counts, one for each face 1 to {FACES}, not {len(counts)}"
        )
    checked = tuple(whole_number(c, f"the count of face {i}", 0) for i, c in enumerate(counts, 1))
    if sum(checked) == 0:
        raise SettingsError("tallies must count at least one roll, not 0")
    return checked


def _sentence(counts: tuple[int, ...], statistic: Fraction, df: int, p: float) -> str:
    if p >= 0.01:
        chance = f"about {round(p * 100)} in 100"
    else:
        chance = f"about {round(p * 1000)} in 1000" if p >= 0.001 else "less than 1 in 1000"
    words = (
        f"{sum(counts)} rolls: chi-square = {float(statistic):.2f} with {df} degrees of "
        f"freedom, p-value = {p:.4f}. A fair die lands this far from even {chance} times. "
    )
    if p < LEVEL:
        words += "That is below 0.05: unusual for a fair die, so the die looks loaded."
    else:
        words += "That is not unusual for a fair die: no evidence that it is loaded."
    if Fraction(sum(counts), FACES) < SMALL:
        words += f" (Fewer than {SMALL * FACES} rolls: the p-value is only rough.)"
    return words


def fairness_test(tallies: Any) -> FairnessResult:
    """Test a die on its tallies, the counts of faces 1 to 6 (six whole numbers, 0 or more).

    >>> print(fairness_test([18, 23, 16, 21, 24, 18]))
    120 rolls: chi-square = 2.50 with 5 degrees of freedom, p-value = 0.7765. A fair die \
lands this far from even about 78 in 100 times. That is not unusual for a fair die: no \
evidence that it is loaded.
    """
    counts = _counts(tallies)
    statistic = chi_square(counts)
    df = FACES - 1
    p = chi_square_tail(float(statistic), df)
    return FairnessResult(counts, statistic, df, p, _sentence(counts, statistic, df, p))


class TallyWidget:
    """Six boxes for the class's counts of faces 1 to 6 and a "Test" button.

    ipywidgets is imported only when a widget is made.  After a click,
    `result` holds the `FairnessResult` (None if the tallies are not valid)
    and `message` shows its sentence, or what is wrong.
    """

    def __init__(self, tallies: Any = (0,) * FACES) -> None:
        import ipywidgets as widgets

        start = _start(tallies)
        self.boxes = [
            widgets.IntText(value=v, description=f"Face {i}:", layout=widgets.Layout(width="140px"))
            for i, v in enumerate(start, 1)
        ]
        self.button = widgets.Button(description="Test", button_style="primary")
        self.message = widgets.HTML("Enter how many times each face came up, then press Test.")
        self.result: FairnessResult | None = None
        self.button.on_click(self._test)
        self.widget = widgets.VBox(
            [widgets.HBox(self.boxes[:3]), widgets.HBox(self.boxes[3:]), self.button, self.message]
        )

    def _test(self, _button: Any = None) -> None:
        try:
            self.result = fairness_test([box.value for box in self.boxes])
        except SettingsError as error:
            self.result = None
            self.message.value = f"<b>Cannot test:</b> {html.escape(str(error))}"
        else:
            self.message.value = self.result._repr_html_()

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/plain"] = "TallyWidget: six boxes for the counts of faces 1 to 6, and Test"
        return bundle


def _start(tallies: Any) -> tuple[int, ...]:
    counts = items_of(tallies, "tallies")
    if len(counts) != FACES:
        raise SettingsError(f"tallies must be {FACES} counts, not {len(counts)}")
    return tuple(whole_number(c, f"the count of face {i}", 0) for i, c in enumerate(counts, 1))
