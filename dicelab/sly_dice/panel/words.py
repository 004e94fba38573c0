"""The words of the Sly Dice panel (English here, every other language in the
catalogs, `dicelab.core.i18n`).

>>> from dicelab.core.ui.words import Words
>>> Words(WORDS, "es")("round", round=2, rounds=6)
'Ronda 2 de 6'
>>> Words(WORDS, "it")("roll", count=1, n=1)
'Lancia (ancora 1)'
"""

from __future__ import annotations

from dicelab.core.i18n import messages, msg, msg_plural
from dicelab.core.ui.words import COMMON_WORDS

WORDS = COMMON_WORDS | messages(
    msg("sly-dice|title", "Sly Dice"),
    msg("sly-dice|round", "Round {round} of {rounds}"),
    msg("sly-dice|common", "Common dice"),
    msg("sly-dice|yours", "Your dice"),
    msg_plural(
        "sly-dice|roll",
        "Roll ({n} left)",
        "Roll ({n} left)",
    ),
    msg("sly-dice|roll_common", "Roll the common dice"),
    msg("sly-dice|stop", "Stop rolling"),
    msg("sly-dice|aside", "set aside"),
    msg("sly-dice|to_aside", "to set aside"),
    msg("sly-dice|cards", "Cards on the table"),
    msg_plural(
        "sly-dice|points_short",
        "{points} pt",
        "{points} pts",
    ),
    msg("sly-dice|players", "Players"),
    msg("sly-dice|you", "you"),
    msg("sly-dice|bot_honest", "honest bot"),
    msg("sly-dice|bot_random-liar", "random liar bot"),
    msg("sly-dice|bot_calculator", "calculator bot"),
    msg("sly-dice|bot_fixed-plan", "fixed-plan bot"),
    msg("sly-dice|bot_equilibrium", "equilibrium bot"),
    msg(
        "sly-dice|about_honest",
        "Never lies: claims its best true card, accuses only an impossible claim",
    ),
    msg("sly-dice|about_random-liar", "Lies one time in three and accuses one time in four"),
    msg(
        "sly-dice|about_calculator",
        "Lies when it expects nobody to accuse; accuses when Bayes' rule says it pays",
    ),
    msg(
        "sly-dice|about_fixed-plan",
        "Rolls by the points plan; claims and accuses as the solved claim game says",
    ),
    msg(
        "sly-dice|about_equilibrium",
        "Rolls, sets aside, claims and accuses as the solved whole round says: "
        "no way of playing gains against it",
    ),
    msg("sly-dice|review_at_round", "Round {round}: {claim}"),
    msg("sly-dice|review_hidden", "hidden"),
    msg("sly-dice|review_dice", "{what}: {dice}"),
    msg("sly-dice|accuse", "Accuse"),
    msg("sly-dice|pass", "Pass"),
    msg("sly-dice|show", "Show my dice"),
    msg("sly-dice|keep", "Keep them hidden"),
    msg("sly-dice|show_all", "Show all dice"),
    msg("sly-dice|show_all_tip", "For the teacher: everyone's dice in the last round played"),
    msg("sly-dice|show_all_wait", "All dice are shown once a round is over"),
    msg("sly-dice|last_round", "Round {round}, every die:"),
    msg("sly-dice|new_game_started", "New game (seed {seed})"),
    msg("sly-dice|next_round", "Next round"),
    msg("sly-dice|this_round", "This round"),
    msg("sly-dice|no_round_over", "No round is waiting: Next round comes after a round's end"),
    # what to do now
    msg(
        "sly-dice|do_next_round",
        "Round {round} is over: see the claims, the dice shown and the points, then click "
        "Next round",
    ),
    msg("sly-dice|do_common", "You start this round: roll the common dice"),
    msg("sly-dice|do_first_roll", "Your turn: roll your three dice behind the shield"),
    msg("sly-dice|do_roll", "Roll again (click a hidden die to set it aside first) or stop"),
    msg("sly-dice|do_claim", "Claim a card: click one on the table"),
    msg_plural(
        "sly-dice|do_ask",
        "{name} claims {card} ({points} point): accuse or pass?",
        "{name} claims {card} ({points} points): accuse or pass?",
    ),
    msg(
        "sly-dice|do_reveal",
        "Nobody accused you. Show your dice? (a lie shown takes the Successful-lie card)",
    ),
    # why a click does nothing now
    msg("sly-dice|pick_aside", "Click one of your hidden dice to set it aside first"),
    msg("sly-dice|die_aside", "This die is set aside: everyone sees it"),
    msg("sly-dice|die_common", "The common dice are everyone's: they count for every claim"),
    msg("sly-dice|die_wait", "Your dice can be set aside only between your rolls"),
    msg("sly-dice|not_now", "Not now: {what}"),
    msg("sly-dice|game_is_over", "The game is over"),
    # what happened
    msg("sly-dice|ev_common", "{name} rolled the common dice: {dice}"),
    msg("sly-dice|ev_first", "{name} rolled behind the shield"),
    msg("sly-dice|ev_mine", "You rolled {dice}"),
    msg("sly-dice|ev_aside", "{name} set a {face} aside and rolled again"),
    msg("sly-dice|ev_stop", "{name} stopped rolling"),
    msg("sly-dice|ev_claim", "{name} claims {card}"),
    msg("sly-dice|ev_pass", "{name} passes"),
    msg("sly-dice|ev_caught", "{name} accuses {claimer}: a lie! No points"),
    msg(
        "sly-dice|ev_wrong",
        "{name} accuses {claimer}: true! {claimer} scores {points}; {name} takes the "
        "False-accusation card ({value})",
    ),
    msg_plural(
        "sly-dice|ev_stands",
        "Nobody accuses {name}: {points} point",
        "Nobody accuses {name}: {points} points",
    ),
    msg("sly-dice|ev_lie_shown", "{name} shows the dice: a lie! Successful-lie card (+{value})"),
    msg("sly-dice|ev_true_shown", "{name} shows the dice: it was true"),
    msg("sly-dice|ev_kept", "{name} keeps the dice hidden"),
    msg("sly-dice|ev_round", "Round {round} is over"),
    msg("sly-dice|ev_card", "New card on the table: {card}"),
    # the players' column
    msg("sly-dice|claimed", "claims {card}"),
    msg("sly-dice|status_lie", "lie"),
    msg("sly-dice|status_true", "true"),
    msg("sly-dice|status_accused", "accused by {name}"),
    # how to play (the rules in a few lines, the words the Hints use defined)
    msg(
        "sly-dice|how_goal",
        "Three common dice for everyone and three of your own behind your shield. Roll "
        "yours up to three times, setting one die aside before each roll again; then "
        "claim a card on the table that your six dice show, or lie. The others may "
        "accuse: a lie caught scores nothing, and a true claim accused gives the "
        "accuser the False-accusation card. After the last round the most points wins.",
    ),
    msg("sly-dice|term_bayes", "Bayes' rule"),
    msg(
        "sly-dice|def_bayes",
        "how to turn what you saw into how likely a claim is: the prior times how likely "
        "that player's rolls and stop are if the claim is true, shared out over true and lie.",
    ),
    msg("sly-dice|def_p_seen", "the probability that the card is true, given all you have seen."),
    msg(
        "sly-dice|def_prior",
        "how likely a claim is true before counting how the player rolled and when they stopped.",
    ),
    msg(
        "sly-dice|def_posterior",
        "how likely it is true after Bayes' rule has counted how the player rolled and "
        "when they stopped.",
    ),
    # hints
    msg("sly-dice|hint_rolling", "Your chances, rolling as well as possible from here"),
    msg("sly-dice|hint_claim", "Each card: true for you? and how likely the others find it"),
    msg("sly-dice|hint_ask", "Is {name} lying? Bayes' rule for the claim {card}"),
    msg("sly-dice|hint_common", "Roll the common dice: every chance depends on them"),
    msg(
        "sly-dice|hint_reveal_lie",
        "Your claim is a lie: showing it takes the Successful-lie card (+{value})",
    ),
    msg(
        "sly-dice|hint_reveal_true",
        "Your claim is true: showing your dice adds no points, it only tells the others",
    ),
    msg("sly-dice|hint_wait", "Hints appear when it is your turn"),
    msg("sly-dice|card", "Card"),
    msg("sly-dice|points", "Points"),
    msg("sly-dice|p_seen", "P(card | seen)"),
    msg("sly-dice|p_best", "P(by the end)"),
    msg("sly-dice|best_move", "Best move"),
    msg("sly-dice|move_stop", "stop"),
    msg("sly-dice|move_aside", "set a {face} aside"),
    msg("sly-dice|move_roll", "roll"),
    msg("sly-dice|true_for_you", "True for you"),
    msg("sly-dice|yes", "yes"),
    msg("sly-dice|no", "no"),
    msg("sly-dice|p_others", "P(true), the others' view"),
    msg(
        "sly-dice|claim_note",
        "P(true), the others' view: how likely the others find the card true from what they "
        "see (the common dice, the dice you set aside, when you stopped), not from your "
        "hidden dice. A card true for you may look unlikely to them, even 0%.",
    ),
    msg("sly-dice|they_accuse", "A calculator accuses?"),
    msg("sly-dice|bots_accuse", "P(a bot accuses)"),
    msg("sly-dice|case", "Case"),
    msg("sly-dice|case_true", "true"),
    msg("sly-dice|case_lie", "lie"),
    msg("sly-dice|prior", "Prior"),
    msg("sly-dice|likelihood", "P(this claim | case)"),
    msg("sly-dice|posterior", "Posterior"),
    msg(
        "sly-dice|bayes_note",
        "If {name} rolled to make the card worth the most points and lied one time in four "
        "(a model of a typical player, not {name}'s own way of playing): accuse {accuse}; "
        "pass {pass_} (expected points: yours minus the others' average).",
    ),
    msg(
        "sly-dice|bayes_note_bot",
        "Exact for {name}, the {bot}: the dice it can hold after rolling as it rolls, and "
        "how often it makes this claim with each. Accuse {accuse}; pass {pass_} (expected "
        "points: yours minus the others' average).",
    ),
    # the engine's illegal moves, by rule name
    msg(
        "sly-dice|rule:the start player rolls the common dice first",
        "the start player rolls the common dice first",
    ),
    msg(
        "sly-dice|rule:players roll their own dice in turn, from the start player",
        "everyone has rolled: it is time to claim",
    ),
    msg("sly-dice|rule:at most three own rolls", "no own rolls left: stop and claim"),
    msg(
        "sly-dice|rule:every player rolls their own dice at least once",
        "roll your own dice once before stopping",
    ),
    msg(
        "sly-dice|rule:a roll after the first sets one hidden die aside first",
        "set one hidden die aside before rolling again",
    ),
    msg(
        "sly-dice|rule:claims go clockwise from the start player",
        "it is not your turn to claim a card",
    ),
    msg("sly-dice|rule:a claim names a card on the table", "that card is not on the table"),
    msg(
        "sly-dice|rule:the other players are asked in clockwise order",
        "nobody is being asked about a claim now",
    ),
    msg("sly-dice|rule:a claim nobody accused may be revealed", "there is no claim to reveal now"),
    msg("sly-dice|rule:the game ends after the last round", "the game is over"),
    msg(
        "sly-dice|rule_name:the start player rolls the common dice first",
        "the start player rolls the common dice first",
    ),
    msg(
        "sly-dice|rule_name:players roll their own dice in turn, from the start player",
        "players roll their own dice in turn, from the start player",
    ),
    msg("sly-dice|rule_name:at most three own rolls", "at most three own rolls"),
    msg(
        "sly-dice|rule_name:every player rolls their own dice at least once",
        "every player rolls their own dice at least once",
    ),
    msg(
        "sly-dice|rule_name:a roll after the first sets one hidden die aside first",
        "a roll after the first sets one hidden die aside first",
    ),
    msg(
        "sly-dice|rule_name:claims go clockwise from the start player",
        "claims go clockwise from the start player",
    ),
    msg(
        "sly-dice|rule_name:a claim names a card on the table",
        "a claim names a card on the table",
    ),
    msg(
        "sly-dice|rule_name:the other players are asked in clockwise order",
        "the other players are asked in clockwise order",
    ),
    msg(
        "sly-dice|rule_name:a claim nobody accused may be revealed",
        "a claim nobody accused may be revealed",
    ),
    msg(
        "sly-dice|rule_name:the game ends after the last round",
        "the game ends after the last round",
    ),
    msg("sly-dice|rule_name:an action of Sly Dice", "an action of Sly Dice"),
)
