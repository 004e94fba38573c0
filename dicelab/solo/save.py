"""Saving and loading a `SoloGame` as JSON: no pickle, no eval.

The file holds a format tag and version, the players, the settings, every
card where it lies (the draw pile, the discard pile, each hand, a Gift on
its way) as ids, the colour and face in force, the direction, whose turn it
is, the phase, an attack waiting for an answer, the card one may jump in
on, the points of the rounds played, how the last round ended (the hands
left and the last card played; version 2 on), the seed and the random
generator.
Loading checks everything: every card of the deck in exactly one place, and
a phase, a turn and an attack a game could reach; anything else is a
one-line `SaveFileError`.

>>> from dicelab.solo.game import SoloGame
>>> game = SoloGame(["Ana", "Bia"], seed=5)
>>> copy = SoloGame.from_json(game.to_json())
>>> copy.state == game.state and copy.legal_actions() == game.legal_actions()
True
"""

from __future__ import annotations

from typing import Any

from dicelab.core.engine import viewer_index, viewer_name
from dicelab.core.engine.savefile import (
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
from dicelab.solo.game import SoloGame
from dicelab.solo.rules import COLOURED, Card, SoloRules, card
from dicelab.solo.state import GameState, Pending, RoundEnd

FORMAT = "dicelab/solo-game"
VERSION = 2  # 2: how the last round ended
KEYS_V1 = (
    *("format", "version", "players", "rules", "draw", "discard", "hands", "colour", "face"),
    *("direction", "turn", "phase", "pending", "jump", "totals", "rounds", "viewer"),
    *("seed", "rng"),
)
KEYS = (*KEYS_V1, "ended")
VIEW_KEYS = tuple(k for k in KEYS if k not in ("format", "version", "seed", "rng"))
PENDING_KEYS = ("kind", "by", "target", "amount", "gift", "waiting", "protected")
HIDDEN = "?"  # a card a view does not show


def _ids(cards: Any) -> list[str]:
    return [HIDDEN if c is None else c.id for c in cards]


def _pending_dict(pending: Pending | None, players: tuple[str, ...]) -> dict[str, Any] | None:
    if pending is None:
        return None
    return {
        "kind": pending.kind,
        "by": players[pending.by],
        "target": None if pending.target is None else players[pending.target],
        "amount": pending.amount,
        "gift": _ids(pending.gift),
        "waiting": [players[s] for s in pending.waiting],
        "protected": [players[s] for s in pending.protected],
    }


def state_dict(state: GameState) -> dict[str, Any]:
    """A snapshot (the whole game, or what a player sees of it) as a JSON-ready dict."""
    players = state.players
    return {
        "players": list(players),
        "rules": state.rules.settings(),
        "draw": _ids(state.draw),
        "discard": _ids(state.discard),
        "hands": [_ids(h) for h in state.hands],
        "colour": state.colour,
        "face": state.face,
        "direction": state.direction,
        "turn": players[state.turn],
        "phase": state.phase,
        "pending": _pending_dict(state.pending, players),
        "jump": None if state.jump is None else state.jump.id,
        "totals": list(state.totals),
        "rounds": [list(r) for r in state.rounds],
        "ended": _ended_dict(state.ended),
        "viewer": viewer_name(state.viewer, players),
    }


def _ended_dict(ended: RoundEnd | None) -> dict[str, Any] | None:
    if ended is None:
        return None
    return {"hands": [_ids(h) for h in ended.hands], "last": ended.last.id}


# --- reading ----------------------------------------------------------------


def _cards(value: Any, what: str, view: bool = False) -> tuple[Card | None, ...]:
    """A list of card ids; in a `view`, "?" for a card it does not show (None)."""
    items = json_list(value, what)
    try:
        return tuple(
            None if view and c == HIDDEN else card(c) if isinstance(c, str) else card(repr(c))
            for c in items
        )
    except DicelabError as error:
        raise save_error(f"{what}: {error}") from None


def _shown(value: Any, what: str) -> tuple[Card, ...]:
    """A list of card ids, every card shown (a save's, or a discard pile's)."""
    return tuple(c for c in _cards(value, what) if c is not None)


def _seat(value: Any, players: tuple[Any, ...], what: str) -> int:
    if value not in players:
        raise save_error(f"{what} names an unknown player {value!r}")
    return players.index(value)


def _pending(value: Any, players: tuple[Any, ...], view: bool) -> Pending | None:
    if value is None:
        return None
    data = json_object(value, "pending", PENDING_KEYS)
    target = data["target"]
    return Pending(
        kind=str(data["kind"]),
        by=_seat(data["by"], players, "pending by"),
        target=None if target is None else _seat(target, players, "pending target"),
        amount=int_field(data, "amount", 0, 10_000),
        gift=_cards(data["gift"], "pending gift", view),
        waiting=tuple(
            _seat(p, players, "pending waiting") for p in json_list(data["waiting"], "waiting")
        ),
        protected=tuple(
            _seat(p, players, "pending protected")
            for p in json_list(data["protected"], "protected")
        ),
    )


def _numbers(value: Any, what: str) -> tuple[int, ...]:
    items = json_list(value, what)
    if not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= 100_000 for x in items):
        raise save_error(f"{what} must be whole numbers 0 or more")
    return tuple(items)


