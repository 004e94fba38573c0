"""`SimulationResult`: the final scores of many simulated games, with their statistics.

Every game's simulator returns one (a subclass may add what its game
measures, such as game length).  The numbers are estimates from a sample,
so they are floats; `ci95` is the usual normal-approximation interval.
They are computed from exact integer sums and rounded once, so the same
games give the same digits on every machine.

>>> import numpy as np
>>> result = SimulationResult("demo", "greedy", 1, np.array([10, 20, 30, 40]))
>>> result.mean, result.std, result.games
(25.0, 12.909944487358056, 4)
>>> SimulationResult("demo", "tied", 1, np.array([1.0, 0.5, 0.0, 0.5])).mean  # shared wins
0.5
>>> result.summary()["ci95"]
[12.348, 37.652]
>>> print(result.text("pt"))
greedy: 4 partidas, média 25,0 (IC de 95% de 12,3 a 37,7)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from dicelab.core.i18n import Message, msg, msg_plural, translate
from dicelab.core.present.numbers import decimal_text

Z95 = 1.959964  # the 97.5% point of the standard normal distribution


SUMMARY = msg_plural(  # "1 games" in English, as ever
    "simulate|summary",
    "{strategy}: {count} games, mean {mean} (95% CI {low} to {high})",
    "{strategy}: {count} games, mean {mean} (95% CI {low} to {high})",
)
INTERVAL = msg("simulate|interval", "[{low}, {high}]")
"""A 95% interval in a table of results (its two ends written by the caller)."""
SEAT, BOT = msg("simulate|seat", "seat"), msg("simulate|bot", "bot")


def heading(words: Sequence[tuple[Message, int]], lang: str) -> str:
    """The heading line of a table of results in `lang`: each word padded to
    its width, or followed by one space when longer (the last: width 0).

    >>> heading([(SEAT, 6), (BOT, 0)], "en"), heading([(SEAT, 3), (BOT, 0)], "it")
    ('seat  bot', 'posto bot')
    """
    line = ""
    for word, width in words:
        text = translate(word, lang)
        line += text.ljust(width) if len(text) < width or not width else text + " "
    return line


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """The final score of every simulated game of `game`, played by `strategy`
    from `seed` (None: a generator was given)."""

    game: str
    strategy: str
    seed: int | None
    scores: np.ndarray

    @property
    def games(self) -> int:
        """How many games were played."""
        return int(self.scores.size)

    def _sums(self) -> tuple[Fraction | int, Fraction | int]:
        """The sum of the scores and of their squares, exactly: integers for
        whole scores, fractions for shares (a game won by two is 0.5 each)."""
        if np.issubdtype(self.scores.dtype, np.integer):
            scores = self.scores.astype(np.int64)
            return int(scores.sum()), int((scores * scores).sum())
        shares = [Fraction(x) for x in self.scores.tolist()]
        return sum(shares, Fraction(0)), sum((x * x for x in shares), Fraction(0))

    @property
    def mean(self) -> float:
        """The mean final score: the exact total over the number of games,
        rounded once (numpy's `mean` adds in an order that depends on the CPU)."""
        return float(Fraction(self._sums()[0]) / self.games)

    @property
    def std(self) -> float:
        """The sample standard deviation of the final scores (n - 1 in the
        denominator), from exact sums, rounded once before the root."""
        n = self.games
        if n < 2:
            return 0.0
        total, squares = self._sums()
        return math.sqrt(Fraction(n * squares - total * total) / (n * (n - 1)))

    @property
    def sem(self) -> float:
        """The standard error of the mean."""
        return self.std / math.sqrt(self.games)

    @property
    def ci95(self) -> tuple[float, float]:
        """A 95% confidence interval for the mean score (normal approximation)."""
        half = Z95 * self.sem
        return (self.mean - half, self.mean + half)

    def share_at_least(self, points: int) -> float:
        """The fraction of games scoring `points` or more."""
        return int((self.scores >= points).sum()) / self.games

    def distribution(self) -> dict[int, int]:
        """How many games ended with each score, lowest score first."""
        return dict(sorted(Counter(self.scores.tolist()).items()))

    def summary(self) -> dict[str, Any]:
        """Game, strategy, games, mean, std and the 95% interval, JSON-ready (rounded)."""
        low, high = self.ci95
        return {
            "game": self.game,
            "strategy": self.strategy,
            "games": self.games,
            "mean": round(self.mean, 3),
            "std": round(self.std, 3),
            "ci95": [round(low, 3), round(high, 3)],
        }

    def text(self, lang: str = "en") -> str:
        """The strategy, the number of games, the mean and its 95% interval, in `lang`."""
        low, high = (decimal_text(x, 1, lang) for x in self.ci95)
        mean = decimal_text(self.mean, 1, lang)
        return translate(
            SUMMARY, lang, count=self.games, strategy=self.strategy, mean=mean, low=low, high=high
        )

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.game} {self}>"
