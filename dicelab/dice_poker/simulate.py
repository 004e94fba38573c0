"""Whole solitaire games played by a policy, many at once, with seeded dice.

Policies:

- "optimal": every hold and box as the solver says (`dicelab.dice_poker.solver`);
- "greedy": fill the box that scores the most points now (bonuses apart; ties:
  the first box on the card); hold to maximise those points at the end of
  the turn;
- "poker": hold to maximise the chance of five of a kind this turn; fill the
  box as "greedy" does.

Between holds of equal value every policy takes the first in the order of
`dicelab.core.dice.hands.sub_hands` (more dice first, then lower faces).

All games advance together, one turn at a time, with numpy; the dice come
from a `numpy.random.Generator` made from `seed`, so a seed gives the same
games every time.

>>> from dataclasses import replace
>>> from dicelab.dice_poker.rules import get_ruleset
>>> rules = get_ruleset("yahtzee")
>>> few = replace(rules, name="yahtzee-3", boxes=rules.boxes[-3:])
>>> sim = simulate("greedy", games=200, ruleset=few, seed=1)
>>> sim.scores.shape, sim.policy
((200,), 'greedy')
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.core.dice.hands import sub_hands
from dicelab.dice_poker.game import make_rng
from dicelab.dice_poker.rules import Ruleset, get_ruleset, score_table
from dicelab.dice_poker.solver import Solution, solve
from dicelab.dice_poker.solver.cache import ruleset_key
from dicelab.dice_poker.solver.kernels import (
    KEEPS,
    TIE,
    EndValues,
    Workspace,
    average_keeps,
    end_values,
    reroll,
)
from dicelab.dice_poker.solver.rewards import five_kind_options, poker_bonus
from dicelab.dice_poker.solver.space import DICE, StateSpace, keep_lattice, state_space
from dicelab.errors import SettingsError

POLICIES = ("optimal", "greedy", "poker")
CHUNK = 1024
MAX_GAMES = 1_000_000


@dataclass(frozen=True, eq=False)
class Simulation:
    """The final scores of simulated games, and (with `record=True`) each turn:
    a tuple of turns per game, each turn `(rolls, holds, box, points)` where
    `rolls` are the sorted hands seen and `holds` the dice held before each
    reroll."""

    ruleset: str
    policy: str
    seed: int | None
    scores: np.ndarray
    records: tuple[tuple[tuple[Any, ...], ...], ...] | None = None

    @property
    def games(self) -> int:
        """How many games were played."""
        return int(self.scores.size)

    @property
    def mean(self) -> float:
        """The mean final score."""
        return float(self.scores.mean())

    @property
    def std(self) -> float:
        """The standard deviation of the final scores (n - 1 in the denominator)."""
        return float(self.scores.std(ddof=1)) if self.scores.size > 1 else 0.0

    @property
    def sem(self) -> float:
        """The standard error of the mean."""
        return self.std / math.sqrt(self.scores.size)

    def summary(self) -> dict[str, Any]:
        """Ruleset, policy, games, mean, std and standard error, JSON-ready."""
        return {
            "ruleset": self.ruleset,
            "policy": self.policy,
            "games": self.games,
            "mean": self.mean,
            "std": self.std,
            "sem": self.sem,
        }

    def histogram(self, **kwargs: Any) -> Any:
        """A plotly histogram of the final scores (see `histogram`)."""
        return histogram(self, **kwargs)

    def __repr__(self) -> str:
        return (
            f"<Simulation {self.ruleset} {self.policy}: {self.games} games, "
            f"mean {self.mean:.2f} ± {self.sem:.2f}>"
        )


def histogram(*simulations: Simulation, bin_size: int = 10, title: str | None = None) -> Any:
    """A plotly figure with the final-score distribution of each simulation
    (overlaid, one colour per policy).  Imports plotly now."""
    import plotly.graph_objects as go

    if not simulations:
        raise SettingsError("histogram needs at least one simulation")
    fig = go.Figure()
    for sim in simulations:
        fig.add_trace(
            go.Histogram(
                x=sim.scores.tolist(),
                name=f"{sim.policy} (mean {sim.mean:.1f})",
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


# --- the tables of one turn, for many games -------------------------------------


@dataclass(frozen=True, eq=False)
class _Tables:
    """Per keep size and per game: the value of each keep with 1 and with 2
    rolls left (the keep of all five dice: the value of stopping); and the
    box each final hand goes to (None: decided by `_greedy_box`)."""

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


def _optimal_tables(
    space: StateSpace,
    solution: Solution,
    filled: np.ndarray,
    upper: np.ndarray,
    poker_fifty: np.ndarray,
) -> _Tables:
    ws = Workspace(filled.size, space.boxes)
    end = end_values(space, solution.values, solution.seconds, filled, upper, poker_fifty, ws)
    box = end.box.copy()
    return _Tables(_keep_values(space, end.mean, end.second, end, ws), box)


def _greedy_points(space: StateSpace, filled: np.ndarray, poker_fifty: np.ndarray) -> np.ndarray:
    """The most points any legal box gives each hand now (252 x games)."""
    w = keep_lattice()
    scores = score_table(space.rules).astype(np.float64)
    open_ = ((filled[:, None] >> np.arange(space.boxes)) & 1) == 0
    best = np.full((len(w.counts), filled.size), -np.inf)
    for b in range(space.boxes):
        np.maximum(best, np.where(open_[:, b][None, :], scores[b][:, None], -np.inf), out=best)
    legal, points = five_kind_options(space.rules, filled, poker_fifty)
    best[w.five_kind] = np.where(legal, points, -1).max(axis=2).T
    return best


def _heuristic_tables(
    space: StateSpace, policy: str, filled: np.ndarray, poker_fifty: np.ndarray
) -> _Tables:
    w = keep_lattice()
    if policy == "greedy":
        end = _greedy_points(space, filled, poker_fifty)
    else:
        end = np.zeros((len(w.counts), filled.size))
        end[w.five_kind] = 1.0
    stop = EndValues(end, end, np.zeros(end.shape, dtype=np.int16))
    ws = Workspace(filled.size, space.boxes)
    return _Tables(_keep_values(space, end, end, stop, ws), None)


def _hand_points(
    space: StateSpace, filled: np.ndarray, poker_fifty: np.ndarray, hands: np.ndarray
) -> np.ndarray:
    """Points of every box for each game's hand, -1 where not allowed (games x boxes)."""
    w = keep_lattice()
    table = score_table(space.rules)[:, hands].T.copy()
    open_ = ((filled[:, None] >> np.arange(space.boxes)) & 1) == 0
    table[~open_] = -1
    face = np.searchsorted(w.five_kind, hands)
    five = (face < 6) & (w.five_kind[np.minimum(face, 5)] == hands)
    if five.any():
        legal, points = five_kind_options(space.rules, filled[five], poker_fifty[five])
        rows = np.arange(int(five.sum()))
        table[five] = np.where(legal[rows, face[five]], points[rows, face[five]], -1)
    return table


