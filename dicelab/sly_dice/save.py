"""Saving and loading a `SlyDiceGame` as JSON: no pickle, no eval.

The file holds a format tag and version, the players, the rules' settings
(cards by id, so a teacher's own card must be defined again before its game
loads), the shuffled deal, the round in play (common dice, each player's
seat, who is being asked), the rounds played, the seed and the state of the
random generator.  Everything is checked on load: only a state a game could
reach is accepted, else `SaveFileError` with a one-line message.

>>> from dicelab.sly_dice.game import SlyDiceGame, RollCommon, Roll
>>> game = SlyDiceGame(["Ana", "Bia"], seed=5)
>>> _ = game.apply(RollCommon())
>>> copy = SlyDiceGame.from_json(game.to_json())
>>> copy.state == game.state, copy.apply(Roll()) == game.apply(Roll())
(True, True)
"""

from __future__ import annotations

from typing import Any

from dicelab.core.engine import viewer_index, viewer_name
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
from dicelab.errors import DicelabError
from dicelab.sly_dice.game import SlyDiceGame
from dicelab.sly_dice.rules import COMMON_DICE, SlyRules
from dicelab.sly_dice.state import UNSEEN, GameState, RoundRecord, Seat

FORMAT = "dicelab/sly-dice-game"
VERSION = 1
KEYS = (
    *("format", "version", "players", "rules", "deal", "common"),
    *("seats", "asked", "history", "viewer", "seed", "rng"),
)
VIEW_KEYS = tuple(k for k in KEYS if k not in ("format", "version", "seed", "rng"))
SEAT_KEYS = ("aside", "hidden", "rolls", "done", "claim", "accuser", "settled", "shown")
RULE_KEYS = ("cards", "points", "successful_lie", "false_accusation", "rounds", "start_cards")


# --- writing ----------------------------------------------------------------


def _seat_dict(seat: Seat, players: tuple[str, ...]) -> dict[str, Any]:
    return {
        "aside": list(seat.aside),
        "hidden": list(seat.hidden),
        "rolls": seat.rolls,
        "done": seat.done,
        "claim": seat.claim,
        "accuser": None if seat.accuser is None else players[seat.accuser],
        "settled": seat.settled,
        "shown": seat.shown,
    }


def state_dict(state: GameState) -> dict[str, Any]:
    """A snapshot (the whole game, or what a player sees of it) as a JSON-ready dict."""
    players = state.players
    return {
        "players": list(players),
        "rules": state.rules.settings(),
        "deal": list(state.deal),
        "common": None if state.common is None else list(state.common),
        "seats": [_seat_dict(s, players) for s in state.seats],
        "asked": None if state.asked is None else players[state.asked],
        "history": [
            {"common": list(r.common), "seats": [_seat_dict(s, players) for s in r.seats]}
            for r in state.history
        ],
        "viewer": viewer_name(state.viewer, players),
    }


# --- reading ----------------------------------------------------------------


def _flag(data: dict[str, Any], key: str, what: str) -> bool:
    if not isinstance(data[key], bool):
        raise save_error(f"{what} {key} must be true or false, not {data[key]!r}")
    return bool(data[key])


def _player(value: Any, players: tuple[Any, ...], what: str) -> int | None:
    if value is None:
        return None
    if value not in players:
        raise save_error(f"{what} names an unknown player {value!r}")
    return players.index(value)


def _seat(value: Any, what: str, players: tuple[Any, ...], view: bool = False) -> Seat:
    data = json_object(value, what, SEAT_KEYS)
    faces = {}
    for key in ("aside", "hidden"):
        dice = json_list(data[key], f"{what} {key}")
        if view and key == "hidden" and dice and set(dice) == {UNSEEN}:
            faces[key] = tuple(dice)  # behind another player's shield
        else:
            faces[key] = dice_field(dice, len(dice)) or ()
    claim = data["claim"]
    if claim is not None and not isinstance(claim, str):
        raise save_error(f"{what} claim must be a card id or null, not {claim!r}")
    return Seat(
        aside=faces["aside"],
        hidden=faces["hidden"],
        rolls=int_field(data, "rolls", 0, 4),
        done=_flag(data, "done", what),
        claim=claim,
        accuser=_player(data["accuser"], players, f"{what} accuser"),
        settled=_flag(data, "settled", what),
        shown=_flag(data, "shown", what),
    )


def _seats(value: Any, what: str, players: tuple[Any, ...], view: bool = False) -> tuple[Seat, ...]:
    items = json_list(value, what)
    return tuple(_seat(s, f"{what} {i + 1}", players, view) for i, s in enumerate(items))


def _rules(value: Any) -> SlyRules:
    data = json_object(value, "rules", RULE_KEYS)
    if not isinstance(data["points"], dict):
        raise save_error("rules points must be a JSON object")
    try:
        return SlyRules.from_settings(data)
    except DicelabError as error:
        raise save_error(f"rules: {error}") from None


def from_dict(data: Any) -> SlyDiceGame:
    """A game from a dict made by `to_dict`, checked; `SaveFileError` if invalid."""
    open_save(data, FORMAT, (VERSION,), "Sly Dice")
    data = json_object(data, "the save", KEYS)
    if data["viewer"] is not None:
        raise save_error("this is one player's view of a game, not a saved game")
    state = _state(data, None)
    return SlyDiceGame.from_state(state, rng_from_json(data["rng"]), seed_field(data["seed"]))


def view_from_dict(data: Any) -> GameState:
    """A view from a dict made by `state_dict(game.view(player))`, checked: what
    that player could see of a game (the others' hidden dice 0 until shown)."""
    data = json_object(data, "the view", VIEW_KEYS)
    return _state(data, viewer_index(data["viewer"], names_field(data["players"])))


def _state(data: dict[str, Any], viewer: int | None) -> GameState:
    """The snapshot a save's (or, with a `viewer`, a view's) checked keys describe."""
    view = viewer is not None
    players = names_field(data["players"])
    history = []
    for i, item in enumerate(json_list(data["history"], "history")):
        record = json_object(item, f"round {i + 1}", ("common", "seats"))
        common = dice_field(record["common"], COMMON_DICE)
        if common is None:
            raise save_error(f"round {i + 1} has no common dice")
        seats = _seats(record["seats"], f"round {i + 1} seat", players, view)
        history.append(RoundRecord(common, seats))
    deal = tuple(json_list(data["deal"], "deal"))
    rules, seats = _rules(data["rules"]), _seats(data["seats"], "seat", players, view)
    common = dice_field(data["common"], COMMON_DICE)
    asked = _player(data["asked"], players, "asked")
    try:
        return GameState(
            players,
            deal,
            rules,
            common=common,
            seats=seats,
            asked=asked,
            history=tuple(history),
            viewer=viewer,
        )
    except DicelabError as error:
        raise save_error(str(error)) from None
