"""Dice Poker's commands.

dicelab odds dice-poker [--ruleset R] [--rolls 1|2|3] [--format F]
dicelab solve dice-poker [--ruleset R] [--joker forced|free|none] [--format table|json]
                         [--no-cache] [--cache-dir DIR]
dicelab solve --all [--cache-dir DIR]   (every ruleset the panels offer: a class's shared cache)
dicelab advise dice-poker --ruleset R --dice 1,3,3,4,6 --rolls-left 2
               [--card chance=20,ones=3,...] [--poker-bonus N] [--joker J] [--format table|json]
dicelab advise dice-poker --game SAVE.json   (the player to move: card, dice, rolls left)

`--card` gives the points in every filled box, so the expected final score
is the true total.  The older `--filled ones,pair --upper N --poker-50`
(filled boxes and upper points only) still work, as does the older form
`dicelab solve --ruleset R` / `dicelab advise --ruleset R ...` (without the
game), which says once that it is kept for one release.
"""

from __future__ import annotations

import argparse
import json
import re
from typing import Any

from dicelab.cli import FORMATS, Commands, render, table_language, whole_number
from dicelab.core.engine.cache import cache_folder
from dicelab.core.i18n import _, current_language, number
from dicelab.dice_poker.rules import JOKER_MODES, RULESETS
from dicelab.errors import SettingsError

SOLVE_FORMATS = ("table", "json")


def _odds(args: argparse.Namespace) -> str:
    from dicelab.dice_poker.odds import turn_table

    lang = table_language(args.format)
    return render(turn_table(args.ruleset, args.rolls, lang), args.format)


def _settings(args: argparse.Namespace) -> dict:
    return {} if args.joker is None else {"joker": args.joker}


def _solve(args: argparse.Namespace) -> str:
    from dicelab.dice_poker.solver import solve

    if args.all:
        if args.no_cache or args.joker is not None or args.ruleset != "dice-poker":
            raise SettingsError(
                _("--all solves every preset as it is: no --ruleset, --joker or --no-cache")
            )
        names = sorted(RULESETS)
    else:
        names = [args.ruleset]
    with cache_folder(args.cache_dir):
        solutions = [
            solve(name, cache=not args.no_cache, progress="auto", **_settings(args))
            for name in names
        ]
    if args.format == "json":
        summaries = [solution.summary() for solution in solutions]
        return json.dumps(summaries if args.all else summaries[0])
    return "\n\n".join(_solve_text(solution) for solution in solutions)


def _solve_text(solution: Any) -> str:
    """A solution's summary as lines of text, in the command line's language."""
    summary, lang = solution.summary(), current_language()
    seconds = number(summary["seconds"], 2, lang)
    if solution.from_cache:
        seconds = _("{seconds} (from the cache)").format(seconds=seconds)
    rows = {
        _("expected score"): number(summary["expected_score"], 4, lang),
        _("std"): number(summary["std"], 4, lang),
        _("states"): str(summary["states"]),
        _("seconds"): seconds,
    }
    width = max(map(len, rows)) + 2
    title = _("{ruleset} (joker {joker}): optimal solitaire play").format(
        ruleset=summary["ruleset"], joker=solution.rules.joker
    )
    return "\n".join([title, *(label.ljust(width) + value for label, value in rows.items())])


