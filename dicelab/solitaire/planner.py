"""`Planner`: a Solitaire Dice strategy that plans with the exact odds.

Greedy looks at the score *now*; the Planner looks at the score the sheet
can still be expected to reach.  It values a sheet line by line:

    value(sheet) = sum over s of  E[ line_score(s, marks_s + X_s) ]

where X_s, the marks sum s will still get, is taken as Binomial(n, p_s):

- n: the expected number of rolls left, computed exactly from the discard
  marks (`remaining_rolls`, for a player who spreads the discards evenly);
- p_s: the exact chance that a roll offers s, given the discard numbers
  (`dicelab.solitaire.odds.offer_counts`), scaled down so that all the sums
  together expect `focus` marks a roll: a roll brings only two marks, and
  not every offered sum can be taken;
- an empty line counts at least 0: the player may leave it empty.

For each roll the Planner takes the option whose resulting sheet has the
highest value, compared to six decimal places (ties: the first option in
`legal_splits` order).  Its tables are built with IEEE operations in a fixed
order (no BLAS, no `**`, no vectorised sums), so a seed plays the same game
on every CPU.  `focus` is the tunable parameter: low, the planner is
cautious about opening sums; high, it hopes every sum will fill (2.5 by
default, tuned with the simulator).

>>> planner = Planner()
>>> sheet = Sheet.from_marks({6: 4, 7: 3, 8: 3}, {1: 2, 2: 2, 5: 1})
>>> best = planner(sheet, (1, 2, 4, 4, 6), sheet.options([1, 2, 4, 4, 6]), None)
>>> print(best)  # the 8 reaches its 5th mark: no more penalty
8 + 8, discard 1
>>> round(remaining_rolls(()), 2)  # a whole game, discards spread evenly
21.67
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import numpy as np

from dicelab.core.dice.hands import dice_space
from dicelab.errors import SettingsError
from dicelab.solitaire.batch import Batch, RatingStrategy
from dicelab.solitaire.rules import END_MARK, MAX_DISCARDS, SUMS, line_score
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.tables import option_tables

MAX_ROLLS_LEFT = 26  # more than the longest expected game (21.7 rolls)
MARK_ROWS = 13  # marks 0..12; 12 stands for "more than 10" (no change)
P_STEPS = 200


def _presence(k: int) -> dict[tuple[frozenset[int], bool], float]:
    """For k chosen discard numbers (say 1..k): the chance of each set of them
    showing in a roll, and whether another face shows too."""
    chosen = set(range(1, k + 1))
    space = dice_space(5)
    out: dict[tuple[frozenset[int], bool], float] = {}
    for hand, weight in zip(space.hands, space.weights.tolist()):
        key = (frozenset(chosen.intersection(hand)), bool(set(hand) - chosen))
        out[key] = out.get(key, 0.0) + weight / 6**5
    return out


@cache
def remaining_rolls(marks: tuple[int, ...]) -> float:
    """The expected number of rolls left, given the marks of the chosen discard
    numbers, for a player who marks a new number while fewer than three are
    chosen and otherwise the chosen number with the fewest marks.

    >>> remaining_rolls((7, 7, 7))  # only a free throw (1/32) escapes the end
    1.032258064516129
    """
    state = tuple(sorted(marks))
    if any(m >= END_MARK for m in state):
        return 0.0
    k = len(state)
    total, stay = 1.0, 0.0
    for (shown, other), p in _presence(k).items():
        if k < MAX_DISCARDS and other:
            total += p * remaining_rolls(tuple(sorted((*state, 1))))
        elif not shown:
            stay += p  # a free throw: the same state again
        else:
            i = min(shown, key=lambda face: state[face - 1]) - 1
            if state[i] + 1 < END_MARK:
                after = (*state[:i], state[i] + 1, *state[i + 1 :])
                total += p * remaining_rolls(tuple(sorted(after)))
    return total / (1 - stay)


@dataclass(frozen=True, eq=False)
class _Model:
    rolls_left: np.ndarray  # [x, y, z]: the three largest discard marks, sorted
    offered: np.ndarray  # [subset, s]: P(a roll offers s), given the discard numbers
    expected: np.ndarray  # [s, marks, n, p step]: E[line score after Binomial(n, p)]


def binomial_pmf(n: int, p: np.ndarray) -> np.ndarray:
    """P(X = i) for X ~ Binomial(n, p), for every p (rows) and i = 0..n (columns),
    with products in a fixed order (no `**`, whose last bits depend on the CPU).

    >>> binomial_pmf(2, np.array([0.5])).tolist()
    [[0.25, 0.5, 0.25]]
    """
    powers_p, powers_q = [np.ones_like(p)], [np.ones_like(p)]
    for _ in range(n):
        powers_p.append(powers_p[-1] * p)
        powers_q.append(powers_q[-1] * (1 - p))
    return np.stack(
        [math.comb(n, i) * powers_p[i] * powers_q[n - i] for i in range(n + 1)], axis=-1
    )


def add_up(terms: np.ndarray) -> np.ndarray:
    """The sum over the last axis, added left to right (numpy's `sum` adds in an
    order that depends on the CPU's vector width, so its last bits do too).

    >>> add_up(np.array([[0.1, 0.2, 0.3]])).tolist()
    [0.6000000000000001]
    """
    total = terms[..., 0].copy()
    for j in range(1, terms.shape[-1]):
        total += terms[..., j]
    return total


@cache
def _model() -> _Model:
    """The tables of the model, built with IEEE operations in a fixed order
    (no BLAS, no `**`, no vectorised sums), so every machine builds the same bits."""
    from dicelab.solitaire.odds import offer_counts

    tables = option_tables()
    rolls_left = np.zeros((END_MARK + 1,) * 3)
    for x in range(END_MARK + 1):
        for y in range(x, END_MARK + 1):
            for z in range(y, END_MARK + 1):
                rolls_left[x, y, z] = remaining_rolls(tuple(m for m in (x, y, z) if m))
    offered = np.array(
        [[offer_counts(k)[0][s] / 6**5 for s in SUMS] for k in tables.subsets], dtype=float
    )
    lines = np.array(
        [[line_score(s, m) for m in range(MARK_ROWS + MAX_ROLLS_LEFT)] for s in SUMS], float
    )
    p = np.arange(P_STEPS + 1) / P_STEPS
    expected = np.zeros((len(SUMS), MARK_ROWS, MAX_ROLLS_LEFT, P_STEPS + 1))
    for n in range(MAX_ROLLS_LEFT):
        pmf = binomial_pmf(n, p)  # p steps x (n + 1)
        for m in range(MARK_ROWS):
            expected[:, m, n, :] = add_up(lines[:, None, m : m + n + 1] * pmf[None, :, :])
    for array in (rolls_left, offered, expected):
        array.setflags(write=False)
    return _Model(rolls_left, offered, expected)


def rolls_left_table(discards: np.ndarray) -> np.ndarray:
    """`remaining_rolls` of many sheets at once, from their discard marks (..., 6)."""
    top = np.sort(discards, axis=-1)[..., -MAX_DISCARDS:]
    return _model().rolls_left[top[..., 0], top[..., 1], top[..., 2]]


def line_values(marks: np.ndarray, left: np.ndarray, p: np.ndarray) -> np.ndarray:
    """The model's E[line score] of every line (..., 11) with these marks, `left`
    rolls to come (...) and chances `p` (..., 11); an empty line counts at least 0."""
    model = _model()
    capped = np.minimum(marks, MARK_ROWS - 1)
    left = np.clip(left, 0, MAX_ROLLS_LEFT - 1.0001)[..., None]
    n = np.floor(left).astype(np.int64)
    frac = left - n
    step = np.rint(np.clip(p, 0, 1) * P_STEPS).astype(np.int64)
    s = np.arange(len(SUMS))
    low = model.expected[s, capped, n, step]
    high = model.expected[s, capped, n + 1, step]
    lines = low * (1 - frac) + high * frac
    return np.where(marks == 0, np.maximum(lines, 0), lines)


class Planner(RatingStrategy):
    """Pick the option whose resulting sheet has the best rating (see the
    module's docstring); `focus` is the marks a roll the model spreads over
    the sums (1 to 4; 2.5 by default).

    A rating is the model's estimate of the final score: right for ranking
    options, but higher than what play gives (`focus` inflates it); to know
    what an option is worth, play on from it (`simulate(..., start=sheet)`)."""

    name = "planner"
    slice_size = 2_048  # games valued at once

    def __init__(self, focus: float = 2.5) -> None:
        if isinstance(focus, bool) or not isinstance(focus, (int, float)) or not 1 <= focus <= 4:
            raise SettingsError(f"focus must be a number from 1 to 4, not {focus!r}")
        self.focus = float(focus)

    def values(self, batch: Batch) -> np.ndarray:
        """The value of the sheet after each option (games x options)."""
        marks, discards, after = batch.after()
        left, p = self.outlook(discards[..., 1:], after)
        return add_up(line_values(marks, left, p))

    def rating(self, sheet: Sheet) -> float:
        """The model's rating of a sheet: its estimate of the final score (a
        finished sheet's rating is its score).

        >>> Planner().rating(Sheet.from_marks({7: 16}, {1: 8}))  # over: 30 x (10 - 5)
        150.0
        """
        discards = np.array(sheet.discards, dtype=np.int64)
        left, p = self.outlook(discards, option_tables().subset_index[sheet.chosen])
        return float(add_up(line_values(np.array(sheet.sums, dtype=np.int64), left, p)))

    def outlook(
        self, discards: np.ndarray, subset: np.ndarray | int
    ) -> tuple[np.ndarray, np.ndarray]:
        """The model's rolls left (...) and chance of each sum a roll (..., 11), for
        sheets with these discard marks (..., 6) and discard numbers (subset indices)."""
        offered = _model().offered[subset]
        p = np.minimum(offered, self.focus * offered / add_up(offered)[..., None])
        return rolls_left_table(discards), p

    def __repr__(self) -> str:
        return f"Planner(focus={self.focus:g})"
