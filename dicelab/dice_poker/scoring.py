"""Pure scoring functions: one roll of five dice in, points out.

Each function takes the five dice in any order and returns what the box
scores (0 when the roll does not qualify).

>>> score_two_pairs([2, 2, 5, 5, 1]), score_full_house([2, 2, 2, 3, 3])
(15, 25)
>>> score_small_straight([2, 3, 4, 5, 5]), score_yatzy_pair([5, 5, 3, 3, 1])
(30, 10)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dicelab.core.dice.hands import as_hand, face_counts

Dice = Sequence[int]
Scorer = Callable[[Dice], int]
Test = Callable[[Dice], bool]

RUNS_OF_FOUR = ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6})
RUNS_OF_FIVE = ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})


def _counts(dice: Dice) -> tuple[int, ...]:
    return face_counts(as_hand(dice, 5))


def _paired_faces(dice: Dice, at_least: int = 2) -> list[int]:
    """Faces shown by at least `at_least` dice, highest first."""
    counts = _counts(dice)
    return [f for f in range(6, 0, -1) if counts[f - 1] >= at_least]


# --- what qualifies -------------------------------------------------------


def has_kind(dice: Dice, n: int) -> bool:
    """At least n dice show one face.

    >>> has_kind([5, 5, 5, 2, 5], 4), has_kind([5, 5, 5, 2, 1], 4)
    (True, False)
    """
    return max(_counts(dice)) >= n


def has_two_pairs(dice: Dice) -> bool:
    """Two different faces each show at least twice (a full house does too).

    >>> has_two_pairs([2, 2, 2, 3, 3]), has_two_pairs([4, 4, 4, 4, 1])
    (True, False)
    """
    return len(_paired_faces(dice)) >= 2


def is_full_house(dice: Dice) -> bool:
    """Exactly three of one face and two of another.

    >>> is_full_house([2, 2, 2, 3, 3]), is_full_house([3, 3, 3, 3, 3])
    (True, False)
    """
    return sorted(c for c in _counts(dice) if c) == [2, 3]


def has_small_straight(dice: Dice) -> bool:
    """Four consecutive faces: 1-2-3-4, 2-3-4-5 or 3-4-5-6.

    >>> has_small_straight([2, 3, 4, 5, 5]), has_small_straight([1, 2, 3, 5, 6])
    (True, False)
    """
    faces = set(as_hand(dice, 5))
    return any(run <= faces for run in RUNS_OF_FOUR)


def has_large_straight(dice: Dice) -> bool:
    """Five consecutive faces: 1-2-3-4-5 or 2-3-4-5-6.

    >>> has_large_straight([6, 2, 5, 3, 4]), has_large_straight([1, 2, 3, 4, 6])
    (True, False)
    """
    return set(as_hand(dice, 5)) in RUNS_OF_FIVE


def is_five_of_a_kind(dice: Dice) -> bool:
    """All five dice show one face: a poker (a Yahtzee, a Yatzy).

    >>> is_five_of_a_kind([3, 3, 3, 3, 3])
    True
    """
    return max(_counts(dice)) == 5


def always(dice: Dice) -> bool:
    """Chance: every roll qualifies."""
    as_hand(dice, 5)
    return True


# --- points ---------------------------------------------------------------


def total(dice: Dice) -> int:
    """The sum of all five dice.

    >>> total([2, 3, 5, 6, 6])
    22
    """
    return sum(as_hand(dice, 5))


def upper_scorer(face: int) -> Scorer:
    """The upper box of a face: the sum of the dice showing it.

    >>> upper_scorer(5)([5, 5, 3, 2, 1])
    10
    """

    def score(dice: Dice) -> int:
        return face * _counts(dice)[face - 1]

    score.__name__ = f"score_upper_{face}"
    return score


def upper_test(face: int) -> Test:
    """At least one die shows the face (the box scores more than 0)."""
    return lambda dice: _counts(dice)[face - 1] > 0


def sum_if(test: Test) -> Scorer:
    """Score the sum of all dice when `test` holds, else 0."""
    return lambda dice: total(dice) if test(dice) else 0


def fixed_if(test: Test, points: int) -> Scorer:
    """Score `points` when `test` holds, else 0."""
    return lambda dice: points if test(dice) else 0


score_pair = sum_if(lambda d: has_kind(d, 2))
score_two_pairs = sum_if(has_two_pairs)
score_three_kind = sum_if(lambda d: has_kind(d, 3))
score_four_kind = sum_if(lambda d: has_kind(d, 4))
score_full_house = fixed_if(is_full_house, 25)
score_small_straight = fixed_if(has_small_straight, 30)
score_large_straight = fixed_if(has_large_straight, 40)
score_poker = fixed_if(is_five_of_a_kind, 50)
score_chance = total


# --- Scandinavian Yatzy ---------------------------------------------------


def score_yatzy_pair(dice: Dice) -> int:
    """One pair: twice the highest paired face.

    >>> score_yatzy_pair([3, 3, 6, 6, 6])
    12
    """
    faces = _paired_faces(dice)
    return 2 * faces[0] if faces else 0


def score_yatzy_two_pairs(dice: Dice) -> int:
    """Two different paired faces: the sum of those four dice.

    >>> score_yatzy_two_pairs([1, 1, 6, 6, 6]), score_yatzy_two_pairs([4, 4, 4, 4, 2])
    (14, 0)
    """
    faces = _paired_faces(dice)
    return 2 * (faces[0] + faces[1]) if len(faces) >= 2 else 0


def yatzy_kind_scorer(n: int) -> Scorer:
    """n of a kind in Yatzy: n times the face.

    >>> yatzy_kind_scorer(3)([2, 5, 5, 5, 5])
    15
    """

    def score(dice: Dice) -> int:
        faces = _paired_faces(dice, n)
        return n * faces[0] if faces else 0

    return score


def is_yatzy_small_straight(dice: Dice) -> bool:
    """Exactly 1-2-3-4-5."""
    return set(as_hand(dice, 5)) == {1, 2, 3, 4, 5}


def is_yatzy_large_straight(dice: Dice) -> bool:
    """Exactly 2-3-4-5-6."""
    return set(as_hand(dice, 5)) == {2, 3, 4, 5, 6}


score_yatzy_full_house = sum_if(is_full_house)
