"""Dice Poker's commands.

dicelab odds dice-poker [--ruleset R] [--rolls 1|2|3] [--format F]
dicelab solve [--ruleset R] [--joker forced|free|none] [--format table|json] [--no-cache]
dicelab advise --ruleset R --dice 1,3,3,4,6 --rolls-left 2 [--filled ones,pair,...]
               [--upper N] [--poker-50] [--joker J] [--format table|json]
"""

from __future__ import annotations

import argparse
import json
import re

from dicelab.cli import FORMATS, Commands, render, whole_number
from dicelab.dice_poker.rules import JOKER_MODES, RULESETS

SOLVE_FORMATS = ("table", "json")


def _odds(args: argparse.Namespace) -> str:
    from dicelab.dice_poker.odds import turn_table

    return render(turn_table(args.ruleset, args.rolls), args.format)


def _settings(args: argparse.Namespace) -> dict:
    return {} if args.joker is None else {"joker": args.joker}


def _solve(args: argparse.Namespace) -> str:
    from dicelab.dice_poker.solver import solve

    solution = solve(args.ruleset, cache=not args.no_cache, progress="auto", **_settings(args))
    summary = solution.summary()
    if args.format == "json":
        return json.dumps(summary)
    return "\n".join(
        [
            f"{summary['ruleset']} (joker {solution.rules.joker}): optimal solitaire play",
            f"expected score  {summary['expected_score']:.4f}",
            f"std             {summary['std']:.4f}",
            f"states          {summary['states']}",
            f"seconds         {summary['seconds']:.2f}"
            + (" (from the cache)" if solution.from_cache else ""),
        ]
    )


def five_dice(text: str) -> list[int]:
    """`--dice`: five faces 1 to 6, separated by commas."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 5 or not all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
        raise argparse.ArgumentTypeError(f"five faces 1 to 6, like 1,3,3,4,6 (not {text!r})")
    return [int(p) for p in parts]


def box_list(text: str) -> list[str]:
    """`--filled`: box ids separated by commas or spaces."""
    return [b for b in re.split(r"[,\s]+", text) if b]


def _advise(args: argparse.Namespace) -> str:
    from dicelab.dice_poker.advisor import advise
    from dicelab.dice_poker.rules import get_ruleset
    from dicelab.dice_poker.solver import CardState

    rules = get_ruleset(args.ruleset, **_settings(args))
    state = CardState(frozenset(args.filled), args.upper, args.poker_fifty)
    return render(advise(state, args.dice, args.rolls_left, rules), args.format)


def register(commands: Commands) -> None:
    """Add Dice Poker's commands to the command line."""
    odds = commands.verb("odds", "print a table of exact odds").add_parser(
        "dice-poker", help="every box of Dice Poker (or Yahtzee, Yatzy)"
    )
    odds.add_argument("--ruleset", choices=sorted(RULESETS), default="dice-poker")
    odds.add_argument(
        "--rolls",
        type=whole_number,
        choices=(1, 2, 3),
        default=1,
        help="rolls in the turn, holds aimed at each box (default 1)",
    )
    odds.add_argument("--format", choices=FORMATS, default="table")
    odds.set_defaults(run=_odds)

    solve = commands.command("solve", "the optimal solitaire strategy: expected score and std")
    solve.add_argument("--ruleset", choices=sorted(RULESETS), default="dice-poker")
    solve.add_argument("--joker", choices=JOKER_MODES, help="change the ruleset's joker rule")
    solve.add_argument("--format", choices=SOLVE_FORMATS, default="table")
    solve.add_argument("--no-cache", action="store_true", help="solve again, ignore the cache")
    solve.set_defaults(run=_solve)

    adv = commands.command("advise", "the value of every hold (or box) of the turn at hand")
    adv.add_argument("--ruleset", choices=sorted(RULESETS), default="dice-poker")
    adv.add_argument("--dice", type=five_dice, required=True, help="five faces, e.g. 1,3,3,4,6")
    adv.add_argument("--rolls-left", type=whole_number, choices=(0, 1, 2), required=True)
    adv.add_argument("--filled", type=box_list, default=[], help="filled boxes, e.g. ones,pair")
    adv.add_argument("--upper", type=whole_number, default=0, help="points in the upper boxes")
    adv.add_argument(
        "--poker-50", dest="poker_fifty", action="store_true", help="the poker box holds 50"
    )
    adv.add_argument("--joker", choices=JOKER_MODES, help="change the ruleset's joker rule")
    adv.add_argument("--format", choices=SOLVE_FORMATS, default="table")
    adv.set_defaults(run=_advise)
