"""The handout (`dicelab tables`): every game, the library's exact numbers, three
well-formed formats, the command line, and the page `make handout` prints."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import pytest

from dicelab.cli import main
from dicelab.dice_poker.handout import solved_scores
from dicelab.dice_poker.odds import single_roll_table, turn_table
from dicelab.dice_poker.rules import get_ruleset
from dicelab.dice_poker.solver.cache import FORMAT_VERSION, cache_paths, ruleset_key
from dicelab.errors import SettingsError
from dicelab.games import GAMES
from dicelab.handout import FORMATS, Handout, build
from dicelab.sly_dice.odds import card_table
from dicelab.solitaire.odds import free_throw_table, sum_table
from dicelab.solo.odds import no_playable_table

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def handout(tmp_path_factory) -> Handout:
    with pytest.MonkeyPatch.context() as patch:  # no solved ruleset: the same handout anywhere
        patch.setenv("DICELAB_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
        return build()


@pytest.fixture(autouse=True)
def empty_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path / "cache"))


def test_every_game_has_its_section(handout):
    assert [s.game for s in handout.sections] == list(GAMES)
    assert [s.title for s in handout.sections] == [g.title for g in GAMES.values()]
    for fmt in FORMATS:
        text = handout.render(fmt)
        assert all(g.title in text for g in GAMES.values()), fmt
    assert all(s.entries and all(e.intro for e in s.entries) for s in handout.sections)


def test_the_numbers_are_the_librarys_exact_values(handout):
    one_roll = handout.table("dice-poker", "in one roll")
    assert one_roll.value("Poker", "name_pt") == "Pôquer"
    assert one_roll.value("Poker", "probability") == Fraction(6, 7776) == Fraction(1, 1296)
    assert one_roll.rows == single_roll_table("dice-poker").rows
    three = handout.table("dice-poker", "up to 3 rolls")
    assert three.rows == turn_table("dice-poker", 3).rows
    assert three.value("Poker", "probability") == Fraction(347897, 7558272)
    free = handout.table("solitaire", "free throw")
    assert (
        free.value(3, "probability")
        == Fraction(1, 32)
        == free_throw_table().value(3, "probability")
    )
    assert handout.table("solitaire", "offered").rows == sum_table().rows
    solo = handout.table("solo", "no playable")
    assert solo.value("number", "probability") == Fraction(784905, 51429238)
    assert solo.rows == no_playable_table().rows
    cards = handout.table("sly-dice", "card")
    assert cards.value("straight6", "probability") == Fraction(5, 324) == 5 / Fraction(324)
    assert cards.rows == card_table().rows


def test_every_ruleset_has_one_and_three_rolls(handout):
    titles = [e.table.title for e in handout.sections[0].entries]
    for name in ("dice-poker", "yahtzee", "yatzy"):
        assert f"{name}: every box in one roll" in titles
        assert f"{name}: every box in up to 3 rolls, holds aimed at each box" in titles


def test_fractions_percentages_and_one_in_n_are_shown(handout):
    markdown = handout.render("markdown")
    assert "| Poker | Pôquer | 1/1296 | 0.07716% | 1 in 1296 |" in markdown
    assert "| 3 | 1 2 3 | 1/32 | 3.125% | 1 in 32 |" in markdown
    assert "| straight6 | Straight 1–6 | 5/324 | 1.543% | 1 in 65 | 30 |" in markdown
    assert "| number | red-5 | 47 | 784905/51429238 | 1.526% | 1 in 66 |" in markdown
    assert "| 2 | 100 | 1/36 | 2.778% | 1 in 36 | 763/3888 | 19.62% | 1 in 5.1 |" in markdown
    latex = handout.render("latex")
    assert r"$\frac{784905}{51429238}$ & 1.526\% & 1 in 66" in latex


def test_markdown_tables_have_equal_column_counts(handout):
    lines = handout.render("markdown").splitlines()
    tables: list[list[str]] = [[]]
    for line in lines:
        if line.startswith("|"):
            tables[-1].append(line)
        elif tables[-1]:
            tables.append([])
    tables = [t for t in tables if t]
    assert len(tables) == sum(len(s.entries) for s in handout.sections)
    for table in tables:
        assert re.fullmatch(r"\|(---\|)+", table[1])
        counts = {line.count("|") for line in table}
        assert len(counts) == 1, table[0]


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.void = {"meta", "br", "img", "link"}
        self.stack: list[str] = []
        self.seen: list[str] = []
        self.errors: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.seen.append(tag)
        if tag not in self.void:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack.pop() != tag:
            self.errors.append(tag)


def check_html(text: str) -> _Tags:
    assert text.startswith("<!DOCTYPE html>")
    tags = _Tags()
    tags.feed(text)
    tags.close()
    assert tags.errors == [] and tags.stack == []
    return tags


def test_html_is_a_standalone_printable_page(handout):
    text = handout.render("html")
    tags = check_html(text)
    assert tags.seen.count("section") == len(GAMES)
    assert tags.seen.count("thead") == sum(len(s.entries) for s in handout.sections)
    assert '<meta charset="utf-8">' in text and "size: A4" in text
    assert "break-before: page" in text and "table-header-group" in text
    assert "<td" in text and "1 in 1296" in text


def test_latex_environments_are_balanced(handout):
    text = handout.render("latex")
    stack = []
    for kind, env in re.findall(r"\\(begin|end)\{(\w+)\}", text):
        if kind == "begin":
            stack.append(env)
        else:
            assert stack and stack.pop() == env
    assert stack == []
    assert text.count(r"\begin{tabular}") == sum(len(s.entries) for s in handout.sections)
    assert text.count(r"\section*") == len(GAMES) and r"\newpage" in text
    assert "≈" not in text and "`" not in text


def test_a_bad_format_is_refused(handout):
    with pytest.raises(SettingsError, match="format must be one of markdown, html, latex"):
        handout.render("pdf")


def test_scores_are_read_from_the_cache_never_solved(tmp_path):
    table = solved_scores()
    assert all("not solved yet" in row["score"] for row in table.rows)
    assert all(row["std"] == "" for row in table.rows)
    rules = get_ruleset("yatzy")
    header = cache_paths(rules)[1]
    header.parent.mkdir(parents=True)
    summary = {"expected_score": 248.63, "std": 38.1}
    header.write_text(
        json.dumps({"format": FORMAT_VERSION, "key": ruleset_key(rules), "summary": summary})
    )
    assert solved_scores().value("yatzy", "score") == "248.6300"
    assert "run dicelab solve dice-poker --ruleset yahtzee" in solved_scores().value(
        "yahtzee", "score"
    )
    header.write_text(json.dumps({"format": -1, "summary": summary}))  # stale: not used
    assert "not solved yet" in solved_scores().value("yatzy", "score")


def test_the_command_prints_each_format(capsys):
    assert main(["tables", "--format", "markdown"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("# Exact odds of four dice and card games\n")
    assert "## Solo" in out and "1 in 1296" in out
    assert main(["tables"]) == 0 and capsys.readouterr().out == out  # markdown by default
    assert main(["tables", "--format", "html"]) == 0
    check_html(capsys.readouterr().out)
    assert main(["tables", "--format", "latex"]) == 0
    assert capsys.readouterr().out.rstrip().endswith(r"\end{document}")


def test_the_command_offers_the_handouts_formats():
    from dicelab.cli import HANDOUT_FORMATS

    assert HANDOUT_FORMATS == FORMATS


def test_a_bad_format_exits_2_with_one_line(capsys):
    assert main(["tables", "--format", "pdf"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "invalid choice: 'pdf'" in err
    assert main(["tables", "solo"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_importing_dicelab_loads_no_handout():
    code = (
        "import sys; import dicelab, dicelab.cli;"
        "assert 'dicelab.handout' not in sys.modules;"
        "from dicelab.handout import build; print(len(build().render('html')) > 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and done.stdout.strip() == "True", done.stderr


def test_make_handout_prints_the_html_page_with_chromium(tmp_path):
    makefile = (ROOT / "Makefile").read_text()
    target = makefile.split("\nhandout:")[1].split("\n\n")[0]
    assert "tables --format html > build/handout.html" in target
    assert (
        "--print-to-pdf=build/handout.pdf" in target
        and "file://$(CURDIR)/build/handout.html" in target
    )
    assert "--screenshot=docs/screenshots/handout-page.png" in target
    assert "$(CHROMIUM) --headless --no-sandbox --disable-gpu" in makefile
    # the page it would print, written as the target writes it (the PDF step is too slow here)
    page = tmp_path / "handout.html"
    with page.open("w", encoding="utf-8") as out:
        subprocess.run(
            [sys.executable, "-m", "dicelab", "tables", "--format", "html"],
            stdout=out,
            check=True,
            timeout=60,
        )
    check_html(page.read_text(encoding="utf-8"))
    readme = (ROOT / "README.md").read_text()
    assert "![A page of the handout](docs/screenshots/handout-page.png)" in readme
    assert (ROOT / "docs" / "screenshots" / "handout-page.png").exists()
