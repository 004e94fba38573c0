"""The words of the Solo panel (English here, every other language in the
catalogs, `dicelab.core.i18n`).

>>> from dicelab.core.ui.words import Words
>>> Words(WORDS, "es")("your_hand", count=1, n=1)
'Tu mano (1 carta)'
"""

from __future__ import annotations

from dicelab.core.i18n import messages, msg, msg_plural
from dicelab.core.ui.words import COMMON_WORDS
from dicelab.solo.panel.words_log import LOG_WORDS
from dicelab.solo.panel.words_rules import RULE_WORDS

WORDS = (
    COMMON_WORDS
    | LOG_WORDS
    | RULE_WORDS
    | messages(
        msg("solo|title", "Solo"),
        msg("solo|round", "Round {round} · {direction} · turn: {name}"),
        msg("solo|round_ended", "Round {round} · over"),
        msg("solo|clockwise", "↻ clockwise"),
        msg("solo|counter_clockwise", "↺ counter-clockwise"),
        msg("solo|new_game_started", "New game (seed {seed})"),
        # the table
        msg("solo|discard", "Discard pile"),
        msg("solo|draw_pile", "Draw pile"),
        msg_plural(
            "solo|draw_pile_size",
            "{n} card to draw",
            "{n} cards to draw",
        ),
        msg("solo|in_force", "In force: {what}"),
        msg_plural(
            "solo|card_tip",
            "{name} · {points} point",
            "{name} · {points} points",
        ),
        msg_plural(
            "solo|your_hand",
            "Your hand ({n} card)",
            "Your hand ({n} cards)",
        ),
        msg("solo|players", "Players"),
        msg("solo|cards", "Cards"),
        msg("solo|points", "Points"),
        msg("solo|this_round", "This round"),
        msg("solo|log", "What happened"),
        msg("solo|you", "you"),
        msg("solo|bot_random", "random bot"),
        msg("solo|bot_keep-black", "keeps black cards"),
        msg("solo|bot_dump-high", "dumps high cards"),
        msg("solo|bot_blocker", "blocker bot"),
        # the controls
        msg("solo|draw", "Draw a card"),
        msg("solo|accept", "Accept"),
        msg("solo|solo", "Solo!"),
        msg("solo|go_on", "Go on"),
        msg("solo|next_round", "Next round"),
        msg_plural(
            "solo|give",
            "Give {n} card",
            "Give {n} cards",
        ),
        msg("solo|solo_tip", "Say Solo before you play your second-to-last card"),
        msg("solo|solo_said", "Solo! Now play your second-to-last card"),
        msg_plural(
            "solo|solo_when_two",
            "Say Solo when you hold two cards and play one of them (you hold {n})",
            "Say Solo when you hold two cards and play one of them (you hold {n})",
        ),
        msg("solo|ask_colour", "Colour:"),
        msg("solo|ask_target", "Swap with:"),
        msg("solo|ask_gift", "Gift:"),
        # what to do now
        msg("solo|do_play", "Your turn: click a card to play it"),
        msg("solo|do_draw", "Your turn: no card of yours fits, draw a card"),
        msg("solo|do_drawn", "You drew {card}: it fits, so play it now (click it)"),
        msg("solo|do_colour", "Choose the colour for {card}:"),
        msg("solo|do_target", "{card}: swap hands with whom?"),
        msg("solo|card_refused", "{card}: {why}"),
        msg_plural(
            "solo|do_gift",
            "{card}: click {n} card to give ({picked} picked), then Give",
            "{card}: click {n} cards to give ({picked} picked), then Give",
        ),
        msg(
            "solo|do_jump",
            "{card} was just played and you hold the same card: click it to jump in, or Go on",
        ),
        msg(
            "solo|do_answer_draw",
            "{name} played {card} on you: Accept (draw {count}), or answer with a highlighted card",
        ),
        msg(
            "solo|do_answer_rotate",
            "{name} played Rotate hands: Accept, or keep your hand with your Protection",
        ),
        msg(
            "solo|do_answer_gift",
            "{name} gives you {cards}: Accept, or send them back with your Protection",
        ),
        msg("solo|do_next_round", "Round {round} is over: {name} went out. Click Next round"),
        msg("solo|do_next_round_you", "Round {round} is over: you went out! Click Next round"),
        msg("solo|wait", "Wait"),
        msg("solo|round_starts", "Round {round} begins"),
        msg_plural(
            "solo|reached",
            "{names} reached {points} points.",
            "{names} reached {points} points.",
        ),
        # answers to clicks
        msg("solo|not_now", "Not now: {what}"),
        msg("solo|game_is_over", "The game is over: start a New game"),
        msg(
            "solo|no_colour_asked",
            "No colour is asked now: a Choose colour or Draw four card names one",
        ),
        msg("solo|no_target_asked", "No opponent is asked now: a Swap hands card names one"),
        msg("solo|no_gift_asked", "No Gift is being given now: click a Gift card first"),
        msg_plural(
            "solo|pick_gift",
            "Pick {n} card to give first ({picked} picked)",
            "Pick {n} cards to give first ({picked} picked)",
        ),
        msg_plural(
            "solo|gift_full",
            "You have picked {n} card already: click it again to put it back",
            "You have picked {n} cards already: click one again to put it back",
        ),
        msg("solo|nothing_to_cancel", "Nothing to cancel: no card waits for a choice"),
        msg("solo|cancelled", "Cancelled: choose a card again"),
        msg("solo|no_attack", "Nothing to accept: no attack waits for your answer"),
        msg("solo|no_jump", "Go on is for a card you could jump in with, and there is none now"),
        msg("solo|no_round_over", "The round is not over yet"),
    )
)
