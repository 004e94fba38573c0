"""How well did each player play?  A Dice Poker game reviewed choice by choice.

The game's record is played again; at every choice a player made (which dice
to hold before a reroll, or which box to fill) the optimal solver values
every choice the rules allowed: the expected final score with optimal play
after it.  The **loss** of a choice is how much expected score it gave up
against the best one (0 for a best choice).  A player's total loss and mean
loss per choice (the measure of Tom Verhoeff's Yahtzee proficiency test,
whose aim is under 0.2) rate the game; the costliest choices show what was
better and by how much.

Values are float64 numbers from the solver, rounded to 4 decimals; a choice
within `TIE` of the best counts as a best choice (so the solver's own
choices lose exactly 0, on every machine): `dicelab.core.present.review`.

>>> from dataclasses import replace
>>> from dicelab.dice_poker.game import DicePokerGame
>>> from dicelab.dice_poker.rules import get_ruleset
>>> from dicelab.dice_poker.solver import solve
>>> rules = get_ruleset("yahtzee")
>>> few = replace(rules, name="yahtzee-3", boxes=rules.boxes[-3:])
>>> game = DicePokerGame(["Ana"], ruleset=few, seed=1)
>>> _ = game.roll(dice=[2, 3, 4, 5, 6]); _ = game.score("chance")
>>> [ana] = review_game(game, solve(few, cache=False, progress="none"))
>>> first = ana.decisions[0]
>>> first.choice, first.best, first.loss
('chance', 'large_straight', 28.1436)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicelab.core.dice.hands import Hand, as_hand
from dicelab.core.engine import GameRecord
from dicelab.core.present.review import (
    Judgement,
    PlayerReview,
    judge_record,
    judged,
    player_reviews,
)
from dicelab.dice_poker.game import DicePokerGame, Roll, Score
from dicelab.dice_poker.rules import DICE, ROLLS_PER_TURN
from dicelab.dice_poker.solver import CardState, Solution
from dicelab.dice_poker.solver.cache import ruleset_key
from dicelab.dice_poker.state import GameState
from dicelab.dice_poker.values import turn_values
from dicelab.errors import SettingsError

__all__ = ["Decision", "review_game"]

Choice = Hand | str  # the faces held for a reroll, or the id of the box filled


@dataclass(frozen=True)
class Decision(Judgement):
    """One choice of a player (see `Judgement`): the turn, which roll's dice (1
    to 3) it was made on, and the dice."""

    turn: int
    roll: int
    dice: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON-ready data (a hold is {"hold": faces}, a box {"box": id})."""
        return {
            "player": self.player,
            "turn": self.turn,
            "roll": self.roll,
            "dice": list(self.dice),
            "choice": _choice_dict(self.choice),
            "best": _choice_dict(self.best),
            "value": self.value,
            "best_value": self.best_value,
            "loss": self.loss,
        }


def _choice_dict(choice: Choice) -> dict[str, Any]:
    return {"box": choice} if isinstance(choice, str) else {"hold": list(choice)}


def review_game(
    game: DicePokerGame | GameRecord,
    solution: Solution,
    on_step: Callable[[int, int], None] | None = None,
) -> tuple[PlayerReview[Decision], ...]:
    """Each player's review of `game` (its record) with the solved table of its
    ruleset; `on_step(done, total)` is called after each action looked at.
    Each review's `expected` is perfect play's expected final score from the
    record's start."""
    record = game.record if isinstance(game, DicePokerGame) else game
    first = record.engine.from_dict(record.start)
    if isinstance(first, DicePokerGame) and ruleset_key(solution.rules) != ruleset_key(
        first.ruleset
    ):
        raise SettingsError(f"this solution is for {solution.rules.name}, not {first.ruleset.name}")

    def decide(state: GameState, action: Any) -> Decision | None:
        return _decision(solution, state, action)

    start, found, end = judge_record(record, DicePokerGame, decide, on_step)
    expected = [_expected(solution, start.state, seat) for seat in range(len(start.players))]
    return player_reviews(start.players, found, end.scores(), expected, start.state.turn)


def _expected(solution: Solution, state: GameState, seat: int) -> float:
    """Optimal play's expected final score for the player in `seat` from `state`
    (at a turn's start: the card's points plus the solver's value to come)."""
    card = CardState.from_card(state.cards[seat])
    return card.points(solution.rules) + solution.future(card)


def _decision(solution: Solution, state: GameState, action: Any) -> Decision | None:
    """The choice `action` makes in `state`, valued (None: the first roll of a
    turn, which chooses nothing)."""
    if state.dice is None:
        return None
    card = CardState.from_card(state.cards[state.current])
    hand = as_hand(state.dice, DICE)
    rolls_left = ROLLS_PER_TURN - state.rolls_used
    holds, boxes = turn_values(solution, card, hand, rolls_left)
    values: dict[Choice, float] = {hold: v for hold, v in holds.items() if len(hold) < DICE}
    values.update((box, v) for box, (_p, _b, v) in boxes.items())
    if isinstance(action, Roll):
        choice: Choice = tuple(sorted(state.dice[p] for p in action.hold))
    elif isinstance(action, Score):
        choice = action.box
    else:
        raise SettingsError(f"not a Dice Poker action: {action!r}")
    best, value, best_value = judged(choice, values)
    return Decision(
        player=state.players[state.current],
        choice=choice,
        best=best,
        value=value,
        best_value=best_value,
        turn=state.turn,
        roll=state.rolls_used,
        dice=tuple(state.dice),
    )
