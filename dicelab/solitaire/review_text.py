"""A Solitaire Dice review for people: its words, its table of splits and the
report `dicelab review` writes (the shared parts in `dicelab.core.present.review`).

>>> from dicelab.solitaire.rules import Split
>>> split_text(Split((9, 5), 1)), split_text(Split((7, 7)), "pt")
('5 + 9, discard 1', '7 + 7, jogada livre')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dicelab.core.i18n import msg, translate
from dicelab.core.present.review import HEADINGS as REVIEW_HEADINGS
from dicelab.core.present.review import (
    PlayerReview,
    ReportParts,
    choices_table,
    dice_text,
    points,
    report,
    summary_lines,
)
from dicelab.core.present.table import OddsTable
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.review import CLEAR, Decision, review_game
from dicelab.solitaire.rules import Split

TITLE = msg(
    "solitaire|review_title", "How well did you play? A Solitaire Dice game, split by split"
)
SPLIT = msg("solitaire|review_split", "{first} + {second}, discard {face}")
SPLIT_FREE = msg("solitaire|review_split_free", "{first} + {second}, free throw")
REFERENCE = msg(
    "solitaire|review_reference",
    "The reference is the search bot: a strong player's opinion, not perfect play "
    "(nobody knows perfect play of Solitaire Dice).",
)
COSTLY_LINE = msg(
    "solitaire|review_costly_line",
    "Roll {roll} ({dice}): you chose {choice}; {best} was better by {loss} points.",
)
COSTLY_CLEAR = msg(
    "solitaire|review_costly_clear",
    "Roll {roll} ({dice}): you chose {choice}; {best} was better by {loss} points, "
    "and the Planner agrees.",
)
NOTE = msg(
    "solitaire|review_note",
    "Value: the search bot's expected rating one roll after the split, in points of final "
    "score. Points lost: the best split's value minus yours. Clear: the Planner too rates "
    "the better split at least {clear} points higher.",
)
YES = msg("solitaire|review_yes", "yes")
HEADINGS = {**REVIEW_HEADINGS, "clear": msg("solitaire|review_clear", "Clear")}


def split_text(split: Split, lang: str = "en") -> str:
    """A split in words: its two pair sums and its discard (or the free throw)."""
    first, second = split.pairs
    if split.discard is None:
        return translate(SPLIT_FREE, lang, first=first, second=second)
    return translate(SPLIT, lang, first=first, second=second, face=split.discard)


def head_lines(review: PlayerReview[Decision], lang: str = "en") -> list[str]:
    """What a player reads first: the losses, the rating, what the reference is."""
    return [*summary_lines(review, lang), translate(REFERENCE, lang)]


def costly_line(decision: Decision, lang: str = "en") -> str:
    """One costly split in a sentence (saying when the Planner agrees)."""
    return translate(
        COSTLY_CLEAR if decision.clear else COSTLY_LINE,
        lang,
        roll=decision.roll,
        dice=dice_text(decision.dice),
        choice=split_text(decision.choice, lang),
        best=split_text(decision.best, lang),
        loss=points(decision.loss, lang),
    )


def decisions_table(review: PlayerReview[Decision], lang: str = "en") -> OddsTable:
    """Every split of a player: the roll, the dice, the split and the best one,
    their values, the points lost and whether the loss is clear."""

    def said(split: Split) -> str:
        return split_text(split, lang)

    def valued(value: float) -> str:
        return points(value, lang)

    def clear(value: bool) -> str:
        return translate(YES, lang) if value else ""

    shown: dict[str, Callable[[Any], str]] = {"dice": dice_text, "choice": said, "best": said}
    shown |= {key: valued for key in ("value", "best_value", "loss")} | {"clear": clear}
    rows = tuple({key: getattr(d, key) for key in HEADINGS} for d in review.decisions)
    note = translate(NOTE, lang, clear=points(CLEAR, lang))
    return choices_table(review, HEADINGS, shown, rows, note, lang)


def review_report(game: SolitaireGame, fmt: str, lang: str = "en") -> str:
    """`dicelab review` of a Solitaire Dice game: Markdown, HTML or JSON."""
    parts = ReportParts(
        translate(TITLE, lang),
        lambda review: head_lines(review, lang),
        lambda d: costly_line(d, lang),
        lambda review: decisions_table(review, lang),
        Decision.to_dict,
        {"game": "solitaire", "seed": game.seed},
    )
    return report(review_game(game), parts, fmt, lang)
