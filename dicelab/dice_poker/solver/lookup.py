"""One state's turn read from a solved table, at the speed of a table lookup.

The advisor asks, for one card, one hand and the rolls left, for the value
of every hold and every box.  The compiled turn kernel (`compiled`) runs the
solver's own turn once for that state (`Kernel.advise`: the state's row of
the solved table read once, every reroll by the keep lattice's transitions,
no Python loop per outcome) and hands back its work arrays; the holds of a
hand and the boxes it may fill are then rows picked out of them by indices
made once per ruleset.  Values are the solver's float64, equal to those of
the readable numpy kernels (`kernels`) to about 1e-13.

Without a C compiler at install there is no kernel: `available()` says so,
and the advisor goes the numpy way.

>>> from dataclasses import replace
>>> from dicelab.dice_poker.rules import get_ruleset
>>> from dicelab.dice_poker.solver import CardState, solve
>>> rules = get_ruleset("yahtzee")
>>> few = replace(rules, name="yahtzee-3", boxes=rules.boxes[-3:])
>>> solution = solve(few, cache=False, progress="none")
>>> holds, boxes = turn_values(solution, CardState(), (2, 3, 4, 5, 6), 1)
>>> boxes["large_straight"], boxes["chance"][:2]  # (points, bonus, expected final score)
((40, 0, 67.33755844197799), (20, 0))
>>> holds[(2, 3, 4, 5, 6)] == boxes["large_straight"][2], round(holds[(3, 4, 5, 6)], 4)
(True, 45.4764)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from dicelab.core.dice.hands import Hand, sub_hands
from dicelab.dice_poker.rules import DICE, score_table
from dicelab.dice_poker.solver import compiled
from dicelab.dice_poker.solver.space import StateSpace, keep_lattice, per_space
from dicelab.dice_poker.solver.tables import HAND0, KEEPS, lattice_orders, tables

if TYPE_CHECKING:
    from dicelab.dice_poker.solver import CardState, Solution

HANDS = KEEPS - HAND0  # 252: the keeps of five dice
Holds = dict[Hand, float]
Boxes = dict[str, tuple[int, int, float]]


def available() -> bool:
    """Whether the compiled kernel is there to look states up with."""
    return compiled.available()


class HandIndex(NamedTuple):
    """Where one hand's options are in the kernel's work arrays."""

    holds: tuple[Hand, ...]  # its holds, in `sub_hands` order
    one_roll: np.ndarray  # where each hold's value is with one roll left
    two_rolls: np.ndarray  # with two
    rows: np.ndarray  # (boxes,) the options row of each box for this hand
    lower: np.ndarray  # (boxes,) the points a lower box adds to its row's mean
    points: list[int]  # the points of each box


@dataclass(frozen=True, eq=False)
class Lookups:
    """The indices of one ruleset's turn, made once: where each (box, hand)
    and each hold is in the kernel's work arrays."""

    kernel: Any
    size: int  # float64 the kernel writes: options rows, hands, two levels of keeps
    box_ids: tuple[str, ...]
    bits: dict[str, int]  # box id -> its bit in a filled set
    upper: tuple[bool, ...]  # per box: an upper box
    is_lower: np.ndarray  # (boxes,) 1 for a lower box, else 0
    poker: int  # the poker box, -1 if none
    redo_five: bool  # the kernel takes each state's five-of-a-kind options
    hands: dict[Hand, HandIndex]
    five: dict[Hand, int]  # the five-of-a-kind hands: their face - 1
    normal: np.ndarray  # (6, boxes) a five of a kind's points without a joker
    joker: np.ndarray  # (6, boxes) with a joker, where the lower boxes pay fixed points
    face_box: tuple[int, ...]  # the upper box of each face, -1 if missing
    lower_bits: int  # the lower boxes, as bits
    shifts: np.ndarray  # (1, boxes) 0 .. boxes - 1

    def poker_filled(self, filled: int) -> bool:
        """Whether the poker box is filled (a ruleset without one: always)."""
        return self.poker < 0 or bool(filled >> self.poker & 1)


@per_space
def lookups(space: StateSpace) -> Lookups:
    """The indices of a state space's turn (made once per space)."""
    t, w = tables(space), keep_lattice()
    rules = space.rules
    positions = [np.argsort(order) for order in lattice_orders()]
    starts = np.cumsum([0] + [len(level) for level in w.keeps])
    first = np.searchsorted(t.option_bit, 1 << np.arange(space.boxes))
    scores = score_table(rules)
    lower = space.faces == 0
    counts = w.counts[:, np.maximum(space.faces, 1) - 1].T  # (boxes, 252)
    fifty_row = (np.arange(space.boxes) == space.poker)[:, None] & (scores > 0)
    rows = first[:, None] + np.where(lower[:, None], fifty_row, counts)
    added = np.where(lower[:, None], scores, 0).astype(np.float64)
    options = t.option_bit.size
    hands = {}
    for h, hand in enumerate(w.keeps[DICE]):
        picks: list[list[int]] = [[], []]
        subs = tuple(sub_hands(hand))
        for hold in subs:
            size, index = w.keep_index[hold]
            at = int(positions[size][index])
            if size == DICE:
                picks[0].append(options + at)
                picks[1].append(options + at)
            else:
                picks[0].append(options + HANDS + starts[size] + at)
                picks[1].append(options + HANDS + HAND0 + starts[size] + at)
        hands[hand] = HandIndex(
            subs,
            np.array(picks[0]),
            np.array(picks[1]),
            np.ascontiguousarray(rows[:, h], dtype=np.int64),
            np.ascontiguousarray(added[:, h]),
            scores[:, h].tolist(),
        )
    five = w.five_kind
    normal = scores[:, five].T.copy()
    joker = normal.copy()
    for b, box in enumerate(rules.boxes):
        if box.section == "lower" and box.joker_points is not None:
            joker[:, b] = box.joker_points
    face_box = tuple(
        int(np.flatnonzero(space.faces == f)[0]) if (space.faces == f).any() else -1
        for f in range(1, 7)
    )
    return Lookups(
        kernel=compiled.kernel(space),
        size=options + HANDS + 2 * HAND0,
        box_ids=rules.box_ids,
        bits={box_id: 1 << b for b, box_id in enumerate(rules.box_ids)},
        upper=tuple(bool(f) for f in space.faces),
        is_lower=lower.astype(np.float64),
        poker=space.poker,
        redo_five=compiled.redo_five(rules),
        hands=hands,
        five={w.keeps[DICE][h]: f for f, h in enumerate(five)},
        normal=normal,
        joker=joker,
        face_box=face_box,
        lower_bits=sum(1 << int(b) for b in np.flatnonzero(lower)),
        shifts=np.arange(space.boxes)[None, :],
    )


