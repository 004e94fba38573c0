"""The Solo side of "Review this game" (`dicelab.core.ui.review_view`; the review
against the hints' odds, `dicelab.solo.review`): a card chosen as the view
draws it: the round and the card on the pile, the hand it was chosen from,
the card played and the best one with the next player's chance of being
stuck after each, the points lost (percentage points of that chance).
"""

from __future__ import annotations

import html

from dicelab.core.ui.review_view import choices_html, lost_html
from dicelab.core.ui.words import Words
from dicelab.solo.review import Decision
from dicelab.solo.review_text import option_text, top_text
from dicelab.solo.rules import card


def decision_html(decision: Decision, words: Words) -> str:
    """A card chosen as the review view shows it (see the module)."""
    lang = words.lang
    rows = choices_html(
        decision, words, lambda option: [html.escape(option_text(option, lang))], " %"
    )
    where = words("review_at_round", round=decision.round, top=top_text(decision, lang))
    said = words("review_hand", cards=", ".join(card(c).name(lang) for c in decision.hand))
    lost = lost_html(decision.loss, words)
    stuck = html.escape(words("review_stuck"))
    return (
        f"<p><b>{html.escape(where)}</b></p><p>{html.escape(said)}</p>"
        f"{rows}<p><small>{stuck}</small></p>{lost}"
    )
