"""`GameState`: an immutable snapshot of a game of Solitaire Dice.

The players, one `Sheet` each, how many rolls were made, the last roll, and
who still has to choose an option for it.  A snapshot checks itself when
built and raises `SettingsError` if it is inconsistent.

>>> state = GameState.new(["Ana", "Bia"])
>>> state.rolls, state.dice, state.finished
(0, None, False)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dicelab.core.engine import check_players, check_snapshot_dice
from dicelab.errors import SettingsError
from dicelab.solitaire.rules import DICE
from dicelab.solitaire.sheet import Sheet


def _fail(message: str) -> None:
    raise SettingsError(message)


@dataclass(frozen=True)
class GameState:
    """An immutable snapshot of a game.

    - `rolls` rolls were made; `dice` is the last one (None before the first);
    - `waiting` holds the indices of the players who must still choose an
      option for `dice`: the next roll waits for them;
    - a player whose sheet is finished never waits; every other player has
      marked every roll but the one they are waiting on;
    - the game is `finished` when every sheet is;
    - `hidden`, in what one player sees of a game in play
      (`SolitaireGame.view`), holds the indices of the others, whose sheets
      are private: each is an empty sheet here (null in JSON); in the public
      view (`public_view`), every player's.
    """

    players: tuple[str, ...]
    sheets: tuple[Sheet, ...]
    rolls: int = 0
    dice: tuple[int, ...] | None = None
    waiting: frozenset[int] = frozenset()
    hidden: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        check_players(self.players, "Solitaire Dice")
        if not isinstance(self.sheets, tuple) or len(self.sheets) != len(self.players):
            _fail("there must be one sheet per player")
        if not all(isinstance(s, Sheet) for s in self.sheets):
            _fail("every sheet must be a Sheet")
        if isinstance(self.rolls, bool) or not isinstance(self.rolls, int) or self.rolls < 0:
            _fail(f"rolls must be a whole number 0 or more, not {self.rolls!r}")
        self._check_dice()
        self._check_hidden()
        self._check_waiting()
        self._check_finished()

    @classmethod
    def new(cls, players: Sequence[str]) -> GameState:
        """The state before the first roll: an empty sheet for each player."""
        names = tuple(players)
        return cls(names, tuple(Sheet.empty() for _ in names))

    def _check_dice(self) -> None:
        if (self.dice is None) != (self.rolls == 0):
            _fail("there are dice exactly when at least one roll was made")
        check_snapshot_dice(self.dice, DICE)

    def _check_finished(self) -> None:
        if self.finished and self.rolls != max(sheet.rolls for sheet in self.sheets):
            _fail(
                f"a finished game ends at its last sheet's last roll, not after {self.rolls} rolls"
            )

    def _check_hidden(self) -> None:
        everyone = set(range(len(self.players)))
        if not isinstance(self.hidden, frozenset) or not self.hidden <= everyone:
            _fail(f"hidden must be a frozenset of player indices, not {self.hidden!r}")
        if any(self.sheets[i] != Sheet.empty() for i in self.hidden):
            _fail("a hidden sheet is shown as an empty sheet")

    def _check_waiting(self) -> None:
        if not isinstance(self.waiting, frozenset) or not self.waiting <= set(
            range(len(self.players))
        ):
            _fail(f"waiting must be a frozenset of player indices, not {self.waiting!r}")
        for i, (name, sheet) in enumerate(zip(self.players, self.sheets)):
            if i in self.hidden:
                continue
            if sheet.finished:
                if i in self.waiting:
                    _fail(f"{name} has finished and cannot wait to choose")
                if sheet.rolls > self.rolls:
                    _fail(f"{name}'s sheet has more rolls than the game")
                continue
            expected = self.rolls - (i in self.waiting)
            if sheet.rolls != expected:
                _fail(f"{name}'s sheet has {sheet.rolls} rolls marked, not {expected}")

    @property
    def finished(self) -> bool:
        """Whether every player has finished."""
        return all(sheet.finished for sheet in self.sheets)
