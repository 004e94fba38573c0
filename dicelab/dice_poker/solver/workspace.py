"""The work arrays of the turn kernel, and its two primitives: encoding values
for a maximum that also tells which option won, and reading back the chosen
options' means and second moments (see `dicelab.dice_poker.solver.turn`)."""

from __future__ import annotations

import numpy as np

from dicelab.dice_poker.solver.tables import ID_BITS, KEEPS, Tables

HANDS = 252
HIGH = np.int64(~((1 << (ID_BITS + 3)) - 1))  # the bits of a value that are compared


def encode(means: np.ndarray, rank: np.ndarray | int, out: np.ndarray) -> np.ndarray:
    """`means` (>= 0, or -inf for no option) with their lowest bits replaced
    by `rank`: positive floats sort like their bit patterns, so one integer
    maximum finds both the best value and its rank."""
    np.bitwise_and(means.view(np.int64), HIGH, out=out)
    return np.bitwise_or(out, rank, out=out)


class Workspace:
    """Preallocated arrays for chunks of exactly `size` states.  Some serve
    two steps that never need them at once: `index` is also the scratch of
    the maxima, and while the best box is found `hands` holds the groups'
    values and `spare` their encoded values (`groups`, `codes`)."""

    def __init__(self, size: int, t: Tables) -> None:
        self.size = size
        f, i = np.float64, np.int64
        self.keeps = np.empty((KEEPS, 2, size), f)  # rows 210: are the hands after the last roll
        self.hands = np.empty((HANDS, 2, size), f)  # after one more roll
        self.spare = np.empty((126, 2, size), f)
        self.options = np.empty((t.option_bit.size, 2, size), f)
        self.best = np.empty((HANDS, size), i)
        self.below = np.empty((126, size), i)
        self.index = np.empty((HANDS, size), i)
        self.column = np.arange(size, dtype=i)
        groups = t.group_row.size
        if groups > HANDS:
            raise ValueError(f"too many score groups ({groups}) for the work arrays")
        self.groups = self.hands[:groups]
        self.codes = self.spare.reshape(HANDS, size).view(i)[:groups]


def chosen(code: np.ndarray, table: np.ndarray, ws: Workspace, out: np.ndarray) -> np.ndarray:
    """Into `out` (252, 2, S): the rows of `table` (rows, 2, S) that the encoded
    values `code` (252 x S) chose, state by state."""
    index = ws.index
    np.bitwise_and(code, (1 << ID_BITS) - 1, out=index)
    index *= 2 * ws.size
    index += ws.column
    flat, gather = table.reshape(-1), ws.spare.reshape(HANDS, ws.size)
    out[:, 0] = flat.take(index, out=gather, mode="clip")
    index += ws.size
    out[:, 1] = flat.take(index, out=gather, mode="clip")
    return out
