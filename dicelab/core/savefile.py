"""Checked reading of saved games: strict JSON, never pickle or eval.

Every game's `save` module builds on these: each problem raises a one-line
`SaveFileError`, and the random generator (PCG64) is saved and restored
exactly, so that a loaded game goes on with the same dice.

>>> json_object({"a": 1}, "card", ("a", "b"))
Traceback (most recent call last):
...
dicelab.errors.SaveFileError: bad save file: card lacks the key 'b'
>>> import numpy as np
>>> rng = np.random.default_rng(3)
>>> rng_from_json(rng_state(rng)).integers(6) == rng.integers(6)
np.True_
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from dicelab.errors import SaveFileError

U128 = 2**128
U32 = 2**32


def bad(message: str) -> SaveFileError:
    """The error for a save file that is not right."""
    return SaveFileError(f"bad save file: {message}")


def parse_json(text: str | bytes) -> Any:
    """JSON text to Python values; `SaveFileError` for anything else."""
    try:
        return json.loads(text)
    except (TypeError, ValueError, RecursionError) as error:
        raise SaveFileError(f"not valid JSON: {error}") from None


def is_int(value: Any) -> bool:
    """A whole number (and not True or False)."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_field(data: dict[str, Any], key: str, low: int, high: int) -> int:
    """data[key], checked to be a whole number in low..high - 1."""
    value = data[key]
    if not is_int(value) or not low <= value < high:
        raise bad(f"{key} must be a whole number {low}..{high - 1}, not {value!r}")
    return value


def json_object(value: Any, what: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """Check that `value` is a JSON object with exactly these keys."""
    if not isinstance(value, dict):
        raise bad(f"{what} must be a JSON object, not {type(value).__name__}")
    missing = [k for k in keys if k not in value]
    if missing:
        raise bad(f"{what} lacks the key {missing[0]!r}")
    extra = sorted(str(k) for k in value if k not in keys)
    if extra:
        raise bad(f"{what} has an unknown key {extra[0]!r}")
    return value


def json_list(value: Any, what: str) -> list[Any]:
    """Check that `value` is a JSON list."""
    if not isinstance(value, list):
        raise bad(f"{what} must be a JSON list, not {type(value).__name__}")
    return value


def rng_state(rng: np.random.Generator) -> dict[str, Any]:
    """The JSON-ready state of a PCG64 generator (the kind `default_rng` makes)."""
    bit_generator = rng.bit_generator
    if not isinstance(bit_generator, np.random.PCG64):
        raise SaveFileError(
            f"only a PCG64 generator can be saved, not {type(bit_generator).__name__}"
        )
    return bit_generator.state


def rng_from_json(value: Any) -> np.random.Generator:
    """A generator restored from `rng_state`'s dict, every field checked."""
    data = json_object(value, "rng", ("bit_generator", "state", "has_uint32", "uinteger"))
    if data["bit_generator"] != "PCG64":
        raise bad(f"the random generator must be PCG64, not {data['bit_generator']!r}")
    inner = json_object(data["state"], "rng state", ("state", "inc"))
    int_field(inner, "state", 0, U128)
    int_field(inner, "inc", 0, U128)
    if inner["inc"] % 2 == 0:
        raise bad("the PCG64 increment must be odd")
    int_field(data, "has_uint32", 0, 2)
    int_field(data, "uinteger", 0, U32)
    bit_generator = np.random.PCG64()
    try:
        bit_generator.state = data
    except (TypeError, ValueError) as error:
        raise bad(f"rng: {error}") from None
    return np.random.Generator(bit_generator)
