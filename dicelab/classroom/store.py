"""The class tables' store: one SQLite file, the only place a shared game lives.

Each table is a row (its game, its settings, its seed, the game as `to_json`
after the last action and how many actions it took); each accepted action is
a row of its own, written in the same transaction as the table's new state,
so a table can be replayed from its seed and a process killed at any moment
loses at most the action in flight.  A seat's token, and the token of the
teacher who made the table, are kept as their SHA-256 digests only.  The
file is in WAL mode with full synchronous writes.

>>> store = Store(":memory:")
>>> store.create("KT4FMX", "solo", {"players": ["Ana", "Bia"]}, 7, "{}", "the teacher's")
>>> store.record("KT4FMX", 1, "Ana", '{"type": "Draw", "player": "Ana"}', "{...}")
>>> store.table("KT4FMX").actions, store.table("KT4FMX").state
(1, '{...}')
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dicelab.errors import SettingsError

__all__ = ["Store", "StoredTable", "digest"]

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
  code TEXT PRIMARY KEY, game TEXT NOT NULL, settings TEXT NOT NULL,
  seed INTEGER, state TEXT NOT NULL, actions INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS actions (
  code TEXT NOT NULL REFERENCES tables(code), n INTEGER NOT NULL,
  player TEXT NOT NULL, action TEXT NOT NULL, PRIMARY KEY (code, n));
CREATE TABLE IF NOT EXISTS seats (
  code TEXT NOT NULL REFERENCES tables(code), player TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE, PRIMARY KEY (code, player));
CREATE TABLE IF NOT EXISTS teachers (
  code TEXT PRIMARY KEY REFERENCES tables(code), token TEXT NOT NULL UNIQUE);
"""


def digest(token: str) -> str:
    """What the store keeps of a seat's token.

    >>> len(digest("a secret")), digest("a") == digest("a")
    (64, True)
    """
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class StoredTable:
    """One table as stored: `settings` holds the players, the bots and the ruleset."""

    code: str
    game: str
    settings: dict[str, Any]
    seed: int | None
    state: str
    actions: int


class Store:
    """The tables in one SQLite file (`path`, or ":memory:" in tests)."""

    def __init__(self, path: str | os.PathLike[str], read_only: bool = False) -> None:
        self.path = str(path)
        try:
            if read_only:  # a second reader (the tests), next to the service
                uri = Path(path).resolve().as_uri() + "?mode=ro"
                self.db = sqlite3.connect(uri, uri=True, isolation_level=None)
                return
            if self.path != ":memory:":
                _prepare(Path(path))
            self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
        except (OSError, sqlite3.Error) as error:
            raise SettingsError(f"cannot open the tables' database {path}: {error}") from None

    def close(self) -> None:
        self.db.close()

    def _write(self, *statements: tuple[str, tuple[Any, ...]]) -> None:
        """Run `statements` in one transaction: all of them, or none."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            for sql, values in statements:
                self.db.execute(sql, values)
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def create(
        self,
        code: str,
        game: str,
        settings: dict[str, Any],
        seed: int | None,
        state: str,
        teacher: str,
    ) -> None:
        """A new table, its game as `state` (before any action), made by the
        holder of token `teacher`."""
        text = json.dumps(settings, ensure_ascii=False, sort_keys=True)
        self._write(
            (
                "INSERT INTO tables (code, game, settings, seed, state) VALUES (?, ?, ?, ?, ?)",
                (code, game, text, seed, state),
            ),
            ("INSERT INTO teachers VALUES (?, ?)", (code, digest(teacher))),
        )

    def teacher_of(self, token: str) -> str | None:
        """The code of the table whose teacher holds `token`, or None."""
        row = self.db.execute(
            "SELECT code FROM teachers WHERE token = ?", (digest(token),)
        ).fetchone()
        return None if row is None else str(row[0])

    def bot_for(self, code: str, player: str, settings: dict[str, Any]) -> None:
        """`player`'s seat at table `code` goes to a bot: the table's new
        `settings`, and the seat's token no longer speaks for it."""
        text = json.dumps(settings, ensure_ascii=False, sort_keys=True)
        self._write(
            ("UPDATE tables SET settings = ? WHERE code = ?", (text, code)),
            ("DELETE FROM seats WHERE code = ? AND player = ?", (code, player)),
        )

    def record(self, code: str, n: int, player: str, action: str, state: str) -> None:
        """The table's `n`-th action (1 the first), by `player`, and its game after it."""
        self._write(
            ("INSERT INTO actions VALUES (?, ?, ?, ?)", (code, n, player, action)),
            ("UPDATE tables SET state = ?, actions = ? WHERE code = ?", (state, n, code)),
        )

    def seat(self, code: str, player: str, token: str) -> None:
        """`player` sits at table `code` with `token` (kept as its digest)."""
        self._write(("INSERT INTO seats VALUES (?, ?, ?)", (code, player, digest(token))))

    def seated(self, code: str) -> set[str]:
        """The players who have joined table `code`."""
        rows = self.db.execute("SELECT player FROM seats WHERE code = ?", (code,))
        return {player for (player,) in rows}

    def holder(self, token: str) -> tuple[str, str] | None:
        """(table code, player) of a seat's token, or None."""
        row = self.db.execute(
            "SELECT code, player FROM seats WHERE token = ?", (digest(token),)
        ).fetchone()
        return None if row is None else (row[0], row[1])

    def table(self, code: str) -> StoredTable | None:
        row = self.db.execute(
            "SELECT code, game, settings, seed, state, actions FROM tables WHERE code = ?",
            (code,),
        ).fetchone()
        return None if row is None else _stored(row)

    def tables(self) -> list[StoredTable]:
        rows = self.db.execute(
            "SELECT code, game, settings, seed, state, actions FROM tables ORDER BY code"
        )
        return [_stored(row) for row in rows]

    def actions(self, code: str) -> list[tuple[str, dict[str, Any]]]:
        """The table's actions in order: (player, action as JSON data)."""
        rows = self.db.execute(
            "SELECT player, action FROM actions WHERE code = ? ORDER BY n", (code,)
        )
        return [(player, json.loads(action)) for player, action in rows]

    def dump(self, code: str) -> bytes:
        """Every stored row of table `code`, as bytes (to compare two moments)."""
        rows: list[Any] = [
            self.db.execute("SELECT * FROM tables WHERE code = ?", (code,)).fetchall()
        ]
        for name in ("actions", "seats", "teachers"):
            rows.append(
                self.db.execute(
                    f"SELECT * FROM {name} WHERE code = ? ORDER BY 2", (code,)
                ).fetchall()
            )
        return json.dumps(rows, ensure_ascii=False).encode()


def _prepare(path: Path) -> None:
    """The database's folder (0700) and file (0600), never through a link."""
    if path.is_symlink():
        raise SettingsError(f"the database {path} is a link: give the file itself")
    path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
    if not path.exists():
        path.touch(mode=0o600)


def _stored(row: tuple[Any, ...]) -> StoredTable:
    code, game, settings, seed, state, actions = row
    return StoredTable(code, game, json.loads(settings), seed, state, actions)
