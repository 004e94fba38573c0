"""`card_problem` against a search through the rules themselves.

The oracle knows nothing of `card_problem`'s reasoning: starting from an
empty card it applies `box_options` and `poker_bonus_due` (the rules a game
uses) to every one of the 252 hands, box after box, and collects every card
and poker bonus a game can leave.  On small rulesets every candidate card is
compared; on full rulesets, cards from random games must pass and a card
that passes must be found by a depth-first search.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from oracles import HANDS, reachable_cards, search_path, small

from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.reachable import box_facts, card_problem
from dicelab.dice_poker.rules import Ruleset, box_options, get_ruleset, poker_bonus_due
from dicelab.errors import SettingsError

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
