"""Solitaire Dice rules and sheet: scoring, legal splits, the free throw, rendering."""

from __future__ import annotations

import itertools

import pytest

from dicelab.errors import DiceError, IllegalMove, SettingsError
from dicelab.solitaire.rules import (
    SUMS,
    VALUES,
    Split,
    is_free_throw,
    legal_splits,
    line_score,
    score_marks,
)
from dicelab.solitaire.sheet import Sheet, tally
from dicelab.solitaire.tables import discard_subsets

WORKED = {3: 7, 4: 2, 6: 8, 7: 11, 8: 2, 11: 8}


def brute_splits(dice: tuple[int, ...], chosen: frozenset[int]) -> set[tuple]:
    """The options of a roll straight from RULES.md §2, die by die (slow and obvious)."""
    positions = range(5)
    shown = set(dice)
    free = len(chosen) == 3 and not (chosen & shown)
    options = set()
    for left_out in positions:
        face = dice[left_out]
        if len(chosen) == 3 and not free and face not in chosen:
            continue
        rest = [p for p in positions if p != left_out]
        for first in itertools.combinations(rest, 2):
            second = [p for p in rest if p not in first]
            sums = tuple(sorted((sum(dice[p] for p in first), sum(dice[p] for p in second))))
            options.add((sums, None if free else face))
    return options


# --- scoring --------------------------------------------------------------------


def test_values_of_the_sheet() -> None:
    assert [VALUES[s] for s in SUMS] == [100, 70, 60, 50, 40, 30, 40, 50, 60, 70, 100]


@pytest.mark.parametrize(
    ("marks", "points"),
    [(0, 0), (1, -200), (2, -200), (4, -200), (5, 0), (6, 30), (8, 90), (10, 150), (11, 150)],
)
def test_line_score_of_seven(marks: int, points: int) -> None:
    assert line_score(7, marks) == points


def test_line_score_every_sum_and_cap() -> None:
    for s in SUMS:
        assert line_score(s, 10) == line_score(s, 25) == 5 * VALUES[s]
        assert line_score(s, 6) == VALUES[s]


def test_worked_example_scores_220() -> None:
    lines = {s: line_score(s, m) for s, m in WORKED.items()}
    assert lines == {3: 140, 4: -200, 6: 120, 7: 150, 8: -200, 11: 210}
    assert score_marks(WORKED) == 220
    sheet = Sheet.from_marks(WORKED, {1: 8, 3: 7, 6: 4})
    assert sheet.score == 220 and sheet.finished
    # 38 pair marks = 19 rolls = 19 discard marks: no free throw (the seed says 40 and one)
    assert (sheet.rolls, sheet.free_throws) == (19, 0)


@pytest.mark.parametrize("bad", [(1, 3), (13, 3), (7, -1), (7, 1.5), (True, 2)])
def test_line_score_rejects_nonsense(bad: tuple) -> None:
    with pytest.raises(SettingsError):
        line_score(*bad)


# --- splits ---------------------------------------------------------------------


def test_split_is_unordered_and_checked() -> None:
    assert Split((9, 5), 1) == Split((5, 9), 1)
    assert hash(Split((9, 5))) == hash(Split((5, 9)))
    for pairs, discard in [((1, 5), 1), ((5,), 1), ((5, 9), 7), ((5, 9), 0), ("59", 1)]:
        with pytest.raises(SettingsError):
            Split(pairs, discard)  # type: ignore[arg-type]


def test_seed_first_example_1_1_2_4_5() -> None:
    options = legal_splits([1, 1, 2, 4, 5])
    assert Split((3, 9), 1) in options  # the seed's choice: 1+2, 4+5, leave a 1 out
    assert len(options) == len(set(options)) == 9
    assert {s.discard for s in options} == {1, 2, 4, 5}


def test_seed_forced_example() -> None:
    assert legal_splits([1, 4, 4, 4, 6], {1, 2, 5}) == [Split((8, 10), 1)]


def test_seed_free_throw_example() -> None:
    assert is_free_throw([3, 4, 4, 6, 6], {1, 2, 5})
    options = legal_splits([3, 4, 4, 6, 6], {1, 2, 5})
    assert all(s.free for s in options)
    assert {s.pairs for s in options} == {(7, 10), (8, 9), (9, 10), (7, 12), (10, 10), (8, 12)}


