"""`dicelab review SAVE.json`: how well each player of a saved game chose,
choice by choice, whatever the game (each game's review lives in its room:
`GameInfo.review`).

>>> game_of({"format": "dicelab/solitaire-game"}).name
'solitaire'
"""

from __future__ import annotations

import argparse
from typing import Any

from dicelab.core.engine.savefile import parse_json, read_save
from dicelab.core.i18n import _, current_language, msg
from dicelab.errors import SaveFileError, SettingsError
from dicelab.games import GAMES, GameInfo, load

REPORT_FORMATS = ("md", "html", "json")
NOT_A_GAME = msg("save|not_a_game", "not a dicelab game save (format {found!r})")
NOT_YET = msg("review|not_yet", "{game} games cannot be reviewed yet")


def game_of(data: Any) -> GameInfo:
    """The game whose save `data` (a save file's JSON) is; `SaveFileError` if none."""
    found = data.get("format") if isinstance(data, dict) else None
    for info in GAMES.values():
        if found == info.engine_class._saving().FORMAT:
            return info
    raise SaveFileError.said(NOT_A_GAME, found=found)


def review_save(path: str, fmt: str = "md", lang: str = "en") -> str:
    """The review of the game saved at `path` as Markdown, HTML or JSON."""
    text = read_save(path)
    info = game_of(parse_json(text))
    if not info.review:
        raise SettingsError.said(NOT_YET, game=info.title_in(lang))
    game = info.engine_class.from_json(text)
    written: str = load(info.review)(game, fmt, lang)
    return written


def _review(args: argparse.Namespace) -> str:
    return review_save(args.savefile, args.format, current_language()).rstrip("\n")


def register(commands: Any) -> None:
    """Add `dicelab review` to the command line."""
    review = commands.command(
        "review", _("how well each player of a saved game chose, choice by choice")
    )
    review.add_argument("savefile", metavar="SAVE.json", help=_("a saved game"))
    review.add_argument("--format", choices=REPORT_FORMATS, default="md")
    review.set_defaults(run=_review)
