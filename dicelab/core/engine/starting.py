"""The checks every engine makes the same way at its start: the players'
names, the seed and its generator, dice set by hand, a snapshot's dice.

>>> player_names(None), player_names(["Ana", "Bia"])
(('Player 1',), ('Ana', 'Bia'))
>>> int(make_rng(7).integers(1, 7)) == int(make_rng(7).integers(1, 7))
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from dicelab.core.dice.hands import as_hand
from dicelab.errors import DiceError, IllegalMove, SettingsError

MAX_PLAYERS = 6  # a hot-seat table at one screen
RULE_DICE = "dice show 1 to 6"


def make_rng(seed: int | np.random.Generator | None) -> np.random.Generator:
    """A numpy Generator: `seed` itself if it is one, else `default_rng(seed)`."""
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(seed_number(seed))


def seed_number(seed: Any) -> int | None:
    """A seed as a whole number 0 or more (None: fresh entropy); else `SettingsError`.

    >>> seed_number(np.int64(7)), seed_number(None)
    (7, None)
    """
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise SettingsError(f"a seed is a whole number 0 or more (or a Generator), not {seed!r}")
    return int(seed)


def player_names(players: Any, game: str = "this game", least: int = 1) -> tuple[str, ...]:
    """The players' names, surrounding spaces dropped ("Player 1" ... "Player
    <least>" when none are given), checked by `check_players`.

    >>> player_names([" Ana ", "Bruno"]), player_names(None, least=2)
    (('Ana', 'Bruno'), ('Player 1', 'Player 2'))
    """
    if players is None:
        return tuple(f"Player {i + 1}" for i in range(least))
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise SettingsError(f"players is a list of {least} to {MAX_PLAYERS} names, not {players!r}")
    names = tuple(p.strip() if isinstance(p, str) else p for p in players)
    check_players(names, game, least)
    return names


def check_players(players: Any, game: str = "this game", least: int = 1) -> None:
    """Raise `SettingsError` unless `players` is a tuple of `least` (1 by default)
    to 6 different names, each a non-empty text without surrounding spaces.

    >>> check_players(("Ana", "Ana"))
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: player names must be different: 'Ana' appears twice
    """
    if not isinstance(players, tuple):
        raise SettingsError(f"the players are a tuple of names, not {players!r}")
    if not least <= len(players) <= MAX_PLAYERS:
        raise SettingsError(f"{game} is for {least} to {MAX_PLAYERS} players, not {len(players)}")
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise SettingsError(f"a player's name must be a non-empty text, not {name!r}")
        if name != name.strip():
            raise SettingsError(f"a player's name has no spaces around it: {name!r}")
        if players.count(name) > 1:
            raise SettingsError(f"player names must be different: {name!r} appears twice")


def given_dice(dice: Any, n: int) -> tuple[int, ...]:
    """Dice a teacher sets by hand, `n` of them in position order; `IllegalMove`
    if impossible.

    >>> given_dice([6, 1, 3, 3, 4], 5)
    (6, 1, 3, 3, 4)
    """
    if isinstance(dice, (str, bytes)) or not isinstance(dice, Iterable):
        raise IllegalMove(RULE_DICE, f"dice are {n} faces 1..6, not {dice!r}")
    faces = tuple(dice)
    try:
        as_hand(faces, n)
    except DiceError as error:
        raise IllegalMove(RULE_DICE, str(error)) from None
    return tuple(int(f) for f in faces)


def check_snapshot_dice(dice: Any, n: int) -> None:
    """Raise `SettingsError` unless a snapshot's dice are None or a tuple of n faces."""
    if dice is None:
        return
    if not isinstance(dice, tuple) or len(dice) != n:
        raise SettingsError(f"dice must be a tuple of {n} faces, not {dice!r}")
    try:
        as_hand(dice, n)
    except DiceError as error:
        raise SettingsError(f"bad dice {dice!r}: {error}") from None
