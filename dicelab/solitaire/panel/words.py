"""The words of the Solitaire Dice panel (English here, every other language in
the catalogs, `dicelab.core.i18n`), and the texts it builds from the game: an
option as the dice that make it, the game-over summary.

>>> from dicelab.core.ui.panel import Words
>>> words = Words(WORDS, "pt")
>>> option_text((1, 4, 4, 4, 6), Split((10, 8), 1), words)
'4+4=8 · 4+6=10 · descarte 1'
>>> option_text((3, 4, 4, 6, 6), Split((7, 10)), Words(WORDS, "es"))
'3+4=7 · 4+6=10 · 6 ignorado'
>>> option_text((3, 4, 4, 6, 6), Split((7, 10)), Words(WORDS, "en"))
'3+4=7 · 4+6=10 · 6 ignored'
>>> option_text((1, 4, 4, 4, 6), Split((10, 8), 1), Words(WORDS, "it"))
'4+4=8 · 4+6=10 · scarto 1'
"""

from __future__ import annotations

from collections.abc import Sequence

from dicelab.core.i18n import messages, msg, msg_plural
from dicelab.core.ui.panel import COMMON_WORDS, Words, listing
from dicelab.core.ui.words import result_text
from dicelab.errors import SettingsError
from dicelab.solitaire.rules import WIN, Split

WORDS = COMMON_WORDS | messages(
    msg("solitaire|review_at_roll", "Roll {roll}"),
    msg(
        "solitaire|review_planner_agrees", "The Planner agrees: the better split is clearly better."
    ),
    msg("solitaire|title", "Solitaire Dice"),
    msg("solitaire|roll", "Roll"),
    msg("solitaire|roll_number", "Roll {n}"),
    msg("solitaire|no_roll", "No roll yet"),
    msg("solitaire|click_roll", "Click Roll to start"),
    msg_plural(
        "solitaire|waiting",
        "Waiting for {names} to choose",
        "Waiting for {names} to choose",
    ),
    msg("solitaire|ready", "Ready for the next roll"),
    msg("solitaire|rolled", "Rolled {dice}"),
    msg_plural(
        "solitaire|choose_now",
        "{names}: choose a split",
        "{names}: choose a split",
    ),
    msg(
        "solitaire|dice_info",
        "The dice are everyone's: choose one of your options below your name",
    ),
    msg("solitaire|game_is_over", "The game is over"),
    msg("solitaire|capped", "(max {cap})"),
    msg("solitaire|total_label", "Total:"),
    msg("solitaire|chose", "{name} marked {option}: score {score}"),
    msg("solitaire|finished_now", "{name} has finished (8th mark on discard {face})"),
    msg("solitaire|status_choose", "to choose"),
    msg("solitaire|status_chosen", "has chosen"),
    msg("solitaire|status_finished", "finished"),
    msg("solitaire|status_wait", "waiting for the roll"),
    msg("solitaire|free_throw", "Free throw! none of your discards rolled: pick any two pairs"),
    msg("solitaire|free_for", "Free throw for {names}!"),
    msg("solitaire|discard", "discard {face}"),
    msg("solitaire|ignored", "{face} ignored"),
    msg("solitaire|score_after", "Score after: {score}"),
    msg("solitaire|suggested", "the hints' suggestion"),
    # an option as a screen reader names it: its number, then the text it shows
    msg("solitaire|option_name", "Option {n}: {option}"),
    msg("solitaire|gains", "gains"),
    msg("solitaire|penalties", "penalties"),
    msg("solitaire|discards_head", "discards"),
    msg("solitaire|sums_head", "pairs"),
    msg("solitaire|end_rule", "3 numbers at most; an 8th mark ends your game"),
    msg("solitaire|free_count", "free throws: {n}"),
    msg("solitaire|new_game_started", "New game (seed {seed}): click Roll"),
    # the end of the game
    msg("solitaire|solo", "{name} scored {points}."),
    msg("solitaire|win", "{names}: 500 or more, a win!"),
    msg("solitaire|no_win", "Nobody reached 500 (a win) this time."),
    msg("solitaire|no_win_solo", "500 or more is a win: not this time."),
    msg("solitaire|sum", "Sum"),
    msg("solitaire|value", "Value"),
    msg("solitaire|marks", "Marks"),
    msg("solitaire|marks_points", "marks → points"),
    msg("solitaire|rolls_free", "{rolls} rolls, free throws: {free}"),
    # how to play (the rules in a few lines, the words the Hints use defined)
    msg(
        "solitaire|how_goal",
        "Each roll of five dice is split into two pairs and one discard: each pair's "
        "sum gets a mark on the left, the discard on the right. Only three discard "
        "numbers in a game; it ends at a discard's 8th mark. A sum marked 1 to 4 times "
        "costs 200; from 6 marks it scores its value for each mark over 5.",
    ),
    msg("solitaire|term_free_throw", "Free throw"),
    msg(
        "solitaire|def_free_throw",
        "a roll that shows none of your three discard numbers: make any two pairs and "
        "mark no discard.",
    ),
    msg(
        "solitaire|def_discards",
        "the fifth die of each roll: at most three different numbers in a game, and one"
        " of them must be the discard whenever it is rolled.",
    ),
    # hints
    msg(
        "solitaire|hints_title",
        "{name}: the chance that the next roll offers each sum ({discards})",
    ),
    msg("solitaire|discards_none", "no discard number yet"),
    msg("solitaire|discards_some", "discards {faces}"),
    msg("solitaire|free_chance", "Free throw (none of {faces} rolled): {p}"),
    msg("solitaire|no_free", "No free throw before three discard numbers are chosen."),
    msg("solitaire|pair_sum", "pair sum"),
    msg("solitaire|p_offered", "P(offered)"),
    msg(
        "solitaire|legend",
        "Bars: grey, an empty line; red, 1 to 4 marks (−200 until the 5th); green, 5 marks "
        "or more.",
    ),
    msg("solitaire|advice_title", "{name}: the {bot}'s advice"),
    msg(
        "solitaire|advice_note_search",
        "Value: the planner's rating (its estimate of the final score) expected after the "
        "next roll; only the order counts.",
    ),
    msg(
        "solitaire|advice_note",
        "Value: the bot's rating of the sheet after each option; only the order counts.",
    ),
    msg("solitaire|advice_wait", "After a roll, the {bot} rates the options here."),
    msg("solitaire|advice_warming", "The {bot} is getting ready (a second or so)…"),
    msg("solitaire|option", "Option"),
    # bots
    msg("solitaire|bot_none", "no bot"),
    msg("solitaire|bot_random", "random bot"),
    msg("solitaire|bot_greedy", "greedy bot"),
    msg("solitaire|bot_planner", "planner bot"),
    msg("solitaire|bot_search", "search bot"),
    msg("solitaire|about_random", "Marks any option it may, at random"),
    msg("solitaire|about_greedy", "Takes the option that adds most to its score now"),
    msg("solitaire|about_planner", "Rates each option by the exact odds of the rolls to come"),
    msg(
        "solitaire|about_search",
        "Looks one roll further: every next roll with its exact chance, the planner's rating "
        "after it",
    ),
    msg("solitaire|bot_tip", "A bot seat after the players: it takes effect at the next New game"),
    msg("solitaire|bot_next", "The bot changes at the next New game"),
    msg("solitaire|is_bot", "{name} is a bot: it chooses by itself"),
    # the engine's illegal moves, by rule name
    msg("solitaire|rule:the game ends when every player has finished", "the game is over"),
    msg_plural(
        "solitaire|rule:every player still playing chooses before the next roll",
        "{names} must choose first",
        "{names} must choose first",
    ),
    msg("solitaire|rule:roll before choosing", "roll the dice first"),
    msg("solitaire|rule:a player who has finished does not choose", "{name} has finished"),
    msg("solitaire|rule:one option per player and roll", "{name} has chosen for this roll"),
    msg("solitaire|rule:a legal split of this roll", "that option is not legal for this roll"),
    msg("solitaire|rule:the sheet is finished at a discard's 8th mark", "this sheet is finished"),
    msg("solitaire|rule:at most three discard numbers", "{face} would be a fourth discard number"),
    msg(
        "solitaire|rule_name:the game ends when every player has finished",
        "the game ends when every player has finished",
    ),
    msg(
        "solitaire|rule_name:every player still playing chooses before the next roll",
        "every player still playing chooses before the next roll",
    ),
    msg("solitaire|rule_name:roll before choosing", "roll before choosing"),
    msg(
        "solitaire|rule_name:a player who has finished does not choose",
        "a player who has finished does not choose",
    ),
    msg("solitaire|rule_name:one option per player and roll", "one option per player and roll"),
    msg("solitaire|rule_name:a legal split of this roll", "a legal split of this roll"),
    msg(
        "solitaire|rule_name:the sheet is finished at a discard's 8th mark",
        "the sheet is finished at a discard's 8th mark",
    ),
    msg("solitaire|rule_name:at most three discard numbers", "at most three discard numbers"),
    msg("solitaire|rule_name:an action is a Roll or a Choose", "an action is a Roll or a Choose"),
)


