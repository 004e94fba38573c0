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
from typing import Any

import numpy as np

from dicelab.core.dice.hands import Hand, as_hand, sub_hands
from dicelab.core.engine.checks import whole_number
from dicelab.core.i18n import msg, msg_plural, translate
from dicelab.core.present.table import PROBABILITY, Column, OddsTable
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.rules import DICE, ROLLS_PER_TURN, Ruleset, get_ruleset, hold_text
from dicelab.dice_poker.solver import CardState, Solution, solve
from dicelab.dice_poker.solver.cache import ruleset_key
from dicelab.dice_poker.solver.kernels import KEEPS, Workspace, average_keeps, end_values, reroll
from dicelab.dice_poker.solver.rewards import ILLEGAL, legal_points
from dicelab.dice_poker.solver.space import keep_lattice
from dicelab.dice_poker.state import GameState
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
    if solution is None:
        solution = solve(rules, progress=progress)
    elif ruleset_key(solution.rules) != ruleset_key(rules):
        raise SettingsError(f"this solution is for {solution.rules.name}, not {rules.name}")
    if rolls_left == 0:
        return _box_table(solution, state, hand, lang)
    return _hold_table(solution, state, hand, rolls_left, lang)


def _state_arrays(solution: Solution, state: CardState) -> tuple[np.ndarray, ...]:
    filled, upper, poker_fifty = solution.space.unflat(np.array([solution.index(state)]))
    return filled, upper, poker_fifty


def _meta(rules: Ruleset, state: CardState, hand: Hand, rolls_left: int) -> dict[str, Any]:
    return {
        "game": "dice-poker",
        "ruleset": rules.name,
        "dice": list(hand),
        "rolls_left": rolls_left,
        "filled": [b for b in rules.box_ids if b in state.filled],
        "upper_total": state.upper_total,
        "poker_fifty": bool(state.poker_fifty),
        "banked": state.points(rules),
    }


def _finish(rows: list[dict[str, Any]], values: list[float]) -> list[dict[str, Any]]:
    """Best first.  Options whose values agree to 1e-6 (exact ties, up to the
    float noise of the solver) keep their given order, on every machine."""
    order = sorted(range(len(rows)), key=lambda i: -round(values[i], 6))
    best = values[order[0]]
    out = []
    for i in order:
        row = rows[i]
        row["expected_score"] = round(values[i], PLACES)
        row["delta"] = round(best - values[i], PLACES) + 0.0
        out.append(row)
    return out


def hold_values(
    solution: Solution, state: CardState, hand: Hand, rolls_left: int
) -> dict[Hand, float]:
    """The expected final score of each hold of `hand` with `rolls_left` (1 or
    2) rolls left, in `sub_hands` order (all five dice: stopping now), with
    optimal play after it (float64 from the solver)."""
    space, w = solution.space, keep_lattice()
    filled, upper, poker_fifty = _state_arrays(solution, state)
    ws = Workspace(1, space.boxes)
    end = end_values(space, solution.values, solution.seconds, filled, upper, poker_fifty, ws)
    after = end.mean
    if rolls_left == 2:
        after = reroll(end.mean, end.second, end, ws, (ws.hands[0], ws.hands[1])).mean
    keeps = average_keeps(after, np.empty((KEEPS, 1)), ws.cand)
    offsets = np.cumsum([0] + [len(level) for level in w.keeps])
    banked = state.points(solution.rules)
    values = {}
    for hold in sub_hands(hand):
        size, index = w.keep_index[hold]
        value = end.mean[index, 0] if hold == hand else keeps[offsets[size] + index, 0]
        values[hold] = banked + float(value)
    return values


