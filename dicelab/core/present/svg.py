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
    kind: str = "bars"  # what `bars` counts: "bars", or a line chart's "lines"

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<SvgChart {self.title!r}: {self.bars} {self.kind}>"


def _opening(height: int, title: str, kind: str, summary: str) -> list[str]:
    """The start of a chart's SVG: its frame, what it is to a screen reader (its
    `<title>`, and `summary` as its `<desc>`: the numbers it draws), white ground
    and title (if any)."""
    name = html.escape(title or kind)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="sans-serif" font-size="12" '
        f'fill="{INK}" role="img" aria-label="{name}">',
        f"<title>{name}</title>",
        f"<desc>{html.escape(summary)}</desc>",
        f'<rect width="{WIDTH}" height="{height}" fill="white"/>',
    ]
    if title:
        parts.append(_text(WIDTH / 2, 22, title, "middle", ' font-size="15" font-weight="bold"'))
    return parts


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
    bars = "; ".join(f"{name}: {words}" for name, words in zip(names, shown))
    summary = f"{len(names)} bars{f', {value_label}' if value_label else ''}: {bars}."
    parts = _opening(height, title, "bar chart", summary)
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


PALETTE = ("#1e88e5", "#e53935", "#43a047", "#8e24aa", "#fb8c00", "#546e7a")


def _axis_ticks(low: float, high: float) -> list[float]:
    """Round ticks covering low..high (steps of 1, 2 or 5 times a power of ten)."""
    step = _ticks(high - low)[1]
    first = math.floor(low / step) * step
    count = math.ceil((high - first) / step - 1e-9)
    return [round(first + i * step, 12) for i in range(count + 1)]


def _line_summary(
    points: dict[str, tuple[list[float], list[float]]],
    x_label: str,
    y_label: str,
    marks: dict[float, str],
) -> str:
    """What a line chart shows, in words: each line's first and last point and
    its highest, and the marks.

    >>> _line_summary({"a": ([0, 1, 2], [0, 5, 2])}, "rolls", "points", {1: "mean"})
    '1 line, x: rolls, y: points. a: from 0 at 0 to 2 at 2, highest 5 at 1. A mark at 1: mean.'
    """
    count = f"{len(points)} line{'s' if len(points) > 1 else ''}"
    axes = "".join(
        f", {axis}: {label}" for axis, label in (("x", x_label), ("y", y_label)) if label
    )
    said = [f"{count}{axes}."]
    for name, (xs, ys) in points.items():
        top = max(range(len(ys)), key=lambda i: (ys[i], -i))  # the first highest
        said.append(
            f"{name}: from {ys[0]:.4g} at {xs[0]:g} to {ys[-1]:.4g} at {xs[-1]:g}, "
            f"highest {ys[top]:.4g} at {xs[top]:g}."
        )
    said += [f"A mark at {x:g}: {caption}." for x, caption in marks.items()]
    return " ".join(said)


def line_chart(
    series: dict[str, tuple[Sequence[float], Sequence[float]]],
    title: str = "",
    x_label: str = "",
    y_label: str = "",
    marks: dict[float, str] | None = None,
) -> SvgChart:
    """Lines through points, one colour per series ({name: (xs, ys)}), with a
    legend, and a dashed vertical line at each x of `marks` ({x: caption}).

    >>> line_chart({"a": ([0, 1], [0, 2]), "b": ([0, 1], [1, 1])}, "Two lines")
    <SvgChart 'Two lines': 2 lines>
    """
    if not 1 <= len(series) <= len(PALETTE):
        raise SettingsError(f"a line chart has 1 to {len(PALETTE)} lines, not {len(series)}")
    points = {
        str(name): (list(map(float, xs)), list(map(float, ys))) for name, (xs, ys) in series.items()
    }
    for name, (xs, ys) in points.items():
        if len(xs) != len(ys) or len(xs) < 2 or not all(map(math.isfinite, xs + ys)):
            raise SettingsError(f"the line {name!r} needs two or more points, as many xs as ys")
    marks = marks or {}
    all_x = [x for xs, _ in points.values() for x in xs] + list(marks)
    all_y = [y for _, ys in points.values() for y in ys]
    x_ticks = _axis_ticks(min(all_x), max(all_x))
    y_ticks = _axis_ticks(min(0.0, min(all_y)), max(all_y))
    left, right, top = 56, 16, 36 if title else 10
    legend = 20 * len(points)
    bottom = top + legend + 260
    height = bottom + (46 if x_label else 30)
    plot = WIDTH - left - right

    def at(x: float, y: float) -> str:
        sx = left + (x - x_ticks[0]) / (x_ticks[-1] - x_ticks[0]) * plot
        sy = bottom - (y - y_ticks[0]) / (y_ticks[-1] - y_ticks[0]) * (bottom - top - legend)
        return f"{sx:.1f} {sy:.1f}"

    parts = _opening(height, title, "line chart", _line_summary(points, x_label, y_label, marks))
    for i, (name, color) in enumerate(zip(points, PALETTE)):
        y = top + 20 * i + 10
        parts.append(f'<rect x="{left + 8}" y="{y - 4}" width="18" height="4" fill="{color}"/>')
        parts.append(_text(left + 32, y + 2, name))
    for tick in x_ticks:
        parts.append(f'<path d="M{at(tick, y_ticks[0])}L{at(tick, y_ticks[-1])}" stroke="{GRID}"/>')
        parts.append(_text(float(at(tick, 0).split()[0]), bottom + 16, f"{tick:g}", "middle"))
    for tick in y_ticks:
        parts.append(f'<path d="M{at(x_ticks[0], tick)}L{at(x_ticks[-1], tick)}" stroke="{GRID}"/>')
        parts.append(_text(left - 6, float(at(0, tick).split()[1]) + 4, f"{tick:g}", "end"))
    for x, caption in marks.items():
        dash = f'stroke="{INK}" stroke-dasharray="5 4"'
        parts.append(f'<path d="M{at(x, y_ticks[0])}L{at(x, y_ticks[-1])}" {dash}/>')
        parts.append(_text(float(at(x, 0).split()[0]) + 4, top + legend + 12, caption, extra=HALO))
    for (xs, ys), color in zip(points.values(), PALETTE):
        path = "L".join(at(x, y) for x, y in zip(xs, ys))
        parts.append(f'<path d="M{path}" fill="none" stroke="{color}" stroke-width="2"/>')
    parts.append(
        f'<path d="M{left} {top + legend}V{bottom}H{left + plot}" fill="none" stroke="{INK}"/>'
    )
    if x_label:
        parts.append(_text(left + plot / 2, bottom + 36, x_label, "middle"))
    if y_label:
        parts.append(
            _text(
                14,
                (top + legend + bottom) / 2,
                y_label,
                "middle",
                f' transform="rotate(-90 14 {(top + legend + bottom) / 2:.1f})"',
            )
        )
    parts.append("</svg>")
    return SvgChart(title, "\n".join(parts), len(points), "lines")