def _ended(value: Any) -> RoundEnd | None:
    if value is None:
        return None
    data = json_object(value, "ended", ("hands", "last"))
    hands = tuple(_shown(h, "a hand left") for h in json_list(data["hands"], "ended hands"))
    return RoundEnd(hands, _shown([data["last"]], "the last card played")[0])


def _rules(value: Any) -> SoloRules:
    data = json_object(value, "rules", ("edition", "hand", "losing_score", "solo_penalty"))
    try:
        return SoloRules(**data)
    except DicelabError as error:
        raise save_error(f"rules: {error}") from None


def from_dict(data: Any) -> SoloGame:
    """A game from a dict made by `to_dict`, checked; `SaveFileError` if invalid."""
    version = open_save(data, FORMAT, (1, VERSION), "Solo")
    data = json_object(data, "the save", KEYS if version > 1 else KEYS_V1)
    if data["viewer"] is not None:
        raise save_error("this is one player's view of a game, not a saved game")
    state = _state(data, None)
    return SoloGame.from_state(state, rng_from_json(data["rng"]), seed_field(data["seed"]))


def view_from_dict(data: Any) -> GameState:
    """A view from a dict made by `state_dict(game.view(player))`, checked: what
    that player could see of a game (the cards it does not show None)."""
    data = json_object(data, "the view", VIEW_KEYS)
    return _state(data, viewer_index(data["viewer"], names_field(data["players"])))


def _state(data: dict[str, Any], viewer: int | None) -> GameState:
    """The snapshot a save's (or, with a `viewer`, a view's) checked keys describe."""
    view = viewer is not None
    players = names_field(data["players"])
    jump = data["jump"]
    face = data["face"]
    if face is not None and not isinstance(face, str):
        raise save_error(f"face must be a text or null, not {face!r}")
    if face in COLOURED:  # an action card's kind, from before it matched by colour alone
        face = None
    fields = {
        "rules": _rules(data["rules"]),
        "draw": _cards(data["draw"], "draw", view),
        "discard": _shown(data["discard"], "discard"),
        "hands": tuple(_cards(h, "hand", view) for h in json_list(data["hands"], "hands")),
        "colour": data["colour"],
        "face": face,
        "direction": data["direction"],
        "turn": _seat(data["turn"], players, "turn"),
        "phase": data["phase"],
        "pending": _pending(data["pending"], players, view),
        "jump": None if jump is None else _shown([jump], "jump")[0],
        "totals": _numbers(data["totals"], "totals"),
        "rounds": tuple(_numbers(r, "a round") for r in json_list(data["rounds"], "rounds")),
        "ended": _ended(data.get("ended")),
    }
    try:
        return GameState(players, **fields, viewer=viewer)
    except DicelabError as error:
        raise save_error(str(error)) from None
