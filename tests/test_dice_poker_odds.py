"""Every odds table of Dice Poker checked another way: brute force and icepool."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from dicelab.core.dice.hands import FACES, ordered_rolls, sorted_hands
from dicelab.dice_poker.odds import (
    best_hold,
    best_holds_table,
    current_turn_table,
    single_roll_table,
    turn_table,
)
from dicelab.dice_poker.rules import RULESETS, get_ruleset
from dicelab.errors import DiceError, SettingsError

ALL_RULESETS = sorted(RULESETS)


# --- one roll --------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_RULESETS)
def test_single_roll_table_matches_enumerating_7776_outcomes(name):
    """Enumerate and test: every ordered roll, every box, with Fractions."""
    rules = get_ruleset(name)
    table = single_roll_table(rules)
    for box in rules.boxes:
        hits = sum(box.qualifies(roll) for roll in ordered_rolls(5))
        points = sum(box.score(roll) for roll in ordered_rolls(5))
        assert table.value(box.id, "probability") == Fraction(hits, 7776), box.id
        assert table.value(box.id, "expected_score") == Fraction(points, 7776), box.id


def test_single_roll_closed_forms():
    table = single_roll_table("dice-poker")
    p = table.column("probability")
    assert p["poker"] == Fraction(6, 6**5)
    assert p["large_straight"] == Fraction(2 * math.factorial(5), 6**5)
    assert p["full_house"] == Fraction(6 * 5 * math.comb(5, 3), 6**5)
    assert p["ones"] == 1 - Fraction(5, 6) ** 5
    assert p["pair"] == 1 - Fraction(math.perm(6, 5), 6**5)
    assert p["chance"] == 1
    assert table.value("chance", "expected_score") == Fraction(35, 2)


POOL = icepool.d6.pool(5)
SHAPES = POOL.all_counts()  # the sorted face counts of a roll, e.g. (3, 2)


def _icepool_chance(die, test) -> Fraction:
    hits = sum(q for outcome, q in die.items() if test(outcome))
    return Fraction(hits, die.denominator())


ICEPOOL_FACTS = {
    "pair": lambda: _icepool_chance(POOL.largest_count(), lambda c: c >= 2),
    "two_pairs": lambda: _icepool_chance(SHAPES, lambda s: sum(c >= 2 for c in s) >= 2),
    "three_kind": lambda: _icepool_chance(POOL.largest_count(), lambda c: c >= 3),
    "four_kind": lambda: _icepool_chance(POOL.largest_count(), lambda c: c >= 4),
    "full_house": lambda: _icepool_chance(SHAPES, lambda s: s == (3, 2)),
    "small_straight": lambda: _icepool_chance(POOL.largest_straight(), lambda n: n >= 4),
    "large_straight": lambda: _icepool_chance(POOL.largest_straight(), lambda n: n == 5),
    "poker": lambda: _icepool_chance(POOL.largest_count(), lambda c: c == 5),
}


@pytest.mark.parametrize("box", sorted(ICEPOOL_FACTS))
def test_single_roll_probabilities_agree_with_icepool(box):
    assert single_roll_table().value(box, "probability") == ICEPOOL_FACTS[box]()


@pytest.mark.parametrize("face", FACES)
def test_upper_expectations_agree_with_icepool(face):
    icepool_mean = POOL.keep_outcomes([face]).sum().mean()
    rules = get_ruleset("dice-poker")
    box = rules.boxes[face - 1].id
    assert single_roll_table().value(box, "expected_score") == Fraction(icepool_mean)


@pytest.mark.parametrize("name", ALL_RULESETS)
def test_expected_scores_agree_with_icepool_hand_distribution(name):
    """icepool's own distribution of sorted hands, scored with our box functions."""
    rules = get_ruleset(name)
    hands = POOL.expand()
    table = single_roll_table(rules)
    for box in rules.boxes:
        mean = Fraction(sum(q * box.score(h) for h, q in hands.items()), hands.denominator())
        assert table.value(box.id, "expected_score") == mean, box.id


# --- three rolls: brute force over positions and ordered rerolls ---------------


@pytest.fixture(scope="module")
def reroll_counts():
    """For each sorted hand and each set of held *positions* (32 of them), how
    many ordered rerolls end in each sorted hand."""
    table = {}
    for hand in sorted_hands(5):
        options = []
        for held in itertools.product((False, True), repeat=5):
            kept = [d for d, h in zip(hand, held) if h]
            finals = Counter(
                tuple(sorted(kept + list(new))) for new in ordered_rolls(5 - len(kept))
            )
            options.append((len(kept), finals))
        table[hand] = options
    return table


def brute_force_stage(worth, reroll_counts) -> dict:
    """One step back: each hand's best hold, over 6**5 times worth's denominator."""
    if callable(worth):
        worth = {h: worth(h) for h in reroll_counts}
    return {
        hand: max(
            sum(c * worth[f] for f, c in finals.items()) * 6**kept for kept, finals in options
        )
        for hand, options in reroll_counts.items()
    }


def brute_force_best(value, rolls, reroll_counts) -> Fraction:
    """Expectimax by brute force, with exact integers over 6**(5*stage)."""
    worth = {h: value(h) for h in reroll_counts}
    for _ in range(1, rolls):
        worth = brute_force_stage(worth, reroll_counts)
    total = sum(worth[tuple(sorted(roll))] for roll in ordered_rolls(5))
    return Fraction(total, 6 ** (5 * rolls))


