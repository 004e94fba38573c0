"""Small views of exact odds for the play panels: an HTML table and a live bar chart.

>>> html_table(["Box", "%"], [["Pair", ("50%", "1/2")]])[-54:]
'<tr><td>Pair</td><td title="1/2">50%</td></tr></table>'
"""

from __future__ import annotations

import copy
import html
from collections.abc import Iterable, Sequence
from typing import Any

Cell = str | tuple[str, str]


def html_table(headers: Sequence[str], rows: Iterable[Sequence[Cell]], css: str = "") -> str:
    """An escaped HTML table; a cell is text or (text, hover text)."""
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = []
    for row in rows:
        cells = []
        for cell in row:
            text, tip = (cell, "") if isinstance(cell, str) else cell
            title = f' title="{html.escape(tip)}"' if tip else ""
            cells.append(f"<td{title}>{html.escape(text)}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    classes = f"dicelab-table {css}".strip()
    return f'<table class="{classes}"><tr>{head}</tr>{"".join(body)}</table>'


def bar_figure(labels: Sequence[str], title: str = "", percent: bool = True) -> Any:
    """A plotly `FigureWidget` with one bar per label, zero to start, updated in place."""
    import plotly.graph_objects as go

    bar = go.Bar(
        x=list(labels),
        y=[0.0] * len(labels),
        customdata=[""] * len(labels),
        hovertemplate="%{x}: %{y:.2%} = %{customdata}<extra></extra>"
        if percent
        else "%{x}: %{y:.2f} = %{customdata}<extra></extra>",
    )
    layout = go.Layout(
        title={"text": title, "font": {"size": 13}},
        height=300,
        width=560,
        margin={"l": 45, "r": 10, "t": 40, "b": 90},
        yaxis={"range": [0, 1], "tickformat": ".0%"} if percent else {},
        template="plotly_white",
    )
    # the layout goes in at construction: it is then part of the widget's first state
    return go.FigureWidget(data=[bar], layout=layout)


def _sync_figure(figure: Any) -> None:
    """Copy the whole figure into the widget's synced state.

    plotly >= 6 (anywidget) sends edits as one-shot events that a browser
    view created later never sees, and only refreshes the synced state in
    the figure's own `_repr_mimebundle_`, which is not called for a figure
    inside a Box.  The view listens to these traits, so setting them keeps
    a figure shown inside a panel up to date whenever it is displayed.
    """
    if hasattr(figure, "_widget_data") and hasattr(figure, "_layout_obj"):
        figure._widget_data = copy.deepcopy(figure._data)
        figure._widget_layout = copy.deepcopy(figure._layout_obj._props)


def update_bars(
    figure: Any,
    y: Sequence[float],
    hover: Sequence[str],
    colors: Sequence[str] | None = None,
    title: str | None = None,
    labels: Sequence[str] | None = None,
) -> None:
    """Change a `bar_figure` in place, in one batch (one message to the browser)."""
    with figure.batch_update():
        bar = figure.data[0]
        if labels is not None:
            bar.x = list(labels)
        bar.y = list(y)
        bar.customdata = list(hover)
        if colors is not None:
            bar.marker.color = list(colors)
        if title is not None:
            figure.layout.title.text = title
    _sync_figure(figure)
