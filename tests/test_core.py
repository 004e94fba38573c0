"""The shared core: hands, weights, keeps, rerolls and the odds table."""

from __future__ import annotations

import dataclasses
import itertools
import json
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab.core.dice.hands import (
    as_hand,
    dice_space,
    ordered_rolls,
    remove,
    sorted_hands,
    sub_hands,
    weight,
)
from dicelab.core.dice.rerolls import exact_chance, plan_rerolls
from dicelab.core.present.numbers import one_in_text, parse_fraction, percent_text
from dicelab.core.present.table import EXPECTATION, PROBABILITY, Column, OddsTable
from dicelab.errors import DiceError, SettingsError


@pytest.mark.parametrize("n", range(1, 7))
def test_hands_and_weights_count_every_ordered_roll(n):
    space = dice_space(n)
    counted = Counter(tuple(sorted(r)) for r in ordered_rolls(n))
    assert len(space.hands) == len(counted) == len(sorted_hands(n))
    for hand, w in zip(space.hands, space.weights):
        assert counted[hand] == w == weight(hand)
    assert space.outcomes == 6**n == int(space.weights.sum())


def test_five_dice_have_252_hands_and_462_keeps():
    space = dice_space(5)
    assert len(space.hands) == 252
    assert len(space.keeps) == 462 == sum(len(sorted_hands(k)) for k in range(6))


@pytest.mark.parametrize("n", [2, 3, 5])
def test_transitions_count_ordered_rerolls(n):
    space = dice_space(n)
    for k, keep in enumerate(space.keeps):
        counted = Counter(tuple(sorted(keep + r)) for r in ordered_rolls(n - len(keep)))
        row = {space.hands[i]: int(c) for i, c in enumerate(space.transitions[k]) if c}
        assert row == dict(counted)
        assert space.scaled[k].sum() == 6**n


def test_subkeeps_are_every_distinct_hold():
    space = dice_space(5)
    for i, hand in enumerate(space.hands):
        listed = {space.keeps[j] for j in space.subkeeps[i] if j < len(space.keeps)}
        by_positions = {
            tuple(sorted(d for d, h in zip(hand, held) if h))
            for held in itertools.product((False, True), repeat=5)
        }
        assert listed == by_positions == set(sub_hands(hand))


def test_remove_and_as_hand():
    assert remove((1, 3, 3, 4, 6), (3, 6)) == (1, 3, 4)
    assert as_hand([6, 1, 3]) == (1, 3, 6)
    for bad in ([0], [7], [1.5], ["3"], [True]):
        with pytest.raises(DiceError):
            as_hand(bad)
    with pytest.raises(DiceError):
        as_hand([1, 2], n=5)
    with pytest.raises(DiceError):
        dice_space(7)


def brute_expectimax(n: int, values: dict, rolls: int) -> Fraction:
    """Positions held, ordered rerolls, Fractions: the obvious way."""
    worth = {h: Fraction(v) for h, v in values.items()}
    for _ in range(1, rolls):
        new = {}
        for hand in worth:
            best = None
            for held in itertools.product((False, True), repeat=n):
                kept = [d for d, h in zip(hand, held) if h]
                rolls_ = list(ordered_rolls(n - len(kept)))
                value = sum(worth[tuple(sorted(kept + list(r)))] for r in rolls_) / len(rolls_)
                best = value if best is None else max(best, value)
            new[hand] = best
        worth = new
    return sum(worth[tuple(sorted(r))] for r in ordered_rolls(n)) / 6**n


@settings(max_examples=40, deadline=None)
@given(
    n=st.integers(1, 3),
    rolls=st.integers(1, 3),
    data=st.data(),
)
def test_reroll_plan_matches_brute_force_on_random_values(n, rolls, data):
    hands = sorted_hands(n)
    values = data.draw(st.lists(st.integers(-50, 50), min_size=len(hands), max_size=len(hands)))
    plan = plan_rerolls(dice_space(n), np.array([values]), rolls)
    assert exact_chance(plan, 0) == brute_expectimax(n, dict(zip(hands, values)), rolls)


