"""Every bad input to the library and the panels gets a `DicelabError` with a
clear one-line message, and changes nothing; every integral type is a whole
number everywhere."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from dicelab.core.ui.widgets import SEED_NOT_DIGITS, SEED_TOO_LONG
from dicelab.dice_poker import odds
from dicelab.dice_poker.advisor import advise
from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.dice_poker.solver import CardState
from dicelab.errors import DiceError, DicelabError, IllegalMove, SettingsError
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.solitaire.clairvoyant import best_score
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.odds import free_throw_formula, free_throw_probability, sum_table
from dicelab.solitaire.panel import SolitairePanel
from dicelab.solo.panel import SoloPanel


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: odds.current_turn_table(None, rolls_left=2), DiceError),
        (lambda: odds.current_turn_table(66623, rolls_left=2), DiceError),
        (lambda: odds.turn_table([]), SettingsError),
        (lambda: odds.reroll_plan({"a": 1}, "probability", 3), SettingsError),
        (lambda: odds.best_hold("poker", [6, 6, 6, 2, 3], rolls_left=[1]), SettingsError),
        (lambda: advise(CardState(), 12345, 2, "yahtzee"), DiceError),
        (lambda: free_throw_probability(None), SettingsError),
        (lambda: free_throw_probability(3), SettingsError),
        (lambda: free_throw_probability([[1]]), SettingsError),
        (lambda: sum_table([[1]]), SettingsError),
        (lambda: free_throw_formula(7), SettingsError),
        (lambda: free_throw_formula(12), SettingsError),
        (lambda: free_throw_formula(-1), SettingsError),
        (lambda: free_throw_formula(True), SettingsError),
        (lambda: free_throw_formula(2.5), SettingsError),
        (lambda: best_score(np.array([999] * 50), 4), SettingsError),  # reliability-2 F28
        (lambda: best_score(np.array([-1] * 50), 4), SettingsError),
        (lambda: best_score(np.array([1] * 50), 4, start="x"), SettingsError),
        (lambda: best_score(np.array([1] * 400), 0), SettingsError),
        (lambda: best_score(np.array([[1, 2]]), 4), SettingsError),
        (lambda: best_score(np.array([1.5]), 4), SettingsError),
        (lambda: best_score("abc", 4), SettingsError),
    ],
)
def test_library_functions_answer_bad_inputs_with_dicelab_errors(call, error):
    with pytest.raises(error) as info:
        call()
    assert "\n" not in str(info.value)


def test_numpy_integers_are_whole_numbers_everywhere():
    assert odds.turn_table("dice-poker", rolls=np.int64(3)) == odds.turn_table("dice-poker", 3)
    table = odds.current_turn_table([6, 6, 6, 2, 3], rolls_left=np.int64(1))
    assert table.value("6 6 6", "poker") == Fraction(1, 36)  # two more sixes in one roll
    assert odds.best_hold("poker", np.array([6, 6, 6, 2, 3]), rolls_left=np.int8(2)) == (6, 6, 6)
    assert free_throw_formula(np.int32(3)) == Fraction(1, 32)
    assert free_throw_probability(np.arange(1, 4)) == Fraction(1, 32)
    assert sum_table(np.array([1, 2, 5])).value(12, "offered_probability") == Fraction(763, 3888)


def test_solitaire_play_checks_strategies_before_rolling_and_undoes_a_failed_roll():
    game = SolitaireGame(["Ana", "Bia"], seed=1)
    rng = game.rng.bit_generator.state

    def first(sheet, dice, options, r):
        return options[0]

    for strategies, error in [
        (lambda s, d, o, r: "first", IllegalMove),
        (lambda s, d, o, r: None, IllegalMove),
        ({"Ana": first}, SettingsError),
        ({"Ana": first, "Bia": first, "Zoe": first}, SettingsError),
        (42, SettingsError),
        ({"Ana": first, "Bia": 42}, SettingsError),
    ]:
        with pytest.raises(error):
            game.play(strategies)
        assert game.rolls == 0 and game.waiting == () and game.rng.bit_generator.state == rng

    def broken(sheet, dice, options, r):
        r.integers(6)  # uses the generator, then fails
        raise KeyError("a bug in the strategy")

    game.play(first, until_over=False)
    before, rng = game.state, game.rng.bit_generator.state
    with pytest.raises(KeyError):
        game.play({"Ana": first, "Bia": broken})
    assert game.state == before and game.rng.bit_generator.state == rng


@pytest.mark.parametrize(
    "answer, why",
    [
        ({"holds": {(): "high"}, "boxes": {"chance": "x"}}, "not a number"),
        ({"boxes": {"nope": 1.0}}, "has no box 'nope'"),
        ({"boxes": {"chance": float("nan")}}, "not a number"),
        ({"holds": [1, 2]}, "must be a mapping"),
        ({"holds": {"6 6": 1.0}}, "tuples of faces"),
        ({"holds": {(1, 1, 1): 1.0}}, "is not in the dice"),
    ],
)
def test_a_malformed_advice_shows_as_an_advisor_failure_and_the_roll_stands(answer, why):
    panel = DicePokerPanel(["Ana"], seed=1, advisor=lambda state: answer)
    panel.hints_toggle.value = True
    panel.roll_button.click()
    assert panel.game.dice is not None and panel.message.kind == "info"
    assert panel.message.text.startswith("Ana rolled")
    assert why in panel.hints.advice_html.value.replace("&#x27;", "'")
    assert panel.errors == []


@pytest.mark.parametrize("panel_class", [DicePokerPanel, SolitairePanel])
@pytest.mark.parametrize("typed", ["²", "⑦", "３", "٣", "1.5", "-3", "x1", "9" * 21])
def test_the_seed_box_takes_only_digits_0_to_9(panel_class, typed):
    panel = panel_class(["Ana"], seed=5)
    before = panel.game.state
    panel.seed_text.value = typed
    panel.new_game_button.click()
    assert panel.message.kind == "error" and "seed" in panel.message.text
    assert panel.game.state == before and panel.seed == 5 and panel.errors == []
    panel.seed_text.value = " 42 "
    panel.new_game_button.click()
    assert panel.seed == 42 and panel.message.kind == "info"


def test_every_library_error_is_a_dicelab_error():
    for error in (DiceError, SettingsError, IllegalMove):
        assert issubclass(error, DicelabError)


@pytest.mark.parametrize("lang", ["pt", "es", "it", "fr"])
@pytest.mark.parametrize(("typed", "said"), [("1,5", SEED_NOT_DIGITS), ("9" * 21, SEED_TOO_LONG)])
def test_a_bad_seed_is_answered_in_the_panel_s_language(lang, typed, said):
    """Review 2, defect 19: "the seed is a whole number ..." was English in the
    Italian Solo and the Spanish Sly Dice."""
    for panel in (SoloPanel(["Ana"], lang=lang), SlyDicePanel(["Ana"], lang=lang)):
        panel.seed_text.value = typed
        panel.new_game_button.click()
        values = {"text": repr(typed), "most": 20, "size": 21}
        assert panel.message.kind == "error"
        assert panel.message.text == said.in_language(lang, **values)
        assert panel.message.text != said.in_language("en", **values)
