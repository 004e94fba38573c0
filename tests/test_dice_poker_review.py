"""The Dice Poker review: every choice valued by the optimal solver.

The solver's own games lose nothing; a bot with a known mistake loses exactly
what the solver says at exactly those choices; over many games the greedy
strategy's mean total loss is the solver's value minus its mean score (the
performance-difference identity); one value is checked by brute force."""

from __future__ import annotations

import itertools
import json
import statistics
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from dicelab.cli import main
from dicelab.core.dice.hands import as_hand
from dicelab.core.engine import play_out
from dicelab.dice_poker.advisor import advise, box_values
from dicelab.dice_poker.game import DicePokerGame, Roll, Score
from dicelab.dice_poker.review import review_game
from dicelab.dice_poker.rules import ROLLS_PER_TURN, get_ruleset
from dicelab.dice_poker.solver import CardState, solve
from dicelab.dice_poker.strategy import strategy
from dicelab.errors import SettingsError

FEW = replace(get_ruleset("yahtzee"), name="yahtzee-4", boxes=get_ruleset("yahtzee").boxes[-4:])


@pytest.fixture(scope="module")
def dice_poker():
    return solve("dice-poker", progress="none")


@pytest.fixture(scope="module")
def few():
    return solve(FEW, cache=False, progress="none")


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_optimal_strategy_loses_nothing_on_any_choice(dice_poker, seed) -> None:
    game = DicePokerGame(["Ana", "Bia"], seed=seed)
    play_out(game, strategy("optimal", solution=dice_poker))
    for review in review_game(game, dice_poker):
        assert len(review.decisions) >= 2 * 13
        assert [d.loss for d in review.decisions] == [0.0] * len(review.decisions)
        assert all(d.choice == d.best for d in review.decisions)
        assert review.rating == "perfect" and review.score == game.scores()[review.player]


def keeps_a_pair(hold: Any) -> bool:
    return isinstance(hold, tuple) and len(set(hold)) < len(hold)


class NoPairs:
    """Plays as the advisor says, except that it never keeps a pair (or more of
    a kind) for a reroll; remembers, at each choice, what the advisor's tables
    say it gives up."""

    def __init__(self, solution: Any) -> None:
        self.solution, self.given_up = solution, []

    def __call__(self, view: Any, actions: list[Any], rng: np.random.Generator) -> Any:
        if view.dice is None:
            return Roll()
        rolls_left = ROLLS_PER_TURN - view.rolls_used
        options = {r["box"]: r["expected_score"] for r in self._advise(view, 0)}
        if rolls_left:
            holds = self._advise(view, rolls_left)
            options |= {r["hold"]: r["expected_score"] for r in holds if len(r["hold"]) < 5}
        allowed = {c: v for c, v in options.items() if not keeps_a_pair(c)}
        choice = max(allowed, key=lambda c: (allowed[c], isinstance(c, str)))
        self.given_up.append(max(options.values()) - allowed[choice])
        if isinstance(choice, str):
            return Score(choice)
        left = list(enumerate(view.dice))
        positions = [left.pop([f for _, f in left].index(face))[0] for face in choice]
        return Roll(frozenset(positions))

    def _advise(self, view: Any, rolls_left: int) -> Any:
        return advise(view.card, view.dice, rolls_left, view.ruleset, solution=self.solution)


@pytest.mark.parametrize("seed", [3, 4])
def test_never_keeping_pairs_loses_exactly_where_the_solver_says(dice_poker, seed) -> None:
    bot = NoPairs(dice_poker)
    game = DicePokerGame(["Ana"], seed=seed)
    play_out(game, bot)
    [review] = review_game(game, dice_poker)
    assert len(review.decisions) == len(bot.given_up)
    for decision, given_up in zip(review.decisions, bot.given_up, strict=True):
        assert decision.loss == pytest.approx(given_up, abs=2e-4)
        assert (decision.loss > 0) == keeps_a_pair(decision.best)
        assert not keeps_a_pair(decision.choice)
    assert sum(d.loss > 0 for d in review.decisions) >= 3 and review.total_loss > 5


@pytest.mark.slow
def test_the_greedy_strategy_s_losses_add_up_to_what_it_gives_up(dice_poker) -> None:
    """E[total loss] = optimal expected score - E[greedy score]: per game, the
    total loss plus the score minus the solver's value has mean 0; checked
    within the 95% interval of 200 seeded games (about 13 s)."""
    greedy = strategy("greedy")
    gaps: dict[str, list[float]] = {"all": [], "boxes only": [], "holds only": [], "none": []}
    for seed in range(200):
        game = DicePokerGame(["Ana"], seed=seed)
        play_out(game, greedy)
        [review] = review_game(game, dice_poker)
        assert review.expected == pytest.approx(dice_poker.expected_score, abs=1e-9)
        boxes = sum(d.loss for d in review.decisions if isinstance(d.choice, str))
        gap = review.score - review.expected
        gaps["all"].append(review.total_loss + gap)
        gaps["boxes only"].append(boxes + gap)
        gaps["holds only"].append(review.total_loss - boxes + gap)
        gaps["none"].append(gap)
    within = {
        kind: abs(statistics.mean(x)) <= 1.96 * statistics.stdev(x) / len(x) ** 0.5
        for kind, x in gaps.items()
    }
    # the check has power: leave out either kind of choice and the gap is far outside
    assert within == {"all": True, "boxes only": False, "holds only": False, "none": False}


