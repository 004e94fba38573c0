"""A Dice Poker review for people: words, tables and the files `dicelab
review` writes (Markdown, HTML, JSON).

>>> from dicelab.dice_poker.rules import get_ruleset
>>> rules = get_ruleset()
>>> choice_text((2, 2), rules), choice_text((), rules, "pt"), choice_text("chance", rules, "fr")
('keep 2 2', 'rolar os cinco dados de novo', 'marquer Chance')
>>> rating_text("expert", "en")
"Expert: under 0.2 points lost per choice (Verhoeff's aim)"
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from typing import Any

from dicelab.core.i18n import msg, msg_plural, number, translate
from dicelab.core.present.table import Column, OddsTable
from dicelab.dice_poker.review import PLACES, Choice, Decision, PlayerReview
from dicelab.dice_poker.rules import Ruleset, hand_text

FORMAT = "dicelab/dice-poker-review"
VERSION = 1

KEEP = msg("review|keep", "keep {dice}")
REROLL_ALL = msg("review|reroll_all", "reroll all five dice")
FILL = msg("review|fill", "score {box}")
RATINGS = {
    "perfect": msg("review|perfect", "Perfect: no point lost on any choice"),
    "expert": msg("review|expert", "Expert: under 0.2 points lost per choice (Verhoeff's aim)"),
    "good": msg("review|good", "Good: under 0.5 points lost per choice"),
    "fair": msg("review|fair", "Fair: under 1.5 points lost per choice"),
    "learning": msg("review|learning", "Learning: 1.5 points or more lost per choice"),
}
TITLE = msg("review|title", "How well did you play? A Dice Poker game, choice by choice")
PLAYER_TITLE = msg("review|player_title", "{player}: {score} points")
SUMMARY = msg_plural(
    "review|summary",
    "{count} choice reviewed: {lost} points lost in all, {mean} per choice. {rating}.",
    "{count} choices reviewed: {lost} points lost in all, {mean} per choice. {rating}.",
)
EXPECTED = msg(
    "review|expected",
    "Perfect play scores {expected} points on average from this start; you scored {score}.",
)
FROM_TURN = msg(
    "review|from_turn", "The record starts at turn {turn}: earlier choices were not recorded."
)
COSTLY = msg("review|costly", "The costliest choices:")
COSTLY_LINE = msg(
    "review|costly_line",
    "Turn {turn}, roll {roll} ({dice}): you chose to {choice}; {best} was better by {loss} points.",
)
NONE_COSTLY = msg("review|none_costly", "No choice lost points: every one was a best choice.")
NOTE = msg(
    "review|note",
    "Value: the expected final score after the choice, with perfect play from then on "
    "(the optimal solver, float64 rounded to 4 decimals). Points lost: the best choice's "
    "value minus yours.",
)
HEADINGS = {
    "turn": msg("review|turn", "Turn"),
    "roll": msg("review|roll", "Roll"),
    "dice": msg("review|dice", "Dice"),
    "choice": msg("review|choice", "Your choice"),
    "best": msg("review|best", "Best choice"),
    "value": msg("review|value", "Value"),
    "best_value": msg("review|best_value", "Best value"),
    "loss": msg("review|loss", "Points lost"),
}


def choice_text(choice: Choice, rules: Ruleset, lang: str = "en") -> str:
    """A choice as a verb phrase: "keep 2 2", "reroll all five dice", "score Chance"."""
    if isinstance(choice, str):
        return translate(FILL, lang, box=rules.box(choice).label(lang))
    if not choice:
        return translate(REROLL_ALL, lang)
    return translate(KEEP, lang, dice=hand_text(choice))


def rating_text(rating: str, lang: str = "en") -> str:
    """A rating of `RATINGS` in words."""
    return translate(RATINGS[rating], lang)


def points(value: float, lang: str) -> str:
    """Expected points as `lang` writes them, up to 4 decimals (no trailing zeros)."""
    text = number(value, PLACES, lang)
    return text.rstrip("0").rstrip(".,") if any(c in text for c in ".,") else text


def summary_lines(review: PlayerReview, lang: str = "en") -> list[str]:
    """What a player reads first: the losses and the rating, perfect play's
    expected score, where the record starts."""
    lines = [
        translate(
            SUMMARY,
            lang,
            count=len(review.decisions),
            lost=points(review.total_loss, lang),
            mean=points(review.mean_loss, lang),
            rating=rating_text(review.rating, lang),
        ),
        translate(
            EXPECTED, lang, expected=points(round(review.expected, 1), lang), score=review.score
        ),
    ]
    if review.first_turn > 1:
        lines.append(translate(FROM_TURN, lang, turn=review.first_turn))
    return lines


def costly_lines(review: PlayerReview, rules: Ruleset, lang: str = "en") -> list[str]:
    """The costliest choices, each with what was better and by how much."""
    worst = review.costliest()
    if not worst:
        return [translate(NONE_COSTLY, lang)]
    return [translate(COSTLY, lang)] + [costly_line(d, rules, lang) for d in worst]


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


def decisions_table(review: PlayerReview, rules: Ruleset, lang: str = "en") -> OddsTable:
    """Every choice of a player: turn, roll, dice, the choice and the best one,
    their values and the points lost."""

    def said(choice: Choice) -> str:
        return choice_text(choice, rules, lang)

    def valued(value: float) -> str:
        return points(value, lang)

    columns = (
        Column("turn", translate(HEADINGS["turn"], lang)),
        Column("roll", translate(HEADINGS["roll"], lang)),
        Column("dice", translate(HEADINGS["dice"], lang), show=hand_text),
        Column("choice", translate(HEADINGS["choice"], lang), show=said),
        Column("best", translate(HEADINGS["best"], lang), show=said),
        Column("value", translate(HEADINGS["value"], lang), show=valued),
        Column("best_value", translate(HEADINGS["best_value"], lang), show=valued),
        Column("loss", translate(HEADINGS["loss"], lang), show=valued),
    )
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
    title = translate(PLAYER_TITLE, lang, player=review.player, score=review.score)
    return OddsTable(title, columns, rows, {"player": review.player}, note=translate(NOTE, lang))


def report(
    reviews: Sequence[PlayerReview], rules: Ruleset, fmt: str, lang: str = "en", seed: Any = None
) -> str:
    """The review of a game as Markdown ("md"), HTML ("html") or JSON ("json")."""
    if fmt == "json":
        data = {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": rules.name,
            "seed": seed,
            "players": [review.to_dict() for review in reviews],
        }
        return json.dumps(data, indent=1, ensure_ascii=False)
    parts = []
    for review in reviews:
        table = decisions_table(review, rules, lang)
        lines = summary_lines(review, lang) + costly_lines(review, rules, lang)
        if fmt == "md":
            parts.append("\n\n".join([f"## {table.title}", *lines, table.to_markdown(lang)]))
        else:
            paragraphs = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
            parts.append(f"<h2>{html.escape(table.title)}</h2>{paragraphs}{table.to_html(lang)}")
    title = translate(TITLE, lang)
    if fmt == "md":
        return "\n\n".join([f"# {title}", *parts]) + "\n"
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title></head><body><h1>{html.escape(title)}</h1>"
        + "".join(parts)
        + "</body></html>\n"
    )
