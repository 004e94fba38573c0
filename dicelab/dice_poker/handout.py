"""Dice Poker's pages of the printed handout (`dicelab tables`): the chance of
every box in one roll and in a turn, and the optimal expected score of each
ruleset, read from the solver's cache (its header, in a blink) and never
solved here.

>>> intro, entries = pages()
>>> intro, len(entries)
('Five dice, up to three rolls a turn.', 7)
"""

from __future__ import annotations

import json
from typing import Any

from dicelab.core.i18n import msg, translate
from dicelab.core.present.handout import Entry, full
from dicelab.core.present.numbers import decimal_text
from dicelab.core.present.table import TEXT, Column, OddsTable
from dicelab.dice_poker.odds import HEADINGS, turn_table
from dicelab.dice_poker.rules import RULESETS
from dicelab.dice_poker.solver.cache import FORMAT_VERSION, cache_paths, ruleset_key

SCORES_TITLE = msg(
    "handout|scores_title", "Dice Poker: expected final score of optimal solitaire play"
)
RULESET = msg("handout|ruleset", "Ruleset")
STD = msg("handout|std", "Std. deviation")
NOT_SOLVED = msg(
    "handout|not_solved", "not solved yet: run dicelab solve dice-poker --ruleset {name}"
)
SCORES_NOTE = msg(
    "handout|scores_note", "Read from the solver's cache; floating point, to four decimals."
)
DICE_POKER = msg("handout|dice_poker", "Five dice, up to three rolls a turn.")
ONE_ROLL = msg(
    "handout|one_roll",
    "The chance that one roll of five dice qualifies for each box, and the expected points "
    "in that box.",
)
THREE_ROLLS = msg(
    "handout|three_rolls",
    "The chance that a turn of up to three rolls qualifies for each box, and the expected "
    "points in that box (holding the best dice for that box after each roll).",
)
SCORES = msg(
    "handout|scores",
    "The expected final score of a whole game played to maximise it (all boxes, bonuses included).",
)


def _summary(name: str) -> Any:
    """The summary of ruleset `name`'s solution in the solver's cache (its
    header, read in a blink), or None when it is not solved yet."""
    rules = RULESETS[name]
    try:
        header = json.loads(cache_paths(rules)[1].read_text(encoding="utf-8"))
        key = json.loads(json.dumps(ruleset_key(rules)))
        if header.get("format") == FORMAT_VERSION and header.get("key") == key:
            return header.get("summary")
    except (OSError, ValueError, AttributeError):
        pass
    return None


def solved_scores(lang: str = "en") -> OddsTable:
    """The optimal expected final score of each Dice Poker ruleset, where the
    solver's cache holds its solution (read from the cache's header, never solved
    here); otherwise a line saying how to solve it.  Its words are in `lang`."""
    rows = []
    for name in RULESETS:
        summary = _summary(name)
        try:
            score = decimal_text(summary["expected_score"], 4, lang)
            std = decimal_text(summary["std"], 4, lang)
        except (TypeError, KeyError, ValueError):
            score, std = translate(NOT_SOLVED, lang, name=name), ""
        rows.append({"ruleset": name, "score": score, "std": std})
    return OddsTable(
        translate(SCORES_TITLE, lang),
        (
            Column("ruleset", translate(RULESET, lang)),
            Column("score", translate(HEADINGS["expected_score"], lang), TEXT),
            Column("std", translate(STD, lang), TEXT),
        ),
        tuple(rows),
        {"game": "dice-poker"},
        note=translate(SCORES_NOTE, lang),
    )


def pages(lang: str = "en") -> tuple[str, tuple[Entry, ...]]:
    """Dice Poker's pages: every box in one roll and in a turn, for each ruleset,
    and the expected score of a whole game (English shows the boxes' Portuguese
    names too); the section's line and its entries, in `lang`."""
    intros = {1: ONE_ROLL, 3: THREE_ROLLS}
    entries = [
        Entry(
            translate(intros[rolls], lang),
            full(turn_table(name, rolls, lang), *names, "probability", "expected_score"),
        )
        for name in RULESETS
        for names in [("name", "name_pt") if name == "dice-poker" and lang == "en" else ("name",)]
        for rolls in (1, 3)
    ]
    entries.append(Entry(translate(SCORES, lang), solved_scores(lang)))
    return translate(DICE_POKER, lang), tuple(entries)
