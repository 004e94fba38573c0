"""Is a cached Sly Dice solution what `solve_table` wrote?  Checked before it is
trusted (reliability-2 F20): its checksum, its key (the cards and rules it
was made for), and its own invariants, exactly.

- every chance is a fraction from 0 to 1; the cards are the table's, in
  order, each with its points; their claimed shares add up to 1, a card is
  bluffed or accused at most as often as it is claimed, and the lies are the
  bluffs added up;
- the public states are different sorted hands (three common dice, at most
  two set aside) whose chances add up to 1, and the value is their values
  weighted by those chances; in each, the accuser's chances are from 0 to 1
  and each hidden hand's claims add up to 1;
- every bot's exploitability and the equilibrium's gain are 0 or more.

Anything else is a `ValueError` naming what is wrong (the caller then solves
again).

>>> from dicelab.sly_dice.rules import DEFAULT_RULES
>>> from dicelab.sly_dice.solved import solve_table
>>> table = ("pair", "three_kind")
>>> result = solve_table(table, use_cache=False)
>>> check_solution(result, table, DEFAULT_RULES)
>>> from dataclasses import replace
>>> check_solution(replace(result, value=result.value + 1), table, DEFAULT_RULES)
Traceback (most recent call last):
...
ValueError: the value is not the states' values weighted by their chances
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from dicelab.core.present.numbers import parse_fraction
from dicelab.sly_dice.rules import COMMON_DICE, OWN_DICE, SlyRules
from dicelab.sly_dice.strategy import PLAN_ROLLERS

if TYPE_CHECKING:
    from dicelab.sly_dice.solved import SolvedTable


def _need(ok: bool, what: str) -> None:
    if not ok:
        raise ValueError(what)


def _chance(value: Any) -> Fraction:
    """A fraction from 0 to 1 (a Fraction, or "p/q" as the cache writes it)."""
    p = value if isinstance(value, Fraction) else parse_fraction(str(value))
    _need(0 <= p <= 1, f"a chance of {p} is not from 0 to 1")
    return p


def _hand(value: Any, least: int, most: int) -> tuple[int, ...]:
    _need(isinstance(value, list) and least <= len(value) <= most, "a hand of the wrong size")
    _need(all(type(f) is int and 1 <= f <= 6 for f in value), "a die that is not 1 to 6")
    _need(value == sorted(value), "a hand that is not sorted")
    return tuple(value)


def check_solution(result: SolvedTable, table: tuple[str, ...], rules: SlyRules) -> None:
    """`ValueError` unless `result` is a solution of the claim game for `table` and
    `rules` as `solve_table` makes one (see the module)."""
    _need(result.table == table, "made for other cards")
    _need(result.rules == json.loads(json.dumps(rules.settings())), "made for other rules")
    _need(isinstance(result.exact, bool), "'exact' is neither true nor false")
    seconds = result.seconds
    _need(type(seconds) in (int, float) and math.isfinite(seconds) and seconds >= 0, "seconds")
    _check_cards(result, table, rules)
    _chance(result.free_lies)
    bots = [e.bot for e in result.exploits]
    _need(bots == list(PLAN_ROLLERS), "the bots' exploitability is not of every bot")
    for e in result.exploits:
        _need(min(e.as_claimer, e.as_accuser, e.equilibrium_gain) >= 0, f"a gain below 0 ({e.bot})")
    _check_states(result, table)


def _check_cards(result: SolvedTable, table: tuple[str, ...], rules: SlyRules) -> None:
    _need([c.card for c in result.cards] == list(table), "the cards are not the table's")
    for c in result.cards:
        claimed, bluffed, accused = _chance(c.claimed), _chance(c.bluffed), _chance(c.accused)
        _need(bluffed <= claimed and accused <= claimed, f"{c.card} bluffed or accused too often")
        _need(c.points == rules.points_of(c.card), f"{c.card} has other points")
    _need(sum(c.claimed for c in result.cards) == 1, "the claims do not add up to 1")
    _need(_chance(result.lies) == sum(c.bluffed for c in result.cards), "the lies")


def _check_states(result: SolvedTable, table: tuple[str, ...]) -> None:
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    total = weighted = Fraction(0)
    for state in result.states:
        _need(isinstance(state, dict), "a state that is not a record")
        where = (
            _hand(state.get("common"), COMMON_DICE, COMMON_DICE),
            _hand(state.get("aside"), 0, OWN_DICE - 1),
        )
        _need(where not in seen, "a public state twice")
        seen.add(where)
        chance = _chance(state.get("chance"))
        total += chance
        weighted += chance * parse_fraction(str(state.get("value")))
        accuse, claims = state.get("accuse"), state.get("claims")
        if not (isinstance(accuse, dict) and set(accuse) == set(table)):
            raise ValueError("an accuser's chances")
        _sum_of(accuse.values())
        if not (isinstance(claims, dict) and claims):
            raise ValueError("a claimer's chances")
        for row in claims.values():
            _need(isinstance(row, dict) and set(row) <= set(table), "a claim of another card")
            _need(_sum_of(row.values()) == 1, "a hand's claims do not add up to 1")
    _need(total == 1, "the public states' chances do not add up to 1")
    _need(weighted == result.value, "the value is not the states' values weighted by their chances")


def _sum_of(chances: Iterable[Any]) -> Fraction:
    return sum((_chance(p) for p in chances), Fraction(0))
