"""The words of Solitaire Dice's odds tables (English here, every other
language in the catalogs, `dicelab.core.i18n`).

>>> from dicelab.core.i18n import translate
>>> translate(OPTIONS_NOTE, "it", mean="7,7168")
'Media: 7,7168 opzioni.'
"""

from __future__ import annotations

from dicelab.core.i18n import msg

CLI_TITLE = msg(
    "solitaire|odds_title",
    "Solitaire Dice: pair sums, values and chances (free throw with three discard numbers: {free})",
)
CLI_NOTE = msg(
    "solitaire|odds_note",
    "P(offered): the next roll of five dice can be split with this sum as a pair "
    "(no discard number chosen yet, so any split).",
)
SUM = msg("odds|sum", "Sum")
VALUE = msg("odds|value", "Value")
PROBABILITY_HEADING = msg("odds|probability", "Probability")
P_PAIR = msg("solitaire|p_pair", "P(a pair)")
P_OFFERED = msg("solitaire|p_offered", "P(offered)")
CLI_HEADINGS = (SUM, VALUE, P_PAIR, P_OFFERED)

NO_DISCARDS = msg("solitaire|odds_no_discards", "no discard number chosen yet (any split)")
DISCARDS = msg("solitaire|odds_discards", "discard numbers {numbers}")
SUMS_TITLE = msg("solitaire|odds_sums_title", "Solitaire Dice: each pair sum, {discards}")
P_BOTH = msg("solitaire|p_both", "P(both pairs)")
SUMS_NOTE = msg(
    "solitaire|odds_sums_note",
    "P(offered): the next roll has a legal option with this sum as a pair; "
    "P(both pairs): with this sum as both pairs.",
)
OPTIONS_TITLE = msg(
    "solitaire|odds_options_title",
    "Solitaire Dice: how many distinct options a roll offers, {discards}",
)
OPTIONS = msg("solitaire|options", "Options")
ROLLS_OF = msg("solitaire|rolls_of", "Rolls of 7776")
OPTIONS_NOTE = msg("solitaire|odds_options_note", "Mean: {mean} options.")
FREE_TITLE = msg(
    "solitaire|odds_free_title", "Solitaire Dice: the chance that a roll shows none of k numbers"
)
NUMBERS = msg("solitaire|numbers", "Numbers")
EXAMPLE = msg("solitaire|example", "For example")
NONE = msg("solitaire|none", "none")
P_NONE = msg("solitaire|p_none", "P(no die shows them)")
FREE_NOTE = msg(
    "solitaire|odds_free_note",
    "With the three discard numbers, this is the chance of a free throw.",
)
