"""The boxes of the Dice Poker score cards: what each box scores and its name
(translated by the catalogs, `dicelab.core.i18n`), for the rulesets of
`dicelab.dice_poker.rules`.

>>> [box.id for box in upper_boxes()][:3]
['ones', 'twos', 'threes']
>>> full_house = {box.id: box for box in yatzy_lower()}["full_house"]
>>> full_house.score((2, 2, 5, 5, 5)), full_house.score((2, 2, 5, 5, 6))
(19, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from dicelab.core.i18n import Message, messages, msg, translate
from dicelab.dice_poker import scoring

UPPER_IDS = ("ones", "twos", "threes", "fours", "fives", "sixes")
Section = Literal["upper", "lower"]


@dataclass(frozen=True)
class Box:
    """One box of the score card.

    `qualifies(dice)` says whether the roll fits the box; `score(dice)` is
    what it writes there (0 when it does not fit); `joker_points` is the
    fixed score the box gives to a five of a kind under the joker rule.
    """

    id: str
    title: Message
    section: Section
    qualifies: scoring.Test
    score: scoring.Scorer
    joker_points: int | None = None

    @property
    def name(self) -> str:
        """The box's name in English."""
        return self.title.text

    @property
    def name_pt(self) -> str:
        """The box's name in Portuguese (the lessons show both)."""
        return self.label("pt")

    def label(self, lang: str = "en") -> str:
        """The box's name in `lang`.

        >>> from dicelab.dice_poker.rules import get_ruleset
        >>> [get_ruleset().box("sixes").label(lang) for lang in ("en", "pt", "es", "it", "fr")]
        ['Sixes', 'Seis', 'Seises', 'Sei', 'Six']
        >>> [get_ruleset().box("small_straight").label(lang) for lang in ("es", "it")]
        ['Escalera menor', 'Scala piccola']
        """
        return translate(self.title, lang)


def upper_boxes() -> tuple[Box, ...]:
    """Ones to Sixes: each scores the dice that show its face."""
    titles = (
        msg("box:ones", "Ones"),
        msg("box:twos", "Twos"),
        msg("box:threes", "Threes"),
        msg("box:fours", "Fours"),
        msg("box:fives", "Fives"),
        msg("box:sixes", "Sixes"),
    )
    return tuple(
        Box(
            UPPER_IDS[f - 1],
            titles[f - 1],
            "upper",
            scoring.upper_test(f),
            scoring.upper_scorer(f),
        )
        for f in range(1, 7)
    )


LOWER_TITLES = messages(
    msg("box:pair", "Pair"),
    msg("box:two_pairs", "Two pairs"),
    msg("box:three_kind", "Three of a kind"),
    msg("box:four_kind", "Four of a kind"),
    msg("box:full_house", "Full house"),
    msg("box:small_straight", "Small straight"),
    msg("box:large_straight", "Large straight"),
    msg("box:chance", "Chance"),
)


def _lower(
    box_id: str,
    test: scoring.Test,
    score: scoring.Scorer,
    joker: int | None = None,
    title: Message | None = None,
) -> Box:
    """A lower box, named as in `LOWER_TITLES` unless a `title` is given."""
    return Box(box_id, title or LOWER_TITLES[f"box:{box_id}"], "lower", test, score, joker)


def _poker(title: Message) -> Box:
    """The five-of-a-kind box, under the ruleset's own name."""
    return _lower("poker", scoring.is_five_of_a_kind, scoring.score_poker, title=title)


def pair_boxes() -> tuple[Box, ...]:
    """Dice Poker's Pair and Two pairs (the sum of the pairs' dice)."""
    return (
        _lower("pair", lambda d: scoring.has_kind(d, 2), scoring.score_pair),
        _lower("two_pairs", scoring.has_two_pairs, scoring.score_two_pairs),
    )


def classic_lower(poker: Message) -> tuple[Box, ...]:
    """The lower boxes of Dice Poker and Yahtzee (`poker`: their poker box's name)."""
    return (
        _lower("three_kind", lambda d: scoring.has_kind(d, 3), scoring.score_three_kind),
        _lower("four_kind", lambda d: scoring.has_kind(d, 4), scoring.score_four_kind),
        _lower("full_house", scoring.is_full_house, scoring.score_full_house, 25),
        _lower("small_straight", scoring.has_small_straight, scoring.score_small_straight, 30),
        _lower("large_straight", scoring.has_large_straight, scoring.score_large_straight, 40),
        _poker(poker),
        _lower("chance", scoring.always, scoring.score_chance),
    )


def yatzy_lower() -> tuple[Box, ...]:
    """Yatzy's lower boxes, scored the Scandinavian way."""
    return (
        _lower(
            "pair",
            lambda d: scoring.has_kind(d, 2),
            scoring.score_yatzy_pair,
            title=msg("box:pair", "One pair"),
        ),
        _lower("two_pairs", scoring.has_two_pairs, scoring.score_yatzy_two_pairs),
        _lower("three_kind", lambda d: scoring.has_kind(d, 3), scoring.yatzy_kind_scorer(3)),
        _lower("four_kind", lambda d: scoring.has_kind(d, 4), scoring.yatzy_kind_scorer(4)),
        _lower(
            "small_straight",
            scoring.is_yatzy_small_straight,
            scoring.fixed_if(scoring.is_yatzy_small_straight, 15),
        ),
        _lower(
            "large_straight",
            scoring.is_yatzy_large_straight,
            scoring.fixed_if(scoring.is_yatzy_large_straight, 20),
        ),
        _lower("full_house", scoring.is_full_house, scoring.score_yatzy_full_house),
        _lower("chance", scoring.always, scoring.score_chance),
        _poker(msg("box:poker", "Yatzy")),
    )
