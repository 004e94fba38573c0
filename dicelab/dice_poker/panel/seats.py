"""Who sits at the Dice Poker table: 1 to 6 people taking turns at one screen
(hot seat), and whose column may be clicked now.

>>> seats_of([" Ana ", "Bruno"])
('Ana', 'Bruno')
"""

from __future__ import annotations

from collections.abc import Sequence

from dicelab.core.ui.seats import panel_players
from dicelab.core.ui.words import Words
from dicelab.dice_poker.game import DicePokerGame
from dicelab.errors import IllegalMove

__all__ = ["RULE_HOT_SEAT", "check_seat", "seats_of"]

RULE_HOT_SEAT = "players take turns"


def seats_of(players: Sequence[str]) -> tuple[str, ...]:
    """The players' names, in their order of play (`SettingsError` for bad names)."""
    return panel_players(players, "Dice Poker")


def check_seat(game: DicePokerGame, player: int, words: Words) -> None:
    """`IllegalMove` unless `player` may score now: the player to move (or anyone,
    once the game is over, so that the game answers)."""
    if not game.is_over and player != game.state.current:
        other = game.players[player]
        raise IllegalMove(
            RULE_HOT_SEAT,
            words("not_your_turn", name=game.current_player, other=other),
            name=game.current_player,
            other=other,
        )
