"""Saving and loading a `DicePokerGame` as JSON: no pickle, no eval.

The file holds a format tag and version, the ruleset's name and every
setting, the players, each score card, where the turn stands, the dice and
the holds, and the state of the PCG64 random generator, so that a loaded
game goes on with the same dice.  Loading checks everything and raises
`SaveFileError` with a one-line message on any problem.

>>> from dicelab.dice_poker.game import DicePokerGame
>>> game = DicePokerGame(["Ana"], seed=7)
>>> _ = game.roll()
>>> copy = loads(dumps(game))
>>> copy.state == game.state, copy.roll() == game.roll()
(True, True)
>>> loads('{"format": "something else"}')
Traceback (most recent call last):
...
dicelab.errors.SaveFileError: not a dicelab Dice Poker save (format 'something else')
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np

from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.rules import RULESETS, SETTINGS, get_ruleset
from dicelab.dice_poker.state import GameState
from dicelab.errors import DicelabError, SaveFileError

FORMAT = "dicelab/dice-poker-game"
VERSION = 1
KEYS = (
    "format",
    "version",
    "ruleset",
    "players",
    "cards",
    "turn",
    "current_player",
    "rolls_used",
    "dice",
    "held",
    "finished",
    "rng",
)
_U128 = 2**128
_U32 = 2**32


# --- writing ----------------------------------------------------------------


def to_dict(game: DicePokerGame) -> dict[str, Any]:
    """The game as a JSON-ready dict."""
    state = game.state
    return {
        "format": FORMAT,
        "version": VERSION,
        "ruleset": state.ruleset.settings(),
        "players": list(state.players),
        "cards": [{"boxes": dict(c.boxes), "poker_bonus": c.poker_bonus} for c in state.cards],
        "turn": state.turn,
        "current_player": state.current,
        "rolls_used": state.rolls_used,
        "dice": None if state.dice is None else list(state.dice),
        "held": sorted(state.held),
        "finished": state.finished,
        "rng": _rng_state(game.rng),
    }


def _rng_state(rng: np.random.Generator) -> dict[str, Any]:
    bit_generator = rng.bit_generator
    if not isinstance(bit_generator, np.random.PCG64):
        raise SaveFileError(
            f"only a PCG64 generator can be saved, not {type(bit_generator).__name__}"
        )
    return bit_generator.state


def dumps(game: DicePokerGame) -> str:
    """The game as JSON text."""
    return json.dumps(to_dict(game), indent=1, ensure_ascii=False)


def save(game: DicePokerGame, path: str | Path) -> None:
    """Write the game to a JSON file."""
    Path(path).write_text(dumps(game), encoding="utf-8")


# --- reading ----------------------------------------------------------------


def _bad(message: str) -> SaveFileError:
    return SaveFileError(f"bad save file: {message}")


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(data: dict[str, Any], key: str, low: int, high: int) -> int:
    """data[key], checked to be a whole number in low..high - 1."""
    value = data[key]
    if not _is_int(value) or not low <= value < high:
        raise _bad(f"{key} must be a whole number {low}..{high - 1}, not {value!r}")
    return value


def _object(value: Any, what: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """Check that `value` is a JSON object with exactly these keys."""
    if not isinstance(value, dict):
        raise _bad(f"{what} must be a JSON object, not {type(value).__name__}")
    missing = [k for k in keys if k not in value]
    if missing:
        raise _bad(f"{what} lacks the key {missing[0]!r}")
    extra = sorted(str(k) for k in value if k not in keys)
    if extra:
        raise _bad(f"{what} has an unknown key {extra[0]!r}")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise _bad(f"{what} must be a JSON list, not {type(value).__name__}")
    return value


def _ruleset(value: Any) -> Any:
    data = _object(value, "ruleset", ("ruleset", *SETTINGS))
    name = data["ruleset"]
    if not isinstance(name, str) or name not in RULESETS:
        raise _bad(f"unknown ruleset {name!r}; choose one of {', '.join(RULESETS)}")
    try:
        return get_ruleset(name, **{k: data[k] for k in SETTINGS})
    except DicelabError as error:
        raise _bad(f"ruleset: {error}") from None


def _card(value: Any, rules: Any, index: int) -> Scorecard:
    data = _object(value, f"card {index + 1}", ("boxes", "poker_bonus"))
    if not isinstance(data["boxes"], dict):
        raise _bad(f"card {index + 1}: boxes must be a JSON object")
    try:
        return Scorecard(rules, data["boxes"], data["poker_bonus"])
    except DicelabError as error:
        raise _bad(f"card {index + 1}: {error}") from None


def _dice(value: Any) -> tuple[int, ...] | None:
    if value is None:
        return None
    faces = _list(value, "dice")
    if len(faces) != 5 or not all(_is_int(f) and 1 <= f <= 6 for f in faces):
        raise _bad(f"dice must be five whole numbers 1..6, not {faces!r}")
    return tuple(faces)


def _held(value: Any) -> frozenset[int]:
    positions = _list(value, "held")
    if not all(_is_int(p) and 0 <= p <= 4 for p in positions):
        raise _bad(f"held must list positions 0..4, not {positions!r}")
    if len(set(positions)) != len(positions):
        raise _bad("held lists a position twice")
    return frozenset(positions)


def _rng(value: Any) -> np.random.Generator:
    data = _object(value, "rng", ("bit_generator", "state", "has_uint32", "uinteger"))
    if data["bit_generator"] != "PCG64":
        raise _bad(f"the random generator must be PCG64, not {data['bit_generator']!r}")
    inner = _object(data["state"], "rng state", ("state", "inc"))
    _int(inner, "state", 0, _U128)
    _int(inner, "inc", 0, _U128)
    if inner["inc"] % 2 == 0:
        raise _bad("the PCG64 increment must be odd")
    _int(data, "has_uint32", 0, 2)
    _int(data, "uinteger", 0, _U32)
    bit_generator = np.random.PCG64()
    try:
        bit_generator.state = data
    except (TypeError, ValueError) as error:
        raise _bad(f"rng: {error}") from None
    return np.random.Generator(bit_generator)


def from_dict(data: Any) -> DicePokerGame:
    """A game from a dict made by `to_dict`, checked; `SaveFileError` if invalid."""
    if not isinstance(data, dict):
        raise _bad(f"the top level must be a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise SaveFileError(f"not a dicelab Dice Poker save (format {data.get('format')!r})")
    if not _is_int(data.get("version")) or data["version"] != VERSION:
        raise SaveFileError(f"unsupported save version {data.get('version')!r} (need {VERSION})")
    data = _object(data, "the save", KEYS)
    rules = _ruleset(data["ruleset"])
    players = _list(data["players"], "players")
    cards = tuple(_card(c, rules, i) for i, c in enumerate(_list(data["cards"], "cards")))
    if not isinstance(data["finished"], bool):
        raise _bad(f"finished must be true or false, not {data['finished']!r}")
    try:
        state = GameState(
            rules,
            tuple(players),
            cards,
            current=_int(data, "current_player", 0, max(len(players), 1)),
            turn=_int(data, "turn", 1, rules.turns + 1),
            rolls_used=_int(data, "rolls_used", 0, 4),
            dice=_dice(data["dice"]),
            held=_held(data["held"]),
            finished=data["finished"],
        )
    except DicelabError as error:
        raise _bad(str(error)) from None
    return DicePokerGame.from_state(state, _rng(data["rng"]))


def loads(text: str | bytes) -> DicePokerGame:
    """A game from JSON text; `SaveFileError` if it is not a valid save."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as error:
        raise SaveFileError(f"not valid JSON: {error}") from None
    return from_dict(data)


def load(path: str | Path) -> DicePokerGame:
    """Read a game from a JSON file written by `save`."""
    try:
        text = Path(path).read_bytes()
    except OSError as error:
        raise SaveFileError(f"cannot read {path}: {error.strerror or error}") from None
    return loads(text)
