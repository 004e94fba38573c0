"""Sly Dice's page of the printed handout (`dicelab tables`).

>>> intro, (cards,) = pages()
>>> cards.table.value("straight6", "probability")
Fraction(5, 324)
"""

from __future__ import annotations

from dicelab.core.i18n import msg, translate
from dicelab.core.present.handout import Entry, full
from dicelab.sly_dice.odds import card_table

SLY_DICE = msg(
    "handout|sly_dice", "Six dice; each card names a combination that the six dice show."
)
CARDS = msg(
    "handout|cards",
    "The chance that six fresh dice show each card, and the points the card is worth (the "
    "rarer the card, the more points).",
)


def pages(lang: str = "en") -> tuple[str, tuple[Entry, ...]]:
    """Sly Dice's page: every card's chance with six fresh dice, and its points."""
    table = full(card_table(lang=lang), "card", "name", "probability", "points")
    return translate(SLY_DICE, lang), (Entry(translate(CARDS, lang), table),)
