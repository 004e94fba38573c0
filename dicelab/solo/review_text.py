"""A Solo review for people: its words, its table of plays and the report
`dicelab review` writes (the shared parts in `dicelab.core.present.review`).

>>> option_text(("black-choose", "blue"), "pt"), option_text(("red-5", None))
('Escolha a cor → azul', 'Red 5')
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
    points,
    report,
    summary_lines,
)
from dicelab.core.present.table import OddsTable
from dicelab.solo.game import SoloGame
from dicelab.solo.review import Decision, Option, review_game
from dicelab.solo.rules import COLOUR_NAMES, card

TITLE = msg("solo|review_title", "How well did you play? A Solo game, card by card")
NAMING = msg("solo|review_naming", "{card} → {colour}")
REFERENCE = msg(
    "solo|review_reference",
    "The reference is the hints' measure: the exact chance that the next player has nothing "
    "to play on your card. Points here are percentage points of that chance.",
)
COSTLY_LINE = msg(
    "solo|review_costly_line",
    "Round {round}, on {top}: you played {choice}; {best} left the next player stuck "
    "{loss} percentage points more often.",
)
NOTE = msg(
    "solo|review_note",
    "Value: the chance (in %) that the next player holds nothing to play, over the cards "
    "you had not seen. Only your choice of card is judged: a draw is no choice, and "
    "answers to an attack and jump-ins are not looked at.",
)
HEADINGS = {
    "round": msg("solo|review_round", "Round"),
    "top": msg("solo|review_top", "On the pile"),
    **{key: REVIEW_HEADINGS[key] for key in ("choice", "best")},
    "value": msg("solo|review_value", "Stuck (%)"),
    "best_value": msg("solo|review_best_value", "Best (%)"),
    "loss": REVIEW_HEADINGS["loss"],
}


def option_text(option: Option, lang: str = "en") -> str:
    """A card to play in words, with the colour it names."""
    name = card(option[0]).name(lang)
    if option[1] is None:
        return name
    colour = translate(COLOUR_NAMES[f"colour:{option[1]}"], lang)
    return translate(NAMING, lang, card=name, colour=colour)


def top_text(decision: Decision, lang: str = "en") -> str:
    """The card on the pile, with the colour in force when the card named it."""
    top = card(decision.top)
    return option_text((top.id, None if top.colour else decision.colour), lang)


def head_lines(review: PlayerReview[Decision], lang: str = "en") -> list[str]:
    """What a player reads first: the losses, the rating, what the reference is."""
    return [*summary_lines(review, lang), translate(REFERENCE, lang)]


def costly_line(decision: Decision, lang: str = "en") -> str:
    """One costly play in a sentence."""
    return translate(
        COSTLY_LINE,
        lang,
        round=decision.round,
        top=top_text(decision, lang),
        choice=option_text(decision.choice, lang),
        best=option_text(decision.best, lang),
        loss=points(decision.loss, lang),
    )


def decisions_table(review: PlayerReview[Decision], lang: str = "en") -> OddsTable:
    """Every card a player chose: the round, the pile, the card and the best one,
    the next player's chance of being stuck after each, the points lost."""

    def said(option: Option) -> str:
        return option_text(option, lang)

    def valued(value: float) -> str:
        return points(value, lang)

    shown: dict[str, Callable[[Any], str]] = {"choice": said, "best": said}
    shown |= {key: valued for key in ("value", "best_value", "loss")}
    rows = tuple(
        {**{key: getattr(d, key) for key in HEADINGS if key != "top"}, "top": top_text(d, lang)}
        for d in review.decisions
    )
    return choices_table(review, HEADINGS, shown, rows, translate(NOTE, lang), lang)


def review_report(game: SoloGame, fmt: str, lang: str = "en") -> str:
    """`dicelab review` of a Solo game: Markdown, HTML or JSON."""
    parts = ReportParts(
        translate(TITLE, lang),
        lambda review: head_lines(review, lang),
        lambda d: costly_line(d, lang),
        lambda review: decisions_table(review, lang),
        Decision.to_dict,
        {"game": "solo", "seed": game.seed},
    )
    return report(review_game(game), parts, fmt, lang)
