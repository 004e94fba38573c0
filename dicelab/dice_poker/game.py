"""`DicePokerGame`: a game of Dice Poker for one or more players.

The game is a mutable handle around an immutable `GameState` snapshot.
Every action checks first and only then swaps in a new snapshot, so an
action the rules forbid raises `IllegalMove` and changes nothing (not even
the random generator).

>>> game = DicePokerGame(["Ana", "Bia"], seed=1)
>>> game.roll(dice=[6, 6, 2, 6, 1])
(6, 6, 2, 6, 1)
>>> game.roll(hold=[0, 1, 3], dice=[6, 6, 6, 6, 3])
(6, 6, 6, 6, 3)
>>> game.options()["four_kind"], game.rolls_left
(27, 1)
>>> game.score("four_kind")
27
>>> game.current_player, game.state.turn
('Bia', 1)
>>> game.roll(hold=[0])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: the first roll of a turn rolls all five dice (rule: ...)
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.core.engine import GameBase, Step, given_dice, make_rng, player_names
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.rules import DICE, ROLLS_PER_TURN, Ruleset, get_ruleset
from dicelab.dice_poker.state import GameState
from dicelab.errors import IllegalMove

__all__ = ["Action", "DicePokerGame", "GameState", "Roll", "Score", "make_rng"]

RULE_ROLLS = "at most three rolls a turn"
RULE_FIRST = "a turn starts by rolling all five dice"
RULE_REROLL = "a reroll rolls 1 to 5 dice"
RULE_HELD = "held dice keep their faces"
RULE_POSITIONS = "five dice, at positions 0..4"
RULE_ROLL_FIRST = "roll before holding or scoring"
RULE_OVER = "the game ends after the last turn"
RULE_ACTIONS = "an action is a Roll or a Score"


@dataclass(frozen=True)
class Roll:
    """Roll the dice, holding the dice at `hold` (positions 0..4)."""

    hold: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        if not isinstance(self.hold, frozenset):
            object.__setattr__(self, "hold", frozenset(self.hold))


@dataclass(frozen=True)
class Score:
    """Write the current dice in the box `box`."""

    box: str


Action = Roll | Score


def _positions(positions: Any) -> frozenset[int]:
    """Check dice positions (0..4) and return them as a frozenset."""
    if isinstance(positions, (str, bytes)) or not isinstance(positions, Iterable):
        raise IllegalMove(RULE_POSITIONS, f"hold a list of positions 0..4, not {positions!r}")
    return frozenset(_position(p) for p in positions)


def _position(position: Any) -> int:
    """Check one die position (0..4)."""
    if isinstance(position, bool) or not isinstance(position, (int, np.integer)):
        raise IllegalMove(
            RULE_POSITIONS, f"a die position is a whole number 0..4, not {position!r}"
        )
    if not 0 <= position < DICE:
        raise IllegalMove(RULE_POSITIONS, f"there are five dice, at positions 0..4, not {position}")
    return int(position)


class DicePokerGame(GameBase[GameState, Action]):
    """A game of Dice Poker (or a preset: "yahtzee", "yatzy") for named players.

    `seed` is an int, None (fresh entropy) or a `numpy.random.Generator`.
    `state` is the current immutable `GameState`.
    """

    State = GameState
    save_module = "dicelab.dice_poker.save"

    def __init__(
        self,
        players: Sequence[str] | None = None,
        ruleset: str | Ruleset = "dice-poker",
        seed: int | np.random.Generator | None = None,
    ) -> None:
        names = player_names(players, "Dice Poker")
        self._start(GameState.new(get_ruleset(ruleset), names), seed)

    # --- what the game looks like -----------------------------------------

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset being played."""
        return self._state.ruleset

    @property
    def current_player(self) -> str:
        """The name of the player to move."""
        return self._state.players[self._state.current]

    @property
    def card(self) -> Scorecard:
        """The score card of the player to move."""
        return self._state.card

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The dice in position order (None before the first roll of a turn)."""
        return self._state.dice

    @property
    def held(self) -> frozenset[int]:
        """The held positions."""
        return self._state.held

    @property
    def rolls_left(self) -> int:
        """Rolls left this turn (0 once the game is over)."""
        return 0 if self.is_over else ROLLS_PER_TURN - self._state.rolls_used

    @property
    def is_over(self) -> bool:
        """Whether every player has filled every box."""
        return self._state.finished

    def options(self) -> dict[str, int]:
        """The boxes the current dice may fill, and their scores (empty before a roll)."""
        state = self._state
        if state.finished or state.dice is None:
            return {}
        return state.card.options(state.dice)

    def totals(self) -> dict[str, int]:
        """Each player's total so far (the same as `scores()`)."""
        return self.scores()

    def scores(self) -> dict[str, int]:
        """Each player's total so far."""
        return {
            name: card.total for name, card in zip(self.players, self._state.cards, strict=True)
        }

    def to_move(self) -> tuple[str, ...]:
        """The player to move (none once the game is over)."""
        return () if self.is_over else (self.current_player,)

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Every legal action now (of `player`, if given): the rolls (by held
        positions), then the boxes."""
        state = self._state
        if state.finished or (player is not None and self._player(player) != self.current_player):
            return []
        actions: list[Action] = []
        if state.rolls_used == 0:
            actions.append(Roll())
        elif state.rolls_used < ROLLS_PER_TURN:
            for size in range(DICE):
                actions += [Roll(frozenset(c)) for c in itertools.combinations(range(DICE), size)]
        actions += [Score(box) for box in self.options()]
        return actions

    # --- actions ------------------------------------------------------------

    def _check_playing(self) -> None:
        if self._state.finished:
            raise IllegalMove(RULE_OVER, "the game is over")

    def _check_rolled(self) -> tuple[int, ...]:
        """The dice showing; `IllegalMove` if the game is over or nothing was rolled."""
        self._check_playing()
        if self._state.dice is None:
            raise IllegalMove(RULE_ROLL_FIRST, "roll the dice first")
        return self._state.dice

    def _check_can_hold(self) -> None:
        """`IllegalMove` unless a roll is left to hold dice for."""
        self._check_rolled()
        if self._state.rolls_used >= ROLLS_PER_TURN:
            raise IllegalMove(RULE_ROLLS, "no rolls left this turn: score a box")

    def roll(
        self, hold: Iterable[int] | None = None, dice: Iterable[int] | None = None
    ) -> tuple[int, ...]:
        """Roll: all five dice first, then the dice not held; return the dice.

        `hold`, if given, replaces the held positions.  `dice`, if given, are
        the resulting five faces (no random draw); held dice must keep theirs.
        """
        self._check_playing()
        state = self._state
        if state.rolls_used >= ROLLS_PER_TURN:
            raise IllegalMove(RULE_ROLLS, "no rolls left this turn: score a box")
        held = state.held if hold is None else _positions(hold)
        if state.dice is None and held:
            raise IllegalMove(RULE_FIRST, "the first roll of a turn rolls all five dice")
        if len(held) == DICE:
            raise IllegalMove(RULE_REROLL, "all five dice are held: nothing to reroll")
        if dice is not None:
            new = given_dice(dice, DICE)
            kept = [p for p in sorted(held) if state.dice is not None and new[p] != state.dice[p]]
            if kept:
                raise IllegalMove(
                    RULE_HELD, f"the held die at position {kept[0]} must stay", position=kept[0]
                )
        else:
            new = self._draw(held)
        self._state = dataclasses.replace(
            state, rolls_used=state.rolls_used + 1, dice=new, held=held
        )
        self._note(state.players[state.current], Roll(held), None if dice is None else new)
        return new

    def _draw(self, held: frozenset[int]) -> tuple[int, ...]:
        """Roll the dice not held, in position order."""
        fresh = iter(int(f) for f in self._rng.integers(1, 7, size=DICE - len(held)))
        old = self._state.dice
        return tuple(old[p] if old is not None and p in held else next(fresh) for p in range(DICE))

    def set_holds(self, positions: Iterable[int]) -> None:
        """Hold exactly these positions (0..4), for the next roll of the turn."""
        self._check_can_hold()
        self._state = dataclasses.replace(self._state, held=_positions(positions))

    def hold(self, position: int) -> None:
        """Hold the die at `position` (0..4)."""
        self._check_can_hold()
        self.set_holds(self.held | {_position(position)})

    def release(self, position: int) -> None:
        """Stop holding the die at `position` (0..4)."""
        self._check_can_hold()
        self.set_holds(self.held - {_position(position)})

    def toggle_hold(self, position: int) -> None:
        """Hold the die at `position` if free, else release it."""
        self._check_can_hold()
        self.set_holds(self.held ^ {_position(position)})

    def score(self, box_id: str) -> int:
        """Write the dice in `box_id`, pass the turn on, and return the box's points."""
        dice = self._check_rolled()
        state = self._state
        card = state.card.fill(box_id, dice)
        cards = (*state.cards[: state.current], card, *state.cards[state.current + 1 :])
        self._state = _next_turn(state, cards)
        self._note(state.players[state.current], Score(box_id))
        return card.boxes[box_id] or 0

    def apply(self, action: Action) -> tuple[int, ...] | int:
        """Do a `Roll` or a `Score` action (as listed by `legal_actions`).

        Returns what `roll` or `score` returns: the dice, or the box's points.
        """
        if isinstance(action, Roll):
            return self.roll(hold=action.hold)
        if isinstance(action, Score):
            return self.score(action.box)
        raise IllegalMove(RULE_ACTIONS, f"unknown action {action!r}")

    def _redo(self, step: Step) -> None:
        """A recorded step again: a roll with its dice, if they were set by hand."""
        if step.dice is not None and isinstance(step.action, Roll):
            self.roll(hold=step.action.hold, dice=step.dice)
        else:
            super()._redo(step)

    def _between_actions(self, state: GameState) -> GameState:
        """The holds are not an action until the next roll: a record ignores them."""
        return dataclasses.replace(state, held=frozenset())

    def __repr__(self) -> str:
        state = self._state
        where = "over" if state.finished else f"turn {state.turn}, {self.current_player} to move"
        return f"<DicePokerGame {self.ruleset.name}: {', '.join(self.players)}; {where}>"


def _next_turn(state: GameState, cards: tuple[Scorecard, ...]) -> GameState:
    """The state after the player to move has filled a box."""
    current, turn, finished = state.current + 1, state.turn, False
    if current == len(state.players):
        current, turn = 0, turn + 1
        if turn > state.ruleset.turns:
            turn, finished = state.ruleset.turns, True
    return dataclasses.replace(
        state,
        cards=cards,
        current=current,
        turn=turn,
        rolls_used=0,
        dice=None,
        held=frozenset(),
        finished=finished,
    )
