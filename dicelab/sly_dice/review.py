"""How well did each player roll, bluff and accuse?  A Sly Dice game reviewed
choice by choice.

The reference is the solved whole round (`round_game`, `round_play`): over
the common dice, an equilibrium of a claimer who chooses how to roll, what to
set aside and what to claim, and an accuser who sees every die set aside,
in order.  Values are points of the claimer's gain over the accuser (the
cards' points, the Successful-lie and False-accusation cards).

- A **rolling** choice (stop, or set a die aside and roll again) and a
  **claim** are valued against the equilibrium accuser, each choice followed
  by the best play after it: the loss is what the better choice would have
  gained.  Every choice the equilibrium itself makes loses 0.
- An **accusation** (accuse or pass) is valued against the equilibrium
  claimer: which hidden hands reach these dice set aside and make this claim,
  and how often, tells how likely the claim is true; the loss is what the
  better answer would have saved.  A claim the equilibrium never makes there
  cannot be read this way, and its answer is not judged.

With more than two players each claim is judged as if claimer and accuser
were alone.

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
('accusation', 'full_house', 'pass', 'accuse', 7.5)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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
from dicelab.sly_dice.game import Accuse, Claim, Pass, Roll, SlyDiceGame, Stop
from dicelab.sly_dice.round_game import Hand, walk
from dicelab.sly_dice.round_play import action_values, solved_for
from dicelab.sly_dice.seen import Seen
from dicelab.sly_dice.state import GameState

__all__ = [
    "ACCUSE",
    "PASS",
    "Decision",
    "accusation_values",
    "claim_values",
    "review_game",
    "roll_values",
]

ACCUSE, PASS = "accuse", "pass"


@dataclass(frozen=True)
class Decision(Judgement):
    """One rolling choice, claim or answer to a claim (see `Judgement`): the
    round, the `kind` ("roll", "claim" or "accusation"), who rolled or
    claimed, the common dice, their dice set aside (in order) and, but for an
    answer, their hidden dice; the card claimed (none for a rolling choice)."""

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


def roll_values(seen: Seen, hidden: Hand) -> dict[str, float]:
    """What stopping ("stop", then the best claim) and setting each face aside
    ("aside <face>", then the best play) are worth against the equilibrium
    accuser, `seen` being the roller's dice set aside (in order) so far."""
    worth = action_values(seen.common, seen.ordered, hidden, seen.table, seen.rules)
    found: dict[str, float] = {}
    for (kind, arg), value in worth.items():
        key = "stop" if kind == "claim" else f"aside {arg}"
        found[key] = max(found.get(key, value), value)
    return found


def claim_values(seen: Seen, hidden: Hand) -> dict[str, float]:
    """What claiming each card on the table gains with these hidden dice, against
    the equilibrium accuser (in the rules' order of the cards).

    >>> from dicelab.sly_dice.rules import DEFAULT_RULES
    >>> seen = Seen((1, 3, 5), (), 3, ("pair", "three_kind", "four_kind"), DEFAULT_RULES)
    >>> values = claim_values(seen, (1, 1, 2))  # three of a kind in hand
    >>> max(values, key=values.__getitem__)
    'three_kind'
    """
    cards = seen.rules.in_order(seen.table)
    worth = action_values(seen.common, seen.ordered, hidden, seen.table, seen.rules)
    return {cards[arg]: v for (kind, arg), v in worth.items() if kind == "claim"}


def accusation_values(seen: Seen, claim: str) -> dict[str, float] | None:
    """What accusing and passing are worth to the accuser (minus the claimer's
    gain) against the equilibrium claimer who made `claim` with these dice set
    aside (in order); None when the equilibrium never makes that claim there."""
    solved, cards = solved_for(seen.common, seen.table, seen.rules), seen.rules.in_order(seen.table)
    spec, seq, c = solved.spec, seen.ordered, cards.index(claim)
    accused = passed = total = 0.0
    for where, hidden, mass in walk(spec, solved.policy):
        made = mass * solved.policy[where, hidden].get(("claim", c), 0.0) if where == seq else 0
        if made:
            own = spec.own_dice(seq, hidden)
            total += made
            accused += made * spec.accused(own, c)
            passed += made * spec.passed(own, c)
    if total < 1e-12:
        return None
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
    """The rolling choice, claim or answer `action` made in `state`, judged; None
    for any other action (and for an answer to a claim the equilibrium never
    makes there)."""
    if isinstance(action, (Stop, Roll)) and state.phase == "rolling":
        claimer = chooser = state.to_move
        assert claimer is not None
        seat = state.seats[claimer]
        if not seat.rolls:  # the first roll chooses nothing
            return None
        hidden = as_hand(seat.hidden)
        kept = None if isinstance(action, Stop) or action.aside is None else action.aside
        choice = "stop" if kept is None else f"aside {seat.hidden[kept]}"
        kind, claim = "roll", ""
        values = roll_values(Seen.of(state, claimer), hidden)
    elif isinstance(action, Claim):
        claimer = chooser = state.claimer
        assert claimer is not None
        seat = state.seats[claimer]
        kind, choice, claim, hidden = "claim", action.card, action.card, as_hand(seat.hidden)
        values = claim_values(Seen.of(state, claimer), hidden)
    elif isinstance(action, (Accuse, Pass)):
        claimer, chooser = state.claimer, state.asked
        assert claimer is not None and chooser is not None
        seat = state.seats[claimer]
        assert seat.claim is not None
        kind, claim, hidden = "accusation", seat.claim, ()
        choice = ACCUSE if isinstance(action, Accuse) else PASS
        found = accusation_values(Seen.of(state, claimer), claim)
        if found is None:
            return None
        values = found
    else:
        return None
    assert claimer is not None and chooser is not None and state.common is not None
    best, value, best_value = judged(choice, values)
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
        aside=tuple(seat.aside),
        hidden=hidden,
        claim=claim,
    )
