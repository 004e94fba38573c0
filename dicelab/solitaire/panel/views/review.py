"""The Solitaire Dice side of "Review this game" (`dicelab.core.ui.review_view`;
the review by the search bot, `dicelab.solitaire.review`): a split as the view
draws it: the roll and its dice, the split chosen and search's favourite with
their values, the points lost, and whether the Planner agrees.
"""

from __future__ import annotations

import html

from dicelab.core.ui.review_view import choices_html, dice_html, lost_html
from dicelab.core.ui.words import Words
from dicelab.solitaire.review import Decision
from dicelab.solitaire.review_text import split_text


def decision_html(decision: Decision, words: Words) -> str:
    """A split as the review view shows it (see the module)."""
    lang = words.lang
    rows = choices_html(decision, words, lambda split: [html.escape(split_text(split, lang))])
    lost = lost_html(decision.loss, words)
    agrees = f"<p>{html.escape(words('review_planner_agrees'))}</p>" if decision.clear else ""
    where = html.escape(words("review_at_roll", roll=decision.roll))
    dice = dice_html(decision.dice, set(), words)
    return f"<p><b>{where}</b> {dice}</p>{rows}{lost}{agrees}"
