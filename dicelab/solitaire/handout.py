"""Solitaire Dice's pages of the printed handout (`dicelab tables`).

>>> intro, entries = pages("pt")
>>> len(entries), entries[2].table.value(3, "probability")
(3, Fraction(1, 32))
"""

from __future__ import annotations

from dicelab.core.i18n import msg, translate
from dicelab.core.present.handout import Entry, full
from dicelab.solitaire.odds import free_throw_table, option_count_table, sum_table

SOLITAIRE = msg("handout|solitaire", "Five dice split into two pairs and a discard die.")
SUMS = msg(
    "handout|sums",
    "Each pair sum: its value on the sheet, the chance that two given dice make it, and the "
    "chance that the next roll of five dice offers it as a pair.",
)
OFFER_NOTE = msg(
    "handout|offer_note", "P(offered): the next roll has a legal split with this sum as a pair."
)
OPTIONS = msg("handout|options", "How many distinct ways of splitting a roll the rules allow.")
FREE_THROW = msg(
    "handout|free_throw",
    "The chance that no die shows any of k numbers: with the three discard numbers chosen "
    "(k = 3), the chance of a free throw, 1/32.",
)
OFFER_KEYS = ("sum", "value", "pair_probability", "offered_probability")


def pages(lang: str = "en") -> tuple[str, tuple[Entry, ...]]:
    """Solitaire Dice's pages: the pair sums, the options of a roll, the free throw."""
    return translate(SOLITAIRE, lang), (
        Entry(
            translate(SUMS, lang),
            full(sum_table(lang=lang), *OFFER_KEYS, note=translate(OFFER_NOTE, lang)),
        ),
        Entry(
            translate(OPTIONS, lang),
            full(option_count_table(lang=lang), "options", "rolls", "probability"),
        ),
        Entry(
            translate(FREE_THROW, lang),
            full(free_throw_table(lang), "numbers", "example", "probability"),
        ),
    )
