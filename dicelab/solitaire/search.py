"""`Search`: a Solitaire Dice strategy that looks one roll ahead (expectimax).

The Planner rates the sheet after each option.  Search asks a further
question: after this option, *what will the next roll let me do?*  For each
option it goes over the 252 sorted hands of the next roll, with their exact
chances (out of 6**5 = 7776), takes the best option of each hand (the one the
Planner rates highest) and averages:

    value(option) = sum over hands h of P(h) * max over o of rating(sheet + option + o)

(o: the options of hand h on the sheet after `option`).

An option that ends the game is worth its final score, exactly.  This is
expectimax one roll deep: a maximum for the player's choice, an average for
the dice, then the Planner's rating at the leaves.

It is fast because a rating adds up line by line: the next option changes
two lines and one discard number, so the ratings of every next option are
a few additions to the ratings of the sheet's lines (with 0, 1 or 2 more
marks) under each possible next discard.  Every sum is added in a fixed
order and options are compared to six decimal places (ties: the first
option in `legal_splits` order), so a seed plays the same game everywhere.

>>> from dicelab.solitaire.sheet import Sheet
>>> search = Search()
>>> sheet = Sheet.from_marks({6: 4, 7: 3, 8: 3}, {1: 2, 2: 2, 5: 1})
>>> print(search(sheet, (1, 2, 4, 4, 6), sheet.options([1, 2, 4, 4, 6]), None))
8 + 8, discard 1
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from dicelab.solitaire.batch import Batch, RatingStrategy
from dicelab.solitaire.planner import Planner, add_up, line_values
from dicelab.solitaire.rules import END_MARK, SUMS
from dicelab.solitaire.tables import option_tables, sheet_scores

FACES = 7  # next discard: 0 (a free throw) or a face 1..6


@dataclass(frozen=True, eq=False)
class _NextOptions:
    """The options of the next roll under one set of discard numbers: the distinct
    (first, second, discard) triples `first`, `second`, `discard`, and `pick[h, j]`,
    the triple of option j of hand h (padding repeats option 0)."""

    first: np.ndarray
    second: np.ndarray
    discard: np.ndarray
    pick: np.ndarray


@cache
def _next_options(subset: int) -> _NextOptions:
    """The next roll's options under discard numbers `subsets[subset]`."""
    t = option_tables()
    triples = np.stack([t.first[subset], t.second[subset], t.discard[subset]], axis=-1)
    flat = triples.reshape(-1, 3).astype(np.int64)
    unique, pick = np.unique(flat, axis=0, return_inverse=True)
    return _NextOptions(unique[:, 0], unique[:, 1], unique[:, 2], pick.reshape(triples.shape[:2]))


@cache
def _hand_chances() -> np.ndarray:
    """P(hand) of the 252 sorted hands of five dice."""
    return option_tables().weights.astype(float) / 6**5


class Search(RatingStrategy):
    """Pick the option with the best expected rating one roll later (see the
    module); `focus` is the Planner's at the leaves (1 to 4; 2.5 by default)."""

    name = "search"
    slice_size = 96  # games at once: (games x options) x 252 hands x options stays small

    def __init__(self, focus: float = 2.5) -> None:
        self.leaf = Planner(focus)

    @property
    def focus(self) -> float:
        return self.leaf.focus

    def values(self, batch: Batch) -> np.ndarray:
        """The expected rating one roll after each option (games x options)."""
        games, width = batch.first.shape
        marks, discards, subset = batch.after()
        ended = (batch.discard > 0) & (
            np.take_along_axis(discards, batch.discard[..., None], 2)[..., 0] == END_MARK
        )
        ahead = self._ahead(
            marks.reshape(-1, len(SUMS)), discards.reshape(-1, FACES), subset.ravel()
        )
        final = sheet_scores(marks).astype(float)
        return np.where(ended, final, ahead.reshape(games, width))

    def _ahead(self, marks: np.ndarray, discards: np.ndarray, subset: np.ndarray) -> np.ndarray:
        """E[the best rating after the next roll] of each sheet (rows)."""
        t = option_tables()
        rows = len(marks)
        after = np.repeat(discards[:, None, :], FACES, axis=1)  # rows x next discard x faces
        after[:, np.arange(1, FACES), np.arange(1, FACES)] += 1
        np.minimum(after, END_MARK, out=after)  # (a sheet already over is not searched)
        next_subset = np.maximum(t.add[subset[:, None], np.arange(FACES)[None, :]], 0)
        next_subset[:, 0] = subset
        left, p = self.leaf.outlook(after[..., 1:], next_subset)
        lines = [line_values(marks[:, None, :] + k, left, p) for k in range(3)]
        base = add_up(lines[0])  # rows x next discard
        one, two = lines[1] - lines[0], lines[2] - lines[0]
        out = np.empty(rows)
        chances = _hand_chances()
        for k in np.unique(subset).tolist():
            here = np.flatnonzero(subset == k)
            nxt = _next_options(k)
            d = nxt.discard
            value = base[here][:, d] + np.where(
                nxt.first == nxt.second,
                two[here][:, d, nxt.first],
                one[here][:, d, nxt.first] + one[here][:, d, nxt.second],
            )
            best = value[:, nxt.pick].max(axis=-1)  # rows x hands
            out[here] = add_up(best * chances)
        return out

    def __repr__(self) -> str:
        return f"Search(focus={self.focus:g})"
