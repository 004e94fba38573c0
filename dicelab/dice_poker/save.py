"""Saving and loading a `DicePokerGame` as JSON: no pickle, no eval.

The file holds a format tag and version, the ruleset (its name, every
setting and its boxes, each named by the preset it comes from, so a custom
ruleset made of preset boxes loads back), the players, each score card,
where the turn stands, the dice and the holds, the seed the game started
from, and the state of the PCG64 random generator, so that a loaded game
goes on with the same dice.  Loading checks everything (only a state a game
could reach is accepted) and raises `SaveFileError` with a one-line message
on any problem; version 1 files (no boxes, no seed) still load.

>>> from dicelab.dice_poker.game import DicePokerGame
>>> game = DicePokerGame(["Ana"], seed=7)
>>> _ = game.roll()
>>> copy = DicePokerGame.from_json(game.to_json())
>>> copy.state == game.state, copy.roll() == game.roll()
(True, True)
>>> DicePokerGame.from_json('{"format": "something else"}')
Traceback (most recent call last):
...
dicelab.errors.SaveFileError: not a dicelab Dice Poker save (format 'something else')
"""

from __future__ import annotations

from typing import Any

from dicelab.core.engine.savefile import (
    dice_field,
    int_field,
    json_list,
    json_object,
    names_field,
    open_save,
    rng_from_json,
    save_error,
    seed_field,
)
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.rules import (
    DICE,
    RULESETS,
    SETTINGS,
    Box,
    Ruleset,
    get_ruleset,
)
from dicelab.dice_poker.state import GameState
from dicelab.errors import DicelabError, SaveFileError

FORMAT = "dicelab/dice-poker-game"
VERSION = 2  # 2: the ruleset's boxes and the seed
KEYS_V1 = (
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
KEYS = (*KEYS_V1, "seed")
VIEW_KEYS = tuple(k for k in KEYS if k not in ("format", "version", "seed", "rng"))


# --- writing ----------------------------------------------------------------


def box_source(box: Box, first: str = "") -> str:
    """Where a box comes from, as "preset/box id" (looking in the preset `first`
    first); `SaveFileError` for a box of one's own (its test is code: a game
    with it cannot be saved).

    >>> box_source(get_ruleset("yatzy").box("pair"))
    'yatzy/pair'
    """
    names = sorted(RULESETS, key=lambda name: name != first)
    for name in names:
        if box in RULESETS[name].boxes:
            return f"{name}/{box.id}"
    raise SaveFileError(
        f"cannot save a game whose ruleset has a box of its own ({box.id!r}): "
        f"only boxes of the presets ({', '.join(RULESETS)}) can be saved"
    )


def ruleset_dict(rules: Ruleset) -> dict[str, Any]:
    """The ruleset as saved: its name, settings and boxes."""
    return {**rules.settings(), "boxes": [box_source(b, rules.name) for b in rules.boxes]}


def state_dict(state: GameState) -> dict[str, Any]:
    """A snapshot (the whole game, or what a player sees of it) as a JSON-ready dict."""
    return {
        "ruleset": ruleset_dict(state.ruleset),
        "players": list(state.players),
        "cards": [{"boxes": dict(c.boxes), "poker_bonus": c.poker_bonus} for c in state.cards],
        "turn": state.turn,
        "current_player": state.current,
        "rolls_used": state.rolls_used,
        "dice": None if state.dice is None else list(state.dice),
        "held": sorted(state.held),
        "finished": state.finished,
    }


# --- reading ----------------------------------------------------------------


def _box(source: Any) -> Box:
    preset, _, box_id = source.partition("/") if isinstance(source, str) else ("", "", "")
    if preset not in RULESETS or box_id not in RULESETS[preset].box_ids:
        raise save_error(f"ruleset boxes are named like 'yahtzee/chance', not {source!r}")
    return RULESETS[preset].box(box_id)


def _ruleset(value: Any, version: int) -> Ruleset:
    keys = ("ruleset", *SETTINGS) + (("boxes",) if version > 1 else ())
    data = json_object(value, "ruleset", keys)
    name = data["ruleset"]
    settings = {k: data[k] for k in SETTINGS}
    if version == 1 and (not isinstance(name, str) or name not in RULESETS):
        raise save_error(f"unknown ruleset {name!r}; choose one of {', '.join(RULESETS)}")
    try:
        if version == 1:
            return get_ruleset(name, **settings)
        boxes = tuple(_box(b) for b in json_list(data["boxes"], "ruleset boxes"))
        if isinstance(name, str) and name in RULESETS and boxes == RULESETS[name].boxes:
            return get_ruleset(name, **settings)
        return Ruleset(name, boxes, **settings)
    except DicelabError as error:
        raise save_error(f"ruleset: {error}") from None


def _card(value: Any, rules: Ruleset, index: int) -> Scorecard:
    data = json_object(value, f"card {index + 1}", ("boxes", "poker_bonus"))
    if not isinstance(data["boxes"], dict):
        raise save_error(f"card {index + 1}: boxes must be a JSON object")
    try:
        return Scorecard(rules, data["boxes"], data["poker_bonus"])
    except DicelabError as error:
        raise save_error(f"card {index + 1}: {error}") from None


def _held(value: Any) -> frozenset[int]:
    positions = json_list(value, "held")
    if not all(isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= 4 for p in positions):
        raise save_error(f"held must list positions 0..4, not {positions!r}")
    if len(set(positions)) != len(positions):
        raise save_error("held lists a position twice")
    return frozenset(positions)


def from_dict(data: Any) -> DicePokerGame:
    """A game from a dict made by `to_dict`, checked; `SaveFileError` if invalid."""
    version = open_save(data, FORMAT, (1, VERSION), "Dice Poker")
    data = json_object(data, "the save", KEYS if version > 1 else KEYS_V1)
    state = _state(data, version)
    seed = seed_field(data.get("seed"))
    return DicePokerGame.from_state(state, rng_from_json(data["rng"]), seed)


def view_from_dict(data: Any) -> GameState:
    """A view from a dict made by `state_dict(game.view(player))`, checked: the
    whole game, as every player sees it."""
    return _state(json_object(data, "the view", VIEW_KEYS), VERSION)


def _state(data: dict[str, Any], version: int) -> GameState:
    """The snapshot a save's (or a view's) checked keys describe."""
    rules = _ruleset(data["ruleset"], version)
    players = names_field(data["players"])
    cards = tuple(_card(c, rules, i) for i, c in enumerate(json_list(data["cards"], "cards")))
    if not isinstance(data["finished"], bool):
        raise save_error(f"finished must be true or false, not {data['finished']!r}")
    try:
        return GameState(
            rules,
            players,
            cards,
            current=int_field(data, "current_player", 0, max(len(players), 1)),
            turn=int_field(data, "turn", 1, rules.turns + 1),
            rolls_used=int_field(data, "rolls_used", 0, 4),
            dice=dice_field(data["dice"], DICE),
            held=_held(data["held"]),
            finished=data["finished"],
        )
    except DicelabError as error:
        raise save_error(str(error)) from None
