"""One claim of Sly Dice as a game of two players, solved: when to bluff, when to accuse.

The *claimer* knows its hidden dice (one of several `hands`, each with a
chance); it names a card.  The *accuser* sees only the claim (and what
everyone sees) and accuses or passes.  What the claimer gains over the
accuser (the gap in points, so one's gain is the other's loss):

    pass,   claim true:  points               pass,   claim false: points + successful lie
    accuse, claim true:  points + 5 (the accuser's False-accusation card)
    accuse, claim false: 0

A strategy for the claimer says, for each hand, how often to claim each
card (`claims[h][c]`); for the accuser, how often to accuse each card
(`accuse[c]`).  A *Nash equilibrium* is a pair where neither side gains by
changing alone; its payoff is the game's *value* (the minimax theorem).
`solve` finds one with a linear programme (scipy's HiGHS) and then makes
it exact: the indifference equations on the supports it found, solved in
fractions, and checked in fractions (`Solution.gap` is 0 for an exact one).

The tiny game by hand: one die, "High" (5 or 6, 4 points) or "Any" (1 point).

>>> s = solve(tiny_game())
>>> s.value, s.accuse, s.claims[0]
(Fraction(94, 27), (Fraction(8, 9), Fraction(0, 1)), (Fraction(5, 18), Fraction(13, 18)))
>>> s.exact, s.gap
(True, Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import lru_cache

import numpy as np

from dicelab.errors import SettingsError

TOLERANCE = 1e-7  # a float from the LP this close to 0 (or to a bound) counts as it
DENOMINATOR = 10**6  # a free unknown: its float as the nearest fraction below this denominator


@dataclass(frozen=True)
class ClaimGame:
    """One claim: the claimer's `hands` (names) with whole-number `weights` (their
    chances, out of the weights' sum), the `cards` that may be claimed with their
    `points`, `true[h][c]` (hand h shows card c), the Successful-lie card's
    `lie` points and what the False-accusation card costs the accuser, `penalty`
    (a positive number)."""

    hands: tuple[str, ...]
    weights: tuple[int, ...]
    cards: tuple[str, ...]
    points: tuple[int, ...]
    true: tuple[tuple[bool, ...], ...]
    lie: int = 5
    penalty: int = 5

    def __post_init__(self) -> None:
        n = len(self.hands)
        if not n or len(self.weights) != n or len(self.true) != n:
            raise SettingsError("a claim game needs one weight and one row of truths per hand")
        if not self.cards or len(self.points) != len(self.cards):
            raise SettingsError("a claim game needs at least one card, each with its points")
        if any(w <= 0 for w in self.weights) or any(len(r) != len(self.cards) for r in self.true):
            raise SettingsError("weights are positive and each hand has a truth per card")

    @property
    def total(self) -> int:
        return sum(self.weights)

    def passed(self, h: int, c: int) -> int:
        """The claimer's gain when hand h claims card c and nobody accuses."""
        return self.points[c] + (0 if self.true[h][c] else self.lie)

    def accused(self, h: int, c: int) -> int:
        """The claimer's gain when hand h claims card c and is accused."""
        return self.points[c] + self.penalty if self.true[h][c] else 0

    def claim_value(self, h: int, c: int, accuse: Fraction) -> Fraction:
        """What claiming c with hand h gains when c is accused with chance `accuse`."""
        return self.value_of(c, self.true[h][c], accuse)

    def value_of(self, c: int, true: bool, accuse: Fraction) -> Fraction:
        """What a claim of card c gains when it is `true` (or not) and accused
        with chance `accuse`."""
        passed = self.points[c] + (0 if true else self.lie)
        accused = self.points[c] + self.penalty if true else 0
        return passed + accuse * (accused - passed)

    def payoff(self, claims: Sequence[Sequence[Fraction]], accuse: Sequence[Fraction]) -> Fraction:
        """The claimer's gain on average when both play these strategies."""
        total = sum(
            (
                w * p * self.claim_value(h, c, accuse[c])
                for h, (w, row) in enumerate(zip(self.weights, claims))
                for c, p in enumerate(row)
                if p
            ),
            Fraction(0),
        )
        return total / self.total

    def best_claims_value(self, accuse: Sequence[Fraction]) -> Fraction:
        """The claimer's best gain against `accuse` (a chance per card), on average."""
        cards = range(len(self.cards))
        total = sum(
            (w * max(self.claim_value(h, c, accuse[c]) for c in cards))
            for h, w in enumerate(self.weights)
        )
        return Fraction(total, self.total)

    def best_accusal_value(self, claims: Sequence[Sequence[Fraction]]) -> Fraction:
        """The claimer's gain, on average, when the accuser answers `claims` (a chance
        per hand and card) as well as possible: each card accused or passed."""
        total = Fraction(0)
        for c in range(len(self.cards)):
            mass = [w * claims[h][c] for h, w in enumerate(self.weights)]
            accused = sum((m * self.accused(h, c) for h, m in enumerate(mass)), Fraction(0))
            passed = sum((m * self.passed(h, c) for h, m in enumerate(mass)), Fraction(0))
            total += min(accused, passed)
        return total / self.total


