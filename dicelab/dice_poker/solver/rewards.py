"""What each roll may score in each box, for whole arrays of states at once.

The rules themselves live in `dicelab.dice_poker.rules` (`box_options`,
`poker_bonus_due`); this module builds the same answers as numpy tables,
because the solver needs them for hundreds of thousands of states.  The
tests check these tables against `box_options` + `poker_bonus_due` on many
random cards.

A roll that is not five of a kind scores `score_table(rules)` in any open
box.  Only the six five-of-a-kind hands depend on the state, through the
joker: `five_kind_options` gives them per state.

>>> from dicelab.dice_poker.rules import get_ruleset
>>> rules = get_ruleset("dice-poker")
>>> poker = rules.box_ids.index("poker")
>>> points, bonus = legal_points(rules, filled=1 << poker, poker_fifty=True)
>>> hand = 251  # 6 6 6 6 6: the joker sends it to the Sixes box
>>> {rules.box_ids[b]: int(points[b, hand]) for b in range(15) if points[b, hand] >= 0}
{'sixes': 30}
>>> int(bonus[hand])
100
"""

from __future__ import annotations

import numpy as np

from dicelab.dice_poker.rules import Ruleset, score_table
from dicelab.dice_poker.solver.space import keep_lattice, state_space

ILLEGAL = -1


def is_joker(rules: Ruleset, filled: np.ndarray, poker_fifty: np.ndarray) -> np.ndarray:
    """Per state: would a five of a kind be a joker (given the poker box filled
    with 50 when `poker_fifty`)?"""
    space = state_space(rules)
    filled = np.asarray(filled, dtype=np.int64)
    poker_fifty = np.asarray(poker_fifty, dtype=bool)
    if rules.joker == "none":
        return np.zeros(np.broadcast(filled, poker_fifty).shape, dtype=bool)
    poker_filled = space.poker_filled(filled)
    return poker_filled & (poker_fifty | (not rules.joker_needs_fifty))


def five_kind_options(
    rules: Ruleset, filled: np.ndarray, poker_fifty: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """For S states and the six five-of-a-kind hands (1 1 1 1 1 .. 6 6 6 6 6):
    `legal` (S, 6, boxes) and `points` (S, 6, boxes), as `box_options` says."""
    space = state_space(rules)
    filled = np.atleast_1d(np.asarray(filled, dtype=np.int64))
    poker_fifty = np.broadcast_to(np.asarray(poker_fifty, dtype=bool), filled.shape)
    boxes = space.boxes
    open_ = ((filled[:, None] >> np.arange(boxes)) & 1) == 0  # (S, boxes)
    hands = keep_lattice().five_kind
    normal = score_table(rules)[:, hands].T  # (6, boxes)
    joker_points = normal.copy()
    lower = space.faces == 0
    for b, box in enumerate(rules.boxes):
        if box.section == "lower" and box.joker_points is not None:
            joker_points[:, b] = box.joker_points
    joker = is_joker(rules, filled, poker_fifty)  # (S,)
    legal_normal = np.broadcast_to(open_[:, None, :], (filled.size, 6, boxes))
    face_box = np.full(6, -1)
    for b in range(boxes):
        if space.faces[b]:
            face_box[space.faces[b] - 1] = b
    face_open = np.zeros((filled.size, 6), dtype=bool)  # a missing face box counts as filled
    for f in range(6):
        if face_box[f] >= 0:
            face_open[:, f] = open_[:, face_box[f]]
    if rules.joker == "free":  # any open box; joker points once the face's box is filled
        legal_joker = legal_normal
        joker_scores = np.where(face_open[:, :, None], normal[None], joker_points[None])
    else:  # forced: the face's upper box if open; else an open lower box; else any open box
        only_face = np.zeros((6, boxes), dtype=bool)
        for f in range(6):
            if face_box[f] >= 0:
                only_face[f, face_box[f]] = True
        lower_open = open_ & lower  # (S, boxes)
        fallback = np.where(lower_open.any(axis=1)[:, None], lower_open, open_)  # (S, boxes)
        legal_joker = np.where(face_open[:, :, None], only_face[None, :, :], fallback[:, None, :])
        joker_scores = np.broadcast_to(joker_points[None], legal_joker.shape)
    legal = np.where(joker[:, None, None], legal_joker, legal_normal)
    points = np.where(joker[:, None, None], joker_scores, normal[None])
    return legal, points


def poker_bonus(rules: Ruleset, filled: np.ndarray, poker_fifty: np.ndarray) -> np.ndarray:
    """Per state: the bonus a five of a kind earns now (the poker box holds 50)."""
    space = state_space(rules)
    filled = np.asarray(filled, dtype=np.int64)
    holds_fifty = space.poker_filled(filled) & np.asarray(poker_fifty, dtype=bool)
    return np.where(holds_fifty, rules.poker_bonus, 0)


def legal_points(rules: Ruleset, filled: int, poker_fifty: bool) -> tuple[np.ndarray, np.ndarray]:
    """For one state: the points of every box (rows) for every hand (columns),
    `ILLEGAL` (-1) where the box may not be filled; and the poker bonus of each
    hand.  The same as `box_options` and `poker_bonus_due`, for all 252 hands."""
    space = state_space(rules)
    table = score_table(rules).copy()
    open_ = ((filled >> np.arange(space.boxes)) & 1) == 0
    table[~open_, :] = ILLEGAL
    legal, points = five_kind_options(rules, np.array([filled]), np.array([poker_fifty]))
    hands = keep_lattice().five_kind
    table[:, hands] = np.where(legal[0].T, points[0].T, ILLEGAL)
    bonus = np.zeros(table.shape[1], dtype=np.int64)
    bonus[hands] = poker_bonus(rules, np.array([filled]), np.array([poker_fifty]))[0]
    return table, bonus
