"""The batch interface of Solitaire Dice's strategies, and the simple ones.

`Batch` holds the decisions of many games at once (one row per game), and a
`BatchStrategy` decides for all of them with numpy (what the fast simulator
uses) as well as for one game at a time.  `RatingStrategy` chooses the best
rated option; `RandomStrategy` and `Greedy` are the simplest bots.  The
strategies that look ahead (`planner`, `search`) build on these, and
`strategy` lists every bot by name above them all.

>>> greedy = Greedy()
>>> sheet = Sheet.from_marks({6: 4, 8: 2}, {2: 3})
>>> greedy(sheet, (1, 2, 2, 4, 6), sheet.options([1, 2, 2, 4, 6]), None)  # 6 reaches 5 marks
Split(pairs=(6, 8), discard=1)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields

import numpy as np

from dicelab.errors import SettingsError
from dicelab.solitaire.rules import Split
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.tables import MARK_COLUMNS, option_tables

# (the generator named in quotes: naming it loads numpy.random, 5 MiB, for every command)
SheetStrategy = Callable[[Sheet, tuple[int, ...], list[Split], "np.random.Generator"], Split]


@dataclass(frozen=True, eq=False)
class Batch:
    """The decisions of many games at once, one row per game.

    `marks` (games x 11) and `discards` (games x 6) are the sheets' marks;
    `subset` the index of the chosen discard numbers in
    `option_tables().subsets`; `first`, `second` (the pair sums - 2) and
    `discard` (the discard face, 0 = free throw), each games x options, are
    the options; `valid` says which option slots are real.
    """

    marks: np.ndarray
    discards: np.ndarray
    subset: np.ndarray
    first: np.ndarray
    second: np.ndarray
    discard: np.ndarray
    valid: np.ndarray

    @classmethod
    def of(cls, sheet: Sheet, options: Sequence[Split]) -> Batch:
        """A batch of one game: this sheet and these options."""
        if not options:
            raise SettingsError("a decision needs at least one option")
        tables = option_tables()
        rows = [(s.pairs[0] - 2, s.pairs[1] - 2, s.discard or 0) for s in options]
        first, second, discard = (
            np.array([[r[i] for r in rows]], dtype=np.int64) for i in range(3)
        )
        return cls(
            np.array([sheet.sums], dtype=np.int64),
            np.array([sheet.discards], dtype=np.int64),
            np.array([tables.subset_index[sheet.chosen]], dtype=np.int64),
            first,
            second,
            discard,
            np.ones(first.shape, dtype=bool),
        )

    def __len__(self) -> int:
        return len(self.marks)

    def after(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The sheets after each option: their marks (games x options x 11), discard
        marks (games x options x 7: the free throw's slot 0, then faces 1..6) and
        chosen discard numbers' subset (games x options)."""
        games, width = self.first.shape
        rows, cols = np.arange(games)[:, None], np.arange(width)[None, :]
        marks = np.repeat(self.marks[:, None, :], width, axis=1)
        np.add.at(marks, (rows, cols, self.first), 1)
        np.add.at(marks, (rows, cols, self.second), 1)
        discards = np.zeros((games, width, 7), dtype=np.int64)
        discards[..., 1:] = self.discards[:, None, :]
        np.add.at(discards, (rows, cols, self.discard), 1)
        subset = self.subset[:, None]
        subset = np.where(self.discard > 0, option_tables().add[subset, self.discard], subset)
        return marks, discards, subset

    def slices(self, size: int) -> list[Batch]:
        """The batch cut into batches of at most `size` games, in order."""
        return [
            Batch(*(getattr(self, f.name)[start : start + size] for f in fields(self)))
            for start in range(0, len(self), size)
        ]


