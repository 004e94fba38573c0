"""Bots for Sly Dice: `honest`, `random-liar`, `calculator`, `fixed-plan` and `equilibrium`.

Each is a strategy of the engine contract, `bot(view, actions, rng) ->
action`: it sees only its own view (its own dice, the common dice and what
the others set aside).

- `honest`: rolls to make the true card worth the most points (an exact
  plan), claims it (with no true card, the card the others find likeliest),
  and accuses only a claim the visible dice make impossible;
- `random-liar`: rolls and claims like `honest`, but lies one time in three
  (a false card at random) and accuses one time in four at random;
- `calculator`: rolls like `honest`; claims the card with the best expected
  points, a lie included when it expects nobody to accuse it (from the
  exact posterior the others can compute); accuses when the exact posterior
  makes accusing worth more than passing (`bayes.should_accuse`), assuming
  claimers lie one time in four;
- `fixed-plan`: rolls like `honest`; claims and accuses as the solved claim
  game says (`equilibrium`): a Nash equilibrium of the round with the
  rolling fixed to the plan, so no way of claiming or accusing gains
  against it in that game;
- `equilibrium`: rolls, sets dice aside, claims and accuses as the solved
  whole round says (`round_play`): no way of playing the round gains
  against it (to the LP's last decimals).

`claim_chances` and `accuse_chance` say exactly how often a bot does what.
Every bot shows a lie nobody accused (it takes the Successful-lie card).

>>> from dicelab.core.engine import play_out
>>> from dicelab.sly_dice.game import SlyDiceGame
>>> game = SlyDiceGame(["Ana", "Bia", "Caio"], seed=4)
>>> bots = {name: strategy(bot) for name, bot in
...         zip(game.players, ["calculator", "honest", "random-liar"])}
>>> scores = play_out(game, bots)
>>> game.is_over and scores == game.scores()
True
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

import numpy as np

from dicelab.core.dice.hands import as_hand
from dicelab.errors import SettingsError
from dicelab.sly_dice.bayes import Posterior, should_accuse, stopped_hands
from dicelab.sly_dice.game import Accuse, Action, Claim, Pass, Reveal, Roll, RollCommon, Stop
from dicelab.sly_dice.odds import points_plan
from dicelab.sly_dice.seen import Hand, Seen
from dicelab.sly_dice.state import GameState

K = TypeVar("K")
STRATEGIES = ("honest", "random-liar", "calculator", "fixed-plan", "equilibrium")


@dataclass(frozen=True)
class Bot:
    """A bot (see the module): `lie_rate` and `accuse_rate` for the random liar,
    `calculating` for the calculator, `solved` for the fixed-plan bot and
    `whole_round` for the equilibrium bot."""

    name: str
    lie_rate: Fraction = Fraction(0)
    accuse_rate: Fraction = Fraction(0)
    calculating: bool = False
    solved: bool = False
    whole_round: bool = False

    def __call__(self, view: GameState, actions: list[Action], rng: np.random.Generator) -> Action:
        if view.viewer is None or not actions:
            raise SettingsError("a bot plays from its own view, when it has something to do")
        phase = view.phase
        if phase == "common":
            return RollCommon()
        if phase == "rolling":
            return self._roll(view, rng)
        if phase == "claim":
            return Claim(self._claim(view, rng))
        if phase == "ask":
            return Accuse() if self._accuse(view, rng) else Pass()
        seat = view.seats[view.viewer]
        assert view.common is not None and seat.claim is not None
        lying = seat.claim not in view.rules.true_cards(view.common + seat.own, view.table)
        return Reveal(lying)

    def _roll(self, view: GameState, rng: np.random.Generator) -> Action:
        seat = view.seats[view.viewer or 0]
        if not seat.rolls:
            return Roll()
        assert view.common is not None
        if self.whole_round:
            from dicelab.sly_dice.round_play import rolling_chances

            chances = rolling_chances(view.common, seat.aside, seat.hidden, view.table, view.rules)
            face = _draw(chances, rng)
            return Stop() if face is None else Roll(seat.hidden.index(face))
        plan = points_plan(as_hand(view.common), view.table, view.rules)
        face = plan.choice(seat.aside, seat.hidden, seat.rolls)
        return Stop() if face is None else Roll(seat.hidden.index(face))

    def _claim(self, view: GameState, rng: np.random.Generator) -> str:
        me = view.viewer or 0
        seen, hidden = Seen.of(view, me), as_hand(view.seats[me].hidden)
        if self.solved or self._forced(seen, hidden) is not None or self.calculating:
            return _draw(self.claim_chances(seen, hidden), rng)
        honest = seen.rules.best_true(seen.common + seen.aside + hidden, seen.table)
        false = _false_cards(seen, hidden)
        if false and rng.random() < self.lie_rate:
            return false[int(rng.integers(len(false)))]
        return str(honest)

    def claim_chances(self, seen: Seen, hidden: Hand) -> dict[str, Fraction]:
        """How often this bot claims each card (those it may claim) when its
        hidden dice are `hidden`: an exact description of what it does."""
        if self.whole_round:
            from dicelab.sly_dice.round_play import claim_chances as round_claims

            return round_claims(seen.common, seen.ordered, hidden, seen.table, seen.rules)
        forced = self._forced(seen, hidden)
        if forced is not None:
            return {forced: Fraction(1)}
        if self.solved:
            from dicelab.sly_dice.equilibrium import claim_chances

            return claim_chances(seen, hidden)
        honest = seen.rules.best_true(seen.common + seen.aside + hidden, seen.table)
        assert honest is not None
        false = _false_cards(seen, hidden)
        if self.calculating:
            return {_best_expected(seen, honest, false): Fraction(1)}
        if not false or not self.lie_rate:
            return {honest: Fraction(1)}
        return {honest: 1 - self.lie_rate, **{c: self.lie_rate / len(false) for c in false}}

    def read_claim(self, seen: Seen, claim: str) -> Posterior:
        """Bayes' rule for `claim` made by this bot, exact for it: its rolling (the
        points plan) says which hidden hands it can hold as `seen`, and
        `claim_chances` how often it makes this claim with each.

        >>> from dicelab.sly_dice.rules import DEFAULT_RULES
        >>> seen = Seen((6, 6, 1), (), 3, ("pair", "four_kind"), DEFAULT_RULES)
        >>> strategy("honest").read_claim(seen, "four_kind").posterior  # it never lies
        Fraction(1, 1)
        """
        if self.whole_round:
            from dicelab.sly_dice.round_play import read_claim

            return read_claim(seen.common, seen.ordered, claim, seen.table, seen.rules)
        weighted = stopped_hands(seen.common, seen.aside, seen.table, seen.rules)
        card = seen.rules.card(claim)
        weights: dict[bool, Fraction] = {True: Fraction(0), False: Fraction(0)}
        claimed: dict[bool, Fraction] = {True: Fraction(0), False: Fraction(0)}
        for hand, weight in weighted:
            true = card.holds(seen.common + seen.aside + hand)
            weights[true] += weight
            claimed[true] += weight * self.claim_chances(seen, hand).get(claim, Fraction(0))
        prior = weights[True] / (weights[True] + weights[False])
        if_true, if_false = (
            claimed[t] / weights[t] if weights[t] else Fraction(0) for t in (True, False)
        )
        return Posterior(claim, prior, if_true, if_false)

    def _forced(self, seen: Seen, hidden: Hand) -> str | None:
        """With no true card on the table, the card the others find likeliest."""
        if self.solved or seen.rules.best_true(seen.common + seen.aside + hidden, seen.table):
            return None
        return max(seen.table, key=lambda c: (seen.chance(c), -seen.table.index(c)))

    def _accuse(self, view: GameState, rng: np.random.Generator) -> bool:
        claimer = view.claimer
        assert claimer is not None
        claim = view.seats[claimer].claim
        assert claim is not None
        chance_ = self.accuse_chance(Seen.of(view, claimer), claim)
        if chance_ in (0, 1) and not self.solved:
            return bool(chance_)
        return Fraction(rng.random()) < chance_

    def accuse_chance(self, seen: Seen, claim: str) -> Fraction:
        """How often this bot accuses the claim `claim` of a player it sees so."""
        if self.whole_round:
            from dicelab.sly_dice.round_play import accuse_chance as round_accuse

            return round_accuse(seen.common, seen.ordered, claim, seen.table, seen.rules)
        if self.solved:
            from dicelab.sly_dice.equilibrium import accuse_chance

            return accuse_chance(seen, claim)
        if seen.chance(claim) == 0:
            return Fraction(1)  # the visible dice make it impossible
        if self.calculating:
            return Fraction(should_accuse(seen.posterior(claim), claim, seen.rules, seen.players))
        return self.accuse_rate


def _false_cards(seen: Seen, hidden: Hand) -> list[str]:
    true = seen.rules.true_cards(seen.common + seen.aside + hidden, seen.table)
    return [c for c in seen.table if c not in true]


def _best_expected(seen: Seen, honest: str, false: list[str]) -> str:
    """The claim with the best expected points: the honest one, or a lie the
    others would not accuse (worth its points and the Successful-lie card)."""
    rules = seen.rules
    best, value = honest, rules.points_of(honest)
    for card in false:
        if not should_accuse(seen.posterior(card), card, rules, seen.players):
            worth = rules.points_of(card) + rules.successful_lie
            if worth > value:
                best, value = card, worth
    return best


def _draw(chances: dict[K, Fraction], rng: np.random.Generator) -> K:
    """A card (or a choice) drawn with these chances (one uniform number,
    compared exactly); no draw when one is certain."""
    if len(chances) == 1:
        return next(iter(chances))
    point, total = Fraction(rng.random()), Fraction(0)
    for card, p in chances.items():
        total += p
        if point < total:
            return card
    return card


BOTS = {
    "honest": Bot("honest"),
    "random-liar": Bot("random-liar", lie_rate=Fraction(1, 3), accuse_rate=Fraction(1, 4)),
    "calculator": Bot("calculator", calculating=True),
    "fixed-plan": Bot("fixed-plan", solved=True),
    "equilibrium": Bot("equilibrium", solved=True, whole_round=True),
}


PLAN_ROLLERS = tuple(name for name in STRATEGIES if not BOTS[name].whole_round)
"""The bots that roll by the points plan (the fixed-plan claim game's players)."""


def strategy(name: str, **options: Any) -> Bot:
    """A bot by name (one of `STRATEGIES`); `options` change its
    rates (`lie_rate=`, `accuse_rate=`)."""
    if name not in BOTS:
        raise SettingsError(f"Sly Dice has no bot {name!r}; choose one of {', '.join(STRATEGIES)}")
    bot = BOTS[name]
    unknown = set(options) - {"lie_rate", "accuse_rate"}
    if unknown:
        raise SettingsError(f"unknown bot option {sorted(unknown)[0]!r}")
    rates = {k: Fraction(v) for k, v in options.items()}
    return Bot(
        bot.name,
        rates.get("lie_rate", bot.lie_rate),
        rates.get("accuse_rate", bot.accuse_rate),
        bot.calculating,
        bot.solved,
        bot.whole_round,
    )
