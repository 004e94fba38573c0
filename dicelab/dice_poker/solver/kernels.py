"""The readable numpy kernels of one turn, step by step, for the advisor and
the strategies (`dicelab.dice_poker.advisor`, `dicelab.dice_poker.strategy`),
which need each step's values: the solver itself uses the faster, fused
kernels (`dicelab.dice_poker.solver.compiled`, or without a C compiler
`dicelab.dice_poker.solver.turn`), which choose the same options.

Arrays are laid out (hands or keeps) x states, so that picking the rows of
some keeps copies whole contiguous rows.

- `end_values`: after the last roll, the value of each hand = the best box
  (its points, bonuses, and the value of the state it leads to);
- `reroll`: one roll more: a keep is worth the average over one more die,
  K(k) = (sum over d of K(k + d)) / 6, and a hand is worth its best sub-keep,
  M(k) = max(K(k), M(k minus one die)); holding all five is stopping.

Second moments E[X^2] ride along: they are averaged like the means and read
from whichever option the means choose.  An option replaces the one chosen so
far only if it is better by more than `TIE` (1e-9): exact ties, which float
noise could break either way, go to the first option (the earlier box, the
larger keep, stopping) on every machine.

The hot loops write into the preallocated arrays of a `Workspace` (one per
thread): fresh large temporaries would cost more in page faults than in
arithmetic.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dicelab.core.dice.hands import dice_space
from dicelab.dice_poker.rules import DICE, score_table
from dicelab.dice_poker.solver.rewards import five_kind_options, poker_bonus
from dicelab.dice_poker.solver.space import StateSpace, keep_lattice, per_space

TIE = 1e-9
CHUNK = 1024  # states (or games) the kernels work on at once: the workspace's size
HANDS = len(dice_space(DICE).hands)  # 252
KEEPS = len(dice_space(DICE).keeps)  # 462


@dataclass
class EndValues:
    """For S states: `mean` and `second` (252 x S) of the rest of the game for
    each hand after the last roll, when the best box is filled; `box`
    (252 x S) that box."""

    mean: np.ndarray
    second: np.ndarray
    box: np.ndarray


@dataclass
class Reroll:
    """One roll more, for S states: `mean`/`second` (252 x S) of each hand;
    `keeps`/`keeps_second` (462 x S, all keep sizes in `keep_lattice()` order, the
    keeps of five dice being "stop") the value of holding each keep."""

    mean: np.ndarray
    second: np.ndarray
    keeps: np.ndarray
    keeps_second: np.ndarray


class Workspace:
    """Preallocated arrays for chunks of exactly `size` states."""

    def __init__(self, size: int, boxes: int) -> None:
        self.size = size
        f, i16 = np.float64, np.int16
        self.end_mean = np.empty((HANDS, size), f)
        self.end_second = np.empty((HANDS, size), f)
        self.choice = np.empty((HANDS, size), i16)  # box * 6 + dice of its face
        self.rest_var = np.empty((boxes * (DICE + 1), size), f)
        self.hands = [np.empty((HANDS, size), f) for _ in range(4)]
        self.keeps = np.empty((KEEPS, size), f)
        self.keeps_second = np.empty((KEEPS, size), f)
        self.cand = np.empty((HANDS, size), f)
        self.shifted = np.empty((HANDS, size), f)
        self.cand_source = np.empty((HANDS, size), i16)
        self.better = np.empty((HANDS, size), bool)
        self.levels = [np.empty((HANDS, size), f) for _ in range(2)]
        self.sources = [np.empty((HANDS, size), i16) for _ in range(2)]
        self.flat = np.empty((HANDS, size), np.intp)
        self.column = np.arange(size, dtype=np.intp)


def _offsets() -> np.ndarray:
    return np.cumsum([0] + [len(level) for level in keep_lattice().keeps])


@dataclass(frozen=True, eq=False)
class _BoxScores:
    scores: np.ndarray  # (boxes, 252) float points, as score_table
    choice_row: np.ndarray  # (boxes, 252) int16: box * 6 + dice showing its face (0 if lower)


@per_space
def _tables(space: StateSpace) -> _BoxScores:
    w = keep_lattice()
    scores = score_table(space.rules).astype(np.float64)
    rows = np.zeros((space.boxes, HANDS), dtype=np.int16)
    for b in range(space.boxes):
        rows[b] = b * (DICE + 1)
        if space.faces[b]:
            rows[b] += w.counts[:, space.faces[b] - 1]
    return _BoxScores(scores, rows)


def _upper_options(
    space: StateSpace,
    values: np.ndarray,
    seconds: np.ndarray,
    b: int,
    filled: np.ndarray,
    upper: np.ndarray,
    poker_fifty: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Upper box b, for c = 0..5 dice showing its face: points + upper bonus +
    value of the next state, and the variance of the rest (6 x S each)."""
    face = int(space.faces[b])
    threshold = space.threshold
    count = np.arange(DICE + 1)[:, None]
    nxt = (filled | (1 << b))[None, :]
    after = upper[None, :] + face * count
    capped = np.minimum(after, threshold)
    index = space.flat(nxt, space.canonical(nxt, capped), poker_fifty[None, :])
    value, second = values[index], seconds[index]
    bonus = space.rules.upper_bonus_for(after) - space.rules.upper_bonus_for(upper[None, :])
    reward = face * count + bonus
    return reward + value, second - value * value


