"""The words of the Solo panel (English here, every other language in the
catalogs, `dicelab.core.i18n`): those of its log and hints (`LOG_WORDS`),
those of the engine's illegal moves by rule name (`RULE_WORDS`: "rule:<rule>"
says why a move is refused, "rule_name:<rule>" names the rule, for
`Words.explain`; `RULE_ACTIONS`, a malformed action only a program can make,
has a name and no text), and all of them with the rest (`WORDS`).

>>> from dicelab.core.ui.words import Words
>>> Words(WORDS, "es")("your_hand", count=1, n=1)
'Tu mano (1 carta)'
>>> Words(LOG_WORDS, "pt")("ev_drew", count=1, name="Cleo")
'Cleo comprou 1 carta'
>>> from dicelab.errors import IllegalMove
>>> from dicelab.solo.game import RULE_DRAW
>>> Words(RULE_WORDS, "es").explain(IllegalMove(RULE_DRAW, "you have a playable card"))
'Tienes una carta que puedes jugar: juégala en vez de robar (regla: se roba solo sin carta jugable)'
"""

from __future__ import annotations

from dicelab.core.i18n import messages, msg, msg_plural, translate
from dicelab.core.ui.words import COMMON_WORDS
from dicelab.solo.rules import COLOUR_NAMES

RULE_WORDS = messages(
    # the engine's illegal moves, by rule name
    msg("solo|rule:players play in turn, in the direction of play", "It is not your turn"),
    msg("solo|rule:a card matches the colour or the number in force", "It must be {in_force}"),
    msg(
        "solo|rule:a black card only without a matching card (a Gift on any turn)",
        "Black cards only when nothing else fits: you can play {fits}",
    ),
    msg("solo|review_at_round", "Round {round}, on the pile: {top}"),
    msg("solo|review_hand", "Your hand: {cards}"),
    msg("solo|review_stuck", "%: the chance that the next player has nothing to play on your card"),
    msg("solo|colour_or_number", "{colour} or a {face}"),
    msg(
        "solo|rule:draw only without a playable card",
        "You hold a card you can play: play it instead of drawing",
    ),
    msg(
        "solo|rule:a drawn card that fits is played at once",
        "The card you drew fits: play that one now",
    ),
    msg(
        "solo|rule:jump in only with a card identical to the one just played",
        "Only a card identical to the one just played can jump in",
    ),
    msg(
        "solo|rule:an attack is answered with a Protection or a draw card, or accepted",
        "Answer the attack with a Protection or a draw card, or Accept it",
    ),
    msg(
        "solo|rule:Choose colour and Draw four name a colour, Swap hands an opponent, Gift "
        "two cards",
        "Name a colour, an opponent or the cards to give first",
    ),
    msg(
        'solo|rule:say "Solo" only with your second-to-last card',
        "Say Solo only when you play your second-to-last card",
    ),
    msg("solo|rule:the game ends when a player reaches the losing score", "The game is over"),
    msg(
        "solo|rule_name:players play in turn, in the direction of play",
        "players play in turn, in the direction of play",
    ),
    msg(
        "solo|rule_name:a card matches the colour or the number in force",
        "a card matches the colour or the number in force",
    ),
    msg(
        "solo|rule_name:a black card only without a matching card (a Gift on any turn)",
        "a black card only without a matching card (a Gift on any turn)",
    ),
    msg("solo|rule_name:draw only without a playable card", "draw only without a playable card"),
    msg(
        "solo|rule_name:a drawn card that fits is played at once",
        "a drawn card that fits is played at once",
    ),
    msg(
        "solo|rule_name:jump in only with a card identical to the one just played",
        "jump in only with a card identical to the one just played",
    ),
    msg(
        "solo|rule_name:an attack is answered with a Protection or a draw card, or accepted",
        "an attack is answered with a Protection or a draw card, or accepted",
    ),
    msg(
        "solo|rule_name:Choose colour and Draw four name a colour, Swap hands an opponent, "
        "Gift two cards",
        "Choose colour and Draw four name a colour, Swap hands an opponent, Gift two cards",
    ),
    msg(
        'solo|rule_name:say "Solo" only with your second-to-last card',
        'say "Solo" only with your second-to-last card',
    ),
    msg(
        "solo|rule_name:the game ends when a player reaches the losing score",
        "the game ends when a player reaches the losing score",
    ),
    msg("solo|rule_name:an action of Solo", "an action of Solo"),
)

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
    # how to play (the rules in a few lines, the words the Hints use defined)
    msg(
        "solo|how_goal",
        "Play a card of the colour or the number in force; a black card only when "
        "nothing else fits. With no card to play, draw one. Say Solo! as you play your "
        "second-to-last card. The round ends when someone has no cards left: the others"
        " add up the points of their hands, and 300 points loses.",
    ),
    msg(
        "solo|def_p_next",
        "the probability that the next player holds a card that fits after the one you play.",
    ),
    msg(
        "solo|def_blocker",
        "a bot that plays the card leaving the next player the smallest chance to play.",
    ),
    # the hints
    msg("solo|hint_title", "Your odds (exact)"),
    msg("solo|hint_wait", "Hints come when you have something to decide"),
    msg("solo|hint_next_draw", "The next card you draw is playable:"),
    msg("solo|hint_card", "If you play"),
    msg("solo|hint_next", "Next player"),
    msg("solo|hint_p_next", "P(they can play)"),
    msg("solo|card_naming", "{card} → {colour}"),
    msg("solo|card_with", "{card} with {name}"),
    msg("solo|card_giving", "{card}, giving {cards}"),
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
        msg("solo|cards_left", "Cards left"),
        msg("solo|log", "What happened"),
        msg("solo|you", "you"),
        msg("solo|bot_random", "random bot"),
        msg("solo|bot_keep-black", "black-keeper bot"),
        msg("solo|bot_dump-high", "high-dumper bot"),
        msg("solo|bot_blocker", "blocker bot"),
        msg("solo|about_random", "Plays any card it may, at random"),
        msg("solo|about_keep-black", "Plays its coloured cards first and keeps its black cards"),
        msg("solo|about_dump-high", "Plays the card worth the most penalty points first"),
        msg(
            "solo|about_blocker",
            "Plays the card that leaves the next player the smallest chance of a playable "
            "card (exact odds)",
        ),
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
            "{card}: click {n} card to give to a player drawn at random ({picked} picked), "
            "then Give",
            "{card}: click {n} cards to give to a player drawn at random ({picked} picked), "
            "then Give",
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


def colour_name(colour: str, lang: str) -> str:
    """A colour's name in `lang`.

    >>> colour_name("red", "pt")
    'vermelho'
    """
    return translate(COLOUR_NAMES[f"colour:{colour}"], lang)
