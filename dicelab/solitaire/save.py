"""Saving and loading a `SolitaireGame` as JSON: no pickle, no eval.

The file holds a format tag and version, the players, each sheet (marks of
the sums 2..12 and of the discard numbers 1..6, as lists), the number of
rolls, the last roll, the players still to choose, the seed the game started
from, and the state of the PCG64 random generator, so that a loaded game
goes on with the same dice.  Loading checks everything (only a state a game
could reach is accepted) and raises `SaveFileError` with a one-line message
on any problem; version 1 files (no seed) still load.

>>> from dicelab.solitaire.game import SolitaireGame
>>> game = SolitaireGame(["Ana"], seed=7)
>>> _ = game.roll()
>>> copy = SolitaireGame.from_json(game.to_json())
>>> copy.state == game.state
True
>>> _ = copy.choose(0, 0), game.choose(0, 0)
>>> copy.roll() == game.roll()  # the same generator state: the same dice
True
>>> SolitaireGame.from_json('{"format": "dicelab/dice-poker-game"}')
Traceback (most recent call last):
...
dicelab.errors.SaveFileError: not a dicelab Solitaire Dice save (format 'dicelab/dice-poker-game')
"""

from __future__ import annotations

from typing import Any

from dicelab.core.engine.savefile import (
    dice_field,
    int_field,
    is_int,
    json_list,
    json_object,
    names_field,
    open_save,
    rng_from_json,
    save_error,
    seed_field,
)
from dicelab.errors import DicelabError
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.rules import DICE, DISCARD_NUMBERS, SUMS
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.state import GameState

FORMAT = "dicelab/solitaire-game"
VERSION = 2  # 2: the seed
KEYS_V1 = ("format", "version", "players", "sheets", "rolls", "dice", "waiting", "rng")
KEYS = (*KEYS_V1, "seed")
VIEW_KEYS = ("players", "sheets", "rolls", "dice", "waiting")


# --- writing ----------------------------------------------------------------


def state_dict(state: GameState) -> dict[str, Any]:
    """A snapshot (the whole game, or what a player sees of it: the sheets it
    hides are null) as a JSON-ready dict."""
    return {
        "players": list(state.players),
        "sheets": [
            None if i in state.hidden else {"sums": list(s.sums), "discards": list(s.discards)}
            for i, s in enumerate(state.sheets)
        ],
        "rolls": state.rolls,
        "dice": None if state.dice is None else list(state.dice),
        "waiting": [state.players[i] for i in sorted(state.waiting)],
    }


# --- reading ----------------------------------------------------------------


def _counts(value: Any, what: str, size: int) -> tuple[int, ...]:
    counts = json_list(value, what)
    if len(counts) != size or not all(is_int(c) and 0 <= c < 10_000 for c in counts):
        raise save_error(f"{what} must be {size} whole numbers 0 or more, not {counts!r}")
    return tuple(counts)


def _sheet(value: Any, index: int) -> Sheet:
    what = f"sheet {index + 1}"
    data = json_object(value, what, ("sums", "discards"))
    sums = _counts(data["sums"], f"{what} sums", len(SUMS))
    discards = _counts(data["discards"], f"{what} discards", len(DISCARD_NUMBERS))
    try:
        return Sheet(sums, discards)
    except DicelabError as error:
        raise save_error(f"{what}: {error}") from None


def _waiting(value: Any, players: tuple[Any, ...]) -> frozenset[int]:
    names = json_list(value, "waiting")
    unknown = [n for n in names if n not in players]
    if unknown:
        raise save_error(f"waiting names an unknown player {unknown[0]!r}")
    if len(set(names)) != len(names):
        raise save_error("waiting lists a player twice")
    return frozenset(players.index(n) for n in names)


def from_dict(data: Any) -> SolitaireGame:
    """A game from a dict made by `to_dict`, checked; `SaveFileError` if invalid."""
    version = open_save(data, FORMAT, (1, VERSION), "Solitaire Dice")
    data = json_object(data, "the save", KEYS if version > 1 else KEYS_V1)
    state = _state(data, view=False)
    seed = seed_field(data.get("seed"))
    return SolitaireGame.from_state(state, rng_from_json(data["rng"]), seed)


def view_from_dict(data: Any) -> GameState:
    """A view from a dict made by `state_dict(game.view(player))`, checked: what
    that player could see of a game (the sheets it hides null).

    >>> game = SolitaireGame(["Ana", "Bia"], seed=1)
    >>> view = game.view("Ana")
    >>> SolitaireGame.view_from_json(game.view_json("Ana")) == view, sorted(view.hidden)
    (True, [1])
    """
    return _state(json_object(data, "the view", VIEW_KEYS), view=True)


def _state(data: dict[str, Any], view: bool) -> GameState:
    """The snapshot a save's (or a `view`'s) checked keys describe."""
    players = names_field(data["players"])
    given = json_list(data["sheets"], "sheets")
    hidden = frozenset(i for i, s in enumerate(given) if view and s is None)
    sheets = tuple(Sheet.empty() if i in hidden else _sheet(s, i) for i, s in enumerate(given))
    rolls = int_field(data, "rolls", 0, 1_000_000)
    dice = dice_field(data["dice"], DICE)
    waiting = _waiting(data["waiting"], players)
    try:
        return GameState(players, sheets, rolls=rolls, dice=dice, waiting=waiting, hidden=hidden)
    except DicelabError as error:
        raise save_error(str(error)) from None
