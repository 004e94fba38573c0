"""How well did each player bluff and accuse?  A Sly Dice game reviewed claim by claim.

The reference is the solved claim game (`equilibrium`): for the common dice
and the dice set aside, a Nash equilibrium of one claim between two players.
Values are points of the claimer's gain over the accuser (the cards'
points, the Successful-lie and False-accusation cards), as in the solved game.

- A **claim** is valued against the equilibrium accuser (who accuses each
  card with the equilibrium's chance): its loss is what a better claim with
  the same dice would have gained against it.  Every claim the equilibrium
  itself makes loses 0 (it mixes only claims of equal value).
- An **accusation** (accuse or pass) is valued against the equilibrium
  claimer: which hidden hands make this claim how often tells how likely
  the claim is true; its loss is what the better answer would have saved.
  A claim the equilibrium never makes there cannot be read this way, and
  its answer is not judged.

Rolling (when to stop, which die to set aside) is not judged: the solved
game fixes it to the points plan.  With more than two players each claim
is judged as if claimer and accuser were alone.

>>> from dicelab.core.engine import play_out
>>> from dicelab.sly_dice.strategy import strategy
>>> game = SlyDiceGame(["Ana", "Bia"], seed=1)
>>> _ = play_out(game, strategy("equilibrium"))  # the reference's own choices
>>> [review.total_loss for review in review_game(game)]
[0.0, 0.0]
>>> game = SlyDiceGame(["Ana", "Bia"], seed=1)
>>> _ = play_out(game, strategy("honest"))  # it never accuses
>>> [worst] = review_game(game)[0].costliest()
>>> worst.kind, worst.claim, worst.choice, worst.best, worst.loss
('accusation', 'full_house', 'pass', 'accuse', 11.6666)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dicelab.core.dice.hands import as_hand
from dicelab.core.engine import GameRecord
from dicelab.core.present.review import (
    Judgement,
    PlayerReview,
    judge_record,
    judged,
    player_reviews,
)
from dicelab.sly_dice.equilibrium import solution_of
from dicelab.sly_dice.game import Accuse, Claim, Pass, SlyDiceGame
from dicelab.sly_dice.seen import Seen
from dicelab.sly_dice.state import GameState

__all__ = ["ACCUSE", "PASS", "Decision", "accusation_values", "claim_values", "review_game"]

ACCUSE, PASS = "accuse", "pass"


@dataclass(frozen=True)
class Decision(Judgement):
    """One claim or one answer to a claim (see `Judgement`): the round, the
    `kind` ("claim" or "accusation"), who claimed, the common dice, the
    claimer's dice set aside and, for a claim, the claimer's hidden dice."""

    round: int
    kind: str
    claimer: str
    common: tuple[int, ...]
    aside: tuple[int, ...]
    hidden: tuple[int, ...]
    claim: str

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON-ready data."""
        return {
            "player": self.player,
            "round": self.round,
            "kind": self.kind,
            "claimer": self.claimer,
            "common": list(self.common),
            "aside": list(self.aside),
            "hidden": list(self.hidden),
            "claim": self.claim,
            "choice": self.choice,
            "best": self.best,
            "value": self.value,
            "best_value": self.best_value,
            "loss": self.loss,
        }


def claim_values(seen: Seen, hidden: tuple[int, ...]) -> dict[str, Fraction]:
    """What each card on the table gains when claimed with these hidden dice,
    against the equilibrium accuser (in the table's order).

    >>> from dicelab.sly_dice.rules import DEFAULT_RULES
    >>> seen = Seen((1, 3, 5), (), 3, ("pair", "three_kind", "four_kind"), DEFAULT_RULES)
    >>> values = claim_values(seen, (1, 1, 2))  # three of a kind in hand
    >>> values["three_kind"] == values["four_kind"] > values["pair"]
    True
    """
    solution = solution_of(seen)
    game = solution.game
    true = seen.rules.true_cards(seen.common + seen.aside + as_hand(hidden), game.cards)
    values = {
        card: game.value_of(i, card in true, solution.accuse[i])
        for i, card in enumerate(game.cards)
    }
    return {card: values[card] for card in seen.table}


def accusation_values(seen: Seen, claim: str) -> dict[str, Fraction] | None:
    """What accusing and passing are worth to the accuser (minus the claimer's
    gain) against the equilibrium claimer who made `claim` as `seen`; None
    when the equilibrium never makes that claim there."""
    solution = solution_of(seen)
    game = solution.game
    c = game.cards.index(claim)
    mass = [w * row[c] for w, row in zip(game.weights, solution.claims)]
    total = sum(mass, Fraction(0))
    if not total:
        return None
    accused = sum((m * game.accused(h, c) for h, m in enumerate(mass)), Fraction(0))
    passed = sum((m * game.passed(h, c) for h, m in enumerate(mass)), Fraction(0))
    return {ACCUSE: -accused / total, PASS: -passed / total}


def review_game(
    game: SlyDiceGame | GameRecord, on_step: Callable[[int, int], None] | None = None
) -> tuple[PlayerReview[Decision], ...]:
    """Each player's review of `game` (its record); `on_step(done, total)`
    after each action looked at."""
    record = game.record if isinstance(game, SlyDiceGame) else game
    start, found, end = judge_record(record, SlyDiceGame, _decision, on_step)
    none = [None] * len(start.players)
    return player_reviews(start.players, found, end.scores(), none, start.state.round)


def _decision(state: GameState, action: Any) -> Decision | None:
    """The claim or answer `action` made in `state`, judged; None for any other action
    (and for an answer to a claim the equilibrium never makes)."""
    if isinstance(action, Claim):
        claimer, kind, chooser, choice = state.claimer, "claim", state.claimer, action.card
    elif isinstance(action, (Accuse, Pass)):
        claimer, kind, chooser = state.claimer, "accusation", state.asked
        choice = ACCUSE if isinstance(action, Accuse) else PASS
    else:
        return None
    assert claimer is not None and chooser is not None and state.common is not None
    seen, seat = Seen.of(state, claimer), state.seats[claimer]
    if kind == "claim":
        values: dict[str, Fraction] | None = claim_values(seen, seat.hidden)
        claim, hidden = action.card, as_hand(seat.hidden)
    else:
        assert seat.claim is not None
        values, claim, hidden = accusation_values(seen, seat.claim), seat.claim, ()
    if values is None:
        return None
    best, value, best_value = judged(choice, {k: float(v) for k, v in values.items()})
    return Decision(
        player=state.players[chooser],
        choice=choice,
        best=best,
        value=value,
        best_value=best_value,
        round=state.round,
        kind=kind,
        claimer=state.players[claimer],
        common=as_hand(state.common),
        aside=as_hand(seat.aside),
        hidden=hidden,
        claim=claim,
    )
