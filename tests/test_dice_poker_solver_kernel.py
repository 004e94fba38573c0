"""The solver's fused turn kernel against the step-by-step kernels, and its index."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from dicelab.dice_poker.rules import get_ruleset
from dicelab.dice_poker.solver import solve
from dicelab.dice_poker.solver.kernels import end_values, reroll
from dicelab.dice_poker.solver.space import keep_lattice, state_space
from dicelab.dice_poker.solver.tables import tables
from dicelab.dice_poker.solver.turn import Workspace, turn_values

pytestmark = pytest.mark.usefixtures("private_solver_cache")


def reference_turn(space, values, seconds, state):
    """Roll, keep, roll, keep, roll, box with the step-by-step kernels."""
    end = end_values(space, values, seconds, *state)
    mean, second = end.mean, end.second
    for _ in range(2):
        result = reroll(mean, second, end)
        mean, second = result.mean, result.second
    weights = keep_lattice().weights / 6**5
    return weights @ mean, weights @ second


@pytest.mark.parametrize(
    "name, settings",
    [
        ("yahtzee", {}),
        ("yahtzee", {"joker": "free"}),
        ("yatzy", {"joker": "forced", "poker_bonus": 50}),
    ],
)
def test_turn_kernel_equals_the_step_by_step_kernels(name, settings):
    """Every state of a few chunks across the layers: the same means, and the
    same second moments (the same choices, exact ties included)."""
    rules = get_ruleset(name, **settings)
    if name == "yatzy":  # a smaller game, with a forced joker
        boxes = tuple(b for b in rules.boxes if b.id not in ("ones", "twos", "chance"))
        rules = replace(rules, name="yatzy-12", boxes=boxes)
    solution = solve(rules, cache=False, progress="none")
    space = state_space(rules)
    ws = Workspace(64, tables(space))
    for n in range(space.boxes):
        start = int(space.bounds[n])
        index = np.minimum(np.arange(start, start + 64), int(space.bounds[n + 1]) - 1)
        state = space.unflat(index)
        mean, second = turn_values(space, solution.values, solution.seconds, state, ws)
        ref_mean, ref_second = reference_turn(space, solution.values, solution.seconds, state)
        assert mean == pytest.approx(ref_mean, rel=1e-12, abs=1e-9)
        assert second == pytest.approx(ref_second, rel=1e-12, abs=1e-9)
        assert mean == pytest.approx(solution.values[index], rel=1e-12, abs=1e-9)


@pytest.mark.parametrize("name", ["dice-poker", "yahtzee", "yatzy"])
def test_flat_index_round_trip(name):
    """Every stored state has its own index, in layer order, and back."""
    space = state_space(get_ruleset(name))
    layer = 0
    for start in range(0, space.states, 100_000):
        index = np.arange(start, min(start + 100_000, space.states))
        filled, upper, poker_fifty = space.unflat(index)
        assert np.array_equal(space.flat(filled, upper, poker_fifty), index)
        assert space.reach[filled, upper].all()
        assert np.array_equal(space.canonical(filled, upper), upper)
        count = np.bitwise_count(filled.astype(np.uint64))
        assert count[0] >= layer and (np.diff(count) >= 0).all()  # layer by layer
        layer = int(count[-1])
    assert layer == space.boxes


def test_a_game_where_every_hand_scores():
    """Chance alone: no 0-point option at all (the classic 70/3 of three rolls)."""
    rules = get_ruleset("yahtzee")
    chance = replace(rules, name="chance", boxes=rules.boxes[-1:])
    assert solve(chance, cache=False, progress="none").expected_score == pytest.approx(70 / 3)
