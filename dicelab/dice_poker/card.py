"""A Dice Poker score card: immutable, filled one box at a time.

A card maps every box id of its ruleset to the points written there (None
while the box is open) and keeps the poker bonuses earned.  Filling a box
returns a new card; which boxes a roll may fill, what it scores there and
the poker bonus all come from `dicelab.dice_poker.rules`.

>>> card = Scorecard.empty("dice-poker")
>>> card = card.fill("poker", [3, 3, 3, 3, 3])
>>> card.options([3, 3, 3, 3, 3])  # the joker: the Threes box first
{'threes': 15}
>>> card = card.fill("threes", [3, 3, 3, 3, 3])
>>> card.boxes["threes"], card.poker_bonus, card.total
(15, 100, 165)

Errors: a fill the rules forbid (an unknown box, a filled box, a box the
joker rule closes) raises `IllegalMove`; dice that cannot be raise
`DiceError`; building a card that does not fit its ruleset raises
`SettingsError`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dicelab.core.dice.hands import as_hand
from dicelab.dice_poker.reachable import card_problem
from dicelab.dice_poker.rules import DICE, Ruleset, box_options, get_ruleset, poker_bonus_due
from dicelab.errors import IllegalMove, SettingsError

RULE_BOXES = "the boxes of the score card"
RULE_ONCE = "each box is filled once"
RULE_JOKER = "joker rule"
POSITIONS = frozenset(range(DICE))


class FrozenBoxes(Mapping[str, "int | None"]):
    """A read-only, hashable mapping of box id to points (None = open).

    >>> boxes = FrozenBoxes({"ones": 3, "twos": None})
    >>> boxes == {"ones": 3, "twos": None}, len(boxes)
    (True, 2)
    """

    def __init__(self, items: Mapping[str, int | None]) -> None:
        self._items = dict(items)

    def __getitem__(self, key: str) -> int | None:
        return self._items[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __hash__(self) -> int:
        return hash(tuple(self._items.items()))

    def __repr__(self) -> str:
        return f"FrozenBoxes({self._items!r})"


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


@dataclass(frozen=True)
class Scorecard:
    """One player's score card: `boxes` maps each box id to its points or None (open).

    `poker_bonus` is the sum of the poker bonuses earned.  The card checks
    itself when built and raises `SettingsError` if it does not fit its
    ruleset (unknown or missing boxes, impossible points).

    >>> card = Scorecard.empty("yahtzee").fill("sixes", [6, 6, 6, 6, 2])
    >>> card.upper_total, card.bonus_needed, len(card.open_boxes)
    (24, 39, 12)
    """

    ruleset: Ruleset
    boxes: Mapping[str, int | None]
    poker_bonus: int = 0

    def __post_init__(self) -> None:
        if not isinstance(self.ruleset, Ruleset):
            raise SettingsError(f"a score card needs a Ruleset, not {self.ruleset!r}")
        if not isinstance(self.boxes, Mapping):
            raise SettingsError(f"score card boxes must be a mapping, not {self.boxes!r}")
        ids = self.ruleset.box_ids
        unknown = [b for b in self.boxes if b not in ids]
        if unknown:
            raise SettingsError(
                f"{self.ruleset.name} has no box {unknown[0]!r}; its boxes are {', '.join(ids)}"
            )
        missing = [b for b in ids if b not in self.boxes]
        if missing:
            raise SettingsError(f"the score card lacks the box {missing[0]!r}")
        for box_id in ids:
            value = self.boxes[box_id]
            if value is not None and not _is_count(value):
                raise SettingsError(f"the {box_id} box cannot hold {value!r}")
        if not _is_count(self.poker_bonus):
            raise SettingsError(
                f"poker_bonus must be a whole number >= 0, not {self.poker_bonus!r}"
            )
        problem = card_problem(self.ruleset, self.boxes, self.poker_bonus)
        if problem is not None:
            raise SettingsError(f"no game leaves this score card: {problem}")
        object.__setattr__(self, "boxes", FrozenBoxes({b: self.boxes[b] for b in ids}))

    @classmethod
    def empty(cls, ruleset: str | Ruleset = "dice-poker") -> Scorecard:
        """A fresh card with every box open.

        >>> Scorecard.empty("yatzy").is_full
        False
        """
        rules = get_ruleset(ruleset)
        return cls(rules, {b: None for b in rules.box_ids})

    @property
    def open_boxes(self) -> tuple[str, ...]:
        """The ids of the open boxes, in score-card order."""
        return tuple(b for b, v in self.boxes.items() if v is None)

    @property
    def filled_count(self) -> int:
        """How many boxes are filled (one per turn played)."""
        return len(self.boxes) - len(self.open_boxes)

    @property
    def is_full(self) -> bool:
        """Whether every box is filled."""
        return not self.open_boxes

    def _section_total(self, section: str) -> int:
        return sum(self.boxes[b.id] or 0 for b in self.ruleset.boxes if b.section == section)

    @property
    def upper_total(self) -> int:
        """The points in the upper boxes (Ones .. Sixes)."""
        return self._section_total("upper")

    @property
    def upper_bonus(self) -> int:
        """The upper bonus earned so far (0 until the threshold is reached)."""
        bonus: int = self.ruleset.upper_bonus_for(self.upper_total)
        return bonus

    @property
    def bonus_needed(self) -> int:
        """More upper points still needed for the upper bonus (0 once earned)."""
        return max(0, self.ruleset.upper_bonus_threshold - self.upper_total)

    @property
    def lower_total(self) -> int:
        """The points in the lower boxes."""
        return self._section_total("lower")

    @property
    def total(self) -> int:
        """Every box, plus the upper bonus and the poker bonuses."""
        return self.upper_total + self.upper_bonus + self.lower_total + self.poker_bonus

    def options(self, dice: Sequence[int]) -> dict[str, int]:
        """The boxes this roll may fill and what each would score (bonuses apart)."""
        return box_options(self.ruleset, self.boxes, dice)

    def fill(self, box_id: str, dice: Sequence[int]) -> Scorecard:
        """A new card with the roll written in `box_id` (and any poker bonus added).

        >>> Scorecard.empty().fill("chance", [1, 2, 3, 4, 6]).total
        16
        >>> Scorecard.empty().fill("chance", [1, 2, 3, 4, 6]).fill("chance", [6] * 5)
        ... # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        dicelab.errors.IllegalMove: Chance is already filled (with 16) (rule: each box is ...)
        """
        hand = as_hand(dice, 5)
        rules = self.ruleset
        if not isinstance(box_id, str) or box_id not in self.boxes:
            raise IllegalMove(
                RULE_BOXES,
                f"{rules.name} has no box {box_id!r}; its boxes are {', '.join(rules.box_ids)}",
            )
        name = rules.box(box_id).name
        if self.boxes[box_id] is not None:
            raise IllegalMove(
                RULE_ONCE,
                f"{name} is already filled (with {self.boxes[box_id]})",
                box=box_id,
                points=self.boxes[box_id],
            )
        options = self.options(hand)
        if box_id not in options:
            allowed = ", ".join(rules.box(b).name for b in options)
            raise IllegalMove(
                RULE_JOKER, f"this five of a kind must go in: {allowed}", boxes=list(options)
            )
        bonus = poker_bonus_due(rules, self.boxes, hand)
        boxes = {**self.boxes, box_id: options[box_id]}
        return Scorecard(rules, boxes, self.poker_bonus + bonus)