def test_reroll_plan_rejects_zero_rolls():
    with pytest.raises(ValueError):
        plan_rerolls(dice_space(2), np.zeros((1, 21), dtype=np.int64), 0)


# --- the table type -------------------------------------------------------


def small_table() -> OddsTable:
    return OddsTable(
        "Two dice",
        (Column("event", "Event"), Column("p", "P", PROBABILITY), Column("e", "E", EXPECTATION)),
        (
            {"event": "double", "p": Fraction(1, 6), "e": Fraction(7)},
            {"event": "sum_is_2", "p": Fraction(1, 36), "e": Fraction(2)},
        ),
        {"game": "demo"},
        note="a note",
    )


def test_table_exports_are_exact_and_parse_back():
    table = small_table()
    data = json.loads(table.to_json())
    assert data["game"] == "demo"
    assert [parse_fraction(r["p"]) for r in data["rows"]] == [Fraction(1, 6), Fraction(1, 36)]
    assert data["rows"][0]["e"] == "7/1"
    lines = table.to_csv().splitlines()
    assert lines[0] == "event,p,p_decimal,e,e_decimal"
    assert lines[2].startswith("sum_is_2,1/36,0.027777777778,2/1,")
    md = table.to_markdown()
    assert "| double | 1/6 | 16.67% | 1 in 6 | 7 | 7.0000 |" in md
    latex = table.to_latex()
    assert r"$\frac{1}{36}$" in latex and latex.startswith(r"\begin{tabular}")
    assert r"sum\_is\_2" in latex
    assert table._repr_latex_().startswith("$$\\begin{array}")
    assert "<table>" in table._repr_html_() and 'title="1/36"' in table._repr_html_()
    assert "a note" in str(table) and table._repr_markdown_().startswith("**Two dice**")


def test_table_lookups_and_sympy():
    table = small_table()
    assert table.value("double", "p") == Fraction(1, 6)
    assert table.column("p") == {"double": Fraction(1, 6), "sum_is_2": Fraction(1, 36)}
    with pytest.raises(KeyError):
        table.row("triple")
    import sympy

    assert table.to_sympy()[0]["p"] == sympy.Rational(1, 6)


def test_table_rejects_rows_with_missing_values():
    with pytest.raises(SettingsError):
        OddsTable("bad", (Column("a", "A"), Column("b", "B")), ({"a": 1},))


def test_wide_tables_are_compact():
    columns = tuple(Column(f"c{i}", f"C{i}", PROBABILITY) for i in range(3))
    table = OddsTable(
        "wide",
        (Column("k", "K"), *columns),
        ({"k": 1, **{f"c{i}": Fraction(1, 3) for i in range(3)}},),
    )
    assert table.view_style == "percent"
    fractions = dataclasses.replace(table, style="fraction")
    assert fractions.to_markdown().splitlines()[2] == "| 1 | 1/3 | 1/3 | 1/3 |"
    with pytest.raises(SettingsError):
        dataclasses.replace(table, style="fancy")
    assert table.to_markdown().splitlines()[0] == "| K | C0 | C1 | C2 |"


def test_number_texts():
    assert percent_text(Fraction(1, 3)) == "33.33%"
    assert one_in_text(Fraction(5, 162)) == "1 in 32"
    assert one_in_text(1) == "certain"
    assert one_in_text(Fraction(999, 1000)) == "1 in 1.001"


def test_select_keeps_some_columns():
    table = small_table().select("event", "p")
    assert [c.key for c in table.columns] == ["event", "p"]
    assert table.value("double", "p") == Fraction(1, 6)
    with pytest.raises(SettingsError):
        small_table().select("nope")


def test_the_same_message_twice_flashes_again() -> None:
    from dicelab.core.ui.message import MessageArea

    area = MessageArea()
    area.error("Roll the dice first")
    first = [c for c in area._dom_classes if c.startswith("dicelab-flash-")]
    area.error("Roll the dice first")
    second = [c for c in area._dom_classes if c.startswith("dicelab-flash-")]
    assert len(first) == len(second) == 1 and first != second  # a new animation
    area.clear()
    assert not any(c.startswith("dicelab-flash-") for c in area._dom_classes)
