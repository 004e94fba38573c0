"""Sly Dice's whole round as one game: how to roll, what to set aside, what to
claim, and when to accuse, solved together.

The claim game (`claim_game`, `equilibrium`) fixes the claimer's rolling to
the points plan.  Here the claimer chooses it too: after each roll it stops
(and claims a card) or sets one hidden die aside and rolls the others again.
The accuser sees the common dice, every die set aside *in order* and the
claim, then accuses or passes.  Set-asides are public, so they are signals.

Over one common roll, a claimer's (possibly mixed) way of playing is summed
up by how often it reaches each *position*, (the dice set aside so far, its
hidden dice), and takes each action there: its *occupancy*.  Occupancies
are exactly the non-negative numbers whose flow adds up: what enters a
position (the start's chance, or a set-aside times the reroll's chance)
leaves it by its actions.  A position forgets the dice hidden before the
last reroll; they are independent of everything after it, so nothing is
lost.  The accuser answers each (set-asides, claim) with its chance of
accusing.  The claimer's gain is linear in the occupancy once the accuser's
answer is the better of accuse and pass for each (set-asides, claim): one
linear programme per common roll (HiGHS), the accuser's chances its duals.

`RoundSpec` keeps the game abstract (faces, own dice, rolls, which cards
each set of own dice shows), so a reduced round can be checked against a
brute-force enumeration of pure strategies (the tests).

>>> spec = tiny_round()
>>> solved = solve_round(spec)
>>> round(solved.value, 6), solved.gap < 1e-9
(5.549383, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from math import factorial
from typing import Any

import numpy as np

from dicelab.errors import SettingsError
from dicelab.sly_dice.rules import OWN_DICE, ROLLS, SlyRules

Hand = tuple[int, ...]
Seq = tuple[int, ...]
Action = tuple[str, int]  # ("claim", card index) or ("aside", face)
FACES = 6
LP_TOLERANCE = 1e-9  # the certificate: neither side's best response gains more than this


def hands(n: int, faces: int) -> list[Hand]:
    """Every multiset of `n` dice with `faces` faces, sorted."""
    return list(itertools.combinations_with_replacement(range(1, faces + 1), n))


def chance(hand: Hand, faces: int) -> float:
    """P(rolling these dice, in any order)."""
    ways = factorial(len(hand))
    for face in set(hand):
        ways //= factorial(hand.count(face))
    return ways / faces ** len(hand)


@dataclass(frozen=True)
class RoundSpec:
    """One round's game over one common roll: `faces`, the claimer's `own` dice
    and `rolls`, the cards' `points`, `truths[own dice sorted]` (whether each
    card is shown with the common dice), the Successful-lie card's `lie`
    points and the False-accusation card's `penalty`."""

    faces: int
    own: int
    rolls: int
    points: tuple[int, ...]
    truths: Mapping[Hand, tuple[bool, ...]]
    lie: int = 5
    penalty: int = 5

    def passed(self, own: Hand, c: int) -> int:
        """The claimer's gain when claiming card c with these own dice, nobody accusing."""
        return self.points[c] + (0 if self.truths[own][c] else self.lie)

    def accused(self, own: Hand, c: int) -> int:
        """The claimer's gain when claiming card c with these own dice and accused."""
        return self.points[c] + self.penalty if self.truths[own][c] else 0

    @cached_property
    def positions(self) -> list[tuple[Seq, Hand]]:
        """Every (set-asides in order, hidden dice), shortest set-asides first."""
        found = []
        for k in range(self.rolls):
            if self.own - k < 1:
                break
            for seq in itertools.product(range(1, self.faces + 1), repeat=k):
                found += [(seq, h) for h in hands(self.own - k, self.faces)]
        return found

    def actions(self, seq: Seq, hidden: Hand) -> list[Action]:
        """Claim a card (stopping), or set a face of the hidden dice aside and roll again."""
        claims: list[Action] = [("claim", c) for c in range(len(self.points))]
        if len(seq) + 1 < self.rolls and len(hidden) >= 2:
            claims += [("aside", f) for f in sorted(set(hidden))]
        return claims

    def own_dice(self, seq: Seq, hidden: Hand) -> Hand:
        return tuple(sorted(seq + hidden))


def tiny_round() -> RoundSpec:
    """Two-faced dice, two own dice, two rolls; "Pair" (4 points) and "Any" (1)."""
    truths = {h: (h[0] == h[1], True) for h in hands(2, 2)}
    return RoundSpec(faces=2, own=2, rolls=2, points=(4, 1), truths=truths)


