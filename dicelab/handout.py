"""The handout: the printable exact-odds reference of every game in one document.

`build()` gathers the library's own tables (one section per game, a line
saying what each table means), with every probability as a fraction, a
percentage and "1 in N"; `Handout.render(fmt)` writes it as Markdown, as a
standalone printable HTML page (A4, each game on a new page, table headers
repeated on every page) or as a LaTeX document.  `dicelab tables` prints it.

Optimal expected scores of Dice Poker are read from the solver's cache (its
header, in a blink) and never solved here: a ruleset not solved yet gets a
line saying to run `dicelab solve`.

>>> handout = build()
>>> [s.game for s in handout.sections]
['dice-poker', 'solitaire', 'sly-dice', 'solo']
>>> handout.table("sly-dice", "card").value("straight6", "probability")
Fraction(5, 324)
>>> print(handout.render("markdown").splitlines()[0])
# Exact odds of four dice and card games
"""

from __future__ import annotations

import dataclasses
import html
import json
from dataclasses import dataclass
from typing import Any

from dicelab.core.present.table import TEXT, Column, OddsTable
from dicelab.errors import SettingsError

FORMATS = ("markdown", "html", "latex")
TITLE = "Exact odds of four dice and card games"
INTRO = (
    "Every chance is exact: a fraction in lowest terms, then a percentage (rounded) and "
    '"1 in N" (one over the chance, rounded). Printed by the command dicelab tables.'
)


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


def solved_scores() -> OddsTable:
    """The optimal expected final score of each Dice Poker ruleset, where the
    solver's cache holds its solution (read from the cache's header, never solved
    here); otherwise a line saying how to solve it."""
    from dicelab.dice_poker.rules import RULESETS
    from dicelab.dice_poker.solver.cache import FORMAT_VERSION, cache_paths, ruleset_key

    rows = []
    for name, rules in RULESETS.items():
        summary: Any = None
        try:
            header = json.loads(cache_paths(rules)[1].read_text(encoding="utf-8"))
            key = json.loads(json.dumps(ruleset_key(rules)))
            if header.get("format") == FORMAT_VERSION and header.get("key") == key:
                summary = header.get("summary")
        except (OSError, ValueError, AttributeError):
            summary = None
        try:
            score, std = f"{summary['expected_score']:.4f}", f"{summary['std']:.4f}"
        except (TypeError, KeyError, ValueError):
            score, std = f"not solved yet: run dicelab solve dice-poker --ruleset {name}", ""
        rows.append({"ruleset": name, "score": score, "std": std})
    return OddsTable(
        "Dice Poker: expected final score of optimal solitaire play",
        (
            Column("ruleset", "Ruleset"),
            Column("score", "Expected score", TEXT),
            Column("std", "Std. deviation", TEXT),
        ),
        tuple(rows),
        {"game": "dice-poker"},
        note="Read from the solver's cache; floating point, to four decimals.",
    )


def _dice_poker() -> Section:
    from dicelab.dice_poker.odds import turn_table
    from dicelab.dice_poker.rules import RULESETS

    words = {
        1: "one roll of five dice qualifies for each box, and the expected points in that box.",
        3: "a turn of up to three rolls qualifies for each box, and the expected points in that "
        "box (holding the best dice for that box after each roll).",
    }
    entries = [
        Entry(
            f"The chance that {words[rolls]}",
            _full(turn_table(name, rolls), *names, "probability", "expected_score"),
        )
        for name in RULESETS
        for names in [("name", "name_pt") if name == "dice-poker" else ("name",)]
        for rolls in (1, 3)
    ]
    entries.append(
        Entry(
            "The expected final score of a whole game played to maximise it "
            "(all boxes, bonuses included).",
            solved_scores(),
        )
    )
    return Section(
        "dice-poker", "Dice Poker", "Five dice, up to three rolls a turn.", tuple(entries)
    )


OFFER_KEYS = ("sum", "value", "pair_probability", "offered_probability")
OFFER_NOTE = "P(offered): the next roll has a legal split with this sum as a pair."


def _solitaire() -> Section:
    from dicelab.solitaire.odds import free_throw_table, option_count_table, sum_table

    return Section(
        "solitaire",
        "Solitaire Dice",
        "Five dice split into two pairs and a discard die.",
        (
            Entry(
                "Each pair sum: its value on the sheet, the chance that two given dice make it, "
                "and the chance that the next roll of five dice offers it as a pair.",
                _full(sum_table(), *OFFER_KEYS, note=OFFER_NOTE),
            ),
            Entry(
                "How many distinct ways of splitting a roll the rules allow.",
                _full(option_count_table(), "options", "rolls", "probability"),
            ),
            Entry(
                "The chance that no die shows any of k numbers: with the three discard numbers "
                "chosen (k = 3), the chance of a free throw, 1/32.",
                _full(free_throw_table(), "numbers", "example", "probability"),
            ),
        ),
    )


def _sly_dice() -> Section:
    from dicelab.sly_dice.odds import card_table

    return Section(
        "sly-dice",
        "Sly Dice",
        "Six dice; each card names a combination that the six dice show.",
        (
            Entry(
                "The chance that six fresh dice show each card, and the points the card is worth "
                "(the rarer the card, the more points).",
                _full(card_table(), "card", "name", "probability", "points"),
            ),
        ),
    )


