"""The fixed tables of the turn kernel (`turn`, `lastroll`), built once per ruleset.

After the last roll, what a hand is worth in a box depends only on the points
it scores there (upper boxes: on how many dice show the box's face), so each
box has a few *groups* of hands, and per state one value per group.  Each
hand belongs to one group per box: its candidates are the values of these
groups.  A group of 0 points is left out of a hand's list, because every
state's best 0-point option (`zero`, over all boxes) can stand in for them
all: wherever that option scores points for a hand, its real group is worth
more (by at least one point: more upper points never lower what the rest of
the game is worth, bonus included), so the maximum is unchanged.

The best box is found with the 252 hands ordered by how many groups they
have (most first), so that the k-th group of each hand is a contiguous run
of rows; the keep lattice orders the keeps of each size by how many distinct
faces they show (`_lattice`), for the same reason.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dicelab.dice_poker.rules import DICE, score_table
from dicelab.dice_poker.solver.space import StateSpace, keep_lattice, per_space

ID_BITS = 9  # an encoded value's low bits: which keep (of 462) or group it is
KEEPS = 462
HAND0 = 210  # the first hand in the keeps array (keeps of 0..4 dice come first)
OWN = 7 << ID_BITS  # a keep's own preference rank: above any sub-keep's


@dataclass(frozen=True, eq=False)
class Tables:
    """The fixed tables of one ruleset's turn (hands in the kernel's order)."""

    option_bit: np.ndarray  # (R,) the box of each options row, as a bit
    option_points: np.ndarray  # (R,) upper points the row adds (face x dice)
    option_fifty: np.ndarray  # (R,) the poker box filled with 50 (five of a kind)
    group_row: np.ndarray  # (G,) the options row of each group
    group_points: np.ndarray  # (G, 1) the points of each group (lower boxes)
    zero: np.ndarray  # (Z,) the groups of 0 points
    slots: tuple[np.ndarray, ...]  # slots[k]: the k-th group of the first hands
    five_rows: np.ndarray  # (6 * boxes,) options row of each face's five of a kind, per box
    lower: np.ndarray  # (boxes,) 1.0 for a lower box, else 0.0
    box_rank: np.ndarray  # (1, boxes, 1) preference of the boxes: earlier first
    five_kind: np.ndarray  # (6,) the five-of-a-kind hands
    to_lattice: np.ndarray  # (252,) the hands of the lattice's order, in the groups' order
    children: tuple[np.ndarray, ...]  # the keep lattice's, renumbered (`_lattice`)
    parents: tuple[tuple[np.ndarray, ...], ...]
    offsets: np.ndarray  # (7,) where each keep size starts in the keeps array
    keep_rank: np.ndarray  # (462, 1) OWN | keep index
    weights: np.ndarray  # (252,) probability of each first roll


def _options(space: StateSpace) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[int]]:
    """The rows of the options table: for an upper box one per count of its
    face (0..5), for a lower box one (the poker box: two, the second filled
    with 50); and where each box's rows start."""
    bits: list[int] = []
    points: list[int] = []
    fifty: list[bool] = []
    first: list[int] = []
    for b in range(space.boxes):
        first.append(len(bits))
        face = int(space.faces[b])
        counts = range(DICE + 1) if face else range(1 + (b == space.poker))
        for c in counts:
            bits.append(1 << b)
            points.append(face * c)
            fifty.append(not face and c == 1)
    return np.array(bits), np.array(points), np.array(fifty), first