@dataclass(frozen=True)
class Solution:
    """An equilibrium: `claims[h][c]`, `accuse[c]`, the `value` (the claimer's gain
    on average), `exact` (the equations solved in fractions), and `gap`: what
    the better of the two best responses gains against it, in fractions (0
    for an equilibrium; at most about 1e-9 when the LP's floats were kept)."""

    game: ClaimGame
    claims: tuple[tuple[Fraction, ...], ...]
    accuse: tuple[Fraction, ...]
    value: Fraction
    exact: bool
    gap: Fraction


def tiny_game() -> ClaimGame:
    """One hidden die; "High" (a 5 or a 6) is worth 4 points, "Any" (any face) 1."""
    faces = tuple(str(f) for f in range(1, 7))
    return ClaimGame(
        faces, (1,) * 6, ("High", "Any"), (4, 1), tuple((f >= 5, True) for f in range(1, 7))
    )


def _linprog(game: ClaimGame) -> tuple[np.ndarray, np.ndarray]:
    """The LP (scipy's HiGHS): maximise the sum over cards of z[c], where z[c] is at
    most the claimer's gain from card c if accused, and at most if passed, over
    y[h, c] >= 0 (the weight of hand h claiming c) with each hand's y summing to
    its weight.  Returns y (hands x cards) and the accuser's chances (the
    duals of the "if accused" rows)."""
    from scipy.optimize import linprog

    n_h, n_c = len(game.hands), len(game.cards)
    n_y = n_h * n_c
    rows = np.zeros((2 * n_c, n_y + n_c))
    for c in range(n_c):
        rows[2 * c, n_y + c] = rows[2 * c + 1, n_y + c] = 1
        for h in range(n_h):
            rows[2 * c, h * n_c + c] = -game.accused(h, c)
            rows[2 * c + 1, h * n_c + c] = -game.passed(h, c)
    sums = np.zeros((n_h, n_y + n_c))
    for h in range(n_h):
        sums[h, h * n_c : (h + 1) * n_c] = 1
    cost = np.concatenate([np.zeros(n_y), -np.ones(n_c)])
    bounds = [(0, None)] * n_y + [(None, None)] * n_c
    result = linprog(
        cost,
        A_ub=rows,
        b_ub=np.zeros(2 * n_c),
        A_eq=sums,
        b_eq=np.array(game.weights, dtype=float),
        bounds=bounds,
        method="highs",
    )
    if result.status != 0:
        raise SettingsError(f"the LP found no equilibrium: {result.message}")
    marginals = -np.asarray(result.ineqlin.marginals)
    return result.x[:n_y].reshape(n_h, n_c), np.clip(marginals[0::2], 0, 1)


def _near(x: float) -> Fraction:
    return Fraction(x).limit_denominator(DENOMINATOR)


def solve_linear(
    rows: list[list[Fraction]], rhs: list[Fraction], guess: Sequence[float]
) -> list[Fraction] | None:
    """A solution of rows · x = rhs in fractions (Gaussian elimination); an unknown
    the equations leave free takes its `guess` (as a near fraction); None when
    the equations contradict each other.

    >>> solve_linear([[Fraction(1), Fraction(1)]], [Fraction(1)], [0.25, 0.75])
    [Fraction(1, 4), Fraction(3, 4)]
    """
    n = len(guess)
    matrix = [[*r, b] for r, b in zip(rows, rhs)]
    pivots: list[int] = []
    top = 0
    for col in range(n):
        pick = next((r for r in range(top, len(matrix)) if matrix[r][col] != 0), None)
        if pick is None:
            continue
        matrix[top], matrix[pick] = matrix[pick], matrix[top]
        lead = matrix[top][col]
        matrix[top] = [v / lead for v in matrix[top]]
        for r in range(len(matrix)):
            if r != top and matrix[r][col] != 0:
                f = matrix[r][col]
                matrix[r] = [a - f * b for a, b in zip(matrix[r], matrix[top])]
        pivots.append(col)
        top += 1
    if any(row[n] != 0 for row in matrix[top:]):
        return None
    x = [Fraction(0) if col in pivots else _near(guess[col]) for col in range(n)]
    for r, col in enumerate(pivots):
        x[col] = matrix[r][n] - sum(
            (matrix[r][j] * x[j] for j in range(n) if j not in pivots), Fraction(0)
        )
    return x


