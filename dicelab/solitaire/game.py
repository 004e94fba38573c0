"""`SolitaireGame`: Solitaire Dice for one or more players sharing the rolls.

One roll is announced to all; each player still playing picks one of its
legal options on their own sheet; when all have chosen, the next roll comes.
A player finishes at a discard's 8th mark; the game goes on until every
player has finished.

The game is a mutable handle around an immutable `GameState`.  Every action
checks first and only then swaps in a new state, so an action the rules
forbid raises `IllegalMove` and changes nothing (not even the random
generator).

>>> game = SolitaireGame(["Ana", "Bia"], seed=1)
>>> game.roll(dice=[1, 4, 4, 4, 6])
(1, 4, 4, 4, 6)
>>> game.options("Ana")[:2]
[Split(pairs=(8, 10), discard=1), Split(pairs=(5, 10), discard=4)]
>>> game.choose("Ana", Split((10, 8), 1)).score
-400
>>> game.waiting
('Bia',)
>>> game.roll()  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
dicelab.errors.IllegalMove: Bia must choose first (rule: ...)
"""

from __future__ import annotations

import copy
import dataclasses
import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.core.engine import (
    NOBODY,
    RULE_PLAYER,
    GameBase,
    Step,
    given_dice,
    make_rng,
    player_names,
)
from dicelab.core.engine.checks import is_whole
from dicelab.errors import IllegalMove, SettingsError
from dicelab.solitaire.rules import DICE, Split
from dicelab.solitaire.sheet import RULE_LEGAL, Sheet
from dicelab.solitaire.state import GameState

__all__ = ["Action", "Choose", "GameState", "Roll", "SolitaireGame", "Split", "make_rng"]

RULE_OVER = "the game ends when every player has finished"
RULE_ORDER = "every player still playing chooses before the next roll"
RULE_ROLL = "roll before choosing"
RULE_FINISHED = "a player who has finished does not choose"
RULE_ONCE = "one option per player and roll"
RULE_ACTIONS = "an action is a Roll or a Choose"


@dataclass(frozen=True)
class Roll:
    """Roll the five dice for every player still playing."""


@dataclass(frozen=True)
class Choose:
    """`player` marks `split`, a legal option of the last roll, on their sheet."""

    player: str
    split: Split


Action = Roll | Choose


