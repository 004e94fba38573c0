"""The handout's sections (`dicelab.handout`): each game's exact tables, with a
line saying what each one means, in a language (English here, every other
language in the catalogs, `dicelab.core.i18n`).

>>> [entry.table.title for entry in sly_dice("it").entries]
['Sly Dice: ogni carta con 6 dadi nascosti (visibili: nessuno)']
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any

from dicelab.core.i18n import msg, translate
from dicelab.core.present.numbers import decimal_text
from dicelab.core.present.table import TEXT, Column, OddsTable

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
SLY_DICE = msg(
    "handout|sly_dice", "Six dice; each card names a combination that the six dice show."
)
CARDS = msg(
    "handout|cards",
    "The chance that six fresh dice show each card, and the points the card is worth (the "
    "rarer the card, the more points).",
)
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
OFFER_KEYS = ("sum", "value", "pair_probability", "offered_probability")


@dataclass(frozen=True)
class Entry:
    """One table of the handout, with a line saying what it means."""

    intro: str
    table: OddsTable


@dataclass(frozen=True)
class Section:
    """The tables of one game (`game`: its name in `dicelab.games.GAMES`)."""

    game: str
    title: str
    intro: str
    entries: tuple[Entry, ...]


def _full(table: OddsTable, *keys: str, note: str | None = None) -> OddsTable:
    """Some columns of `table`, every probability shown in full (fraction, %, 1 in N)."""
    return dataclasses.replace(
        table.select(*keys), style="full", note=table.note if note is None else note
    )


def _section(game: str, intro: str, lang: str, *entries: Entry) -> Section:
    """The section of `game`, titled with the game's name in `lang`.

    >>> _section("dice-poker", "Five dice.", "fr").title
    'Poker d’as'
    """
    from dicelab.games import GAMES

    return Section(game, GAMES[game].title_in(lang), intro, entries)


def _summary(name: str) -> Any:
    """The summary of ruleset `name`'s solution in the solver's cache (its
    header, read in a blink), or None when it is not solved yet."""
    from dicelab.dice_poker.rules import RULESETS
    from dicelab.dice_poker.solver.cache import FORMAT_VERSION, cache_paths, ruleset_key

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
    from dicelab.dice_poker.odds import HEADINGS
    from dicelab.dice_poker.rules import RULESETS

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


def dice_poker(lang: str = "en") -> Section:
    """Dice Poker: every box in one roll and in a turn, for each ruleset, and the
    expected score of a whole game (English shows the boxes' Portuguese names too)."""
    from dicelab.dice_poker.odds import turn_table
    from dicelab.dice_poker.rules import RULESETS

    intros = {1: ONE_ROLL, 3: THREE_ROLLS}
    entries = [
        Entry(
            translate(intros[rolls], lang),
            _full(turn_table(name, rolls, lang), *names, "probability", "expected_score"),
        )
        for name in RULESETS
        for names in [("name", "name_pt") if name == "dice-poker" and lang == "en" else ("name",)]
        for rolls in (1, 3)
    ]
    entries.append(Entry(translate(SCORES, lang), solved_scores(lang)))
    return _section("dice-poker", translate(DICE_POKER, lang), lang, *entries)


def solitaire(lang: str = "en") -> Section:
    """Solitaire Dice: the pair sums, the options of a roll, the free throw."""
    from dicelab.solitaire.odds import free_throw_table, option_count_table, sum_table

    return _section(
        "solitaire",
        translate(SOLITAIRE, lang),
        lang,
        Entry(
            translate(SUMS, lang),
            _full(sum_table(lang=lang), *OFFER_KEYS, note=translate(OFFER_NOTE, lang)),
        ),
        Entry(
            translate(OPTIONS, lang),
            _full(option_count_table(lang=lang), "options", "rolls", "probability"),
        ),
        Entry(
            translate(FREE_THROW, lang),
            _full(free_throw_table(lang), "numbers", "example", "probability"),
        ),
    )


def sly_dice(lang: str = "en") -> Section:
    """Sly Dice: every card's chance with six fresh dice, and its points."""
    from dicelab.sly_dice.odds import card_table

    return _section(
        "sly-dice",
        translate(SLY_DICE, lang),
        lang,
        Entry(
            translate(CARDS, lang),
            _full(card_table(lang=lang), "card", "name", "probability", "points"),
        ),
    )


def solo(lang: str = "en") -> Section:
    """Solo: a hand with no playable card, by the top card, and the draws after it."""
    from dicelab.solo.odds import no_playable_table, top_table
    from dicelab.solo.rules import card

    top = card("red-5")
    return _section(
        "solo",
        translate(SOLO, lang),
        lang,
        Entry(
            translate(NO_PLAYABLE, lang),
            _full(no_playable_table(lang=lang), "top", "example", "playable", "probability"),
        ),
        Entry(
            translate(TOP, lang, top=top.id if lang == "en" else top.name(lang)),
            _full(top_table(top, lang=lang), "draws", "probability"),
        ),
    )


def sections(lang: str = "en") -> tuple[Section, ...]:
    """Every game's section, in `lang`."""
    return dice_poker(lang), solitaire(lang), sly_dice(lang), solo(lang)
