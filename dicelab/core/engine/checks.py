"""Checks of the numbers and lists people pass to dicelab, with one-line errors.

Every integral type is a whole number (Python's `int`, numpy's integers),
`True` and `False` are not; anything else raises a `SettingsError` that says
what was expected.

>>> import numpy as np
>>> whole_number(np.int64(3), "rolls", 1, 6)
3
>>> whole_number(7, "rolls", 1, 6)
Traceback (most recent call last):
...
dicelab.errors.SettingsError: rolls must be a whole number from 1 to 6, not 7
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import numpy as np

from dicelab.errors import SettingsError

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

T = TypeVar("T", bound="DataclassInstance")


def is_whole(value: Any) -> bool:
    """Whether `value` is a whole number of any integral type (not a bool).

    >>> is_whole(3), is_whole(np.int8(3)), is_whole(True), is_whole(3.0)
    (True, True, False, False)
    """
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def whole_number(value: Any, what: str, low: int | None = None, high: int | None = None) -> int:
    """`value` as an `int`, checked to be whole and within low..high (inclusive)."""
    if low is not None and high is not None:
        wanted = f"a whole number from {low} to {high}"
    elif low is not None:
        wanted = f"a whole number {low} or more"
    else:
        wanted = "a whole number"
    if not is_whole(value):
        raise SettingsError(f"{what} must be {wanted}, not {value!r}")
    number = int(value)
    if (low is not None and number < low) or (high is not None and number > high):
        raise SettingsError(f"{what} must be {wanted}, not {number}")
    return number


def items_of(value: Any, what: str) -> list[Any]:
    """The items of a list-like `value` (not a text); `SettingsError` otherwise.

    >>> items_of((1, 2), "faces")
    [1, 2]
    >>> items_of(None, "faces")
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: faces must be a list, not None
    """
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise SettingsError(f"{what} must be a list, not {value!r}")
    return list(value)


def bot_table(bots: Any, known: Sequence[str]) -> list[str]:
    """The bots of a simulated table: 2 to 6 names, each one of `known`.

    >>> bot_table(["honest", "calculator"], ("honest", "calculator"))
    ['honest', 'calculator']
    """
    names = [str(b) for b in items_of(bots, "bots")]
    if not 2 <= len(names) <= 6:
        raise SettingsError(f"a table has 2 to 6 bots, not {len(names)}")
    unknown = [b for b in names if b not in known]
    if unknown:
        raise SettingsError(f"unknown bot {unknown[0]!r}; choose from {', '.join(known)}")
    return names


def unchecked(cls: type[T], **fields: Any) -> T:
    """The frozen dataclass `cls` with every one of its `fields`, made without its
    checks (`__post_init__`): for a state the engine's own rules made from a checked
    one.  A state from outside is built by `cls(...)`, which checks it.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Dice:
    ...     faces: tuple[int, ...]
    ...     def __post_init__(self):
    ...         raise SettingsError("checked")
    >>> unchecked(Dice, faces=(1, 6)).faces
    (1, 6)
    """
    names = {field.name for field in dataclasses.fields(cls)}
    if extra := sorted(fields.keys() - names):
        raise TypeError(f"a {cls.__name__} has no {', '.join(extra)}")
    if missing := sorted(names - fields.keys()):
        raise TypeError(f"a {cls.__name__} needs {', '.join(missing)}")
    made = object.__new__(cls)
    made.__dict__.update(fields)
    return made
