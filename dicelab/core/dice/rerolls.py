"""Best play within one turn of rerolls, with exact integers.

A turn of Yahtzee-type games is: roll, keep some dice, reroll the rest, and
so on.  If a hand is worth `values[h]` at the end, the best that a player who
chooses the holds can expect is found backwards (an *expectimax*):

- a keep k with r rolls to come is worth the average over the reroll,
  `K_r[k] = sum_h transitions[k, h] * V_{r-1}[h] / 6**(n - |k|)`;
- a hand with r rolls to come is worth its best keep, `V_r[h] = max K_r[k]`
  over the keeps k inside h (keeping all dice is stopping).

Everything is kept as integer numerators over the common denominator
6**(n*r), so the maximum is taken exactly.

>>> import numpy as np
>>> from dicelab.core.dice.hands import dice_space
>>> space = dice_space(1)
>>> six = np.array([[0, 0, 0, 0, 0, 1]])  # one die: is it a six?
>>> plan = plan_rerolls(space, six, rolls=3)
>>> exact_chance(plan, 0)  # three tries at a six
Fraction(91, 216)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import numpy as np

from dicelab.core.dice.hands import DiceSpace, Hand

_INT64_SAFE = 2**62


@dataclass(frozen=True, eq=False)
class RerollPlan:
    """The backward induction for several targets at once (one row per target).

    `hand_values[r]` (targets x hands) is the value numerator of a hand seen
    with r rolls still to come, over `6**(n*r)`; `keep_values[r]` (targets x
    keeps) is the value of a keep just before the r-th roll from the end,
    over `6**(n*r)`.
    """

    space: DiceSpace
    rolls: int
    hand_values: tuple[np.ndarray, ...]
    keep_values: tuple[np.ndarray | None, ...]
    _fractions: dict[int, tuple[tuple[Fraction, ...], ...]] = field(
        default_factory=dict, repr=False
    )

    def denominator(self, rolls_left: int) -> int:
        """The common denominator of the values with `rolls_left` rolls to come."""
        return 6 ** (self.space.n * rolls_left)

    def start_numerators(self) -> np.ndarray:
        """Value of each target before the first roll, over 6**(n*rolls)."""
        last = self.hand_values[self.rolls - 1]
        return (last * self.space.weights).sum(axis=1)

    def _hold_numerators(self, target: int, hand: Hand, rolls_left: int) -> tuple[list, list]:
        """The holds of `hand` and their value numerators over 6**(n*rolls_left).

        Holding every die is *stopping*: it is worth the hand as it stands.
        """
        numerators = self.keep_values[rolls_left]
        if numerators is None:
            raise ValueError("with no rolls left there is nothing to hold")
        keeps = self.space.subkeeps[self.space.index[hand]]
        keeps = keeps[keeps < len(self.space.keeps)]
        values = [int(numerators[target, k]) for k in keeps]
        stop = int(self.hand_values[0][target, self.space.index[hand]])
        holds = [self.space.keeps[k] for k in keeps]
        for i, hold in enumerate(holds):
            if hold == hand:
                values[i] = stop * self.denominator(rolls_left)
        return holds, values

    def keep_value(self, target: int, keep: Hand, rolls_left: int) -> Fraction:
        """The exact value of holding `keep` with `rolls_left` rolls to come (>= 1);
        holding all the dice is stopping."""
        return self.hold_row(keep, rolls_left)[target]

    def hold_row(self, keep: Hand, rolls_left: int) -> tuple[Fraction, ...]:
        """`keep_value` of every target at once: a row of a table of fractions
        made once for all the keeps (the hands, for stopping) on first use.

        >>> from dicelab.core.dice.hands import dice_space
        >>> plan = plan_rerolls(dice_space(1), np.array([[0, 0, 0, 0, 0, 1]]), rolls=2)
        >>> plan.hold_row((), 1), plan.hold_row((6,), 1)  # reroll the die, or stop on a six
        ((Fraction(1, 6),), (Fraction(1, 1),))
        """
        return self.hold_rows([keep], rolls_left)[0]

    def hold_rows(self, keeps: Sequence[Hand], rolls_left: int) -> tuple[tuple[Fraction, ...], ...]:
        """`hold_row` of each keep, in order."""
        hands, rows, n = self._rows(0), self._rows(rolls_left), self.space.n
        index, keep_index = self.space.index, self.space.keep_index
        return tuple(hands[index[k]] if len(k) == n else rows[keep_index[k]] for k in keeps)

    def _rows(self, rolls_left: int) -> tuple[tuple[Fraction, ...], ...]:
        """Per keep (0: per hand, its value as it stands), the value of every
        target with `rolls_left` rolls to come, as fractions (made once)."""
        if rolls_left not in self._fractions:
            numerators = self.hand_values[0] if rolls_left == 0 else self.keep_values[rolls_left]
            if numerators is None:
                raise ValueError("with no rolls left there is nothing to hold")
            denominator = self.denominator(rolls_left)  # 1 for the hands as they stand
            self._fractions[rolls_left] = tuple(
                tuple(Fraction(v, denominator) for v in column) for column in numerators.T.tolist()
            )
        return self._fractions[rolls_left]

    def best_keep(self, target: int, hand: Hand, rolls_left: int) -> Hand:
        """The hold with the highest value (ties: the one keeping most dice)."""
        if rolls_left == 0:
            return hand
        holds, values = self._hold_numerators(target, hand, rolls_left)
        return holds[values.index(max(values))]


def _dtype_for(values: np.ndarray, n: int, rolls: int) -> type | np.dtype:
    largest = int(np.abs(values).max(initial=0)) + 1
    return np.int64 if largest * 6 ** (n * (rolls + 1)) < _INT64_SAFE else object


def plan_rerolls(space: DiceSpace, values: np.ndarray, rolls: int) -> RerollPlan:
    """Backward induction for every row of `values` (targets x hands, integers).

    Rolls are counted with the first: `rolls=3` is the usual turn.  Numbers
    too large for 64-bit integers switch to Python integers on their own.
    """
    if rolls < 1:
        raise ValueError("a turn has at least one roll")
    dtype = _dtype_for(values, space.n, rolls)
    current = np.asarray(values).astype(dtype)
    scaled = space.scaled.astype(dtype)
    hand_values: list[np.ndarray] = [current]
    keep_values: list[np.ndarray | None] = [None]
    for _ in range(1, rolls):
        keeps = current @ scaled.T
        never = np.full((len(keeps), 1), min(keeps.min(), 0) - 1).astype(dtype)
        padded = np.concatenate([keeps, never], axis=1)
        current = padded[:, space.subkeeps].max(axis=2)
        hand_values.append(current)
        keep_values.append(keeps)
    return RerollPlan(space, rolls, tuple(hand_values), tuple(keep_values))


def exact_chance(plan: RerollPlan, target: int) -> Fraction:
    """The value of target `target` before the first roll, as an exact fraction."""
    numerator = int(plan.start_numerators()[target])
    return Fraction(numerator, plan.denominator(plan.rolls))
