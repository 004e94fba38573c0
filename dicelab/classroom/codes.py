"""Table codes: six letters and digits a class reads off the board without a
mistake, and hard to guess (`table_code`); a code as a student types it
(`check_code`)."""

from __future__ import annotations

import secrets
from typing import Any

from dicelab.errors import TableError

__all__ = ["CODE_LENGTH", "CODE_LETTERS", "check_code", "table_code"]

CODE_LETTERS = "ACDEFHJKMNPRTWXY34679"  # no 0/O, 1/I/L, 2/Z, 5/S, 8/B, G/6, U/V
CODE_LENGTH = 6


def table_code() -> str:
    """A new table code: six letters and digits nobody misreads, hard to guess
    (21**6, about 86 million).

    >>> code = table_code()
    >>> len(code) == 6 and set(code) <= set(CODE_LETTERS)
    True
    """
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def check_code(code: Any) -> str:
    """A table code as typed (any case, spaces around), or `TableError` (404).

    >>> check_code(" kt4fmx ")
    'KT4FMX'
    """
    text = code.strip().upper() if isinstance(code, str) else ""
    if len(text) != CODE_LENGTH or not set(text) <= set(CODE_LETTERS):
        raise TableError(f"no table {str(code)[:20]!r}: a table code is six letters", 404)
    return text
