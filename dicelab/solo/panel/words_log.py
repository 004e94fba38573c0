"""The words of the Solo panel's log and hints (English here, every other
language in the catalogs; `words.WORDS` holds them with the others).

>>> from dicelab.core.ui.words import Words
>>> Words(LOG_WORDS, "pt")("ev_drew", count=1, name="Cleo")
'Cleo comprou 1 carta'
"""

from __future__ import annotations

from dicelab.core.i18n import messages, msg, msg_plural

LOG_WORDS = messages(
    # the log
    msg("solo|ev_play", "{name} played {card}"),
    msg("solo|ev_play_colour", "{name} played {card} and named {colour}"),
    msg("solo|ev_names", "{name} named {colour}"),
    msg("solo|ev_swap", "{name} played {card}: hands swapped with {other}"),
    msg("solo|ev_jump", "{name} jumped in with {card}"),
    msg("solo|ev_protect", "{name} played {card}: the attack is off for them"),
    msg("solo|ev_stack", "{name} passed it on with {card}"),
    msg("solo|ev_drew_one", "{name} drew a card"),
    msg("solo|ev_drew_mine", "{name} drew {card}"),
    msg("solo|ev_fits", "{card} fits: it must be played now"),
    msg_plural(
        "solo|ev_drew",
        "{name} drew {count} card",
        "{name} drew {count} cards",
    ),
    msg("solo|ev_solo", "{name}: Solo!"),
    msg("solo|ev_no_solo", "{name} did not say Solo: +{count} cards as a penalty"),
    msg_plural(
        "solo|ev_gift",
        "{name} gives {count} card to {other}",
        "{name} gives {count} cards to {other}",
    ),
    msg_plural(
        "solo|ev_gift_taken",
        "{name} took {count} card",
        "{name} took {count} cards",
    ),
    msg("solo|ev_gift_back", "The gift goes back to {name}"),
    msg("solo|ev_rotated", "The hands passed one seat on"),
    msg("solo|ev_round", "Round {round} is over: {name} went out"),
    # the hints
    msg("solo|hint_title", "Your odds (exact)"),
    msg("solo|hint_wait", "Hints come when you have something to decide"),
    msg("solo|hint_next_draw", "The next card you draw is playable:"),
    msg("solo|hint_card", "If you play"),
    msg("solo|hint_next", "Next player"),
    msg("solo|hint_p_next", "P(they can play)"),
    msg("solo|card_naming", "{card} → {colour}"),
    msg("solo|card_with", "{card} with {name}"),
    msg("solo|hint_bot", "The blocker bot would {what}."),
    msg("solo|bot_plays", "play {card}"),
    msg("solo|bot_draws", "draw a card"),
    msg("solo|bot_accepts", "accept"),
    msg("solo|bot_jumps", "jump in"),
    msg(
        "solo|hint_note",
        "Counted over the {count} cards you have not seen (the deck without your hand and "
        "the discard pile); a card is playable if it matches the colour or the number in "
        "force, and black cards count as playable. The next player's chance is over their "
        "hand size.",
    ),
    msg(
        "solo|hint_accept_draw",
        "Accepting: you draw {count} cards. A Protection cancels the attack; a draw card "
        "passes it on, bigger, to the next player.",
    ),
    msg_plural(
        "solo|hint_accept_gift",
        "Accepting: {n} card joins your hand. A Protection sends it back.",
        "Accepting: {n} cards join your hand. A Protection sends them back.",
    ),
    msg(
        "solo|hint_accept_rotate",
        "Accepting: your hand passes one seat on and you get your neighbour's. A "
        "Protection keeps your hand.",
    ),
)
