"""Who sits at the Sly Dice table: you, then the bots, each with its kind.

>>> seats_of(["Ana"], ["honest"])
(['Ana', 'Cleo'], ['honest'])
"""

from __future__ import annotations

from collections.abc import Sequence

from dicelab.core.ui.seats import seats_of as bot_seats
from dicelab.sly_dice.strategy import STRATEGIES

__all__ = ["DEFAULT_BOTS", "seats_of"]

DEFAULT_BOTS = ("calculator", "honest", "random-liar")


def seats_of(players: Sequence[str], bots: Sequence[str] | None) -> tuple[list[str], list[str]]:
    """The players' names and the bots' kinds (see `dicelab.core.ui.seats.seats_of`).

    >>> seats_of(["Ana"], None)
    (['Ana', 'Cleo', 'Duda'], ['calculator', 'honest'])
    """
    return bot_seats(players, bots, "Sly Dice", STRATEGIES, DEFAULT_BOTS)
