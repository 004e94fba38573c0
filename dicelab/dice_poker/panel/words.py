"""The words of the Dice Poker panel (English here, every other language in the
catalogs, `dicelab.core.i18n`), and the texts it builds from the game: the
joker explanation, the bonus progress, the game-over summary.

>>> from dicelab.core.ui.panel import Words
>>> Words(WORDS, "pt")("turn", turn=3, turns=15)
'Rodada 3 de 15'
>>> Words(WORDS, "es")("roll", n=2)
'Tirar (quedan 2)'
>>> Words(WORDS, "it")("turn", turn=3, turns=15)
'Turno 3 di 15'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dicelab.core.i18n import messages, msg, msg_plural
from dicelab.core.present.charts import html_table
from dicelab.core.ui.panel import COMMON_WORDS, Words
from dicelab.core.ui.words import result_text
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.rules import UPPER_IDS, Hold, Ruleset, is_joker, poker_bonus_due

WORDS = COMMON_WORDS | messages(
    msg("dice-poker|title", "Dice Poker"),
    msg("dice-poker|roll", "Roll ({n} left)"),
    msg("dice-poker|turn", "Turn {turn} of {turns}"),
    msg("dice-poker|to_play", "{name} to play"),
    msg("dice-poker|held", "held"),
    msg("dice-poker|hold", "Hold"),
    msg("dice-poker|release", "Release"),
    msg("dice-poker|roll_first", "Roll the dice first"),
    msg("dice-poker|no_rolls_left", "No rolls left: score a box"),
    msg("dice-poker|all_held", "All five dice are held: release one to roll"),
    msg("dice-poker|game_is_over", "The game is over"),
    msg("dice-poker|review_where", "Turn {turn}, roll {roll}"),
    msg("dice-poker|not_yours", "It is {name}'s turn"),
    # the engine's illegal moves, by rule name
    msg("dice-poker|rule:at most three rolls a turn", "no rolls left this turn: score a box"),
    msg("dice-poker|rule:roll before holding or scoring", "roll the dice first"),
    msg(
        "dice-poker|rule:a turn starts by rolling all five dice",
        "the first roll of a turn rolls all five dice",
    ),
    msg("dice-poker|rule:a reroll rolls 1 to 5 dice", "all five dice are held: nothing to reroll"),
    msg(
        "dice-poker|rule:held dice keep their faces",
        "the held die at position {position} must stay",
    ),
    msg("dice-poker|rule:the game ends after the last turn", "the game is over"),
    msg("dice-poker|rule:each box is filled once", "{box} is already filled (with {points})"),
    msg("dice-poker|rule:joker rule", "this five of a kind must go in: {boxes}"),
    msg("dice-poker|rule:players take turns", "it is {name}'s turn, not {other}'s"),
    msg("dice-poker|rule_name:at most three rolls a turn", "at most three rolls a turn"),
    msg(
        "dice-poker|rule_name:a turn starts by rolling all five dice",
        "a turn starts by rolling all five dice",
    ),
    msg("dice-poker|rule_name:a reroll rolls 1 to 5 dice", "a reroll rolls 1 to 5 dice"),
    msg("dice-poker|rule_name:held dice keep their faces", "held dice keep their faces"),
    msg("dice-poker|rule_name:five dice, at positions 0..4", "five dice, at positions 0..4"),
    msg("dice-poker|rule_name:roll before holding or scoring", "roll before holding or scoring"),
    msg(
        "dice-poker|rule_name:the game ends after the last turn",
        "the game ends after the last turn",
    ),
    msg("dice-poker|rule_name:an action is a Roll or a Score", "an action is a Roll or a Score"),
    msg("dice-poker|rule_name:the boxes of the score card", "the boxes of the score card"),
    msg("dice-poker|rule_name:each box is filled once", "each box is filled once"),
    msg("dice-poker|rule_name:joker rule", "joker rule"),
    msg("dice-poker|rule_name:players take turns", "players take turns"),
    msg("dice-poker|box", "Box"),
    msg("dice-poker|upper_total", "Upper subtotal"),
    msg("dice-poker|bonus", "Bonus"),
    msg("dice-poker|bonus_more", "{n} more for the bonus"),
    msg("dice-poker|bonus_earned", "bonus earned"),
    msg("dice-poker|bonus_missed", "no bonus"),
    msg("dice-poker|lower_total", "Lower subtotal"),
    msg("dice-poker|poker_bonus", "Poker bonus"),
    msg("dice-poker|closed", "closed by the joker rule"),
    msg("dice-poker|score_here", "Score {points} here"),
    msg("dice-poker|filled", "filled"),
    # a score box as a screen reader names it
    msg("dice-poker|box_scored", "{name}, {box}: scored {points}"),
    msg("dice-poker|box_option", "{name}, {box}: scores {points}"),
    msg("dice-poker|box_empty", "{name}, {box}: empty"),
    msg("dice-poker|new_game_started", "New game (seed {seed}): {name} rolls first"),
    msg("dice-poker|rolled", "{name} rolled {dice}"),
    msg("dice-poker|scored", "{name} wrote {points} in {box}"),
    msg("dice-poker|scored_bonus", " (+{bonus} poker bonus)"),
    msg("dice-poker|not_your_turn", "It is {name}'s turn, not {other}'s"),
    msg("dice-poker|winner_word", "winner"),
    # how to play (the rules in a few lines, the words the Hints use defined)
    msg(
        "dice-poker|how_goal",
        "Fill your 15 boxes in 15 turns; the highest total wins. A turn: roll the five "
        "dice; up to twice more, click dice to hold them and roll the others; then "
        "write the dice in one open box (0 if they do not make it). The upper boxes "
        "score the dice of their face; 64 or more there adds 35.",
    ),
    msg(
        "dice-poker|def_chance_now",
        "the probability of making the box by the end of the turn if you hold the dice "
        "you hold now and roll the others.",
    ),
    msg(
        "dice-poker|def_best_hold",
        "the dice to hold that give the highest probability of making the box.",
    ),
    msg("dice-poker|def_points", "what the box is expected to get if you roll for it."),
    # hints
    msg(
        "dice-poker|hints_before",
        "Before the first roll: the chance of each box in a whole turn (3 rolls, holds "
        "aimed at that box)",
    ),
    msg_plural(
        "dice-poker|hints_now",
        "Holding {hold}, 1 roll left: your chances by the end of the turn",
        "Holding {hold}, {count} rolls left: your chances by the end of the turn",
    ),
    msg(
        "dice-poker|hints_caption",
        "P: the probability of making the box by the end of the turn, rolling for it: an "
        "upper box needs three or more of its face (three of each face make 63; the bonus "
        "needs {bonus_at}), a lower box any points. Points: what the box is expected to "
        "get. Best hold: the hold that gives the highest probability. The joker rule is "
        "followed.",
    ),
    msg("dice-poker|hints_final", "No rolls left: what these dice make in each open box"),
    msg("dice-poker|hold_none", "nothing"),
    msg("dice-poker|hold_all", "all five"),
    msg("dice-poker|chance", "P"),
    msg("dice-poker|chance_now", "P(your hold)"),
    msg("dice-poker|points", "Points"),
    msg("dice-poker|best_hold", "Best hold"),
    msg("dice-poker|best_chance", "P(best hold)"),
    msg("dice-poker|advisor_title", "Advisor: expected final score"),
    msg("dice-poker|optimal_load", "Optimal advice"),
    msg(
        "dice-poker|optimal_tip",
        "Work out perfect play for the whole game (a minute or so the first time, in the "
        "background: keep playing; then it is kept)",
    ),
    msg("dice-poker|solving", "Working out perfect play: {percent}%"),
    msg(
        "dice-poker|missing_table",
        "The class's shared solver cache has no table for these rules: ask your teacher to "
        "run `dicelab solve --all`",
    ),
    msg("dice-poker|optimal_cancelled", "Optimal advice cancelled"),
    msg("dice-poker|if_roll_again", "If you roll again, holding:"),
    msg("dice-poker|if_score_now", "If you score now, in:"),
    msg(
        "dice-poker|optimal_ready",
        "Optimal advice ready: perfect play expects {score} points from the start",
    ),
    msg("dice-poker|advisor_failed", "Advisor unavailable: {error}"),
    msg("dice-poker|expected", "Expected final score"),
    msg("dice-poker|yours", "your hold"),
    msg("dice-poker|hold_col", "Hold"),
)


def hold_key(dice: Sequence[int], held: frozenset[int], rolls_left: int) -> Hold:
    """The row of `current_turn_table` for these holds: the held faces, sorted
    (all five dice once no roll is left: stopping).

    >>> hold_key((6, 2, 6, 3, 6), frozenset({0, 2, 4}), 2)
    (6, 6, 6)
    >>> hold_key((6, 2, 6, 3, 6), frozenset(), 1), hold_key((6, 2, 6, 3, 6), frozenset(), 0)
    ((), (2, 3, 6, 6, 6))
    """
    if rolls_left == 0:
        return tuple(sorted(dice))
    return tuple(sorted(dice[p] for p in held))


_JOKER = messages(
    msg(
        "dice-poker joker|head",
        "Joker! Five {face}s with {poker} already filled ({held}){bonus}.",
    ),
    msg("dice-poker joker|bonus", ": +{n} poker bonus"),
    msg("dice-poker joker|face_box", "It must go in the {box} box."),
    msg("dice-poker joker|lower", "{box} is filled, so it goes in any open lower box{full}."),
    msg("dice-poker joker|full", "; {names} score their full {points}"),
    msg(
        "dice-poker joker|no_face_box",
        "There is no upper box for {face}s, so it goes in any open lower box{full}.",
    ),
    msg("dice-poker joker|upper", "No lower box is open: write 0 in an open upper box."),
    msg("dice-poker joker|free", "It may go in any open box{full}."),
)


def joker_text(rules: Ruleset, card: Scorecard, dice: Sequence[int], lang: str) -> str:
    """A short explanation of the joker rule for this roll ("" when it does not apply).

    >>> from dicelab.dice_poker.rules import get_ruleset
    >>> rules = get_ruleset("dice-poker")
    >>> card = Scorecard(rules, dict.fromkeys(rules.box_ids) | {"poker": 50})
    >>> joker_text(rules, card, [6] * 5, "en")
    'Joker! Five 6s with Poker already filled (50): +100 poker bonus. It must go in the Sixes box.'
    >>> for sentence in joker_text(rules, card, [6] * 5, "it").split(". "):
    ...     print(sentence)
    Jolly! Cinque 6 con la casella Poker già segnata (50): +100 di bonus poker
    Va nella casella Sei.
    """
    if not is_joker(rules, card.boxes, dice):
        return ""
    words = Words(_JOKER, lang)
    bonus = poker_bonus_due(rules, card.boxes, dice)
    face = dice[0]
    head = words(
        "head",
        face=face,
        poker=rules.box("poker").label(lang),
        held=card.boxes["poker"],
        bonus=words("bonus", n=bonus) if bonus else "",
    )
    fixed = [b for b in rules.boxes if b.joker_points is not None and card.boxes[b.id] is None]
    full = (
        words(
            "full",
            names=", ".join(b.label(lang) for b in fixed),
            points="/".join(str(b.joker_points) for b in fixed),
        )
        if fixed
        else ""
    )
    face_id = UPPER_IDS[face - 1]
    face_open = face_id in rules.box_ids and card.boxes[face_id] is None
    lower_open = any(card.boxes[b.id] is None for b in rules.boxes if b.section == "lower")
    if rules.joker == "free":
        rule = words("free", full="" if face_open else full)
    elif face_open:
        rule = words("face_box", box=rules.box(face_id).label(lang))
    elif lower_open and face_id in rules.box_ids:
        rule = words("lower", box=rules.box(face_id).label(lang), full=full)
    elif lower_open:
        rule = words("no_face_box", face=face, full=full)
    else:
        rule = words("upper")
    return f"{head} {rule}"


def bonus_text(card: Scorecard, words: Words) -> str:
    """The upper bonus progress: "12 more for the bonus", "bonus earned" or "no bonus"."""
    if card.upper_bonus:
        return f"+{card.upper_bonus} ({words('bonus_earned')})"
    upper_open = any(card.boxes[b.id] is None for b in card.ruleset.boxes if b.section == "upper")
    if not upper_open:
        return f"0 ({words('bonus_missed')})"
    return words("bonus_more", n=card.bonus_needed)


def game_over_text(game: DicePokerGame, words: Words) -> tuple[str, str]:
    """The end screen: "Game over! Winner: Ana with 212." and, as HTML, every
    player's subtotals, bonuses and total."""
    totals = game.totals()
    head = f"{words('game_over')} {result_text(totals, game.winners(), words)}"
    parts: list[tuple[str, Callable[[Scorecard], int]]] = [
        ("upper_total", lambda card: card.upper_total),
        ("bonus", lambda card: card.upper_bonus),
        ("lower_total", lambda card: card.lower_total),
    ]
    if game.ruleset.poker_bonus:
        parts.append(("poker_bonus", lambda card: card.poker_bonus))
    parts.append(("total", lambda card: card.total))
    rows = [[words(key)] + [str(part(card)) for card in game.state.cards] for key, part in parts]
    return head, html_table(["", *game.players], rows, "dicelab-breakdown")
