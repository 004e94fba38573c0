"""Solitaire Dice's commands.

dicelab odds solitaire [--format table|json|csv|markdown|latex]
dicelab score solitaire 3:7 4:2 6:8 7:11 8:2 11:8 [--format text|json]
dicelab simulate solitaire --strategy NAME --games N --seed S [--format text|json]
"""

from __future__ import annotations

import argparse
import json
import re

from dicelab.cli import FORMATS, Commands, render, table_language, whole_number
from dicelab.core.i18n import _, current_language
from dicelab.errors import SettingsError
from dicelab.solitaire.rules import SUMS, VALUES, line_score

CLI_SUMMARY = ("strategy", "games", "mean", "ci95", "p500", "mean_rolls")
SCORE_WIDTHS = (3, 5, 5, 6)  # the least widths of the columns sum, value, marks, points
_LINE = re.compile(r"([0-9]{1,2}):([0-9]{1,4})")


def parse_lines(texts: list[str]) -> dict[int, int]:
    """{pair sum: marks} from arguments like "7:11"; `SettingsError` if malformed.

    >>> parse_lines(["3:7", "11:8"])
    {3: 7, 11: 8}
    >>> parse_lines(["13:2"])
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: '13:2': the sum must be 2 to 12
    """
    marks: dict[int, int] = {}
    for text in texts:
        match = _LINE.fullmatch(text)
        if not match:
            said = _("{line}: write each line as SUM:MARKS, e.g. 7:11")
            raise SettingsError(said.format(line=repr(text)))
        total, count = int(match[1]), int(match[2])
        if total not in VALUES:
            raise SettingsError(_("{line}: the sum must be 2 to 12").format(line=repr(text)))
        if total in marks:
            said = _("{line}: the sum {total} is given twice")
            raise SettingsError(said.format(line=repr(text), total=total))
        marks[total] = count
    return dict(sorted(marks.items()))


def score_text(marks: dict[int, int]) -> str:
    """The breakdown of a sheet's lines and its total, as text (its headings in
    the command line's language, each column as wide as its heading needs).

    >>> print(score_text({7: 11, 8: 2}))
    sum  value  marks  points
      7     30     11    +150
      8     40      2    -200
    total                 -50
    """
    rows = [(_("sum"), _("value"), _("marks"), _("points"))]
    for total, count in marks.items():
        points = line_score(total, count)
        rows.append((str(total), str(VALUES[total]), str(count), f"{points:+d}" if points else "0"))
    widths = [max(len(head), least) for head, least in zip(rows[0], SCORE_WIDTHS)]
    lines = ["  ".join(cell.rjust(width) for cell, width in zip(row, widths)) for row in rows]
    total_points = sum(line_score(s, m) for s, m in marks.items())
    label_width = sum(widths[:3]) + 2 * 3
    lines.append(_("total").ljust(label_width) + str(total_points).rjust(widths[3]))
    return "\n".join(lines)


def _odds(args: argparse.Namespace) -> str:
    from dicelab.solitaire.odds import cli_table

    return render(cli_table(table_language(args.format)), args.format)


def _score(args: argparse.Namespace) -> str:
    marks = parse_lines(args.lines)
    if args.format == "json":
        rows = [{"sum": s, "marks": m, "points": line_score(s, m)} for s, m in marks.items()]
        total = sum(r["points"] for r in rows)
        return json.dumps({"lines": rows, "total": total})
    return score_text(marks)


def _simulate(args: argparse.Namespace) -> str:
    from dicelab.solitaire.simulate import simulate

    result = simulate(args.strategy, games=args.games, seed=args.seed, progress="auto")
    if args.format == "json":
        summary = result.summary()
        return json.dumps({key: summary[key] for key in CLI_SUMMARY})
    return result.text(current_language())


def register(commands: Commands) -> None:
    """Add Solitaire Dice's commands to the command line."""
    from dicelab.solitaire.strategy import STRATEGIES

    odds = commands.verb("odds", _("print a table of exact odds")).add_parser(
        "solitaire", help=_("pair sums, values, offered chances and the free throw")
    )
    odds.add_argument("--format", choices=FORMATS, default="table")
    odds.set_defaults(run=_odds)

    score = commands.verb("score", _("score a finished sheet")).add_parser(
        "solitaire", help=_("score Solitaire Dice lines given as SUM:MARKS")
    )
    sums = _("sums {first}..{last}").format(first=SUMS[0], last=SUMS[-1])
    score.add_argument("lines", nargs="+", metavar="SUM:MARKS", help=sums)
    score.add_argument("--format", choices=("text", "json"), default="text")
    score.set_defaults(run=_score)

    sim = commands.verb("simulate", _("simulate many games with a strategy")).add_parser(
        "solitaire", help=_("mean score, 95%% CI, P(score >= 500), game length")
    )
    sim.add_argument("--strategy", choices=STRATEGIES, default="greedy")
    sim.add_argument("--games", type=whole_number, default=10_000)
    sim.add_argument("--seed", type=whole_number, default=0)
    sim.add_argument("--format", choices=("text", "json"), default="text")
    sim.set_defaults(run=_simulate)
