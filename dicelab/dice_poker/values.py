"""The values of one turn's options, and the advisor's answer for a state.

`turn_values` gives every hold and every box of a turn its expected final
score: by the compiled kernel on that one state (`solver.lookup`: the state's
row of the solved table read once), or, without a C compiler at install, by
the readable numpy kernels a step at a time (the tests hold the two to
1e-12).  `turn_advice` is the advisor's whole answer: the options best first,
each with its expected final score, its delta against the best and, for a
hold, the exact odds of every box by the end of the turn.

>>> from dataclasses import replace
>>> from dicelab.dice_poker.rules import get_ruleset
>>> from dicelab.dice_poker.solver import solve
>>> rules = get_ruleset("yahtzee")
>>> few = replace(rules, name="yahtzee-3", boxes=rules.boxes[-3:])
>>> advice = turn_advice(solve(few, cache=False, progress="none"), CardState(), (2, 3, 4, 5, 6), 1)
>>> advice.options[0], round(advice.values[0], 4), advice.deltas[0]  # stopping is best
((2, 3, 4, 5, 6), 67.3376, 0.0)
>>> i = advice.options.index((3, 4, 5, 6))
>>> round(advice.deltas[i], 4), advice.odds[i][0]  # a Large Straight's odds, rerolling one die
(21.8612, Fraction(1, 6))
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from dicelab.core.dice.hands import Hand, sub_hands
from dicelab.dice_poker.odds import reroll_plan
from dicelab.dice_poker.solver import CardState, Solution, lookup
from dicelab.dice_poker.solver.kernels import KEEPS, Workspace, average_keeps, end_values, reroll
from dicelab.dice_poker.solver.lookup import Boxes, Holds
from dicelab.dice_poker.solver.rewards import ILLEGAL, legal_points
from dicelab.dice_poker.solver.space import keep_lattice

TIE_PLACES = 6  # options whose values agree to 1e-6 are a tie: the first one is best


@dataclass(frozen=True, eq=False)
class TurnAdvice:
    """One turn's options, best first: holds while rolls are left (all five dice
    is stopping), else the boxes the dice may fill.

    - `values`: each option's expected final score (float64 from the solver);
    - `deltas`: the expected score it gives up against the best;
    - `odds`: per hold, the exact chance of each box of the ruleset (card
      order) by the end of the turn when the rolls left aim at that box
      alone; () for boxes;
    - `boxes`: each box's (points, bonus, expected final score).
    """

    options: tuple[Hand | str, ...]
    values: tuple[float, ...]
    deltas: tuple[float, ...]
    odds: tuple[tuple[Fraction, ...], ...]
    boxes: Boxes


def turn_advice(solution: Solution, state: CardState, hand: Hand, rolls_left: int) -> TurnAdvice:
    """Every option of this turn, best first, with its value, delta and odds.
    Options whose values agree to 1e-6 (exact ties, up to the float noise of
    the solver) keep their given order (`sub_hands`, or card order), on every
    machine."""
    holds, boxes = turn_values(solution, state, hand, rolls_left)
    keys: list[Any] = list(holds) if rolls_left else list(boxes)
    values = list(holds.values()) if rolls_left else [v for _p, _b, v in boxes.values()]
    ties = [-round(v, TIE_PLACES) for v in values]
    order = sorted(range(len(values)), key=ties.__getitem__)
    options = tuple(keys[i] for i in order)
    best = values[order[0]]
    odds: tuple[tuple[Fraction, ...], ...] = ()
    if rolls_left:
        plan = reroll_plan(solution.rules, "probability", rolls_left + 1)
        odds = plan.hold_rows(options, rolls_left)
    return TurnAdvice(
        options,
        tuple(values[i] for i in order),
        tuple(best - values[i] for i in order),
        odds,
        boxes,
    )


def turn_values(
    solution: Solution, state: CardState, hand: Hand, rolls_left: int
) -> tuple[Holds, Boxes]:
    """The holds' values (`hold_values`; none with no roll left) and the boxes'
    (`box_values`) of one turn: by the compiled kernel in one pass over the
    state's row of the table (`solver.lookup`), or without a C compiler by
    the readable numpy kernels.  The state is checked here."""
    state.check(solution.rules)
    if lookup.available():
        return lookup.turn_values(solution, state, hand, rolls_left)
    holds = _numpy_holds(solution, state, hand, rolls_left) if rolls_left else {}
    return holds, _numpy_boxes(solution, state, hand)


def _numpy_holds(solution: Solution, state: CardState, hand: Hand, rolls_left: int) -> Holds:
    """`hold_values` by the numpy kernels, a step at a time."""
    space, w = solution.space, keep_lattice()
    filled, upper, poker_fifty = _state_arrays(solution, state)
    ws = Workspace(1, space.boxes)
    end = end_values(space, solution.values, solution.seconds, filled, upper, poker_fifty, ws)
    after = end.mean
    if rolls_left == 2:
        after = reroll(end.mean, end.second, end, ws, (ws.hands[0], ws.hands[1])).mean
    keeps = average_keeps(after, np.empty((KEEPS, 1)), ws.cand)
    offsets = np.cumsum([0] + [len(level) for level in w.keeps])
    banked = state.points(solution.rules)
    values = {}
    for hold in sub_hands(hand):
        size, index = w.keep_index[hold]
        value = end.mean[index, 0] if hold == hand else keeps[offsets[size] + index, 0]
        values[hold] = banked + float(value)
    return values


def _numpy_boxes(solution: Solution, state: CardState, hand: Hand) -> Boxes:
    """`box_values` from the rules' points and the table's value of each next state."""
    rules, space = solution.rules, solution.space
    filled = sum(1 << b for b, box_id in enumerate(rules.box_ids) if box_id in state.filled)
    poker_fifty = bool(state.poker_fifty)
    points, poker_bonus = legal_points(rules, filled, poker_fifty)
    h = keep_lattice().keep_index[hand][1]
    banked = state.points(rules)
    values = {}
    for b, box in enumerate(rules.boxes):
        p = int(points[b, h])
        if p == ILLEGAL:
            continue
        upper = state.upper_total + (p if space.faces[b] else 0)
        bonus = int(poker_bonus[h]) + rules.upper_bonus_for(upper)
        bonus -= rules.upper_bonus_for(state.upper_total)
        nxt = CardState(
            state.filled | {box.id},
            upper,
            (p == 50) if box.id == "poker" else bool(state.poker_fifty),
        )
        values[box.id] = (p, bonus, banked + p + bonus + solution.future(nxt))
    return values


def _state_arrays(solution: Solution, state: CardState) -> tuple[np.ndarray, ...]:
    filled, upper, poker_fifty = solution.space.unflat(np.array([solution.index(state)]))
    return filled, upper, poker_fifty