def end_values(
    space: StateSpace,
    values: np.ndarray,
    seconds: np.ndarray,
    filled: np.ndarray,
    upper: np.ndarray,
    poker_fifty: np.ndarray,
    ws: Workspace | None = None,
) -> EndValues:
    """The value (and second moment) of every hand after the last roll, for
    the states (filled, canonical upper, poker_fifty), given the flat arrays of
    values and second moments of the states one box further on.

    Each box is one pass over all hands: candidate = points + value of the
    next state; the means keep the maximum and remember the box (strictly
    better only); the variance of the rest of the game is then read once,
    from the chosen boxes.
    """
    size = filled.size
    ws = ws or Workspace(size, space.boxes)
    tables = _tables(space)
    open_ = ((filled[:, None] >> np.arange(space.boxes)) & 1) == 0
    best, choice, cand, better = ws.end_mean, ws.choice, ws.cand, ws.better
    rest_var = ws.rest_var.reshape(space.boxes, DICE + 1, size)
    best.fill(-np.inf)
    choice.fill(0)
    upper_rows: dict[int, np.ndarray] = {}
    lower_next: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for b in range(space.boxes):
        is_open = open_[:, b]
        if not is_open.any():
            continue
        if space.faces[b]:
            g, gv = _upper_options(space, values, seconds, b, filled, upper, poker_fifty)
            g[:, ~is_open] = -np.inf
            upper_rows[b] = g
            rest_var[b] = gv
            np.take(g, tables.choice_row[b] - b * (DICE + 1), axis=0, out=cand)
        else:
            nxt = filled | (1 << b)
            index = space.flat(nxt, upper, poker_fifty)
            nv = np.where(is_open, values[index], -np.inf)
            rest_var[b] = np.where(is_open, seconds[index] - values[index] ** 2, 0.0)
            if b == space.poker:  # five of a kind writes 50 there: Poker holds 50 from now on
                with_fifty = space.flat(nxt, upper, np.full(size, int(space.fifty_matters)))
                lower_next[b] = (
                    np.where(is_open, values[with_fifty], -np.inf),
                    np.where(is_open, seconds[with_fifty] - values[with_fifty] ** 2, 0.0),
                )
            else:
                lower_next[b] = (nv, rest_var[b, 0].copy())
            np.add(tables.scores[b][:, None], nv[None, :], out=cand)
        np.add(best, TIE, out=ws.shifted)
        np.greater(cand, ws.shifted, out=better)
        np.maximum(best, cand, out=best)
        np.copyto(choice, tables.choice_row[b][:, None], where=better)
    var = ws.end_second
    np.copyto(ws.flat, choice)
    ws.flat *= size
    ws.flat += ws.column
    np.take(ws.rest_var.reshape(-1), ws.flat, out=var)
    _five_of_a_kind(space, filled, poker_fifty, upper_rows, rest_var, lower_next, best, var, choice)
    second = var  # second moment = mean^2 + variance, in place
    np.multiply(best, best, out=ws.cand)
    second += ws.cand
    bonus = poker_bonus(space.rules, filled, poker_fifty == 1).astype(np.float64)
    if bonus.any():
        rows = keep_lattice().five_kind
        second[rows] += 2 * bonus * best[rows] + bonus * bonus
        best[rows] += bonus
    return EndValues(best, second, choice // (DICE + 1))


def _five_of_a_kind(
    space: StateSpace,
    filled: np.ndarray,
    poker_fifty: np.ndarray,
    upper_rows: dict[int, np.ndarray],
    rest_var: np.ndarray,
    lower_next: dict[int, tuple[np.ndarray, np.ndarray]],
    best: np.ndarray,
    var: np.ndarray,
    choice: np.ndarray,
) -> None:
    """Redo the six five-of-a-kind hands with the joker's options (in place)."""
    w = keep_lattice()
    size = filled.size
    legal, points = five_kind_options(space.rules, filled, poker_fifty == 1)
    cand = np.full((size, 6, space.boxes), -np.inf)
    cand_var = np.zeros((size, 6, space.boxes))
    faces = np.arange(1, 7)
    for b in range(space.boxes):
        if not legal[:, :, b].any():
            continue
        if space.faces[b]:
            rows = np.where(faces == space.faces[b], DICE, 0)
            value, v = upper_rows[b][rows].T, rest_var[b][rows].T  # (S, 6)
        else:
            nv, nvar = lower_next[b]
            value = points[:, :, b] + nv[:, None]
            v = np.broadcast_to(nvar[:, None], value.shape)
        cand[:, :, b] = np.where(legal[:, :, b], value, -np.inf)
        cand_var[:, :, b] = np.where(legal[:, :, b], v, 0.0)
    top = cand.max(axis=2, keepdims=True)
    pick = np.argmax(cand >= top - TIE, axis=2)  # the first of the (near-)best boxes
    best[w.five_kind] = np.take_along_axis(cand, pick[:, :, None], axis=2)[:, :, 0].T
    var[w.five_kind] = np.take_along_axis(cand_var, pick[:, :, None], axis=2)[:, :, 0].T
    choice[w.five_kind] = (pick.T * (DICE + 1)).astype(np.int16)


def average_keeps(mean: np.ndarray, out: np.ndarray, scratch: np.ndarray) -> np.ndarray:
    """Value of every keep (462 x S, sizes 0..5 in `keep_lattice()` order), when the
    hands are worth `mean` after the reroll: K(k) = (sum over d of K(k + d)) / 6,
    one die at a time.  `scratch` is a (>= 126) x S work array."""
    w = keep_lattice()
    offsets = _offsets()
    out[offsets[DICE] :] = mean
    for j in range(DICE - 1, -1, -1):
        above = out[offsets[j + 1] : offsets[j + 2]]
        total = out[offsets[j] : offsets[j + 1]]
        children = w.children[j]
        rows = scratch[: children.shape[1]]
        np.take(above, children[0], axis=0, out=total)
        for d in range(1, 6):
            np.take(above, children[d], axis=0, out=rows)
            total += rows
        total /= 6
    return out


def reroll(
    mean: np.ndarray,
    second: np.ndarray,
    stop: EndValues,
    ws: Workspace | None = None,
    out: tuple[np.ndarray, np.ndarray] | None = None,
) -> Reroll:
    """Hands worth (`mean`, `second`) with r rolls left -> hands with r + 1.

    Holding all five dice is stopping: that option is worth `stop` (the
    hand's value after the last roll).  The means take the maximum over
    sub-keeps, one die removed at a time, remembering which keep won; the
    second moments are then read from the winning keeps.
    """
    w = keep_lattice()
    size = mean.shape[1]
    ws = ws or Workspace(size, 1)
    offsets = _offsets()
    keeps = average_keeps(mean, ws.keeps, ws.cand)
    keeps_second = average_keeps(second, ws.keeps_second, ws.cand)
    keeps[offsets[DICE] :] = stop.mean
    keeps_second[offsets[DICE] :] = stop.second
    current, current_source = ws.levels[1], ws.sources[1]
    below, below_source = ws.levels[0], ws.sources[0]
    below[:1] = keeps[:1]
    below_source[:1] = 0
    for j in range(1, DICE + 1):
        count, previous = offsets[j + 1] - offsets[j], offsets[j] - offsets[j - 1]
        best, source = current[:count], current_source[:count]
        best[:] = keeps[offsets[j] : offsets[j + 1]]
        source[:] = np.arange(offsets[j], offsets[j + 1], dtype=np.int16)[:, None]
        cand, cand_source, better = ws.cand[:count], ws.cand_source[:count], ws.better[:count]
        shifted = ws.shifted[:count]
        for row in w.parents[j]:
            np.take(below[:previous], row, axis=0, out=cand)
            np.add(best, TIE, out=shifted)
            np.greater(cand, shifted, out=better)
            np.maximum(best, cand, out=best)
            np.take(below_source[:previous], row, axis=0, out=cand_source)
            np.copyto(source, cand_source, where=better)
        below, current = current, below
        below_source, current_source = current_source, below_source
    result_mean, result_second = out or (np.empty((HANDS, size)), np.empty((HANDS, size)))
    result_mean[:] = below
    np.copyto(ws.flat, below_source)
    ws.flat *= size
    ws.flat += ws.column
    np.take(keeps_second.reshape(-1), ws.flat, out=result_second)
    return Reroll(result_mean, result_second, keeps, keeps_second)
