"""The turn advisor: values and deltas of every hold and box, odds beside them, the CLI.

Its tables come from the run's solver cache (`DICELAB_CACHE_DIR`: make check's
and make test's, built once; the solver's own tests solve into empty caches)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from dicelab.core.dice.hands import dice_space, sub_hands
from dicelab.dice_poker.advisor import advise
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.odds import current_turn_table
from dicelab.dice_poker.rules import get_ruleset
from dicelab.dice_poker.solver import CardState, solve
from dicelab.errors import DicelabError, SettingsError


@pytest.fixture(scope="module")
def yahtzee():
    return solve("yahtzee", progress="none")


@pytest.fixture(scope="module")
def dice_poker():
    return solve("dice-poker", progress="none")


def check_sorted(table):
    values = [row["expected_score"] for row in table]
    assert values == sorted(values, reverse=True)
    assert table.rows[0]["delta"] == 0
    for row in table:
        assert row["delta"] >= 0
        assert row["delta"] == pytest.approx(values[0] - row["expected_score"], abs=2e-4)


def test_dice_poker_expected_score(dice_poker):
    """The default ruleset (no published value: a regression check)."""
    assert dice_poker.expected_score == pytest.approx(314.8157, abs=1e-4)
    assert dice_poker.std() == pytest.approx(64.0167, abs=1e-4)
    assert dice_poker.states == 1423104


@pytest.mark.parametrize("name", ["dice-poker", "yahtzee"])
def test_five_of_a_kind_on_a_fresh_card_goes_to_poker(name, yahtzee, dice_poker):
    table = advise(CardState(), [6, 6, 6, 6, 6], 0, name)
    check_sorted(table)
    assert table.rows[0]["box"] == "poker" and table.rows[0]["points"] == 50
    assert table.meta["best"] == "poker"
    assert {row["box"] for row in table} == set(Scorecard.empty(name).options([6] * 5))


def test_joker_forces_the_face_box(dice_poker):
    rules = dice_poker.rules
    state = CardState(frozenset({"poker"}), 0, True)
    table = advise(state, [6, 6, 6, 6, 6], 0, rules)
    assert [(row["box"], row["points"], row["bonus"]) for row in table] == [("sixes", 30, 100)]
    # a poker box holding 0: no joker, no bonus in Dice Poker
    table = advise(CardState(frozenset({"poker"})), [6, 6, 6, 6, 6], 0, rules)
    assert len(table) == 14 and {row["bonus"] for row in table} == {0}


def test_stop_row_equals_the_best_box(yahtzee):
    state = CardState(frozenset({"ones", "chance"}), 3)
    dice = [2, 3, 4, 5, 5]
    best_box = advise(state, dice, 0, "yahtzee").rows[0]["expected_score"]
    for rolls_left in (1, 2):
        table = advise(state, dice, rolls_left, "yahtzee")
        check_sorted(table)
        assert table.value("all (stop)", "expected_score") == best_box
        assert table.value("all (stop)", "rerolled") == 0


def test_best_holds_average_to_the_expected_score(yahtzee):
    """Averaging the best hold's value over every first roll gives the solver's
    value of the state: the advisor and the solver agree."""
    space = dice_space(5)
    total = 0.0
    for hand, weight in zip(space.hands, space.weights, strict=True):
        table = advise(CardState(), hand, 2, "yahtzee", solution=yahtzee)
        total += int(weight) * table.rows[0]["expected_score"]
    assert total / 6**5 == pytest.approx(yahtzee.expected_score, abs=1e-4)


def test_odds_columns_are_the_exact_odds(yahtzee):
    state = CardState(frozenset({"poker", "sixes"}), 18)
    table = advise(state, [6, 6, 6, 2, 3], 2, "yahtzee")
    odds = current_turn_table([6, 6, 6, 2, 3], 2, "yahtzee")
    assert len(table) == len(sub_hands((2, 3, 6, 6, 6)))
    keys = [c.key for c in table.columns]
    assert keys[:4] == ["hold", "rerolled", "expected_score", "delta"]
    assert "poker" not in keys and "sixes" not in keys and "chance" in keys
    for row in table:
        for box in keys[4:]:
            assert row[box] == odds.value(row["hold"], box)


def test_advise_a_game_and_a_card(yahtzee):
    game = DicePokerGame(["Ana"], "yahtzee", seed=3)
    game.roll(dice=[1, 1, 1, 4, 5])
    game.score("ones")
    game.roll(dice=[2, 3, 4, 5, 6])
    table = advise(game)
    assert table.meta["rolls_left"] == 2 and table.meta["dice"] == [2, 3, 4, 5, 6]
    assert table.meta["banked"] == 3 and table.meta["filled"] == ["ones"]
    same = advise(game.card, game.dice, game.rolls_left)
    assert same.to_json() == table.to_json()
    explicit = advise(CardState(frozenset({"ones"}), 3, banked=3), game.dice, 2, "yahtzee")
    assert explicit.rows == table.rows
    game.roll(hold=[], dice=[6, 6, 6, 6, 6])
    game.roll(hold=[0], dice=[6, 6, 6, 6, 6])
    boxes = advise(game)
    assert boxes.meta["rolls_left"] == 0 and boxes.rows[0]["box"] == "poker"


def test_advise_output_formats(yahtzee):
    table = advise(CardState(), [1, 3, 3, 4, 6], 2, "yahtzee")
    data = json.loads(table.to_json())
    assert data["ruleset"] == "yahtzee" and data["best"] == "3 3"
    assert isinstance(data["rows"][0]["expected_score"], float)
    assert "/" in data["rows"][0]["chance"]  # exact fractions
    assert "Expected final score" in table.to_text() and table._repr_html_()


@pytest.mark.parametrize(
    "args, message",
    [
        (dict(dice=[1, 2, 3, 4, 5], rolls_left=3), "rolls_left"),
        (dict(dice=[1, 2, 3, 4, 5], rolls_left=True), "rolls_left"),
        (dict(dice=None, rolls_left=2), "which dice"),
        (dict(dice=[1, 2, 3, 4, 7], rolls_left=2), "1 to 6"),
        (dict(dice=[1, 2, 3, 4, 5], rolls_left=2, state="ones"), "CardState"),
    ],
)
def test_advise_errors(yahtzee, args, message):
    state = args.pop("state", CardState())
    with pytest.raises(DicelabError, match=message):
        advise(state, ruleset="yahtzee", **args)


def test_advise_refuses_a_mismatch(yahtzee):
    card = Scorecard.empty("yahtzee")
    with pytest.raises(SettingsError, match="played with yahtzee"):
        advise(card, [1, 2, 3, 4, 5], 1, "yatzy")
    with pytest.raises(SettingsError, match="solution is for yahtzee"):
        advise(CardState(), [1, 2, 3, 4, 5], 1, "dice-poker", solution=yahtzee)
    full = CardState(frozenset(get_ruleset("yahtzee").box_ids), 0)
    with pytest.raises(SettingsError, match="game is over"):
        advise(full, [1, 2, 3, 4, 5], 1, "yahtzee")


def test_cli_advise(yahtzee, capsys):
    from dicelab.cli import main

    argv = ["advise", "dice-poker", "--ruleset", "yahtzee", "--dice", "1,3,3,4,6"]
    argv += ["--rolls-left", "2"]
    assert main([*argv, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["best"] == "3 3" and data["rolls_left"] == 2 and len(data["rows"]) == 24
    assert data["rows"][0]["delta"] == 0
    assert main([*argv, "--filled", "ones,chance", "--upper", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Hand 1 3 3 4 6, 2 roll(s) left") and "Chance" not in out.split("\n")[1]
    joker = ["--dice", "6,6,6,6,6", "--rolls-left", "0", "--filled", "poker,sixes"]
    joker += ["--upper", "30", "--poker-50", "--format", "json"]
    assert main(["advise", "dice-poker", "--ruleset", "yahtzee", *joker]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert all(row["bonus"] == 100 for row in rows)
    assert {row["points"] for row in rows if row["box"] == "large_straight"} == {40}


def test_cli_advise_takes_the_whole_card_or_a_saved_game(yahtzee, capsys, tmp_path):
    from dicelab.cli import main

    argv = ["advise", "dice-poker", "--ruleset", "yahtzee", "--dice", "1,3,3,4,6"]
    argv += ["--rolls-left", "2", "--format", "json"]
    assert main([*argv, "--filled", "ones,chance", "--upper", "3"]) == 0
    upper_only = json.loads(capsys.readouterr().out)["rows"]
    assert main([*argv, "--card", "ones=3,chance=20"]) == 0
    whole = json.loads(capsys.readouterr().out)["rows"]
    assert [r["hold"] for r in whole] == [r["hold"] for r in upper_only]
    for a, b in zip(whole, upper_only, strict=True):  # the Chance points are on the card now
        assert a["expected_score"] == pytest.approx(b["expected_score"] + 20, abs=1e-3)
    game = DicePokerGame(["Ana", "Bia"], "yahtzee", seed=8)
    game.roll(dice=[6, 6, 6, 6, 6])
    game.score("poker")
    game.roll(dice=[1, 3, 3, 4, 6])
    game.save(tmp_path / "game.json")
    assert (
        main(["advise", "dice-poker", "--game", str(tmp_path / "game.json"), "--format", "json"])
        == 0
    )
    from_file = json.loads(capsys.readouterr().out)
    expected = json.loads(advise(game, solution=yahtzee).to_json())
    assert from_file == expected and from_file["rolls_left"] == 2


def test_advice_values_are_finite(yahtzee):
    rng = np.random.default_rng(5)
    rules = yahtzee.rules
    for _ in range(20):
        filled = frozenset(b for b in rules.box_ids if rng.random() < 0.4) - {"chance"}
        upper = 0
        dice = rng.integers(1, 7, size=5).tolist()
        state = CardState(filled, upper, "poker" in filled and bool(rng.random() < 0.5))
        for rolls_left in (0, 1, 2):
            table = advise(state, dice, rolls_left, "yahtzee")
            check_sorted(table)
            assert all(np.isfinite(row["expected_score"]) for row in table)
