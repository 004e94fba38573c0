"""The `dicelab` command line.

    dicelab odds dice-poker [--ruleset R] [--rolls 1|2|3] [--format F]

Bad arguments give exit status 2 and a one-line message.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from dicelab.core.table import OddsTable
from dicelab.errors import DicelabError

FORMATS = ("table", "markdown", "csv", "json", "latex")
RULESET_NAMES = ("dice-poker", "yahtzee", "yatzy")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, with exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def render(table: OddsTable, fmt: str) -> str:
    """A table in one of the command line's formats."""
    views = {
        "table": table.to_text,
        "markdown": table.to_markdown,
        "csv": table.to_csv,
        "json": table.to_json,
        "latex": table.to_latex,
    }
    return views[fmt]().rstrip("\n")


def _odds(args: argparse.Namespace) -> str:
    from dicelab.dice_poker.odds import turn_table

    return render(turn_table(args.ruleset, args.rolls), args.format)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every `dicelab` command."""
    parser = _Parser(prog="dicelab", description="Exact odds of classic dice games.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    odds = commands.add_parser("odds", help="print a table of exact odds")
    games = odds.add_subparsers(dest="game", required=True, parser_class=_Parser)
    poker = games.add_parser("dice-poker", help="every box of Dice Poker (or Yahtzee, Yatzy)")
    poker.add_argument("--ruleset", choices=RULESET_NAMES, default="dice-poker")
    poker.add_argument(
        "--rolls",
        type=int,
        choices=(1, 2, 3),
        default=1,
        help="rolls in the turn, holds aimed at each box (default 1)",
    )
    poker.add_argument("--format", choices=FORMATS, default="table")
    poker.set_defaults(run=_odds)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        output = args.run(args)
    except DicelabError as error:
        print(f"dicelab: error: {error}", file=sys.stderr)
        return 2
    try:
        print(output)
    except BrokenPipeError:  # e.g. `dicelab odds dice-poker | head`
        sys.stderr.close()
    return 0
