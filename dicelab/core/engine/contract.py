"""The engine contract every dicelab game implements, and the base that does most of it.

A game is a mutable handle around an immutable snapshot (its `state`) and a
seeded numpy generator (`rng`).  Every action checks first and only then
swaps in the next snapshot, so an action the rules forbid raises
`IllegalMove` naming the rule and changes nothing, generator included.

- `Engine`: the protocol (players, state, the legal actions and `apply`, the
  end and the scores, what each player may see, saving);
- `Strategy`: a function choosing one of the legal actions from what its
  player may see;
- `GameBase`: the shared part of every engine (seed and generator, snapshots,
  views for open-information games, winners, saving through the game's save
  module);
- `play_out`: any engine played to the end by strategies;
- `player_names`, `check_players`, `make_rng`, `seed_number`, `given_dice`,
  `check_snapshot_dice`: the checks every engine makes the same way.

>>> player_names(None), player_names(["Ana", "Bia"])
(('Player 1',), ('Ana', 'Bia'))
>>> int(make_rng(7).integers(1, 7)) == int(make_rng(7).integers(1, 7))
True
"""

from __future__ import annotations

import importlib
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, runtime_checkable

import numpy as np

from dicelab.core.dice.hands import as_hand
from dicelab.core.engine.savefile import parse_json, read_save, rng_state, save_error, write_save
from dicelab.errors import DiceError, IllegalMove, SettingsError

__all__ = [
    "MAX_PLAYERS",
    "NOBODY",
    "RULE_DICE",
    "RULE_PLAYER",
    "Engine",
    "GameBase",
    "Snapshot",
    "Strategy",
    "check_players",
    "check_snapshot_dice",
    "given_dice",
    "make_rng",
    "play_out",
    "player_names",
    "seed_number",
    "viewer_index",
    "viewer_name",
]


class Snapshot(Protocol):
    """What every game's snapshot has: its players."""

    @property
    def players(self) -> tuple[str, ...]: ...


S = TypeVar("S", bound=Snapshot)  # a game's snapshot
A = TypeVar("A")  # a game's actions
G = TypeVar("G", bound="GameBase[Any, Any]")

MAX_PLAYERS = 6  # a hot-seat table at one screen
NOBODY = -1  # the viewer of a public view: what everyone at the table sees
RULE_DICE = "dice show 1 to 6"
RULE_PLAYER = "the players of this game"


def viewer_name(viewer: int | None, players: Sequence[str]) -> str | None:
    """Whose view a snapshot is, as its save dict says it: None for the whole
    game, "" for the public view (`NOBODY`), else the player's name.

    >>> viewer_name(None, ["Ana"]), viewer_name(NOBODY, ["Ana"]), viewer_name(0, ["Ana"])
    (None, '', 'Ana')
    """
    return None if viewer is None else "" if viewer == NOBODY else players[viewer]


def viewer_index(name: Any, players: Sequence[str]) -> int:
    """Whose view a view's save dict is (`viewer_name` read back): `NOBODY` for
    "", else the player's index; `SaveFileError` for anything else.

    >>> viewer_index("", ["Ana"]), viewer_index("Ana", ["Ana"])
    (-1, 0)
    """
    if name == "":
        return NOBODY
    if not isinstance(name, str) or name not in players:
        raise save_error(f"a view is seen by a player of the game or by nobody, not {name!r}")
    return list(players).index(name)


@runtime_checkable
class Engine(Protocol[S, A]):
    """What every game offers, whatever it is.

    - `players`, `state` (an immutable snapshot), `rng`, `seed`;
    - `to_move()`: the players who may act now; `legal_actions(player)`: what
      that player (None: anyone) may do; `apply(action)` does one of them, or
      raises `IllegalMove` and changes nothing;
    - `is_over`, `scores()` ({player: points}), `winners()` (top score once
      over, else []);
    - `view(player)`: what that player may see (the whole state for an
      open-information game; hidden parts masked for the others), and
      `view_json(player)`, the same as JSON, which `view_from_json` reads back
      (a remote player's panel, fed by a class table);
    - `redraw_hidden(player, rng)`: a copy of the game in which what `player`
      hides from the others is drawn again (the same game, for an
      open-information game): what another player sees must not change;
    - `to_json()` / `from_json()` and `save(path)` / `load(path)`: everything,
      hidden parts included, so a loaded game goes on exactly.
    """

    remote: ClassVar[bool]  # a seat of a class table, not the whole game here

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def state(self) -> S: ...

    @property
    def rng(self) -> np.random.Generator: ...

    @property
    def seed(self) -> int | None: ...

    @property
    def is_over(self) -> bool: ...

    def to_move(self) -> tuple[str, ...]: ...

    def legal_actions(self, player: str | None = None) -> list[A]: ...

    def apply(self, action: A) -> Any: ...

    def scores(self) -> dict[str, int]: ...

    def winners(self) -> list[str]: ...

    def view(self, player: str) -> Any: ...

    def view_json(self, player: str) -> str: ...

    def public_view(self) -> Any: ...

    def public_view_json(self) -> str: ...

    def redraw_hidden(self, player: str, rng: np.random.Generator) -> Engine[S, A]: ...

    def to_json(self) -> str: ...

    def save(self, path: str | os.PathLike[str]) -> None: ...

    @classmethod
    def from_json(cls, text: str | bytes) -> Self: ...

    @classmethod
    def view_from_json(cls, text: str | bytes) -> Any: ...

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Self: ...