def pairs_of(dice: Sequence[int], split: Split) -> tuple[tuple[int, int], tuple[int, int], int]:
    """The dice of each pair (in the order of the split's sums) and the fifth die.

    >>> pairs_of((1, 1, 2, 4, 5), Split((3, 9), 1))
    ((1, 2), (4, 5), 1)
    """
    faces = sorted(dice)
    for i, fifth in enumerate(faces):
        if split.discard is not None and fifth != split.discard:
            continue
        rest = faces[:i] + faces[i + 1 :]
        for j in (1, 2, 3):
            others = [f for k, f in enumerate(rest) if k not in (0, j)]
            first, second = (rest[0], rest[j]), (others[0], others[1])
            low, high = sorted([first, second], key=sum)
            if (sum(low), sum(high)) == split.pairs:
                return low, high, fifth
    raise SettingsError(f"{split} is not a split of the dice {tuple(dice)}")


def option_text(dice: Sequence[int], split: Split, words: Words) -> str:
    """An option as the dice that make it: "4+4=8 · 4+6=10 · discard 1"."""
    first, second, fifth = pairs_of(dice, split)
    end = words("ignored", face=fifth) if split.free else words("discard", face=fifth)
    pairs = " · ".join(f"{a}+{b}={a + b}" for a, b in (first, second))
    return f"{pairs} · {end}"


def game_over_text(scores: dict[str, int], winners: Sequence[str], words: Words) -> str:
    """ "Game over! Winner: Ana with 320. …" and who reached 500 (a win).

    >>> words = Words(WORDS, "en")
    >>> game_over_text({"Ana": 520, "Bia": 140}, ["Ana"], words)
    'Game over! Winner: Ana with 520. Ana: 500 or more, a win!'
    >>> game_over_text({"Ana": 220}, ["Ana"], words)
    'Game over! Ana scored 220. 500 or more is a win: not this time.'
    """
    if len(scores) == 1:
        head = words("solo", name=winners[0], points=scores[winners[0]])
    else:
        head = result_text(scores, winners, words)
    winning = [name for name, points in scores.items() if points >= WIN]
    if winning:
        tail = words("win", names=listing(winning, words))
    else:
        tail = words("no_win_solo" if len(scores) == 1 else "no_win")
    return f"{words('game_over')} {head} {tail}"
