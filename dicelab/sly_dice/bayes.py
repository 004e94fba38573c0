"""Is she lying?  Bayes' rule for a claim, and what an accusation is worth.

The others see the claimer's visible dice (the common dice and any set
aside) and the claim; the claimer's hidden dice are unknown.  A *claim
model* says how a claimer chooses a card from their six dice:

- with probability 1 − `lie_rate`, the true card worth the most points
  (the first on the table among equals);
- with probability `lie_rate`, a false card on the table, each alike;
- with no true card on the table, any card on the table, each alike (a
  forced lie); with no false one, the best true card.

`lie_rate=0` is an honest claimer.  The model takes the hidden dice to be
as random as fresh dice: it does not read anything into which dice were
set aside (that choice can give a little away; see the lesson).  Then

    P(true | claim) = P(true) P(claim | true) / P(claim),

computed exactly over the hidden dice's sorted hands.

>>> from fractions import Fraction
>>> b = claim_posterior("three_kind", visible=(4, 4, 2), hidden=3, lie_rate=Fraction(1, 4),
...                     table=("pair", "three_kind", "four_kind"))
>>> b.prior, b.if_true, b.if_false, b.posterior
(Fraction(1, 2), Fraction(91, 144), Fraction(1, 8), Fraction(91, 109))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dicelab.core.dice.hands import as_hand
from dicelab.core.engine.checks import whole_number
from dicelab.core.present.table import EXPECTATION, PROBABILITY, Column, OddsTable
from dicelab.errors import SettingsError
from dicelab.sly_dice.odds import _visible, _weighted, points_plan
from dicelab.sly_dice.rules import COMMON_DICE, DEFAULT_RULES, ROLLS, SlyRules, card_by_id

Hand = tuple[int, ...]


def claim_chances(
    dice: Sequence[int],
    table: Sequence[str] | None = None,
    rules: SlyRules = DEFAULT_RULES,
    lie_rate: Any = 0,
) -> dict[str, Fraction]:
    """The claim model: the chance of each card on the `table` (all the game's
    cards by default) being claimed by a player whose six dice are `dice`: the
    true card worth the most, except one time in `1/lie_rate` a false card at
    random (with no true card, any card alike).

    >>> claim_chances((4, 4, 4, 2, 5, 1), ("pair", "three_kind", "four_kind"),
    ...               lie_rate=Fraction(1, 4))
    {'pair': Fraction(0, 1), 'three_kind': Fraction(3, 4), 'four_kind': Fraction(1, 4)}
    """
    table = rules.ids if table is None else tuple(table)
    lie_rate = _rate(lie_rate)
    true = rules.true_cards(dice, table)
    false = [c for c in table if c not in true]
    chances = dict.fromkeys(table, Fraction(0))
    if not true:
        return dict.fromkeys(table, Fraction(1, len(table)))
    best = rules.best_true(dice, table)
    assert best is not None
    chances[best] = 1 - lie_rate if false else Fraction(1)
    for c in false:
        chances[c] += lie_rate / len(false)
    return chances


@dataclass(frozen=True)
class Posterior:
    """Bayes' rule for one claim: `prior` = P(true) before the claim,
    `if_true` = P(this claim | the card is true), `if_false` = P(this claim |
    it is false), `posterior` = P(true | this claim)."""

    claim: str
    prior: Fraction
    if_true: Fraction
    if_false: Fraction

    @property
    def evidence(self) -> Fraction:
        """P(this claim)."""
        return self.prior * self.if_true + (1 - self.prior) * self.if_false

    @property
    def posterior(self) -> Fraction:
        """P(true | this claim)."""
        if self.evidence == 0:
            return self.prior
        return self.prior * self.if_true / self.evidence

    def table(self) -> OddsTable:
        """The Bayes table: prior, likelihood, their product, and the posterior."""
        rows = []
        for name, prior, likelihood in (
            ("true", self.prior, self.if_true),
            ("lie", 1 - self.prior, self.if_false),
        ):
            joint = prior * likelihood
            post = joint / self.evidence if self.evidence else prior
            rows.append(
                {
                    "case": name,
                    "prior": prior,
                    "likelihood": likelihood,
                    "joint": joint,
                    "posterior": post,
                }
            )
        return OddsTable(
            f"Sly Dice: is the claim '{card_by_id(self.claim).name()}' true?",
            (
                Column("case", "Case"),
                Column("prior", "Prior", PROBABILITY),
                Column("likelihood", "P(this claim | case)", PROBABILITY),
                Column("joint", "Prior × likelihood", PROBABILITY),
                Column("posterior", "Posterior", PROBABILITY),
            ),
            tuple(rows),
            meta={"game": "sly-dice", "claim": self.claim},
            style="fraction",
        )


def _rate(lie_rate: Any) -> Fraction:
    try:
        rate = Fraction(lie_rate)
    except (TypeError, ValueError):
        raise SettingsError(f"lie_rate must be a probability, not {lie_rate!r}") from None
    if not 0 <= rate <= 1:
        raise SettingsError(f"lie_rate must be from 0 to 1, not {lie_rate!r}")
    return rate


def _cards(claim: str, table: Sequence[str] | None, rules: SlyRules) -> tuple[str, ...]:
    cards = tuple(rules.ids if table is None else table)
    if claim not in cards:
        raise SettingsError(f"the claim {claim!r} is not a card on the table")
    for card in cards:
        rules.card(card)
    return cards


def claim_posterior(
    claim: str,
    visible: Sequence[int],
    hidden: int | None = None,
    lie_rate: Any = 0,
    table: Sequence[str] | None = None,
    rules: SlyRules = DEFAULT_RULES,
) -> Posterior:
    """Bayes' rule for `claim`, given the claimer's `visible` dice, `hidden` unknown
    ones (as random as fresh dice), the claim model's `lie_rate` and the cards on
    the `table` (all the game's cards by default)."""
    seen, n = _visible(visible, hidden)
    cards = _cards(claim, table, rules)
    return _tally(claim, seen, _weighted(n), _rate(lie_rate), cards, rules)


def rolling_posterior(
    claim: str,
    common: Sequence[int],
    aside: Sequence[int],
    lie_rate: Any = 0,
    table: Sequence[str] | None = None,
    rules: SlyRules = DEFAULT_RULES,
) -> Posterior:
    """Bayes' rule for `claim` when the claimer is read more closely: they rolled
    `len(aside) + 1` times and stopped, rolling to make the true card worth the
    most points (`points_plan`).  A stop before the third roll says the hidden
    dice were worth stopping for: only the hidden hands where the plan stops
    count (with their weights).

    >>> naive = claim_posterior("four_kind", (6, 6, 1), 3, Fraction(1, 4))
    >>> read = rolling_posterior("four_kind", (6, 6, 1), (), Fraction(1, 4))
    >>> naive.prior < read.prior  # she stopped after one roll: her dice are good
    True
    """
    common_hand, aside_hand = as_hand(common, COMMON_DICE), as_hand(aside)
    cards = _cards(claim, table, rules)
    weighted = stopped_hands(common_hand, aside_hand, cards, rules)
    return _tally(claim, common_hand + aside_hand, weighted, _rate(lie_rate), cards, rules)


def stopped_hands(
    common: Hand, aside: Hand, table: tuple[str, ...], rules: SlyRules
) -> Sequence[tuple[Hand, int]]:
    """The hidden hands a claimer who rolls by the points plan can hold, having set
    `aside` aside and stopped, with their weights (how many ordered rolls give
    each): after a stop before the third roll, only the hands the plan stops on.

    >>> stopped_hands((6, 6, 1), (), ("pair", "four_kind"), DEFAULT_RULES)[:2]
    [((1, 1, 1), 1), ((1, 6, 6), 3)]
    """
    if len(aside) >= ROLLS:
        raise SettingsError(f"a player sets at most {ROLLS - 1} dice aside")
    rolls, n = len(aside) + 1, ROLLS - len(aside)
    if rolls == ROLLS:
        return _weighted(n)
    plan = points_plan(common, table, rules)
    return [(h, w) for h, w in _weighted(n) if plan.stops(aside, h, rolls)]


def _tally(
    claim: str,
    seen: Hand,
    weighted: Sequence[tuple[Hand, int]],
    rate: Fraction,
    cards: tuple[str, ...],
    rules: SlyRules,
) -> Posterior:
    """Bayes' rule over the hidden hands `weighted`: their weights are tallied by
    what the claim model does with them (the same sums as `claim_chances`
    over every hand, in whole numbers), then weighed."""
    claim_bit, table_bits = rules.bit(claim), sum(rules.bit(c) for c in cards)
    ranking = rules.ranking(cards)
    true_weight = false_weight = best_weight = only_weight = forced_weight = 0
    lies: dict[int, int] = {}  # false cards on the table -> weight of hands with the claim false
    for h, w in weighted:
        mask = rules.masks[tuple(sorted(seen + h))] & table_bits
        false_count = len(cards) - bin(mask).count("1")
        if mask & claim_bit:
            true_weight += w
            best = next(bit for bit, _ in ranking if mask & bit)
            if best == claim_bit:
                if false_count:
                    best_weight += w
                else:
                    only_weight += w
        else:
            false_weight += w
            if mask:
                lies[false_count] = lies.get(false_count, 0) + w
            else:
                forced_weight += w
    total = true_weight + false_weight
    prior = Fraction(true_weight, total)
    if_true = (best_weight * (1 - rate) + only_weight) / true_weight if true_weight else Fraction(0)
    claimed_false = sum((w * rate / k for k, w in lies.items()), Fraction(0))
    claimed_false += Fraction(forced_weight, len(cards))
    if_false = claimed_false / false_weight if false_weight else Fraction(0)
    return Posterior(claim, prior, if_true, if_false)


def accusation_values(
    p_true: Fraction, claim: str, rules: SlyRules = DEFAULT_RULES, players: int = 2
) -> dict[str, Fraction]:
    """What accusing and passing are worth to the accuser, given P(the claim is
    true): their own expected points (`own`), their expected lead over the
    claimer (`gap`), and over the other players on average (`standing`, with
    `players` at the table; with two it is the gap).

    Pass: the claim scores; a liar may show and take the Successful-lie card.
    Accuse: true → the claim scores and I take the False-accusation card;
    lie → nobody scores.

    >>> v = accusation_values(Fraction(1, 2), "four_kind")
    >>> v["accuse_gap"], v["pass_gap"]
    (Fraction(-25, 2), Fraction(-45, 2))
    """
    points, lie, false_acc = rules.points_of(claim), rules.successful_lie, rules.false_accusation
    others = whole_number(players, "players", 2, 6) - 1
    claimer_if_accused = p_true * points
    claimer_if_passed = points + (1 - p_true) * lie
    return {
        "accuse_own": p_true * false_acc,
        "pass_own": Fraction(0),
        "accuse_gap": p_true * false_acc - claimer_if_accused,
        "pass_gap": -claimer_if_passed,
        "accuse_standing": p_true * false_acc - claimer_if_accused / others,
        "pass_standing": -claimer_if_passed / others,
    }


def should_accuse(
    p_true: Fraction, claim: str, rules: SlyRules = DEFAULT_RULES, players: int = 2
) -> bool:
    """Accuse when it leaves a better expected standing: my points minus the
    other players' average.

    >>> should_accuse(Fraction(1, 2), "four_kind"), should_accuse(Fraction(9, 10), "four_kind")
    (True, False)
    """
    values = accusation_values(p_true, claim, rules, players)
    return values["accuse_standing"] > values["pass_standing"]


def accusation_table(p_true: Fraction, claim: str, rules: SlyRules = DEFAULT_RULES) -> OddsTable:
    """Accuse or pass: the expected points of each, for me and against the claimer."""
    v = accusation_values(p_true, claim, rules)
    rows = (
        {"choice": "accuse", "own": v["accuse_own"], "gap": v["accuse_gap"]},
        {"choice": "pass", "own": v["pass_own"], "gap": v["pass_gap"]},
    )
    return OddsTable(
        f"Sly Dice: accuse or pass ('{rules.card(claim).name()}', P(true) = {p_true})",
        (
            Column("choice", "Choice"),
            Column("own", "My expected points", EXPECTATION),
            Column("gap", "Expected (mine − the claimer's)", EXPECTATION),
        ),
        rows,
        meta={"game": "sly-dice", "claim": claim, "p_true": str(p_true)},
        style="fraction",
    )
