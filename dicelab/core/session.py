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

from collections.abc import Iterable
from typing import Any, ClassVar

import numpy as np

from dicelab.core.hands import as_hand
from dicelab.errors import DiceError, IllegalMove, SettingsError


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
        raise SettingsError(
            f"a seed is a whole number 0 or more, a Generator or None, not {seed!r}"
        )
    return int(seed)


MAX_PLAYERS = 6  # a hot-seat table at one screen


def player_names(players: Any, game: str = "this game") -> tuple[str, ...]:
    """The players' names, surrounding spaces dropped ("Player 1" when none are
    given), checked by `check_players`.

    >>> player_names([" Ana ", "Bruno"])
    ('Ana', 'Bruno')
    """
    if players is None:
        return ("Player 1",)
    if isinstance(players, (str, bytes)) or not isinstance(players, Iterable):
        raise SettingsError(f"players is a list of 1 to {MAX_PLAYERS} names, not {players!r}")
    names = tuple(p.strip() if isinstance(p, str) else p for p in players)
    check_players(names, game)
    return names


def check_players(players: Any, game: str = "this game") -> None:
    """Raise `SettingsError` unless `players` is a tuple of 1 to 6 different names,
    each a non-empty text without surrounding spaces.

    >>> check_players(("Ana", "Ana"))
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: player names must be different: 'Ana' appears twice
    """
    if not isinstance(players, tuple):
        raise SettingsError(f"the players are a tuple of names, not {players!r}")
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise SettingsError(f"{game} is for 1 to {MAX_PLAYERS} players, not {len(players)}")
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise SettingsError(f"a player's name must be a non-empty text, not {name!r}")
        if name != name.strip():
            raise SettingsError(f"a player's name has no spaces around it: {name!r}")
        if players.count(name) > 1:
            raise SettingsError(f"player names must be different: {name!r} appears twice")


class SnapshotGame:
    """Base of the game engines: an immutable `state` and a generator `rng`.

    Subclasses name their snapshot class in `State` and set `_state` and
    `_rng` in `__init__`.
    """

    State: ClassVar[type]
    _state: Any
    _rng: np.random.Generator
    _seed: int | None

    def _start(self, state: Any, seed: int | np.random.Generator | None) -> None:
        """Set the first snapshot, the generator and the seed (None for a Generator)."""
        self._state, self._rng = state, make_rng(seed)
        self._seed = None if isinstance(seed, np.random.Generator) else seed_number(seed)

    @classmethod
    def from_state(
        cls, state: Any, rng: int | np.random.Generator | None, seed: int | None = None
    ) -> Any:
        """A game continuing from a snapshot with this random generator; `seed` is
        the seed the game started from, if known."""
        if not isinstance(state, cls.State):
            raise SettingsError(f"from_state needs a {cls.State.__name__}, not {state!r}")
        game = cls.__new__(cls)
        game._state, game._rng, game._seed = state, make_rng(rng), seed_number(seed)
        return game

    @property
    def seed(self) -> int | None:
        """The seed the game started from (None: a Generator or fresh entropy)."""
        return self._seed

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
