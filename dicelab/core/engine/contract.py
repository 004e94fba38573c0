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
- from `starting`: `player_names`, `check_players`, `make_rng`,
  `seed_number`, `given_dice`, `check_snapshot_dice`, the checks every engine
  makes the same way.

>>> from dicelab.solitaire.game import SolitaireGame
>>> game = SolitaireGame(["Ana"], seed=3)
>>> _ = game.roll()
>>> game.is_over, len(game.record.steps), game.record.seed
(False, 1, 3)
"""

from __future__ import annotations

import copy
import importlib
import json
import os
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, runtime_checkable

import numpy as np

from dicelab.core.engine.record import GameRecord, Recording, Step
from dicelab.core.engine.savefile import (
    parse_json,
    read_save,
    rng_state,
    save_error,
    write_save,
)
from dicelab.core.engine.starting import (
    MAX_PLAYERS,
    RULE_DICE,
    check_players,
    check_snapshot_dice,
    given_dice,
    make_rng,
    player_names,
    seed_number,
)
from dicelab.errors import IllegalMove, SettingsError

__all__ = [
    "MAX_PLAYERS",
    "NOBODY",
    "RULE_DICE",
    "RULE_PLAYER",
    "Engine",
    "GameBase",
    "GameRecord",
    "Snapshot",
    "Step",
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

NOBODY = -1  # the viewer of a public view: what everyone at the table sees
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
      hidden parts included, so a loaded game goes on exactly;
    - `record`: where the game began and every action since (`GameRecord`).
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

    @property
    def record(self) -> GameRecord: ...

    def view(self, player: str) -> Any: ...

    def view_json(self, player: str) -> str: ...

    def public_view(self) -> Any: ...

    def public_view_json(self) -> str: ...

    def redraw_hidden(self, player: str, rng: np.random.Generator) -> Engine[S, A]: ...

    def to_json(self, record: bool = True) -> str: ...

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


class GameBase(Recording, Generic[S, A]):
    """The shared part of the engines: a snapshot `state`, a generator `rng`,
    the `seed` the game started from, views, winners and saving.

    A subclass names its snapshot class in `State` and its save module in
    `save_module` (a module with `FORMAT`, `VERSION`, `state_dict(state)` and
    `from_dict(data)`: the checks of a loaded game), calls `_start(state,
    seed)` in `__init__` once the first snapshot is dealt, and defines the
    rest of `Engine`; each action it takes calls `_note(player, action)`, so
    the game keeps its `record`.  A game with hidden information overrides
    `view` and `redraw_hidden`; one whose dice may be set by hand, `_redo`.
    """

    State: ClassVar[type]
    save_module: ClassVar[str]
    remote: ClassVar[bool] = False  # a local game (a class table's seat is remote)
    _state: S
    _rng: np.random.Generator
    _seed: int | None

    def _start(
        self,
        state: S,
        seed: int | np.random.Generator | None,
        rng: np.random.Generator | None = None,
    ) -> None:
        """Set the first snapshot, the generator (`rng`, the one the snapshot was
        dealt with, or a new one from `seed`) and the seed (None for a
        Generator); the record starts here."""
        self._state, self._rng = state, make_rng(seed) if rng is None else rng
        self._seed = None if isinstance(seed, np.random.Generator) else seed_number(seed)
        self._begin_record()

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
        game._begin_record()
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

    def apply(self, action: A) -> Any:
        """Take `action`, or raise `IllegalMove` and change nothing."""
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
        return copy.deepcopy(self)

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

    def to_dict(self, record: bool = True) -> dict[str, Any]:
        """The game as a JSON-ready dict: its format and version, its whole state
        (hidden parts included), the seed it started from, its generator and
        (unless `record` is False) its record."""
        saving = self._saving()
        data = {
            "format": saving.FORMAT,
            "version": saving.VERSION,
            **saving.state_dict(self._state),
            "seed": self._seed,
            "rng": rng_state(self._rng),
        }
        return data | {"record": self.record.to_dict()} if record else data

    def to_json(self, record: bool = True) -> str:
        """The game as JSON text: everything, hidden parts included (the record
        too, unless `record` is False)."""
        return json.dumps(self.to_dict(record), indent=1, ensure_ascii=False)

    @classmethod
    def from_json(cls: type[G], text: str | bytes) -> G:
        """A game from `to_json` text; `SaveFileError` if it is not valid."""
        return cls.from_dict(parse_json(text))

    @classmethod
    def from_dict(cls: type[G], data: Any) -> G:
        """A game from `to_dict`'s dict, checked by the game's save module; its
        record too, checked to end in this very game (a save without one, from
        an older dicelab, starts its record here)."""
        if not isinstance(data, dict) or "record" not in data:
            game: G = cls._saving().from_dict(data)
            return game
        game = cls._saving().from_dict({k: v for k, v in data.items() if k != "record"})
        game._take_record(GameRecord.from_dict(cls, data["record"]))
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
