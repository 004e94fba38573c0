"""Class tables: a class plays one game together, each student from their own
screen, each seeing only their own view.

- `dicelab class serve` (`service`): the one process where a shared game
  lives, a JSON API on tornado (`docs/class-tables.md`);
- `tables`: the tables on the games' engines, who sits where, the bots, the
  teacher; `codes`: the tables' codes;
- `engines`: a table's game, new from its settings or replayed from its log;
- `store`: the tables in SQLite, one transaction per action;
- `Client` (`client`): a seat's (or the teacher's) connection, for the panels
  and the tests; `remembered`: the seats a student has joined, in their own
  data folder.
"""

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dicelab.classroom.client import Client

__all__ = ["Client"]


def __getattr__(name: str) -> Any:
    """`Client` on first use: `dicelab class` and `import dicelab` stay light
    (urllib brings OpenSSL's hashlib)."""
    if name == "Client":
        from dicelab.classroom.client import Client

        return Client
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
