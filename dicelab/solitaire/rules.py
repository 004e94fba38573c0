"""The rules of Sid Sackson's Solitaire Dice, as pure functions (RULES.md §2).

A roll of five dice is split into two pairs and a discard.  The sheet has
the pair sums 2..12, each with a point value, and the discard numbers 1..6.

>>> [VALUES[s] for s in SUMS]
[100, 70, 60, 50, 40, 30, 40, 50, 60, 70, 100]
>>> score_marks({3: 7, 4: 2, 6: 8, 7: 11, 8: 2, 11: 8})  # seed 000's worked example
220
>>> legal_splits([1, 4, 4, 4, 6], discards={1, 2, 5})  # seed 000: no choice at all
[Split(pairs=(8, 10), discard=1)]
>>> legal_splits([3, 4, 4, 6, 6], discards={1, 2, 5})[0]  # none of 1, 2, 5: a free throw
Split(pairs=(7, 10), discard=None)

Decisions the seeds leave open (each one tested):

- a split is unordered: the pairs (9, 5) and (5, 9) are the same split;
- "distinct options only": two splits are the same option when they have
  the same pair sums and the same discard, whichever dice make them;
- until three discard numbers are chosen, any die may be the discard (a new
  number joins the three); once three are chosen and the roll shows one or
  more of them, the discard must be one of them (the player picks which);
- a roll that shows none of the three is a free throw: any two pairs of the
  five dice, the fifth die ignored, no discard mark (`discard=None`);
- the game ends when a discard number receives its 8th mark, after that
  roll's pairs are marked; a free throw marks no discard, so never ends it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from dicelab.core.dice.hands import FACES, Hand, as_hand
from dicelab.core.engine.checks import is_whole, items_of, whole_number
from dicelab.errors import SettingsError

SUMS: tuple[int, ...] = tuple(range(2, 13))
VALUES: dict[int, int] = dict(zip(SUMS, (100, 70, 60, 50, 40, 30, 40, 50, 60, 70, 100)))
DISCARD_NUMBERS: tuple[int, ...] = FACES
MAX_DISCARDS = 3
END_MARK = 8
PENALTY = -200
BREAK_EVEN = 5
CAP = 10
WIN = 500
DICE = 5

RULE_DISCARDS = "at most three discard numbers"


def check_sum(total: Any) -> int:
    """A pair sum, checked to be a whole number 2..12."""
    if not is_whole(total) or total not in VALUES:
        raise SettingsError(f"a pair sum is a whole number 2 to 12, not {total!r}")
    return int(total)


def check_marks(marks: Any) -> int:
    """A number of marks, checked to be a whole number 0 or more."""
    if not is_whole(marks) or marks < 0:
        raise SettingsError(f"marks are a whole number 0 or more, not {marks!r}")
    return int(marks)


def line_score(total: int, marks: int) -> int:
    """The points of one line of the sheet: sum `total` with `marks` marks.

    0 marks score 0; 1 to 4 marks -200; 5 marks 0; 6 to 10 marks
    value x (marks - 5); marks beyond the 10th count as the 10th.

    >>> [line_score(7, m) for m in (0, 1, 4, 5, 6, 10, 11)]
    [0, -200, -200, 0, 30, 150, 150]
    >>> line_score(2, 8)
    300
    """
    value = VALUES[check_sum(total)]
    marks = check_marks(marks)
    if marks == 0 or marks == BREAK_EVEN:
        return 0
    if marks < BREAK_EVEN:
        return PENALTY
    return value * (min(marks, CAP) - BREAK_EVEN)


def score_marks(marks: Mapping[int, int]) -> int:
    """The total of a sheet given the marks of each pair sum (missing sums: 0).

    >>> score_marks({7: 11, 8: 2})
    -50
    """
    return sum(line_score(total, count) for total, count in marks.items())


@dataclass(frozen=True)
class Split:
    """One option for a roll: two pair sums and the discard (None: a free throw).

    The pairs are unordered and kept sorted, so `Split((9, 5), 1) == Split((5, 9), 1)`.

    >>> Split((9, 5), 1)
    Split(pairs=(5, 9), discard=1)
    >>> print(Split((9, 5), 1), "|", Split((7, 7)))
    5 + 9, discard 1 | 7 + 7, free throw
    """

    pairs: tuple[int, int]
    discard: int | None = None

    def __post_init__(self) -> None:
        given: Any = self.pairs
        if isinstance(given, (str, bytes)) or not isinstance(given, Iterable):
            raise SettingsError(f"pairs are two pair sums 2..12, not {given!r}")
        sums = sorted(check_sum(p) for p in given)
        if len(sums) != 2:
            raise SettingsError(f"a split has two pairs, not {len(sums)}")
        object.__setattr__(self, "pairs", (sums[0], sums[1]))
        if self.discard is not None:
            discard = whole_number(self.discard, "a discard (a die face or None)", 1, 6)
            object.__setattr__(self, "discard", discard)

    @property
    def free(self) -> bool:
        """Whether this is a free throw (no discard marked)."""
        return self.discard is None

    def key(self) -> tuple[int, int, int]:
        """A sort key: discard first (a free throw as 0), then the pairs."""
        return (self.discard or 0, *self.pairs)

    def __str__(self) -> str:
        end = "free throw" if self.discard is None else f"discard {self.discard}"
        return f"{self.pairs[0]} + {self.pairs[1]}, {end}"


def check_discards(discards: Iterable[int]) -> frozenset[int]:
    """The chosen discard numbers, checked: at most three faces 1..6.

    >>> sorted(check_discards([5, 1, 5]))
    [1, 5]
    """
    faces = items_of(discards, "the discard numbers")
    chosen = frozenset(whole_number(f, "a discard number", 1, 6) for f in faces)
    if len(chosen) > MAX_DISCARDS:
        raise SettingsError(f"{RULE_DISCARDS}, not {len(chosen)}")
    return chosen


def pairings(four: Hand) -> tuple[tuple[int, int], ...]:
    """The distinct ways to pair four dice, as sorted pair sums.

    >>> pairings((1, 2, 4, 5))  # 1+2 & 4+5, 1+4 & 2+5, 1+5 & 2+4
    ((3, 9), (5, 7), (6, 6))
    >>> pairings((3, 3, 3, 3))
    ((6, 6),)
    """
    a, b, c, d = four
    sums = ((a + b, c + d), (a + c, b + d), (a + d, b + c))
    ways = {(min(x, y), max(x, y)) for x, y in sums}
    return tuple(sorted(ways))


@cache
def _by_discard(hand: Hand) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """For each distinct face of a sorted hand, the pairings of the other four dice."""
    out = []
    for face in sorted(set(hand)):
        rest = list(hand)
        rest.remove(face)
        out.append((face, pairings(tuple(rest))))
    return tuple(out)


@cache
def _free_pairings(hand: Hand) -> tuple[tuple[int, int], ...]:
    """The distinct pairings of any four of the five dice of a sorted hand."""
    ways = {p for four in itertools.combinations(hand, 4) for p in pairings(four)}
    return tuple(sorted(ways))


def is_free_throw(dice: Iterable[int], discards: Iterable[int]) -> bool:
    """Whether the roll is a free throw: three numbers chosen and none shows.

    >>> is_free_throw([3, 4, 4, 6, 6], {1, 2, 5}), is_free_throw([3, 4, 4, 6, 6], {1, 2})
    (True, False)
    """
    chosen = check_discards(discards)
    hand = as_hand(dice, DICE)
    return len(chosen) == MAX_DISCARDS and not chosen.intersection(hand)


@cache
def raw_options(hand: Hand, chosen: frozenset[int]) -> tuple[tuple[int, int, int], ...]:
    """The legal options of a sorted hand as (sum, sum, discard or 0), in `legal_splits` order.

    >>> raw_options((1, 4, 4, 4, 6), frozenset({1, 2, 5}))
    ((8, 10, 1),)
    """
    if len(chosen) == MAX_DISCARDS and not chosen.intersection(hand):
        return tuple((a, b, 0) for a, b in _free_pairings(hand))
    forced = len(chosen) == MAX_DISCARDS
    return tuple(
        (a, b, face)
        for face, ways in _by_discard(hand)
        if not forced or face in chosen
        for a, b in ways
    )


def legal_splits(dice: Iterable[int], discards: Iterable[int] = ()) -> list[Split]:
    """Every distinct legal option for a roll, given the discard numbers chosen so far.

    In order: by discard, then by pair sums (a free throw lists pairs only).

    >>> [str(s) for s in legal_splits([1, 1, 2, 4, 5])][:4]  # seed 000's first roll
    ['3 + 9, discard 1', '5 + 7, discard 1', '6 + 6, discard 1', '2 + 9, discard 2']
    >>> len(legal_splits([1, 1, 2, 4, 5])), len(legal_splits([1, 1, 2, 4, 5], {1, 3, 6}))
    (9, 3)
    """
    options = raw_options(as_hand(dice, DICE), check_discards(discards))
    return [Split((a, b), d or None) for a, b, d in options]