# --- playing ----------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class _Dice:
    """Lookups between hands, keeps and face counts."""

    keep_counts: np.ndarray  # (462, 6)
    keep_sizes: np.ndarray  # (462,)
    hand_by_code: np.ndarray  # face-count code -> hand index
    options: np.ndarray  # (252, width) flat keep index of each sub-hand, largest first
    stop: np.ndarray  # (252,) flat keep index of "hold all" (the stop row)


def _dice_tables() -> _Dice:
    w = keep_lattice()
    keeps = [k for level in w.keeps for k in level]
    flat = {k: i for i, k in enumerate(keeps)}
    counts = np.array([[k.count(f) for f in range(1, 7)] for k in keeps], dtype=np.int64)
    code = counts @ (6 ** np.arange(6))
    hand_by_code = np.full(6**6, -1, dtype=np.int64)
    hand_rows = np.flatnonzero(counts.sum(axis=1) == DICE)
    hand_by_code[code[hand_rows]] = np.arange(hand_rows.size)
    subs = [[flat[s] for s in sub_hands(h)] for h in w.keeps[DICE]]
    width = max(map(len, subs))
    options = np.full((len(subs), width), len(keeps), dtype=np.int64)  # padding: the -inf row
    for i, row in enumerate(subs):
        options[i, : len(row)] = row
    stop = np.array([flat[h] for h in w.keeps[DICE]], dtype=np.int64)
    return _Dice(counts, counts.sum(axis=1), hand_by_code, options, stop)


def _hands_of(dice: _Dice, counts: np.ndarray) -> np.ndarray:
    return dice.hand_by_code[counts @ (6 ** np.arange(6))]


