"""The solved tables on disk: one `.npz` and one JSON header per ruleset.

Where: `$DICELAB_CACHE_DIR` if set, else `$XDG_CACHE_HOME/dicelab`, else
`~/.cache/dicelab`.  The file name comes from the ruleset's settings and
boxes (with a fingerprint of its score table); the header records the format
version, those settings, the array shapes and a sha256 of the arrays.  A
file that does not match all of that (stale: another format version or
other settings; corrupted: unreadable, wrong shapes, wrong checksum) is
reported with a warning and rebuilt, never used.  The arrays are loaded with
`allow_pickle=False`.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import warnings
from pathlib import Path
from typing import Any

import numpy as np

from dicelab.core.engine.files import atomic_write
from dicelab.dice_poker.rules import Ruleset, score_table
from dicelab.dice_poker.solver.space import StateSpace

FORMAT_VERSION = 2  # 2: the "free" joker gives fixed points only once the face box is filled
ENV = "DICELAB_CACHE_DIR"
ARRAYS = ("index", "values", "seconds")


class CacheWarning(UserWarning):
    """A cached table was stale or corrupted and is being rebuilt."""


def cache_dir() -> Path:
    """The directory of dicelab's cached tables."""
    if os.environ.get(ENV):
        return Path(os.environ[ENV]).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base).expanduser() / "dicelab"


def ruleset_key(rules: Ruleset) -> dict[str, Any]:
    """What a cached table depends on: the settings, the boxes, and a
    fingerprint of the points every box gives every hand."""
    return {
        **rules.settings(),
        "boxes": [[b.id, b.section, b.joker_points] for b in rules.boxes],
        "score_table": hashlib.sha256(score_table(rules).tobytes()).hexdigest(),
    }


def cache_paths(rules: Ruleset) -> tuple[Path, Path]:
    """The (.npz, .json) files of a ruleset's table."""
    digest = hashlib.sha256(json.dumps(ruleset_key(rules), sort_keys=True).encode()).hexdigest()
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in rules.name)
    stem = cache_dir() / f"solver-{safe}-{digest[:16]}"
    return stem.with_suffix(".npz"), stem.with_suffix(".json")


def _checksum(arrays: dict[str, np.ndarray]) -> str:
    digest = hashlib.sha256()
    for name in ARRAYS:
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.tobytes())
    return digest.hexdigest()


def _stored(space: StateSpace) -> np.ndarray:
    return np.sort(np.concatenate(space.layers))


def load(space: StateSpace) -> tuple[np.ndarray, np.ndarray] | None:
    """The cached (values, seconds) flat arrays, or None (missing, stale or
    corrupted: the last two with a `CacheWarning`)."""
    data_path, header_path = cache_paths(space.rules)
    if not data_path.exists() and not header_path.exists():
        return None
    try:
        header = json.loads(header_path.read_text(encoding="utf-8"))
        if not isinstance(header, dict):
            raise ValueError("the header is not a JSON object")
    except (OSError, ValueError):
        return _reject(data_path, "corrupted: its header is missing or unreadable")
    if header.get("format") != FORMAT_VERSION:
        return _reject(data_path, f"stale: format {header.get('format')!r} != {FORMAT_VERSION}")
    if header.get("key") != json.loads(json.dumps(ruleset_key(space.rules))):
        return _reject(data_path, "stale: made for other settings")
    try:
        with np.load(data_path, allow_pickle=False) as npz:
            arrays = {name: npz[name] for name in ARRAYS}
    except Exception:  # a damaged zip raises many kinds of errors, none worth quoting
        return _reject(data_path, "corrupted: not a readable table file")
    expected = _stored(space)
    shapes = {name: list(arrays[name].shape) for name in ARRAYS}
    if header.get("shapes") != shapes or any(s != [expected.size] for s in shapes.values()):
        return _reject(data_path, "corrupted: array shapes do not match")
    if header.get("sha256") != _checksum(arrays):
        return _reject(data_path, "corrupted: checksum mismatch")
    if not np.array_equal(arrays["index"], expected) or not (
        np.isfinite(arrays["values"]).all() and np.isfinite(arrays["seconds"]).all()
    ):
        return _reject(data_path, "corrupted: states or values do not fit the ruleset")
    size = int(np.prod(space.shape))
    values = np.full(size, np.nan)
    seconds = np.full(size, np.nan)
    values[expected] = arrays["values"]
    seconds[expected] = arrays["seconds"]
    return values, seconds


def _reject(path: Path, why: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Warn that the cached table is not used (and will be rebuilt); nothing to load."""
    warnings.warn(f"the cached table {path} is {why}; rebuilding it", CacheWarning, 3)
    return None


def save(space: StateSpace, values: np.ndarray, seconds: np.ndarray, info: dict) -> Path | None:
    """Write the table (atomically); warn and return None if the directory is
    not writable."""
    data_path, header_path = cache_paths(space.rules)
    index = _stored(space)
    arrays = {"index": index, "values": values[index], "seconds": seconds[index]}
    header = {
        "format": FORMAT_VERSION,
        "key": ruleset_key(space.rules),
        "shapes": {name: list(arrays[name].shape) for name in ARRAYS},
        "dtypes": {name: arrays[name].dtype.str for name in ARRAYS},
        "sha256": _checksum(arrays),
        **info,
    }
    buffer = io.BytesIO()
    np.savez(buffer, **arrays)
    try:
        data_path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(data_path, buffer.getvalue())
        atomic_write(header_path, json.dumps(header, indent=2).encode())
    except OSError as error:
        warnings.warn(f"could not cache the table in {data_path.parent}: {error}", CacheWarning, 2)
        return None
    return data_path
