"""Saving and loading a `SolitaireGame` as JSON: no pickle, no eval.

The file holds a format tag and version, the players, each sheet (marks of
the sums 2..12 and of the discard numbers 1..6, as lists), the number of
rolls, the last roll, the players still to choose, and the state of the
PCG64 random generator, so that a loaded game goes on with the same dice.
Loading checks everything and raises `SaveFileError` with a one-line
message on any problem.

>>> from dicelab.solitaire.game import SolitaireGame
>>> game = SolitaireGame(["Ana"], seed=7)
>>> _ = game.roll()
>>> copy = loads(dumps(game))
>>> copy.state == game.state
True
>>> _ = copy.choose(0, 0), game.choose(0, 0)
>>> copy.roll() == game.roll()  # the same generator state: the same dice
True
>>> loads('{"format": "dicelab/dice-poker-game"}')
Traceback (most recent call last):
...
dicelab.errors.SaveFileError: not a dicelab Solitaire Dice save (format 'dicelab/dice-poker-game')
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dicelab.core.savefile import (
    bad,
    int_field,
    is_int,
    json_list,
    json_object,
    parse_json,
    rng_from_json,
    rng_state,
)
from dicelab.errors import DicelabError, SaveFileError
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.rules import DISCARD_NUMBERS, SUMS
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.state import GameState

FORMAT = "dicelab/solitaire-game"
VERSION = 1
KEYS = ("format", "version", "players", "sheets", "rolls", "dice", "waiting", "rng")


# --- writing ----------------------------------------------------------------


def to_dict(game: SolitaireGame) -> dict[str, Any]:
    """The game as a JSON-ready dict."""
    state = game.state
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": list(state.players),
        "sheets": [{"sums": list(s.sums), "discards": list(s.discards)} for s in state.sheets],
        "rolls": state.rolls,
        "dice": None if state.dice is None else list(state.dice),
        "waiting": list(game.waiting),
        "rng": rng_state(game.rng),
    }


def dumps(game: SolitaireGame) -> str:
    """The game as JSON text."""
    return json.dumps(to_dict(game), indent=1, ensure_ascii=False)


def save(game: SolitaireGame, path: str | Path) -> None:
    """Write the game to a JSON file."""
    Path(path).write_text(dumps(game), encoding="utf-8")


# --- reading ----------------------------------------------------------------


def _counts(value: Any, what: str, size: int) -> tuple[int, ...]:
    counts = json_list(value, what)
    if len(counts) != size or not all(is_int(c) and 0 <= c < 10_000 for c in counts):
        raise bad(f"{what} must be {size} whole numbers 0 or more, not {counts!r}")
    return tuple(counts)


def _sheet(value: Any, index: int) -> Sheet:
    what = f"sheet {index + 1}"
    data = json_object(value, what, ("sums", "discards"))
    sums = _counts(data["sums"], f"{what} sums", len(SUMS))
    discards = _counts(data["discards"], f"{what} discards", len(DISCARD_NUMBERS))
    try:
        return Sheet(sums, discards)
    except DicelabError as error:
        raise bad(f"{what}: {error}") from None


def _dice(value: Any) -> tuple[int, ...] | None:
    if value is None:
        return None
    faces = json_list(value, "dice")
    if len(faces) != 5 or not all(is_int(f) and 1 <= f <= 6 for f in faces):
        raise bad(f"dice must be five whole numbers 1..6, not {faces!r}")
    return tuple(faces)


def _waiting(value: Any, players: list[Any]) -> frozenset[int]:
    names = json_list(value, "waiting")
    if len(set(map(str, names))) != len(names):
        raise bad("waiting lists a player twice")
    unknown = [n for n in names if n not in players]
    if unknown:
        raise bad(f"waiting names an unknown player {unknown[0]!r}")
    return frozenset(players.index(n) for n in names)


def from_dict(data: Any) -> SolitaireGame:
    """A game from a dict made by `to_dict`, checked; `SaveFileError` if invalid."""
    if not isinstance(data, dict):
        raise bad(f"the top level must be a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise SaveFileError(f"not a dicelab Solitaire Dice save (format {data.get('format')!r})")
    if not is_int(data.get("version")) or data["version"] != VERSION:
        raise SaveFileError(f"unsupported save version {data.get('version')!r} (need {VERSION})")
    data = json_object(data, "the save", KEYS)
    players = json_list(data["players"], "players")
    sheets = tuple(_sheet(s, i) for i, s in enumerate(json_list(data["sheets"], "sheets")))
    try:
        state = GameState(
            tuple(players),
            sheets,
            rolls=int_field(data, "rolls", 0, 1_000_000),
            dice=_dice(data["dice"]),
            waiting=_waiting(data["waiting"], players),
        )
    except DicelabError as error:
        raise bad(str(error)) from None
    return SolitaireGame.from_state(state, rng_from_json(data["rng"]))


def loads(text: str | bytes) -> SolitaireGame:
    """A game from JSON text; `SaveFileError` if it is not a valid save."""
    return from_dict(parse_json(text))


def load(path: str | Path) -> SolitaireGame:
    """Read a game from a JSON file written by `save`."""
    try:
        text = Path(path).read_bytes()
    except OSError as error:
        raise SaveFileError(f"cannot read {path}: {error.strerror or error}") from None
    return loads(text)
