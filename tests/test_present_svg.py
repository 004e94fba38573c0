"""The static SVG bar charts of the lessons (`dicelab.core.present.svg`)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

import pytest

from dicelab.core.present.svg import WIDTH, SvgChart, bar_chart, line_chart
from dicelab.errors import SettingsError

SVG = "{http://www.w3.org/2000/svg}"


def parse(chart: SvgChart) -> ET.Element:
    return ET.fromstring(chart._repr_svg_())


def bars(root: ET.Element) -> list[ET.Element]:
    """The bars: every rect but the white background."""
    return [r for r in root.iter(f"{SVG}rect") if r.get("fill") != "white"]


def texts(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def test_one_bar_per_label_with_widths_proportional_to_values() -> None:
    values = [Fraction(1, 2), 3, 1.5, 0]
    root = parse(bar_chart(["a", "b", "c", "d"], values, title="T", value_label="points"))
    assert root.tag == f"{SVG}svg" and root.get("width") == str(WIDTH)
    widths = [float(r.get("width", "nan")) for r in bars(root)]
    assert len(widths) == 4 and widths[3] == 0
    for width, value in zip(widths, values):
        assert width == pytest.approx(widths[1] * float(value) / 3, abs=0.1)
    assert max(widths) < WIDTH
    shown = texts(root)
    assert "T" in shown and "points" in shown and "0.5" in shown and "3" in shown


def test_texts_replace_the_values_and_labels_are_escaped() -> None:
    chart = bar_chart(["<Pair> & more", "x"], [1, 2], title="a < b", texts=["50%", "1 in 2"])
    svg = chart._repr_svg_()
    assert "&lt;Pair&gt; &amp; more" in svg and "a &lt; b" in svg
    shown = texts(parse(chart))
    assert "<Pair> & more" in shown and "50%" in shown and "1 in 2" in shown
    assert repr(chart) == "<SvgChart 'a < b': 2 bars>"


def test_the_same_chart_twice_is_the_same_text() -> None:
    def make() -> str:
        return bar_chart(["x", "y"], [0.1, 0.25], title="Same")._repr_svg_()

    assert make() == make()
    assert "id=" not in make()


def test_a_long_label_is_cut_to_fit() -> None:
    root = parse(bar_chart(["x" * 200], [1]))
    label = texts(root)[-2]  # the label, then its value text
    assert label.endswith("…") and len(label) < 60


def test_all_zero_values_draw_empty_bars() -> None:
    root = parse(bar_chart(["a", "b"], [0, 0]))
    assert [r.get("width") for r in bars(root)] == ["0.0", "0.0"]


@pytest.mark.parametrize(
    ("labels", "values", "shown"),
    [
        (["a", "b"], [1], None),
        ([], [], None),
        (["a"], [-1], None),
        (["a"], [float("nan")], None),
        (["a"], [float("inf")], None),
        (["a"], ["3"], None),
        (["a"], [True], None),
        (["a", "b"], [1, 2], ["only one"]),
    ],
)
def test_bad_input_is_refused(labels: list[str], values: list, shown: list[str] | None) -> None:
    with pytest.raises(SettingsError):
        bar_chart(labels, values, texts=shown)
    with pytest.raises(ValueError):  # a SettingsError is a ValueError too
        bar_chart(labels, values, texts=shown)


def test_a_line_chart_draws_each_line_through_its_points() -> None:
    chart = line_chart(
        {"a <b>": ([0, 10], [0, 100]), "flat": ([-5, 10], [50, 50])},
        "Lines",
        "x",
        "y",
        {5: "five"},
    )
    root = parse(chart)
    assert repr(chart) == "<SvgChart 'Lines': 2 lines>"
    assert {"a <b>", "flat", "five", "x", "y", "Lines"} <= set(texts(root))
    lines = [p for p in root.iter(f"{SVG}path") if p.get("stroke-width") == "2"]
    assert len(lines) == 2
    start, end = (tuple(map(float, part.split())) for part in lines[0].get("d")[1:].split("L"))
    assert start[0] < end[0] and start[1] > end[1]  # up and to the right
    flat = [tuple(map(float, part.split())) for part in lines[1].get("d")[1:].split("L")]
    assert flat[0][1] == flat[1][1] and flat[0][0] < start[0]  # -5 is left of 0
    assert chart == line_chart(
        {"a <b>": ([0, 10], [0, 100]), "flat": ([-5, 10], [50, 50])}, "Lines", "x", "y", {5: "five"}
    )


@pytest.mark.parametrize(
    "series",
    [
        {},
        {"one point": ([1], [1])},
        {"uneven": ([1, 2], [1])},
        {"nan": ([1, 2], [1, float("nan")])},
    ],
)
def test_a_bad_line_chart_is_refused(series) -> None:
    with pytest.raises(SettingsError):
        line_chart(series)


def test_a_bar_chart_tells_a_screen_reader_its_title_and_every_bar() -> None:
    labels, values = ["Pair", "Full <house>", "Six of a kind"], [Fraction(1, 2), 25, 65]
    root = parse(bar_chart(labels, values, title="Points", value_label="points"))
    assert root.get("role") == "img" and root.get("aria-label") == "Points"
    assert root.findtext(f"{SVG}title") == "Points"
    desc = root.findtext(f"{SVG}desc") or ""
    assert desc.startswith("3 bars, points: Pair: ")
    for label, shown in zip(labels, ["0.5", "25", "65"], strict=True):
        assert f"{label}: {shown}" in desc  # the text drawn at the bar's end, unescaped
    assert desc.count(";") == len(labels) - 1


def test_a_line_chart_tells_where_each_line_starts_ends_and_peaks() -> None:
    xs = list(range(10))
    ys = [(x - 6) ** 2 * -1 + 40 for x in xs]  # highest (40) at x = 6
    chart = line_chart({"mean": (xs, ys), "flat": ([0, 9], [3, 3])}, "Two", "turn", "points")
    desc = parse(chart).findtext(f"{SVG}desc") or ""
    peak = max(range(10), key=lambda x: ys[x])
    assert "2 lines, x: turn, y: points." in desc
    assert f"mean: from {ys[0]} at 0 to {ys[-1]} at 9, highest {ys[peak]} at {peak}." in desc
    assert "flat: from 3 at 0 to 3 at 9, highest 3 at 0." in desc  # the first of equals
