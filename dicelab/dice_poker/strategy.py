"""Dice Poker strategies: how each one values the holds and boxes of a turn.

- "optimal": every hold and box as the solver says (the advisor's choices);
- "greedy": fill the box that scores the most points now (bonuses apart;
  ties: the first box on the card); hold to maximise those points at the end
  of the turn;
- "poker": hold to maximise the chance of five of a kind this turn; fill the
  box as "greedy" does.

Between holds of equal value every strategy takes the first in the order of
`dicelab.core.dice.hands.sub_hands` (more dice first, then lower faces).

`turn_values` values every keep of a turn for many games at once (the
simulator plays with it); `strategy(name, ruleset)` makes the same choices
for one game through the engine, as a `Strategy` (view, actions, rng) ->
action, so a simulated game and a game played by a bot are the same game.

>>> from dicelab.dice_poker.game import DicePokerGame
>>> from dicelab.core.engine import play_out
>>> game = DicePokerGame(["Bot"], "yahtzee", seed=3)
>>> scores = play_out(game, strategy("greedy", "yahtzee"))
>>> game.is_over, scores == game.scores()
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

import numpy as np

from dicelab.core.dice.hands import dice_space, sub_hands
from dicelab.dice_poker.game import Action, Roll, Score
from dicelab.dice_poker.rules import DICE, ROLLS_PER_TURN, Ruleset, get_ruleset, score_table
from dicelab.dice_poker.solver import Solution, solution_for
from dicelab.dice_poker.solver.kernels import (
    KEEPS,
    TIE,
    EndValues,
    Workspace,
    average_keeps,
    end_values,
    reroll,
)
from dicelab.dice_poker.solver.rewards import five_kind_options
from dicelab.dice_poker.solver.space import StateSpace, keep_lattice, state_space
from dicelab.dice_poker.state import GameState
from dicelab.errors import SettingsError

STRATEGIES = ("optimal", "greedy", "poker")


def check_strategy(name: Any) -> str:
    """`name` itself if it is one of `STRATEGIES`; else `SettingsError`."""
    if name not in STRATEGIES:
        raise SettingsError(f"strategy must be one of {', '.join(STRATEGIES)}, not {name!r}")
    return str(name)


# --- the values of one turn, for many games -------------------------------------


@dataclass(frozen=True, eq=False)
class TurnValues:
    """Per rolls left (1, 2) and per game: the value of each keep (the keep of
    all five dice: the value of stopping); and the box each final hand goes to
    (None: the box with the most points now)."""

    keeps: dict[int, np.ndarray]  # rolls left -> (463 x games), last row -inf
    box: np.ndarray | None


def _keep_values(
    space: StateSpace, mean: np.ndarray, second: np.ndarray, stop: EndValues, ws: Workspace
) -> dict[int, np.ndarray]:
    """For 1 and 2 rolls left: the value of each keep (463 x games: the 462
    keeps, the keeps of five dice being "stop", then a row of -inf)."""
    size = mean.shape[1]
    offsets = np.cumsum([0] + [len(level) for level in keep_lattice().keeps])
    one = np.full((KEEPS + 1, size), -np.inf)
    average_keeps(mean, one[:KEEPS], ws.cand)
    one[offsets[DICE] : KEEPS] = stop.mean
    after = reroll(mean, second, stop, ws, (ws.hands[0], ws.hands[1])).mean
    two = np.full((KEEPS + 1, size), -np.inf)
    average_keeps(after, two[:KEEPS], ws.cand)
    two[offsets[DICE] : KEEPS] = stop.mean
    return {1: one, 2: two}


def _greedy_points(space: StateSpace, filled: np.ndarray, poker_fifty: np.ndarray) -> np.ndarray:
    """The most points any legal box gives each hand now (252 x games)."""
    lattice = keep_lattice()
    scores = score_table(space.rules).astype(np.float64)
    open_ = ((filled[:, None] >> np.arange(space.boxes)) & 1) == 0
    best = np.full((len(lattice.counts), filled.size), -np.inf)
    for b in range(space.boxes):
        np.maximum(best, np.where(open_[:, b][None, :], scores[b][:, None], -np.inf), out=best)
    legal, points = five_kind_options(space.rules, filled, poker_fifty)
    best[lattice.five_kind] = np.where(legal, points, -1).max(axis=2).T
    return best


def turn_values(
    space: StateSpace,
    name: str,
    solution: Solution | None,
    filled: np.ndarray,
    upper: np.ndarray,
    poker_fifty: np.ndarray,
) -> TurnValues:
    """How strategy `name` values the keeps of a turn, for many cards at once
    (filled boxes as bit masks, upper totals, whether Poker holds 50)."""
    ws = Workspace(filled.size, space.boxes)
    if name == "optimal":
        if solution is None:
            raise SettingsError("the optimal strategy needs a solution")
        fifty_index = (poker_fifty & space.fifty_matters).astype(np.int64)
        canonical = space.canonical(filled, upper)
        end = end_values(
            space, solution.values, solution.seconds, filled, canonical, fifty_index, ws
        )
        return TurnValues(_keep_values(space, end.mean, end.second, end, ws), end.box.copy())
    if name == "greedy":
        points = _greedy_points(space, filled, poker_fifty)
    else:
        points = np.zeros((len(keep_lattice().counts), filled.size))
        points[keep_lattice().five_kind] = 1.0
    stop = EndValues(points, points, np.zeros(points.shape, dtype=np.int16))
    return TurnValues(_keep_values(space, points, points, stop, ws), None)


def hand_points(
    space: StateSpace, filled: np.ndarray, poker_fifty: np.ndarray, hands: np.ndarray
) -> np.ndarray:
    """Points of every box for each game's hand, -1 where not allowed (games x boxes)."""
    lattice = keep_lattice()
    table = score_table(space.rules)[:, hands].T.copy()
    open_ = ((filled[:, None] >> np.arange(space.boxes)) & 1) == 0
    table[~open_] = -1
    face = np.searchsorted(lattice.five_kind, hands)
    five = (face < 6) & (lattice.five_kind[np.minimum(face, 5)] == hands)
    if five.any():
        legal, points = five_kind_options(space.rules, filled[five], poker_fifty[five])
        rows = np.arange(int(five.sum()))
        table[five] = np.where(legal[rows, face[five]], points[rows, face[five]], -1)
    return table