def _exact_accuse(game: ClaimGame, y: np.ndarray, q: np.ndarray) -> list[Fraction] | None:
    """The accuser's chances in fractions: 0 and 1 kept, the others from the
    claimer's indifference between the cards each hand mixes."""
    n_c = len(game.cards)
    free = [c for c in range(n_c) if TOLERANCE < q[c] < 1 - TOLERANCE]
    fixed = {c: Fraction(int(q[c] >= 0.5)) for c in range(n_c) if c not in free}
    rows: list[list[Fraction]] = []
    rhs: list[Fraction] = []
    for h, w in enumerate(game.weights):
        support = [c for c in range(n_c) if y[h, c] > TOLERANCE * w]
        for c in support[1:]:
            row = [Fraction(0)] * len(free)
            const = Fraction(0)
            for sign, d in ((1, c), (-1, support[0])):
                swing = game.accused(h, d) - game.passed(h, d)
                const += sign * game.passed(h, d)
                if d in free:
                    row[free.index(d)] += sign * swing
                else:
                    const += sign * fixed[d] * swing
            rows.append(row)
            rhs.append(-const)
    values = solve_linear(rows, rhs, [float(q[c]) for c in free])
    if values is None or not all(0 <= v <= 1 for v in values):
        return None
    return [fixed[c] if c in fixed else values[free.index(c)] for c in range(n_c)]


def _exact_claims(
    game: ClaimGame, y: np.ndarray, accuse: list[Fraction]
) -> list[list[Fraction]] | None:
    """The claimer's chances in fractions: each hand on the cards it mixed (all of
    them best against `accuse`), weighted so that the accuser is indifferent
    on every card it mixes."""
    n_c = len(game.cards)
    claims = [[Fraction(0)] * n_c for _ in game.hands]
    unknowns: list[tuple[int, int]] = []
    for h, w in enumerate(game.weights):
        values = [game.claim_value(h, c, accuse[c]) for c in range(n_c)]
        support = [c for c in range(n_c) if y[h, c] > TOLERANCE * w]
        if not support or any(values[c] != max(values) for c in support):
            return None
        if len(support) == 1:
            claims[h][support[0]] = Fraction(1)
        else:
            unknowns += [(h, c) for c in support]
    rows: list[list[Fraction]] = []
    rhs: list[Fraction] = []
    for h in sorted({h for h, _ in unknowns}):
        rows.append([Fraction(int(u == h)) for u, _ in unknowns])
        rhs.append(Fraction(1))
    for c in (c for c in range(n_c) if 0 < accuse[c] < 1):
        row = [
            Fraction(int(d == c) * game.weights[h] * (game.accused(h, c) - game.passed(h, c)))
            for h, d in unknowns
        ]
        known = sum(
            game.weights[h] * claims[h][c] * (game.accused(h, c) - game.passed(h, c))
            for h in range(len(game.hands))
        )
        rows.append(row)
        rhs.append(-Fraction(known))
    guess = [float(y[h, c]) / game.weights[h] for h, c in unknowns]
    found = solve_linear(rows, rhs, guess)
    if found is None or any(v < 0 for v in found):
        return None
    for (h, c), v in zip(unknowns, found):
        claims[h][c] = v
    return claims


def by_truths(game: ClaimGame) -> tuple[ClaimGame, list[int]]:
    """The game with the hands that show the same cards as one (their weights
    added), and each hand's place in it."""
    rows = list(dict.fromkeys(game.true))
    places = [rows.index(row) for row in game.true]
    weights = [0] * len(rows)
    for place, w in zip(places, game.weights):
        weights[place] += w
    names = ["+".join(n for n, p in zip(game.hands, places) if p == i) for i in range(len(rows))]
    merged = ClaimGame(
        tuple(names), tuple(weights), game.cards, game.points, tuple(rows), game.lie, game.penalty
    )
    return merged, places


def solve(game: ClaimGame) -> Solution:
    """An equilibrium of `game`: by LP, then exact where the supports allow (see
    the module); else the LP's strategies as fractions, with their `gap`.  Hands
    that show the same cards play alike (they are one hand to the LP), and games
    that differ only in the hands' names are solved once."""
    merged, places = by_truths(game)
    found = _solve_merged(replace(merged, hands=tuple(map(str, range(len(merged.hands))))))
    claims = tuple(found.claims[p] for p in places)
    return Solution(game, claims, found.accuse, found.value, found.exact, found.gap)


@lru_cache(maxsize=4_096)
def _solve_merged(game: ClaimGame) -> Solution:
    y, q = _linprog(game)
    accuse = _exact_accuse(game, y, q)
    claims = None if accuse is None else _exact_claims(game, y, accuse)
    if accuse is None or claims is None:
        accuse = [_near(float(v)) for v in q]
        claims = [[_near(float(v) / w) for v in row] for row, w in zip(y, game.weights)]
        claims = [[v / sum(row) for v in row] for row in claims]
    upper, lower = game.best_claims_value(accuse), game.best_accusal_value(claims)
    gap = upper - lower
    return Solution(
        game,
        tuple(tuple(row) for row in claims),
        tuple(accuse),
        upper if gap == 0 else (upper + lower) / 2,
        gap == 0,
        gap,
    )
