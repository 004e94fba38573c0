"""The advisor's fast way (the compiled kernel on one state, `solver.lookup`)
against its slow, readable way (the numpy kernels a step at a time): the
same holds and boxes in the same order, the same points and bonuses, the
same values to 1e-12 and so the same choices, on every preset and joker."""

from __future__ import annotations

import random
from dataclasses import replace

import numpy as np
import pytest

from dicelab.core.dice.hands import Hand, as_hand
from dicelab.dice_poker import values
from dicelab.dice_poker.rules import UPPER_IDS, get_ruleset
from dicelab.dice_poker.solver import CardState, lookup, solve
from dicelab.dice_poker.solver.rewards import five_kind_options
from dicelab.dice_poker.solver.space import state_space

pytestmark = pytest.mark.skipif(not lookup.available(), reason="no compiled kernel")

RULESETS = [("yatzy", {}), ("yahtzee", {}), ("yahtzee", {"joker": "free"}), ("dice-poker", {})]


def random_turns(rules, count: int, seed: int) -> list[tuple[CardState, Hand, int]]:
    """Cards any game could reach (upper totals made of the filled upper boxes'
    dice), hands with many five of a kinds, and 0, 1 or 2 rolls left."""
    rng = random.Random(seed)
    turns = []
    while len(turns) < count:
        filled = frozenset(b for b in rules.box_ids if rng.random() < rng.random())
        if len(filled) == len(rules.box_ids):
            continue
        upper = sum((UPPER_IDS.index(b) + 1) * rng.randint(0, 5) for b in filled if b in UPPER_IDS)
        fifty = "poker" in filled and rng.random() < 0.5
        if rng.random() < 0.2:
            hand = (rng.randint(1, 6),) * 5
        else:
            hand = as_hand([rng.randint(1, 6) for _ in range(5)], 5)
        turns.append((CardState(filled, upper, fifty), hand, rng.randint(0, 2)))
    return turns


def best(values: dict) -> object:
    """The advice table's choice: the first of the best, values rounded to 1e-6."""
    return max(values, key=lambda option: round(values[option], 6))


@pytest.mark.parametrize(("name", "settings"), RULESETS)
def test_the_kernel_on_one_state_agrees_with_the_numpy_kernels(name, settings, monkeypatch):
    solution = solve(name, progress="none", **settings)
    turns = random_turns(solution.rules, 250, seed=len(name))
    fast = [values.turn_values(solution, *turn) for turn in turns]
    monkeypatch.setattr(lookup, "available", lambda: False)
    worst = 0.0
    for turn, (holds, boxes) in zip(turns, fast):
        slow_holds, slow_boxes = values.turn_values(solution, *turn)
        assert list(holds) == list(slow_holds)
        assert list(boxes) == list(slow_boxes)
        assert [b[:2] for b in boxes.values()] == [b[:2] for b in slow_boxes.values()]
        for hold, value in holds.items():
            worst = max(worst, abs(value - slow_holds[hold]))
        for box, (_p, _b, value) in boxes.items():
            worst = max(worst, abs(value - slow_boxes[box][2]))
        if holds:
            assert best(holds) == best(slow_holds)
        assert best({b: v for b, (_p, _x, v) in boxes.items()}) == best(
            {b: v for b, (_p, _x, v) in slow_boxes.items()}
        )
    assert worst < 1e-12


@pytest.mark.parametrize(
    ("name", "settings"),
    [("yahtzee", {}), ("yahtzee", {"joker": "free"}), ("yahtzee", {"joker_needs_fifty": True})],
)
def test_one_states_five_of_a_kind_options_are_the_solvers(name, settings):
    """Every filled set, with the poker box holding 50 and not."""
    space = state_space(replace(get_ruleset(name), **settings))
    filled = np.repeat(np.arange(1 << space.boxes), 2)
    fifty = np.tile([False, True], 1 << space.boxes)
    legal, points = five_kind_options(space.rules, filled, fifty)
    for i in range(0, filled.size, 3):
        one_legal, one_points = lookup.five_kind_row(space, int(filled[i]), bool(fifty[i]))
        assert (one_legal == legal[i]).all()
        assert (np.where(legal[i], one_points, 0) == np.where(legal[i], points[i], 0)).all()


def test_the_kernel_refuses_a_state_it_does_not_store():
    solution = solve("yatzy", progress="none")
    k = lookup.lookups(solution.space)
    out = np.empty(k.size)
    ok = (solution.values, solution.seconds)
    with pytest.raises(ValueError, match="not a stored state"):
        k.kernel.advise(*ok, 0, 5, 0, b"", b"", out)  # an upper total with no upper box filled
    with pytest.raises(ValueError, match="not a stored state"):
        k.kernel.advise(*ok, 1 << 15, 0, 0, b"", b"", out)
    with pytest.raises(ValueError, match="out:"):
        k.kernel.advise(*ok, 0, 0, 0, b"", b"", np.empty(3))
    with pytest.raises(ValueError, match="one float64 per state"):
        k.kernel.advise(np.empty(3), solution.seconds, 0, 0, 0, b"", b"", out)


def test_the_kernel_refuses_five_of_a_kind_options_of_the_wrong_size():
    """Yahtzee's joker: each state's five-of-a-kind options are read, so their
    size is checked; and a poker flag the state space does not store is refused."""
    solution = solve("yahtzee", progress="none")
    k = lookup.lookups(solution.space)
    out = np.empty(k.size)
    ok = (solution.values, solution.seconds)
    legal, points = lookup.five_kind_row(solution.space, 0, False)
    good = (legal.astype(np.uint8), (points * k.is_lower).astype(np.float64))
    k.kernel.advise(*ok, 0, 0, 0, *good, out)  # the empty card: accepted
    with pytest.raises(ValueError, match="legal and points"):
        k.kernel.advise(*ok, 0, 0, 0, b"", b"", out)
    with pytest.raises(ValueError, match="legal and points"):
        k.kernel.advise(*ok, 0, 0, 0, good[0][:3], good[1], out)
    with pytest.raises(ValueError, match="not a stored state"):
        k.kernel.advise(*ok, 0, 0, 1, *good, out)  # an open Yahtzee box holds no 50
    with pytest.raises(ValueError, match="not a stored state"):
        k.kernel.advise(*ok, -1, 0, 0, *good, out)
