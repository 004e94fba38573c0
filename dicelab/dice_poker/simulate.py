"""Whole solitaire games played by a strategy, many at once, with seeded dice.

The strategies ("optimal", "greedy", "poker") are described in
`dicelab.dice_poker.strategy`; all games advance together, one turn at a
time, with numpy; the dice come from a `numpy.random.Generator` made from
`seed`, so a seed gives the same games every time.

>>> from dataclasses import replace
>>> from dicelab.dice_poker.rules import get_ruleset
>>> rules = get_ruleset("yahtzee")
>>> few = replace(rules, name="yahtzee-3", boxes=rules.boxes[-3:])
>>> sim = simulate("greedy", games=200, ruleset=few, seed=1)
>>> sim.scores.shape, sim.strategy
((200,), 'greedy')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.core.engine import make_rng, seed_number
from dicelab.core.engine.checks import whole_number
from dicelab.core.present.simulation import SimulationResult
from dicelab.dice_poker.rules import DICE, ROLLS_PER_TURN, Ruleset, get_ruleset
from dicelab.dice_poker.solver import Solution, solution_for
from dicelab.dice_poker.solver.kernels import CHUNK
from dicelab.dice_poker.solver.rewards import poker_bonus
from dicelab.dice_poker.solver.space import StateSpace, keep_lattice, state_space
from dicelab.dice_poker.strategy import (
    DiceLookups,
    best_boxes,
    best_keeps,
    check_strategy,
    dice_lookups,
    hand_points,
    turn_values,
)
from dicelab.errors import SettingsError

MAX_GAMES = 1_000_000


@dataclass(frozen=True, eq=False)
class PokerSimulation(SimulationResult):
    """The final scores of simulated games of one ruleset, and (with
    `record=True`) each turn: a tuple of turns per game, each turn
    `(rolls, holds, box, points)` where `rolls` are the sorted hands seen and
    `holds` the dice held before each reroll."""

    ruleset: str = "dice-poker"
    records: tuple[tuple[tuple[Any, ...], ...], ...] | None = None

    def summary(self) -> dict[str, Any]:
        """The common summary, with the ruleset and the standard error."""
        return {**super().summary(), "ruleset": self.ruleset, "sem": self.sem}

    def histogram(self, **kwargs: Any) -> Any:
        """A plotly histogram of the final scores (see `histogram`)."""
        return histogram(self, **kwargs)

    def __repr__(self) -> str:
        return (
            f"<PokerSimulation {self.ruleset} {self.strategy}: {self.games} games, "
            f"mean {self.mean:.2f} ± {self.sem:.2f}>"
        )


def histogram(*simulations: PokerSimulation, bin_size: int = 10, title: str | None = None) -> Any:
    """A plotly figure with the final-score distribution of each simulation
    (overlaid, one colour per strategy).  Imports plotly now."""
    import plotly.graph_objects as go

    if not simulations:
        raise SettingsError("histogram needs at least one simulation")
    fig = go.Figure()
    for sim in simulations:
        fig.add_trace(
            go.Histogram(
                x=sim.scores.tolist(),
                name=f"{sim.strategy} (mean {sim.mean:.1f})",
                xbins={"size": bin_size},
                opacity=0.6,
            )
        )
    names = sorted({sim.ruleset for sim in simulations})
    fig.update_layout(
        barmode="overlay",
        title=title or f"Final scores, {', '.join(names)}: {simulations[0].games} games each",
        xaxis_title="final score",
        yaxis_title="games",
    )
    return fig


def simulate(
    strategy: str = "optimal",
    games: int = 1000,
    ruleset: str | Ruleset = "dice-poker",
    seed: int | np.random.Generator | None = 0,
    *,
    solution: Solution | None = None,
    record: bool = False,
    progress: str | bool | None = "auto",
) -> PokerSimulation:
    """Play `games` solitaire games with a strategy ("optimal", "greedy" or
    "poker") and return their final scores.  The optimal strategy solves the
    ruleset first (or loads its table) unless `solution` is given."""
    name = check_strategy(strategy)
    games = whole_number(games, "games", 1, MAX_GAMES)
    rules = get_ruleset(ruleset)
    space = state_space(rules)
    if name == "optimal":
        solution = solution_for(rules, solution, progress)
    rng = make_rng(seed)
    scores = np.zeros(games, dtype=np.int64)
    records: list[list[tuple]] | None = [[] for _ in range(games)] if record else None
    for start in range(0, games, CHUNK):
        part = slice(start, min(games, start + CHUNK))
        scores[part] = _play(space, name, solution, rng, part.stop - part.start, records, start)
    seed_value = None if isinstance(seed, np.random.Generator) else seed_number(seed)
    frozen = tuple(tuple(r) for r in records) if records is not None else None
    return PokerSimulation("dice-poker", name, seed_value, scores, rules.name, frozen)


def _play(
    space: StateSpace,
    name: str,
    solution: Solution | None,
    rng: np.random.Generator,
    games: int,
    records: list[list[tuple]] | None,
    offset: int,
) -> np.ndarray:
    rules = space.rules
    lookups = dice_lookups()
    lattice = keep_lattice()
    filled = np.zeros(games, dtype=np.int64)
    upper = np.zeros(games, dtype=np.int64)
    poker_fifty = np.zeros(games, dtype=bool)
    total = np.zeros(games, dtype=np.int64)
    column = np.arange(games)
    for _ in range(space.boxes):
        values = turn_values(space, name, solution, filled, upper, poker_fifty)
        counts = _roll_counts(rng, games, np.zeros((games, 6), dtype=np.int64), np.zeros(games))
        hands = _hands_of(lookups, counts)
        rolled = [hands.copy()]
        held: list[np.ndarray] = []
        stopped = np.zeros(games, dtype=bool)
        for rolls_left in range(ROLLS_PER_TURN - 1, 0, -1):
            choice = np.where(stopped, lookups.stop[hands], best_keeps(values, hands, rolls_left))
            stopped |= choice == lookups.stop[hands]
            held.append(choice)
            kept = lookups.keep_counts[choice]
            counts = _roll_counts(rng, games, kept, lookups.keep_sizes[choice])
            hands = np.where(stopped, hands, _hands_of(lookups, counts))
            rolled.append(hands.copy())
        points = hand_points(space, filled, poker_fifty, hands)
        box = best_boxes(values, points, hands)
        got = points[column, box]
        if (got < 0).any():
            raise AssertionError("a strategy chose a box the rules do not allow")
        bonus = np.where(
            np.isin(hands, lattice.five_kind), poker_bonus(rules, filled, poker_fifty), 0
        )
        is_upper = space.faces[box] > 0
        before = upper.copy()
        upper = upper + np.where(is_upper, got, 0)
        total += got + bonus + rules.upper_bonus_for(upper) - rules.upper_bonus_for(before)
        if space.poker >= 0:
            poker_fifty = np.where(box == space.poker, got == 50, poker_fifty)
        filled |= 1 << box
        if records is not None:
            for g in range(games):
                turn_rolls = [lattice.keeps[DICE][int(r[g])] for r in rolled]
                turn_holds = [lookups.keeps[int(k[g])] for k in held]
                records[offset + g].append(
                    (tuple(turn_rolls), tuple(turn_holds), rules.box_ids[box[g]], int(got[g]))
                )
    return total


def _hands_of(lookups: DiceLookups, counts: np.ndarray) -> np.ndarray:
    hands: np.ndarray = lookups.hand_by_code[counts @ (6 ** np.arange(6))]
    return hands


def _roll_counts(
    rng: np.random.Generator, games: int, kept: np.ndarray, sizes: np.ndarray
) -> np.ndarray:
    """Face counts after rolling the dice not kept (five fresh dice are drawn
    for every game; the first 5 - kept of them are used)."""
    faces = rng.integers(1, 7, size=(games, DICE))
    used = np.arange(DICE)[None, :] < (DICE - np.asarray(sizes))[:, None]
    counts = kept.copy()
    for f in range(1, 7):
        counts[:, f - 1] += ((faces == f) & used).sum(axis=1)
    return counts
