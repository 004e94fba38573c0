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
        "rng": rng_state(game.rng),
    }


def dumps(game: DicePokerGame) -> str:
    """The game as JSON text."""
    return json.dumps(to_dict(game), indent=1, ensure_ascii=False)


def save(game: DicePokerGame, path: str | Path) -> None:
    """Write the game to a JSON file."""
    Path(path).write_text(dumps(game), encoding="utf-8")


# --- reading ----------------------------------------------------------------


def _ruleset(value: Any) -> Any:
    data = json_object(value, "ruleset", ("ruleset", *SETTINGS))
    name = data["ruleset"]
    if not isinstance(name, str) or name not in RULESETS:
        raise bad(f"unknown ruleset {name!r}; choose one of {', '.join(RULESETS)}")
    try:
        return get_ruleset(name, **{k: data[k] for k in SETTINGS})
    except DicelabError as error:
        raise bad(f"ruleset: {error}") from None


def _card(value: Any, rules: Any, index: int) -> Scorecard:
    data = json_object(value, f"card {index + 1}", ("boxes", "poker_bonus"))
    if not isinstance(data["boxes"], dict):
        raise bad(f"card {index + 1}: boxes must be a JSON object")
    try:
        return Scorecard(rules, data["boxes"], data["poker_bonus"])
    except DicelabError as error:
        raise bad(f"card {index + 1}: {error}") from None


def _dice(value: Any) -> tuple[int, ...] | None:
    if value is None:
        return None
    faces = json_list(value, "dice")
    if len(faces) != 5 or not all(is_int(f) and 1 <= f <= 6 for f in faces):
        raise bad(f"dice must be five whole numbers 1..6, not {faces!r}")
    return tuple(faces)


def _held(value: Any) -> frozenset[int]:
    positions = json_list(value, "held")
    if not all(is_int(p) and 0 <= p <= 4 for p in positions):
        raise bad(f"held must list positions 0..4, not {positions!r}")
    if len(set(positions)) != len(positions):
        raise bad("held lists a position twice")
    return frozenset(positions)


def from_dict(data: Any) -> DicePokerGame:
    """A game from a dict made by `to_dict`, checked; `SaveFileError` if invalid."""
    if not isinstance(data, dict):
        raise bad(f"the top level must be a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        raise SaveFileError(f"not a dicelab Dice Poker save (format {data.get('format')!r})")
    if not is_int(data.get("version")) or data["version"] != VERSION:
        raise SaveFileError(f"unsupported save version {data.get('version')!r} (need {VERSION})")
    data = json_object(data, "the save", KEYS)
    rules = _ruleset(data["ruleset"])
    players = json_list(data["players"], "players")
    cards = tuple(_card(c, rules, i) for i, c in enumerate(json_list(data["cards"], "cards")))
    if not isinstance(data["finished"], bool):
        raise bad(f"finished must be true or false, not {data['finished']!r}")
    try:
        state = GameState(
            rules,
            tuple(players),
            cards,
            current=int_field(data, "current_player", 0, max(len(players), 1)),
            turn=int_field(data, "turn", 1, rules.turns + 1),
            rolls_used=int_field(data, "rolls_used", 0, 4),
            dice=_dice(data["dice"]),
            held=_held(data["held"]),
            finished=data["finished"],
        )
    except DicelabError as error:
        raise bad(str(error)) from None
    return DicePokerGame.from_state(state, rng_from_json(data["rng"]))


def loads(text: str | bytes) -> DicePokerGame:
    """A game from JSON text; `SaveFileError` if it is not a valid save."""
    return from_dict(parse_json(text))


def load(path: str | Path) -> DicePokerGame:
    """Read a game from a JSON file written by `save`."""
    try:
        text = Path(path).read_bytes()
    except OSError as error:
        raise SaveFileError(f"cannot read {path}: {error.strerror or error}") from None
    return loads(text)
