"""Which score cards a game can leave: the exact test a loaded card must pass.

A box can hold a number only if some roll writes it there.  Most rolls
write a box's usual score; a five of a kind rolled once the Poker box is
filled may be a *joker* (and earn a poker bonus while Poker holds 50),
which writes other numbers (Full house 25 from a five of a kind, a 0 in an
upper box once every lower box is full) but only in an order the joker rule
allows.  `card_problem` says why no game could leave a card, or None.

How it decides (the tests check it against a search through the engine
itself, over every card of small rulesets):

- the usual fills can all be made first, before the Poker box is filled
  (a five of a kind then writes its usual score and is no joker);
- the joker fills come after, in the order the rule needs: under the forced
  joker, first the face's own upper box (5 x face), then lower boxes (the
  face's upper box filled), then 0 in upper boxes (every lower box filled);
  under the free joker, Full house and the straights get their fixed points
  only once the face's upper box is filled, and their usual score only
  while it is open;
- while Poker holds 50, every joker earns one poker bonus, so the bonus
  counts the joker fills exactly; with Poker at 0 (Yahtzee's rule) jokers
  earn nothing and any number of them may be made.

>>> from dicelab.dice_poker.rules import get_ruleset
>>> rules = get_ruleset("yahtzee")
>>> empty = dict.fromkeys(rules.box_ids)
>>> card_problem(rules, {**empty, "poker": 50, "sixes": 30, "full_house": 25}, 100)
>>> card_problem(rules, {**empty, "chance": 0}, 0)
'the chance box cannot hold 0'
>>> card_problem(rules, {**empty, "poker": 50, "chance": 17}, 100)
'a poker bonus of 100 needs 1 joker fill(s), but this card allows 0 to 0'
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from dicelab.core.dice.hands import dice_space
from dicelab.dice_poker.rules import UPPER_IDS, Box, Ruleset

FIVES = tuple((f,) * 5 for f in range(1, 7))
FACE_OF = {box_id: face for face, box_id in enumerate(UPPER_IDS, start=1)}


@dataclass(frozen=True)
class BoxFacts:
    """What rolls can write in one box.

    `usual`: every score of any roll (no joker); `five[f - 1]`: the usual
    score of five f's; `fixed`: the joker's fixed points (Full house and the
    straights), else None.
    """

    usual: frozenset[int]
    five: tuple[int, ...]
    fixed: int | None

    @property
    def possible(self) -> frozenset[int]:
        """Every number the box can ever hold."""
        return self.usual | ({self.fixed} if self.fixed is not None else set())


def _facts(box: Box) -> BoxFacts:
    usual = frozenset(box.score(h) for h in dice_space(5).hands)
    fixed = box.joker_points if box.section == "lower" else None
    return BoxFacts(usual, tuple(box.score(h) for h in FIVES), fixed)


@cache
def box_facts(rules: Ruleset) -> dict[str, BoxFacts]:
    """`BoxFacts` of every box of a ruleset."""
    return {box.id: _facts(box) for box in rules.boxes}


@dataclass(frozen=True)
class _Card:
    """A card being judged: its ruleset, filled boxes and which faces' boxes are there."""

    rules: Ruleset
    filled: dict[str, int]

    def face_box(self, face: int) -> str | None:
        box_id = UPPER_IDS[face - 1]
        return box_id if box_id in self.rules.box_ids else None

    def face_done(self, face: int, late: frozenset[str] = frozenset()) -> bool:
        """The face's upper box is absent or filled (and not among `late` fills)."""
        box_id = self.face_box(face)
        return box_id is None or (box_id in self.filled and box_id not in late)

    @property
    def lower_full(self) -> bool:
        return all(b.id in self.filled for b in self.rules.boxes if b.section == "lower")


def _lower_joker(card: _Card, box: Box, value: int, late: frozenset[str]) -> bool:
    """Whether a forced joker can write `value` in lower `box` (the face's box filled first)."""
    facts = box_facts(card.rules)[box.id]
    for face in range(1, 7):
        points = facts.fixed if facts.fixed is not None else facts.five[face - 1]
        if points == value and card.face_done(face, late):
            return True
    return False


