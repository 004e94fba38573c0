"""Hands of dice as sorted multisets, with integer counts.

Five dice have 6**5 = 7776 ordered outcomes but only 252 *hands* (sorted
multisets).  A hand stands for as many ordered outcomes as its multinomial
weight, so every probability here is an integer count over 6**n.

>>> space = dice_space(5)
>>> len(space.hands), len(space.keeps), int(space.weights.sum())
(252, 462, 7776)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from dicelab.errors import DiceError

FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
MAX_DICE = 6

Hand = tuple[int, ...]


def as_hand(dice: Iterable[int], n: int | None = None) -> Hand:
    """Check a roll and return it as a sorted hand.

    >>> as_hand([6, 1, 3, 3, 4])
    (1, 3, 3, 4, 6)
    >>> as_hand([1, 7])
    Traceback (most recent call last):
    ...
    dicelab.errors.DiceError: a die shows 1 to 6, not 7
    """
    if isinstance(dice, (str, bytes)) or not isinstance(dice, Iterable):
        raise DiceError(f"dice are a list of faces 1 to 6, not {dice!r}")
    faces = list(dice)
    for face in faces:
        if isinstance(face, bool) or not isinstance(face, (int, np.integer)):
            raise DiceError(f"a die shows a whole number 1 to 6, not {face!r}")
        if not 1 <= face <= 6:
            raise DiceError(f"a die shows 1 to 6, not {face}")
    if n is not None and len(faces) != n:
        raise DiceError(f"expected {n} dice, got {len(faces)}")
    return tuple(sorted(int(f) for f in faces))


def face_counts(hand: Iterable[int]) -> tuple[int, ...]:
    """How many dice show each face 1..6.

    >>> face_counts((1, 3, 3, 4, 6))
    (1, 0, 2, 1, 0, 1)
    """
    counts = [0] * 6
    for face in hand:
        counts[face - 1] += 1
    return tuple(counts)


def weight(hand: Sequence[int]) -> int:
    """The number of ordered rolls that sort to this hand (a multinomial).

    >>> weight((1, 1, 2, 3, 3))  # 5! / (2! 1! 2!)
    30
    >>> weight((4, 4, 4, 4, 4))
    1
    """
    result = math.factorial(len(hand))
    for count in face_counts(hand):
        result //= math.factorial(count)
    return result


def sorted_hands(n: int) -> tuple[Hand, ...]:
    """All hands of n dice, in lexicographic order.

    >>> len(sorted_hands(5)), sorted_hands(2)[:3]
    (252, ((1, 1), (1, 2), (1, 3)))
    """
    return tuple(itertools.combinations_with_replacement(FACES, n))


def sub_hands(hand: Hand) -> list[Hand]:
    """Every distinct sub-multiset of a hand (the holds it allows), largest first.

    >>> sub_hands((2, 2, 5))
    [(2, 2, 5), (2, 2), (2, 5), (2,), (5,), ()]
    """
    return list(_sub_hands(hand))


@cache
def _sub_hands(hand: Hand) -> tuple[Hand, ...]:
    counts = face_counts(hand)
    choices = itertools.product(*(range(c, -1, -1) for c in counts))
    subs = [tuple(f for f, c in zip(FACES, pick) for _ in range(c)) for pick in choices]
    return tuple(sorted(subs, key=lambda s: (-len(s), s)))


def remove(hand: Hand, part: Hand) -> Hand:
    """The dice of a hand that are not in `part` (a sub-multiset of it).

    >>> remove((1, 3, 3, 4, 6), (3, 6))
    (1, 3, 4)
    """
    rest = list(hand)
    for face in part:
        rest.remove(face)
    return tuple(rest)


def ordered_rolls(n: int) -> Iterable[tuple[int, ...]]:
    """All 6**n ordered outcomes of n dice: the slow, obvious way to count."""
    return itertools.product(FACES, repeat=n)


@dataclass(frozen=True, eq=False)
class DiceSpace:
    """Integer tables for hands of `n` dice, built once and cached.

    - `hands[i]`, `weights[i]`: the hand and its count of ordered rolls;
    - `keeps[k]`: every hand of 0..n dice (what a player can hold);
    - `transitions[k, i]`: ordered rerolls turning keep k into hand i
      (row k sums to 6**(n - len(keeps[k])));
    - `scaled[k, i]`: the same over the common denominator 6**n;
    - `subkeeps[i]`: indices of the keeps inside hand i, padded with
      `len(keeps)` (a sentinel slot for "no keep").
    """

    n: int
    hands: tuple[Hand, ...]
    index: dict[Hand, int]
    weights: np.ndarray
    keeps: tuple[Hand, ...]
    keep_index: dict[Hand, int]
    keep_sizes: np.ndarray
    transitions: np.ndarray
    scaled: np.ndarray
    subkeeps: np.ndarray

    @property
    def outcomes(self) -> int:
        """6**n, the number of ordered rolls."""
        return 6**self.n


def _build_space(n: int) -> DiceSpace:
    hands = sorted_hands(n)
    index = {h: i for i, h in enumerate(hands)}
    keeps = tuple(k for size in range(n + 1) for k in sorted_hands(size))
    keep_index = {k: j for j, k in enumerate(keeps)}
    keep_sizes = np.array([len(k) for k in keeps], dtype=np.int64)
    transitions = np.zeros((len(keeps), len(hands)), dtype=np.int64)
    subs = [sub_hands(h) for h in hands]
    for i, hand in enumerate(hands):
        for sub in subs[i]:
            transitions[keep_index[sub], i] = weight(remove(hand, sub))
    scaled = transitions * (6**keep_sizes)[:, None]
    width = max(len(s) for s in subs)
    subkeeps = np.full((len(hands), width), len(keeps), dtype=np.int64)
    for i, hand_subs in enumerate(subs):
        subkeeps[i, : len(hand_subs)] = [keep_index[s] for s in hand_subs]
    weights = np.array([weight(h) for h in hands], dtype=np.int64)
    for array in (weights, keep_sizes, transitions, scaled, subkeeps):
        array.setflags(write=False)
    return DiceSpace(
        n, hands, index, weights, keeps, keep_index, keep_sizes, transitions, scaled, subkeeps
    )


@cache
def dice_space(n: int) -> DiceSpace:
    """The cached integer tables for hands of n dice (1 <= n <= 6).

    >>> s = dice_space(5)
    >>> int(s.transitions[s.keep_index[(6, 6, 6, 6)]].sum())  # one die rerolled
    6
    """
    if not 1 <= n <= MAX_DICE:
        raise DiceError(f"dicelab handles 1 to {MAX_DICE} dice, not {n}")
    return _build_space(n)
