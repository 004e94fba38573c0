"""What the other players see of a claim, and how a reader of claims weighs it.

`Seen` is one claim as the accusers see it (the common dice, the claimer's
dice set aside and how many stay hidden, the cards on the table); the bots
(`strategy`) and the solved claim game (`equilibrium`) both read claims
through it, so it sits below them.

>>> from dicelab.sly_dice.rules import DEFAULT_RULES
>>> seen = Seen((1, 6, 6), (6,), 2, DEFAULT_RULES.ids, DEFAULT_RULES)
>>> seen.chance("five_kind")  # both hidden dice show 6
Fraction(1, 36)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from dicelab.core.dice.hands import as_hand
from dicelab.sly_dice.bayes import rolling_posterior
from dicelab.sly_dice.odds import chance
from dicelab.sly_dice.rules import SlyRules
from dicelab.sly_dice.state import GameState

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


@dataclass(frozen=True)
class Seen:
    """One claim as the others see it: the `common` dice, the claimer's dice set
    `aside` (sorted) and `hidden` count, the cards on the `table`, the `rules`,
    the `players` at the table, and the dice set aside in `order`."""

    common: Hand
    aside: Hand
    hidden: int
    table: tuple[str, ...]
    rules: SlyRules
    players: int = 2
    order: Hand = ()

    @property
    def ordered(self) -> Hand:
        """The dice set aside in the order they were set aside (as far as known)."""
        return self.order if sorted(self.order) == list(self.aside) else self.aside

    @classmethod
    def of(cls, view: GameState, player: int) -> Seen:
        """What `view` shows of `player`'s claim."""
        seat = view.seats[player]
        assert view.common is not None
        common, aside = as_hand(view.common), as_hand(seat.aside)
        players = len(view.players)
        return cls(common, aside, len(seat.hidden), view.table, view.rules, players, seat.aside)

    def chance(self, card: str) -> Fraction:
        """P(card) from the visible dice alone."""
        return chance(self.rules.card(card), self.common + self.aside, self.hidden)

    def posterior(self, card: str) -> Fraction:
        """P(card is true | it is claimed), as the calculator reads a claim."""
        return posterior(card, self.common, self.aside, self.table, self.rules)
