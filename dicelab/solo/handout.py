"""Solo's pages of the printed handout (`dicelab tables`).

>>> intro, entries = pages()
>>> entries[0].table.value("number", "probability")
Fraction(784905, 51429238)
"""

from __future__ import annotations

from dicelab.core.i18n import msg, translate
from dicelab.core.present.handout import Entry, full
from dicelab.solo.odds import no_playable_table, top_table
from dicelab.solo.rules import card

SOLO = msg(
    "handout|solo",
    "A 120-card deck; a hand of 8 cards is dealt from what the top card leaves.",
)
NO_PLAYABLE = msg(
    "handout|no_playable",
    "The chance that a hand of 8 holds no card playable on the top card, for each kind of top "
    "card (drawing without replacement, exactly).",
)
TOP = msg(
    "handout|top",
    "With {top} on top and no playable card in hand: the chance of drawing a playable card "
    "within d draws.",
)


def pages(lang: str = "en") -> tuple[str, tuple[Entry, ...]]:
    """Solo's pages: a hand with no playable card, by the top card, and the draws
    after it."""
    top = card("red-5")
    return translate(SOLO, lang), (
        Entry(
            translate(NO_PLAYABLE, lang),
            full(no_playable_table(lang=lang), "top", "example", "playable", "probability"),
        ),
        Entry(
            translate(TOP, lang, top=top.id if lang == "en" else top.name(lang)),
            full(top_table(top, lang=lang), "draws", "probability"),
        ),
    )
