"""Solitaire Dice strategies, the simulator and the command line."""

from __future__ import annotations

import json

import numpy as np
import pytest

from dicelab.cli import main
from dicelab.errors import SettingsError
from dicelab.solitaire.batch import Greedy
from dicelab.solitaire.planner import Planner, remaining_rolls
from dicelab.solitaire.rules import Split
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.simulate import compare, compare_figure, simulate
from dicelab.solitaire.strategy import STRATEGIES, get_strategy


def as_function(strategy):
    """The same strategy, as a plain function (so the simulator plays it game by game)."""

    def play(sheet, dice, options, rng):
        return strategy(sheet, dice, options, rng)

    return play


@pytest.mark.parametrize("name", ["greedy", "planner"])
def test_fast_simulator_matches_the_rules_engine(name: str) -> None:
    fast = simulate(name, games=150, seed=8)
    slow = simulate(as_function(get_strategy(name)), games=150, seed=8)
    assert np.array_equal(fast.scores, slow.scores)
    assert np.array_equal(fast.rolls, slow.rolls)


@pytest.mark.parametrize("name", STRATEGIES)
@pytest.mark.slow
def test_a_seed_repeats_a_simulation(name: str) -> None:
    a, b = simulate(name, games=300, seed=5), simulate(name, games=300, seed=5)
    assert np.array_equal(a.scores, b.scores) and a.summary() == b.summary()
    assert not np.array_equal(a.scores, simulate(name, games=300, seed=6).scores)


def test_results_are_sane() -> None:
    result = simulate("random", games=500, seed=1)
    assert result.games == 500 and result.scores.shape == result.rolls.shape == (500,)
    assert int(result.rolls.min()) >= 8  # at least 8 rolls to give a number 8 marks
    low, high = result.ci95
    assert low < result.mean < high and 0 <= result.p500 <= 1
    assert sum(result.distribution().values()) == 500
    assert all(s % 10 == 0 for s in result.distribution())


def test_planner_beats_greedy_beats_random() -> None:
    random, greedy, planner = compare(["random", "greedy", "planner"], games=2000, seed=3)
    assert random.ci95[1] < greedy.ci95[0]
    assert greedy.ci95[1] < planner.ci95[0]
    assert planner.mean > 0 and planner.p500 > greedy.p500


def test_a_student_strategy_function() -> None:
    def near_seven(sheet, dice, options, rng):
        return min(options, key=lambda split: sum(abs(p - 7) for p in split.pairs))

    result = simulate(near_seven, games=100, seed=2)
    assert result.strategy == "near_seven" and result.games == 100


def test_a_strategy_that_cheats_is_caught() -> None:
    def cheat(sheet, dice, options, rng):
        return Split((12, 12), options[0].discard)

    with pytest.raises(Exception, match="not a legal option"):
        simulate(cheat, games=5, seed=0)


def test_greedy_takes_the_best_immediate_change() -> None:
    sheet = Sheet.from_marks({6: 4, 8: 2}, {2: 3})
    dice = (1, 2, 2, 4, 6)
    options = sheet.options(dice)
    choice = Greedy()(sheet, dice, options, None)
    best = max(sheet.mark(o).score for o in options)
    assert sheet.mark(choice).score == best
    assert choice == next(o for o in options if sheet.mark(o).score == best)


def test_planner_parameter_and_ranking() -> None:
    with pytest.raises(SettingsError):
        Planner(focus=9)
    sheet = Sheet.from_marks({6: 4, 7: 3, 8: 3}, {1: 2, 2: 2, 5: 1})
    ranked = Planner().rank(sheet, [1, 2, 4, 4, 6])
    assert ranked[0][0] == Split((8, 8), 1) and str(ranked[0][0]) == "8 + 8, discard 1"
    assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)
    assert remaining_rolls((7, 7, 7)) == pytest.approx(32 / 31)
    assert remaining_rolls((8,)) == 0


