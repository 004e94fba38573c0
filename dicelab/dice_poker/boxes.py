"""The boxes of the Dice Poker score cards: what each box scores, in every
language, for the rulesets of `dicelab.dice_poker.rules`.

>>> [box.id for box in upper_boxes()][:3]
['ones', 'twos', 'threes']
>>> full_house = {box.id: box for box in yatzy_lower()}["full_house"]
>>> full_house.score((2, 2, 5, 5, 5)), full_house.score((2, 2, 5, 5, 6))
(19, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

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
    name: str
    name_pt: str
    name_es: str
    name_it: str
    section: Section
    qualifies: scoring.Test
    score: scoring.Scorer
    joker_points: int | None = None

    def label(self, lang: str = "en") -> str:
        """The box's name in English ("en"), Portuguese ("pt"), Spanish ("es") or
        Italian ("it").

        >>> from dicelab.dice_poker.rules import get_ruleset
        >>> [get_ruleset().box("sixes").label(lang) for lang in ("en", "pt", "es", "it")]
        ['Sixes', 'Seis', 'Seises', 'Sei']
        >>> [get_ruleset().box("small_straight").label(lang) for lang in ("es", "it")]
        ['Escalera menor', 'Scala piccola']
        """
        if lang == "pt":
            return self.name_pt
        if lang == "es":
            return self.name_es
        if lang == "it":
            return self.name_it
        return self.name


def upper_boxes() -> tuple[Box, ...]:
    """Ones to Sixes: each scores the dice that show its face."""
    names = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")
    names_pt = ("Ases", "Dois", "Três", "Quatro", "Cinco", "Seis")
    names_es = ("Unos", "Doses", "Treses", "Cuatros", "Cincos", "Seises")
    names_it = ("Uno", "Due", "Tre", "Quattro", "Cinque", "Sei")
    return tuple(
        Box(
            UPPER_IDS[f - 1],
            names[f - 1],
            names_pt[f - 1],
            names_es[f - 1],
            names_it[f - 1],
            "upper",
            scoring.upper_test(f),
            scoring.upper_scorer(f),
        )
        for f in range(1, 7)
    )


LOWER_NAMES: dict[str, tuple[str, str, str, str]] = {  # English, Portuguese, Spanish, Italian
    "pair": ("Pair", "Par", "Pareja", "Coppia"),
    "two_pairs": ("Two pairs", "Dois pares", "Doble pareja", "Doppia coppia"),
    "three_kind": ("Three of a kind", "Trinca", "Trío", "Tris"),
    "four_kind": ("Four of a kind", "Quadra", "Cuatro iguales", "Quattro uguali"),
    "full_house": ("Full house", "Full House", "Full", "Full"),
    "small_straight": ("Small straight", "Sequência pequena", "Escalera menor", "Scala piccola"),
    "large_straight": ("Large straight", "Sequência grande", "Escalera mayor", "Scala grande"),
    "chance": ("Chance", "Chance", "Chance", "Chance"),
}


def _lower(
    box_id: str,
    test: scoring.Test,
    score: scoring.Scorer,
    joker: int | None = None,
    names: tuple[str, str, str, str] | None = None,
) -> Box:
    """A lower box, named as in `LOWER_NAMES` unless `names` are given."""
    name, name_pt, name_es, name_it = names or LOWER_NAMES[box_id]
    return Box(box_id, name, name_pt, name_es, name_it, "lower", test, score, joker)


def _poker(names: tuple[str, str, str, str]) -> Box:
    """The five-of-a-kind box, under the ruleset's own name."""
    return _lower("poker", scoring.is_five_of_a_kind, scoring.score_poker, names=names)


def pair_boxes() -> tuple[Box, ...]:
    """Dice Poker's Pair and Two pairs (the sum of the pairs' dice)."""
    return (
        _lower("pair", lambda d: scoring.has_kind(d, 2), scoring.score_pair),
        _lower("two_pairs", scoring.has_two_pairs, scoring.score_two_pairs),
    )


def classic_lower(poker_name: str, poker_name_es: str, poker_name_it: str) -> tuple[Box, ...]:
    """The lower boxes of Dice Poker and Yahtzee (their poker box's names:
    English, Spanish, Italian; Pôquer in Portuguese)."""
    return (
        _lower("three_kind", lambda d: scoring.has_kind(d, 3), scoring.score_three_kind),
        _lower("four_kind", lambda d: scoring.has_kind(d, 4), scoring.score_four_kind),
        _lower("full_house", scoring.is_full_house, scoring.score_full_house, 25),
        _lower("small_straight", scoring.has_small_straight, scoring.score_small_straight, 30),
        _lower("large_straight", scoring.has_large_straight, scoring.score_large_straight, 40),
        _poker((poker_name, "Pôquer", poker_name_es, poker_name_it)),
        _lower("chance", scoring.always, scoring.score_chance),
    )


def yatzy_lower() -> tuple[Box, ...]:
    """Yatzy's lower boxes, scored the Scandinavian way."""
    return (
        _lower(
            "pair",
            lambda d: scoring.has_kind(d, 2),
            scoring.score_yatzy_pair,
            names=("One pair", "Par", "Pareja", "Coppia"),
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
        _poker(("Yatzy", "Pôquer", "Yatzy", "Yatzy")),
    )