@pytest.mark.parametrize("rolls", [2, 3])
@pytest.mark.parametrize("name", ["dice-poker", "yatzy"])
@pytest.mark.slow
def test_turn_table_matches_brute_force(name, rolls, reroll_counts):
    rules = get_ruleset(name)
    table = turn_table(rules, rolls)
    for box in rules.boxes:
        chance = brute_force_best(lambda h, b=box: int(b.qualifies(h)), rolls, reroll_counts)
        points = brute_force_best(box.score, rolls, reroll_counts)
        assert table.value(box.id, "probability") == chance, box.id
        assert table.value(box.id, "expected_score") == points, box.id


def test_public_figure_five_of_a_kind_within_three_rolls():
    for name in ALL_RULESETS:
        assert turn_table(name, 3).value("poker", "probability") == Fraction(2783176, 60466176)


def test_more_rolls_never_hurt():
    for rolls in range(1, 4):
        now, later = turn_table("dice-poker", rolls), turn_table("dice-poker", rolls + 1)
        for row in now:
            assert later.value(row["box"], "probability") >= row["probability"]
            assert later.value(row["box"], "expected_score") >= row["expected_score"]


def test_many_rolls_switch_to_python_integers():
    """Six rolls overflow 64-bit numerators; the answer must still be exact."""
    p = turn_table("dice-poker", 6).value("poker", "probability")
    assert p.denominator * 1 <= 6**30 and 0 < p < 1
    assert p > turn_table("dice-poker", 5).value("poker", "probability")


# --- the current turn ---------------------------------------------------------


@pytest.mark.slow
def test_current_turn_matches_brute_force_for_every_hold(reroll_counts):
    """Two rolls left with hand 2 3 6 6 6: hold, reroll, then aim once more."""
    rules = get_ruleset("dice-poker")
    hand = (2, 3, 6, 6, 6)
    table = current_turn_table(hand, rolls_left=2)
    one_roll_left = {  # best chance with one roll to come, over 6**5
        box.id: brute_force_stage(lambda h, b=box: int(b.qualifies(h)), reroll_counts)
        for box in rules.boxes
    }
    holds = {row["hold"] for row in table}
    assert len(holds) == len(table) == 2 * 2 * 4  # distinct sub-multisets of 2 3 6 6 6
    for held in itertools.product((False, True), repeat=5):
        kept = tuple(d for d, h in zip(hand, held) if h)
        label = (
            "all (stop)" if len(kept) == 5 else (" ".join(map(str, kept)) or "none (reroll all)")
        )
        for box in rules.boxes:
            total = sum(
                one_roll_left[box.id][tuple(sorted(kept + new))]
                for new in ordered_rolls(5 - len(kept))
            )
            expect = Fraction(total, 6 ** (5 - len(kept)) * 6**5)
            if len(kept) == 5:  # holding every die is stopping
                expect = Fraction(box.qualifies(hand))
            assert table.value(label, box.id) == expect, (label, box.id)


def test_holding_all_five_is_stopping():
    """The "all (stop)" row is the hand as it stands, whatever the rolls left."""
    for rolls_left in (1, 2):
        table = current_turn_table([2, 3, 6, 6, 6], rolls_left)
        assert table.value("all (stop)", "ones") == 0
        assert table.value("all (stop)", "two_pairs") == 0
        assert table.value("all (stop)", "three_kind") == 1
    scores = current_turn_table([2, 3, 6, 6, 6], 2, goal="score")
    assert scores.value("all (stop)", "chance") == 23
    assert best_hold("chance", [6, 6, 6, 6, 5], 2, goal="score") == (5, 6, 6, 6, 6)


def test_current_turn_with_no_rolls_left_is_the_hand_itself():
    table = current_turn_table([2, 2, 3, 3, 3], rolls_left=0)
    assert len(table) == 1
    assert table.value("all (stop)", "full_house") == 1
    assert table.value("all (stop)", "poker") == 0
    scores = current_turn_table([2, 2, 3, 3, 3], 0, goal="score")
    assert scores.value("all (stop)", "chance") == 13


def test_best_hold_aims_at_the_box():
    assert best_hold("poker", [6, 6, 6, 2, 3], 2) == (6, 6, 6)
    assert best_hold("large_straight", [1, 2, 3, 4, 4], 1) == (1, 2, 3, 4)
    assert best_hold("full_house", [2, 2, 3, 3, 5], 1) == (2, 2, 3, 3)
    assert best_hold("chance", [6, 6, 6, 6, 6], 2, goal="score") == (6, 6, 6, 6, 6)
    assert best_hold("sixes", [1, 2, 3, 4, 5], 2, goal="score") == ()


def test_best_holds_table_achieves_the_turn_table():
    """Playing the best hold from every first roll gives the table's value."""
    policy = best_holds_table("small_straight", rolls_left=2)
    assert len(policy) == 252
    weights = Counter(tuple(sorted(r)) for r in ordered_rolls(5))
    total = sum(weights[row["hand"]] * row["value"] for row in policy) / 7776
    assert total == turn_table("dice-poker", 3).value("small_straight", "probability")


# --- bad input ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: turn_table("dice-poker", 0), SettingsError),
        (lambda: turn_table("dice-poker", 7), SettingsError),
        (lambda: turn_table("poker-dice"), SettingsError),
        (lambda: current_turn_table([1, 2, 3, 4], 1), DiceError),
        (lambda: current_turn_table([1, 2, 3, 4, 7], 1), DiceError),
        (lambda: current_turn_table([1, 2, 3, 4, 5], -1), SettingsError),
        (lambda: best_hold("yahtzee", [1, 2, 3, 4, 5], 1), SettingsError),
        (lambda: best_hold("poker", [1, 2, 3, 4, 5], 1, goal="fun"), SettingsError),
    ],
)
def test_bad_input_gives_a_clear_error(call, error):
    with pytest.raises(error):
        call()
