"""Sly Dice's claim-and-accuse game, solved over every common roll: when to bluff, when to accuse.

Two players and one claim.  The claimer rolls by the points plan (the
bots' exact rolling, `odds.points_plan`), so what both see before the claim
is a *public state*: the three common dice and the dice set aside.  Each
public state is its own small game (`claim_game.ClaimGame`): the claimer's
hidden hands are those the plan stops with, each with its exact chance;
the accuser sees the claim.  Solving each one (an LP made exact) solves the
whole game, whose value is their average weighted by how often the plan
reaches them.

>>> from dicelab.sly_dice.rules import DEFAULT_RULES
>>> seen = Seen((1, 3, 5), (), 3, ("pair", "three_kind", "four_kind"), DEFAULT_RULES)
>>> claim_chances(seen, (1, 1, 2))  # three of a kind: now and then claim four
{'three_kind': Fraction(79, 80), 'four_kind': Fraction(1, 80)}
>>> accuse_chance(seen, "four_kind"), accuse_chance(seen, "three_kind")
(Fraction(18, 25), Fraction(0, 1))
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

from dicelab.core.dice.hands import as_hand, sorted_hands, weight
from dicelab.core.ui.background import BackgroundTask
from dicelab.sly_dice.claim_game import ClaimGame, Solution, solve, tiny_game
from dicelab.sly_dice.odds import points_plan
from dicelab.sly_dice.rules import COMMON_DICE, OWN_DICE, ROLLS, SlyRules
from dicelab.sly_dice.seen import Seen

Hand = tuple[int, ...]


def stopping_hands(
    common: Hand, aside: Hand, table: tuple[str, ...], rules: SlyRules
) -> list[tuple[Hand, int]]:
    """The hidden hands a claimer can hold after setting `aside` aside, with their
    weights: after the third roll every hand, before it those the plan stops with.

    >>> from dicelab.sly_dice.rules import DEFAULT_RULES
    >>> [h for h, _ in stopping_hands((6, 6, 6), (6, 6), ("pair",), DEFAULT_RULES)]
    [(1,), (2,), (3,), (4,), (5,), (6,)]
    """
    n, rolls = OWN_DICE - len(aside), len(aside) + 1
    hands = [(h, weight(h)) for h in sorted_hands(n)]
    if rolls == ROLLS:
        return hands
    plan = points_plan(common, table, rules)
    return [(h, w) for h, w in hands if plan.stops(aside, h, rolls)]


@lru_cache(maxsize=4_096)
def state_game(common: Hand, aside: Hand, table: tuple[str, ...], rules: SlyRules) -> ClaimGame:
    """The claim game of one public state (hands named like "1 3 6")."""
    hands = stopping_hands(common, aside, table, rules)
    bits = [rules.bit(c) for c in table]
    true = tuple(
        tuple(bool(rules.masks[tuple(sorted(common + aside + h))] & b) for b in bits)
        for h, _ in hands
    )
    return ClaimGame(
        tuple(" ".join(map(str, h)) for h, _ in hands),
        tuple(w for _, w in hands),
        table,
        tuple(rules.points_of(c) for c in table),
        true,
        rules.successful_lie,
        -rules.false_accusation,
    )


@lru_cache(maxsize=4_096)
def state_solution(common: Hand, aside: Hand, table: tuple[str, ...], rules: SlyRules) -> Solution:
    """The solved claim game of one public state (cached)."""
    return solve(state_game(common, aside, table, rules))


def solution_of(seen: Seen) -> Solution:
    """The solved game of what `seen` shows; the cards in the rules' order (the
    game does not depend on the order on the table)."""
    table = seen.rules.in_order(seen.table)
    return state_solution(as_hand(seen.common), as_hand(seen.aside), table, seen.rules)


def claim_chances(seen: Seen, hidden: Hand) -> dict[str, Fraction]:
    """The equilibrium's chance of claiming each card with these hidden dice
    (only the cards it claims)."""
    solution, name = solution_of(seen), " ".join(map(str, as_hand(hidden)))
    game = solution.game
    if name in game.hands:
        row = solution.claims[game.hands.index(name)]
        return {c: p for c, p in zip(game.cards, row) if p}
    # a hand the plan would not have stopped with: the best answer to the accuser
    true = seen.rules.true_cards(seen.common + seen.aside + as_hand(hidden), game.cards)
    values = [
        game.value_of(i, c in true, q) for i, (c, q) in enumerate(zip(game.cards, solution.accuse))
    ]
    return {game.cards[values.index(max(values))]: Fraction(1)}


def accuse_chance(seen: Seen, claim: str) -> Fraction:
    """The equilibrium's chance of accusing `claim` in this public state."""
    solution = solution_of(seen)
    return solution.accuse[solution.game.cards.index(claim)]


@dataclass(frozen=True)
class PublicState:
    """What both players see before a claim, and how often it happens: `chance`."""

    common: Hand
    aside: Hand
    chance: Fraction


def _reached(
    common: Hand, aside: Hand, rolls: int, chance: Fraction, table: tuple[str, ...], rules: SlyRules
) -> Iterator[tuple[Hand, Fraction]]:
    """(aside at the stop, chance) for every way the plan's next roll goes."""
    plan = points_plan(common, table, rules)
    n = OWN_DICE - len(aside)
    for h in sorted_hands(n):
        p = chance * Fraction(weight(h), 6**n)
        face = plan.choice(aside, h, rolls + 1)
        if face is None:
            yield aside, p
        else:
            yield from _reached(common, tuple(sorted((*aside, face))), rolls + 1, p, table, rules)


@cache
def public_states(table: tuple[str, ...], rules: SlyRules) -> tuple[PublicState, ...]:
    """Every public state with its exact chance (they add up to 1), in a fixed
    order: common dice, then dice set aside."""
    found: dict[tuple[Hand, Hand], Fraction] = {}
    for common in sorted_hands(COMMON_DICE):
        start = Fraction(weight(common), 6**COMMON_DICE)
        for aside, p in _reached(common, (), 0, start, table, rules):
            found[common, aside] = found.get((common, aside), Fraction(0)) + p
    return tuple(PublicState(c, a, p) for (c, a), p in sorted(found.items()))


@cache
def warm_up() -> BackgroundTask:
    """Load the LP solver (scipy, about a second) in a background thread, once per
    process, so that a panel's equilibrium bot never makes a click wait for it.

    >>> warm_up().join(); warm_up().running
    False
    """
    task = BackgroundTask(lambda _: solve(tiny_game()), _ignore, _ignore)
    task.start()
    return task


def _ignore(outcome: object) -> None:
    """What the warm-up hands back, ignored (had it failed, the bot's first claim
    loads the solver itself and says why)."""