def test_second_seed_example_any_die_on_a_free_throw() -> None:
    # seed 001: discards 2, 3, 5 and a roll of 1 1 4 4 6: free to leave out any die
    options = legal_splits([1, 1, 4, 4, 6], {2, 3, 5})
    assert all(s.free for s in options)
    assert {(2, 8), (5, 5), (2, 10), (5, 7), (5, 10), (7, 8)} <= {s.pairs for s in options}


def test_with_three_discards_the_discard_is_one_of_them() -> None:
    options = legal_splits([1, 2, 3, 4, 6], {1, 2, 5})
    assert {s.discard for s in options} == {1, 2}


def test_before_three_any_die_may_be_the_discard() -> None:
    assert {s.discard for s in legal_splits([1, 2, 3, 4, 6], {1, 2})} == {1, 2, 3, 4, 6}


@pytest.mark.parametrize("chosen", discard_subsets())
def test_legal_splits_match_brute_force_for_every_hand(chosen: frozenset[int]) -> None:
    for hand in itertools.combinations_with_replacement(range(1, 7), 5):
        fast = legal_splits(hand, chosen)
        assert len(fast) == len(set(fast))
        assert {(s.pairs, s.discard) for s in fast} == brute_splits(hand, chosen), hand


def test_four_discard_numbers_are_refused() -> None:
    with pytest.raises(SettingsError):
        legal_splits([1, 2, 3, 4, 5], {1, 2, 3, 4})
    with pytest.raises(DiceError):
        legal_splits([1, 2, 3, 4, 7])


# --- the sheet ------------------------------------------------------------------


def test_sheet_marks_and_discards() -> None:
    sheet = Sheet.empty().play([1, 1, 2, 4, 5], Split((9, 3), 1))
    assert (sheet.marks(3), sheet.marks(9), sheet.discard_marks(1)) == (1, 1, 1)
    assert sheet.chosen == {1} and sheet.rolls == 1 and sheet.score == -400
    same = sheet.play([6, 6, 6, 6, 6], Split((12, 12), 6))
    assert same.marks(12) == 2 and same.chosen == {1, 6}


def test_sheet_refuses_an_illegal_split_and_stays_the_same() -> None:
    sheet = Sheet.from_marks({}, {})
    with pytest.raises(IllegalMove) as info:
        sheet.play([1, 1, 2, 4, 5], Split((2, 2), 1))
    assert info.value.rule == "a legal split of this roll"
    assert sheet == Sheet.empty()


def test_sheet_ends_at_the_eighth_mark() -> None:
    sheet = Sheet.from_marks({7: 14}, {1: 7})
    assert not sheet.finished
    done = sheet.play([1, 3, 4, 3, 4], Split((7, 7), 1))
    assert done.finished and done.discard_marks(1) == 8
    with pytest.raises(IllegalMove):
        done.play([1, 3, 4, 3, 4], Split((7, 7), 1))


@pytest.mark.parametrize(
    ("sums", "discards"),
    [
        ({7: 2}, {1: 1, 2: 1, 3: 1, 4: 1}),  # four discard numbers
        ({7: 20}, {1: 9}),  # nine marks
        ({7: 20}, {1: 8, 2: 8}),  # two eighth marks
        ({7: 3}, {}),  # odd pair marks
        ({7: 2}, {1: 2}),  # more discards than rolls
    ],
)
def test_impossible_sheets_are_refused(sums: dict, discards: dict) -> None:
    with pytest.raises(SettingsError):
        Sheet.from_marks(sums, discards)


def test_tally_marks() -> None:
    assert [tally(m) for m in (0, 1, 5, 7, 11)] == ["", "I", "IIIII", "IIIII II", "IIIII IIIII I"]


def test_sheet_renders_the_seed_layout_as_text_and_html() -> None:
    sheet = Sheet.from_marks(WORKED, {1: 8, 3: 7, 6: 4})
    text = sheet.to_text()
    lines = text.splitlines()
    assert lines[0].startswith("(100)  2")
    assert "IIIII II" in lines[1] and lines[1].endswith("+140")
    assert lines[3].split()[-3:] == ["1", "IIIII", "III"]  # discards beside the sums 5..10
    assert lines[8].split()[-2:] == ["6", "IIII"]
    assert lines[-3:] == [" " * 29 + "+620", " " * 29 + "-400", " " * 22 + "total   220"]
    page = sheet._repr_html_()
    for piece in ("(100)", "IIIII IIIII I", "+210", "-200", "+620 / -400", "<b>220</b>"):
        assert piece in page
    assert str(sheet) == text and "Sheet.from_marks" in repr(sheet)
