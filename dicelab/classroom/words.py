"""The words of the class tables' lobby and of the teacher's projector view.

>>> from dicelab.core.ui.words import Words
>>> Words(TABLE_WORDS, "pt")("sit_as", name="Ana")
'Sentar como Ana'
"""

from __future__ import annotations

from dicelab.core.i18n import messages, msg, msg_plural
from dicelab.core.ui.words import COMMON_WORDS

__all__ = ["TABLE_WORDS"]

TABLE_WORDS = COMMON_WORDS | messages(
    # the lobby: joining a table
    msg("table|lobby", "Class tables"),
    msg("table|code", "Table code"),
    msg("table|code_placeholder", "6 letters and digits"),
    msg("table|find", "Find the table"),
    msg("table|sit_as", "Sit as {name}"),
    msg("table|no_free_seat", "Table {code} has no free seat: ask your teacher"),
    msg("table|free_seats", "{game} at table {code}: choose your seat"),
    msg("table|back_to", "Back to table {code} as {name}"),
    msg("table|back_to_projector", "Back to table {code} (projector)"),
    msg("table|no_table_yet", "Type the code of your table, then Find the table"),
    # the lobby: a new table (the teacher)
    msg("table|new_table", "New table"),
    msg("table|game", "Game"),
    msg("table|player_names", "Players"),
    msg("table|players_placeholder", "Ana, Bia, Cleo"),
    msg("table|create", "Create the table"),
    # the projector
    msg("table|join_with", "Join with the code {code}"),
    msg("table|here", "joined"),
    msg("table|not_here", "not here yet"),
    msg("table|seat", "Seat"),
    msg("table|who", "Who"),
    msg("table|give_seat", "Give the seat of"),
    msg("table|to_bot", "to the bot"),
    msg("table|give_to_bot", "Give"),
    msg("table|given", "{name}'s seat: {bot} from now on"),
    msg("table|roll_for_all", "Roll for everyone"),
    msg("table|bots_play", "The bots play the same dice…"),
    msg_plural("table|version", "{n} move so far", "{n} moves so far"),
)
