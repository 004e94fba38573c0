"""Static bar charts as SVG: a picture that survives every export.

A lesson shows a `bar_chart` as `image/svg+xml`, which GitHub, nbconvert and
print show as it is, with no plotting library or script.  The SVG depends
only on the arguments (no random ids, fixed decimals): a lesson's stored
output is the same on every run.

>>> chart = bar_chart(["Pair", "Six of a kind"], [1, 65], title="Points", value_label="points")
>>> chart
<SvgChart 'Points': 2 bars>
>>> chart._repr_svg_().startswith('<svg xmlns="http://www.w3.org/2000/svg" width="640"')
True
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from dicelab.errors import SettingsError

WIDTH = 640  # pixels, whatever the data
ROW, BAR = 26, 18  # the height of a bar's row, and of the bar
CHAR = 7  # about the width of a character of the 12px font
COLOR, INK, GRID = "#1e88e5", "#263238", "#cfd8dc"
HALO = ' stroke="white" stroke-width="3" paint-order="stroke"'  # text stays legible on grid lines


@dataclass(frozen=True)
class SvgChart:
    """An SVG picture that Jupyter shows as `image/svg+xml`."""

    title: str
    svg: str
    bars: int

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<SvgChart {self.title!r}: {self.bars} bars>"


def _text(x: float, y: float, words: str, anchor: str = "start", extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}"{extra}>{html.escape(words)}</text>'
    )


def _ticks(top: float) -> list[float]:
    """Round ticks from 0 up to at least `top` (steps of 1, 2 or 5 times a power of ten)."""
    if top <= 0:
        return [0.0, 1.0]
    rough = top / 4
    power = 10 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    count = math.ceil(top / step - 1e-9)
    return [round(i * step, 12) for i in range(count + 1)]


def _short(label: str, room: int) -> str:
    """The label, cut with an ellipsis if it would not fit in `room` pixels."""
    most = max(4, room // CHAR)
    return label if len(label) <= most else label[: most - 1] + "…"


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float | Fraction],
    title: str = "",
    value_label: str = "",
    texts: Sequence[str] | None = None,
) -> SvgChart:
    """Horizontal bars, one per label, as long as their values (which are 0 or more).

    Each bar has its label on the left and its value (or `texts`, one per
    bar) at its end; `value_label` names the axis under the bars.
    """
    names = [str(label) for label in labels]
    if not names or len(names) != len(values):
        raise SettingsError(
            f"a bar chart needs one value per label: {len(names)} labels, {len(values)} values"
        )
    for value in values:
        bad = not isinstance(value, numbers.Real) or isinstance(value, bool)
        if bad or not math.isfinite(float(value)) or value < 0:
            raise SettingsError(f"a bar's value is a number, 0 or more, not {value!r}")
    shown = [f"{float(v):.4g}" for v in values] if texts is None else [str(t) for t in texts]
    if len(shown) != len(names):
        raise SettingsError(f"one text per bar: {len(names)} bars, {len(shown)} texts")
    ticks = _ticks(max(float(v) for v in values))
    left = min(WIDTH // 2, CHAR * max(len(n) for n in names) + 16)
    right = min(WIDTH // 3, CHAR * max(len(t) for t in shown) + 12)
    plot = WIDTH - left - right
    top = 36 if title else 10
    axis = top + ROW * len(names)
    height = axis + (46 if value_label else 30)
    scale = plot / ticks[-1]
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12" '
        f'fill="{INK}" role="img" aria-label="{html.escape(title or "bar chart")}">',
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
    ]
    if title:
        parts.append(_text(WIDTH / 2, 22, title, "middle", ' font-size="15" font-weight="bold"'))
    for tick in ticks:
        x = left + tick * scale
        parts.append(f'<line x1="{x:.1f}" y1="{top}" x2="{x:.1f}" y2="{axis}" stroke="{GRID}"/>')
        parts.append(_text(x, axis + 16, f"{tick:g}", "middle"))
    for i, (name, value, words) in enumerate(zip(names, values, shown)):
        y, width = top + ROW * i + (ROW - BAR) / 2, float(value) * scale
        parts.append(_text(left - 8, y + BAR / 2 + 4, _short(name, left - 12), "end"))
        parts.append(
            f'<rect x="{left}" y="{y:.1f}" width="{width:.1f}" height="{BAR}" fill="{COLOR}"/>'
        )
        parts.append(_text(left + width + 4, y + BAR / 2 + 4, words, extra=HALO))
    parts.append(f'<path d="M{left} {top}V{axis}H{left + plot}" fill="none" stroke="{INK}"/>')
    if value_label:
        parts.append(_text(left + plot / 2, axis + 36, value_label, "middle"))
    parts.append("</svg>")
    return SvgChart(title, "\n".join(parts), len(names))
