"""Precomputed integer tables that let the simulator play many games at once.

The legal options of a roll depend only on its sorted hand (252 of them)
and on the set of discard numbers chosen so far (42 sets of at most three
numbers).  `option_tables()` lists them all once, as numpy arrays, in the
order of `rules.legal_splits`; a game is then a row of a few arrays.

>>> t = option_tables()
>>> len(t.subsets), t.first.shape[1], t.width
(42, 252, 15)
>>> h = t.hand_index[(1, 4, 4, 4, 6)]
>>> k = t.subset_index[frozenset({1, 2, 5})]
>>> int(t.count[k, h]), int(t.first[k, h, 0]) + 2, int(t.second[k, h, 0]) + 2
(1, 8, 10)
>>> int(t.discard[k, h, 0])
1
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache

import numpy as np

from dicelab.core.dice.hands import Hand, dice_space, ordered_rolls
from dicelab.solitaire.rules import (
    CAP,
    DISCARD_NUMBERS,
    MAX_DISCARDS,
    SUMS,
    line_score,
    raw_options,
)

#: marks beyond this many never change a line's points (the table's last column)
MARK_COLUMNS = CAP + 3


@dataclass(frozen=True, eq=False)
class OptionTables:
    """Every legal option of every hand under every set of discard numbers.

    - `subsets[k]`: the k-th set of chosen discard numbers (`subset_index` inverts it);
    - `add[k, f]`: the index of `subsets[k] | {f}` (-1 if that would be four numbers);
    - `first[k, h, j]`, `second[k, h, j]`: the two pair sums of option j, as sum - 2
      (first <= second);
    - `discard[k, h, j]`: its discard face, 0 for a free throw; `count[k, h]` options;
      padding slots repeat option 0;
    - `hands`, `hand_index`, `weights`: the 252 hands (from `dice_space(5)`);
    - `roll_to_hand[code]`: the hand of an ordered roll, code = sum (die - 1) * 6**i;
    - `line[s, m]`: points of pair sum s + 2 with m marks (m capped at `MARK_COLUMNS - 1`).
    """

    subsets: tuple[frozenset[int], ...]
    subset_index: dict[frozenset[int], int]
    add: np.ndarray
    first: np.ndarray
    second: np.ndarray
    discard: np.ndarray
    count: np.ndarray
    hands: tuple[Hand, ...]
    hand_index: dict[Hand, int]
    weights: np.ndarray
    roll_to_hand: np.ndarray
    line: np.ndarray

    @property
    def width(self) -> int:
        """The most options any roll offers."""
        return self.first.shape[2]


def discard_subsets() -> tuple[frozenset[int], ...]:
    """Every set of at most three discard numbers, smallest first.

    >>> s = discard_subsets()
    >>> len(s), s[0], sorted(s[7])
    (42, frozenset(), [1, 2])
    """
    return tuple(
        frozenset(c)
        for size in range(MAX_DISCARDS + 1)
        for c in itertools.combinations(DISCARD_NUMBERS, size)
    )


def _roll_to_hand(index: dict[Hand, int]) -> np.ndarray:
    table = np.zeros(6**5, dtype=np.int16)
    for roll in ordered_rolls(5):
        code = sum((face - 1) * 6**i for i, face in enumerate(roll))
        table[code] = index[tuple(sorted(roll))]
    return table


@cache
def option_tables() -> OptionTables:
    """The option tables, built once (about 0.1 s) and cached."""
    space = dice_space(5)
    subsets = discard_subsets()
    subset_index = {s: k for k, s in enumerate(subsets)}
    add = np.full((len(subsets), 7), -1, dtype=np.int16)
    for k, chosen in enumerate(subsets):
        for face in DISCARD_NUMBERS:
            add[k, face] = subset_index.get(chosen | {face}, -1)
    listed = [[raw_options(h, chosen) for h in space.hands] for chosen in subsets]
    width = max(len(o) for row in listed for o in row)
    shape = (len(subsets), len(space.hands), width)
    first, second, discard = (np.zeros(shape, dtype=np.int8) for _ in range(3))
    count = np.zeros(shape[:2], dtype=np.int8)
    for k, row in enumerate(listed):
        for h, options in enumerate(row):
            padded = np.array(options + (options[0],) * (width - len(options)), dtype=np.int8)
            first[k, h], second[k, h] = padded[:, 0] - 2, padded[:, 1] - 2
            discard[k, h] = padded[:, 2]
            count[k, h] = len(options)
    line = np.array([[line_score(s, m) for m in range(MARK_COLUMNS)] for s in SUMS], dtype=np.int64)
    for array in (add, first, second, discard, count, line):
        array.setflags(write=False)
    return OptionTables(
        subsets,
        subset_index,
        add,
        first,
        second,
        discard,
        count,
        space.hands,
        space.index,
        space.weights,
        _roll_to_hand(space.index),
        line,
    )


def sheet_scores(marks: np.ndarray) -> np.ndarray:
    """The totals of many sheets at once, from their marks (games x 11).

    >>> int(sheet_scores(np.array([[0, 7, 2, 0, 8, 11, 2, 0, 0, 8, 0]]))[0])
    220
    """
    line = option_tables().line
    capped = np.minimum(marks, MARK_COLUMNS - 1)
    return line[np.arange(len(SUMS)), capped].sum(axis=-1)


class DiceStream:
    """The dice of many games, drawn in blocks of rolls from one generator.

    Game g's roll r is `hand(g, r)` whatever the order of the calls: blocks
    (games x `block` rolls x 5 dice) are drawn in turn when first needed, so
    the fast and the one-game-at-a-time simulators see the same dice.  A
    block is drawn a few thousand games at a time (the same numbers as one
    big draw) and kept as hand numbers, two bytes a roll.
    """

    PIECE = 5_000  # games drawn at a time: memory stays small for any number of games

    def __init__(self, rng: np.random.Generator, games: int, block: int = 40) -> None:
        self._rng, self._games, self._block = rng, games, block
        self._blocks: list[np.ndarray] = []
        self._table = option_tables().roll_to_hand

    @property
    def games(self) -> int:
        """The number of games the stream has dice for."""
        return self._games

    def _ensure(self, roll: int) -> None:
        powers = 6 ** np.arange(5)
        while roll >= len(self._blocks) * self._block:
            hands = np.empty((self._games, self._block), dtype=np.int16)
            for start in range(0, self._games, self.PIECE):
                rows = min(self.PIECE, self._games - start)
                dice = self._rng.integers(0, 6, size=(rows, self._block, 5), dtype=np.int64)
                hands[start : start + rows] = self._table[dice @ powers]
            self._blocks.append(hands)

    def hands(self, games: np.ndarray, rolls: np.ndarray) -> np.ndarray:
        """The hand indices of roll `rolls[i]` of game `games[i]`."""
        if rolls.size:
            self._ensure(int(rolls.max()))
        out = np.empty(games.shape, dtype=np.int16)
        for i, block in enumerate(self._blocks):
            here = rolls // self._block == i
            out[here] = block[games[here], rolls[here] % self._block]
        return out

    def hand_row(self, game: int, rolls: int) -> np.ndarray:
        """The hand indices of the first `rolls` rolls of one game."""
        self._ensure(rolls - 1)
        return np.concatenate([block[game] for block in self._blocks])[:rolls].astype(np.int64)

    def hand(self, game: int, roll: int) -> int:
        """The hand index of one roll of one game."""
        self._ensure(roll)
        return int(self._blocks[roll // self._block][game, roll % self._block])
