"""Sly Dice: the cards, the exact odds and Bayes, each against brute force over
ordered rolls (and icepool where it has the same question)."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab.core.i18n import LANGS
from dicelab.errors import SettingsError
from dicelab.sly_dice.bayes import (
    accusation_values,
    claim_chances,
    claim_posterior,
    rolling_posterior,
    should_accuse,
)
from dicelab.sly_dice.odds import best_chance, card_table, chance, rolling_options, rolling_table
from dicelab.sly_dice.rules import (
    DEFAULT_CARDS,
    DEFAULT_RULES,
    Card,
    SlyRules,
    card_by_id,
    fresh_chance,
    points_for,
)

FACES = range(1, 7)
CARD = {card.id: card for card in DEFAULT_CARDS}


# --- the cards, written again the obvious way ----------------------------------------


def obvious(card_id: str, dice: tuple[int, ...]) -> bool:
    counts = Counter(dice)
    kinds = lambda k: len([f for f in FACES if counts[f] >= k])  # noqa: E731
    present = set(dice)
    tests = {  # each written out, and only the card asked for is worked out
        "pair": lambda: kinds(2) >= 1,
        "two_pairs": lambda: kinds(2) >= 2,
        "three_pairs": lambda: kinds(2) >= 3,
        "three_kind": lambda: kinds(3) >= 1,
        "four_kind": lambda: kinds(4) >= 1,
        "five_kind": lambda: kinds(5) >= 1,
        "six_kind": lambda: kinds(6) >= 1,
        "full_house": lambda: any(
            counts[a] >= 3 and counts[b] >= 2 for a in FACES for b in FACES if a != b
        ),
        "two_triples": lambda: kinds(3) >= 2,
        "straight4": lambda: any(set(range(s, s + 4)) <= present for s in (1, 2, 3)),
        "straight5": lambda: any(set(range(s, s + 5)) <= present for s in (1, 2)),
        "straight6": lambda: present == set(FACES),
    }
    return tests[card_id]()


ROLLS6 = list(itertools.product(FACES, repeat=6))


def test_the_default_cards_are_the_twelve_of_the_issue_with_their_meanings():
    assert [c.id for c in DEFAULT_CARDS] == [
        "pair", "two_pairs", "three_pairs", "three_kind", "four_kind", "five_kind",
        "six_kind", "full_house", "two_triples", "straight4", "straight5", "straight6",
    ]  # fmt: skip
    for card in DEFAULT_CARDS:
        assert set(card.names) == {"en"}  # the other languages' names are in the catalogs
        assert len({card.name(lang) for lang in LANGS}) > 1, card
        assert all(card.holds(d) == obvious(card.id, d) for d in ROLLS6[::7])


@pytest.mark.slow
def test_fresh_chances_match_every_ordered_roll_of_six_dice():
    for card in DEFAULT_CARDS:
        hits = sum(obvious(card.id, d) for d in ROLLS6)
        assert fresh_chance(card) == Fraction(hits, 6**6)
    assert fresh_chance(CARD["six_kind"]) == Fraction(1, 7776)
    assert fresh_chance(CARD["straight6"]) == Fraction(720, 46656)


def test_fresh_chances_agree_with_icepool():
    pool = icepool.d6.pool(6)
    for k, card_id in [(2, "pair"), (3, "three_kind"), (4, "four_kind"), (5, "five_kind")]:
        assert fresh_chance(CARD[card_id]) == pool.largest_count().probability(">=", k)
    for k, card_id in [(4, "straight4"), (5, "straight5"), (6, "straight6")]:
        assert fresh_chance(CARD[card_id]) == pool.largest_straight().probability(">=", k)


def test_points_are_five_per_bit_of_surprise_rounded_to_friendly_numbers():
    points = {c.id: points_for(c) for c in DEFAULT_CARDS}
    assert points == {
        "pair": 1, "two_pairs": 4, "three_pairs": 25, "three_kind": 7, "four_kind": 20,
        "five_kind": 40, "six_kind": 65, "full_house": 15, "two_triples": 35,
        "straight4": 9, "straight5": 15, "straight6": 30,
    }  # fmt: skip
    order = sorted(DEFAULT_CARDS, key=fresh_chance)
    assert [points[c.id] for c in order] == sorted(points.values(), reverse=True)


def test_settings_are_checked_and_a_teacher_can_add_a_card():
    big = Card("sum_30", {"en": "Sum 30+"}, lambda c: sum(f * n for f, n in zip(FACES, c)) >= 30)
    rules = SlyRules((*DEFAULT_CARDS, big), points={"pair": 2}, rounds=3, start_cards=4)
    assert rules.points_of("pair") == 2 and card_by_id("sum_30") is big
    assert fresh_chance(big) == Fraction(sum(sum(d) >= 30 for d in ROLLS6), 6**6)
    assert SlyRules.from_settings(rules.settings()) == rules
    for bad in [
        {"rounds": 0},
        {"start_cards": 13},
        {"successful_lie": -1},
        {"false_accusation": 3},
        {"points": {"nope": 3}},
        {"cards": ()},
    ]:
        with pytest.raises(SettingsError):
            SlyRules(**bad)
    with pytest.raises(SettingsError, match="never be made"):
        SlyRules((Card("seven", {"en": "A seven"}, lambda c: False),), start_cards=1)


# --- conditional chances --------------------------------------------------------------


def brute_chance(card_id: str, visible: tuple[int, ...], hidden: int) -> Fraction:
    rolls = list(itertools.product(FACES, repeat=hidden))
    return Fraction(sum(obvious(card_id, visible + r) for r in rolls), len(rolls))


@settings(max_examples=40, deadline=None)
@given(
    visible=st.lists(st.integers(1, 6), min_size=3, max_size=5),
    card_id=st.sampled_from([c.id for c in DEFAULT_CARDS]),
)
def test_conditional_chances_match_brute_force(visible, card_id):
    hidden = 6 - len(visible)
    assert chance(CARD[card_id], visible, hidden) == brute_chance(card_id, tuple(visible), hidden)


def test_the_card_table_and_its_checks():
    table = card_table((4, 4, 2))
    assert table.value("three_kind", "probability") == brute_chance("three_kind", (4, 4, 2), 3)
    assert table.meta == {"game": "sly-dice", "visible": [2, 4, 4], "hidden": 3}
    assert card_table().value("pair", "probability") == fresh_chance(CARD["pair"])
    with pytest.raises(SettingsError):
        card_table((1, 2, 3), hidden=2)


# --- the rolling rule: the exact plan against an obvious search ---------------------------


def brute_best(card_id, common, aside, hidden, rolls) -> Fraction:
    """Every ordered roll, every die that may be set aside: the best chance."""
    if rolls == 0:
        outs = list(itertools.product(FACES, repeat=3))
        return sum((brute_best(card_id, common, (), o, 1) for o in outs), Fraction(0)) / len(outs)
    stop = Fraction(obvious(card_id, common + aside + hidden))
    if rolls == 3:
        return stop
    best = stop
    for i in range(len(hidden)):
        outs = list(itertools.product(FACES, repeat=len(hidden) - 1))
        total = sum(
            (brute_best(card_id, common, (*aside, hidden[i]), o, rolls + 1) for o in outs),
            Fraction(0),
        )
        best = max(best, total / len(outs))
    return best


@pytest.mark.parametrize(
    ("card_id", "common"),
    [
        ("three_kind", (4, 4, 2)),
        ("four_kind", (6, 6, 1)),
        ("straight5", (2, 3, 6)),
        ("full_house", (5, 5, 1)),
    ],
)
@pytest.mark.slow
def test_best_chances_match_an_obvious_search(card_id, common):
    assert best_chance(CARD[card_id], common) == brute_best(card_id, common, (), (), 0)
    assert best_chance(CARD[card_id], common, (6,), (3, 1), 2) == brute_best(
        card_id, common, (6,), (3, 1), 2
    )


def test_rolling_options_and_the_rolling_table_agree_with_the_plan():
    options = rolling_options((4, 4, 2), aside=(), hidden=(4, 1, 6), rolls=1)
    best = max(row["three_kind"] for row in options)
    assert best == best_chance(CARD["three_kind"], (4, 4, 2), (), (4, 1, 6), 1) == 1
    assert options.value("set a 1 aside", "seen:pair") == chance(CARD["pair"], (4, 4, 2, 1), 2)
    table = rolling_table((6, 6, 1))
    for row in table:
        assert row["best"] >= row["one_roll"] == chance(CARD[row["card"]], (6, 6, 1), 3)
    with pytest.raises(SettingsError):
        rolling_options((4, 4, 2), aside=(1,), hidden=(4, 1, 6), rolls=2)


# --- Bayes: the claim model written out by hand ---------------------------------------------

TABLE = ("pair", "two_pairs", "three_kind", "full_house", "four_kind")


def model_by_hand(dice, table, rate):
    """What a claimer with these six dice says, the slow way."""
    true = [c for c in table if obvious(c, dice)]
    false = [c for c in table if c not in true]
    if not true:
        return {c: Fraction(1, len(table)) for c in table}
    best = max(true, key=lambda c: (DEFAULT_RULES.points_of(c), -table.index(c)))
    said = dict.fromkeys(table, Fraction(0))
    said[best] = 1 - rate if false else Fraction(1)
    for c in false:
        said[c] += rate / len(false)
    return said


def brute_posterior(claim, visible, hidden_rolls, rate):
    joint_true = joint = Fraction(0)
    for h in hidden_rolls:
        dice = visible + h
        p = Fraction(1, len(hidden_rolls)) * model_by_hand(dice, TABLE, rate)[claim]
        joint += p
        joint_true += p if obvious(claim, dice) else 0
    return joint_true / joint


@pytest.mark.parametrize("claim", TABLE)
def test_the_posterior_matches_bayes_by_hand(claim):
    rate = Fraction(1, 4)
    visible = (4, 4, 2)
    hidden = list(itertools.product(FACES, repeat=3))
    found = claim_posterior(claim, visible, 3, rate, TABLE)
    assert found.posterior == brute_posterior(claim, visible, hidden, rate)
    assert found.prior == brute_chance(claim, visible, 3)
    dice = (4, 4, 2, 4, 1, 6)
    assert claim_chances(dice, TABLE, DEFAULT_RULES, rate) == model_by_hand(dice, TABLE, rate)


def brute_points(common, aside, hidden, rolls, table) -> Fraction:
    """The best expected points of the best true card (the bots' rolling), the slow way."""

    def stop_value(dice):
        true = [DEFAULT_RULES.points_of(c) for c in table if obvious(c, dice)]
        return Fraction(max(true, default=0))

    stop = stop_value(common + aside + hidden)
    if rolls == 3:
        return stop
    best = stop
    for i in range(len(hidden)):
        outs = list(itertools.product(FACES, repeat=len(hidden) - 1))
        total = sum(
            (brute_points(common, (*aside, hidden[i]), o, rolls + 1, table) for o in outs),
            Fraction(0),
        )
        best = max(best, total / len(outs))
    return best


def brute_stops(common, aside, hidden, rolls, table) -> bool:
    """Whether stopping is as good as setting any die aside and rolling on."""
    stop = brute_points(common, aside, hidden, 3, table)  # the value of stopping now
    for i in range(len(hidden)):
        outs = list(itertools.product(FACES, repeat=len(hidden) - 1))
        total = sum(
            (brute_points(common, (*aside, hidden[i]), o, rolls + 1, table) for o in outs),
            Fraction(0),
        )
        if total / len(outs) > stop:
            return False
    return True


def test_reading_a_stop_matches_bayes_over_the_hands_where_the_bots_stop():
    common, aside, rate = (6, 6, 1), (6,), Fraction(1, 4)
    hands = [
        h for h in itertools.product(FACES, repeat=2) if brute_stops(common, aside, h, 2, TABLE)
    ]
    assert 0 < len(hands) < 36
    found = rolling_posterior("four_kind", common, aside, rate, TABLE)
    assert found.posterior == brute_posterior("four_kind", common + aside, hands, rate)
    naive = claim_posterior("four_kind", common + aside, 2, rate, TABLE)
    assert found.prior > naive.prior  # she stopped: her hidden dice were worth stopping for


def test_accusing_is_worth_it_below_a_threshold():
    v = accusation_values(Fraction(1, 2), "four_kind")  # 20 points, lie card +5, false -5
    assert v["accuse_own"] == Fraction(-5, 2) and v["pass_own"] == 0
    assert v["accuse_gap"] == Fraction(-25, 2) and v["pass_gap"] == Fraction(-45, 2)
    # two players: accuse when p (F + pts) < pts + (1 - p) L, i.e. p < 25/30
    assert should_accuse(Fraction(5, 6) - Fraction(1, 1000), "four_kind")
    assert not should_accuse(Fraction(5, 6), "four_kind")
    # four players: the claimer is one of three opponents
    assert should_accuse(Fraction(1, 2), "four_kind", players=4)
    assert not should_accuse(Fraction(2, 3), "four_kind", players=4)