@dataclass(frozen=True)
class SolvedRound:
    """One common roll's round solved: the `value` (the claimer's gain over the
    accuser per claim), the claimer's `policy` (position -> action -> chance),
    the accuser's `accuse` ((set-asides, card) -> chance), the `gap` of the
    certificate (what the better best response gains, at most
    `LP_TOLERANCE`), and both best responses' values."""

    spec: RoundSpec
    value: float
    policy: dict[tuple[Seq, Hand], dict[Action, float]]
    accuse: dict[tuple[Seq, int], float]
    claimer_best: float
    accuser_best: float

    @property
    def gap(self) -> float:
        return self.claimer_best - self.accuser_best


class Triplets:
    """A sparse matrix built entry by entry (row, column, value)."""

    def __init__(self) -> None:
        self.rows: list[int] = []
        self.columns: list[int] = []
        self.values: list[float] = []

    def add(self, row: int, column: int, value: float) -> None:
        self.rows.append(row)
        self.columns.append(column)
        self.values.append(value)

    def matrix(self, shape: tuple[int, int]) -> Any:
        from scipy.sparse import coo_matrix

        return coo_matrix((self.values, (self.rows, self.columns)), shape=shape).tocsr()


def solve_round(spec: RoundSpec) -> SolvedRound:
    """The round of `spec` solved (see the module), certified by both best responses."""
    from scipy.optimize import linprog

    columns: dict[tuple[Seq, Hand, Action], int] = {}
    for seq, hidden in spec.positions:
        for action in spec.actions(seq, hidden):
            columns[seq, hidden, action] = len(columns)
    finals = [
        (seq, c)
        for seq in dict.fromkeys(s for s, _ in spec.positions)
        for c in range(len(spec.points))
    ]
    size = len(columns) + len(finals)
    flow, flow_sums = Triplets(), []
    for row, (seq, hidden) in enumerate(spec.positions):
        for action in spec.actions(seq, hidden):
            flow.add(row, columns[seq, hidden, action], 1.0)
        flow_sums.append(0.0 if seq else chance(hidden, spec.faces))
        for before in hands(len(hidden) + 1, spec.faces) if seq else ():
            if seq[-1] in before:  # set aside from `before`, then these dice rolled
                column = columns[seq[:-1], before, ("aside", seq[-1])]
                flow.add(row, column, -chance(hidden, spec.faces))
    gains = Triplets()  # z[seq, c] at most the claim's gain if accused, and if passed
    for i, (seq, c) in enumerate(finals):
        for j, gain in enumerate((spec.accused, spec.passed)):
            gains.add(2 * i + j, len(columns) + i, 1.0)
            for hidden in hands(spec.own - len(seq), spec.faces):
                own = spec.own_dice(seq, hidden)
                gains.add(2 * i + j, columns[seq, hidden, ("claim", c)], -float(gain(own, c)))
    a_eq = flow.matrix((len(spec.positions), size))
    a_ub = gains.matrix((2 * len(finals), size))
    cost = np.zeros(size)
    cost[len(columns) :] = -1.0
    bounds = [(0, None)] * len(columns) + [(None, None)] * len(finals)
    result = linprog(
        cost,
        A_ub=a_ub,
        b_ub=np.zeros(2 * len(finals)),
        A_eq=a_eq,
        b_eq=np.array(flow_sums),
        bounds=bounds,
        method="highs",
    )
    if result.status != 0:
        raise SettingsError(f"the LP found no equilibrium of the round: {result.message}")
    x = result.x
    duals = np.clip(-np.asarray(result.ineqlin.marginals)[0::2], 0.0, 1.0)
    accuse = {final: _sure(spec, *final, float(q)) for final, q in zip(finals, duals)}
    policy = _policy(spec, columns, x, accuse)
    claimer = claimer_best(spec, accuse)
    accuser = accuser_best(spec, policy)
    return SolvedRound(spec, float(-result.fun), policy, accuse, claimer, accuser)


def _sure(spec: RoundSpec, seq: Seq, c: int, q: float) -> float:
    """The accuser's chance for a claim of card c after `seq`: the LP's, but never
    when the dice in sight make it true whatever is hidden, always when they
    make it false (an answer that changes nothing the claimer would want, and
    that a claim off the equilibrium's path may meet)."""
    shown = {spec.truths[spec.own_dice(seq, h)][c] for h in hands(spec.own - len(seq), spec.faces)}
    return 0.0 if shown == {True} else 1.0 if shown == {False} else q


