"""The Search strategy (one roll of expectimax) and the clairvoyant's beam search."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from dicelab.core.dice.hands import dice_space
from dicelab.errors import SettingsError
from dicelab.solitaire.batch import Batch
from dicelab.solitaire.clairvoyant import best_score, clairvoyant
from dicelab.solitaire.planner import Planner
from dicelab.solitaire.rules import Split
from dicelab.solitaire.search import Search, _next_options
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.simulate import simulate
from dicelab.solitaire.strategy import STRATEGIES, get_strategy
from dicelab.solitaire.tables import option_tables

SITUATIONS = [
    (Sheet.empty(), (1, 2, 3, 5, 6)),
    (Sheet.from_marks({6: 4, 7: 3, 8: 3}, {1: 2, 2: 2, 5: 1}), (1, 2, 4, 4, 6)),
    (Sheet.from_marks({4: 8, 6: 4, 7: 10, 9: 6, 10: 8}, {2: 7, 3: 4, 6: 7}), (1, 1, 4, 5, 6)),
]


def slow_value(sheet: Sheet, split: Split, dice: tuple[int, ...]) -> float:
    """The expectimax value the obvious way: play the option on a Sheet, then for
    each of the 252 hands ask the Planner to rate every next option of a real
    sheet, take the best, and weigh it by the hand's chance."""
    after = sheet.play(dice, split)
    if after.finished:
        return float(after.score)
    planner, space = Planner(), dice_space(5)
    total = 0.0
    for hand, weight in zip(space.hands, space.weights.tolist()):
        options = after.options(hand)
        best = max(planner.values(Batch.of(after, options))[0].tolist())
        total += weight * best
    return total / 6**5


@pytest.mark.parametrize(("sheet", "dice"), SITUATIONS)
def test_search_values_are_the_expectimax_of_the_planner(sheet: Sheet, dice) -> None:
    options = sheet.options(dice)
    fast = Search().values(Batch.of(sheet, options))[0].tolist()
    slow = [slow_value(sheet, split, dice) for split in options]
    assert fast == pytest.approx(slow, rel=0, abs=1e-9)
    ranked = Search().rank(sheet, dice)
    assert ranked[0][0] == options[int(np.argmax(slow))]
    assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)


def test_an_option_that_ends_the_game_is_worth_its_score() -> None:
    sheet, dice = SITUATIONS[2]
    options = sheet.options(dice)
    values = Search().values(Batch.of(sheet, options))[0]
    for split, value in zip(options, values.tolist()):
        after = sheet.play(dice, split)
        assert after.finished and value == after.score  # the roll shows only a 6 of the three


def test_search_in_the_registry_and_the_engine() -> None:
    assert "search" in STRATEGIES and isinstance(get_strategy("search"), Search)
    with pytest.raises(SettingsError):
        Search(focus=0.5)
    fast = simulate("search", games=25, seed=8)
    search = Search()
    slow = simulate(lambda *a: search(*a), games=25, seed=8)
    assert np.array_equal(fast.scores, slow.scores) and np.array_equal(fast.rolls, slow.rolls)


@pytest.mark.slow
def test_search_beats_the_planner_on_the_same_dice() -> None:
    games = 600
    search, planner = (simulate(name, games=games, seed=11) for name in ("search", "planner"))
    diff = search.scores.astype(float) - planner.scores
    low = diff.mean() - 1.96 * diff.std(ddof=1) / np.sqrt(games)
    assert low > 0, (diff.mean(), low)


def exhaustive(sheet: Sheet, hands: list[int]) -> int:
    """The clairvoyant's best score by trying every option of every roll."""
    if sheet.finished:
        return sheet.score
    dice = option_tables().hands[hands[0]]
    return max(exhaustive(sheet.play(dice, split), hands[1:]) for split in sheet.options(dice))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_wide_beam_finds_the_clairvoyants_best(seed: int) -> None:
    start = Sheet.from_marks({4: 6, 6: 8, 7: 8, 8: 6, 10: 6}, {1: 6, 3: 6, 5: 5})
    hands = np.random.default_rng(seed).integers(0, 252, size=60)
    best = exhaustive(start, hands.tolist())
    score, rolls = best_score(hands, width=100_000, start=start)
    assert score == best and rolls > start.rolls
    assert best_score(hands, width=2, start=start)[0] <= best


def test_the_clairvoyant_never_scores_less_than_search() -> None:
    games = 12
    seer, search = clairvoyant(games, seed=4, width=8), simulate("search", games, seed=4)
    assert (seer.scores >= search.scores).all() and seer.mean > search.mean + 100
    assert seer.strategy == "clairvoyant" and (seer.rolls >= 8).all()
    assert np.array_equal(seer.scores, clairvoyant(games, seed=4, width=8).scores)
    with pytest.raises(SettingsError):
        best_score(np.array([0, 1]), width=4)  # two rolls cannot end a game
    with pytest.raises(SettingsError):
        clairvoyant(3, seed=1, width=0)


def test_every_next_option_is_searched() -> None:
    t = option_tables()
    for k in (0, 7, 41):
        listed = {
            (int(t.first[k, h, j]), int(t.second[k, h, j]), int(t.discard[k, h, j]))
            for h, j in itertools.product(range(252), range(t.width))
            if j < t.count[k, h]
        }
        nxt = _next_options(k)
        assert set(zip(nxt.first.tolist(), nxt.second.tolist(), nxt.discard.tolist())) == listed
