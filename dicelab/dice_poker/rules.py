"""Dice Poker rulesets: the boxes, the bonuses and the joker, as settings.

`dice-poker` is RULES.md section 1 exactly; `yahtzee` and `yatzy` are the
presets with published results.

>>> rules = get_ruleset("dice-poker")
>>> len(rules.boxes), rules.upper_bonus_threshold, rules.joker
(15, 64, 'forced')
>>> get_ruleset("yahtzee", joker="free").settings()["joker"]
'free'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any, Literal, get_args

import numpy as np

from dicelab.core.dice.hands import as_hand, dice_space, sorted_hands
from dicelab.core.i18n import messages, msg, translate
from dicelab.dice_poker import scoring
from dicelab.dice_poker.boxes import (
    UPPER_IDS,
    Box,
    classic_lower,
    pair_boxes,
    upper_boxes,
    yatzy_lower,
)
from dicelab.errors import SettingsError

DICE = 5  # dice in a hand
ROLLS_PER_TURN = 3  # the first roll and two rerolls
JokerMode = Literal["forced", "free", "none"]
JOKER_MODES: tuple[JokerMode, ...] = get_args(JokerMode)
SETTINGS = (
    "upper_bonus_threshold",
    "upper_bonus",
    "poker_bonus",
    "joker",
    "joker_needs_fifty",
)


@dataclass(frozen=True)
class Ruleset:
    """A named set of boxes and bonus settings.

    - `upper_bonus_threshold`: the upper total that earns the bonus
      (at least; Dice Poker's "greater than 63" is 64);
    - `upper_bonus`: the points of that bonus;
    - `poker_bonus`: points for each further five of a kind while the poker
      box holds 50 (0 for none);
    - `joker`: "forced" (upper box of the face first, then any lower box),
      "free" (any open box) or "none";
    - `joker_needs_fifty`: the joker applies only while the poker box holds
      50 (Dice Poker); if False, whenever the poker box is filled (Yahtzee).
    """

    name: str
    boxes: tuple[Box, ...]
    upper_bonus_threshold: int
    upper_bonus: int
    poker_bonus: int
    joker: JokerMode
    joker_needs_fifty: bool

    def __post_init__(self) -> None:
        self.check()

    @property
    def turns(self) -> int:
        """Turns per player: one per box."""
        return len(self.boxes)

    @cached_property
    def box_ids(self) -> tuple[str, ...]:
        """The ids of the boxes, in score-card order."""
        return tuple(b.id for b in self.boxes)

    def __hash__(self) -> int:
        """The fields' hash, made once: a ruleset keys every table cached for it."""
        if "_hash" not in self.__dict__:
            fields = tuple(getattr(self, f.name) for f in dataclasses.fields(self))
            self.__dict__["_hash"] = hash(fields)
        return int(self.__dict__["_hash"])

    def box(self, box_id: str) -> Box:
        """The box with this id; a clear error for an unknown one."""
        for box in self.boxes:
            if box.id == box_id:
                return box
        raise SettingsError(
            f"{self.name} has no box {box_id!r}; its boxes are {', '.join(self.box_ids)}"
        )

    def upper_bonus_for(self, upper_total: Any) -> Any:
        """The upper bonus earned with this upper total (a number, or a numpy array
        of them): the one place the bonus rule is written.

        >>> [get_ruleset(name).upper_bonus_for(63) for name in ("dice-poker", "yahtzee")]
        [0, 35]
        """
        if isinstance(upper_total, int):
            return self.upper_bonus if upper_total >= self.upper_bonus_threshold else 0
        reached = np.asarray(upper_total) >= self.upper_bonus_threshold
        earned = np.where(reached, self.upper_bonus, 0)
        return int(earned) if earned.ndim == 0 else earned

    def settings(self) -> dict[str, Any]:
        """The ruleset's name and settings, JSON-ready."""
        return {"ruleset": self.name, **{k: getattr(self, k) for k in SETTINGS}}

    def with_settings(self, **settings: Any) -> Ruleset:
        """A copy with some settings changed, checked.

        >>> get_ruleset("dice-poker").with_settings(upper_bonus_threshold=63).upper_bonus_threshold
        63
        """
        unknown = set(settings) - set(SETTINGS)
        if unknown:
            raise SettingsError(
                f"unknown setting {sorted(unknown)[0]!r}; settings are {', '.join(SETTINGS)}"
            )
        return dataclasses.replace(self, **settings)

    def check(self) -> None:
        """Raise `SettingsError` unless the name, the boxes and every setting are right."""
        if not isinstance(self.name, str) or not self.name.strip():
            raise SettingsError(f"a ruleset's name is a non-empty text, not {self.name!r}")
        if not isinstance(self.boxes, tuple) or not self.boxes:
            raise SettingsError("a ruleset needs a tuple of at least one Box")
        if not all(isinstance(b, Box) for b in self.boxes):
            raise SettingsError("every box of a ruleset must be a Box")
        ids = [b.id for b in self.boxes]
        if len(set(ids)) != len(ids):
            raise SettingsError(f"the box ids of a ruleset must be different, not {ids}")
        for key in ("upper_bonus_threshold", "upper_bonus", "poker_bonus"):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SettingsError(f"{key} must be a whole number >= 0, not {value!r}")
        if self.joker not in JOKER_MODES:
            raise SettingsError(
                f"joker must be one of {', '.join(JOKER_MODES)}, not {self.joker!r}"
            )
        if not isinstance(self.joker_needs_fifty, bool):
            raise SettingsError("joker_needs_fifty must be True or False")


RULESETS: dict[str, Ruleset] = {
    "dice-poker": Ruleset(
        "dice-poker",
        upper_boxes() + pair_boxes() + classic_lower(msg("box:poker", "Poker")),
        64,
        35,
        100,
        "forced",
        True,
    ),
    "yahtzee": Ruleset(
        "yahtzee",
        upper_boxes() + classic_lower(msg("box:poker", "Yahtzee")),
        63,
        35,
        100,
        "forced",
        False,
    ),
    "yatzy": Ruleset("yatzy", upper_boxes() + yatzy_lower(), 63, 50, 0, "none", False),
}


def get_ruleset(name: str | Ruleset = "dice-poker", **settings: Any) -> Ruleset:
    """A preset by name ("dice-poker", "yahtzee", "yatzy"), with settings changed.

    >>> get_ruleset("yatzy").box("pair").name
    'One pair'
    """
    if isinstance(name, Ruleset):
        base = name
    elif isinstance(name, str) and name in RULESETS:
        base = RULESETS[name]
    else:
        raise SettingsError(f"unknown ruleset {name!r}; choose one of {', '.join(RULESETS)}")
    return base.with_settings(**settings) if settings else base


# --- holds ------------------------------------------------------------------

Hold = tuple[int, ...]  # the faces held, sorted; all five dice held: stopping

HOLD_WORDS = messages(
    msg("hold:stop", "all (stop)"),
    msg("hold:none", "none (reroll all)"),
)


def hold_text(hold: Hold, lang: str = "en") -> str:
    """A hold for people: its faces, or "all (stop)", or "none (reroll all)".

    The odds tables, the advisor and the panel key their rows by the hold
    itself; this is the only place it becomes text.

    >>> hold_text((6, 6, 6)), hold_text((1, 2, 3, 4, 6)), hold_text((), "pt")
    ('6 6 6', 'all (stop)', 'nenhum (rolar todos)')
    >>> hold_text((), "it"), hold_text((2, 2, 2, 2, 2), "it")
    ('nessuno (rilancia tutti)', 'tutti (fermati)')
    """
    if len(hold) == DICE:
        return translate(HOLD_WORDS["hold:stop"], lang)
    return " ".join(map(str, hold)) if hold else translate(HOLD_WORDS["hold:none"], lang)


def hand_text(hand: Hold) -> str:
    """A hand of dice for people: its faces.

    >>> hand_text((1, 1, 1, 1, 2))
    '1 1 1 1 2'
    """
    return " ".join(map(str, hand))


# --- filling a box -------------------------------------------------------

Card = Mapping[str, int | None]


def is_joker(rules: Ruleset, card: Card, dice: Sequence[int]) -> bool:
    """Whether this roll is a joker: five of a kind with the poker box already filled
    (with 50, for Dice Poker).

    >>> rules = get_ruleset("dice-poker")
    >>> card = {b: None for b in rules.box_ids} | {"poker": 50}
    >>> is_joker(rules, card, [4, 4, 4, 4, 4])
    True
    >>> is_joker(rules, card | {"poker": 0}, [4, 4, 4, 4, 4])
    False
    """
    poker = card.get("poker")
    if rules.joker == "none" or not scoring.is_five_of_a_kind(dice) or poker is None:
        return False
    return poker == 50 or not rules.joker_needs_fifty


def poker_bonus_due(rules: Ruleset, card: Card, dice: Sequence[int]) -> int:
    """The bonus for a further five of a kind while the poker box holds 50."""
    return rules.poker_bonus if scoring.is_five_of_a_kind(dice) and card.get("poker") == 50 else 0


def box_options(rules: Ruleset, card: Card, dice: Sequence[int]) -> dict[str, int]:
    """The boxes this roll may fill, and what each would score (bonuses apart).

    Under the joker, Full house and the straights score their fixed points
    (25, 30, 40).  "forced": the face's upper box if open, else any open
    lower box, else 0 in an open upper box.  "free" (the published "free
    choice" rule): any open box, with the fixed points only once the face's
    upper box is filled.  A ruleset without the face's box counts it filled.

    >>> rules = get_ruleset("dice-poker")
    >>> card = {b: None for b in rules.box_ids} | {"poker": 50}
    >>> box_options(rules, card, [6, 6, 6, 6, 6])  # joker: the Sixes box first
    {'sixes': 30}
    """
    dice = as_hand(dice, 5)
    open_boxes = [b for b in rules.boxes if card[b.id] is None]
    if not is_joker(rules, card, dice):
        return {b.id: b.score(dice) for b in open_boxes}

    def joker_score(box: Box) -> int:
        if box.section == "lower" and box.joker_points is not None:
            return box.joker_points
        return box.score(dice)

    face_id = UPPER_IDS[dice[0] - 1]
    face_open = face_id in rules.box_ids and card[face_id] is None
    if rules.joker == "free":
        return {b.id: b.score(dice) if face_open else joker_score(b) for b in open_boxes}
    if face_open:
        return {face_id: rules.box(face_id).score(dice)}
    lower = [b for b in open_boxes if b.section == "lower"]
    return {b.id: joker_score(b) for b in (lower or open_boxes)}


# --- whole-space tables, for the odds ------------------------------------


@cache
def score_table(rules: Ruleset) -> np.ndarray:
    """Points of every box (rows) for every one of the 252 hands (columns)."""
    hands = sorted_hands(5)
    table = np.array([[box.score(h) for h in hands] for box in rules.boxes], dtype=np.int64)
    table.setflags(write=False)
    return table


@cache
def qualify_table(rules: Ruleset) -> np.ndarray:
    """1 where a hand qualifies for a box, else 0 (boxes x 252 hands)."""
    hands = dice_space(5).hands
    table = np.array(
        [[int(box.qualifies(h)) for h in hands] for box in rules.boxes], dtype=np.int64
    )
    table.setflags(write=False)
    return table
