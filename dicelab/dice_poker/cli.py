"""Dice Poker's commands: `dicelab odds dice-poker`."""

from __future__ import annotations

import argparse

from dicelab.cli import FORMATS, Commands, render
from dicelab.dice_poker.rules import RULESETS


def _odds(args: argparse.Namespace) -> str:
    from dicelab.dice_poker.odds import turn_table

    return render(turn_table(args.ruleset, args.rolls), args.format)


def register(commands: Commands) -> None:
    """Add Dice Poker's commands to the command line."""
    odds = commands.verb("odds", "print a table of exact odds").add_parser(
        "dice-poker", help="every box of Dice Poker (or Yahtzee, Yatzy)"
    )
    odds.add_argument("--ruleset", choices=sorted(RULESETS), default="dice-poker")
    odds.add_argument(
        "--rolls",
        type=int,
        choices=(1, 2, 3),
        default=1,
        help="rolls in the turn, holds aimed at each box (default 1)",
    )
    odds.add_argument("--format", choices=FORMATS, default="table")
    odds.set_defaults(run=_odds)