@dataclass(frozen=True, eq=False)
class DiceLookups:
    """Lookups between hands, keeps and face counts."""

    keeps: tuple[tuple[int, ...], ...]  # every keep, sizes 0..5 in lattice order
    keep_counts: np.ndarray  # (462, 6)
    keep_sizes: np.ndarray  # (462,)
    hand_by_code: np.ndarray  # face-count code -> hand index
    options: np.ndarray  # (252, width) flat keep index of each sub-hand, largest first
    stop: np.ndarray  # (252,) flat keep index of "hold all" (the stop row)


@cache
def dice_lookups() -> DiceLookups:
    """The lookups (built once)."""
    lattice = keep_lattice()
    keeps = tuple(k for level in lattice.keeps for k in level)
    flat = {k: i for i, k in enumerate(keeps)}
    counts = np.array([[k.count(f) for f in range(1, 7)] for k in keeps], dtype=np.int64)
    code = counts @ (6 ** np.arange(6))
    hand_by_code = np.full(6**6, -1, dtype=np.int64)
    hand_rows = np.flatnonzero(counts.sum(axis=1) == DICE)
    hand_by_code[code[hand_rows]] = np.arange(hand_rows.size)
    subs = [[flat[s] for s in sub_hands(h)] for h in lattice.keeps[DICE]]
    width = max(map(len, subs))
    options = np.full((len(subs), width), len(keeps), dtype=np.int64)  # padding: the -inf row
    for i, row in enumerate(subs):
        options[i, : len(row)] = row
    stop = np.array([flat[h] for h in lattice.keeps[DICE]], dtype=np.int64)
    return DiceLookups(keeps, counts, counts.sum(axis=1), hand_by_code, options, stop)


