"""`OddsTable`: an exact table of odds that shows itself well in Jupyter.

Rows hold exact `Fraction`s; every view (HTML, LaTeX, Markdown, text, CSV,
JSON) is made from them at the edge.

>>> t = OddsTable(
...     "One die",
...     (Column("face", "Face"), Column("p", "Probability", PROBABILITY)),
...     ({"face": 6, "p": Fraction(1, 6)},),
... )
>>> print(t.to_markdown())
| Face | Probability | % | 1 in N |
|---|---|---|---|
| 6 | 1/6 | 16.67% | 1 in 6 |
>>> t.value(6, "p")
Fraction(1, 6)
"""

from __future__ import annotations

import csv
import dataclasses
import html
import io
import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dicelab.core.i18n import msg, translate
from dicelab.core.present.numbers import (
    decimal_text,
    decimals_of,
    fraction_text,
    latex_fraction,
    one_in_text,
    percent_text,
)
from dicelab.errors import SettingsError

TEXT = "text"
PROBABILITY = "probability"
EXPECTATION = "expectation"
STYLES = ("auto", "full", "percent", "fraction")
ONE_IN_N = msg("odds|one_in_n", "1 in N")


@dataclass(frozen=True)
class Column:
    """One column: its key in each row, its header, and what kind of value it holds.

    A text column may hold values that are not text (a hold of dice, say):
    `show` writes them for people, in every view and export, and a row can be
    found by that text too.
    """

    key: str
    label: str
    kind: str = TEXT
    show: Callable[[Any], str] | None = None

    def text(self, value: Any) -> str:
        """A cell of this column as text."""
        return self.show(value) if self.show is not None else _plain(value)


@dataclass(frozen=True)
class _View:
    header: str
    latex_header: str
    show: Callable[[Any], str]
    latex: Callable[[Any], str]


def _plain(value: Any) -> str:
    return fraction_text(value) if isinstance(value, Fraction) else str(value)


def _json_cell(column: Column, value: Any) -> Any:
    if isinstance(value, Fraction) or column.show is not None:
        return column.text(value)
    return value


def _latex_text(value: Any) -> str:
    text = _plain(value)
    for char in "\\&%$#_{}":
        text = text.replace(char, "\\" + char)
    return text


def _for_people(column: Column, value: Any, lang: str) -> str:
    """A text cell as people read it in `lang`: a decimal number (a float,
    such as an expected score) written the language's way.

    >>> _for_people(Column("x", "X"), 311.7205, "pt"), _for_people(Column("x", "X"), 3, "fr")
    ('311,7205', '3')
    """
    if lang == "en" or not isinstance(value, float) or column.show is not None:
        return column.text(value)
    return decimal_text(value, decimals_of(repr(value)), lang)


def _views(column: Column, style: str, lang: str = "en") -> list[_View]:
    label = column.label

    def percent_cell(p: Any) -> str:
        return percent_text(p, lang)

    if column.kind == PROBABILITY and style == "percent":
        return [_View(label, label, percent_cell, lambda p: percent_text(p).replace("%", r"\%"))]
    if column.kind in (PROBABILITY, EXPECTATION) and style == "fraction":
        return [_View(label, label, str, lambda p: f"${latex_fraction(p)}$")]
    if column.kind == PROBABILITY:
        return [
            _View(label, label, str, lambda p: f"${latex_fraction(p)}$"),
            _View("%", r"\%", percent_cell, lambda p: percent_text(p).replace("%", r"\%")),
            _View(translate(ONE_IN_N, lang), "1 in N", lambda p: one_in_text(p, lang), one_in_text),
        ]
    if column.kind == EXPECTATION:
        return [
            _View(label, label, str, lambda x: f"${latex_fraction(x)}$"),
            _View(
                "≈", r"$\approx$", lambda x: decimal_text(x, 4, lang), lambda x: decimal_text(x, 4)
            ),
        ]
    return [
        _View(
            label,
            _latex_text(label),
            lambda v: _for_people(column, v, lang),
            lambda v: _latex_text(column.text(v)),
        )
    ]


