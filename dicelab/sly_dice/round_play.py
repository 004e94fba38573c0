"""The whole round's equilibrium at the table: what the `equilibrium` bot does
when it rolls, claims and accuses, and how it reads a claim.

Each common roll's round (`round_game`) is solved the first time it is met
(one LP, a tenth of a second or so) and kept.  The LP's chances are floats;
here they are rounded to `PLACES` decimals and made exact fractions that
add up to 1, so that a seeded bot draws the same on every machine.  The
cards are taken in the rules' order whatever the order on the table (the
game does not depend on it).

>>> from dicelab.sly_dice.rules import DEFAULT_RULES
>>> table = ("pair", "three_kind")
>>> rolling_chances((1, 3, 5), (), (1, 2, 4), table, DEFAULT_RULES)  # a pair: set a 1 aside
{1: Fraction(1, 1)}
>>> rolling_chances((1, 3, 5), (), (2, 4, 6), table, DEFAULT_RULES)  # nothing: stop, and bluff
{None: Fraction(1, 1)}
>>> claim_chances((1, 3, 5), (), (2, 4, 6), table, DEFAULT_RULES)
{'three_kind': Fraction(1, 1)}
>>> accuse_chance((1, 3, 5), (), "three_kind", table, DEFAULT_RULES) > 0
True
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from functools import lru_cache
from typing import TypeVar

from dicelab.core.dice.hands import as_hand
from dicelab.sly_dice.bayes import Posterior
from dicelab.sly_dice.odds import chance as card_chance
from dicelab.sly_dice.round_game import (
    Action,
    Hand,
    SolvedRound,
    claimer_values,
    round_spec,
    solve_round,
    walk,
)
from dicelab.sly_dice.rules import SlyRules

PLACES = 9  # decimals kept of the LP's chances
K = TypeVar("K")


@lru_cache(maxsize=512)
def solved_round(common: Hand, table: tuple[str, ...], rules: SlyRules) -> SolvedRound:
    """The round over `common` with the cards `table` (in the rules' order) solved, kept."""
    return solve_round(round_spec(common, table, rules))


def solved_for(common: Hand, table: tuple[str, ...], rules: SlyRules) -> SolvedRound:
    """The round over `common` with the cards `table` solved (kept), whatever the
    order on the table: its cards are `rules.in_order(table)`."""
    return solved_round(as_hand(common), rules.in_order(table), rules)


def action_values(
    common: Hand, aside: Hand, hidden: Hand, table: tuple[str, ...], rules: SlyRules
) -> dict[Action, float]:
    """What each action at this position is worth against the equilibrium accuser,
    the best play following it (the cards in the rules' order)."""
    ordered = rules.in_order(table)
    return _worths(as_hand(common), ordered, rules)[tuple(aside), as_hand(hidden)]


@lru_cache(maxsize=64)
def _worths(
    common: Hand, table: tuple[str, ...], rules: SlyRules
) -> dict[tuple[Hand, Hand], dict[Action, float]]:
    solved = solved_round(common, table, rules)
    return claimer_values(solved.spec, solved.accuse)[1]


def exact(chances: Mapping[K, float]) -> dict[K, Fraction]:
    """Chances rounded to `PLACES` decimals, as fractions adding up to 1 (the
    largest takes what rounding leaves; those rounded to 0 are left out).

    >>> exact({"a": 0.3333333333333, "b": 0.6666666666667})
    {'a': Fraction(333333333, 1000000000), 'b': Fraction(666666667, 1000000000)}
    """
    scale = 10**PLACES
    kept = {k: Fraction(round(p * scale), scale) for k, p in chances.items()}
    kept = {k: p for k, p in kept.items() if p > 0}
    largest = max(kept, key=lambda k: (kept[k], -list(kept).index(k)))
    kept[largest] += 1 - sum(kept.values())
    return kept


def rolling_chances(
    common: Hand, aside: Hand, hidden: Hand, table: tuple[str, ...], rules: SlyRules
) -> dict[int | None, Fraction]:
    """How often the equilibrium stops (None) or sets each face aside and rolls
    again, with `aside` set aside (in order) and `hidden` behind the shield."""
    solved = solved_for(common, table, rules)
    found: dict[int | None, float] = {}
    for (kind, arg), p in solved.policy[tuple(aside), as_hand(hidden)].items():
        key = None if kind == "claim" else arg
        found[key] = found.get(key, 0.0) + p
    return exact(found)


def claim_chances(
    common: Hand, aside: Hand, hidden: Hand, table: tuple[str, ...], rules: SlyRules
) -> dict[str, Fraction]:
    """How often the equilibrium claims each card once it stops here (when it
    would not have stopped here, the claim that gains most against its accuser)."""
    solved = solved_for(common, table, rules)
    cards = rules.in_order(table)
    seq, hidden = tuple(aside), as_hand(hidden)
    claims = {
        cards[arg]: p for (kind, arg), p in solved.policy[seq, hidden].items() if kind == "claim"
    }
    if not claims:
        spec, own = solved.spec, solved.spec.own_dice(seq, hidden)
        gains = [
            (1 - q) * spec.passed(own, c) + q * spec.accused(own, c)
            for c, q in ((c, solved.accuse[seq, c]) for c in range(len(cards)))
        ]
        return {cards[gains.index(max(gains))]: Fraction(1)}
    total = sum(claims.values())
    return exact({card: p / total for card, p in claims.items()})


def accuse_chance(
    common: Hand, aside: Hand, claim: str, table: tuple[str, ...], rules: SlyRules
) -> Fraction:
    """How often the equilibrium accuses `claim` made with `aside` set aside, in order."""
    solved = solved_for(common, table, rules)
    cards = rules.in_order(table)
    q = solved.accuse[tuple(aside), cards.index(claim)]
    return exact({True: q, False: 1 - q}).get(True, Fraction(0))


def read_claim(
    common: Hand, aside: Hand, claim: str, table: tuple[str, ...], rules: SlyRules
) -> Posterior:
    """Bayes' rule for `claim` made by the equilibrium claimer with `aside` set
    aside (in order): which hidden hands reach there how often, and how often
    each makes this claim."""
    solved = solved_for(common, table, rules)
    spec, seq = solved.spec, tuple(aside)
    c = rules.in_order(table).index(claim)
    weights = {True: 0.0, False: 0.0}
    claimed = {True: 0.0, False: 0.0}
    for where, hidden, mass in walk(spec, solved.policy):
        if where != seq:
            continue
        true = spec.truths[spec.own_dice(seq, hidden)][c]
        weights[true] += mass
        claimed[true] += mass * solved.policy[seq, hidden].get(("claim", c), 0.0)
    reached = weights[True] + weights[False]
    if not reached:  # the equilibrium never gets here: the dice alone say it
        seen = card_chance(rules.card(claim), as_hand(common) + seq, spec.own - len(seq))
        return Posterior(claim, seen, Fraction(1), Fraction(1))
    prior = exact({True: weights[True] / reached, False: weights[False] / reached})
    if_true, if_false = (
        exact({1: claimed[t] / weights[t], 0: 1 - claimed[t] / weights[t]}).get(1, Fraction(0))
        if weights[t]
        else Fraction(0)
        for t in (True, False)
    )
    return Posterior(claim, prior.get(True, Fraction(0)), if_true, if_false)
