"""The slow, obvious solver, in exact fractions: a check for the fast one.

It follows the rules text step by step, with nothing precomputed: every
hand, every hold, every reroll outcome, and for the boxes it asks
`dicelab.dice_poker.rules.box_options` and `poker_bonus_due` themselves.
The upper bonus is added at the end of the game, from the uncapped upper
total.  It is only fast enough for games with a few open boxes: a full
card of a preset with most boxes already filled.

Besides the best expected score it finds, among the strategies that reach
it, the least and the greatest possible second moment E[X^2] (they differ
only when two choices tie exactly), so a fast solver's second moment can be
checked even where it breaks ties its own way.

>>> from dicelab.dice_poker.rules import get_ruleset
>>> rules = get_ruleset("yahtzee")
>>> card = {b: 0 for b in rules.box_ids} | {"chance": None}  # only Chance is open
>>> exact = ExactSolver(rules)
>>> result = exact.value(card, upper_total=0)
>>> result.mean  # the best expected Chance score in one turn
Fraction(70, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from dicelab.core.dice.hands import Hand, sorted_hands, sub_hands, weight
from dicelab.dice_poker.rules import ROLLS_PER_TURN, Ruleset, box_options, poker_bonus_due


@dataclass(frozen=True)
class ExactValue:
    """An exact value: the best mean, and the least and greatest second moment
    of the strategies that reach it."""

    mean: Fraction
    second_low: Fraction
    second_high: Fraction

    @staticmethod
    def best(options: list[ExactValue]) -> ExactValue:
        """The best option by mean; second moments over the ties."""
        top = max(o.mean for o in options)
        ties = [o for o in options if o.mean == top]
        return ExactValue(top, min(o.second_low for o in ties), max(o.second_high for o in ties))

    @staticmethod
    def average(weighted: list[tuple[Fraction, ExactValue]]) -> ExactValue:
        """The expectation over chance outcomes (weights summing to 1)."""
        return ExactValue(
            sum((p * o.mean for p, o in weighted), Fraction(0)),
            sum((p * o.second_low for p, o in weighted), Fraction(0)),
            sum((p * o.second_high for p, o in weighted), Fraction(0)),
        )

    def plus(self, points: int) -> ExactValue:
        """X + points: E[(r + X)^2] = r^2 + 2 r E[X] + E[X^2]."""
        r = Fraction(points)
        shift = r * r + 2 * r * self.mean
        return ExactValue(self.mean + r, self.second_low + shift, self.second_high + shift)


@cache
def _outcomes(n: int) -> tuple[tuple[Hand, Fraction], ...]:
    """Every hand of n rerolled dice with its probability."""
    if n == 0:
        return (((), Fraction(1)),)
    return tuple((h, Fraction(weight(h), 6**n)) for h in sorted_hands(n))


class ExactSolver:
    """ExactValue optimal play of the rest of a game (a few open boxes at most)."""

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules
        self._memo: dict[tuple, ExactValue] = {}

    def value(self, card: Mapping[str, int | None], upper_total: int) -> ExactValue:
        """The rest of the game from this card (the points already on it not
        counted, the upper bonus counted when the game ends with
        `upper_total` at or above the threshold)."""
        key = (tuple(card[b] is None for b in self.rules.box_ids), upper_total, card["poker"])
        if key not in self._memo:
            self._memo[key] = self._solve(dict(card), upper_total)
        return self._memo[key]

    def _solve(self, card: dict[str, int | None], upper_total: int) -> ExactValue:
        rules = self.rules
        if all(card[b] is not None for b in rules.box_ids):
            bonus = rules.upper_bonus_for(upper_total)
            return ExactValue(Fraction(bonus), Fraction(bonus**2), Fraction(bonus**2))
        end: dict[Hand, ExactValue] = {}

        def after_last_roll(hand: Hand) -> ExactValue:
            if hand not in end:
                options = []
                bonus = poker_bonus_due(rules, card, hand)
                for box_id, points in box_options(rules, card, hand).items():
                    box = rules.box(box_id)
                    upper = upper_total + (points if box.section == "upper" else 0)
                    rest = self.value({**card, box_id: points}, upper)
                    options.append(rest.plus(points + bonus))
                end[hand] = ExactValue.best(options)
            return end[hand]

        levels: list[dict[Hand, ExactValue]] = [{}]

        def with_rolls(hand: Hand, rolls_left: int) -> ExactValue:
            if rolls_left == 0:
                return after_last_roll(hand)
            memo = levels[rolls_left]
            if hand not in memo:
                options = [after_last_roll(hand)]  # holding all five is stopping
                for hold in sub_hands(hand)[1:]:
                    options.append(keep(hold, rolls_left))
                memo[hand] = ExactValue.best(options)
            return memo[hand]

        keeps: dict[tuple[Hand, int], ExactValue] = {}

        def keep(hold: Hand, rolls_left: int) -> ExactValue:
            if (hold, rolls_left) not in keeps:
                keeps[hold, rolls_left] = ExactValue.average(
                    [
                        (p, with_rolls(tuple(sorted(hold + rolled)), rolls_left - 1))
                        for rolled, p in _outcomes(5 - len(hold))
                    ]
                )
            return keeps[hold, rolls_left]

        levels += [{} for _ in range(ROLLS_PER_TURN - 1)]
        return keep((), ROLLS_PER_TURN)