@dataclass(frozen=True)
class OddsTable:
    """A titled table of exact values, one dict per row.

    `meta` says where the numbers come from (game, ruleset, rolls ...) and is
    written first in `to_json()`.  `style` says how exact values are shown:
    "full" (fraction, percent and "1 in N"), "percent" (the exact fraction in
    a tooltip), "fraction" (fractions only), or "auto": "percent" for tables
    with more than two probability columns, else "full".
    """

    title: str
    columns: tuple[Column, ...]
    rows: tuple[Mapping[str, Any], ...]
    meta: Mapping[str, Any] = field(default_factory=dict)
    note: str = ""
    style: str = "auto"

    def __post_init__(self) -> None:
        if self.style not in STYLES:
            raise SettingsError(f"style must be one of {', '.join(STYLES)}, not {self.style!r}")
        keys = [c.key for c in self.columns]
        for row in self.rows:
            missing = set(keys) - set(row)
            if missing:
                raise SettingsError(f"row {row!r} has no value for {sorted(missing)}")

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Mapping[str, Any]]:
        return iter(self.rows)

    @property
    def view_style(self) -> str:
        """The style in use: `style`, with "auto" decided by the columns."""
        if self.style != "auto":
            return self.style
        return "percent" if sum(c.kind == PROBABILITY for c in self.columns) > 2 else "full"

    def row(self, key: Any) -> Mapping[str, Any]:
        """The row whose first column equals `key` (or, for a text key, shows it)."""
        first = self.columns[0]
        for row in self.rows:
            if row[first.key] == key:
                return row
        if isinstance(key, str):
            for row in self.rows:
                if first.text(row[first.key]) == key:
                    return row
        raise KeyError(key)

    def value(self, key: Any, column: str) -> Any:
        """One cell: the row named by its first column, and a column key."""
        return self.row(key)[column]

    def column(self, column: str) -> dict[Any, Any]:
        """A whole column as {first-column value: cell}."""
        first = self.columns[0].key
        return {row[first]: row[column] for row in self.rows}

    def select(self, *keys: str) -> OddsTable:
        """The same table with only some columns, in the order given.

        >>> t = OddsTable("x", (Column("a", "A"), Column("b", "B")), ({"a": 1, "b": 2},))
        >>> [c.key for c in t.select("b", "a").columns]
        ['b', 'a']
        """
        by_key = {c.key: c for c in self.columns}
        unknown = [k for k in keys if k not in by_key]
        if unknown:
            raise SettingsError(f"no column {unknown[0]!r}; columns are {', '.join(by_key)}")
        return dataclasses.replace(self, columns=tuple(by_key[k] for k in keys))

    def _views(self, lang: str = "en") -> list[tuple[Column, _View]]:
        return [(c, v) for c in self.columns for v in _views(c, self.view_style, lang)]

    def to_dicts(self) -> list[dict[str, Any]]:
        """Rows as JSON-ready dicts: fractions become "p/q" strings."""
        return [{c.key: _json_cell(c, row[c.key]) for c in self.columns} for row in self.rows]

    def to_json(self, indent: int | None = 2) -> str:
        """The metadata, then the rows, with exact fractions as "p/q"."""
        return json.dumps({**self.meta, "rows": self.to_dicts()}, indent=indent, ensure_ascii=False)

    def to_csv(self) -> str:
        """Exact fractions, each followed by a rounded decimal column for spreadsheets."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        header: list[str] = []
        for c in self.columns:
            header += [c.key, f"{c.key}_decimal"] if c.kind != TEXT else [c.key]
        writer.writerow(header)
        for row in self.rows:
            cells: list[str] = []
            for c in self.columns:
                value = row[c.key]
                cells.append(c.text(value))
                if c.kind != TEXT:
                    cells.append(decimal_text(value, 12))
            writer.writerow(cells)
        return out.getvalue()

    def to_markdown(self, lang: str = "en") -> str:
        """A GitHub-flavoured Markdown table, its numbers written as `lang` writes them."""
        views = self._views(lang)
        lines = ["| " + " | ".join(v.header for _, v in views) + " |", "|" + "---|" * len(views)]
        for row in self.rows:
            lines.append("| " + " | ".join(v.show(row[c.key]) for c, v in views) + " |")
        return "\n".join(lines)

    def to_latex(self, math: bool = False) -> str:
        """A LaTeX `tabular` with exact fractions (`math=True`: an `array` for MathJax)."""
        views = self._views()

        def cell(text: str) -> str:
            if not math:
                return text
            return (
                text[1:-1] if text.startswith("$") and text.endswith("$") else rf"\text{{{text}}}"
            )

        env = "array" if math else "tabular"
        lines = [
            rf"\begin{{{env}}}{{" + "l" * len(views) + "}",
            r"\hline",
            " & ".join(cell(v.latex_header) for _, v in views) + r" \\",
            r"\hline",
        ]
        for row in self.rows:
            lines.append(" & ".join(cell(v.latex(row[c.key])) for c, v in views) + r" \\")
        lines += [r"\hline", rf"\end{{{env}}}"]
        return "\n".join(lines)

    def to_text(self, lang: str = "en") -> str:
        """An aligned plain-text table, for the terminal, its numbers written as `lang` writes them.

        >>> t = OddsTable("Coin", (Column("p", "P", PROBABILITY),), ({"p": Fraction(1, 3)},))
        >>> print(t.to_text("fr").replace("\xa0", " "))
        Coin
        P    %        1 sur N
        ---  -------  -------
        1/3  33,33 %  1 sur 3
        """
        views = self._views(lang)
        grid = [[v.header for _, v in views]]
        grid += [[v.show(row[c.key]) for c, v in views] for row in self.rows]
        widths = [max(len(line[i]) for line in grid) for i in range(len(views))]
        lines = [
            "  ".join(cell.ljust(w) for cell, w in zip(line, widths)).rstrip() for line in grid
        ]
        lines.insert(1, "  ".join("-" * w for w in widths))
        return "\n".join([self.title, *lines] + ([self.note] if self.note else []))

    def to_sympy(self) -> list[dict[str, Any]]:
        """Rows with sympy `Rational`s in place of fractions (imports sympy now)."""
        import sympy

        return [
            {
                k: sympy.Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v
                for k, v in row.items()
            }
            for row in self.rows
        ]

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<OddsTable {self.title!r}: {len(self.rows)} rows>"

    def _repr_markdown_(self) -> str:
        return f"**{self.title}**\n\n{self.to_markdown()}"

    def _repr_latex_(self) -> str:
        return "$$" + self.to_latex(math=True) + "$$"

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_html(self, lang: str = "en") -> str:
        """An HTML table (Jupyter's view), its numbers written as `lang` writes them."""
        views = self._views(lang)
        head = "".join(f"<th>{html.escape(v.header)}</th>" for _, v in views)
        body = []
        for row in self.rows:
            cells = []
            for c, v in views:
                value = row[c.key]
                tip = f' title="{value}"' if c.kind != TEXT else ""
                align = ' style="text-align:right"' if c.kind != TEXT else ""
                cells.append(f"<td{tip}{align}>{html.escape(v.show(value))}</td>")
            body.append("<tr>" + "".join(cells) + "</tr>")
        note = f"<p><small>{html.escape(self.note)}</small></p>" if self.note else ""
        return (
            f'<div class="dicelab-table"><p><b>{html.escape(self.title)}</b></p>'
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}"
            f"</tbody></table>{note}</div>"
        )
