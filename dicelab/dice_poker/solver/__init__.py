"""Optimal solitaire play of Dice Poker, Yahtzee and Yatzy, by backward induction.

`solve(ruleset)` finds, for every state between two turns, the expected
points still to come under optimal play (the strategy that maximises the
expected final score) and their second moment, so also the standard
deviation of the final score under that strategy.  The table is cached on
disk (see `dicelab.dice_poker.solver.cache`).

>>> from dataclasses import replace
>>> from dicelab.dice_poker.rules import get_ruleset
>>> rules = get_ruleset("yahtzee")
>>> few = replace(rules, name="yahtzee-3", boxes=rules.boxes[-3:])  # the others count as filled
>>> solution = solve(few, cache=False, progress="none")
>>> round(solution.expected_score, 4), solution.states
(47.5, 24)

How it works: a state is (filled boxes, upper total capped at the bonus
threshold, "the poker box holds 50"); a turn is the usual sequence
(roll, keep, roll, keep, roll, box); the states with the same number of
filled boxes are solved together, from the full card back to the empty one
(`induction`), by a compiled kernel (`compiled`, in C) on every
core, or without a C compiler at install by the same kernel in numpy
(`turn`), a chunk of states at a time.  Values
are float64: expected scores are not shown as exact fractions here (the
exact, slow `bruteforce` solver checks them on small games).
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from dicelab.dice_poker.rules import UPPER_IDS, Ruleset, get_ruleset
from dicelab.dice_poker.solver import cache as _cache
from dicelab.dice_poker.solver.cache import FORMAT_VERSION, CacheWarning, cache_dir
from dicelab.dice_poker.solver.induction import backward_induction
from dicelab.dice_poker.solver.space import StateSpace, state_space, upper_sums
from dicelab.errors import MissingTable, SettingsError

if TYPE_CHECKING:
    from dicelab.dice_poker.card import Scorecard

__all__ = [
    "FORMAT_VERSION",
    "CacheWarning",
    "CardState",
    "Solution",
    "cache_dir",
    "clear_memory",
    "solution_for",
    "solve",
]


@dataclass(frozen=True)
class CardState:
    """What the rest of a solitaire game depends on, between two turns.

    - `filled`: the ids of the filled boxes;
    - `upper_total`: the points in the upper boxes (Ones .. Sixes);
    - `poker_fifty`: whether the poker box holds 50;
    - `banked`: the points already on the card, bonuses included; None means
      "what the state itself shows": the upper total, the upper bonus if
      reached, and 50 if the poker box holds it (the other boxes' points are
      not part of a state).
    """

    filled: frozenset[str] = frozenset()
    upper_total: int = 0
    poker_fifty: bool = False
    banked: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.filled, str):
            raise SettingsError("filled is a collection of box ids, not one string")
        object.__setattr__(self, "filled", frozenset(self.filled))
        for key in ("upper_total",) + (("banked",) if self.banked is not None else ()):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
                raise SettingsError(f"{key} must be a whole number >= 0, not {value!r}")
        if not isinstance(self.poker_fifty, (bool, np.bool_)):
            raise SettingsError("poker_fifty must be True or False")

    @classmethod
    def from_card(cls, card: Scorecard) -> CardState:
        """The state of a score card (its total is the points banked).

        >>> from dicelab.dice_poker.card import Scorecard
        >>> card = Scorecard.empty("yahtzee").fill("sixes", [6, 6, 6, 2, 3])
        >>> CardState.from_card(card)
        CardState(filled=frozenset({'sixes'}), upper_total=18, poker_fifty=False, banked=18)
        """
        filled = frozenset(b for b, v in card.boxes.items() if v is not None)
        poker_fifty = "poker" in card.boxes and card.boxes["poker"] == 50
        return cls(filled, card.upper_total, poker_fifty, card.total)

    def check(self, rules: Ruleset) -> CardState:
        """Raise `SettingsError` unless this state can happen under `rules`."""
        unknown = sorted(self.filled - set(rules.box_ids))
        if unknown:
            raise SettingsError(
                f"{rules.name} has no box {unknown[0]!r}; its boxes are {', '.join(rules.box_ids)}"
            )
        if self.poker_fifty and "poker" in rules.box_ids and "poker" not in self.filled:
            raise SettingsError("the poker box cannot hold 50 while it is open")
        faces = tuple(
            f
            for f in range(1, 7)
            if UPPER_IDS[f - 1] in self.filled or UPPER_IDS[f - 1] not in rules.box_ids
        )
        if self.upper_total not in _possible_uppers(faces):
            raise SettingsError(
                f"an upper total of {self.upper_total} is impossible with "
                f"{'the filled upper boxes' if faces else 'no upper box filled'}"
            )
        return self

    def points(self, rules: Ruleset) -> int:
        """The points banked (see `banked`)."""
        if self.banked is not None:
            return int(self.banked)
        bonus = rules.upper_bonus_for(self.upper_total)
        return self.upper_total + bonus + (50 if self.poker_fifty else 0)


@functools.cache  # (the name `cache` is the submodule here)
def _possible_uppers(faces: tuple[int, ...]) -> frozenset[int]:
    """The upper totals that upper boxes of these faces can hold."""
    return frozenset(np.flatnonzero(upper_sums(list(faces))).tolist())


@dataclass(frozen=True, eq=False)
class Solution:
    """The solved table of a ruleset.

    `values` and `seconds` are flat float64 arrays over the stored states
    (`space.flat` gives a state's index): the expected points still to come
    from each state, and their second moment.
    """

    rules: Ruleset
    space: StateSpace
    values: np.ndarray
    seconds: np.ndarray
    solve_seconds: float
    from_cache: bool

    @property
    def states(self) -> int:
        """How many states were solved."""
        return self.space.states

    def index(self, state: CardState) -> int:
        """The flat index of a state's table entry."""
        state.check(self.rules)
        space = self.space
        ids = self.rules.box_ids
        filled = sum(1 << b for b, box_id in enumerate(ids) if box_id in state.filled)
        upper = int(space.canonical(filled, state.upper_total))
        poker_fifty = int(bool(state.poker_fifty) and space.fifty_matters)
        flat = space.flat(np.array([filled]), np.array([upper]), np.array([poker_fifty]))
        return int(flat[0])

    def future(self, state: CardState) -> float:
        """Expected points still to come from this state (bonuses included)."""
        return float(self.values[self.index(state)])

    def expected_final(self, state: CardState) -> float:
        """Expected final score: points banked + expected points to come."""
        return state.points(self.rules) + self.future(state)

    def std(self, state: CardState | None = None) -> float:
        """Standard deviation of the final score under optimal play."""
        i = self.index(state or CardState())
        return math.sqrt(max(float(self.seconds[i] - self.values[i] ** 2), 0.0))

    @property
    def expected_score(self) -> float:
        """Expected final score of optimal play from an empty card."""
        return self.expected_final(CardState())

    def summary(self) -> dict:
        """The ruleset, expected score, standard deviation, seconds and states."""
        return {
            "ruleset": self.rules.name,
            "expected_score": self.expected_score,
            "std": self.std(),
            "seconds": self.solve_seconds,
            "states": self.states,
        }

    def __repr__(self) -> str:
        return (
            f"<Solution {self.rules.name}: expected score {self.expected_score:.4f}, "
            f"std {self.std():.4f}, {self.states} states>"
        )


_MEMORY: dict[str, Solution] = {}


def clear_memory(ruleset: str | Ruleset | None = None) -> None:
    """Forget the solutions kept in this process, or only that of one ruleset
    (the disk cache stays)."""
    if ruleset is None:
        _MEMORY.clear()
    else:
        _MEMORY.pop(_memory_key(get_ruleset(ruleset)), None)


def _memory_key(rules: Ruleset) -> str:
    import json

    return json.dumps(_cache.ruleset_key(rules), sort_keys=True)


def solve(
    ruleset: str | Ruleset = "dice-poker",
    *,
    cache: bool = True,
    progress: Any = "auto",
    workers: int | None = None,
    **settings: object,
) -> Solution:
    """The optimal-play table of a ruleset: from this process's memory, else
    from the disk cache, else solved now (and cached).

    `settings` change the ruleset (e.g. `joker="free"`); `cache=False` solves
    without reading or writing the disk cache; `progress` is "auto", "text",
    "widget", "none" or an `ipywidgets.IntProgress` to fill (see
    `dicelab.core.ui.progress`); `workers` threads share each layer (None:
    one per core with the compiled kernel, see
    `dicelab.dice_poker.solver.induction.backward_induction`).  A read-only
    cache (a class's shared one) that lacks the table raises `MissingTable`.
    """
    from dicelab.core.ui.progress import progress_bar

    rules = get_ruleset(ruleset, **settings)
    key = _memory_key(rules)
    if cache and key in _MEMORY:
        return _MEMORY[key]
    space = state_space(rules)
    start = time.perf_counter()
    loaded = _cache.load(space) if cache else None
    if loaded is None and cache and _cache.read_only():
        raise MissingTable(str(_cache.cache_dir()), rules.name)
    if loaded is not None:
        values, seconds = loaded
        solution = Solution(rules, space, values, seconds, time.perf_counter() - start, True)
    else:
        with progress_bar(space.states, f"solving {rules.name}", progress) as bar:
            values, seconds = backward_induction(space, bar.update, workers=workers)
        took = time.perf_counter() - start
        solution = Solution(rules, space, values, seconds, took, False)
        if cache:
            _cache.save(space, values, seconds, {"summary": solution.summary()})
    if cache:
        _MEMORY[key] = solution
    return solution


def solution_for(rules: Ruleset, solution: Solution | None, progress: Any = "auto") -> Solution:
    """The table to play `rules` with: `solution` if it is that ruleset's (else
    a `SettingsError`), or, given none, `solve(rules)` (solved now or loaded)."""
    if solution is None:
        return solve(rules, progress=progress)
    if solution.rules is not rules and _cache.ruleset_key(solution.rules) != _cache.ruleset_key(
        rules
    ):
        raise SettingsError(f"this solution is for {solution.rules.name}, not {rules.name}")
    return solution
