"""What every game engine shares: named players, a seeded generator, snapshots.

A game is a mutable handle around an immutable snapshot (its `state`) and a
numpy random generator; every action checks first and only then swaps in
the next snapshot, so a refused action changes nothing.

>>> player_names(None), player_names(["Ana", "Bia"])
(('Player 1',), ('Ana', 'Bia'))
>>> int(make_rng(7).integers(1, 7)) == int(make_rng(7).integers(1, 7))
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

import numpy as np

from dicelab.core.hands import as_hand
from dicelab.errors import DiceError, IllegalMove, SettingsError


def make_rng(seed: int | np.random.Generator | None) -> np.random.Generator:
    """A numpy Generator: `seed` itself if it is one, else `default_rng(seed)`."""
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool):
        raise SettingsError(f"a seed is a whole number, a Generator or None, not {seed!r}")
    try:
        return np.random.default_rng(seed)
    except (TypeError, ValueError) as error:
        raise SettingsError(f"bad seed {seed!r}: {error}") from None


def player_names(players: Sequence[str] | None) -> tuple[str, ...]:
    """The players' names as a tuple ("Player 1" when none are given)."""
    if isinstance(players, str):
        raise SettingsError("players is a list of names, not one string")
    return ("Player 1",) if players is None else tuple(players)


def check_players(players: Any) -> None:
    """Raise `SettingsError` unless `players` is a tuple of distinct, non-empty names."""
    if not isinstance(players, tuple) or not players:
        raise SettingsError("a game needs a non-empty tuple of player names")
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise SettingsError(f"a player's name must be a non-empty string, not {name!r}")
    if len(set(players)) != len(players):
        raise SettingsError("player names must be different")


class SnapshotGame:
    """Base of the game engines: an immutable `state` and a generator `rng`.

    Subclasses name their snapshot class in `State` and set `_state` and
    `_rng` in `__init__`.
    """

    State: ClassVar[type]
    _state: Any
    _rng: np.random.Generator

    @classmethod
    def from_state(cls, state: Any, rng: int | np.random.Generator | None) -> Any:
        """A game continuing from a snapshot with this random generator."""
        if not isinstance(state, cls.State):
            raise SettingsError(f"from_state needs a {cls.State.__name__}, not {state!r}")
        game = cls.__new__(cls)
        game._state, game._rng = state, make_rng(rng)
        return game

    @property
    def state(self) -> Any:
        """The current snapshot (immutable)."""
        return self._state

    @property
    def rng(self) -> np.random.Generator:
        """The random generator that rolls the dice."""
        return self._rng

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names."""
        return self._state.players


RULE_DICE = "five dice showing 1 to 6"


def given_dice(dice: Any, n: int = 5) -> tuple[int, ...]:
    """Dice a teacher sets by hand, in position order; `IllegalMove` if impossible.

    >>> given_dice([6, 1, 3, 3, 4])
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


def check_snapshot_dice(dice: Any, n: int = 5) -> None:
    """Raise `SettingsError` unless a snapshot's dice are None or a tuple of n faces."""
    if dice is None:
        return
    if not isinstance(dice, tuple) or len(dice) != n:
        raise SettingsError(f"dice must be a tuple of {n} faces, not {dice!r}")
    try:
        as_hand(dice, n)
    except DiceError as error:
        raise SettingsError(f"bad dice {dice!r}: {error}") from None
