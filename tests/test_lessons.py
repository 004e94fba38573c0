"""Every lesson is one 50-minute period a teacher can run: it opens with what
the students will be able to do, what they need and a time plan adding up to
50 minutes; it asks the reader to predict before it answers; it has
exercises with solutions and a summary; every chart it stores is an image
that survives export (no chart stored only as plotly JSON); and no answer
shows in a stored plain-text output (what viewers without HTML display)."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from dicelab.core.present.answer import FOLDED
from dicelab.games import GAMES

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
IMAGES = {"image/svg+xml", "image/png"}
CHARTS = {"application/vnd.plotly.v1+json", "application/vnd.vegalite.v5+json"}


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def text(cell: dict) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def test_there_are_lessons_and_each_belongs_to_a_game():
    assert len(LESSONS) >= 7
    listed = {lesson for game in GAMES.values() for lesson in game.lessons}
    assert {path.stem for path in LESSONS} <= listed


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_opens_with_objectives_prerequisites_and_a_50_minute_plan(path):
    first = text(cells(path)[0])
    assert first.startswith("# ")
    for part in ("By the end of the lesson you can", "You need", "Time: one 50-minute period"):
        assert part in first, f"{path.stem}: no {part!r} in the first cell"
    plan = first.split("Time: one 50-minute period")[1]
    minutes = [int(m) for m in re.findall(r"^\|[^|\n]+\|\s*(\d+)\s*\|\s*$", plan, flags=re.M)]
    assert minutes and sum(minutes) == 50, f"{path.stem}: the plan adds up to {sum(minutes)}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_a_lesson_asks_to_predict_has_exercises_with_solutions_and_a_summary(path):
    notebook = cells(path)
    markdown = [text(c) for c in notebook if c["cell_type"] == "markdown"]
    assert any("Predict" in m for m in markdown), f"{path.stem}: no question to predict"
    assert any(re.search(r"^#+ .*Exercises", m, flags=re.M) for m in markdown)
    solutions = [c for c in notebook if "solution" in c["metadata"].get("tags", [])]
    assert solutions, f"{path.stem}: no solution cell"
    folded = [c["metadata"].get("jupyter", {}).get("source_hidden") for c in solutions]
    assert all(folded), f"{path.stem}: a solution's code shows (not folded) on the projector"
    assert any(re.search(r"^#+ .*Summary", m, flags=re.M) for m in markdown)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_every_stored_chart_is_an_image_that_survives_export(path):
    for index, cell in enumerate(cells(path)):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if CHARTS & set(data):
                assert IMAGES & set(data), f"{path.stem}, cell {index}: a chart with no image"


def joined(value: str | list[str]) -> str:
    return value if isinstance(value, str) else "".join(value)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.stem)
def test_no_stored_plain_text_gives_an_answer_away(path):
    folded = 0
    for index, cell in enumerate(cells(path)):
        solution = "solution" in cell["metadata"].get("tags", [])
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            plain = joined(data.get("text/plain", "")) + joined(output.get("text", ""))
            value = re.search(
                r"<details>.*?<pre>(.*?)</pre>", joined(data.get("text/html", "")), re.S
            )
            if value is None:
                assert not solution, f"{path.stem}, cell {index}: a solution shows unfolded"
                continue
            folded += 1
            assert plain.endswith(FOLDED), f"{path.stem}, cell {index}: {plain!r}"
            assert html.unescape(value[1]) not in plain, f"{path.stem}, cell {index}"
    assert folded, f"{path.stem}: no folded answer to check"
