"""Slow, obvious oracles for the tests: what a game can reach, found by search.

They know nothing of the engines' own checks.  A Dice Poker card is found by
trying the rules (`box_options`, `poker_bonus_due`) on every hand, box after
box; a Solitaire Dice sheet by taking back one roll at a time and asking the
rules (`legal_splits`) whether some roll allowed it.
"""

from __future__ import annotations

import dataclasses
from functools import cache

from dicelab.core.dice.hands import dice_space
from dicelab.dice_poker.rules import Ruleset, box_options, get_ruleset, poker_bonus_due
from dicelab.solitaire.rules import DISCARD_NUMBERS, END_MARK, SUMS, legal_splits

HANDS = dice_space(5).hands
FIVES = tuple((face,) * 5 for face in range(1, 7))


def small(base: str, ids: tuple[str, ...], **settings) -> Ruleset:
    rules = get_ruleset(base)
    boxes = tuple(rules.box(b) for b in ids)
    return dataclasses.replace(rules, name=f"{base}-small", boxes=boxes).with_settings(**settings)


def moves(rules: Ruleset, card: dict) -> dict[tuple[str, int, int], tuple[int, ...]]:
    """Every (box, points, bonus) one hand can write on this card, by the rules
    (which depend only on the open boxes and on what Poker holds), with a hand
    that writes it."""
    return _moves(rules, tuple(b for b, v in card.items() if v is None), card.get("poker"))


@cache
def _moves(rules: Ruleset, open_boxes: tuple, poker) -> dict:
    card = {b: (None if b in open_boxes else 0) for b in rules.box_ids}
    if "poker" in card and "poker" not in open_boxes:
        card["poker"] = poker
    found = {m: hand for m, hand in _usual_moves(rules).items() if m[0] in open_boxes}
    for hand in FIVES:  # only a five of a kind can be a joker or earn a bonus
        bonus = poker_bonus_due(rules, card, hand)
        for box, points in box_options(rules, card, hand).items():
            found.setdefault((box, points, bonus), hand)
    return found


@cache
def _usual_moves(rules: Ruleset) -> dict:
    """What the other hands write: the same on any card (no joker, no bonus)."""
    card = dict.fromkeys(rules.box_ids)
    found: dict = {}
    for hand in HANDS:
        if hand not in FIVES:
            bonus = poker_bonus_due(rules, card, hand)
            for box, points in box_options(rules, card, hand).items():
                found.setdefault((box, points, bonus), hand)
    return found


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


def fill_order(rules: Ruleset, target: dict, bonus: int) -> list | None:
    """Depth first: fills (box, hand), each allowed by the rules in turn, that
    leave this card and poker bonus; None if there are none."""
    todo = frozenset(b for b, v in target.items() if v is not None)

    @cache
    def reach(filled: frozenset, earned: int) -> tuple | None:
        if filled == todo:
            return () if earned == bonus else None
        card = {b: (target[b] if b in filled else None) for b in rules.box_ids}
        options = moves(rules, card)
        # usual fills first, Poker next, jokers last: the order most cards need
        for move in sorted(options, key=lambda m: (m[2] > 0, m[0] == "poker", m)):
            box, points, extra = move
            fits = box in todo and box not in filled and target[box] == points
            rest = fits and earned + extra <= bonus and reach(filled | {box}, earned + extra)
            if rest is not None and rest is not False:
                return ((box, options[move]), *rest)
        return None

    found = reach(frozenset(), 0)
    return None if found is None else list(found)


def search_path(rules: Ruleset, target: dict, bonus: int) -> bool:
    """Whether some game leaves this card and poker bonus."""
    return fill_order(rules, target, bonus) is not None


# --- Solitaire Dice sheets ---------------------------------------------------------


@cache
def _splits(chosen: frozenset) -> dict:
    """Every split (pairs, discard) some roll allows with these discard numbers, with a hand."""
    found: dict = {}
    for hand in HANDS:
        for split in legal_splits(hand, chosen):
            found.setdefault((split.pairs, split.discard), hand)
    return found


def sheet_path(sums: tuple, discards: tuple) -> list | None:
    """Rolls (hand, split key) that mark an empty sheet up to these marks, taking
    back one roll at a time; None if no game leaves this sheet."""

    @cache
    def back(sums: tuple, discards: tuple) -> tuple | None:
        if not any(sums) and not any(discards):
            return ()
        if sum(sums) % 2:
            return None
        lines = [s for s, m in zip(SUMS, sums) if m]
        pairs = [(a, b) for i, a in enumerate(lines) for b in lines[i:]]
        # free throws first (they come last in a game), then the discards with
        # the most marks: the order most sheets need, so the search rarely
        # goes back; it is exhaustive all the same
        faces = sorted(DISCARD_NUMBERS, key=lambda f: -discards[f - 1])
        free = sum(sums) // 2 - sum(discards)  # rolls that marked no discard
        for d in (None, *faces) if free else faces:
            for a, b in pairs:
                left = list(sums)
                left[a - 2] -= 1
                left[b - 2] -= 1
                right = list(discards)
                if d is not None:
                    right[d - 1] -= 1
                if min(left) < 0 or min(right) < 0 or END_MARK in right:
                    continue  # a finished sheet takes no more rolls
                chosen = frozenset(f for f, n in zip(DISCARD_NUMBERS, right) if n)
                hand = _splits(chosen).get(((a, b), d))
                if hand is None:
                    continue
                rest = back(tuple(left), tuple(right))
                if rest is not None:
                    return (*rest, (hand, ((a, b), d)))
        return None

    if sum(d == END_MARK for d in discards) > 1 or max(discards) > END_MARK:
        return None
    found = back(tuple(sums), tuple(discards))
    return None if found is None else list(found)