def _forced_range(card: _Card, must: list[str]) -> tuple[int, int] | None:
    """The fewest and most joker fills under the forced joker (None: none works)."""
    rules = card.rules
    own_face = [b for b, v in card.filled.items() if b in FACE_OF and v == 5 * FACE_OF[b]]
    zero_upper = [b for b, v in card.filled.items() if b in FACE_OF and v == 0]
    lower = [b for b in rules.boxes if b.section == "lower" and b.id in card.filled]
    lower = [b for b in lower if b.id != "poker"]
    absent_face = any(card.face_box(f) is None for f in range(1, 7))
    best = None
    sizes = range(len(zero_upper) + 1) if card.lower_full else range(1)
    for size in sizes:
        for late in map(frozenset, itertools.combinations(zero_upper, size)):
            others = [b for b in card.filled if b in FACE_OF and b not in late]
            if late and not (absent_face or others):
                continue  # the first 0 needs another face's box filled before it
            joker_lower = [b.id for b in lower if _lower_joker(card, b, card.filled[b.id], late)]
            if not set(must) <= set(joker_lower):
                continue
            count = len(own_face) + len(late) + len(joker_lower)
            best = count if best is None else max(best, count)
    return None if best is None else (len(must), best)


def _free_capable(card: _Card, box: Box, value: int) -> tuple[bool, bool]:
    """(a free joker can write `value` in `box`, and only with its fixed points)."""
    facts = box_facts(card.rules)[box.id]
    usual = any(
        v == value and (facts.fixed is None or card.face_box(f) is not None)
        for f, v in enumerate(facts.five, start=1)
    )
    fixed = facts.fixed == value and any(card.face_done(f) for f in range(1, 7))
    return usual or fixed, fixed and not usual


def _free_range(card: _Card, must: list[str]) -> tuple[int, int] | None:
    """The fewest and most joker fills under the free joker (None: none works)."""
    capable = 0
    for box in card.rules.boxes:
        if box.id not in card.filled or box.id == "poker":
            continue
        ok, _ = _free_capable(card, box, card.filled[box.id])
        if box.id in must and not ok:
            return None
        capable += ok
    return len(must), capable


def _none_range(card: _Card) -> tuple[int, int]:
    """Without a joker, a five of a kind writes its usual score in any open box."""
    facts = box_facts(card.rules)
    count = sum(v in facts[b].five for b, v in card.filled.items() if b != "poker")
    return 0, count


def card_problem(rules: Ruleset, boxes: Mapping[str, int | None], bonus: int) -> str | None:
    """Why no game of `rules` could leave these boxes and poker bonus; None if one could."""
    filled = {b: v for b, v in boxes.items() if v is not None}
    if not filled and not bonus:
        return None  # every game starts so (and a new game's panel waits for no box's facts)
    facts = box_facts(rules)
    for box_id, value in filled.items():
        if value not in facts[box_id].possible:
            return f"the {box_id} box cannot hold {value!r}"
    must = [b for b, v in filled.items() if v not in facts[b].usual]
    poker = filled.get("poker")
    each = rules.poker_bonus
    counted = poker == 50 and each > 0
    if bonus and (not counted or bonus % each):
        return f"a poker bonus of {bonus} is impossible on this card"
    joker = rules.joker != "none" and (poker == 50 or (poker == 0 and not rules.joker_needs_fifty))
    card = _Card(rules, filled)
    span: tuple[int, int] | None
    if not joker:
        span = _none_range(card) if counted else (0, 0)
        if must:
            return f"the {must[0]} box holds {filled[must[0]]}, which only a joker writes"
    elif rules.joker == "forced":
        span = _forced_range(card, must)
    else:
        span = _free_range(card, must)
    if span is None:
        return f"the {must[0]} box holds {filled[must[0]]}, which no joker could write here"
    need = bonus // each if counted else None
    if need is not None and not span[0] <= need <= span[1]:
        return (
            f"a poker bonus of {bonus} needs {need} joker fill(s), "
            f"but this card allows {span[0]} to {span[1]}"
        )
    return None
