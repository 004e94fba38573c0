"""The turn advisor: every option of the turn at hand, its value and its cost.

`advise(state, dice, rolls_left)` lists, best first, every distinct hold of
the dice (or, after the last roll, every box the rules allow) with

- its **expected final score**: the points already on the card, plus the
  bonuses earned, plus the expected points still to come when every later
  choice is optimal (`dicelab.dice_poker.solver`);
- its **delta**: how much expected score it gives up against the best
  option (0 for the best);
- beside them, for holds, the exact chance of each open box by the end of the
  turn when the remaining rolls aim at that box alone
  (`dicelab.dice_poker.odds.current_turn_table`), so that "odds" and "value"
  can be compared side by side.

Expected scores are float64 numbers from the solver, shown rounded to four
decimals: unlike the odds, they are not exact fractions.

>>> from dataclasses import replace
>>> from dicelab.dice_poker.rules import get_ruleset
>>> from dicelab.dice_poker.solver import CardState, solve
>>> rules = get_ruleset("yahtzee")
>>> few = replace(rules, name="yahtzee-3", boxes=rules.boxes[-3:])
>>> table = advise(CardState(), [2, 3, 4, 5, 6], 0, few,
...                solution=solve(few, cache=False, progress="none"))
>>> [row["box"] for row in table], table.rows[0]["delta"]
(['large_straight', 'chance', 'poker'], 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

from dicelab.core.dice.hands import Hand, as_hand
from dicelab.core.engine.checks import whole_number
from dicelab.core.i18n import msg, msg_plural, translate
from dicelab.core.present.table import PROBABILITY, Column, OddsTable
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.rules import DICE, ROLLS_PER_TURN, Ruleset, get_ruleset, hold_text
from dicelab.dice_poker.solver import CardState, Solution, solution_for, solve
from dicelab.dice_poker.solver.cache import ruleset_key
from dicelab.dice_poker.solver.lookup import Boxes, Holds
from dicelab.dice_poker.state import GameState
from dicelab.dice_poker.values import TurnAdvice, turn_advice, turn_values
from dicelab.errors import SettingsError

MAX_ROLLS_LEFT = 2
PLACES = 4

NOTE = msg(
    "dice-poker|advise_note",
    "Expected final score: points on the card + bonuses earned + expected points to come "
    "with optimal play (float64 from the solver, rounded to 4 decimals, not an exact "
    "fraction). Delta: expected score given up against the best option.",
)
ODDS_NOTE = msg(
    "dice-poker|advise_odds_note",
    "Box columns: the exact chance of each open box by the end of this turn, "
    "when the remaining rolls aim at that box alone.",
)
HOLD_TITLE = msg_plural(  # "1 roll(s)" in English, as ever
    "dice-poker|advise_holds",
    "Hand {hand}, {count} roll(s) left: the value of each hold with optimal play",
    "Hand {hand}, {count} roll(s) left: the value of each hold with optimal play",
)
BOX_TITLE = msg(
    "dice-poker|advise_boxes", "Hand {hand}, last roll: the value of each box with optimal play"
)
HEADINGS = {
    "hold": msg("dice-poker|hold_heading", "Hold"),
    "rerolled": msg("dice-poker|rerolled", "Dice rerolled"),
    "box": msg("odds|box", "Box"),
    "name": msg("odds|name", "Name"),
    "points": msg("odds|points", "Points"),
    "bonus": msg("dice-poker|bonus", "Bonus"),
    "expected_score": msg("dice-poker|expected_final", "Expected final score"),
    "delta": msg("dice-poker|delta", "Delta"),
}


def _headed(columns: Sequence[Column], lang: str) -> tuple[Column, ...]:
    """The columns with their headings (`HEADINGS`) in `lang`, the holds written in `lang`.

    >>> [c.label for c in _headed([Column("delta", "Delta"), Column("pair", "Par")], "pt")]
    ['Diferença', 'Par']
    """
    headed = []
    for column in columns:
        if column.key in HEADINGS:
            column = replace(column, label=translate(HEADINGS[column.key], lang))
        if column.key == "hold":
            column = replace(column, show=lambda hold: hold_text(hold, lang))
        headed.append(column)
    return tuple(headed)


def _resolve(
    state: CardState | Scorecard | DicePokerGame | None,
    dice: Sequence[int] | None,
    rolls_left: int | None,
    ruleset: str | Ruleset | None,
) -> tuple[Ruleset, CardState, Sequence[int], int]:
    """The ruleset, state, dice and rolls left, from whatever was given."""
    own: Ruleset | None = None
    if isinstance(state, DicePokerGame):
        if state.is_over:
            raise SettingsError("the game is over: there is nothing to advise")
        own = state.ruleset
        if dice is None:
            if state.dice is None:
                raise SettingsError("roll the dice first (or give the dice to advise on)")
            dice = state.dice
        if rolls_left is None:
            rolls_left = state.rolls_left
        state = CardState.from_card(state.card)
    elif isinstance(state, Scorecard):
        own = state.ruleset
        state = CardState.from_card(state)
    elif state is None:
        state = CardState()
    elif not isinstance(state, CardState):
        raise SettingsError(
            f"advise needs a CardState, a Scorecard or a DicePokerGame, not {state!r}"
        )
    rules = get_ruleset(ruleset) if ruleset is not None else own or get_ruleset("dice-poker")
    if own is not None and ruleset is not None and ruleset_key(rules) != ruleset_key(own):
        raise SettingsError(f"this card is played with {own.name}, not {rules.name}")
    if dice is None:
        raise SettingsError("which dice? give five faces 1 to 6")
    if rolls_left is None:
        rolls_left = MAX_ROLLS_LEFT
    rolls_left = whole_number(rolls_left, "rolls_left", 0, MAX_ROLLS_LEFT)
    state.check(rules)
    if len(state.filled) == len(rules.boxes):
        raise SettingsError("every box is filled: the game is over")
    return rules, state, dice, rolls_left


def advise(
    state: CardState | Scorecard | DicePokerGame | None = None,
    dice: Sequence[int] | None = None,
    rolls_left: int | None = None,
    ruleset: str | Ruleset | None = None,
    *,
    solution: Solution | None = None,
    progress: str | bool | None = "auto",
    lang: str = "en",
) -> OddsTable:
    """Every option of this turn with its expected final score and its delta.

    `state` is a `CardState`, a `Scorecard` or a `DicePokerGame` (its current
    player's card, and by default its dice and rolls left); None is an empty
    card.  With `rolls_left` 1 or 2 the rows are the distinct holds ("all
    (stop)" is scoring now); with 0 they are the legal boxes.  The ruleset's
    table is solved (or loaded from the cache) unless `solution` is given.
    The table's words are in `lang`.
    """
    rules, state, dice, rolls_left = _resolve(state, dice, rolls_left, ruleset)
    hand = as_hand(dice, 5)
    solution = solution_for(rules, solution, progress)
    advice = turn_advice(solution, state, hand, rolls_left)
    if rolls_left == 0:
        return _box_table(advice, solution.rules, state, hand, lang)
    return _hold_table(advice, solution.rules, state, hand, rolls_left, lang)


def _meta(
    rules: Ruleset, state: CardState, hand: Hand, rolls_left: int, best: str, top: dict[str, Any]
) -> dict[str, Any]:
    """The table's facts: the turn, and its best option with its expected score."""
    return {
        "game": "dice-poker",
        "ruleset": rules.name,
        "dice": list(hand),
        "rolls_left": rolls_left,
        "filled": [b for b in rules.box_ids if b in state.filled],
        "upper_total": state.upper_total,
        "poker_fifty": bool(state.poker_fifty),
        "banked": state.points(rules),
        "best": best,
        "expected_score": top["expected_score"],
    }


def _scores(value: float, delta: float) -> dict[str, float]:
    """An option's expected final score and delta, as the table shows them."""
    return {"expected_score": round(value, PLACES), "delta": round(delta, PLACES) + 0.0}


def hold_values(solution: Solution, state: CardState, hand: Hand, rolls_left: int) -> Holds:
    """The expected final score of each hold of `hand` with `rolls_left` (1 or
    2) rolls left, in `sub_hands` order (all five dice: stopping now), with
    optimal play after it (float64 from the solver)."""
    return turn_values(solution, state, hand, rolls_left)[0]


def box_values(solution: Solution, state: CardState, hand: Hand) -> Boxes:
    """Each box the rules let `hand` fill now, in card order: its points, the
    bonus it earns and the expected final score with optimal play after it."""
    return turn_values(solution, state, hand, 0)[1]


def _hold_columns(rules: Ruleset, open_boxes: tuple[int, ...], lang: str) -> tuple[Column, ...]:
    """The hold table's columns: the hold, its value, and the odds of each open box."""
    return _hold_head(lang) + tuple(_odds_column(rules, b, lang) for b in open_boxes)


@lru_cache(maxsize=16)
def _hold_head(lang: str) -> tuple[Column, ...]:
    from dicelab.dice_poker.odds import HOLD_COLUMN

    columns = (
        HOLD_COLUMN,
        Column("rerolled", "Dice rerolled"),
        Column("expected_score", "Expected final score"),
        Column("delta", "Delta"),
    )
    return _headed(columns, lang)


@lru_cache(maxsize=1024)
def _odds_column(rules: Ruleset, b: int, lang: str) -> Column:
    box = rules.boxes[b]
    return Column(box.id, box.label(lang), PROBABILITY)


def _hold_table(
    advice: TurnAdvice, rules: Ruleset, state: CardState, hand: Hand, rolls_left: int, lang: str
) -> OddsTable:
    open_boxes = [(b, box) for b, box in enumerate(rules.boxes) if box.id not in state.filled]
    rows: list[dict[str, Any]] = [
        {
            "hold": hold,
            "rerolled": DICE - len(hold),
            **_scores(value, delta),
            **{box.id: chances[b] for b, box in open_boxes},
        }
        for hold, value, delta, chances in zip(
            advice.options, advice.values, advice.deltas, advice.odds
        )
    ]
    faces = " ".join(map(str, hand))
    return OddsTable(
        translate(HOLD_TITLE, lang, count=rolls_left, hand=faces),
        _hold_columns(rules, tuple(b for b, _box in open_boxes), lang),
        tuple(rows),
        _meta(rules, state, hand, rolls_left, hold_text(rows[0]["hold"]), rows[0]),
        note=f"{translate(NOTE, lang)} {translate(ODDS_NOTE, lang)}",
    )


@lru_cache(maxsize=16)
def _box_columns(lang: str) -> tuple[Column, ...]:
    """The box table's columns: the box, its points and bonus, its value."""
    columns = (
        Column("box", "Box"),
        Column("name", "Name"),
        Column("points", "Points"),
        Column("bonus", "Bonus"),
        Column("expected_score", "Expected final score"),
        Column("delta", "Delta"),
    )
    return _headed(columns, lang)


def _box_table(
    advice: TurnAdvice, rules: Ruleset, state: CardState, hand: Hand, lang: str
) -> OddsTable:
    rows: list[dict[str, Any]] = []
    for box_id, value, delta in zip(advice.options, advice.values, advice.deltas):
        points, bonus, _value = advice.boxes[str(box_id)]
        box = rules.box(str(box_id))
        rows.append(
            {"box": box.id, "name": box.label(lang), "points": points, "bonus": bonus}
            | _scores(value, delta)
        )
    return OddsTable(
        translate(BOX_TITLE, lang, hand=" ".join(map(str, hand))),
        _box_columns(lang),
        tuple(rows),
        _meta(rules, state, hand, 0, rows[0]["box"], rows[0]),
        note=translate(NOTE, lang),
    )


class PanelAdvisor:
    """The optimal advisor in the form the Dice Poker panel asks for.

    `advise(state)` takes the game's `GameState` and gives the expected final
    score of every hold of the dice (while rolls are left) and of every box
    the dice may fill now, for the player to move.

    >>> from dataclasses import replace
    >>> from dicelab.dice_poker.game import DicePokerGame
    >>> rules = get_ruleset("yahtzee")
    >>> few = replace(rules, name="yahtzee-3", boxes=rules.boxes[-3:])
    >>> advisor = PanelAdvisor(solve(few, cache=False, progress="none"))
    >>> game = DicePokerGame(["Ana"], ruleset=few, seed=1)
    >>> _ = game.roll(dice=[2, 3, 4, 5, 6])
    >>> advice = advisor.advise(game.state)
    >>> max(advice["boxes"], key=advice["boxes"].get), max(advice["holds"], key=advice["holds"].get)
    ('large_straight', (2, 3, 4, 5, 6))
    """

    def __init__(self, solution: Solution) -> None:
        self.solution = solution

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset the table was solved for."""
        return self.solution.rules

    @property
    def expected_score(self) -> float:
        """The expected final score of perfect play from the start."""
        return self.solution.expected_score

    @classmethod
    def solved(cls, ruleset: str | Ruleset, progress: Any = "auto") -> PanelAdvisor:
        """Solve the ruleset (or load its table from the cache) and advise with it."""
        return cls(solve(ruleset, progress=progress))

    def advise(self, state: GameState) -> dict[str, dict[Any, float]]:
        """{"holds": {hold: expected final score}, "boxes": {box id: ...}} (a hold
        is the sorted tuple of held faces; all five dice: stopping), rounded
        as the advice table shows them."""
        if state.dice is None or state.finished:
            return {"holds": {}, "boxes": {}}
        card, rolls_left = state.cards[state.current], ROLLS_PER_TURN - state.rolls_used
        solution = solution_for(state.ruleset, self.solution)
        hand = as_hand(state.dice, DICE)
        holds, boxes = turn_values(solution, CardState.from_card(card), hand, rolls_left)
        return {
            "holds": {hold: round(v, PLACES) for hold, v in holds.items()},
            "boxes": {box: round(v, PLACES) for box, (_p, _b, v) in boxes.items()},
        }
