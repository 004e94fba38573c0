"""The seats a student has joined, remembered in their own data folder, so a
student who closes the page and comes back sits at the same seat again.

The file (`class-seats.json` in the data folder, 0600, written atomically,
never through a link) holds each seat's service address, table code, player
and token: the token is the seat's secret, so the file is the student's alone.
It keeps the latest `MOST_SEATS` seats.

>>> import tempfile, pathlib
>>> file = pathlib.Path(tempfile.mkdtemp()) / "class-seats.json"
>>> remember("http://127.0.0.1:8765", "KT4FMX", "Ana", "secret", file)
>>> recall("http://127.0.0.1:8765", "kt4fmx", file)
('Ana', 'secret')
>>> recall("http://127.0.0.1:8765", "ACDEFH", file) is None
True
>>> seats_at("http://127.0.0.1:8765/", file)
[('KT4FMX', 'Ana')]
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from dicelab.core.engine.files import atomic_write, read_small_file
from dicelab.errors import SettingsError

__all__ = [
    "MOST_SEATS",
    "data_folder",
    "forget",
    "recall",
    "remember",
    "seats_at",
    "seats_file",
]

FORMAT = "dicelab/class-seats"
MOST_SEATS = 100
LIMIT = 256 * 1024  # bytes: far more than MOST_SEATS seats take


def data_folder() -> Path:
    """Where dicelab keeps a user's class data: `$XDG_DATA_HOME/dicelab` (else
    `~/.local/share/dicelab`)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base).expanduser() / "dicelab"


def seats_file() -> Path:
    """The remembered seats' file of this user."""
    return data_folder() / "class-seats.json"


def _key(url: str, code: str) -> tuple[str, str]:
    return url.rstrip("/"), code.strip().upper()


def _read(file: Path) -> list[dict[str, str]]:
    """The remembered seats, oldest first ([] when there is no file yet)."""
    try:
        data: Any = json.loads(read_small_file(file, LIMIT))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as error:
        raise SettingsError(f"cannot read the remembered seats {file}: {error}") from None
    seats = data.get("seats") if isinstance(data, dict) else None
    fields = {"url", "code", "player", "token"}
    if (
        data.get("format") != FORMAT
        or not isinstance(seats, list)
        or not all(
            isinstance(s, dict) and set(s) == fields and all(isinstance(v, str) for v in s.values())
            for s in seats
        )
    ):
        raise SettingsError(f"{file} is not a file of remembered seats: delete it to start again")
    return seats


def _write(file: Path, seats: list[dict[str, str]]) -> None:
    file.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    text = json.dumps({"format": FORMAT, "seats": seats[-MOST_SEATS:]}, ensure_ascii=False)
    try:
        atomic_write(file, text.encode(), mode=0o600)
    except OSError as error:
        raise SettingsError(f"cannot remember the seat in {file}: {error}") from None


def remember(url: str, code: str, player: str, token: str, file: Path | None = None) -> None:
    """Remember that this user sits as `player` at table `code` of the service at `url`."""
    file = file or seats_file()
    where = (*_key(url, code), player)
    seats = [s for s in _read(file) if (*_key(s["url"], s["code"]), s["player"]) != where]
    seats.append({"url": where[0], "code": where[1], "player": player, "token": token})
    _write(file, seats)


def recall(
    url: str, code: str, file: Path | None = None, player: str | None = None
) -> tuple[str, str] | None:
    """(player, token) of this user's latest seat at table `code` of `url` (as
    `player`, if given: one user may hold two seats, as on a shared screen), or None."""
    where = _key(url, code)
    for seat in reversed(_read(file or seats_file())):
        if _key(seat["url"], seat["code"]) == where and player in (None, seat["player"]):
            return seat["player"], seat["token"]
    return None


def seats_at(url: str, file: Path | None = None) -> list[tuple[str, str]]:
    """(code, player) of every seat this user holds at the service at `url`, the
    latest first."""
    where = url.rstrip("/")
    return [
        (seat["code"], seat["player"])
        for seat in reversed(_read(file or seats_file()))
        if _key(seat["url"], seat["code"])[0] == where
    ]


def forget(url: str, code: str, file: Path | None = None, player: str | None = None) -> None:
    """Forget this user's seat at table `code` of `url` (`player`'s, if given: a
    seat given to a bot)."""
    file = file or seats_file()
    where = _key(url, code)
    seats = _read(file)
    kept = [
        s
        for s in seats
        if not (_key(s["url"], s["code"]) == where and player in (None, s["player"]))
    ]
    if kept != seats:
        _write(file, kept)