def _hold_table(
    solution: Solution, state: CardState, hand: Hand, rolls_left: int, lang: str
) -> OddsTable:
    from dicelab.dice_poker.odds import HOLD_COLUMN, current_turn_table

    rules = solution.rules
    odds = current_turn_table(hand, rolls_left, rules)
    open_boxes = [b for b in rules.boxes if b.id not in state.filled]
    rows, values = [], []
    for hold, value in hold_values(solution, state, hand, rolls_left).items():
        chances = odds.row(hold)
        rows.append(
            {
                "hold": hold,
                "rerolled": DICE - len(hold),
                **{box.id: chances[box.id] for box in open_boxes},
            }
        )
        values.append(value)
    columns = (
        HOLD_COLUMN,
        Column("rerolled", "Dice rerolled"),
        Column("expected_score", "Expected final score"),
        Column("delta", "Delta"),
        *(Column(box.id, box.label(lang), PROBABILITY) for box in open_boxes),
    )
    rows = _finish(rows, values)
    meta = _meta(rules, state, hand, rolls_left) | {
        "best": hold_text(rows[0]["hold"]),
        "expected_score": rows[0]["expected_score"],
    }
    faces = " ".join(map(str, hand))
    return OddsTable(
        translate(HOLD_TITLE, lang, count=rolls_left, hand=faces),
        _headed(columns, lang),
        tuple(rows),
        meta,
        note=f"{translate(NOTE, lang)} {translate(ODDS_NOTE, lang)}",
    )


def box_values(
    solution: Solution, state: CardState, hand: Hand
) -> dict[str, tuple[int, int, float]]:
    """Each box the rules let `hand` fill now, in card order: its points, the
    bonus it earns and the expected final score with optimal play after it."""
    rules, space = solution.rules, solution.space
    filled = sum(1 << b for b, box_id in enumerate(rules.box_ids) if box_id in state.filled)
    poker_fifty = bool(state.poker_fifty)
    points, poker_bonus = legal_points(rules, filled, poker_fifty)
    h = keep_lattice().keep_index[hand][1]
    banked = state.points(rules)
    values = {}
    for b, box in enumerate(rules.boxes):
        p = int(points[b, h])
        if p == ILLEGAL:
            continue
        upper = state.upper_total + (p if space.faces[b] else 0)
        bonus = int(poker_bonus[h]) + rules.upper_bonus_for(upper)
        bonus -= rules.upper_bonus_for(state.upper_total)
        nxt = CardState(
            state.filled | {box.id},
            upper,
            (p == 50) if box.id == "poker" else bool(state.poker_fifty),
        )
        values[box.id] = (p, bonus, banked + p + bonus + solution.future(nxt))
    return values


def _box_table(solution: Solution, state: CardState, hand: Hand, lang: str) -> OddsTable:
    rules = solution.rules
    rows, values = [], []
    for box_id, (p, bonus, value) in box_values(solution, state, hand).items():
        box = rules.box(box_id)
        rows.append({"box": box.id, "name": box.label(lang), "points": p, "bonus": bonus})
        values.append(value)
    columns = (
        Column("box", "Box"),
        Column("name", "Name"),
        Column("points", "Points"),
        Column("bonus", "Bonus"),
        Column("expected_score", "Expected final score"),
        Column("delta", "Delta"),
    )
    rows = _finish(rows, values)
    meta = _meta(rules, state, hand, 0) | {
        "best": rows[0]["box"],
        "expected_score": rows[0]["expected_score"],
    }
    return OddsTable(
        translate(BOX_TITLE, lang, hand=" ".join(map(str, hand))),
        _headed(columns, lang),
        tuple(rows),
        meta,
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

    def advise(self, state: GameState) -> dict[str, dict[str, float]]:
        """{"holds": {hold: expected final score}, "boxes": {box id: ...}} (a hold
        is the sorted tuple of held faces; all five dice: stopping)."""
        if state.dice is None or state.finished:
            return {"holds": {}, "boxes": {}}
        card, rolls_left = state.cards[state.current], ROLLS_PER_TURN - state.rolls_used
        rules = state.ruleset
        boxes = advise(card, state.dice, 0, rules, solution=self.solution)
        advice = {"holds": {}, "boxes": {row["box"]: row["expected_score"] for row in boxes}}
        if rolls_left:
            holds = advise(card, state.dice, rolls_left, rules, solution=self.solution)
            advice["holds"] = {row["hold"]: row["expected_score"] for row in holds}
        return advice
