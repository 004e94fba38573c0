"""Simulated games: optimal play agrees with the solver; heuristics play worse; replays."""

from __future__ import annotations

import numpy as np
import pytest

from dicelab.dice_poker.game import DicePokerGame, Roll, Score
from dicelab.dice_poker.simulate import histogram, simulate
from dicelab.dice_poker.solver import solve
from dicelab.dice_poker.strategy import STRATEGIES, strategy
from dicelab.errors import SettingsError

pytestmark = pytest.mark.usefixtures("private_solver_cache")


@pytest.fixture(scope="module")
def yahtzee():
    return solve("yahtzee", progress="none")


@pytest.mark.slow
def test_optimal_games_agree_with_the_solver(yahtzee):
    sim = simulate("optimal", 4000, "yahtzee", seed=2024, solution=yahtzee)
    standard_error = yahtzee.std() / np.sqrt(sim.games)
    assert abs(sim.mean - yahtzee.expected_score) < 3 * standard_error
    assert sim.std == pytest.approx(yahtzee.std(), rel=0.1)


def test_heuristics_score_less(yahtzee):
    optimal = simulate("optimal", 1000, "yahtzee", seed=1, solution=yahtzee)
    greedy = simulate("greedy", 1000, "yahtzee", seed=1)
    poker = simulate("poker", 1000, "yahtzee", seed=1)
    assert poker.mean < greedy.mean < optimal.mean
    assert greedy.summary()["strategy"] == "greedy" and greedy.summary()["games"] == 1000


def test_seeded_games_repeat():
    a = simulate("greedy", 50, "dice-poker", seed=11)
    b = simulate("greedy", 50, "dice-poker", seed=11)
    c = simulate("greedy", 50, "dice-poker", seed=12)
    assert np.array_equal(a.scores, b.scores) and not np.array_equal(a.scores, c.scores)
    assert simulate("greedy", 50, "dice-poker", seed=np.random.default_rng(11)).seed is None


def _replay(ruleset, turns, bot):
    """Play the recorded turns through the game engine, checking that the
    engine strategy `bot` makes each recorded choice; return the total."""
    game = DicePokerGame(["A"], ruleset, seed=0)

    def choice():
        return bot(game.view("A"), game.legal_actions("A"), game.rng)

    for rolls, holds, box, points in turns:
        game.roll(dice=list(rolls[0]))
        for hold, after in zip(holds, rolls[1:], strict=True):
            if len(hold) == 5:  # holding all five is stopping
                assert after == rolls[0] or after == tuple(sorted(game.dice))
                break
            current = list(game.dice)
            positions: list[int] = []
            for face in hold:
                positions.append(
                    next(i for i in range(5) if current[i] == face and i not in positions)
                )
            assert choice() == Roll(frozenset(positions))
            fresh = list(after)
            for face in hold:
                fresh.remove(face)
            new = iter(fresh)
            game.roll(
                hold=positions,
                dice=[current[i] if i in positions else next(new) for i in range(5)],
            )
        assert tuple(sorted(game.dice)) == rolls[-1]
        assert choice() == Score(box)
        assert game.score(box) == points
    assert game.is_over
    return game.totals()["A"]


REPLAYS = [  # the optimal strategy on yahtzee only: it is solved once for this module
    (name, ruleset)
    for name in STRATEGIES
    for ruleset in ("dice-poker", "yahtzee", "yatzy")
    if name != "optimal" or ruleset == "yahtzee"
]


@pytest.mark.parametrize(("name", "ruleset"), REPLAYS)
def test_recorded_games_replay_in_the_engine_with_the_same_choices(name, ruleset, yahtzee):
    sim = simulate(name, 25, ruleset, seed=5, record=True, solution=yahtzee)
    assert sim.records is not None and len(sim.records) == 25
    bot = strategy(name, ruleset, solution=yahtzee if name == "optimal" else None)
    for turns, score in zip(sim.records, sim.scores, strict=True):
        assert _replay(ruleset, turns, bot) == score


def test_histogram():
    greedy = simulate("greedy", 300, "yatzy", seed=3)
    poker = simulate("poker", 300, "yatzy", seed=3)
    fig = histogram(greedy, poker)
    assert [trace.type for trace in fig.data] == ["histogram", "histogram"]
    assert fig.data[0].name.startswith("greedy (mean")
    assert list(fig.data[1].x) == poker.scores.tolist()
    assert greedy.histogram().layout.xaxis.title.text == "final score"
    with pytest.raises(SettingsError):
        histogram()


@pytest.mark.parametrize(
    "kwargs",
    [dict(strategy="lucky"), dict(games=0), dict(games=True), dict(ruleset="poker")],
)
def test_simulate_errors(kwargs):
    with pytest.raises(SettingsError):
        simulate(**{"strategy": "greedy", "games": 10, **kwargs})


def test_solution_must_match(yahtzee):
    with pytest.raises(SettingsError, match="solution is for yahtzee"):
        simulate("optimal", 10, "yatzy", solution=yahtzee)
