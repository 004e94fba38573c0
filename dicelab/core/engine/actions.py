"""A game's actions as JSON: in game records and in the class tables' API.

An action is one of a game's frozen dataclasses (`Roll`, `Score`, `Play`...):
in JSON it is an object with its class name under "type" and its fields,
sets as sorted lists and nested dataclasses (a Solitaire `Split`) as objects.
Reading one back builds the dataclass from the game's own classes; whether it
is legal is the engine's question, never this module's.

>>> from dicelab.dice_poker.game import Roll, Score
>>> encode(Roll(frozenset({3, 1})))
{'type': 'Roll', 'hold': [1, 3]}
>>> decode({"type": "Score", "box": "fives"}, [Roll, Score])
Score(box='fives')
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Sequence
from typing import Any

from dicelab.errors import SettingsError

__all__ = ["action_types", "decode", "encode"]


def encode(action: Any) -> dict[str, Any]:
    """`action` as a JSON-ready dict (see the module)."""
    return {"type": type(action).__name__, **_fields(action)}


def _fields(value: Any) -> dict[str, Any]:
    return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}


def _plain(value: Any) -> Any:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _fields(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    if isinstance(value, (tuple, list)):
        return [_plain(v) for v in value]
    return value


def action_types(game_module: Any) -> list[type]:
    """The action classes of a game module: the members of its `Action` union.

    >>> import dicelab.solitaire.game as solitaire
    >>> [kind.__name__ for kind in action_types(solitaire)]
    ['Roll', 'Choose']
    """
    return list(typing.get_args(game_module.Action))


def decode(data: Any, kinds: Sequence[type]) -> Any:
    """The action `data` describes, one of `kinds`; `SettingsError` (one line)
    if it names no such action or its fields do not fit."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise SettingsError('an action is a JSON object with its "type"')
    by_name = {kind.__name__: kind for kind in kinds}
    kind = by_name.get(data["type"])
    if kind is None:
        raise SettingsError(f"unknown action {data['type']!r}; this game has {', '.join(by_name)}")
    return _build(kind, {k: v for k, v in data.items() if k != "type"})


def _build(kind: type, values: dict[str, Any]) -> Any:
    hints = typing.get_type_hints(kind)
    fields = {f.name for f in dataclasses.fields(kind)}
    strange = sorted(set(values) - fields)
    if strange:
        raise SettingsError(f"{kind.__name__} has no field {strange[0]!r}")
    try:
        return kind(**{name: _value(hints[name], v) for name, v in values.items()})
    except (TypeError, ValueError) as error:
        raise SettingsError(f"not a valid {kind.__name__}: {error}") from None


def _value(hint: Any, value: Any) -> Any:
    """`value` read as the type `hint` (a str, an int, a bool, None, a set or a
    tuple of them, a dataclass, or a union of these)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in typing.get_args(hint):
            return None
        hint = next(h for h in typing.get_args(hint) if h is not type(None))
        origin = typing.get_origin(hint)
    if dataclasses.is_dataclass(hint) and isinstance(value, dict):
        return _build(typing.cast(type, hint), value)
    if origin in (frozenset, tuple) and isinstance(value, list):
        args = [a for a in typing.get_args(hint) if a is not Ellipsis]
        items = [_value(args[0], v) if args else v for v in value]
        return frozenset(items) if origin is frozenset else tuple(items)
    expected = hint if isinstance(hint, type) else object
    if not isinstance(value, expected) or (expected is int and isinstance(value, bool)):
        raise SettingsError(f"{value!r} is not a {getattr(hint, '__name__', hint)}")
    return value
