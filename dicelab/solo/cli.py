"""Solo's commands.

dicelab odds solo [--deck 120|112] [--hand 8] [--top red-5]
                  [--format table|markdown|csv|json|latex]
dicelab simulate solo [--players 4] [--bots blocker,keep-black,dump-high,random]
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

DEFAULT_TOP = "red-5"
DEFAULT_BOTS = ("blocker", "keep-black", "dump-high", "random")


def _odds(args: argparse.Namespace) -> str:
    """The odds of a hand with no playable card on the top card, and of a playable
    card within 1..10 draws after it.

    >>> out = _odds(argparse.Namespace(deck=112, hand=8, top="red-5", format="json"))
    >>> json.loads(out)["no_playable"]
    '6496856/343067145'
    """
    from dicelab.solo.odds import top_table

    table = top_table(args.top, args.hand, args.deck, lang=table_language(args.format))
    if args.format != "json":
        return render(table, args.format)
    meta = table.meta
    return json.dumps(
        {
            "deck": meta["deck"],
            "hand": meta["hand"],
            "top": meta["top"],
            "no_playable": meta["no_playable"],
            "rows": table.to_dicts(),
        },
        ensure_ascii=False,
    )


def _simulate(args: argparse.Namespace) -> str:
    from dicelab.solo.simulate import simulate

    bots = seat_bots(args, DEFAULT_BOTS)
    result = simulate(bots, games=args.games, seed=args.seed, progress="auto")
    if args.format == "json":
        return json.dumps(result.summary())
    return result.text(current_language())


def register(commands: Commands) -> None:
    """Add Solo's commands to the command line."""
    odds = commands.verb("odds", _("print a table of exact odds")).add_parser(
        "solo", help=_("a hand with no playable card, and a playable card within d draws")
    )
    odds.add_argument(
        "--deck", type=whole_number, default=120, help=_("120 (with Protection and Gift) or 112")
    )
    odds.add_argument(
        "--hand", type=whole_number, default=8, help=_("cards in the hand (default: 8)")
    )
    top = _("the top card, e.g. blue-skip (default: {top})").format(top=DEFAULT_TOP)
    odds.add_argument("--top", default=DEFAULT_TOP, help=top)
    odds.add_argument("--format", choices=FORMATS, default="table")
    odds.set_defaults(run=_odds)

    sim = commands.verb("simulate", _("simulate many games with a strategy")).add_parser(
        "solo",
        help=_("games of bots: turns per round, the first player's edge, wins, with 95%% CIs"),
    )
    add_bot_table(sim, DEFAULT_BOTS, games=200)
    sim.set_defaults(run=_simulate)