def test_a_hold_s_value_is_the_mean_over_every_reroll(few) -> None:
    """Brute force: with one roll left, holding 6 6 6 is worth the mean, over the
    36 ordered rerolls of two dice, of the best box for the hand rolled."""
    game = DicePokerGame(["Ana"], ruleset=FEW, seed=5)
    game.roll(dice=[6, 6, 6, 1, 2])
    game.roll(hold=[0, 1, 2], dice=[6, 6, 6, 3, 2])
    game.roll(hold=[0, 1, 2], dice=[6, 6, 6, 4, 4])
    [review] = review_game(game, few)
    second = review.decisions[1]
    assert (second.roll, second.choice) == (2, (6, 6, 6))
    card = CardState()
    outcomes = [
        max(v for _p, _b, v in box_values(few, card, as_hand((6, 6, 6, a, b), 5)).values())
        for a, b in itertools.product(range(1, 7), repeat=2)
    ]
    assert second.value == round(sum(outcomes) / 36, 4)


def test_a_save_without_a_record_is_reviewed_from_where_it_was_loaded(dice_poker) -> None:
    game, greedy = DicePokerGame(["Ana"], seed=6), strategy("greedy")
    rng = np.random.default_rng(0)
    while game.state.turn < 5:
        game.apply(greedy(game.view("Ana"), game.legal_actions("Ana"), rng))
    data = game.to_dict()
    del data["record"]
    loaded = DicePokerGame.from_dict(data)
    play_out(loaded, greedy)
    [review] = review_game(loaded, dice_poker)
    turns = set(range(5, game.ruleset.turns + 1))
    assert review.starts_at == 5 and {d.turn for d in review.decisions} == turns


def test_a_solution_for_another_ruleset_is_refused(few) -> None:
    with pytest.raises(SettingsError, match="this solution is for yahtzee-4, not dice-poker"):
        review_game(DicePokerGame(["Ana"], seed=1), few)


@pytest.fixture(scope="module")
def greedy_save(tmp_path_factory, dice_poker) -> Any:
    game = DicePokerGame(["Ana", "Bia"], seed=3)
    play_out(game, strategy("greedy"))
    path = tmp_path_factory.mktemp("review") / "game.json"
    game.save(path)
    return path, review_game(game, dice_poker)


def test_dicelab_review_writes_json_listing_every_decision(greedy_save, capsys) -> None:
    path, reviews = greedy_save
    assert main(["review", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["format"] == "dicelab/review" and data["seed"] == 3
    for player, review in zip(data["players"], reviews, strict=True):
        assert player["player"] == review.player and player["score"] == review.score
        assert player["total_loss"] == review.total_loss and player["rating"] == review.rating
        assert len(player["decisions"]) == len(review.decisions) == player["choices"]
        for said, decision in zip(player["decisions"], review.decisions, strict=True):
            keys = {"player", "turn", "roll", "dice", "choice", "best", "value", "best_value"}
            assert set(said) == keys | {"loss"}
            assert said["loss"] == pytest.approx(said["best_value"] - said["value"], abs=1e-9)
            chosen = decision.choice
            assert said["choice"] == (
                {"box": chosen} if isinstance(chosen, str) else {"hold": list(chosen)}
            )


def test_dicelab_review_writes_markdown_and_html_in_the_language_asked(greedy_save, capsys) -> None:
    path, reviews = greedy_save
    assert main(["review", str(path)]) == 0
    markdown = capsys.readouterr().out
    ana = reviews[0]
    worst = ana.costliest()[0]
    assert "## Ana: " in markdown and "## Bia: " in markdown
    assert f"{len(ana.decisions)} choices reviewed" in markdown
    assert f"was better by {worst.loss:g} points" in markdown
    assert markdown.count("| keep ") + markdown.count("| score ") >= len(ana.decisions)
    assert main(["--lang", "pt", "review", str(path), "--format", "html"]) == 0
    page = capsys.readouterr().out
    assert page.startswith("<!DOCTYPE html>") and '<html lang="pt">' in page
    assert f"{worst.loss:g}".replace(".", ",") in page and page.count("<table>") == 2
