"""One turn for a chunk of states at once: the numpy kernel of backward
induction, run where the compiled one (`compiled`, the same kernel in C, a
few times faster and on every core) was not built, and its cross-check.

A turn is roll, keep, roll, keep, roll, box.  For S states (columns) at once:

- `end_values`: after the last roll, each hand is worth its best box (its
  points, bonuses, and the value of the state it leads to);
- `_average`: a keep of j dice is worth the average over one more die of the
  keeps of j + 1 dice, K(k) = (sum over d of K(k + d)) / 6, five levels down
  from the hands;
- `_best_keeps`: a hand is worth its best sub-keep, M(k) = max(K(k), M(k
  minus one die)), five levels up; holding all five dice is stopping.

Means and second moments travel together in (rows, 2, S) arrays: averaged
alike, and the second moment read from whichever option the means choose.
A choice is a maximum over *encoded* means (`lastroll.encode`): the lowest
12 bits of each float64 (positive floats sort like their bit patterns) are
replaced by which option it is and its rank in a fixed preference order, so
that one integer maximum gives both the best value and the option.  Options
whose means agree in all but those bits (2**-40 relative, under 4e-10 at 400
points) are ties, and go the same way as in `kernels` on every machine: the
earlier box; a keep's own value before its sub-keeps', then those of the
keep less a 1, less a 2, ...  The value then kept is the chosen option's
own, exact mean.  All the arrays of a chunk live in one `Workspace` per
thread.
"""

from __future__ import annotations

import numpy as np

from dicelab.dice_poker.rules import DICE
from dicelab.dice_poker.solver.lastroll import end_values
from dicelab.dice_poker.solver.space import StateSpace
from dicelab.dice_poker.solver.tables import HAND0, ID_BITS, OWN, Tables, tables
from dicelab.dice_poker.solver.workspace import Workspace, chosen, encode

CHUNK = 128  # states per chunk: enough for numpy's calls to pay off, little memory
CLEAR_RANK = np.int64(~(7 << ID_BITS))


def _average(source: np.ndarray, ws: Workspace, t: Tables) -> None:
    """Keeps of 0..4 dice (`ws.keeps[:210]`) when the hands are worth `source`
    (252, 2, S) after the roll."""
    above = source
    for j in range(DICE - 1, -1, -1):
        total = ws.keeps[t.offsets[j] : t.offsets[j + 1]]
        children = t.children[j]
        rows = ws.spare[: children.shape[1]]
        above.take(children[0], axis=0, out=total, mode="clip")
        for d in range(1, 6):
            above.take(children[d], axis=0, out=rows, mode="clip")
            total += rows
        total /= 6
        above = total


def _best_keeps(ws: Workspace, t: Tables) -> np.ndarray:
    """The encoded best keep of every hand (252 x S).  Level by level, one
    die removed at a time: M(k) = the first best of K(k), M(k less a 1),
    M(k less a 2), ..."""
    offsets, keeps = t.offsets, ws.keeps
    levels = (ws.below, ws.best)  # sizes 0, 2, 4 in the first; 1, 3, 5 in the second
    below = encode(keeps[:1, 0], t.keep_rank[:1], levels[0][:1])
    for j in range(1, DICE + 1):
        rows = slice(offsets[j], offsets[j + 1])
        current = encode(keeps[rows, 0], t.keep_rank[rows], levels[j % 2][: rows.stop - rows.start])
        np.bitwise_and(below, CLEAR_RANK, out=below)
        for i, parent in enumerate(t.parents[j]):
            pick, part = ws.index[: parent.size], current[: parent.size]
            below.take(parent, axis=0, out=pick, mode="clip")
            np.bitwise_or(pick, OWN - (i + 1 << ID_BITS), out=pick)
            np.maximum(part, pick, out=part)
        below = current
    return below


def turn_values(
    space: StateSpace,
    values: np.ndarray,
    seconds: np.ndarray,
    state: tuple[np.ndarray, np.ndarray, np.ndarray],
    ws: Workspace,
) -> tuple[np.ndarray, np.ndarray]:
    """The value and second moment of S states (filled, canonical upper,
    poker flag) before their turn's first roll."""
    t = tables(space)
    end_values(space, t, values, seconds, state, ws)
    _average(ws.keeps[HAND0:], ws, t)  # one roll left
    chosen(_best_keeps(ws, t), ws.keeps, ws, ws.hands)
    _average(ws.hands, ws, t)  # two rolls left
    mean, second = chosen(_best_keeps(ws, t), ws.keeps, ws, ws.hands).transpose(1, 0, 2)
    # hand by hand, as the compiled kernel adds: not BLAS (its own threads would
    # spin against the workers) nor einsum (whose order depends on the CPU)
    total_mean, total_second = np.zeros(mean.shape[1]), np.zeros(mean.shape[1])
    for h, weight in enumerate(t.weights.tolist()):
        total_mean += weight * mean[h]
        total_second += weight * second[h]
    return total_mean, total_second