def five_dice(text: str) -> list[int]:
    """`--dice`: five faces 1 to 6, separated by commas."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 5 or not all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
        said = _("five faces 1 to 6, like 1,3,3,4,6 (not {text})")
        raise argparse.ArgumentTypeError(said.format(text=repr(text)))
    return [int(p) for p in parts]


def box_list(text: str) -> list[str]:
    """`--filled`: box ids separated by commas or spaces."""
    return [b for b in re.split(r"[,\s]+", text) if b]


def card_points(text: str) -> dict[str, int]:
    """`--card`: box=points pairs separated by commas, like chance=20,ones=3."""
    card: dict[str, int] = {}
    for part in (p for p in re.split(r"[,\s]+", text) if p):
        box, _equals, points = part.partition("=")
        if not box or not (points.isascii() and points.isdigit()) or len(points) > 4:
            said = _("write the card as box=points,... not {part}")
            raise argparse.ArgumentTypeError(said.format(part=repr(part)))
        if box in card:
            said = _("the box {box} is given twice")
            raise argparse.ArgumentTypeError(said.format(box=repr(box)))
        card[box] = int(points)
    return card


def _card_state(args: argparse.Namespace, rules: Any) -> Any:
    """The state to advise on: a whole card (`--card`), or filled boxes and upper points."""
    from dicelab.dice_poker.card import Scorecard
    from dicelab.dice_poker.solver import CardState

    if args.card is None:
        if args.poker_bonus:
            raise SettingsError(_("--poker-bonus goes with --card"))
        return CardState(frozenset(args.filled), args.upper, args.poker_fifty)
    if args.filled or args.upper or args.poker_fifty:
        raise SettingsError(_("give either --card or --filled/--upper/--poker-50, not both"))
    unknown = sorted(set(args.card) - set(rules.box_ids))
    if unknown:
        said = _("{ruleset} has no box {box}")
        raise SettingsError(said.format(ruleset=rules.name, box=repr(unknown[0])))
    boxes = {b: args.card.get(b) for b in rules.box_ids}
    return CardState.from_card(Scorecard(rules, boxes, args.poker_bonus))


def _advise(args: argparse.Namespace) -> str:
    from dicelab.dice_poker.advisor import advise
    from dicelab.dice_poker.game import DicePokerGame
    from dicelab.dice_poker.rules import get_ruleset

    lang = table_language(args.format)
    if args.game is not None:
        given = [f"--{n.replace('_', '-')}" for n in ("dice", "card", "filled") if getattr(args, n)]
        if given:
            said = _("--game gives the card and the dice: drop {option}")
            raise SettingsError(said.format(option=given[0]))
        game = DicePokerGame.load(args.game)
        rules = game.ruleset.with_settings(**_settings(args)) if args.joker else game.ruleset
        table = advise(game, rolls_left=args.rolls_left, ruleset=rules, lang=lang)
        return render(table, args.format)
    if args.dice is None or args.rolls_left is None:
        raise SettingsError(_("give --dice and --rolls-left (or a saved game with --game)"))
    rules = get_ruleset(args.ruleset, **_settings(args))
    state = _card_state(args, rules)
    return render(advise(state, args.dice, args.rolls_left, rules, lang=lang), args.format)


def register(commands: Commands) -> None:
    """Add Dice Poker's commands to the command line."""
    odds = commands.verb("odds", _("print a table of exact odds")).add_parser(
        "dice-poker", help=_("every box of Dice Poker (or Yahtzee, Yatzy)")
    )
    odds.add_argument("--ruleset", choices=sorted(RULESETS), default="dice-poker")
    odds.add_argument(
        "--rolls",
        type=whole_number,
        choices=(1, 2, 3),
        default=1,
        help=_("rolls in the turn, holds aimed at each box (default 1)"),
    )
    odds.add_argument("--format", choices=FORMATS, default="table")
    odds.set_defaults(run=_odds)

    solve = commands.verb("solve", _("optimal play: expected score and std")).add_parser(
        "dice-poker", help=_("the optimal solitaire strategy of Dice Poker (or Yahtzee, Yatzy)")
    )
    solve.add_argument("--ruleset", choices=sorted(RULESETS), default="dice-poker")
    solve.add_argument("--joker", choices=JOKER_MODES, help=_("change the ruleset's joker rule"))
    solve.add_argument("--format", choices=SOLVE_FORMATS, default="table")
    solve.add_argument("--no-cache", action="store_true", help=_("solve again, ignore the cache"))
    solve.add_argument(
        "--all",
        action="store_true",
        help=_("every ruleset the panels offer (fills a shared cache)"),
    )
    solve.add_argument(
        "--cache-dir",
        metavar="DIR",
        help=_("the cache folder to use (default $DICELAB_CACHE_DIR)"),
    )
    solve.set_defaults(run=_solve)

    adv = commands.verb("advise", _("the value of every choice of the turn at hand")).add_parser(
        "dice-poker", help=_("every hold (or box) of a Dice Poker turn, with optimal play")
    )
    adv.add_argument("--ruleset", choices=sorted(RULESETS), default="dice-poker")
    adv.add_argument("--dice", type=five_dice, help=_("five faces, e.g. 1,3,3,4,6"))
    adv.add_argument("--rolls-left", type=whole_number, choices=(0, 1, 2))
    adv.add_argument("--card", type=card_points, help=_("the filled boxes' points: chance=20,..."))
    adv.add_argument("--poker-bonus", type=whole_number, default=0, help=_("with --card"))
    adv.add_argument("--game", metavar="SAVE.json", help=_("a saved game: its player to move"))
    adv.add_argument("--filled", type=box_list, default=[], help=_("filled boxes, e.g. ones,pair"))
    adv.add_argument("--upper", type=whole_number, default=0, help=_("points in the upper boxes"))
    adv.add_argument(
        "--poker-50", dest="poker_fifty", action="store_true", help=_("the poker box holds 50")
    )
    adv.add_argument("--joker", choices=JOKER_MODES, help=_("change the ruleset's joker rule"))
    adv.add_argument("--format", choices=SOLVE_FORMATS, default="table")
    adv.set_defaults(run=_advise)
