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

import os
from collections.abc import Mapping
from typing import Any

import numpy as np

from dicelab.core.engine.files import (
    atomic_write,
    file_label,
    json_value,
    problem_words,
    read_small_file,
)
from dicelab.core.i18n import msg
from dicelab.errors import SaveFileError

MAX_SAVE_BYTES = 1 << 20  # a save of six full score cards is about 6 KiB

BAD_SAVE = msg("save|bad", "bad save file: {detail}")
CANNOT_WRITE = msg("save|cannot_write", "cannot write {file}: {problem}")
CANNOT_READ = msg("save|cannot_read", "cannot read {file}: {problem}")
NOT_JSON = msg("save|not_json", "not valid JSON: {reason}")
OTHER_FORMAT = msg("save|other_format", "not a dicelab {title} save (format {found!r})")
OTHER_VERSION = msg("save|other_version", "unsupported save version {found!r} (need {wanted})")

U128 = 2**128
U32 = 2**32


def save_error(message: str) -> SaveFileError:
    """The error for a save file that is not right (`message`, the detail, is English)."""
    return SaveFileError.said(BAD_SAVE, detail=message)


def write_save(path: str | os.PathLike[str], text: str) -> None:
    """Write a save file atomically: on failure `SaveFileError`, and the previous
    file at `path` is left exactly as it was."""
    try:
        atomic_write(path, text.encode("utf-8"))
    except OSError as error:
        problem = problem_words(error)
        raise SaveFileError.said(CANNOT_WRITE, file=file_label(path), problem=problem) from None


def read_save(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a save file: a regular file of at most 1 MiB, else `SaveFileError`."""
    try:
        return read_small_file(path, MAX_SAVE_BYTES)
    except OSError as error:
        problem = problem_words(error)
        raise SaveFileError.said(CANNOT_READ, file=file_label(path), problem=problem) from None


def parse_json(text: str | bytes) -> Any:
    """JSON text to Python values; `SaveFileError` for anything else."""
    try:
        return json_value(text)  # a JSON bomb too: one line
    except (TypeError, ValueError) as error:
        raise SaveFileError.said(NOT_JSON, reason=str(error)) from None


def is_int(value: Any) -> bool:
    """A whole number (and not True or False)."""
    return isinstance(value, int) and not isinstance(value, bool)


def int_field(data: dict[str, Any], key: str, low: int, high: int) -> int:
    """data[key], checked to be a whole number in low..high - 1."""
    value = data[key]
    if not is_int(value) or not low <= value < high:
        raise save_error(f"{key} must be a whole number {low}..{high - 1}, not {value!r}")
    return value


def json_object(value: Any, what: str, keys: tuple[str, ...]) -> dict[str, Any]:
    """Check that `value` is a JSON object with exactly these keys."""
    if not isinstance(value, dict):
        raise save_error(f"{what} must be a JSON object, not {type(value).__name__}")
    missing = [k for k in keys if k not in value]
    if missing:
        raise save_error(f"{what} lacks the key {missing[0]!r}")
    extra = sorted(str(k) for k in value if k not in keys)
    if extra:
        raise save_error(f"{what} has an unknown key {extra[0]!r}")
    return value


def json_list(value: Any, what: str) -> list[Any]:
    """Check that `value` is a JSON list."""
    if not isinstance(value, list):
        raise save_error(f"{what} must be a JSON list, not {type(value).__name__}")
    return value


def rng_state(rng: np.random.Generator) -> dict[str, Any]:
    """The JSON-ready state of a PCG64 generator (the kind `default_rng` makes)."""
    return generator_state(rng.bit_generator.state)


def generator_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """A bit generator's `state` dict, JSON-ready: a PCG64's only."""
    if state.get("bit_generator") != "PCG64":
        kind = state.get("bit_generator")
        raise SaveFileError(f"only a PCG64 generator can be saved, not {kind}")
    return dict(state)


def rng_from_json(value: Any) -> np.random.Generator:
    """A generator restored from `rng_state`'s dict, every field checked."""
    data = json_object(value, "rng", ("bit_generator", "state", "has_uint32", "uinteger"))
    if data["bit_generator"] != "PCG64":
        raise save_error(f"the random generator must be PCG64, not {data['bit_generator']!r}")
    inner = json_object(data["state"], "rng state", ("state", "inc"))
    int_field(inner, "state", 0, U128)
    int_field(inner, "inc", 0, U128)
    if inner["inc"] % 2 == 0:
        raise save_error("the PCG64 increment must be odd")
    int_field(data, "has_uint32", 0, 2)
    int_field(data, "uinteger", 0, U32)
    bit_generator = np.random.PCG64()
    restored: Any = data  # checked field by field above
    try:
        bit_generator.state = restored
    except (TypeError, ValueError) as error:
        raise save_error(f"rng: {error}") from None
    return np.random.Generator(bit_generator)


def open_save(data: Any, fmt: str, versions: tuple[int, ...], title: str) -> int:
    """Check a save's top level, format tag and version; return the version."""
    if not isinstance(data, dict):
        raise save_error(f"the top level must be a JSON object, not {type(data).__name__}")
    if data.get("format") != fmt:
        raise SaveFileError.said(OTHER_FORMAT, title=title, found=data.get("format"))
    version = data.get("version")
    if not is_int(version) or version not in versions:
        wanted = " or ".join(map(str, versions))
        raise SaveFileError.said(OTHER_VERSION, found=version, wanted=wanted)
    return version


def dice_field(value: Any, n: int) -> tuple[int, ...] | None:
    """A save's dice: null, or a list of n faces 1..6."""
    if value is None:
        return None
    faces = json_list(value, "dice")
    if len(faces) != n or not all(is_int(f) and 1 <= f <= 6 for f in faces):
        raise save_error(f"dice must be {n} whole numbers 1..6, not {faces!r}")
    return tuple(faces)


def seed_field(value: Any) -> int | None:
    """A save's seed: null (not known) or a whole number 0 or more."""
    if value is not None and not (is_int(value) and value >= 0):
        raise save_error(f"seed must be a whole number 0 or more, or null, not {value!r}")
    return value


def names_field(value: Any) -> tuple[Any, ...]:
    """A save's players, as a tuple (the game's own check judges the names)."""
    return tuple(json_list(value, "players"))
