"""The Dice Poker side of "Review this game" (`dicelab.core.ui.review_view`):
the review's work (the optimal table solved or loaded first when the panel
has none) and a choice as the view draws it: the turn and roll, the dice as
they were, the choice made and the best one side by side (the dice each
keeps framed), their values and the points lost.

>>> sorted(kept_positions((5, 1, 2, 2, 2), (2, 2)))
[2, 3]
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from dicelab.core.present.review import PlayerReview
from dicelab.core.ui.review_view import choices_html, dice_html, lost_html
from dicelab.core.ui.words import Words
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.review_text import choice_text
from dicelab.dice_poker.rules import Ruleset

if TYPE_CHECKING:  # the review itself is loaded when a game is reviewed, not with the panel
    from dicelab.dice_poker.review import Choice, Decision


def kept_positions(dice: tuple[int, ...], choice: Choice) -> set[int]:
    """The positions of the dice a hold keeps (the first of equal faces); none for a box."""
    if isinstance(choice, str):
        return set()
    kept: set[int] = set()
    for face in choice:
        kept.add(next(i for i, d in enumerate(dice) if d == face and i not in kept))
    return kept


def decision_html(decision: Decision, rules: Ruleset, words: Words) -> str:
    """A choice as the review view shows it: the turn and roll, then the choice
    made and the best one, each with the dice (those it keeps framed), its
    words and its value, then the points lost."""
    w, lang = words, words.lang
    where = w("review_where", turn=decision.turn, roll=decision.roll)

    def cells(choice: Any) -> list[str]:
        dice = dice_html(decision.dice, kept_positions(decision.dice, choice), w)
        return [dice, html.escape(choice_text(choice, rules, lang))]

    lost = lost_html(decision.loss, words)
    table = choices_html(decision, w, cells)
    return f"<p><b>{html.escape(where)}</b></p>{table}{lost}"


def review_work(game: DicePokerGame, advisor: Any) -> Callable[[Any], tuple[Any, Any]]:
    """The review's background work: (the advisor used, the reviews), with
    `advisor`'s table if it is for the game's rules, else solved or loaded."""
    from dicelab.dice_poker.advisor import PanelAdvisor
    from dicelab.dice_poker.review import review_game

    rules, record = game.ruleset, game.record
    table = advisor if getattr(advisor, "ruleset", None) == rules else None

    def work(progress: Any) -> tuple[Any, tuple[PlayerReview[Decision], ...]]:
        solved = table or PanelAdvisor.solved(rules, progress=progress)
        progress.total, progress.done = max(len(record.steps), 1), 0
        reviews = review_game(record, solved.solution, lambda _d, _t: progress.update(1))
        return solved, reviews

    return work
