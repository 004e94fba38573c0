"""Small views of exact odds for the play panels: HTML tables with inline bars.

Plain HTML (no plotting library): it draws at once, costs nothing to
build, survives any export, and the exact value is always one hover away.

>>> html_table(["Box", "%"], [["Pair", ("50%", "1/2")]])[-54:]
'<tr><td>Pair</td><td title="1/2">50%</td></tr></table>'
>>> bar(0.25, "#1e88e5")
'<span class="dicelab-bar"><span style="width:25.0%;background:#1e88e5"></span></span>'
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from fractions import Fraction


class Markup(str):
    """Text that is already HTML (a table cell that is not escaped)."""


Cell = str | tuple[str, str]

CHART_CSS = """
.dicelab-panel span.dicelab-bar-cell { white-space: nowrap; }
.dicelab-panel span.dicelab-bar-text { display: inline-block; min-width: 4.8em; text-align: right; }
.dicelab-panel span.dicelab-bar { display: inline-block; width: 64px; height: 10px;
  background: #eceff1; vertical-align: middle; margin-right: 4px; }
.dicelab-panel span.dicelab-bar > span { display: block; height: 100%; }
"""


def html_table(headers: Sequence[str], rows: Iterable[Sequence[Cell]], css: str = "") -> str:
    """An HTML table; a cell is text, (text, hover text), or `Markup` (HTML as it is)."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = []
    for row in rows:
        cells = []
        for cell in row:
            if isinstance(cell, Markup):
                cells.append(f"<td>{cell}</td>")
                continue
            text, tip = (cell, "") if isinstance(cell, str) else cell
            title = f' title="{html.escape(tip)}"' if tip else ""
            cells.append(f"<td{title}>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    classes = f"dicelab-table {css}".strip()
    return f'<table class="{classes}"><tr>{head}</tr>{"".join(body)}</table>'


def bar(share: float | Fraction, color: str) -> str:
    """A small horizontal bar filled to `share` (0..1), as inline HTML."""
    width = max(0.0, min(1.0, float(share))) * 100
    return (
        f'<span class="dicelab-bar"><span style="width:{width:.1f}%;'
        f'background:{html.escape(color)}"></span></span>'
    )


def bar_cell(share: float | Fraction, color: str, text: str, tip: str = "") -> Markup:
    """A table cell with a bar and its text (the exact value on hover)."""
    title = f' title="{html.escape(tip)}"' if tip else ""
    inside = f'{bar(share, color)}<span class="dicelab-bar-text">{html.escape(text)}</span>'
    return Markup(f'<span class="dicelab-bar-cell"{title}>{inside}</span>')
