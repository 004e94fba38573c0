"""A Dice Poker review for people: its words, its table of choices and the
report `dicelab review` writes (Markdown, HTML, JSON; the shared parts in
`dicelab.core.present.review`).

>>> from dicelab.dice_poker.rules import get_ruleset
>>> rules = get_ruleset()
>>> choice_text((2, 2), rules), choice_text((), rules, "pt"), choice_text("chance", rules, "fr")
('keep 2 2', 'rolar os cinco dados de novo', 'marquer Chance')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from dicelab.core.i18n import msg, translate
from dicelab.core.present.review import HEADINGS as REVIEW_HEADINGS
from dicelab.core.present.review import (
    PlayerReview,
    ReportParts,
    choices_table,
    points,
    summary_lines,
)
from dicelab.core.present.review import report as core_report
from dicelab.core.present.table import OddsTable
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.rules import Ruleset, hand_text

if TYPE_CHECKING:  # the review itself is loaded when a game is reviewed (not with a panel)
    from dicelab.dice_poker.review import Choice, Decision

KEEP = msg("review|keep", "keep {dice}")
REROLL_ALL = msg("review|reroll_all", "reroll all five dice")
FILL = msg("review|fill", "score {box}")
TITLE = msg("review|title", "How well did you play? A Dice Poker game, choice by choice")
EXPECTED = msg(
    "review|expected",
    "Perfect play scores {expected} points on average from this start; you scored {score}.",
)
COSTLY_LINE = msg(
    "review|costly_line",
    "Turn {turn}, roll {roll} ({dice}): you chose to {choice}; {best} was better by {loss} points.",
)
NOTE = msg(
    "review|note",
    "Value: the expected final score after the choice, with perfect play from then on "
    "(the optimal solver, float64 rounded to 4 decimals). Points lost: the best choice's "
    "value minus yours.",
)
HEADINGS = {"turn": msg("review|turn", "Turn"), **REVIEW_HEADINGS}


def choice_text(choice: Choice, rules: Ruleset, lang: str = "en") -> str:
    """A choice as a verb phrase: "keep 2 2", "reroll all five dice", "score Chance"."""
    if isinstance(choice, str):
        return translate(FILL, lang, box=rules.box(choice).label(lang))
    if not choice:
        return translate(REROLL_ALL, lang)
    return translate(KEEP, lang, dice=hand_text(choice))


def head_lines(review: PlayerReview[Decision], lang: str = "en") -> list[str]:
    """What a player reads first: the losses and the rating, perfect play's
    expected score, where the record starts."""
    lines = summary_lines(review, lang)
    if review.expected is not None:
        expected = points(round(review.expected, 1), lang)
        lines.insert(1, translate(EXPECTED, lang, expected=expected, score=review.score))
    return lines


def costly_line(decision: Decision, rules: Ruleset, lang: str = "en") -> str:
    """One costly choice in a sentence."""
    best = choice_text(decision.best, rules, lang)
    return translate(
        COSTLY_LINE,
        lang,
        turn=decision.turn,
        roll=decision.roll,
        dice=hand_text(decision.dice),
        choice=choice_text(decision.choice, rules, lang),
        best=best[:1].upper() + best[1:],
        loss=points(decision.loss, lang),
    )


def decisions_table(review: PlayerReview[Decision], rules: Ruleset, lang: str = "en") -> OddsTable:
    """Every choice of a player: turn, roll, dice, the choice and the best one,
    their values and the points lost."""

    def said(choice: Choice) -> str:
        return choice_text(choice, rules, lang)

    def valued(value: float) -> str:
        return points(value, lang)

    shown: dict[str, Callable[[Any], str]] = {"dice": hand_text, "choice": said, "best": said}
    shown |= {key: valued for key in ("value", "best_value", "loss")}
    rows = tuple(
        {
            "turn": d.turn,
            "roll": d.roll,
            "dice": d.dice,
            "choice": d.choice,
            "best": d.best,
            "value": d.value,
            "best_value": d.best_value,
            "loss": d.loss,
        }
        for d in review.decisions
    )
    return choices_table(review, HEADINGS, shown, rows, translate(NOTE, lang), lang)


def report(
    reviews: Sequence[PlayerReview[Decision]],
    rules: Ruleset,
    fmt: str,
    lang: str = "en",
    seed: Any = None,
) -> str:
    """The review of a game as Markdown ("md"), HTML ("html") or JSON ("json")."""
    from dicelab.dice_poker.review import Decision

    parts = ReportParts(
        translate(TITLE, lang),
        lambda review: head_lines(review, lang),
        lambda d: costly_line(d, rules, lang),
        lambda review: decisions_table(review, rules, lang),
        Decision.to_dict,
        {"game": "dice-poker", "ruleset": rules.name, "seed": seed},
    )
    return core_report(reviews, parts, fmt, lang)


def review_report(game: DicePokerGame, fmt: str, lang: str = "en") -> str:
    """`dicelab review` of a Dice Poker game: solved (or the table loaded) first."""
    from dicelab.dice_poker.review import review_game
    from dicelab.dice_poker.solver import solve

    reviews = review_game(game, solve(game.ruleset, progress="auto"))
    return report(reviews, game.ruleset, fmt, lang, game.seed)