class Strategy(Protocol[A]):
    """Chooses one of `actions` (the legal actions of its player) from `view`
    (what that player may see), using `rng` for any chance it takes."""

    def __call__(self, view: Any, actions: list[A], rng: np.random.Generator) -> A: ...


class GameBase(Generic[S, A]):
    """The shared part of the engines: a snapshot `state`, a generator `rng`,
    the `seed` the game started from, views, winners and saving.

    A subclass names its snapshot class in `State` and its save module in
    `save_module` (a module with `FORMAT`, `VERSION`, `state_dict(state)` and
    `from_dict(data)`: the checks of a loaded game), calls `_start(state,
    seed)` in `__init__`, and defines the rest of `Engine`.  A game with
    hidden information overrides `view` and `redraw_hidden`.
    """

    State: ClassVar[type]
    save_module: ClassVar[str]
    remote: ClassVar[bool] = False  # a local game (a class table's seat is remote)
    _state: S
    _rng: np.random.Generator
    _seed: int | None

    def _start(self, state: S, seed: int | np.random.Generator | None) -> None:
        """Set the first snapshot, the generator and the seed (None for a Generator)."""
        self._state, self._rng = state, make_rng(seed)
        self._seed = None if isinstance(seed, np.random.Generator) else seed_number(seed)

    @classmethod
    def from_state(
        cls: type[G], state: Any, rng: int | np.random.Generator | None, seed: int | None = None
    ) -> G:
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
    def state(self) -> S:
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

    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
        raise NotImplementedError

    def scores(self) -> dict[str, int]:
        """Each player's points so far."""
        raise NotImplementedError

    def _player(self, player: Any) -> str:
        """`player` itself if it plays this game; else `IllegalMove`."""
        if not isinstance(player, str) or player not in self.players:
            raise IllegalMove(RULE_PLAYER, f"no player {player!r} in this game")
        return player

    def view(self, player: str) -> S:
        """What `player` may see: everything, in an open-information game."""
        self._player(player)
        return self._state

    def view_json(self, player: str) -> str:
        """`view(player)` as JSON text (what a panel or a remote player may be sent)."""
        return json.dumps(self._saving().state_dict(self.view(player)), ensure_ascii=False)

    def public_view(self) -> S:
        """What everyone at the table sees (a teacher's projector): everything, in
        an open-information game; a game with hidden parts hides them all (its
        view's viewer is `NOBODY`)."""
        return self._state

    def public_view_json(self) -> str:
        """`public_view()` as JSON text."""
        return json.dumps(self._saving().state_dict(self.public_view()), ensure_ascii=False)

    def redraw_hidden(self: G, player: str, rng: np.random.Generator) -> G:
        """A copy of the game in which what `player` hides is drawn again: with
        no hidden information, an exact copy."""
        self._player(player)
        return type(self).from_json(self.to_json())

    def winners(self) -> list[str]:
        """The players with the top score once the game is over (ties share); else []."""
        if not self.is_over:
            return []
        scores = self.scores()
        best = max(scores.values())
        return [name for name, points in scores.items() if points == best]

    # --- saving -----------------------------------------------------------------

    @classmethod
    def _saving(cls) -> Any:
        return importlib.import_module(cls.save_module)

    def to_dict(self) -> dict[str, Any]:
        """The game as a JSON-ready dict: its format and version, its whole state
        (hidden parts included), the seed it started from and its generator."""
        saving = self._saving()
        return {
            "format": saving.FORMAT,
            "version": saving.VERSION,
            **saving.state_dict(self._state),
            "seed": self._seed,
            "rng": rng_state(self._rng),
        }

    def to_json(self) -> str:
        """The game as JSON text: everything, hidden parts included."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls: type[G], text: str | bytes) -> G:
        """A game from `to_json` text; `SaveFileError` if it is not valid."""
        game: G = cls._saving().from_dict(parse_json(text))
        return game

    @classmethod
    def view_from_json(cls, text: str | bytes) -> Any:
        """A view from `view_json` (or `public_view_json`) text, checked like a
        save: the snapshot a player of a remote game sees; `SaveFileError` if it
        is not one the game could show."""
        return cls._saving().view_from_dict(parse_json(text))

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the game to a JSON file, atomically (a failed save keeps the old file)."""
        write_save(path, self.to_json())

    @classmethod
    def load(cls: type[G], path: str | os.PathLike[str]) -> G:
        """Read a game written by `save` (a regular file of at most 1 MiB);
        `SaveFileError` if it is not a valid save."""
        return cls.from_json(read_save(path))


def play_out(
    game: Engine[Any, A],
    strategies: Strategy[A] | Mapping[str, Strategy[A]],
    rng: np.random.Generator | None = None,
    most: int = 100_000,
) -> dict[str, int]:
    """Play `game` to the end, each player's moves chosen by their strategy (one
    for everyone, or {player: strategy}) from their own view; return the scores.

    `rng` is the strategies' generator (default: a new one seeded 0).
    """
    rng = np.random.default_rng(0) if rng is None else rng
    for _ in range(most):
        if game.is_over:
            return game.scores()
        player = game.to_move()[0]
        strategy = strategies[player] if isinstance(strategies, Mapping) else strategies
        game.apply(strategy(game.view(player), game.legal_actions(player), rng))
    raise SettingsError(f"the game did not end within {most} actions")


# --- checks every engine makes ------------------------------------------------------


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