def five_kind_row(
    space: StateSpace, filled: int, poker_fifty: bool
) -> tuple[np.ndarray, np.ndarray]:
    """One state's `rewards.five_kind_options`: for the six five-of-a-kind hands
    (1 1 1 1 1 .. 6 6 6 6 6), whether each box may take them (6, boxes) and
    its points (6, boxes), as the rules' joker says.

    >>> from dicelab.dice_poker.rules import get_ruleset
    >>> from dicelab.dice_poker.solver.space import state_space
    >>> space = state_space(get_ruleset("yahtzee"))
    >>> poker, sixes = 11, 5
    >>> legal, points = five_kind_row(space, 1 << poker, True)  # Yahtzee holds 50
    >>> [b for b in range(13) if legal[5, b]], int(points[5, sixes])  # forced into Sixes
    ([5], 30)
    """
    k, rules = lookups(space), space.rules
    open_bits = ((1 << space.boxes) - 1) & ~filled
    poker_filled = space.poker < 0 or bool(filled >> space.poker & 1)
    joker = rules.joker != "none" and poker_filled and (poker_fifty or not rules.joker_needs_fifty)
    masks = [open_bits] * 6
    fixed = [False] * 6  # the joker's fixed points in the lower boxes
    if joker:
        face_open = [b >= 0 and not filled >> b & 1 for b in k.face_box]
        if rules.joker == "free":
            fixed = [not o for o in face_open]
        else:
            fallback = open_bits & k.lower_bits or open_bits
            masks = [1 << b if o else fallback for b, o in zip(k.face_box, face_open)]
            fixed = [True] * 6
    legal = (np.array(masks, dtype=np.int64)[:, None] >> k.shifts) & 1
    points = np.where(np.array(fixed)[:, None], k.joker, k.normal)
    return legal.astype(bool), points


def turn_values(
    solution: Solution, state: CardState, hand: Hand, rolls_left: int
) -> tuple[Holds, Boxes]:
    """Every hold of `hand` with `rolls_left` (1 or 2; none with 0) rolls left
    and its expected final score, in `sub_hands` order (all five dice:
    stopping now); and every box the rules let `hand` fill now, in card
    order, with its points, the bonus it earns and the expected final score
    (optimal play after it).  `state` is checked by the caller."""
    space, rules = solution.space, solution.rules
    k = lookups(space)
    filled = sum(k.bits[box_id] for box_id in state.filled)
    upper = state.upper_total
    stored = min(upper, space.threshold)
    if stored < space.threshold and stored + int(space.potential[filled]) < space.threshold:
        stored = 0  # the bonus is out of reach: stored as 0
    face = k.five.get(hand) if k.redo_five else None  # else a five of a kind scores as usual
    legal: bytes | np.ndarray = b""
    points: bytes | np.ndarray = b""
    if k.redo_five:
        allowed, scores = five_kind_row(space, filled, bool(state.poker_fifty))
        legal, lower_points = allowed.astype(np.uint8), scores * k.is_lower
        points = lower_points
    out = np.empty(k.size)
    flag = int(bool(state.poker_fifty) and space.fifty_matters)
    k.kernel.advise(solution.values, solution.seconds, filled, stored, flag, legal, points, out)
    banked = state.points(rules)
    at = k.hands[hand]
    holds: Holds = {}
    if rolls_left:
        picked = out[at.one_roll if rolls_left == 1 else at.two_rolls] + banked
        holds = dict(zip(at.holds, picked.tolist()))
    bonus = 0
    if face is None:
        may = [not filled >> b & 1 for b in range(space.boxes)]
        pts, added = at.points, at.lower
    else:
        may, pts, added = allowed[face].tolist(), scores[face].tolist(), lower_points[face]
        bonus = rules.poker_bonus if state.poker_fifty and k.poker_filled(filled) else 0
    values = (out[at.rows] + added + (banked + bonus)).tolist()
    before = rules.upper_bonus_for(upper)
    boxes: Boxes = {}
    for b, box_id in enumerate(k.box_ids):
        if may[b]:
            extra = rules.upper_bonus_for(upper + pts[b]) - before if k.upper[b] else 0
            boxes[box_id] = (pts[b], bonus + extra, values[b])
    return holds, boxes
