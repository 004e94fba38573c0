"""Seats for bots at the Solitaire Dice table: who plays, and which of them are
bots with which strategy (`seat_bots`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dicelab.core.ui.panel import MAX_PLAYERS
from dicelab.core.ui.seats import BOT_NAMES, panel_players
from dicelab.errors import SettingsError
from dicelab.solitaire.strategy import STRATEGIES

__all__ = ["seat_bots"]

GAME = "the Solitaire Dice panel"


def seat_bots(players: Any, bots: Any) -> tuple[tuple[str, ...], dict[str, str]]:
    """Every player's name, and {bot's name: its strategy}: `bots` lists strategy
    names (`STRATEGIES`), each a seat after `players` named from `BOT_NAMES`
    (none taken twice), or maps some of `players` to theirs; 6 players at most, and
    one at least who is not a bot (else `SettingsError`).

    >>> seat_bots(["Ana", "Cleo"], ["search", "greedy"])
    (('Ana', 'Cleo', 'Duda', 'Edu'), {'Duda': 'search', 'Edu': 'greedy'})
    >>> seat_bots(["Ana", "Bia"], {"Bia": "planner"})
    (('Ana', 'Bia'), {'Bia': 'planner'})
    """
    if isinstance(bots, Mapping):
        names, seats = panel_players(players, GAME), dict(bots)
        strangers = [name for name in seats if name not in names]
        if strangers:
            raise SettingsError(f"no player {strangers[0]!r} to be a bot in {names}")
    else:
        if isinstance(bots, str) or not isinstance(bots, Sequence):
            raise SettingsError(f"bots is a list of strategy names, not {bots!r}")
        humans, kinds = panel_players(players, GAME), list(bots)
        if len(humans) + len(kinds) > MAX_PLAYERS:
            raise SettingsError(
                f"{MAX_PLAYERS} players at most, not {len(humans)} and {len(kinds)} bots"
            )
        free = [n for n in (*BOT_NAMES, *(f"{n} 2" for n in BOT_NAMES)) if n not in humans]
        names, seats = (*humans, *free[: len(kinds)]), dict(zip(free, kinds))
    unknown = [kind for kind in seats.values() if kind not in STRATEGIES]
    if unknown:
        raise SettingsError(f"unknown bot {unknown[0]!r}; choose from {', '.join(STRATEGIES)}")
    if len(seats) >= len(names):
        raise SettingsError("one player at least is not a bot")
    return names, seats
