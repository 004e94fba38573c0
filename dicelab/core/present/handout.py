"""The printed handout's parts that every game uses: an `Entry` (one table and a
line saying what it means) and `full`, a table with every probability shown
in full.  Each game makes its own pages of them (`<game>/handout.py`, named in
the registry); `dicelab.handout` puts the pages together.

>>> from dicelab.core.present.table import Column, OddsTable
>>> columns = (Column("side", "Side"), Column("p", "P"))
>>> table = OddsTable("Coin", columns, ({"side": "heads", "p": 0.5},))
>>> full(table, "p").style
'full'
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from dicelab.core.present.table import OddsTable


@dataclass(frozen=True)
class Entry:
    """One table of the handout, with a line saying what it means."""

    intro: str
    table: OddsTable


def full(table: OddsTable, *keys: str, note: str | None = None) -> OddsTable:
    """Some columns of `table`, every probability shown in full (fraction, %, 1 in N)."""
    return dataclasses.replace(
        table.select(*keys), style="full", note=table.note if note is None else note
    )
