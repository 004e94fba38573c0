"""The states between turns, and the fixed tables of one turn (the keep lattice).

A solitaire game's future depends only on (Glenn 2006):

- `F`, the set of filled boxes (a bit mask, bit b = box b of the ruleset);
- `u`, the upper total **capped at the bonus threshold** T;
- `f`, whether the poker box holds 50 (needed only when a ruleset has a poker
  bonus, or a joker that needs the 50).

Two more reductions keep the tables small.  An upper total that no choice of
scores in the filled upper boxes can make is never reached (pruned).  An
upper total from which the bonus can no longer be reached (`u` + 5 x the
faces of the open upper boxes < T) plays exactly like upper total 0, so it
is stored as 0 (its *canonical* value).

A ruleset may hold only some of a preset's boxes (for tests and lessons):
the missing boxes count as filled, and may already hold upper points.

>>> from dicelab.dice_poker.rules import get_ruleset
>>> space = state_space(get_ruleset("yahtzee"))
>>> space.states, space.threshold
(359616, 63)
>>> int(space.canonical(0, 70)), int(space.canonical(0b111110, 10))  # capped; out of reach
(63, 0)
>>> index = space.flat(np.array([0b101]), np.array([4]), np.array([0]))
>>> [int(a[0]) for a in space.unflat(index)]
[5, 4, 0]
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, wraps
from typing import TypeVar

import numpy as np

from dicelab.core.dice.hands import sorted_hands
from dicelab.dice_poker.rules import DICE, UPPER_IDS, Ruleset

R = TypeVar("R")
MAX_UPPER = DICE * sum(range(1, 7))  # 105: all six upper boxes with five dice each


def fifty_matters(rules: Ruleset) -> bool:
    """Whether "the poker box holds 50" changes anything: a poker bonus, or a
    joker that needs the 50."""
    return rules.poker_bonus > 0 or (rules.joker != "none" and rules.joker_needs_fifty)


def upper_sums(faces: list[int]) -> np.ndarray:
    """Every total that upper boxes of these faces can hold (0..5 dice each)."""
    totals = np.zeros(MAX_UPPER + 1, dtype=bool)
    totals[0] = True
    for face in faces:
        grown = np.zeros_like(totals)
        for count in range(DICE + 1):
            grown[face * count :] |= totals[: totals.size - face * count]
        totals = grown
    return totals


@dataclass(frozen=True, eq=False)
class StateSpace:
    """Index arithmetic for the states of one ruleset.

    Only canonical, reachable states are stored, in flat arrays of `states`
    entries: layer by layer (the states with n boxes filled are
    `bounds[n]:bounds[n + 1]`), within a layer by filled set (grouped by
    their filled lower boxes), then by upper total, then by the poker flag.
    """

    rules: Ruleset
    boxes: int
    threshold: int
    faces: np.ndarray  # (boxes,) face 1..6 of an upper box, 0 for a lower one
    poker: int  # index of the poker box, -1 if the ruleset has none
    fifty_matters: bool  # fifty_matters(rules)
    potential: np.ndarray  # (2**boxes,) 5 x faces of the open upper boxes
    reach: np.ndarray  # (2**boxes, T + 1) canonical reachable upper totals
    order: np.ndarray  # (2**boxes,) the filled sets in index order
    start: np.ndarray  # (2**boxes,) flat index of each filled set's first state
    width: np.ndarray  # (2**boxes,) 2 where the poker flag is stored, else 1
    rank: np.ndarray  # (2**boxes, T + 1) rank of each reachable upper total
    bounds: np.ndarray  # (boxes + 2,) where each layer starts (and the end)

    @property
    def states(self) -> int:
        """How many states the solver computes."""
        return int(self.bounds[-1])

    @property
    def layers(self) -> tuple[np.ndarray, ...]:
        """layers[n]: the flat indices of the states with n boxes filled."""
        return tuple(np.arange(a, b) for a, b in zip(self.bounds[:-1], self.bounds[1:]))

    def flat(self, filled: np.ndarray, upper: np.ndarray, poker_fifty: np.ndarray) -> np.ndarray:
        """Flat indices of (filled, canonical upper, poker_fifty) triples (an
        unreachable triple gets some index in range)."""
        width = self.width[filled]
        return self.start[filled] + self.rank[filled, upper] * width + (poker_fifty & (width - 1))

    def unflat(self, index: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The (filled, upper, poker_fifty) triples of flat indices."""
        index = np.asarray(index, dtype=np.int64)
        position = np.searchsorted(self.start[self.order], index, side="right") - 1
        filled = self.order[position]
        within = index - self.start[filled]
        width = self.width[filled]
        ranks = (within // width)[:, None]
        upper = np.argmax((self.rank[filled] == ranks) & self.reach[filled], axis=1)
        return filled, upper.astype(np.int64), within % width

    def canonical(self, filled: int | np.ndarray, upper: int | np.ndarray) -> np.ndarray:
        """The stored upper total for a filled set and an upper total: capped at
        T, and 0 once the bonus is out of reach."""
        filled = np.asarray(filled, dtype=np.int64)
        upper = np.minimum(np.asarray(upper, dtype=np.int64), self.threshold)
        dead = (upper < self.threshold) & (upper + self.potential[filled] < self.threshold)
        return np.where(dead, 0, upper)

    def poker_filled(self, filled: np.ndarray) -> np.ndarray:
        """Whether the poker box is filled (a ruleset without one: always)."""
        filled = np.asarray(filled, dtype=np.int64)
        if self.poker < 0:
            return np.ones(filled.shape, dtype=bool)
        return (filled >> self.poker) & 1 == 1


def _reach(rules: Ruleset, faces: np.ndarray, potential: np.ndarray, threshold: int) -> np.ndarray:
    """(2**boxes, T + 1): the canonical upper totals each filled set can hold."""
    boxes = faces.size
    masks = np.arange(1 << boxes, dtype=np.int64)
    upper_bits = sum(1 << b for b in range(boxes) if faces[b])
    # upper points the missing boxes (counted as filled) may already hold
    absent = [f for f in range(1, 7) if UPPER_IDS[f - 1] not in rules.box_ids]
    base = np.flatnonzero(upper_sums(absent))
    keys, first, inverse = np.unique(masks & upper_bits, return_index=True, return_inverse=True)
    rows = np.zeros((keys.size, threshold + 1), dtype=bool)
    for i, key in enumerate(keys):
        sums = np.flatnonzero(upper_sums([int(faces[b]) for b in range(boxes) if key >> b & 1]))
        totals = np.minimum((base[:, None] + sums[None, :]).ravel(), threshold)
        pot = int(potential[first[i]])
        dead = (totals < threshold) & (totals + pot < threshold)
        rows[i, np.where(dead, 0, totals)] = True
    return rows[inverse.ravel()]


def _index(
    faces: np.ndarray, reach: np.ndarray, poker: int, matters: bool
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """order, start, width and layer bounds of the flat index (see `StateSpace`)."""
    boxes = faces.size
    masks = np.arange(1 << boxes, dtype=np.int64)
    popcount = np.zeros(masks.size, dtype=np.int64)
    for b in range(boxes):
        popcount += (masks >> b) & 1
    upper_bits = sum(1 << b for b in range(boxes) if faces[b])
    order = np.lexsort((masks & upper_bits, masks & ~upper_bits, popcount))
    poker_filled = np.ones(masks.size, dtype=bool) if poker < 0 else (masks >> poker) & 1 == 1
    width = 1 + (poker_filled & matters).astype(np.int64)
    count = reach.sum(axis=1) * width
    start = np.zeros(masks.size, dtype=np.int64)
    start[order] = np.cumsum(count[order]) - count[order]
    bounds = np.searchsorted(popcount[order], np.arange(boxes + 2))
    bounds = np.append(start[order][bounds[:-1]], count.sum())
    return order, start, width, bounds


@cache
def state_space(rules: Ruleset) -> StateSpace:
    """The state space of a ruleset (cached per ruleset)."""
    boxes = len(rules.boxes)
    threshold = min(rules.upper_bonus_threshold, MAX_UPPER + 1)
    faces = np.array(
        [UPPER_IDS.index(b.id) + 1 if b.section == "upper" else 0 for b in rules.boxes],
        dtype=np.int64,
    )
    poker = rules.box_ids.index("poker") if "poker" in rules.box_ids else -1
    masks = np.arange(1 << boxes, dtype=np.int64)
    potential = np.zeros(masks.size, dtype=np.int64)
    for b in range(boxes):
        potential += np.where((masks >> b) & 1 == 0, DICE * faces[b], 0)
    reach = _reach(rules, faces, potential, threshold)
    rank = np.maximum(np.cumsum(reach, axis=1, dtype=np.int8) - 1, 0).astype(np.int8)
    matters = fifty_matters(rules)
    order, start, width, bounds = _index(faces, reach, poker, matters)
    for array in (faces, potential, reach, order, start, width, rank, bounds):
        array.setflags(write=False)
    return StateSpace(
        rules,
        boxes,
        threshold,
        faces,
        poker,
        matters,
        potential,
        reach,
        order,
        start,
        width,
        rank,
        bounds,
    )


# --- the keep lattice: hands, keeps and how they connect ----------------------------


@dataclass(frozen=True, eq=False)
class KeepLattice:
    """The fixed tables of one turn, for the one-die-at-a-time recursion.

    `keeps[j]` are the multisets of j dice (j = 0..5; `keeps[5]` are the 252
    hands, in `dice_space(5).hands` order).  `children[j]` (6 x len(keeps[j]))
    indexes the keeps of j + 1 dice made by adding each face;
    `parents[j]` (rows x len(keeps[j])) the keeps of j - 1 dice made by
    removing one die of each face shown (padded by repeating the first).
    """

    keeps: tuple[tuple[tuple[int, ...], ...], ...]
    children: tuple[np.ndarray, ...]
    parents: tuple[np.ndarray, ...]
    counts: np.ndarray  # (252, 6) dice showing each face, per hand
    weights: np.ndarray  # (252,) ordered rolls behind each hand (sum 7776)
    five_kind: np.ndarray  # (6,) hand index of 1 1 1 1 1 .. 6 6 6 6 6
    keep_index: dict[tuple[int, ...], tuple[int, int]]  # keep -> (size, index)


@cache
def keep_lattice() -> KeepLattice:
    """The turn tables (built once)."""
    import math

    keeps = tuple(sorted_hands(j) for j in range(DICE + 1))
    index = [{k: i for i, k in enumerate(level)} for level in keeps]
    children = []
    for j in range(DICE):
        children.append(
            np.array(
                [[index[j + 1][tuple(sorted((*k, d)))] for k in keeps[j]] for d in range(1, 7)],
                dtype=np.intp,
            )
        )
    children.append(np.zeros((6, 0), dtype=np.intp))
    parents = [np.zeros((0, 1), dtype=np.intp)]
    for j in range(1, DICE + 1):
        rows = []
        for k in keeps[j]:
            subs = []
            for face in sorted(set(k)):
                rest = list(k)
                rest.remove(face)
                subs.append(index[j - 1][tuple(rest)])
            rows.append(subs)
        width = max(len(r) for r in rows)
        parents.append(
            np.array([r + [r[0]] * (width - len(r)) for r in rows], dtype=np.intp).T.copy()
        )
    hands = keeps[DICE]
    counts = np.array([[h.count(f) for f in range(1, 7)] for h in hands], dtype=np.int64)
    weights = np.array(
        [math.factorial(DICE) // math.prod(math.factorial(c) for c in row) for row in counts],
        dtype=np.int64,
    )
    five_kind = np.array([index[DICE][(f,) * DICE] for f in range(1, 7)], dtype=np.intp)
    keep_index = {k: (j, i) for j, level in enumerate(keeps) for i, k in enumerate(level)}
    for array in (*children, *parents, counts, weights, five_kind):
        array.setflags(write=False)
    return KeepLattice(
        keeps, tuple(children), tuple(parents), counts, weights, five_kind, keep_index
    )


def per_space(make: Callable[[StateSpace], R]) -> Callable[[StateSpace], R]:
    """`make(space)` made once per state space, and kept while the space is.

    >>> @per_space
    ... def boxes(space):
    ...     print("made")
    ...     return space.boxes
    >>> from dicelab.dice_poker.rules import get_ruleset
    >>> space = state_space(get_ruleset("yahtzee"))
    >>> boxes(space), boxes(space)
    made
    (13, 13)
    """
    made: weakref.WeakKeyDictionary[StateSpace, R] = weakref.WeakKeyDictionary()

    @wraps(make)
    def get(space: StateSpace) -> R:
        if space not in made:
            made[space] = make(space)
        return made[space]

    return get