def simulate(
    policy: str = "optimal",
    games: int = 1000,
    ruleset: str | Ruleset = "dice-poker",
    seed: int | np.random.Generator | None = 0,
    *,
    solution: Solution | None = None,
    record: bool = False,
    progress: str | bool | None = "auto",
) -> Simulation:
    """Play `games` solitaire games with a policy ("optimal", "greedy" or
    "poker") and return their final scores.  The optimal policy solves the
    ruleset first (or loads its table) unless `solution` is given."""
    if policy not in POLICIES:
        raise SettingsError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
    if isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= MAX_GAMES:
        raise SettingsError(f"games must be a whole number from 1 to {MAX_GAMES}, not {games!r}")
    rules = get_ruleset(ruleset)
    space = state_space(rules)
    if policy == "optimal":
        if solution is None:
            solution = solve(rules, progress=progress)
        elif ruleset_key(solution.rules) != ruleset_key(rules):
            raise SettingsError(f"this solution is for {solution.rules.name}, not {rules.name}")
    rng = make_rng(seed)
    scores = np.zeros(games, dtype=np.int64)
    records: list[list[tuple]] | None = [[] for _ in range(games)] if record else None
    for start in range(0, games, CHUNK):
        part = slice(start, min(games, start + CHUNK))
        scores[part] = _play(space, policy, solution, rng, part.stop - part.start, records, start)
    seed_value = seed if isinstance(seed, int) and not isinstance(seed, bool) else None
    frozen = tuple(tuple(r) for r in records) if records is not None else None
    return Simulation(rules.name, policy, seed_value, scores, frozen)


def _play(
    space: StateSpace,
    policy: str,
    solution: Solution | None,
    rng: np.random.Generator,
    games: int,
    records: list[list[tuple]] | None,
    offset: int,
) -> np.ndarray:
    rules = space.rules
    dice = _dice_tables()
    w = keep_lattice()
    keeps = [k for level in w.keeps for k in level]
    filled = np.zeros(games, dtype=np.int64)
    upper = np.zeros(games, dtype=np.int64)
    poker_fifty = np.zeros(games, dtype=bool)
    total = np.zeros(games, dtype=np.int64)
    column = np.arange(games)
    for _ in range(space.boxes):
        fifty_index = (poker_fifty & space.fifty_matters).astype(np.int64)
        if policy == "optimal":
            assert solution is not None
            tables = _optimal_tables(
                space, solution, filled, space.canonical(filled, upper), fifty_index
            )
        else:
            tables = _heuristic_tables(space, policy, filled, poker_fifty)
        counts = _roll_counts(rng, games, np.zeros((games, 6), dtype=np.int64), np.zeros(games))
        hands = _hands_of(dice, counts)
        rolled = [hands.copy()]
        held: list[np.ndarray] = []
        stopped = np.zeros(games, dtype=bool)
        for rolls_left in (2, 1):
            options = dice.options[hands]  # (games, width)
            value = tables.keeps[rolls_left][options, column[:, None]]
            top = value.max(axis=1, keepdims=True)
            choice = options[column, np.argmax(value >= top - TIE, axis=1)]  # ties: first
            choice = np.where(stopped, dice.stop[hands], choice)
            stopped |= choice == dice.stop[hands]
            held.append(choice)
            kept = dice.keep_counts[choice]
            counts = _roll_counts(rng, games, kept, dice.keep_sizes[choice])
            hands = np.where(stopped, hands, _hands_of(dice, counts))
            rolled.append(hands.copy())
        points = _hand_points(space, filled, poker_fifty, hands)
        if tables.box is not None:
            box = tables.box[hands, column].astype(np.int64)
        else:
            box = np.argmax(points, axis=1)
        got = points[column, box]
        if (got < 0).any():
            raise AssertionError("a policy chose a box the rules do not allow")
        bonus = np.where(np.isin(hands, w.five_kind), poker_bonus(rules, filled, poker_fifty), 0)
        is_upper = space.faces[box] > 0
        before = upper.copy()
        upper = upper + np.where(is_upper, got, 0)
        crossed = (before < rules.upper_bonus_threshold) & (upper >= rules.upper_bonus_threshold)
        total += got + bonus + np.where(crossed, rules.upper_bonus, 0)
        if space.poker >= 0:
            poker_fifty = np.where(box == space.poker, got == 50, poker_fifty)
        filled |= 1 << box
        if records is not None:
            for g in range(games):
                turn_rolls = [w.keeps[DICE][int(r[g])] for r in rolled]
                turn_holds = [keeps[int(k[g])] for k in held]
                records[offset + g].append(
                    (tuple(turn_rolls), tuple(turn_holds), rules.box_ids[box[g]], int(got[g]))
                )
    return total


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
