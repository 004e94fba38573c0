"""The compiled turn kernel (`turn_kernel.c`, the module `_turn`), and its tables.

The numpy kernel (`turn`, `lastroll`) spends most of its time in numpy's
calls and their passes over memory, and holds the interpreter's lock, so a
second thread gains nothing.  The same kernel in C takes two states at a
time through the whole turn in a few KiB of work arrays, without the lock:
about a fifth of its CPU time per state, and one thread per core (`induction`)
shares each layer.  It is built by `pip install` (setup.py; it needs a C
compiler, and is optional: without one the solver runs the numpy kernel).

It reads the very tables of `tables` (and the state space's index),
flattened here into contiguous arrays, and does the same arithmetic in the
same order, so it finds the same values to the last bit and makes the same
choices; only the five-of-a-kind options, which follow the joker rules, are
made here, with `rewards.five_kind_options`, for each piece of work.

Chance alone, from the empty card (its 4 states: the upper totals the
missing boxes, counted as filled, may hold; the full card is worth 0):

>>> from dataclasses import replace
>>> from dicelab.dice_poker.rules import get_ruleset
>>> from dicelab.dice_poker.solver.space import state_space
>>> rules = get_ruleset("yahtzee")
>>> space = state_space(replace(rules, name="chance", boxes=rules.boxes[-1:]))
>>> values, seconds = np.zeros(space.states), np.zeros(space.states)
>>> run(space, values, seconds, 0, 1)
4
>>> round(float(values[0]), 4), round(float(seconds[0] - values[0] ** 2), 4)  # 70/3, variance
(23.3333, 10.0)
"""

from __future__ import annotations

import functools
import importlib
from types import ModuleType
from typing import Any

import numpy as np

from dicelab.dice_poker.rules import DICE, Ruleset
from dicelab.dice_poker.solver.rewards import five_kind_options
from dicelab.dice_poker.solver.space import StateSpace, per_space
from dicelab.dice_poker.solver.tables import Tables, tables


@functools.cache
def extension() -> ModuleType | None:
    """The compiled module, or None if it was not built (no C compiler)."""
    try:
        return importlib.import_module("dicelab.dice_poker.solver._turn")
    except ImportError:
        return None


def available() -> bool:
    """Whether the compiled kernel can run."""
    return extension() is not None


def _ints(*arrays: Any) -> np.ndarray:
    """The arrays end to end, as contiguous int64."""
    return np.ascontiguousarray(np.concatenate([np.ravel(a) for a in arrays]), dtype=np.int64)


def _parents(t: Tables) -> tuple[np.ndarray, np.ndarray]:
    """(sizes (6 x 5): how many keeps of each size have an i-th face to
    remove, the rows end to end)."""
    sizes = np.zeros((DICE + 1, DICE), dtype=np.int64)
    for j, rows in enumerate(t.parents):
        sizes[j, : len(rows)] = [row.size for row in rows]
    return sizes, _ints(*(row for rows in t.parents for row in rows))


def redo_five(rules: Ruleset) -> bool:
    """Whether a five of a kind's options depend on the state (a joker, or a
    poker bonus), so that the kernel takes them for each state."""
    return rules.joker != "none" or rules.poker_bonus > 0


def build(space: StateSpace) -> Any:
    """The compiled kernel of a state space (an `_turn.Kernel`)."""
    module = extension()
    if module is None:
        raise RuntimeError("the compiled turn kernel was not built (it needs a C compiler)")
    t = tables(space)
    rules = space.rules
    parent_sizes, parents = _parents(t)
    upper_bonus = rules.upper_bonus_for(np.arange(space.threshold + 1 + 6 * DICE))
    return module.Kernel(
        boxes=space.boxes,
        threshold=space.threshold,
        fifty_matters=int(space.fifty_matters),
        poker=space.poker,
        poker_bonus=float(rules.poker_bonus),
        redo_five=redo_five(rules),
        states=space.states,
        start=space.start,
        width=space.width,
        potential=space.potential,
        order=space.order,
        rank=space.rank,
        reach=space.reach,
        upper_bonus=_ints(upper_bonus),
        option_bit=_ints(t.option_bit),
        option_points=_ints(t.option_points),
        option_fifty=np.ascontiguousarray(t.option_fifty, dtype=np.uint8),
        group_row=_ints(t.group_row),
        group_points=np.ascontiguousarray(t.group_points.ravel(), dtype=np.float64),
        zero=_ints(t.zero),
        slot_sizes=_ints([slot.size for slot in t.slots]),
        slots=_ints(*t.slots),
        to_lattice=_ints(t.to_lattice),
        five_kind=_ints(t.five_kind),
        five_rows=_ints(t.five_rows),
        children=_ints(*t.children),
        parents=parents,
        parent_sizes=parent_sizes,
        weights=np.ascontiguousarray(t.weights, dtype=np.float64),
    )


@per_space
def kernel(space: StateSpace) -> Any:
    """The compiled kernel of a state space (made once per space)."""
    return build(space)


def run(space: StateSpace, values: np.ndarray, seconds: np.ndarray, first: int, last: int) -> int:
    """Solve the states of the filled sets `space.order[first:last]` (of one
    layer, the next layer solved) into `values` and `seconds`; how many."""
    k = kernel(space)
    rules = space.rules
    if rules.joker == "none" and not rules.poker_bonus:
        return int(k.run(values, seconds, first, last, b"", b""))
    filled = np.repeat(space.order[first:last], 2)  # each with the poker flag 0, then 1
    poker_fifty = np.tile([False, True], last - first)
    legal, points = five_kind_options(rules, filled, poker_fifty)
    legal = np.ascontiguousarray(legal, dtype=np.uint8)
    points = np.ascontiguousarray(points * tables(space).lower, dtype=np.float64)
    return int(k.run(values, seconds, first, last, legal, points))
