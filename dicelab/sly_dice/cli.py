"""Sly Dice's commands.

dicelab odds sly-dice [--visible 1,2,3] [--hidden 3] [--format table|markdown|csv|json|latex]
dicelab simulate sly-dice [--players 4] [--bots calculator,honest,random-liar,honest]
                          [--games N] [--seed S] [--format text|json]
"""

from __future__ import annotations

import argparse
import json

from dicelab.cli import (
    FORMATS,
    Commands,
    add_bot_table,
    render,
    seat_bots,
    table_language,
    whole_number,
)
from dicelab.core.i18n import _, current_language

DEFAULT_BOTS = ("calculator", "honest", "random-liar", "honest")


def faces(text: str) -> tuple[int, ...]:
    """Dice written as "1,2,3" (or "" for none), each 1 to 6.

    >>> faces("6,6,1"), faces("")
    ((6, 6, 1), ())
    """
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if not all(p in {"1", "2", "3", "4", "5", "6"} for p in parts):
        said = _("dice are faces 1 to 6 separated by commas, not {text}")
        raise argparse.ArgumentTypeError(said.format(text=repr(text)))
    return tuple(int(p) for p in parts)


def _odds(args: argparse.Namespace) -> str:
    from dicelab.core.present.numbers import fraction_text
    from dicelab.sly_dice.odds import card_table

    table = card_table(args.visible, args.hidden, lang=table_language(args.format))
    if args.format != "json":
        return render(table, args.format)
    rows = [
        {
            "card": row["card"],
            "name": row["name"],
            "probability": fraction_text(row["probability"]),
            "points": row["points"],
        }
        for row in table
    ]
    return json.dumps(
        {"visible": table.meta["visible"], "hidden": table.meta["hidden"], "rows": rows},
        ensure_ascii=False,
    )


def _simulate(args: argparse.Namespace) -> str:
    from dicelab.sly_dice.simulate import tournament

    bots = seat_bots(args, DEFAULT_BOTS)
    result = tournament(bots, games=args.games, seed=args.seed, progress="auto")
    if args.format == "json":
        return json.dumps(result.summary())
    return result.text(current_language())


def register(commands: Commands) -> None:
    """Add Sly Dice's commands to the command line."""
    odds = commands.verb("odds", _("print a table of exact odds")).add_parser(
        "sly-dice", help=_("each card's chance given the visible dice")
    )
    odds.add_argument(
        "--visible", type=faces, default=(), help=_("the dice seen, e.g. 1,2,3 (default: none)")
    )
    odds.add_argument(
        "--hidden",
        type=whole_number,
        default=None,
        help=_("dice not seen (default: 6 - visible)"),
    )
    odds.add_argument("--format", choices=FORMATS, default="table")
    odds.set_defaults(run=_odds)

    sim = commands.verb("simulate", _("simulate many games with a strategy")).add_parser(
        "sly-dice", help=_("a tournament of bots: mean points, 95%% CI, win rate per seat")
    )
    add_bot_table(sim, DEFAULT_BOTS, games=200)
    sim.set_defaults(run=_simulate)