def line_gains(marks: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The change of the sheet's score if the pairs (a, b) are marked (games x options).

    >>> marks = np.zeros((1, 11), dtype=np.int64); marks[0, 4] = 4  # four 6s
    >>> line_gains(marks, np.array([[4, 4, 0]]), np.array([[4, 5, 1]])).tolist()
    [[240, 0, -400]]
    """
    line = option_tables().line
    top = MARK_COLUMNS - 1
    ma = np.take_along_axis(marks, a, axis=1)
    mb = np.take_along_axis(marks, b, axis=1)
    same = (a == b).astype(np.int64)
    gain_a = line[a, np.minimum(ma + 1 + same, top)] - line[a, np.minimum(ma, top)]
    gain_b = line[b, np.minimum(mb + 1, top)] - line[b, np.minimum(mb, top)]
    return gain_a + np.where(same == 1, 0, gain_b)


RATING_PLACES = 6  # ratings are compared in whole millionths of a point


def rating_keys(ratings: np.ndarray) -> np.ndarray:
    """Float ratings as the keys options are compared on: whole millionths of a
    point (int64).  Ratings equal to six places are a tie, which goes to the
    first option (`first_best`), so no choice hangs on a float's last bits.

    >>> rating_keys(np.array([[12.5, 12.4999999999, 3.0000004]])).tolist()
    [[12500000, 12500000, 3000000]]
    """
    return np.rint(ratings * 10**RATING_PLACES).astype(np.int64)


def first_best(keys: np.ndarray, valid: np.ndarray) -> np.ndarray:
    """Per row, the index of the best valid key (whole numbers: points, or
    `rating_keys`), the first one in `legal_splits` order on a tie.

    >>> first_best(np.array([[3, 7, 7], [9, 1, 2]]), np.array([[True] * 3, [False, True, True]]))
    array([1, 2])
    """
    lowest = np.iinfo(np.int64).min
    return np.argmax(np.where(valid, keys, lowest), axis=1)


class BatchStrategy:
    """A strategy defined by `batch`; calling it decides one game the same way."""

    name = "strategy"

    def batch(self, batch: Batch, rng: np.random.Generator) -> np.ndarray:
        """The chosen option index of every game of the batch."""
        raise NotImplementedError

    def __call__(
        self,
        sheet: Sheet,
        dice: tuple[int, ...],
        options: list[Split],
        rng: np.random.Generator,
    ) -> Split:
        return options[int(self.batch(Batch.of(sheet, options), rng)[0])]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


class RatingStrategy(BatchStrategy):
    """A strategy that rates every option (`values`, games x options) and takes the
    best (rounded keys: `rating_keys`; ties: the first), `slice_size` games at once."""

    slice_size = 2_048

    def values(self, batch: Batch) -> np.ndarray:
        """Every option's rating, games x options (invalid options: anything)."""
        raise NotImplementedError

    def batch(self, batch: Batch, rng: np.random.Generator) -> np.ndarray:
        parts = batch.slices(self.slice_size)  # games x options x ... arrays stay small
        return np.concatenate(
            [first_best(rating_keys(self.values(part)), part.valid) for part in parts]
        )

    def rank(self, sheet: Sheet, dice: Iterable[int]) -> list[tuple[Split, float]]:
        """Every legal option for this roll with its rating, best first (for coaching)."""
        options = sheet.options(dice)
        values = self.values(Batch.of(sheet, options))[0]
        keys = rating_keys(values).tolist()
        order = sorted(range(len(options)), key=lambda j: (-keys[j], j))
        return [(options[j], round(float(values[j]), 1)) for j in order]


class RandomStrategy(BatchStrategy):
    """Any legal option, each equally likely (uses the generator it is given)."""

    name = "random"

    def batch(self, batch: Batch, rng: np.random.Generator) -> np.ndarray:
        count = batch.valid.sum(axis=1)
        return np.minimum((rng.random(len(count)) * count).astype(np.int64), count - 1)


class Greedy(BatchStrategy):
    """The option with the best immediate change of the score (ties: the first)."""

    name = "greedy"

    def batch(self, batch: Batch, rng: np.random.Generator) -> np.ndarray:
        return first_best(line_gains(batch.marks, batch.first, batch.second), batch.valid)