def _policy(
    spec: RoundSpec,
    columns: dict[tuple[Seq, Hand, Action], int],
    x: np.ndarray,
    accuse: dict[tuple[Seq, int], float],
) -> dict[tuple[Seq, Hand], dict[Action, float]]:
    """The claimer's chances at each position: its occupancy's shares where the
    LP reaches it, else the best answer to `accuse` (a position it never reaches)."""
    best = claimer_values(spec, accuse)
    policy = {}
    for seq, hidden in spec.positions:
        acts = spec.actions(seq, hidden)
        mass = np.array([max(x[columns[seq, hidden, a]], 0.0) for a in acts])
        if mass.sum() > 1e-12:
            policy[seq, hidden] = {a: float(m / mass.sum()) for a, m in zip(acts, mass) if m > 0}
        else:
            values = best[1][seq, hidden]
            policy[seq, hidden] = {max(values, key=values.__getitem__): 1.0}
    return policy


def claimer_values(
    spec: RoundSpec, accuse: dict[tuple[Seq, int], float]
) -> tuple[dict[tuple[Seq, Hand], float], dict[tuple[Seq, Hand], dict[Action, float]]]:
    """Against `accuse`: the best the claimer can do from each position, and what
    each action there is worth (by backward induction, the longest set-asides first)."""
    value: dict[tuple[Seq, Hand], float] = {}
    worth: dict[tuple[Seq, Hand], dict[Action, float]] = {}
    for seq, hidden in reversed(spec.positions):
        own = spec.own_dice(seq, hidden)
        here = {}
        for action in spec.actions(seq, hidden):
            kind, arg = action
            if kind == "claim":
                q = accuse[seq, arg]
                here[action] = (1 - q) * spec.passed(own, arg) + q * spec.accused(own, arg)
            else:
                after = hands(len(hidden) - 1, spec.faces)
                here[action] = sum(chance(h, spec.faces) * value[(*seq, arg), h] for h in after)
        worth[seq, hidden] = here
        value[seq, hidden] = max(here.values())
    return value, worth


def claimer_best(spec: RoundSpec, accuse: dict[tuple[Seq, int], float]) -> float:
    """The claimer's best response's gain against `accuse`, per claim."""
    value, _ = claimer_values(spec, accuse)
    return sum(chance(h, spec.faces) * value[(), h] for h in hands(spec.own, spec.faces))


def walk(
    spec: RoundSpec, policy: Mapping[tuple[Seq, Hand], Mapping[Action, float]]
) -> Iterator[tuple[Seq, Hand, float]]:
    """Each position `policy` reaches, with how often (positions it never reaches left out)."""
    reach: dict[tuple[Seq, Hand], float] = {
        ((), h): chance(h, spec.faces) for h in hands(spec.own, spec.faces)
    }
    for seq, hidden in spec.positions:
        mass = reach.get((seq, hidden), 0.0)
        if not mass:
            continue
        yield seq, hidden, mass
        for (kind, arg), p in policy[seq, hidden].items():
            if kind == "aside":
                for h in hands(len(hidden) - 1, spec.faces):
                    key = ((*seq, arg), h)
                    reach[key] = reach.get(key, 0.0) + mass * p * chance(h, spec.faces)


def accuser_best(
    spec: RoundSpec, policy: Mapping[tuple[Seq, Hand], Mapping[Action, float]]
) -> float:
    """The claimer's gain when the accuser answers `policy` as well as possible:
    for each (set-asides, claim) the better of accusing and passing."""
    accused: dict[tuple[Seq, int], float] = {}
    passed: dict[tuple[Seq, int], float] = {}
    for seq, hidden, mass in walk(spec, policy):
        own = spec.own_dice(seq, hidden)
        for (kind, arg), p in policy[seq, hidden].items():
            if kind == "claim":
                accused[seq, arg] = accused.get((seq, arg), 0.0) + mass * p * spec.accused(own, arg)
                passed[seq, arg] = passed.get((seq, arg), 0.0) + mass * p * spec.passed(own, arg)
    return sum(min(accused[k], passed[k]) for k in accused)


def round_spec(common: Hand, table: tuple[str, ...], rules: SlyRules) -> RoundSpec:
    """The round over the common dice `common` with the cards `table` of `rules`."""
    bits = [rules.bit(c) for c in table]
    truths = {
        own: tuple(bool(rules.masks[tuple(sorted(common + own))] & b) for b in bits)
        for own in hands(OWN_DICE, FACES)
    }
    return RoundSpec(
        FACES,
        OWN_DICE,
        ROLLS,
        tuple(rules.points_of(c) for c in table),
        truths,
        rules.successful_lie,
        -rules.false_accusation,  # the card is worth minus points to the accuser
    )
