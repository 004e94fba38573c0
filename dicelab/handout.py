"""The handout: the printable exact-odds reference of every game in one document.

`build(lang)` gathers the library's own tables (one section per game, made by
the game itself: its `handout` in the registry, a line saying what each table
means), with every
probability as a fraction, a percentage and "1 in N", its words and numbers in
`lang` (English by default); `Handout.render(fmt)` writes it as Markdown, as a
standalone printable HTML page (A4, each game on a new page, table headers
repeated on every page) or as a LaTeX document.  `dicelab tables` prints it,
in the command line's language (LaTeX in English).

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

import html
from dataclasses import dataclass

from dicelab.core.i18n import msg, translate
from dicelab.core.present.handout import Entry
from dicelab.core.present.table import OddsTable
from dicelab.errors import SettingsError

FORMATS = ("markdown", "html", "latex")
TITLE = msg("handout|title", "Exact odds of four dice and card games")
INTRO = msg(
    "handout|intro",
    "Every chance is exact: a fraction in lowest terms, then a percentage (rounded) and "
    '"1 in N" (one over the chance, rounded). Printed by the command dicelab tables.',
)


@dataclass(frozen=True)
class Section:
    """The tables of one game (`game`: its name in `dicelab.games.GAMES`)."""

    game: str
    title: str
    intro: str
    entries: tuple[Entry, ...]


def sections(lang: str = "en") -> tuple[Section, ...]:
    """Every game's section, in `lang`, titled with the game's name.

    >>> sections("fr")[0].title
    'Poker d’as'
    """
    from dicelab.games import GAMES

    return tuple(
        Section(game.name, game.title_in(lang), *game.handout_pages(lang))
        for game in GAMES.values()
    )


@dataclass(frozen=True)
class Handout:
    """The whole document: a title, an introduction and one section per game,
    in `lang` (its tables' numbers too, in Markdown and HTML; LaTeX writes
    them in English)."""

    title: str
    intro: str
    sections: tuple[Section, ...]
    lang: str = "en"

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
                out += ["", f"### {t.title}", "", entry.intro, "", t.to_markdown(self.lang)]
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
                parts.append(entry.table.to_html(self.lang).replace("</b></p>", intro, 1))
            body.append(f'<section class="game" id="{section.game}">{"".join(parts)}</section>')
        return (
            f'<!DOCTYPE html>\n<html lang="{self.lang}">\n<head>\n<meta charset="utf-8">\n'
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


def build(lang: str = "en") -> Handout:
    """The handout of every game in `lang`, from the library's exact tables (about
    a second).

    >>> build("it").render("markdown").splitlines()[0]
    '# Probabilità esatte di quattro giochi di dadi e di carte'
    """
    return Handout(translate(TITLE, lang), translate(INTRO, lang), sections(lang), lang)
