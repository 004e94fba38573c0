"""Bots for Sly Dice: `honest`, `random-liar` and `calculator`.

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
  claimers lie one time in four.

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
from functools import lru_cache
from typing import Any

import numpy as np

from dicelab.core.dice.hands import as_hand
from dicelab.errors import SettingsError
from dicelab.sly_dice.bayes import rolling_posterior, should_accuse
from dicelab.sly_dice.game import Accuse, Action, Claim, Pass, Reveal, Roll, RollCommon, Stop
from dicelab.sly_dice.odds import chance, points_plan
from dicelab.sly_dice.rules import SlyRules
from dicelab.sly_dice.state import GameState

NAMES = ("honest", "random-liar", "calculator")
ASSUMED_LIE_RATE = Fraction(1, 4)  # how often the calculator expects a claimer to lie

Hand = tuple[int, ...]


@lru_cache(maxsize=100_000)
def posterior(
    claim: str, common: Hand, aside: Hand, table: tuple[str, ...], rules: SlyRules
) -> Fraction:
    """P(the claim is true | the claimer's common and set-aside dice, the claim),
    reading the stop as the points plan would, with claimers lying one time in
    four (`bayes.rolling_posterior`); cached."""
    return rolling_posterior(claim, common, aside, ASSUMED_LIE_RATE, table, rules).posterior


def _visible(view: GameState, player: int) -> tuple[Hand, int]:
    seat = view.seats[player]
    assert view.common is not None
    return as_hand(view.common + seat.aside), len(seat.hidden)


def _read(view: GameState, player: int, claim: str) -> Fraction:
    """The posterior of `player`'s claim `claim`, from what the view shows."""
    assert view.common is not None
    aside = as_hand(view.seats[player].aside)
    return posterior(claim, as_hand(view.common), aside, view.table, view.rules)


@dataclass(frozen=True)
class Bot:
    """A bot (see the module): `lie_rate` and `accuse_rate` for the random liar,
    `calculating` for the calculator."""

    name: str
    lie_rate: Fraction = Fraction(0)
    accuse_rate: Fraction = Fraction(0)
    calculating: bool = False

    def __call__(self, view: GameState, actions: list[Action], rng: np.random.Generator) -> Action:
        if view.viewer is None or not actions:
            raise SettingsError("a bot plays from its own view, when it has something to do")
        phase = view.phase
        if phase == "common":
            return RollCommon()
        if phase == "rolling":
            return self._roll(view)
        if phase == "claim":
            return Claim(self._claim(view, rng))
        if phase == "ask":
            return Accuse() if self._accuse(view, rng) else Pass()
        seat = view.seats[view.viewer]
        assert view.common is not None and seat.claim is not None
        lying = seat.claim not in view.rules.true_cards(view.common + seat.own, view.table)
        return Reveal(lying)

    def _roll(self, view: GameState) -> Action:
        seat = view.seats[view.viewer or 0]
        if not seat.rolls:
            return Roll()
        assert view.common is not None
        plan = points_plan(as_hand(view.common), view.table, view.rules)
        options = plan.options(as_hand(seat.aside), as_hand(seat.hidden), seat.rolls)
        best = max(options.values())
        if options[None] == best:  # stopping shows nothing more
            return Stop()
        face = min(f for f, v in options.items() if f is not None and v == best)
        return Roll(seat.hidden.index(face))

    def _claim(self, view: GameState, rng: np.random.Generator) -> str:
        me, rules, table = view.viewer or 0, view.rules, view.table
        seat = view.seats[me]
        assert view.common is not None
        dice = view.common + seat.own
        honest = rules.best_true(dice, table)
        false = [c for c in table if c not in rules.true_cards(dice, table)]
        visible, hidden = _visible(view, me)
        if honest is None:  # a forced lie: the card the others find likeliest
            return max(
                table, key=lambda c: (chance(rules.card(c), visible, hidden), -table.index(c))
            )
        if self.calculating:
            return self._best_expected(view, honest, false)
        if false and rng.random() < self.lie_rate:
            return false[int(rng.integers(len(false)))]
        return honest

    def _best_expected(self, view: GameState, honest: str, false: list[str]) -> str:
        """The claim with the best expected points: the honest one, or a lie the
        others would not accuse (worth its points and the Successful-lie card)."""
        rules, players = view.rules, len(view.players)
        best, value = honest, rules.points_of(honest)
        for card in false:
            if not should_accuse(_read(view, view.viewer or 0, card), card, rules, players):
                worth = rules.points_of(card) + rules.successful_lie
                if worth > value:
                    best, value = card, worth
        return best

    def _accuse(self, view: GameState, rng: np.random.Generator) -> bool:
        claimer = view.claimer
        assert claimer is not None
        claim = view.seats[claimer].claim
        assert claim is not None
        visible, hidden = _visible(view, claimer)
        rules = view.rules
        if chance(rules.card(claim), visible, hidden) == 0:
            return True  # the visible dice make it impossible
        if self.calculating:
            return should_accuse(_read(view, claimer, claim), claim, rules, len(view.players))
        return bool(self.accuse_rate) and rng.random() < self.accuse_rate


BOTS = {
    "honest": Bot("honest"),
    "random-liar": Bot("random-liar", lie_rate=Fraction(1, 3), accuse_rate=Fraction(1, 4)),
    "calculator": Bot("calculator", calculating=True),
}


def strategy(name: str, **options: Any) -> Bot:
    """A bot by name (`honest`, `random-liar`, `calculator`); `options` change its
    rates (`lie_rate=`, `accuse_rate=`)."""
    if name not in BOTS:
        raise SettingsError(f"Sly Dice has no bot {name!r}; choose one of {', '.join(NAMES)}")
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
    )