def _groups(
    space: StateSpace, scores: np.ndarray, first: list[int]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(group row, group points, group of each (box, hand)), the earlier boxes'
    groups numbered last (a larger number wins a tie).  Points in the poker box
    (a five of a kind) fill it with 50."""
    counts = keep_lattice().counts
    rows: list[int] = []
    points: list[int] = []
    member = np.zeros((space.boxes, scores.shape[1]), dtype=np.int64)
    for b in range(space.boxes - 1, -1, -1):
        face = int(space.faces[b])
        key = counts[:, face - 1] if face else scores[b]
        for value in np.flatnonzero(np.bincount(key)):
            member[b, key == value] = len(rows)
            rows.append(first[b] + (int(value) if face else int(b == space.poker and value > 0)))
            points.append(0 if face else int(value))
    if len(rows) > 1 << ID_BITS:
        raise ValueError(f"too many score groups ({len(rows)}) for the turn kernel")
    return np.array(rows), np.array(points, dtype=np.float64), member


Lattice = tuple[tuple[np.ndarray, ...], tuple[np.ndarray, ...], tuple[tuple[np.ndarray, ...], ...]]


def lattice_orders() -> tuple[np.ndarray, ...]:
    """Each size's keeps renumbered by how many distinct faces they show (most
    first), so that the keeps with an i-th die to remove come first:
    `orders[j][q]` is the `keep_lattice()` index of the kernel's q-th keep of
    j dice.

    >>> [int(q) for q in lattice_orders()[2][:3]]  # 1 2, 1 3, 1 4 before 1 1
    [1, 2, 3]
    """
    return tuple(
        np.argsort([-len(set(k)) for k in level], kind="stable") for level in keep_lattice().keeps
    )


def _lattice() -> Lattice:
    """The keep lattice in the kernel's order (`lattice_orders`): (the new order
    of each size, children, parents without the padding)."""
    w = keep_lattice()
    orders = lattice_orders()
    positions = [np.argsort(order) for order in orders]
    children = tuple(positions[j + 1][w.children[j][:, orders[j]]] for j in range(DICE))
    parents: list[tuple[np.ndarray, ...]] = [()]
    for j in range(1, DICE + 1):
        distinct = np.array([len(set(w.keeps[j][i])) for i in orders[j]])
        rows = w.parents[j][:, orders[j]]
        wide = [int((distinct > r).sum()) for r in range(rows.shape[0])]
        parents.append(tuple(positions[j - 1][rows[r, :n]] for r, n in enumerate(wide)))
    return orders, children, tuple(parents)


def build(space: StateSpace) -> Tables:
    """The tables of a state space's turn."""
    w = keep_lattice()
    scores = score_table(space.rules)
    if (scores < 0).any():
        raise ValueError("the turn kernel needs points >= 0")
    bits, points, fifty, first = _options(space)
    rows, group_points, member = _groups(space, scores, first)
    counts = w.counts[:, space.faces - 1].T
    scoring = np.where(space.faces[:, None] > 0, counts, scores) > 0  # (boxes, 252)
    order = np.argsort(-scoring.sum(axis=0), kind="stable")
    zero = np.flatnonzero(np.bincount(member[~scoring]))
    lists = [member[scoring[:, h], h] for h in order]
    slots = tuple(
        np.array([g[k] for g in lists if len(g) > k]) for k in range(max(map(len, lists)))
    )
    boxes = range(space.boxes)
    five_rows = np.array(
        [
            [first[b] + (DICE if space.faces[b] == f else int(b == space.poker)) for b in boxes]
            for f in range(1, 7)
        ]
    ).ravel()
    orders, children, parents = _lattice()
    hands = orders[DICE]
    return Tables(
        option_bit=bits,
        option_points=points,
        option_fifty=fifty,
        group_row=rows,
        group_points=group_points[:, None],
        zero=zero,
        slots=slots,
        five_rows=five_rows,
        lower=(space.faces == 0).astype(np.float64),
        box_rank=(space.boxes - np.arange(space.boxes))[None, :, None],
        five_kind=np.argsort(hands)[w.five_kind],
        to_lattice=np.argsort(order)[hands],
        children=children,
        parents=parents,
        offsets=np.cumsum([0] + [len(level) for level in w.keeps]),
        keep_rank=OWN | np.arange(KEEPS, dtype=np.int64)[:, None],
        weights=w.weights[hands].astype(np.float64) / 6**DICE,
    )


@per_space
def tables(space: StateSpace) -> Tables:
    """The tables of a state space's turn (built once per space)."""
    return build(space)
