"""Sly Dice's commands.

dicelab odds sly-dice [--visible 1,2,3] [--hidden 3] [--format table|markdown|csv|json|latex]
dicelab simulate sly-dice [--players 4] [--bots calculator,honest,random-liar,honest]
                          [--games N] [--seed S] [--format text|json]
dicelab solve sly-dice [--table pair,two_pairs,...] [--format table|json] [--no-cache]
                       [--cache-dir DIR]
"""

from __future__ import annotations

import argparse
import functools
import json
from typing import Any

from dicelab.cli import (
    FORMATS,
    Commands,
    add_bot_table,
    render,
    seat_bots,
    table_language,
    whole_number,
)
from dicelab.core.i18n import _, current_language, ngettext, number
from dicelab.errors import SettingsError

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


def card_ids(text: str) -> tuple[str, ...]:
    """`--table`: card ids separated by commas.

    >>> card_ids("pair, full_house")
    ('pair', 'full_house')
    """
    ids = tuple(p.strip() for p in text.split(",") if p.strip())
    if not ids:
        raise argparse.ArgumentTypeError(_("name at least one card, e.g. pair,full_house"))
    return ids


def _solve(args: argparse.Namespace) -> str:
    from dicelab.core.engine.cache import cache_folder
    from dicelab.sly_dice.round_solved import solve_whole_round
    from dicelab.sly_dice.rules import DEFAULT_RULES
    from dicelab.sly_dice.solved import solve_table

    table = args.table or DEFAULT_RULES.ids
    unknown = [c for c in table if c not in DEFAULT_RULES.ids]
    if unknown or len(set(table)) != len(table):
        said = _("--table takes each card once, from: {cards}")
        raise SettingsError(said.format(cards=", ".join(DEFAULT_RULES.ids)))
    with cache_folder(args.cache_dir):
        result = solve_table(tuple(table), use_cache=not args.no_cache, progress="auto")
        whole = solve_whole_round(tuple(table), use_cache=not args.no_cache, progress="auto")
    if args.format == "json":
        data = {**result.to_json(), "whole_round": whole.to_json()}
        return json.dumps(data, ensure_ascii=False)
    return _solve_text(result) + "\n\n" + _round_text(whole)


def _solve_text(result: Any) -> str:
    """The value, each card's claims, bluffs and accusations, and each bot's
    exploitability, in the command line's language."""
    from dicelab.core.present.numbers import share_text
    from dicelab.sly_dice.rules import card_by_id

    lang = current_language()
    pct = functools.partial(share_text, places=1, lang=lang)

    seconds = number(result.seconds, 1, lang)
    if result.from_cache:
        seconds = _("{seconds} (from the cache)").format(seconds=seconds)
    lines = [
        ngettext(
            "Sly Dice: one claim between two players, solved ({count} card on the table)",
            "Sly Dice: one claim between two players, solved ({count} cards on the table)",
            len(result.table),
        ).format(count=len(result.table)),
        _("value to the claimer: {value} points a claim (exact: {exact})").format(
            value=number(result.value, 4, lang), exact=result.value
        ),
        _("claims that are lies: {share}").format(share=pct(result.lies)),
        "",
        f"{_('card'):<22}{_('points'):>7}{_('claimed'):>10}{_('bluffs'):>10}{_('accused'):>10}",
    ]
    for c in result.cards:
        bluffs, accused = (x / c.claimed if c.claimed else 0 for x in (c.bluffed, c.accused))
        name = card_by_id(c.card).name(lang)
        lines.append(
            f"{name:<22}{c.points:>7}{pct(c.claimed):>10}{pct(bluffs):>10}{pct(accused):>10}"
        )
    lines += ["", _("what a best response gains per claim against each bot:")]
    lines.append(f"{_('bot'):<14}{_('as claimer'):>14}{_('as accuser'):>14}")
    for e in result.exploits:
        claimer, accuser = (number(x, 4, lang) for x in (e.as_claimer, e.as_accuser))
        lines.append(f"{e.bot:<14}{claimer:>14}{accuser:>14}")
    exact = _("yes") if result.exact else _("no")
    lines += [
        "",
        _("states {states}, exact {exact}, seconds {seconds}").format(
            states=len(result.states), exact=exact, seconds=seconds
        ),
    ]
    return "\n".join(lines)


def _round_text(result: Any) -> str:
    """The whole round: its value beside the fixed plan's, the certificate, the
    lies, how often the claimer leaves the points plan, each bot's exploitability."""
    from dicelab.core.present.numbers import share_text

    lang = current_language()
    kinds = {
        "stops instead of rolling": _("stops instead of rolling"),
        "rolls instead of stopping": _("rolls instead of stopping"),
        "sets another die aside": _("sets another die aside"),
    }
    lines = [
        _("The whole round, the claimer also choosing how to roll and what to set aside:"),
        _("value to the claimer: {value} points a claim (rolling by the plan: {fixed})").format(
            value=number(result.value, 4, lang), fixed=number(result.fixed_value, 4, lang)
        ),
        _("certificate: a best response of either side gains at most {gap}").format(
            gap=f"{result.gap:.1e}"
        ),
        _("claims that are lies: {share}").format(share=share_text(result.lies, 1, lang)),
        _("rounds that leave the points plan: {share}").format(
            share=share_text(result.departs, 1, lang)
        ),
    ]
    lines += [
        f"  {kinds[kind]}: {share_text(p, 1, lang)}" for kind, p in result.departure_kinds.items()
    ]
    lines += ["", _("what a best response gains per claim in the whole round against each bot:")]
    lines.append(f"{_('bot'):<14}{_('as claimer'):>14}{_('as accuser'):>14}")
    for e in result.exploits:
        claimer, accuser = (number(x, 4, lang) for x in (e.as_claimer, e.as_accuser))
        lines.append(f"{e.bot:<14}{claimer:>14}{accuser:>14}")
    seconds = number(result.seconds, 1, lang)
    if result.from_cache:
        seconds = _("{seconds} (from the cache)").format(seconds=seconds)
    lines += [
        "",
        _("common rolls {count}, seconds {seconds}").format(
            count=len(result.commons), seconds=seconds
        ),
    ]
    return "\n".join(lines)


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

    solve = commands.verb("solve", _("optimal play: expected score and std")).add_parser(
        "sly-dice",
        help=_(
            "when to bluff and when to accuse: the claim game's equilibrium, and the whole round's"
        ),
    )
    solve.add_argument(
        "--table", type=card_ids, help=_("the cards on the table (default: all of them)")
    )
    solve.add_argument("--format", choices=("table", "json"), default="table")
    solve.add_argument("--no-cache", action="store_true", help=_("solve again, ignore the cache"))
    solve.add_argument(
        "--cache-dir", metavar="DIR", help=_("the cache folder to use (default $DICELAB_CACHE_DIR)")
    )
    solve.set_defaults(run=_solve)
