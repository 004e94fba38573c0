"""The numbers that lessons 12 and 13 state in their prose, each computed a second
way here: by brute force over the rolls, or from the solved table's 1,393
states instead of its running sums (a fact check found them wrong once)."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from pathlib import Path

import pytest

from dicelab.core.present.numbers import parse_fraction
from dicelab.sly_dice.equilibrium import state_game
from dicelab.sly_dice.rules import DEFAULT_RULES, OWN_DICE
from dicelab.sly_dice.seen import Seen
from dicelab.sly_dice.solved import best_response_claims, solve_table
from dicelab.sly_dice.strategy import strategy
from dicelab.solitaire.odds import offer_counts

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ROLLS = list(itertools.product(range(1, 7), repeat=5))
PAIRINGS = (((0, 1), (2, 3)), ((0, 2), (1, 3)), ((0, 3), (1, 2)))


def prose(lesson: str) -> str:
    """Every markdown cell of the lesson whose file name starts with `lesson`."""
    [path] = NOTEBOOKS.glob(f"{lesson}-*.ipynb")
    cells = json.loads(path.read_text())["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


def options_by_hand(roll: tuple[int, ...], three: tuple[int, ...] = ()) -> int:
    """The distinct options of `roll` from the rules' words: a discard die and two
    pairs of the other four; with three discard numbers set, the discard is one
    of them if the roll shows one, else a free throw (two pairs of any four)."""
    found = set()
    shows = [i for i, face in enumerate(roll) if face in three]
    for out in range(5):
        if three and shows and out not in shows:
            continue
        rest = [roll[i] for i in range(5) if i != out]
        for (a, b), (c, d) in PAIRINGS:
            sums = tuple(sorted((rest[a] + rest[b], rest[c] + rest[d])))
            found.add((sums, None if three and not shows else roll[out]))
    return len(found)


def mean_options(chosen: frozenset[int]) -> Fraction:
    *_, options = offer_counts(chosen)
    return Fraction(sum(n * c for n, c in options.items()), len(ROLLS))


def test_lesson_12_counts_the_options_of_a_roll_right() -> None:
    before = mean_options(frozenset())
    assert before == Fraction(sum(options_by_hand(r) for r in ROLLS), len(ROLLS))
    threes = list(itertools.combinations(range(1, 7), 3))
    after = sum(mean_options(frozenset(t)) for t in threes) / len(threes)
    by_hand = Fraction(sum(options_by_hand(r, t) for r in ROLLS for t in threes), len(ROLLS))
    assert after == by_hand / len(threes)
    assert max(options_by_hand(r) for r in ROLLS) == 15
    words = prose("12")
    assert f"{float(before):.2f}" == "7.72" and f"{float(after):.2f}" == "3.99"
    assert "up to 15 options" in words and "7.72 on average" in words and "3.99 after" in words


@pytest.fixture(scope="module")
def table():
    return solve_table()


def test_lesson_13_states_which_cards_are_accused_and_how_often(table) -> None:
    """The accused share of each card, summed again from the 1,393 states' claims
    and accusations (each hidden hand weighted by how often the plan deals it)."""
    claimed = dict.fromkeys(DEFAULT_RULES.ids, Fraction(0))
    accused = dict(claimed)
    for state in table.states:
        common, aside = tuple(state["common"]), tuple(state["aside"])
        game = state_game(common, aside, DEFAULT_RULES.ids, DEFAULT_RULES)
        chance = parse_fraction(state["chance"])
        for hand, w in zip(game.hands, game.weights):
            for card, p in state["claims"].get(hand, {}).items():
                share = chance * Fraction(w, game.total) * parse_fraction(p)
                claimed[card] += share
                accused[card] += share * parse_fraction(state["accuse"][card])
    rate = {card: accused[card] / claimed[card] for card in claimed}
    assert {c.card: c.accused / c.claimed for c in table.cards} == rate
    points = {card: DEFAULT_RULES.points_of(card) for card in rate}
    big = [card for card in rate if points[card] >= 25 and card != "six_kind"]
    assert all(0.49 < rate[card] < 0.59 for card in big)  # "about half the time"
    assert sorted(rate, key=rate.__getitem__)[-2:] == ["three_pairs", "two_triples"]
    assert rate["pair"] == rate["two_pairs"] == 0  # never
    assert round(float(rate["full_house"]), 3) == 0.370  # "about 3 times in 8"
    assert round(float(rate["six_kind"]), 3) == 0.310  # the biggest card, accused less
    assert rate["six_kind"] < min(rate[card] for card in big)
    bluffed = {c.card: c.bluffed / c.claimed for c in table.cards}
    assert bluffed["six_kind"] < 0.05  # "almost always truly"


@pytest.mark.slow
def test_lesson_13_best_response_to_the_honest_accuser(table) -> None:
    """It claims Six of a kind in under 1% of claims, and what it gains is the honest
    bot's exploitability as accuser (summed separately, in `solve_table`)."""
    shares = best_response_claims("honest")
    assert round(float(shares["six_kind"]), 4) == 0.0056
    assert max(shares, key=shares.__getitem__) == "three_pairs"
    bot, gained = strategy("honest"), Fraction(0)
    for state in table.states:
        common, aside = tuple(state["common"]), tuple(state["aside"])
        game = state_game(common, aside, DEFAULT_RULES.ids, DEFAULT_RULES)
        seen = Seen(common, aside, OWN_DICE - len(aside), DEFAULT_RULES.ids, DEFAULT_RULES)
        accuse = [bot.accuse_chance(seen, card) for card in game.cards]
        gained += parse_fraction(state["chance"]) * game.best_claims_value(accuse)
    [honest] = [e for e in table.exploits if e.bot == "honest"]
    assert gained == table.value + honest.as_accuser
    assert round(float(honest.as_accuser), 1) == 14.5 and "14.5 points a claim" in prose("13")
