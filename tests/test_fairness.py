"""The chi-square test of a die: the statistic by hand, the p-value against the
printed tables (and a simulation), bad tallies, and the widget by clicking."""

from __future__ import annotations

import math
import sys
from fractions import Fraction

import numpy as np
import pytest

from dicelab.core.present import fairness
from dicelab.core.present.fairness import (
    FairnessResult,
    TallyWidget,
    chi_square,
    chi_square_tail,
    fairness_test,
)
from dicelab.errors import SettingsError

LOADED = [12, 16, 20, 17, 22, 33]  # 120 rolls, 20 expected of each face


def test_the_statistic_is_the_hand_computation():
    # (12-20)² + (16-20)² + 0 + (17-20)² + (22-20)² + (33-20)² = 64+16+0+9+4+169 = 262
    assert chi_square(LOADED) == Fraction(262, 20) == Fraction(131, 10)
    # 7 rolls: expected 7/6 of each face, so the statistic is a fraction
    seven = [2, 1, 1, 1, 1, 1]
    expected = Fraction(7, 6)
    by_hand = sum((c - expected) ** 2 / expected for c in seven)
    assert chi_square(seven) == by_hand == Fraction(5, 7)
    assert chi_square([np.int64(10)] * 6) == 0


@pytest.mark.parametrize(
    "x, df, p",
    [
        (11.0705, 5, 0.05),  # the 5% point for 5 degrees of freedom
        (15.0863, 5, 0.01),
        (9.2364, 5, 0.10),
        (1.1455, 5, 0.95),
        (3.8415, 1, 0.05),
        (5.9915, 2, 0.05),
        (7.8147, 3, 0.05),
        (9.4877, 4, 0.05),
        (18.307, 10, 0.05),
        (23.2093, 10, 0.01),
    ],
)
def test_the_p_value_matches_the_printed_tables(x, df, p):
    assert chi_square_tail(x, df) == pytest.approx(p, abs=5e-5)


def test_the_p_value_of_df_5_is_the_closed_form_and_a_simulation_of_fair_dice():
    x = 11.07
    closed = math.erfc((x / 2) ** 0.5) + (2 * x / np.pi) ** 0.5 * np.exp(-x / 2) * (1 + x / 3)
    assert chi_square_tail(x, 5) == pytest.approx(closed, rel=1e-12)
    assert chi_square_tail(0, 5) == 1.0 and chi_square_tail(200, 5) < 1e-40
    rng = np.random.default_rng(9)
    counts = rng.multinomial(600, [1 / 6] * 6, size=40_000)
    stats = ((counts - 100) ** 2 / 100).sum(axis=1)
    share = float((stats >= x).mean())
    assert abs(share - 0.05) < 3 * (0.05 * 0.95 / 40_000) ** 0.5


def test_the_result_says_what_it_means():
    loaded = fairness_test(LOADED)
    assert isinstance(loaded, FairnessResult)
    assert (loaded.df, loaded.rolls, loaded.tallies) == (5, 120, tuple(LOADED))
    assert loaded.p_value == pytest.approx(0.0225, abs=1e-4)
    assert "looks loaded" in loaded.sentence and str(loaded) == loaded.sentence
    fair = fairness_test([18, 23, 16, 21, 24, 18])
    assert fair.statistic == Fraction(5, 2) and "no evidence" in fair.sentence
    assert "only rough" in fairness_test([3, 2, 1, 0, 4, 2]).sentence
    assert "less than 1 in 1000" in fairness_test([0, 0, 0, 0, 0, 60]).sentence


@pytest.mark.parametrize(
    "tallies, words",
    [
        ([1, 2, 3], "must be 6 counts"),
        ([1, 2, 3, 4, 5, 6, 7], "must be 6 counts"),
        ([1, 2, 3, 4, 5, -1], "the count of face 6 must be a whole number 0 or more"),
        ([1, 2.5, 3, 4, 5, 6], "the count of face 2 must be a whole number"),
        ([1, True, 3, 4, 5, 6], "the count of face 2"),
        ([0] * 6, "at least one roll"),
        ("123456", "must be a list"),
        (None, "must be a list"),
    ],
)
def test_bad_tallies_say_what_is_wrong_in_one_line(tallies, words):
    with pytest.raises(SettingsError, match=words) as error:
        fairness_test(tallies)
    assert "\n" not in str(error.value)


def test_bad_statistics_and_degrees_of_freedom():
    with pytest.raises(SettingsError, match="degrees of freedom"):
        chi_square_tail(3.0, 0)
    with pytest.raises(SettingsError, match="finite"):
        chi_square_tail(float("nan"), 5)


def test_ipywidgets_is_imported_only_for_the_widget(monkeypatch):
    source = fairness.__file__
    with open(source, encoding="utf-8") as handle:
        top = handle.read().split("class TallyWidget")[0]
    assert "import ipywidgets" not in top
    monkeypatch.setitem(sys.modules, "ipywidgets", None)  # any import of it now fails
    assert fairness_test(LOADED).df == 5
    with pytest.raises(ImportError):
        TallyWidget()


def test_the_widget_tests_the_tallies_on_a_click():
    widget = TallyWidget()
    assert len(widget.boxes) == 6 and widget.button.description == "Test"
    for box, count in zip(widget.boxes, LOADED):
        box.value = count
    widget.button.click()
    assert widget.result == fairness_test(LOADED)
    assert "looks loaded" in widget.message.value
    widget.boxes[5].value = -3
    widget.button.click()
    assert widget.result is None and "Cannot test" in widget.message.value
    assert "face 6" in widget.message.value
    started = TallyWidget([18, 23, 16, 21, 24, 18])
    started.button.click()
    assert started.result is not None and "no evidence" in started.message.value
    bundle = started._repr_mimebundle_()
    assert bundle["text/plain"].startswith("TallyWidget")
    assert "application/vnd.jupyter.widget-view+json" in bundle
    with pytest.raises(SettingsError, match="6 counts"):
        TallyWidget([1, 2])
