"""The Solo panel's words for the engine's illegal moves, by rule name: "rule:<rule>"
says why a move is refused, "rule_name:<rule>" names the rule (`Words.explain`),
in English (the other languages in the catalogs).  `RULE_ACTIONS` (a malformed
action, which only a program can make) has a name and no text.

>>> from dicelab.core.ui.words import Words
>>> from dicelab.errors import IllegalMove
>>> from dicelab.solo.game import RULE_DRAW
>>> Words(RULE_WORDS, "es").explain(IllegalMove(RULE_DRAW, "you have a playable card"))
'Tienes una carta que puedes jugar: juégala en vez de robar (regla: se roba solo sin carta jugable)'
"""

from __future__ import annotations

from dicelab.core.i18n import messages, msg

RULE_WORDS = messages(
    # the engine's illegal moves, by rule name
    msg("solo|rule:players play in turn, in the direction of play", "It is not your turn"),
    msg(
        "solo|rule:a card matches the colour or the number in force; black cards only "
        "without a match",
        "It matches neither the colour nor the number in force, or you hold a card that "
        "matches (black cards only without one)",
    ),
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
        "solo|rule_name:a card matches the colour or the number in force; black cards only "
        "without a match",
        "a card matches the colour or the number in force; black cards only without a match",
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
