"""Every Solitaire Dice odds table against brute force over all 7776 rolls, and icepool."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import icepool
import pytest

from dicelab.solitaire.odds import (
    cli_table,
    free_throw_formula,
    free_throw_probability,
    free_throw_table,
    option_count_table,
    pair_sum_table,
    sum_table,
    value_table,
)
from dicelab.solitaire.rules import SUMS, VALUES
from dicelab.solitaire.tables import discard_subsets

ROLLS = list(itertools.product(range(1, 7), repeat=5))


def brute_splits(dice: tuple[int, ...], chosen: frozenset[int]) -> set[tuple]:
    """The options of a roll straight from RULES.md §2, die by die."""
    free = len(chosen) == 3 and not (chosen & set(dice))
    options = set()
    for left_out in range(5):
        if len(chosen) == 3 and not free and dice[left_out] not in chosen:
            continue
        rest = [dice[p] for p in range(5) if p != left_out]
        for i in range(1, 4):
            pair = (rest[0] + rest[i], sum(rest) - rest[0] - rest[i])
            options.add((tuple(sorted(pair)), None if free else dice[left_out]))
    return options


def brute_offers(chosen: frozenset[int]) -> tuple[Counter, Counter, Counter]:
    """Enumerate and test: every ordered roll, its options from the rules' text."""
    offered, both, counts = Counter(), Counter(), Counter()
    cache: dict[tuple, set] = {}
    for roll in ROLLS:
        key = tuple(sorted(roll))
        if key not in cache:
            cache[key] = brute_splits(roll, chosen)
        options = cache[key]
        counts[len(options)] += 1
        for s in {x for pairs, _ in options for x in pairs}:
            offered[s] += 1
        for s in {pairs[0] for pairs, _ in options if pairs[0] == pairs[1]}:
            both[s] += 1
    return offered, both, counts


def test_pair_sums_against_two_dice_and_icepool() -> None:
    table = pair_sum_table()
    brute = Counter(a + b for a in range(1, 7) for b in range(1, 7))
    die = icepool.d6 + icepool.d6
    for s in SUMS:
        assert table.value(s, "probability") == Fraction(brute[s], 36)
        assert table.value(s, "probability") == Fraction(die.quantity(s), die.denominator())
    assert sum(table.column("probability").values()) == 1


@pytest.mark.parametrize(
    "chosen", [frozenset(), frozenset({1}), frozenset({1, 6}), frozenset({1, 2, 5})]
)
def test_sum_and_option_tables_against_brute_force(chosen: frozenset[int]) -> None:
    offered, both, counts = brute_offers(chosen)
    table = sum_table(chosen)
    for s in SUMS:
        row = table.row(s)
        assert row["value"] == VALUES[s]
        assert row["offered_probability"] == Fraction(offered[s], 7776)
        assert row["both_probability"] == Fraction(both[s], 7776)
    options = option_count_table(chosen)
    assert {n: options.value(n, "rolls") for n in options.column("rolls")} == dict(counts)
    assert sum(options.column("probability").values()) == 1


def test_offered_chance_of_seven_by_hand() -> None:
    # no discard chosen: 7 is offered unless no two of the five dice sum to 7
    miss = sum(
        1 for roll in ROLLS if not any(a + b == 7 for a, b in itertools.combinations(roll, 2))
    )
    assert sum_table().value(7, "offered_probability") == 1 - Fraction(miss, 7776)


@pytest.mark.parametrize("numbers", discard_subsets())
def test_free_throw_for_every_set_of_discard_numbers(numbers: frozenset[int]) -> None:
    brute = Fraction(sum(1 for roll in ROLLS if not numbers & set(roll)), 7776)
    assert free_throw_probability(numbers) == brute == free_throw_formula(len(numbers))


def test_free_throw_table_and_the_famous_one_in_32() -> None:
    table = free_throw_table()
    assert table.value(3, "probability") == Fraction(1, 32) == Fraction(1, 2) ** 5
    for k in range(7):
        assert table.value(k, "probability") == free_throw_formula(k)
        assert free_throw_probability(range(1, k + 1)) == free_throw_formula(k)


def test_cli_table_is_the_no_discard_sum_table() -> None:
    table, full = cli_table(), sum_table()
    assert table.meta == {"free_throw": "1/32"}
    for s in SUMS:
        for key in ("value", "pair_probability", "offered_probability"):
            assert table.value(s, key) == full.value(s, key)


def test_value_table_relates_values_to_chances() -> None:
    table = value_table()
    for s in SUMS:
        row = table.row(s)
        assert row["value_x_pair"] == VALUES[s] * row["pair_probability"]
        assert row["value_x_offered"] == VALUES[s] * row["offered_probability"]
        assert row["ways"] == 6 - abs(7 - s)
    values = [VALUES[s] for s in range(2, 8)]
    chances = [table.value(s, "offered_probability") for s in range(2, 8)]
    assert values == sorted(values, reverse=True) and chances == sorted(chances)


def test_tables_render_in_every_format() -> None:
    table = sum_table({1, 2, 5})
    for text in (table.to_text(), table.to_markdown(), table.to_csv(), table.to_latex()):
        assert "12" in text
    assert '"discards": [\n    1,\n    2,\n    5\n  ]' in table.to_json()
