"""After the last roll: every hand is worth its best box, for a chunk of states.

For S states (columns): `options` reads, for every box, the value and the
variance of the rest of the game after filling it (upper boxes: for each
count of their face); `end_values` then takes, for every hand, the best of
its groups (see `dicelab.dice_poker.solver.tables`) as a maximum of encoded
values (see `dicelab.dice_poker.solver.turn`), ties going to the earlier
box; `_five_of_a_kind` redoes the six five-of-a-kind hands with the joker's
options and adds the poker bonus.
"""

from __future__ import annotations

import numpy as np

from dicelab.dice_poker.solver.rewards import five_kind_options, poker_bonus
from dicelab.dice_poker.solver.space import StateSpace
from dicelab.dice_poker.solver.tables import HAND0, Tables
from dicelab.dice_poker.solver.workspace import Workspace, chosen, encode


def options(
    space: StateSpace,
    t: Tables,
    values: np.ndarray,
    seconds: np.ndarray,
    state: tuple[np.ndarray, np.ndarray, np.ndarray],
    out: np.ndarray,
) -> None:
    """Fill `out` (R, 2, S): per options row, the mean of points + upper bonus
    + the value of the next state, and the variance of the rest of the game
    (a box already filled: -inf and 0)."""
    filled, upper, poker_fifty = state
    bit, added = t.option_bit[:, None], t.option_points[:, None]
    nxt = filled | bit
    after = upper + added
    flag = np.where(t.option_fifty[:, None], int(space.fifty_matters), poker_fifty)
    index = space.flat(nxt, space.canonical(nxt, after), flag)
    value = values[index]
    bonus = space.rules.upper_bonus_for(after) - space.rules.upper_bonus_for(upper)
    is_open = filled & bit == 0
    out[:, 0] = np.where(is_open, added + bonus + value, -np.inf)
    out[:, 1] = np.where(is_open, seconds[index] - value * value, 0.0)


def end_values(
    space: StateSpace,
    t: Tables,
    values: np.ndarray,
    seconds: np.ndarray,
    state: tuple[np.ndarray, np.ndarray, np.ndarray],
    ws: Workspace,
) -> None:
    """Mean and second moment of every hand after the last roll, into
    `ws.keeps[210:]`, from the flat arrays of values and second moments of
    the states one box further on."""
    opts = ws.options
    options(space, t, values, seconds, state, opts)
    groups, code = ws.groups, ws.codes
    opts.take(t.group_row, axis=0, out=groups, mode="clip")
    groups[:, 0] += t.group_points
    encode(groups[:, 0], np.arange(code.shape[0])[:, None], code)
    best = ws.best
    lowest = np.iinfo(np.int64).min  # a game may have no 0-point group (Chance alone)
    best[:] = code[t.zero].max(axis=0, initial=lowest)
    for slot in t.slots:
        pick, part = ws.index[: slot.size], best[: slot.size]
        code.take(slot, axis=0, out=pick, mode="clip")
        np.maximum(part, pick, out=part)
    best.take(t.to_lattice, axis=0, out=ws.index, mode="clip")
    hands = chosen(ws.index, groups, ws, ws.keeps[HAND0:])
    mean = hands[:, 0]
    hands[:, 1] += mean * mean
    if space.rules.joker != "none" or space.rules.poker_bonus:
        _five_of_a_kind(space, t, state, opts, hands)


def _five_of_a_kind(
    space: StateSpace,
    t: Tables,
    state: tuple[np.ndarray, np.ndarray, np.ndarray],
    opts: np.ndarray,
    hands: np.ndarray,
) -> None:
    """Redo the six five-of-a-kind hands with the joker's options (the first
    of the best boxes), then add the poker bonus (in place), for the states
    whose poker box is filled (the others have neither)."""
    filled, _, poker_fifty = state
    rules = space.rules
    columns = np.flatnonzero(space.poker_filled(filled))  # elsewhere: neither joker nor bonus
    if not columns.size:
        return
    key, inverse = np.unique(filled[columns] * 2 + poker_fifty[columns], return_inverse=True)
    legal, points = five_kind_options(rules, key >> 1, key & 1 == 1)  # (U, 6, boxes)
    inverse = inverse.ravel()
    shape = (6, space.boxes, columns.size)
    legal = legal[inverse].transpose(1, 2, 0)
    points = (points * t.lower)[inverse].transpose(1, 2, 0)
    rows = opts[t.five_rows][:, :, columns]
    cand = np.where(legal, rows[:, 0].reshape(shape) + points, -np.inf)
    var = np.where(legal, rows[:, 1].reshape(shape), 0.0)
    pick = np.argmax(encode(cand, t.box_rank, np.empty(shape, np.int64)), axis=1)[:, None]
    mean = np.take_along_axis(cand, pick, axis=1)[:, 0]
    rest = np.take_along_axis(var, pick, axis=1)[:, 0]
    bonus = poker_bonus(rules, filled[columns], poker_fifty[columns] == 1).astype(np.float64)
    five = hands[t.five_kind]
    five[:, 0, columns] = mean + bonus
    five[:, 1, columns] = mean * mean + rest + 2 * bonus * mean + bonus * bonus
    hands[t.five_kind] = five