def _solo() -> Section:
    from dicelab.solo.odds import no_playable_table, top_table

    return Section(
        "solo",
        "Solo",
        "A 120-card deck; a hand of 8 cards is dealt from what the top card leaves.",
        (
            Entry(
                "The chance that a hand of 8 holds no card playable on the top card, for each "
                "kind of top card (drawing without replacement, exactly).",
                _full(no_playable_table(), "top", "example", "playable", "probability"),
            ),
            Entry(
                "With red-5 on top and no playable card in hand: the chance of drawing a playable "
                "card within d draws.",
                _full(top_table(), "draws", "probability"),
            ),
        ),
    )


@dataclass(frozen=True)
class Handout:
    """The whole document: a title, an introduction and one section per game."""

    title: str
    intro: str
    sections: tuple[Section, ...]

    def table(self, game: str, word: str) -> OddsTable:
        """The first table of `game` whose title, intro or column keys hold `word`.

        >>> build().table("solo", "no playable").value("number", "probability")
        Fraction(784905, 51429238)
        """
        for section in self.sections:
            for entry in section.entries if section.game == game else ():
                words = [entry.table.title, entry.intro, *(c.key for c in entry.table.columns)]
                if any(word.lower() in w.lower() for w in words):
                    return entry.table
        raise KeyError(f"{game}: {word}")

    def render(self, fmt: str = "markdown") -> str:
        """The handout as "markdown", "html" or "latex"."""
        views = {"markdown": self.to_markdown, "html": self.to_html, "latex": self.to_latex}
        if fmt not in views:
            raise SettingsError(f"format must be one of {', '.join(FORMATS)}, not {fmt!r}")
        return views[fmt]()

    def to_markdown(self) -> str:
        """GitHub-flavoured Markdown: a heading per game and per table."""
        out = [f"# {self.title}", "", self.intro]
        for section in self.sections:
            out += ["", f"## {section.title}", "", section.intro]
            for entry in section.entries:
                t = entry.table
                out += ["", f"### {t.title}", "", entry.intro, "", t.to_markdown()]
                out += ["", f"*{t.note}*"] if t.note else []
        return "\n".join(out) + "\n"

    def to_html(self) -> str:
        """A standalone page to print: A4, each game on a new page."""
        esc = html.escape
        body = []
        for section in self.sections:
            parts = [f"<h2>{esc(section.title)}</h2>", f'<p class="intro">{esc(section.intro)}</p>']
            for entry in section.entries:
                intro = f'</b></p><p class="what">{esc(entry.intro)}</p>'
                parts.append(entry.table._repr_html_().replace("</b></p>", intro, 1))
            body.append(f'<section class="game" id="{section.game}">{"".join(parts)}</section>')
        return (
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{esc(self.title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
            f"<h1>{esc(self.title)}</h1>\n<p>{esc(self.intro)}</p>\n"
            + "\n".join(body)
            + "\n</body>\n</html>\n"
        )

    def to_latex(self) -> str:
        """A LaTeX article (A4): a section per game, each on a new page."""
        out = [LATEX_PREAMBLE, rf"\title{{{_latex(self.title)}}}", r"\date{}", r"\begin{document}"]
        out += [r"\maketitle", _latex(self.intro)]
        for i, section in enumerate(self.sections):
            out += [r"\newpage"] if i else []
            out += [rf"\section*{{{_latex(section.title)}}}", _latex(section.intro)]
            for entry in section.entries:
                t = entry.table
                out += [rf"\subsection*{{{_latex(t.title)}}}", _latex(entry.intro), ""]
                out += [r"\begin{center}", r"\small", t.to_latex(), r"\end{center}"]
                out += [rf"{{\footnotesize {_latex(t.note)}}}", ""] if t.note else []
        out.append(r"\end{document}")
        return "\n".join(out) + "\n"


CSS = """
@page { size: A4; margin: 14mm 12mm; }
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 9.5pt; color: #111;
       max-width: 190mm; margin: 0 auto; }
h1 { font-size: 17pt; margin: 0 0 4pt; }
h2 { font-size: 14pt; border-bottom: 2px solid #345; margin: 12pt 0 2pt; }
p { margin: 6pt 0 2pt; }
p.intro { font-style: italic; }
section.game + section.game { break-before: page; }
.dicelab-table { break-inside: avoid; margin-bottom: 8pt; }
.dicelab-table p { margin: 2pt 0; }
.dicelab-table p.what { margin-bottom: 4pt; }
table { border-collapse: collapse; font-size: 8.5pt; }
thead { display: table-header-group; }
tr { break-inside: avoid; }
th { background: #e4e9ef; text-align: left; }
th, td { border-bottom: 1px solid #ccd; padding: 1.5pt 5pt; }
td[style] { white-space: nowrap; }
small { color: #555; }
"""

LATEX_PREAMBLE = r"""\documentclass[10pt,a4paper]{article}
\usepackage[utf8]{inputenc}
\usepackage[T1]{fontenc}
\usepackage[margin=15mm]{geometry}"""

_LATEX_CHARS = {
    **{c: "\\" + c for c in "&%$#_{}"},
    "\\": r"\textbackslash{}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "`": "",
    "≈": r"$\approx$",
    "×": r"$\times$",
    "÷": r"$\div$",
    "−": "--",
}


def _latex(text: str) -> str:
    r"""Text with LaTeX's special characters escaped.

    >>> print(_latex("50% of `dicelab solve` ≈ 1/2"))
    50\% of dicelab solve $\approx$ 1/2
    """
    return "".join(_LATEX_CHARS.get(c, c) for c in text)


def build() -> Handout:
    """The handout of every game, from the library's exact tables (about a second)."""
    return Handout(TITLE, INTRO, (_dice_poker(), _solitaire(), _sly_dice(), _solo()))