def best_keeps(values: TurnValues, hands: np.ndarray, rolls_left: int) -> np.ndarray:
    """Each game's chosen keep (flat index) for its hand: the first of the best
    (within `TIE`)."""
    lookups = dice_lookups()
    options = lookups.options[hands]  # (games, width)
    column = np.arange(hands.size)
    value = values.keeps[rolls_left][options, column[:, None]]
    top = value.max(axis=1, keepdims=True)
    chosen: np.ndarray = options[column, np.argmax(value >= top - TIE, axis=1)]
    return chosen


def best_boxes(values: TurnValues, points: np.ndarray, hands: np.ndarray) -> np.ndarray:
    """Each game's box (index) for its final hand."""
    if values.box is not None:
        return values.box[hands, np.arange(hands.size)].astype(np.int64)
    boxes: np.ndarray = np.argmax(points, axis=1)
    return boxes


# --- one game, through the engine ------------------------------------------------


class TurnStrategy:
    """A Dice Poker strategy for the engine: chooses the action of the player
    to move (`(view, actions, rng) -> action`), as the simulator would."""

    def __init__(
        self, name: str, rules: Ruleset, solution: Solution | None = None, progress: Any = "auto"
    ) -> None:
        self.name = check_strategy(name)
        self.rules = rules
        self.space = state_space(rules)
        self.solution = solution_for(rules, solution, progress) if name == "optimal" else None

    @lru_cache(maxsize=256)  # noqa: B019 (one per strategy object, which lives as long)
    def _values(self, filled: int, upper: int, poker_fifty: bool) -> TurnValues:
        return turn_values(
            self.space,
            self.name,
            self.solution,
            np.array([filled]),
            np.array([upper]),
            np.array([poker_fifty]),
        )

    def __call__(self, view: GameState, actions: list[Action], rng: np.random.Generator) -> Action:
        if not actions:
            raise SettingsError("there is nothing to choose: the game is over")
        if view.ruleset != self.rules:
            raise SettingsError(f"this strategy plays {self.rules.name}, not {view.ruleset.name}")
        if view.dice is None:
            return Roll()
        card = view.card
        filled = sum(
            1 << b for b, box in enumerate(self.rules.box_ids) if card.boxes[box] is not None
        )
        fifty = card.boxes.get("poker") == 50
        values = self._values(filled, card.upper_total, fifty)
        hand = np.array([dice_space(DICE).index[tuple(sorted(view.dice))]])
        rolls_left = ROLLS_PER_TURN - view.rolls_used
        lookups = dice_lookups()
        if rolls_left:
            keep = int(best_keeps(values, hand, rolls_left)[0])
            if keep != lookups.stop[hand[0]]:
                return Roll(frozenset(_positions(view.dice, lookups.keeps[keep])))
        points = hand_points(self.space, np.array([filled]), np.array([fifty]), hand)
        return Score(self.rules.box_ids[int(best_boxes(values, points, hand)[0])])


def _positions(dice: tuple[int, ...], keep: tuple[int, ...]) -> list[int]:
    """Positions of the dice that show the faces of `keep` (the first ones)."""
    positions: list[int] = []
    for face in keep:
        positions.append(next(i for i, d in enumerate(dice) if d == face and i not in positions))
    return positions


def strategy(
    name: str,
    ruleset: str | Ruleset = "dice-poker",
    solution: Solution | None = None,
    progress: Any = "auto",
) -> TurnStrategy:
    """A strategy by name ("optimal", "greedy", "poker") for the engine; the
    optimal one solves the ruleset first (or loads its table) unless
    `solution` is given."""
    return TurnStrategy(name, get_ruleset(ruleset), solution, progress)
