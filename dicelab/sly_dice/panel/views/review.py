"""The Sly Dice side of "Review this game" (`dicelab.core.ui.review_view`; the
review against the solved claim game, `dicelab.sly_dice.review`): a claim or an
answer as the view draws it: the round and the claim, the dice (common, set
aside and, for a claim, the claimer's hidden ones), the choice and the best
one with their values, the points lost.
"""

from __future__ import annotations

import html

from dicelab.core.ui.review_view import choices_html, dice_html, lost_html
from dicelab.core.ui.words import Words
from dicelab.sly_dice.review import Decision
from dicelab.sly_dice.review_text import choice_text, claim_text
from dicelab.sly_dice.rules import SlyRules


def decision_html(decision: Decision, rules: SlyRules, words: Words) -> str:
    """A claim or an answer as the review view shows it (see the module)."""
    lang = words.lang
    rows = choices_html(
        decision, words, lambda choice: [html.escape(choice_text(choice, rules, lang))]
    )
    groups = [
        (words("common"), decision.common),
        (words("aside"), decision.aside),
        (words("review_hidden"), decision.hidden),
    ]
    dice = " · ".join(
        html.escape(words("review_dice", what=label, dice="\0")).replace(
            "\0", dice_html(faces, set(), words)
        )
        for label, faces in groups
        if faces
    )
    where = html.escape(
        words("review_at_round", round=decision.round, claim=claim_text(decision, rules, lang))
    )
    lost = lost_html(decision.loss, words)
    return f"<p><b>{where}</b></p><p>{dice}</p>{rows}{lost}"
