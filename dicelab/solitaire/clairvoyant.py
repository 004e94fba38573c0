"""How well could anyone play?  A player who sees every future roll.

No real player can expect to beat a *clairvoyant* one, who knows the whole
sequence of dice before choosing anything: the clairvoyant's mean score is a
ceiling for every strategy.  For one game's dice the clairvoyant's choice is
a search over all the ways of splitting every roll, far too many to list
(up to 15 options a roll, 7.72 on average before the three discard numbers
are chosen and 3.99 after; 20 rolls or more), so it is a **beam search**:
after each roll keep the `width` most promising different sheets, try every
option of the next roll on each, and so on until every sheet has ended; the
best final score found is the answer.

"Most promising" is the Planner's rating with the chance of each sum taken
from the dice to come instead of the odds.  The sheets of the Search bot
playing the same dice always stay in the beam, so the clairvoyant never
scores less than Search on any game.  A beam can still miss the very best
line, so its mean is *at most* the clairvoyant's: the ceiling is at least
this high, and `benchmarks/search.py` shows how it grows with the width.

>>> result = clairvoyant(games=3, seed=1, width=16)
>>> result.strategy, result.games
('clairvoyant', 3)
>>> from dicelab.solitaire.simulate import simulate
>>> bool((result.scores >= simulate("search", games=3, seed=1).scores).all())
True
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from dicelab.core.engine import seed_number
from dicelab.core.engine.checks import whole_number
from dicelab.errors import SettingsError
from dicelab.solitaire.batch import rating_keys
from dicelab.solitaire.planner import Planner, add_up, line_values, rolls_left_table
from dicelab.solitaire.rules import CAP, END_MARK, SUMS
from dicelab.solitaire.search import Search
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.simulate import MAX_GAMES, SolitaireSimulation, dice_streams
from dicelab.solitaire.tables import option_tables, sheet_scores

MAX_WIDTH = 100_000
HORIZON = 400  # rolls of dice looked at: far more than any game lasts


@cache
def _offers() -> np.ndarray:
    """offers[subset, hand, s]: 1 if the hand offers the sum s + 2 in a legal option."""
    t = option_tables()
    out = np.zeros((len(t.subsets), len(t.hands), len(SUMS)), dtype=np.int64)
    for j in range(t.width):
        k, h = np.nonzero(j < t.count)
        out[k, h, t.first[k, h, j]] = 1
        out[k, h, t.second[k, h, j]] = 1
    return out


@dataclass(frozen=True, eq=False)
class _Beam:
    """Sheets as rows: marks (rows x 11), discard marks (rows x 7, column 0 the
    free throws) and the index of their discard numbers."""

    marks: np.ndarray
    discards: np.ndarray
    subset: np.ndarray

    @classmethod
    def of(cls, sheet: Sheet) -> _Beam:
        discards = [sheet.free_throws, *sheet.discards]
        return cls(
            np.array([sheet.sums], dtype=np.int64),
            np.array([discards], dtype=np.int64),
            np.array([option_tables().subset_index[sheet.chosen]], dtype=np.int64),
        )


def _ratings(planner: Planner, beam: _Beam, seen: np.ndarray, roll: int) -> np.ndarray:
    """The Planner's rating of each sheet, with the chance of each sum taken from
    the dice to come: `seen[k, r, s]` counts the rolls before r offering s
    under the discard numbers k."""
    left = rolls_left_table(beam.discards[:, 1:])
    span = np.maximum(np.rint(left).astype(np.int64), 1)
    end = np.minimum(roll + span, seen.shape[1] - 1)
    offered = (seen[beam.subset, end] - seen[beam.subset, roll]) / span[:, None]
    total = np.maximum(add_up(offered), 1e-9)[:, None]
    p = np.minimum(offered, planner.focus * offered / total)
    return add_up(line_values(beam.marks, left, p))


def _expand(beam: _Beam, hand: int) -> tuple[_Beam, np.ndarray]:
    """Every option of `hand` on every sheet: the new sheets, and whether each has ended."""
    t = option_tables()
    count = t.count[beam.subset, hand]
    row = np.repeat(np.arange(len(beam.subset)), count)
    col = np.concatenate([np.arange(c) for c in count.tolist()])
    k = beam.subset[row]
    first, second = t.first[k, hand, col], t.second[k, hand, col]
    d = t.discard[k, hand, col].astype(np.int64)
    n = np.arange(len(row))
    marks = beam.marks[row].copy()
    np.add.at(marks, (n, first), 1)
    np.add.at(marks, (n, second), 1)
    np.minimum(marks, CAP + 1, out=marks)  # marks past the 10th change nothing
    discards = beam.discards[row].copy()
    discards[n, d] += 1
    ended = (d > 0) & (discards[n, d] == END_MARK)
    subset = np.where(d > 0, t.add[k, d], k)
    return _Beam(marks, discards, subset), ended


def best_score(hands: np.ndarray, width: int = 256, start: Sheet | None = None) -> tuple[int, int]:
    """The best final score a beam of `width` sheets finds when the rolls to come
    are the hands `hands` (indices into `option_tables().hands`), from `start`
    (an empty sheet by default), and the number of rolls of that game;
    `SettingsError` for hands that are not such indices, a width below 1 or a
    start that is not a `Sheet`.

    >>> best_score([-1], 4)
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: a hand is an index 0 to 251 (a sorted hand of five dice), not -1
    """
    width = whole_number(width, "width", 1, MAX_WIDTH)
    hands = _hand_indices(hands)
    if start is not None and not isinstance(start, Sheet):
        raise SettingsError(f"start is a Sheet or None, not {type(start).__name__}")
    start = Sheet.empty() if start is None else start
    if start.finished:
        return start.score, start.rolls
    t, planner, guide = option_tables(), Planner(), Search()
    seen = np.zeros((len(t.subsets), len(hands) + 1, len(SUMS)), dtype=np.int64)
    seen[:, 1:] = np.cumsum(_offers()[:, hands], axis=1)
    beam, best = _Beam.of(start), (-(10**9), 0)
    lead: Sheet | None = start
    no_chance = np.random.default_rng(0)  # Search never draws from it
    for roll, hand in enumerate(hands.tolist()):
        grown, ended = _expand(beam, hand)
        if ended.any():
            best = max(best, (int(sheet_scores(grown.marks[ended]).max()), start.rolls + roll + 1))
        go = np.flatnonzero(~ended)
        if not go.size:
            return best
        state = np.concatenate([grown.marks[go], grown.discards[go]], axis=1)
        _, first_seen = np.unique(state, axis=0, return_index=True)
        go = go[np.sort(first_seen)]  # one of each different sheet, in order
        grown = _Beam(grown.marks[go], grown.discards[go], grown.subset[go])
        keys = rating_keys(_ratings(planner, grown, seen, roll + 1))
        order = np.argsort(-keys, kind="stable")[:width]
        beam = _Beam(grown.marks[order], grown.discards[order], grown.subset[order])
        if lead is not None:  # Search's own sheet stays in the beam
            dice = t.hands[hand]
            after = lead.play(dice, guide(lead, dice, lead.options(dice), no_chance))
            lead = None if after.finished else after
        if lead is not None:
            beam = _join(beam, _Beam.of(lead))
    raise SettingsError("the dice ran out before the game ended")


def _hand_indices(hands: object) -> np.ndarray:
    """`hands` as a row of indices into `option_tables().hands`; `SettingsError` if not."""
    count = len(option_tables().hands)
    try:
        row = np.asarray(hands)
    except (TypeError, ValueError):
        row = np.asarray([])
    if row.ndim != 1 or (row.size and row.dtype.kind not in "iu"):
        raise SettingsError(f"hands are a row of whole numbers, not {type(hands).__name__}")
    bad = row[(row < 0) | (row >= count)]
    if bad.size:
        raise SettingsError(
            f"a hand is an index 0 to {count - 1} (a sorted hand of five dice), not {bad[0]}"
        )
    return row.astype(np.int64)


def _join(beam: _Beam, extra: _Beam) -> _Beam:
    """The beam with the sheet `extra` added if it is not in it yet."""
    row = np.concatenate([extra.marks[0], extra.discards[0]])
    states = np.concatenate([beam.marks, beam.discards], axis=1)
    if (states == row).all(axis=1).any():
        return beam
    return _Beam(
        *(
            np.concatenate([a, b])
            for a, b in zip(
                (beam.marks, beam.discards, beam.subset),
                (extra.marks, extra.discards, extra.subset),
            )
        )
    )


def clairvoyant(games: int = 1_000, seed: int | None = 0, width: int = 256) -> SolitaireSimulation:
    """The clairvoyant's scores (`best_score`) on the dice that
    `simulate(..., games=games, seed=seed)` plays: the same dice, game by game."""
    games = whole_number(games, "games", 1, MAX_GAMES)
    width = whole_number(width, "width", 1, MAX_WIDTH)
    found = [
        best_score(stream.hand_row(game, HORIZON), width)
        for stream in dice_streams(seed, games)
        for game in range(stream.games)
    ]
    scores = np.array([score for score, _ in found], dtype=np.int32)
    rolls = np.array([length for _, length in found], dtype=np.int16)
    return SolitaireSimulation("solitaire", "clairvoyant", seed_number(seed), scores, rolls)
