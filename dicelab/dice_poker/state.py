"""`GameState`: an immutable snapshot of a whole Dice Poker game.

The cards, whose turn it is, the dice and the holds;
`dicelab.dice_poker.game.DicePokerGame` moves from one snapshot to the next.
A snapshot checks itself when built and raises `SettingsError` if it is
inconsistent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from dicelab.core.engine import check_players, check_snapshot_dice
from dicelab.dice_poker.card import POSITIONS, Scorecard
from dicelab.dice_poker.rules import DICE, ROLLS_PER_TURN, Ruleset
from dicelab.errors import SettingsError


def _fail(message: str) -> None:
    raise SettingsError(message)


@dataclass(frozen=True)
class GameState:
    """An immutable snapshot of a game.

    - `turn` is 1-based (1..ruleset.turns), `current` the index of the player
      to move; players before `current` have filled `turn` boxes, the others
      `turn - 1`;
    - `rolls_used` is 0..3 this turn; `dice` are the five faces in position
      order, None before the first roll of a turn; `held` are positions 0..4;
    - once `finished`, every card is full, `turn` is the last turn, `current`
      is 0, and there are no dice.

    Building an inconsistent snapshot raises `SettingsError`.
    """

    ruleset: Ruleset
    players: tuple[str, ...]
    cards: tuple[Scorecard, ...]
    current: int = 0
    turn: int = 1
    rolls_used: int = 0
    dice: tuple[int, ...] | None = None
    held: frozenset[int] = frozenset()
    finished: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.ruleset, Ruleset):
            _fail(f"a game needs a Ruleset, not {self.ruleset!r}")
        check_players(self.players, "Dice Poker")
        self._check_cards()
        self._check_counters()
        self._check_dice()

    @classmethod
    def new(cls, ruleset: Ruleset, players: Sequence[str]) -> GameState:
        """The state before the first roll: empty cards, turn 1, first player."""
        names = tuple(players)
        return cls(
            ruleset, names, tuple(Scorecard(ruleset, dict.fromkeys(ruleset.box_ids)) for _ in names)
        )

    def _check_cards(self) -> None:
        if not isinstance(self.cards, tuple) or len(self.cards) != len(self.players):
            _fail("there must be one score card per player")
        for card in self.cards:
            if not isinstance(card, Scorecard) or card.ruleset != self.ruleset:
                _fail("every score card must use the game's ruleset")

    def _check_counters(self) -> None:
        for key in ("current", "turn", "rolls_used"):
            value = getattr(self, key)
            if isinstance(value, bool) or not isinstance(value, int):
                _fail(f"{key} must be a whole number, not {value!r}")
        if not isinstance(self.finished, bool):
            _fail("finished must be True or False")
        if not 0 <= self.current < len(self.players):
            _fail(f"current player {self.current} is not one of 0..{len(self.players) - 1}")
        if not 1 <= self.turn <= self.ruleset.turns:
            _fail(f"turn {self.turn} is not one of 1..{self.ruleset.turns}")
        if not 0 <= self.rolls_used <= ROLLS_PER_TURN:
            _fail(f"rolls_used {self.rolls_used} is not one of 0..{ROLLS_PER_TURN}")
        if self.finished:
            self._check_finished()
            return
        for index, card in enumerate(self.cards):
            expected = self.turn if index < self.current else self.turn - 1
            if card.filled_count != expected:
                _fail(
                    f"{self.players[index]} has {card.filled_count} filled boxes, but turn "
                    f"{self.turn} with player {self.current + 1} to move needs {expected}"
                )

    def _check_finished(self) -> None:
        if not all(card.is_full for card in self.cards):
            _fail("a finished game needs every score card full")
        if self.turn != self.ruleset.turns or self.current != 0 or self.rolls_used:
            _fail("a finished game is at its last turn, player 0, with no rolls used")

    def _check_dice(self) -> None:
        if (self.dice is None) != (self.rolls_used == 0):
            _fail("there are dice exactly when at least one roll was used this turn")
        check_snapshot_dice(self.dice, DICE)
        if not isinstance(self.held, frozenset) or not self.held <= POSITIONS:
            _fail(f"held must be a frozenset of positions 0..4, not {self.held!r}")
        if self.held and self.dice is None:
            _fail("no dice can be held before the first roll")

    @property
    def card(self) -> Scorecard:
        """The score card of the player to move."""
        return self.cards[self.current]
