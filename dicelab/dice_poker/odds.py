"""Exact odds of every Dice Poker box: one roll, a whole turn, the turn at hand.

All counting is over the 252 hands with their weights (integers); fractions
appear only in the returned tables.

>>> t = turn_table("dice-poker", rolls=3)
>>> t.value("poker", "probability")  # five of a kind within three rolls
Fraction(347897, 7558272)
>>> single_roll_table().value("large_straight", "probability")
Fraction(5, 162)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any, Literal, get_args

import numpy as np

from dicelab.core.dice.hands import Hand, as_hand, dice_space, sub_hands
from dicelab.core.dice.rerolls import RerollPlan, exact_chance, plan_rerolls
from dicelab.core.engine.checks import whole_number
from dicelab.core.i18n import msg, translate
from dicelab.core.present.table import EXPECTATION, PROBABILITY, TEXT, Column, OddsTable
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.rules import (
    DICE,
    ROLLS_PER_TURN,
    UPPER_IDS,
    Hold,
    Ruleset,
    box_options,
    get_ruleset,
    hand_text,
    hold_text,
    qualify_table,
    score_table,
)
from dicelab.errors import SettingsError

Goal = Literal["probability", "score"]
GOALS: tuple[Goal, ...] = get_args(Goal)
HOLD_COLUMN = Column("hold", "Hold", TEXT, hold_text)
MAX_ROLLS = 6

_BOX_COLUMNS = (
    Column("box", "Box"),
    Column("name", "Name"),
    Column("name_pt", "Nome"),
    Column("probability", "Probability", PROBABILITY),
    Column("expected_score", "Expected score", EXPECTATION),
)


TURN_ONE = msg("dice-poker|odds_title_one", "{ruleset}: every box in one roll")
TURN_MANY = msg(
    "dice-poker|odds_title_many",
    "{ruleset}: every box in up to {rolls} rolls, holds aimed at each box",
)
TURN_NOTE = msg(
    "dice-poker|odds_note",
    "Probability: of qualifying. Expected score: points in that box alone. "
    "Each column uses the holds that are best for it.",
)
HEADINGS = {
    "box": msg("odds|box", "Box"),
    "name": msg("odds|name", "Name"),
    "probability": msg("odds|probability", "Probability"),
    "expected_score": msg("odds|expected_score", "Expected score"),
}


def _box_columns(lang: str) -> tuple[Column, ...]:
    """The columns of `turn_table` in `lang`: English shows the Portuguese name too.

    >>> [c.label for c in _box_columns("it")]
    ['Casella', 'Nome', 'Probabilità', 'Punteggio atteso']
    """
    if lang == "en":
        return _BOX_COLUMNS
    return tuple(
        dataclasses.replace(c, label=translate(HEADINGS[c.key], lang))
        for c in _BOX_COLUMNS
        if c.key in HEADINGS
    )


def _check_rolls(rolls: int) -> int:
    return whole_number(rolls, "rolls", 1, MAX_ROLLS)


def _check_rolls_left(rolls_left: int) -> int:
    return whole_number(rolls_left, "rolls_left", 0, MAX_ROLLS - 1)


def _check_goal(goal: Any) -> Goal:
    if goal not in GOALS:
        raise SettingsError(f"goal must be one of {', '.join(GOALS)}, not {goal!r}")
    return goal


def reroll_plan(ruleset: str | Ruleset, goal: Goal = "probability", rolls: int = 3) -> RerollPlan:
    """The best holds for each box of a ruleset, aiming at qualifying or at points.

    Row i of the plan is box i of the ruleset, played as if only that box
    counted: `goal="probability"` maximises the chance to qualify,
    `goal="score"` the expected points in the box.
    """
    return _plan(get_ruleset(ruleset), _check_goal(goal), _check_rolls(rolls))


@lru_cache(maxsize=64)
def _plan(rules: Ruleset, goal: Goal, rolls: int) -> RerollPlan:
    values = qualify_table(rules) if goal == "probability" else score_table(rules)
    return plan_rerolls(dice_space(DICE), values, rolls)


def turn_table(
    ruleset: str | Ruleset = "dice-poker", rolls: int = 3, lang: str = "en"
) -> OddsTable:
    """For every box: the best chance to qualify, and the best expected score,
    within `rolls` rolls (each aimed at that box alone); its words in `lang`.

    >>> turn_table("yahtzee", rolls=1).value("chance", "expected_score")
    Fraction(35, 2)
    >>> turn_table("yahtzee", rolls=1, lang="pt").title
    'yahtzee: cada casa em uma jogada'
    """
    rules, rolls = get_ruleset(ruleset), _check_rolls(rolls)
    chance_plan = reroll_plan(rules, "probability", rolls)
    score_plan = reroll_plan(rules, "score", rolls)
    rows = tuple(
        {
            "box": box.id,
            "name": box.label(lang),
            "name_pt": box.name_pt,
            "probability": exact_chance(chance_plan, i),
            "expected_score": exact_chance(score_plan, i),
        }
        for i, box in enumerate(rules.boxes)
    )
    title = translate(TURN_ONE if rolls == 1 else TURN_MANY, lang, ruleset=rules.name, rolls=rolls)
    return OddsTable(
        title,
        _box_columns(lang),
        rows,
        {"game": "dice-poker", "ruleset": rules.name, "rolls": rolls},
        note=translate(TURN_NOTE, lang),
    )


def single_roll_table(ruleset: str | Ruleset = "dice-poker") -> OddsTable:
    """For every box: the chance that one roll of five dice qualifies, and its
    expected score (`turn_table` with one roll).

    >>> single_roll_table().value("pair", "probability")
    Fraction(49, 54)
    """
    return turn_table(ruleset, rolls=1)


def current_turn_table(
    dice: Sequence[int],
    rolls_left: int,
    ruleset: str | Ruleset = "dice-poker",
    goal: Goal = "probability",
) -> OddsTable:
    """Every distinct hold of the dice in hand, with the exact chance of each box
    by the end of the turn (or its expected score, `goal="score"`), when the
    rolls after this one are aimed at that box.

    >>> t = current_turn_table([6, 6, 6, 2, 3], rolls_left=2)
    >>> t.value((6, 6, 6), "poker")  # hold the sixes, two rolls to go
    Fraction(121, 1296)
    >>> t.value("6 6 6", "poker") == t.value((6, 6, 6), "poker")  # or by its text
    True
    """
    rules = get_ruleset(ruleset)
    hand = as_hand(dice, DICE)
    rolls_left = _check_rolls_left(rolls_left)
    kind = PROBABILITY if _check_goal(goal) == "probability" else EXPECTATION
    columns = (
        HOLD_COLUMN,
        Column("rerolled", "Dice rerolled"),
        *(Column(box.id, box.name, kind) for box in rules.boxes),
    )
    if rolls_left == 0:
        table = qualify_table(rules) if goal == "probability" else score_table(rules)
        i = dice_space(DICE).index[hand]
        values = {box.id: Fraction(int(table[b, i])) for b, box in enumerate(rules.boxes)}
        rows: tuple[dict, ...] = ({"hold": hand, "rerolled": 0, **values},)
    else:
        plan = reroll_plan(rules, goal, rolls_left + 1)
        rows = tuple(
            {
                "hold": hold,
                "rerolled": DICE - len(hold),
                **dict(zip(rules.box_ids, plan.hold_row(hold, rolls_left))),
            }
            for hold in sub_hands(hand)
        )
    what = "chance of each box" if goal == "probability" else "expected score of each box"
    return OddsTable(
        f"Hand {' '.join(map(str, hand))}, {rolls_left} roll(s) left: {what} by each hold",
        columns,
        rows,
        {
            "game": "dice-poker",
            "ruleset": rules.name,
            "dice": list(hand),
            "rolls_left": rolls_left,
            "goal": goal,
        },
    )


def best_hold(
    box: str,
    dice: Sequence[int],
    rolls_left: int,
    ruleset: str | Ruleset = "dice-poker",
    goal: Goal = "probability",
) -> Hand:
    """The hold that gives `box` its best chance (or expected score) this turn.

    >>> best_hold("large_straight", [1, 2, 3, 4, 4], rolls_left=2)
    (1, 2, 3, 4)
    """
    rules, hand = get_ruleset(ruleset), as_hand(dice, DICE)
    rolls_left = _check_rolls_left(rolls_left)
    index = rules.box_ids.index(rules.box(box).id)
    plan = reroll_plan(rules, goal, rolls_left + 1)
    return plan.best_keep(index, hand, rolls_left)


def best_holds_table(
    box: str, rolls_left: int = 2, ruleset: str | Ruleset = "dice-poker", goal: Goal = "probability"
) -> OddsTable:
    """The plan behind `turn_table`: for each of the 252 hands, the best hold
    for `box` with `rolls_left` rolls to come, and the value it gives.

    >>> best_holds_table("poker").value((1, 1, 1, 1, 2), "hold")
    (1, 1, 1, 1)
    """
    rules, rolls_left = get_ruleset(ruleset), _check_rolls_left(rolls_left)
    index = rules.box_ids.index(rules.box(box).id)
    plan = reroll_plan(rules, goal, rolls_left + 1)
    rows = []
    for hand in dice_space(DICE).hands:
        hold = plan.best_keep(index, hand, rolls_left)
        rows.append(
            {
                "hand": hand,
                "hold": hold,
                "value": plan.keep_value(index, hold, rolls_left),
            }
        )
    label = "Probability" if goal == "probability" else "Expected score"
    kind = PROBABILITY if goal == "probability" else EXPECTATION
    return OddsTable(
        f"{rules.box(box).name}: best hold with {rolls_left} roll(s) to come",
        (
            Column("hand", "Hand", TEXT, hand_text),
            dataclasses.replace(HOLD_COLUMN, label="Best hold"),
            Column("value", label, kind),
        ),
        tuple(rows),
        {
            "game": "dice-poker",
            "ruleset": rules.name,
            "box": box,
            "rolls_left": rolls_left,
            "goal": goal,
        },
    )


# --- the turn at hand, on a real card (the panel's hints) -------------------------


@lru_cache(maxsize=64)
def _card_plans(
    rules: Ruleset, open_boxes: tuple[str, ...], poker: int | None, rolls: int
) -> tuple[RerollPlan, RerollPlan]:
    """Plans aimed at "making" each box and at its points, for a card with these
    open boxes and this Poker box (what the joker rule looks at)."""
    card: dict[str, int | None] = {b: (None if b in open_boxes else 0) for b in rules.box_ids}
    if "poker" in card and "poker" not in open_boxes:
        card["poker"] = poker
    hands = dice_space(DICE).hands
    made = np.zeros((len(rules.boxes), len(hands)), dtype=np.int64)
    points = np.zeros_like(made)
    for i, hand in enumerate(hands):
        options = box_options(rules, card, hand)
        for b, box in enumerate(rules.boxes):
            if box.id in options:
                points[b, i] = options[box.id]
                made[b, i] = _makes(box, hand, options[box.id])
    space = dice_space(DICE)
    return plan_rerolls(space, made, rolls), plan_rerolls(space, points, rolls)


def _makes(box: Any, hand: Hand, points: int) -> bool:
    """An upper box is made by three of its face (par for the bonus); a lower box
    by any points."""
    if box.section == "upper":
        return hand.count(UPPER_IDS.index(box.id) + 1) >= 3
    return points > 0


OUTLOOK_COLUMNS = (
    Column("box", "Box"),
    Column("chance", "Chance", PROBABILITY),
    Column("points", "Expected points", EXPECTATION),
    dataclasses.replace(HOLD_COLUMN, key="best_hold", label="Best hold"),
    Column("best_chance", "Its chance", PROBABILITY),
)


def turn_outlook(
    card: Scorecard, dice: Sequence[int] | None = None, hold: Hold = (), rolls_left: int = 2
) -> OddsTable:
    """For every open box of this card: the chance to *make* it by the end of the
    turn (an upper box: three or more of its face, par for the bonus; a lower
    box: any points), and its expected points, with `hold` kept and the
    remaining rolls aimed at that box; and the hold that gives the best chance.

    The joker rule is followed (a five of a kind writes what this card allows).
    With no `dice`, the chances of a whole turn before its first roll.

    >>> from dicelab.dice_poker.card import Scorecard
    >>> t = turn_outlook(Scorecard.empty("yahtzee"), [6, 6, 2, 3, 1], (6, 6), 2)
    >>> t.value("sixes", "chance"), t.value("sixes", "best_hold")
    (Fraction(31031, 46656), (6, 6))
    """
    rules = card.ruleset
    open_boxes = card.open_boxes
    poker = card.boxes.get("poker")
    if dice is None:
        made, points = _card_plans(rules, open_boxes, poker, ROLLS_PER_TURN)
        rows = [
            {
                "box": box.id,
                "chance": exact_chance(made, b),
                "points": exact_chance(points, b),
                "best_hold": (),
                "best_chance": exact_chance(made, b),
            }
            for b, box in enumerate(rules.boxes)
            if box.id in open_boxes
        ]
        return _outlook_table(rules, rows, "a whole turn, before its first roll", None, 0)
    hand = as_hand(dice, DICE)
    rolls_left = _check_rolls_left(rolls_left)
    made, points = _card_plans(rules, open_boxes, poker, rolls_left + 1)
    index = dice_space(DICE).index[hand]
    rows = []
    for b, box in enumerate(rules.boxes):
        if box.id not in open_boxes:
            continue
        row: dict[str, Any]
        if rolls_left == 0:
            chance = Fraction(int(made.hand_values[0][b, index]))
            row = {"chance": chance, "points": Fraction(int(points.hand_values[0][b, index]))}
            row |= {"best_hold": hand, "best_chance": chance}
        else:
            best = made.best_keep(b, hand, rolls_left)
            row = {
                "chance": made.keep_value(b, hold, rolls_left),
                "points": points.keep_value(b, hold, rolls_left),
                "best_hold": best,
                "best_chance": made.keep_value(b, best, rolls_left),
            }
        rows.append({"box": box.id, **row})
    where = f"holding {hold_text(hold)}, {rolls_left} roll(s) left"
    return _outlook_table(rules, rows, where, hand, rolls_left)


def _outlook_table(
    rules: Ruleset, rows: list[dict[str, Any]], where: str, hand: Hand | None, rolls_left: int
) -> OddsTable:
    return OddsTable(
        f"{rules.name}: every open box, {where}",
        OUTLOOK_COLUMNS,
        tuple(rows),
        {
            "game": "dice-poker",
            "ruleset": rules.name,
            "dice": None if hand is None else list(hand),
            "rolls_left": rolls_left,
        },
        note="Chance: of making the box by the end of the turn (upper boxes: three or more "
        "of the face, par for the bonus; lower boxes: any points), the remaining rolls "
        "aimed at it. Best hold: the hold that gives that chance its highest value.",
    )