@pytest.mark.parametrize("kwargs", [{"games": 0}, {"games": 2.5}, {"seed": -1}, {"seed": "x"}])
def test_bad_simulation_settings(kwargs) -> None:
    with pytest.raises(SettingsError):
        simulate("greedy", **{"games": 10, **kwargs})
    with pytest.raises(SettingsError):
        get_strategy("clever")


def test_comparison_figures() -> None:
    results = compare(["greedy", "planner"], games=200, seed=1)
    hist = compare_figure(results)
    assert len(hist.data) == 2 and hist.data[0].type == "histogram"
    summary = compare_figure(results, kind="summary")
    assert [t.type for t in summary.data] == ["bar", "bar"]
    with pytest.raises(SettingsError):
        compare_figure(results, kind="pie")


# --- command line -----------------------------------------------------------------


def test_cli_odds_json_is_exact(capsys) -> None:
    assert main(["odds", "solitaire", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["free_throw", "rows"] and data["free_throw"] == "1/32"
    assert [r["sum"] for r in data["rows"]] == list(range(2, 13))
    assert list(data["rows"][0]) == ["sum", "value", "pair_probability", "offered_probability"]
    seven = data["rows"][5]
    assert seven == {
        "sum": 7,
        "value": 30,
        "pair_probability": "1/6",
        "offered_probability": "115/144",
    }


@pytest.mark.parametrize("fmt", ["table", "markdown", "csv", "latex"])
def test_cli_odds_formats(fmt: str, capsys) -> None:
    assert main(["odds", "solitaire", "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert "115/144" in out or r"\frac{115}{144}" in out


def test_cli_score_worked_example(capsys) -> None:
    assert main(["score", "solitaire", "3:7", "4:2", "6:8", "7:11", "8:2", "11:8"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1].split() == ["total", "220"]
    assert "+140" in out and "-200" in out and "+210" in out
    assert main(["score", "solitaire", "7:11", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "lines": [{"sum": 7, "marks": 11, "points": 150}],
        "total": 150,
    }


def test_cli_simulate_json(capsys) -> None:
    argv = ["simulate", "solitaire", "--strategy", "greedy", "--games", "300", "--seed", "4"]
    assert main([*argv, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["strategy", "games", "mean", "ci95", "p500", "mean_rolls"]
    assert data["strategy"] == "greedy" and data["games"] == 300
    result = simulate("greedy", games=300, seed=4)
    assert data["mean"] == round(result.mean, 3) and data["p500"] == round(result.p500, 5)
    assert len(data["ci95"]) == 2 and data["ci95"][0] < data["mean"] < data["ci95"][1]


def test_games_can_go_on_from_a_sheet_and_both_simulators_agree():
    from dicelab.solitaire.sheet import Sheet
    from dicelab.solitaire.strategy import get_strategy

    start = Sheet.from_marks({5: 5, 6: 5, 7: 3, 8: 2, 9: 4, 10: 3}, {1: 5, 2: 3, 6: 3})
    fast = simulate("greedy", games=200, seed=3, start=start)
    greedy = get_strategy("greedy")
    slow = simulate(lambda *a: greedy(*a), games=200, seed=3, start=start)
    assert (fast.scores == slow.scores).all() and (fast.rolls == slow.rolls).all()
    assert fast.rolls.min() > start.rolls and fast.rolls.max() <= start.rolls + 9 + 16
    done = Sheet.from_marks({7: 16}, {1: 8})
    assert simulate("greedy", games=3, seed=1, start=done).scores.tolist() == [done.score] * 3


def test_cli_simulates_search(capsys) -> None:
    argv = ["simulate", "solitaire", "--strategy", "search", "--games", "40", "--seed", "4"]
    assert main([*argv, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["strategy"] == "search" and data["mean"] == simulate("search", 40, seed=4).mean


def test_a_progress_bar_counts_every_game() -> None:
    from dicelab.core.ui.progress import Progress

    bar = Progress(0)
    simulate("greedy", games=250, seed=2, progress=bar)
    assert bar.done == bar.total == 250
    bar = Progress(0)
    simulate(as_function(Greedy()), games=30, seed=2, progress=bar)
    assert bar.done == bar.total == 30
