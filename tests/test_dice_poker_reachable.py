"""`card_problem` against a search through the rules themselves.

The oracle knows nothing of `card_problem`'s reasoning: starting from an
empty card it applies `box_options` and `poker_bonus_due` (the rules a game
uses) to every one of the 252 hands, box after box, and collects every card
and poker bonus a game can leave.  On small rulesets every candidate card is
compared; on full rulesets, cards from random games must pass and a card
that passes must be found by a depth-first search.
"""

from __future__ import annotations

import dataclasses
import itertools
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab.core.hands import dice_space
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.reachable import box_facts, card_problem
from dicelab.dice_poker.rules import Ruleset, box_options, get_ruleset, poker_bonus_due
from dicelab.errors import SettingsError

HANDS = dice_space(5).hands
FIVES = tuple((face,) * 5 for face in range(1, 7))


def small(base: str, ids: tuple[str, ...], **settings) -> Ruleset:
    rules = get_ruleset(base)
    boxes = tuple(rules.box(b) for b in ids)
    return dataclasses.replace(rules, name=f"{base}-small", boxes=boxes).with_settings(**settings)


def moves(rules: Ruleset, card: dict) -> frozenset[tuple[str, int, int]]:
    """Every (box, points, bonus) one hand can write on this card, by the rules
    (which depend only on the open boxes and on what Poker holds)."""
    return _moves(rules, tuple(b for b, v in card.items() if v is None), card.get("poker"))


@cache
def _moves(rules: Ruleset, open_boxes: tuple, poker) -> frozenset[tuple[str, int, int]]:
    card = {b: (None if b in open_boxes else 0) for b in rules.box_ids}
    if "poker" in card and "poker" not in open_boxes:
        card["poker"] = poker
    found = {m for m in _usual_moves(rules) if m[0] in open_boxes}
    for hand in FIVES:  # only a five of a kind can be a joker or earn a bonus
        bonus = poker_bonus_due(rules, card, hand)
        for box, points in box_options(rules, card, hand).items():
            found.add((box, points, bonus))
    return frozenset(found)


@cache
def _usual_moves(rules: Ruleset) -> frozenset[tuple[str, int, int]]:
    """What the other hands write: the same on any card (no joker, no bonus)."""
    card = dict.fromkeys(rules.box_ids)
    return frozenset(
        (box, points, poker_bonus_due(rules, card, hand))
        for hand in HANDS
        if hand not in FIVES
        for box, points in box_options(rules, card, hand).items()
    )


def reachable_cards(rules: Ruleset) -> set[tuple[tuple, int]]:
    """Every (boxes, poker bonus) a game can leave, breadth first from an empty card."""
    empty = (tuple(dict.fromkeys(rules.box_ids).items()), 0)
    seen, frontier = {empty}, [empty]
    while frontier:
        following = []
        for items, bonus in frontier:
            card = dict(items)
            for box, points, extra in moves(rules, card):
                new = (tuple({**card, box: points}.items()), bonus + extra)
                if new not in seen:
                    seen.add(new)
                    following.append(new)
        frontier = following
    return seen


SMALL_BOXES = [
    ("yahtzee", ("ones", "full_house", "large_straight", "poker", "chance")),
    ("dice-poker", ("twos", "sixes", "two_pairs", "small_straight", "poker")),
]
JOKERS = [(j, fifty) for j in ("forced", "free", "none") for fifty in (True, False)]


@pytest.mark.slow
@pytest.mark.parametrize("base, ids", SMALL_BOXES)
@pytest.mark.parametrize("joker, fifty", JOKERS)
def test_every_small_card_is_judged_as_the_rules_search_finds(base, ids, joker, fifty):
    rules = small(base, ids, joker=joker, joker_needs_fifty=fifty)
    reachable = reachable_cards(rules)
    facts = box_facts(rules)
    choices = [[None, *sorted(facts[b].possible)] for b in rules.box_ids]
    bonuses = [rules.poker_bonus * k for k in range(len(ids))] + [37]
    checked = accepted = 0
    for values in itertools.product(*choices):
        boxes = dict(zip(rules.box_ids, values))
        items = tuple(boxes.items())
        for bonus in bonuses:
            expected = (items, bonus) in reachable
            assert (card_problem(rules, boxes, bonus) is None) == expected, (boxes, bonus)
            checked += 1
            accepted += expected
    assert accepted == len(reachable) and 0 < accepted < checked // 2


def search_path(rules: Ruleset, target: dict, bonus: int) -> bool:
    """Depth first: some order of fills, each allowed by the rules, that leaves the card."""
    todo = [b for b, v in target.items() if v is not None]

    @cache
    def reach(filled: frozenset, earned: int) -> bool:
        if filled == frozenset(todo):
            return earned == bonus
        card = {b: (target[b] if b in filled else None) for b in rules.box_ids}
        # usual fills first, Poker next, jokers last: the order most cards need
        order = sorted(moves(rules, card), key=lambda m: (m[2] > 0, m[0] == "poker", m))
        for box, points, extra in order:
            fits = box in todo and box not in filled and target[box] == points
            if fits and earned + extra <= bonus and reach(filled | {box}, earned + extra):
                return True
        return False

    return reach(frozenset(), 0)


def random_card(rules: Ruleset, data) -> tuple[dict, int]:
    """A card from a random game: random hands, five of a kinds made likely."""
    card, bonus = dict.fromkeys(rules.box_ids), 0
    for _ in range(data.draw(st.integers(0, len(rules.boxes)))):
        if data.draw(st.booleans()):
            hand = (data.draw(st.integers(1, 6)),) * 5
        else:
            hand = data.draw(st.sampled_from(HANDS))
        options = box_options(rules, card, hand)
        box = data.draw(st.sampled_from(sorted(options)))
        bonus += poker_bonus_due(rules, card, hand)
        card = {**card, box: options[box]}
    return card, bonus


@pytest.mark.parametrize("name", ["dice-poker", "yahtzee", "yatzy"])
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_cards_of_random_games_pass_and_mutated_ones_are_judged_right(name, data):
    joker = data.draw(st.sampled_from(["forced", "free", "none"]))
    rules = get_ruleset(name, joker=joker)
    card, bonus = random_card(rules, data)
    assert card_problem(rules, card, bonus) is None
    box = data.draw(st.sampled_from(rules.box_ids))
    value = data.draw(st.one_of(st.none(), st.sampled_from(sorted(box_facts(rules)[box].possible))))
    bonus = data.draw(st.sampled_from([bonus, bonus + 100, max(bonus - 100, 0)]))
    mutated = {**card, box: value}
    if card_problem(rules, mutated, bonus) is None:
        assert search_path(rules, mutated, bonus), (mutated, bonus)


@pytest.mark.parametrize(
    "boxes, bonus",
    [
        ({"chance": 0}, 0),  # a roll always scores something in Chance
        ({"poker": 50, "chance": 17}, 100),  # the bonus roll wrote 5 x a face somewhere
        ({"poker": 0, "full_house": 25}, 100),  # no bonus once Poker holds 0
        ({"poker": 50, "sixes": 30}, 200),  # two bonuses, one joker fill
    ],
)
def test_scorecards_refuse_cards_no_game_leaves(boxes, bonus):
    rules = get_ruleset("yahtzee")
    with pytest.raises(SettingsError, match="no game leaves this score card"):
        Scorecard(rules, {**dict.fromkeys(rules.box_ids), **boxes}, bonus)
