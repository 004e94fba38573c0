"""How well did each player choose?  A Solitaire Dice game reviewed split by split.

Nobody knows optimal play of Solitaire Dice (its state space is far too
large), so the reference is a strong player's opinion: the `search` bot's
expected rating one roll after each split the rules allowed (`Search`,
expectimax one roll deep on the Planner's rating, in points of final score).
The loss of a split is how much lower search rates it than its favourite.
A loss is **clear** when the Planner agrees: it too rates search's favourite
at least `CLEAR` points above the split chosen; the others are matters of
opinion between two models.

>>> from dicelab.solitaire.game import SolitaireGame
>>> from dicelab.solitaire.rules import Split
>>> game = SolitaireGame(["Ana"], seed=1)
>>> _ = game.roll(dice=[6, 6, 6, 6, 1])
>>> _ = game.choose("Ana", Split((12, 7), 6))
>>> [ana] = review_game(game)
>>> first = ana.decisions[0]
>>> print(first.choice, "|", first.best, "|", first.loss > 0, first.clear)
7 + 12, discard 6 | 12 + 12, discard 1 | True True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from dicelab.core.engine import GameRecord
from dicelab.core.present.review import (
    Judgement,
    PlayerReview,
    judge_record,
    judged,
    player_reviews,
)
from dicelab.solitaire.batch import Batch
from dicelab.solitaire.game import Choose, SolitaireGame
from dicelab.solitaire.planner import Planner
from dicelab.solitaire.rules import Split
from dicelab.solitaire.search import Search

__all__ = ["CLEAR", "Decision", "review_game"]

CLEAR = 1.0  # points: the Planner's margin for a loss both models agree on


@dataclass(frozen=True)
class Decision(Judgement):
    """One split of a player (see `Judgement`: values are search's expected
    ratings): the roll it answered, the dice, and whether the loss is clear."""

    roll: int
    dice: tuple[int, ...]
    clear: bool

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON-ready data (a split: its two pair sums and its discard)."""
        return {
            "player": self.player,
            "roll": self.roll,
            "dice": list(self.dice),
            "choice": _split_dict(self.choice),
            "best": _split_dict(self.best),
            "value": self.value,
            "best_value": self.best_value,
            "loss": self.loss,
            "clear": self.clear,
        }


def _split_dict(split: Split) -> dict[str, Any]:
    return {"pairs": list(split.pairs), "discard": split.discard}


def review_game(
    game: SolitaireGame | GameRecord,
    search: Search | None = None,
    on_step: Callable[[int, int], None] | None = None,
) -> tuple[PlayerReview[Decision], ...]:
    """Each player's review of `game` (its record) by `search` (default: the
    search bot's own); `on_step(done, total)` after each action looked at."""
    record = game.record if isinstance(game, SolitaireGame) else game
    search = Search() if search is None else search
    planner = Planner(search.focus)

    def decide(state: Any, action: Any) -> Decision | None:
        return _decision(search, planner, state, action) if isinstance(action, Choose) else None

    start, found, end = judge_record(record, SolitaireGame, decide, on_step)
    none = [None] * len(start.players)
    return player_reviews(start.players, found, end.scores(), none, start.state.rolls + 1)


def _decision(search: Search, planner: Planner, state: Any, action: Choose) -> Decision:
    """The split `action` chose in `state`, valued by search (and the Planner)."""
    sheet, dice = state.sheets[state.players.index(action.player)], state.dice
    options = sheet.options(dice)
    batch = Batch.of(sheet, options)
    searched = dict(zip(options, search.values(batch)[0].tolist()))
    best, value, best_value = judged(action.split, searched)
    planned = dict(zip(options, planner.values(batch)[0].tolist()))
    clear = best != action.split and planned[best] - planned[action.split] >= CLEAR
    return Decision(
        player=action.player,
        choice=action.split,
        best=best,
        value=value,
        best_value=best_value,
        roll=state.rolls,
        dice=tuple(dice),
        clear=bool(clear),
    )
