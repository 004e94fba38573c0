"""The solved tables on disk: one `.npz` and one JSON header per ruleset.

They live in the cache folder that every game shares (`dicelab.core.engine.cache`).
A class shares one folder, filled once by `dicelab solve --all --cache-dir
DIR`: where the cache is only read, `solve` raises `MissingTable` rather than
solving a table it could not keep.  The file
name comes from the ruleset's settings and boxes (with a fingerprint of its
score table); the header records the format version, those settings, the
array shapes and a sha256 of the arrays.  A file that does not match all of
that (stale: another format version or other settings; corrupted:
unreadable, wrong shapes, wrong checksum) is reported with a warning and
rebuilt, never used.  The arrays are loaded with `allow_pickle=False`, and
written straight from memory (no copy of a table).
"""

from __future__ import annotations

import functools
import io
import json
import os
import warnings
import zipfile
from pathlib import Path
from typing import Any, BinaryIO

import numpy as np

from dicelab.core.engine.cache import cache_dir, read_only, sha256
from dicelab.core.engine.files import (
    SHARED_MODE,
    atomic_file,
    atomic_write,
    read_json,
    read_small_file,
)
from dicelab.dice_poker.rules import Ruleset, score_table
from dicelab.dice_poker.solver.space import StateSpace

FORMAT_VERSION = 3  # 3: only the stored states, in the state space's order (2: the free joker)
ARRAYS = ("values", "seconds")
MAX_HEADER_BYTES = 2**20  # a header is about 2 KB
MAX_TABLE_BYTES = 2**28  # the largest table (Dice Poker's) is about 23 MB


class CacheWarning(UserWarning):
    """A cached table was stale or corrupted and is being rebuilt."""


def ruleset_key(rules: Ruleset) -> dict[str, Any]:
    """What a cached table depends on: the settings, the boxes, and a
    fingerprint of the points every box gives every hand."""
    return {
        **rules.settings(),
        "boxes": [[b.id, b.section, b.joker_points] for b in rules.boxes],
        "score_table": _points_fingerprint(rules),
    }


@functools.lru_cache(maxsize=64)
def _points_fingerprint(rules: Ruleset) -> str:
    """The SHA-256 of the points every box gives every hand (made once per ruleset)."""
    return sha256(score_table(rules).tobytes()).hexdigest()


def cache_paths(rules: Ruleset) -> tuple[Path, Path]:
    """The (.npz, .json) files of a ruleset's table."""
    digest = sha256(json.dumps(ruleset_key(rules), sort_keys=True).encode()).hexdigest()
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in rules.name)
    stem = cache_dir() / f"solver-{safe}-{digest[:16]}"
    return stem.with_suffix(".npz"), stem.with_suffix(".json")


def _checksum(arrays: dict[str, np.ndarray]) -> str:
    digest = sha256()
    for name in ARRAYS:
        array = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{array.dtype.str}:{array.shape}".encode())
        digest.update(array.data.cast("B"))
    return digest.hexdigest()


def load(space: StateSpace) -> tuple[np.ndarray, np.ndarray] | None:
    """The cached (values, seconds) flat arrays, or None (missing, stale or
    corrupted: the last two with a `CacheWarning`)."""
    data_path, header_path = cache_paths(space.rules)
    if not os.path.lexists(data_path) and not os.path.lexists(header_path):
        return None
    try:  # a FIFO, a device, a link, a JSON bomb: refused without reading them
        header = read_json(header_path, MAX_HEADER_BYTES)
        if not isinstance(header, dict):
            raise ValueError("the header is not a JSON object")
    except (OSError, ValueError):
        return _reject(data_path, "corrupted: its header is missing or unreadable")
    if header.get("format") != FORMAT_VERSION:
        return _reject(data_path, f"stale: format {header.get('format')!r} != {FORMAT_VERSION}")
    if header.get("key") != json.loads(json.dumps(ruleset_key(space.rules))):
        return _reject(data_path, "stale: made for other settings")
    try:
        data = io.BytesIO(read_small_file(data_path, MAX_TABLE_BYTES))
        with np.load(data, allow_pickle=False) as npz:
            arrays = {name: npz[name] for name in ARRAYS}
    except Exception:  # a damaged zip raises many kinds of errors, none worth quoting
        return _reject(data_path, "corrupted: not a readable table file")
    shapes = {name: list(arrays[name].shape) for name in ARRAYS}
    if header.get("shapes") != shapes or any(s != [space.states] for s in shapes.values()):
        return _reject(data_path, "corrupted: array shapes do not match")
    if header.get("sha256") != _checksum(arrays):
        return _reject(data_path, "corrupted: checksum mismatch")
    values, seconds = (arrays[name].astype(np.float64, copy=False) for name in ARRAYS)
    if not (np.isfinite(values).all() and np.isfinite(seconds).all()):
        return _reject(data_path, "corrupted: values that are not numbers")
    return values, seconds


def _reject(path: Path, why: str) -> tuple[np.ndarray, np.ndarray] | None:
    """Warn that the cached table is not used (and will be rebuilt, unless the
    cache is read-only); nothing to load."""
    then = "" if read_only() else "; rebuilding it"
    warnings.warn(f"the cached table {path} is {why}{then}", CacheWarning, 3)
    return None


def _write_npz(file: BinaryIO, arrays: dict[str, np.ndarray]) -> None:
    """An uncompressed .npz of `arrays`, written from their memory (`np.savez`
    would copy each array first)."""
    with zipfile.ZipFile(file, "w", zipfile.ZIP_STORED) as archive:
        for name, array in arrays.items():
            with archive.open(f"{name}.npy", "w", force_zip64=True) as entry:
                header = np.lib.format.header_data_from_array_1_0(array)
                np.lib.format.write_array_header_1_0(entry, header)
                entry.write(np.ascontiguousarray(array).data.cast("B"))


def save(space: StateSpace, values: np.ndarray, seconds: np.ndarray, info: dict) -> Path | None:
    """Write the table (atomically); warn and return None if the directory is
    not writable."""
    data_path, header_path = cache_paths(space.rules)
    arrays = {"values": values, "seconds": seconds}
    header = {
        "format": FORMAT_VERSION,
        "key": ruleset_key(space.rules),
        "shapes": {name: list(arrays[name].shape) for name in ARRAYS},
        "dtypes": {name: arrays[name].dtype.str for name in ARRAYS},
        "sha256": _checksum(arrays),
        **info,
    }
    try:
        data_path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_file(data_path, SHARED_MODE) as file:
            _write_npz(file, arrays)
        atomic_write(header_path, json.dumps(header, indent=2).encode(), SHARED_MODE)
    except OSError as error:
        warnings.warn(f"could not cache the table in {data_path.parent}: {error}", CacheWarning, 2)
        return None
    return data_path