class SolitaireGame(GameBase[GameState, Action]):
    """A game of Solitaire Dice for named players (default: one, "Player 1").

    `seed` is an int, None (fresh entropy) or a `numpy.random.Generator`.
    Players are named by name or by index in `choose`, `options` and `sheet`.
    """

    State = GameState
    save_module = "dicelab.solitaire.save"

    def __init__(
        self,
        players: Sequence[str] | None = None,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        names = player_names(players, "Solitaire Dice")
        self._start(GameState.new(names), seed)

    # --- what the game looks like -----------------------------------------

    @property
    def dice(self) -> tuple[int, ...] | None:
        """The last roll, in the order rolled (None before the first roll)."""
        return self._state.dice

    @property
    def rolls(self) -> int:
        """How many rolls were made."""
        return self._state.rolls

    @property
    def waiting(self) -> tuple[str, ...]:
        """The players who must still choose an option for the last roll."""
        return tuple(self.players[i] for i in sorted(self._state.waiting))

    @property
    def is_over(self) -> bool:
        """Whether every player has finished."""
        return self._state.finished

    def view(self, player: str) -> GameState:
        """What `player` sees: the rolls, who must still choose, their own sheet;
        the others' sheets only once the game is over (each player splits the
        roll privately on their own sheet).

        >>> game = SolitaireGame(["Ana", "Bia"], seed=1)
        >>> _ = game.roll(dice=[1, 4, 4, 4, 6])
        >>> _ = game.choose("Bia", Split((10, 8), 1))
        >>> game.view("Ana").sheets[1] == Sheet.empty(), game.view("Ana").waiting
        (True, frozenset({0}))
        """
        return self._seen_by(self.players.index(self._player(player)))

    def public_view(self) -> GameState:
        """What everyone at the table sees: the rolls and who must still choose;
        every sheet once the game is over."""
        return self._seen_by(NOBODY)

    def _seen_by(self, me: int) -> GameState:
        state = self._state
        if state.finished:
            return state
        others = frozenset(range(len(self.players))) - {me}
        sheets = tuple(s if i == me else Sheet.empty() for i, s in enumerate(state.sheets))
        return dataclasses.replace(state, sheets=sheets, hidden=others)

    def redraw_hidden(self, player: str, rng: np.random.Generator) -> SolitaireGame:
        """A copy in which `player`'s sheet is another the others cannot tell from it:
        as many rolls marked, finished at the same roll or not at all (random play,
        up to 50 tries; else the same sheet)."""
        me = self.players.index(self._player(player))
        state = self._state
        for _ in range(0 if state.finished else 50):
            sheet = _sheet_like(state.sheets[me], rng)
            if sheet is not None:
                sheets = (*state.sheets[:me], sheet, *state.sheets[me + 1 :])
                state = dataclasses.replace(state, sheets=sheets)
                break
        return SolitaireGame.from_state(state, copy.deepcopy(self._rng), self._seed)

    def _index(self, player: str | int) -> int:
        if isinstance(player, str):
            if player in self.players:
                return self.players.index(player)
        elif is_whole(player) and 0 <= player < len(self.players):
            return int(player)
        raise IllegalMove(RULE_PLAYER, f"no player {player!r} in this game")

    def sheet(self, player: str | int = 0) -> Sheet:
        """A player's sheet."""
        return self._state.sheets[self._index(player)]

    @property
    def sheets(self) -> dict[str, Sheet]:
        """Every player's sheet, by name."""
        return dict(zip(self.players, self._state.sheets))

    def options(self, player: str | int = 0) -> list[Split]:
        """The legal options of a player for the last roll ([] if not waiting on it)."""
        index = self._index(player)
        if index not in self._state.waiting or self._state.dice is None:
            return []
        return self._state.sheets[index].options(self._state.dice)

    def scores(self) -> dict[str, int]:
        """Each player's score so far."""
        return {name: sheet.score for name, sheet in self.sheets.items()}

    def to_move(self) -> tuple[str, ...]:
        """The players who must choose for the last roll; when none must, the
        players still playing (any of them may roll); none once the game is over."""
        if self.waiting or self.is_over:
            return self.waiting
        return tuple(n for n, s in zip(self.players, self._state.sheets) if not s.finished)

    def legal_actions(self, player: str | None = None) -> list[Action]:
        """Every legal action now (of `player`, if given): the roll, or the
        options of the players who must choose."""
        if player is not None and self.sheet(self._player(player)).finished:
            return []
        if self.is_over:
            return []
        if not self._state.waiting:
            return [Roll()]
        return [
            Choose(name, split)
            for name in self.waiting
            if player in (None, name)
            for split in self.options(name)
        ]

    def apply(self, action: Action) -> tuple[int, ...] | Sheet:
        """Do a `Roll` or a `Choose` action (as listed by `legal_actions`).

        Returns what `roll` or `choose` returns: the dice, or the new sheet.
        """
        if isinstance(action, Roll):
            return self.roll()
        if isinstance(action, Choose):
            return self.choose(action.player, action.split)
        raise IllegalMove(RULE_ACTIONS, f"unknown action {action!r}")

    def _redo(self, step: Step) -> None:
        """A recorded step again: a roll with its dice, if they were set by hand."""
        if step.dice is not None and isinstance(step.action, Roll):
            self.roll(step.dice)
        else:
            super()._redo(step)

    # --- actions ------------------------------------------------------------

    def roll(self, dice: Iterable[int] | None = None) -> tuple[int, ...]:
        """Roll five dice for every player still playing; return them.

        `dice`, if given, are the five faces (no random draw).
        """
        state = self._state
        if state.finished:
            raise IllegalMove(RULE_OVER, "the game is over")
        if state.waiting:
            raise IllegalMove(
                RULE_ORDER, f"{', '.join(self.waiting)} must choose first", names=self.waiting
            )
        if dice is not None:
            new = given_dice(dice, DICE)
        else:
            new = tuple(int(f) for f in self._rng.integers(1, 7, size=DICE))
        playing = frozenset(i for i, s in enumerate(state.sheets) if not s.finished)
        self._state = dataclasses.replace(state, rolls=state.rolls + 1, dice=new, waiting=playing)
        self._note("", Roll(), None if dice is None else new)
        return new

    def choose(self, player: str | int, option: Split | int) -> Sheet:
        """Mark one legal option of the last roll on a player's sheet; return the sheet.

        `option` is a `Split` or an index into `options(player)`.
        """
        index = self._index(player)
        state = self._state
        sheet = state.sheets[index]
        if sheet.finished:
            name = state.players[index]
            raise IllegalMove(RULE_FINISHED, f"{name} has finished", name=name)
        if state.dice is None:
            raise IllegalMove(RULE_ROLL, "roll the dice first")
        if index not in state.waiting:
            name = state.players[index]
            raise IllegalMove(RULE_ONCE, f"{name} has chosen for this roll", name=name)
        split: Any = option  # a Split, or an index; Sheet.play checks
        if isinstance(option, (int, np.integer)) and not isinstance(option, bool):
            options = sheet.options(state.dice)
            if not 0 <= option < len(options):
                raise IllegalMove(
                    RULE_LEGAL, f"option {option} is not one of 0..{len(options) - 1}"
                )
            split = options[int(option)]
        new = sheet.play(state.dice, split)  # checks that `split` is a legal Split
        sheets = (*state.sheets[:index], new, *state.sheets[index + 1 :])
        self._state = dataclasses.replace(state, sheets=sheets, waiting=state.waiting - {index})
        name = state.players[index]
        self._note(name, Choose(name, split))
        return new

    def play(self, strategies: Any, until_over: bool = True) -> dict[str, int]:
        """Roll and let strategies choose (one strategy, or {player: strategy}),
        until the game is over (or for one roll); return the scores.

        A strategy is a function (sheet, dice, options, rng) -> Split, see
        `dicelab.solitaire.strategy`; it gets this game's generator.  The
        strategies are checked before anything happens (`SettingsError`),
        and a roll whose strategy fails (an illegal option: `IllegalMove`,
        or an error of its own) is undone, generator included.
        """
        chooser = self._choosers(strategies)
        while not self.is_over:
            state, rng = self._state, self._rng.bit_generator.state
            try:
                if not self._state.waiting:
                    self.roll()
                for name in self.waiting:
                    dice = tuple(sorted(self.dice or ()))
                    options = self.options(name)
                    self.choose(name, chooser[name](self.sheet(name), dice, options, self._rng))
            except BaseException:
                self._state, self._rng.bit_generator.state = state, rng
                raise
            if not until_over:
                break
        return self.scores()

    def _choosers(self, strategies: Any) -> dict[str, Any]:
        """{player: strategy function} for every player, checked."""
        if isinstance(strategies, dict):
            unknown = [name for name in strategies if name not in self.players]
            if unknown:
                raise SettingsError(f"no player {unknown[0]!r} in this game")
            missing = [name for name in self.players if name not in strategies]
            if missing:
                raise SettingsError(f"no strategy for {missing[0]}")
            chooser = dict(strategies)
        else:
            chooser = dict.fromkeys(self.players, strategies)
        for name, strategy in chooser.items():
            if not callable(strategy):
                raise SettingsError(f"{name}'s strategy must be a function, not {strategy!r}")
        return chooser

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"roll {self.rolls}"
        if self.waiting:
            where += f", waiting for {', '.join(self.waiting)}"
        return f"<SolitaireGame {', '.join(self.players)}; {where}>"

    def _repr_html_(self) -> str:
        cells = "".join(
            f'<td style="vertical-align:top"><b>{html.escape(name)}</b>{sheet._repr_html_()}</td>'
            for name, sheet in self.sheets.items()
        )
        return f"<div><p>{html.escape(repr(self))}</p><table><tr>{cells}</tr></table></div>"


def _sheet_like(sheet: Sheet, rng: np.random.Generator) -> Sheet | None:
    """A random sheet with as many rolls as `sheet`, finished by its last roll if
    `sheet` is and never otherwise (None when a roll allows no such option)."""
    new = Sheet.empty()
    for k in range(sheet.rolls):
        dice = tuple(int(d) for d in rng.integers(1, 7, size=DICE))
        finish = sheet.finished and k == sheet.rolls - 1
        fits = [new.mark(o) for o in new.options(dice)]
        fits = [s for s in fits if s.finished == finish]
        if not fits:
            return None
        new = fits[int(rng.integers(len(fits)))]
    return new
