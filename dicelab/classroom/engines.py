"""A table's game: a new engine from a table's settings (checked), or the game
of a table's log played again.

>>> game = new_engine(GAMES["solo"], ["Ana", "Bia"], seed=3, ruleset=None)
>>> replayed({"game": "solo", "record": game.record.to_dict()}).to_json() == game.to_json()
True
"""

from __future__ import annotations

import inspect
import secrets
from collections.abc import Mapping, Sequence
from typing import Any

from dicelab.core.engine import Engine, GameRecord
from dicelab.errors import SettingsError
from dicelab.games import GAMES, GameInfo

__all__ = ["check_bot", "check_bots", "check_seed", "new_engine", "replayed"]


def replayed(log: Mapping[str, Any]) -> Engine[Any, Any]:
    """The game of a table's `log` (`Hall.log`, `Client.log`: its game and its
    game record) played again from its start: the very game the table played."""
    game: Engine[Any, Any] = GameRecord.from_dict(
        GAMES[log["game"]].engine_class, log["record"]
    ).replay()
    return game


def check_bots(info: GameInfo, players: Sequence[str], bots: Any) -> dict[str, str]:
    """A new table's {player: bot}, each a bot of the game; one player at least
    is a person.

    >>> check_bots(GAMES["solo"], ["Ana", "Bia"], {"Bia": "blocker"})
    {'Bia': 'blocker'}
    """
    if not isinstance(bots, Mapping):
        raise SettingsError('"bots" maps a player to a bot, like {"Cleo": "blocker"}')
    for name, kind in bots.items():
        if name not in players:
            raise SettingsError(f"no player {name!r} to be a bot")
        check_bot(info, kind)
    if len(bots) >= len(players):
        raise SettingsError("one player at least is not a bot")
    return {str(name): str(kind) for name, kind in bots.items()}


def check_bot(info: GameInfo, kind: Any) -> str:
    """`kind` if it names one of the game's bots; else `SettingsError`.

    >>> check_bot(GAMES["solo"], "blocker")
    'blocker'
    """
    if kind not in info.strategy_names:
        names = ", ".join(info.strategy_names)
        raise SettingsError(f"{info.title} has no bot {str(kind)[:40]!r}; choose one of {names}")
    return str(kind)


def check_seed(seed: Any) -> int:
    """A new table's seed as asked, or a fresh one when none is.

    >>> check_seed(7), 0 <= check_seed(None) < 10**12
    (7, True)
    """
    if seed is None:
        return secrets.randbelow(10**12)
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise SettingsError(f"a seed is a whole number from 0 to 2**63 - 1, not {seed!r}")
    return seed


def new_engine(info: GameInfo, players: Sequence[str], seed: int, ruleset: Any) -> Engine[Any, Any]:
    """A new game; `ruleset` only for a game whose engine takes one (Dice Poker)."""
    options = {} if ruleset is None else {"ruleset": ruleset}
    if options and "ruleset" not in inspect.signature(info.engine_class).parameters:
        raise SettingsError(f"{info.title} has no rulesets")
    engine: Engine[Any, Any] = info.engine_class(list(players), seed=seed, **options)
    return engine
