"""Exact odds of Solitaire Dice: pair sums, what a roll offers, the free throw.

Everything is counted with integers: over the 36 ordered rolls of two dice,
or over the 252 hands of five dice with their weights (7776 ordered rolls).
Fractions appear only in the returned `OddsTable`s.

>>> pair_sum_table().value(7, "probability")
Fraction(1, 6)
>>> free_throw_probability({1, 2, 5})  # three discard numbers: (1/2)**5
Fraction(1, 32)
>>> sum_table().value(7, "offered_probability")  # no discard number chosen yet
Fraction(115, 144)

Definitions (each checked against brute force over all 7776 rolls in the tests):

- `pair_probability` of s: the chance that two dice sum to s (one given pair);
- `offered_probability` of s, for a set of chosen discard numbers: the chance
  that the next roll of five dice has a *legal* option (see
  `rules.legal_splits`) with s as one of its pair sums;
- `both_probability` of s: the same for an option with s as *both* pair sums;
- `free_throw_probability(numbers)`: the chance that no die shows any of the
  numbers, ((6 - k) / 6)**5 for k numbers; under the rules this is the
  chance of a free throw once three numbers are chosen (1/32).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from typing import Any

from dicelab.core.dice.hands import FACES, dice_space
from dicelab.core.engine.checks import items_of, whole_number
from dicelab.core.i18n import Message, translate
from dicelab.core.present.numbers import decimal_text, fraction_text
from dicelab.core.present.table import EXPECTATION, PROBABILITY, TEXT, Column, OddsTable
from dicelab.solitaire import odds_text as words
from dicelab.solitaire.rules import (
    DISCARD_NUMBERS,
    MAX_DISCARDS,
    SUMS,
    VALUES,
    check_discards,
    raw_options,
)

ALL_ROLLS = 6**5


def pair_sum_ways() -> dict[int, int]:
    """How many of the 36 ordered rolls of two dice give each sum.

    >>> pair_sum_ways()[2], pair_sum_ways()[7], sum(pair_sum_ways().values())
    (1, 6, 36)
    """
    ways = Counter(a + b for a, b in itertools.product(FACES, repeat=2))
    return {s: ways[s] for s in SUMS}


def pair_sum_table() -> OddsTable:
    """The distribution of the sum of two dice.

    >>> pair_sum_table().value(12, "ways")
    1
    """
    rows = tuple(
        {"sum": s, "ways": w, "probability": Fraction(w, 36)} for s, w in pair_sum_ways().items()
    )
    columns = (
        Column("sum", "Sum"),
        Column("ways", "Ways of 36"),
        Column("probability", "Probability", PROBABILITY),
    )
    return OddsTable("The sum of two dice", columns, rows, {"game": "solitaire", "dice": 2})


@cache
def offer_counts(
    discards: frozenset[int] = frozenset(),
) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """Counts over the 7776 rolls, given the chosen discard numbers: for each sum,
    the rolls offering it in a legal option, and in both pairs of one; and for
    each n, the rolls with exactly n distinct legal options.

    >>> offered, both, options = offer_counts(frozenset())
    >>> offered[2], both[7], sum(options.values())
    (1526, 1860, 7776)
    """
    chosen = check_discards(discards)
    space = dice_space(5)
    offered: Counter[int] = Counter()
    both: Counter[int] = Counter()
    options: Counter[int] = Counter()
    for hand, weight in zip(space.hands, space.weights.tolist()):
        splits = raw_options(hand, chosen)
        options[len(splits)] += weight
        for s in {x for a, b, _ in splits for x in (a, b)}:
            offered[s] += weight
        for s in {a for a, b, _ in splits if a == b}:
            both[s] += weight
    return (
        {s: offered[s] for s in SUMS},
        {s: both[s] for s in SUMS},
        dict(sorted(options.items())),
    )


def _discard_words(chosen: frozenset[int], lang: str = "en") -> str:
    """The discard numbers chosen, said in `lang`.

    >>> _discard_words(frozenset({5, 1})), _discard_words(frozenset(), "pt")
    ('discard numbers 1, 5', 'nenhum descarte escolhido ainda (qualquer divisão)')
    """
    if not chosen:
        return translate(words.NO_DISCARDS, lang)
    return translate(words.DISCARDS, lang, numbers=", ".join(map(str, sorted(chosen))))


def _columns(lang: str, *columns: tuple[str, Message, str]) -> tuple[Column, ...]:
    """Columns from (key, heading, kind), their headings in `lang`.

    >>> [c.label for c in _columns("fr", ("sum", words.SUM, TEXT))]
    ['Somme']
    """
    return tuple(Column(key, translate(heading, lang), kind) for key, heading, kind in columns)


def sum_table(discards: Iterable[int] = (), lang: str = "en") -> OddsTable:
    """For each pair sum: its value, the chance of a given pair, and the chance
    that the next roll offers it (in one pair, in both), given the discards;
    its words in `lang`.

    >>> t = sum_table({1, 2, 5})
    >>> t.value(12, "offered_probability"), t.value(2, "offered_probability")
    (Fraction(763, 3888), Fraction(157, 972))
    >>> sum_table(lang="it").columns[4].label
    'P(entrambe le coppie)'
    """
    chosen = check_discards(discards)
    offered, both, _ = offer_counts(chosen)
    ways = pair_sum_ways()
    rows = tuple(
        {
            "sum": s,
            "value": VALUES[s],
            "pair_probability": Fraction(ways[s], 36),
            "offered_probability": Fraction(offered[s], ALL_ROLLS),
            "both_probability": Fraction(both[s], ALL_ROLLS),
        }
        for s in SUMS
    )
    columns = _columns(
        lang,
        ("sum", words.SUM, TEXT),
        ("value", words.VALUE, TEXT),
        ("pair_probability", words.P_PAIR, PROBABILITY),
        ("offered_probability", words.P_OFFERED, PROBABILITY),
        ("both_probability", words.P_BOTH, PROBABILITY),
    )
    return OddsTable(
        translate(words.SUMS_TITLE, lang, discards=_discard_words(chosen, lang)),
        columns,
        rows,
        {"game": "solitaire", "discards": sorted(chosen)},
        note=translate(words.SUMS_NOTE, lang),
    )


def cli_table(lang: str = "en") -> OddsTable:
    """The table of `dicelab odds solitaire`: value, pair and offered chance of
    each sum (no discard number chosen yet, so any split), and the free-throw
    chance with three discard numbers; its words in `lang`.

    >>> t = cli_table()
    >>> t.meta["free_throw"], [c.key for c in t.columns]
    ('1/32', ['sum', 'value', 'pair_probability', 'offered_probability'])
    >>> [c.label for c in cli_table("es").columns]
    ['Suma', 'Valor', 'P(una pareja)', 'P(ofrecida)']
    """
    full = sum_table()
    free = free_throw_probability(DISCARD_NUMBERS[:MAX_DISCARDS])
    columns = tuple(
        dataclasses.replace(column, label=translate(heading, lang))
        for column, heading in zip(full.columns[:4], words.CLI_HEADINGS)
    )
    return OddsTable(
        translate(words.CLI_TITLE, lang, free=fraction_text(free)),
        columns,
        tuple({c.key: row[c.key] for c in columns} for row in full.rows),
        {"free_throw": fraction_text(free)},
        note=translate(words.CLI_NOTE, lang),
    )


def option_count_table(discards: Iterable[int] = (), lang: str = "en") -> OddsTable:
    """The distribution of the number of distinct legal options of a roll; its
    words in `lang`.

    >>> option_count_table().value(1, "probability")  # e.g. 3 3 3 3 3
    Fraction(1, 1296)
    >>> option_count_table(lang="es").note
    'Media: 7,7168 opciones.'
    """
    chosen = check_discards(discards)
    _, _, counts = offer_counts(chosen)
    rows = tuple(
        {"options": n, "rolls": c, "probability": Fraction(c, ALL_ROLLS)} for n, c in counts.items()
    )
    columns = _columns(
        lang,
        ("options", words.OPTIONS, TEXT),
        ("rolls", words.ROLLS_OF, TEXT),
        ("probability", words.PROBABILITY_HEADING, PROBABILITY),
    )
    mean = Fraction(sum(n * c for n, c in counts.items()), ALL_ROLLS)
    return OddsTable(
        translate(words.OPTIONS_TITLE, lang, discards=_discard_words(chosen, lang)),
        columns,
        rows,
        {"game": "solitaire", "discards": sorted(chosen), "mean": fraction_text(mean)},
        note=translate(words.OPTIONS_NOTE, lang, mean=decimal_text(mean, 4, lang)),
    )


def free_throw_probability(numbers: Iterable[int]) -> Fraction:
    """The chance that no die of a roll shows any of these numbers, by enumeration
    (weighted hands).  With three discard numbers, the chance of a free throw.

    >>> free_throw_probability([]), free_throw_probability([6])
    (Fraction(1, 1), Fraction(3125, 7776))
    """
    faces = frozenset(
        whole_number(f, "a discard number", 1, 6) for f in items_of(numbers, "numbers")
    )
    space = dice_space(5)
    count = sum(w for h, w in zip(space.hands, space.weights.tolist()) if not faces & set(h))
    return Fraction(count, ALL_ROLLS)


def free_throw_formula(k: int) -> Fraction:
    """The same chance by reasoning: each die avoids k numbers (0 to 6) with chance
    (6 - k)/6.

    >>> free_throw_formula(3)
    Fraction(1, 32)
    """
    return Fraction(6 - whole_number(k, "k", 0, 6), 6) ** 5


def free_throw_table(lang: str = "en") -> OddsTable:
    """For k = 0..6 numbers, the chance that a roll shows none of them; its
    words in `lang`.

    >>> free_throw_table().value(3, "probability")
    Fraction(1, 32)
    >>> free_throw_table("fr").value(0, "example")
    'aucun'
    """
    rows = []
    for k in range(len(FACES) + 1):
        numbers = FACES[:k]
        p = free_throw_probability(numbers)
        rows.append(
            {
                "numbers": k,
                "example": " ".join(map(str, numbers)) or translate(words.NONE, lang),
                "rolls": int(p * ALL_ROLLS),
                "probability": p,
            }
        )
    columns = _columns(
        lang,
        ("numbers", words.NUMBERS, TEXT),
        ("example", words.EXAMPLE, TEXT),
        ("rolls", words.ROLLS_OF, TEXT),
        ("probability", words.P_NONE, PROBABILITY),
    )
    return OddsTable(
        translate(words.FREE_TITLE, lang),
        columns,
        tuple(rows),
        {"game": "solitaire"},
        note=translate(words.FREE_NOTE, lang),
    )


def value_table() -> OddsTable:
    """How the sheet's values follow the chances: value, ways of 36, the chances,
    and value x chance (points per pair, points per roll when always marked).

    >>> t = value_table()
    >>> t.value(2, "value_x_pair"), t.value(7, "value_x_pair")
    (Fraction(25, 9), Fraction(5, 1))
    """
    table = sum_table()
    ways = pair_sum_ways()
    rows = tuple(
        {
            "sum": row["sum"],
            "value": row["value"],
            "ways": ways[row["sum"]],
            "pair_probability": row["pair_probability"],
            "offered_probability": row["offered_probability"],
            "value_x_pair": row["value"] * row["pair_probability"],
            "value_x_offered": row["value"] * row["offered_probability"],
        }
        for row in table.rows
    )
    columns = (
        Column("sum", "Sum"),
        Column("value", "Value"),
        Column("ways", "Ways of 36"),
        Column("pair_probability", "P(a pair)", PROBABILITY),
        Column("offered_probability", "P(offered)", PROBABILITY),
        Column("value_x_pair", "Value × P(a pair)", EXPECTATION),
        Column("value_x_offered", "Value × P(offered)", EXPECTATION),
    )
    return OddsTable(
        "Solitaire Dice: the sheet's values against the chances",
        columns,
        rows,
        {"game": "solitaire"},
        note="If the values paid exactly for rarity, value × probability would be the same "
        "for every sum.",
    )


def value_figure() -> Any:
    """A plotly chart of each sum's value against its chances (plotly imported now)."""
    import plotly.graph_objects as go

    table = value_table()
    sums = [row["sum"] for row in table.rows]
    fig = go.Figure(
        [
            go.Bar(x=sums, y=[row["value"] for row in table.rows], name="value (points a mark)"),
            go.Scatter(
                x=sums,
                y=[round(float(100 * row["offered_probability"]), 2) for row in table.rows],
                name="P(offered by a roll), %",
                yaxis="y2",
                mode="lines+markers",
            ),
        ]
    )
    fig.update_layout(
        title="Solitaire Dice: rare sums pay more",
        xaxis={"title": "pair sum", "dtick": 1},
        yaxis={"title": "points a mark beyond the 5th"},
        yaxis2={"title": "%", "overlaying": "y", "side": "right", "range": [0, 100]},
        template="plotly_white",
        height=420,
    )
    return fig


__all__ = [
    "cli_table",
    "free_throw_formula",
    "free_throw_probability",
    "free_throw_table",
    "offer_counts",
    "option_count_table",
    "pair_sum_table",
    "pair_sum_ways",
    "sum_table",
    "value_figure",
    "value_table",
]
