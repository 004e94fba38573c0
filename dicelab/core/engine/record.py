"""A game record: where a game began and every action since, in order.

Every engine keeps one (`GameBase.record`): the game as it stood when it
began (the snapshot with its rules and players, the seed, the random
generator's state) and each action taken since, with who took it ("" for the
table's own action, like Solitaire Dice's roll for everyone) and, for a roll
whose dice were set by hand, those dice.  Replaying it gives the very game
back.  Every save file holds it (key "record"); `GameRecord.to_json` writes it
on its own and `GameRecord.from_json` reads it from either.  A class table's log is
the same record.

>>> from dicelab.dice_poker.game import DicePokerGame
>>> game = DicePokerGame(["Ana"], seed=7)
>>> _ = game.roll(); _ = game.roll(hold=[0]); _ = game.score("chance")
>>> [step.action for step in game.record.steps]
[Roll(hold=frozenset()), Roll(hold=frozenset({0})), Score(box='chance')]
>>> game.record.replay().to_json() == game.to_json()
True
"""

from __future__ import annotations

import inspect
import json
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from dicelab.core.engine.actions import action_types, decode, encode
from dicelab.core.engine.savefile import (
    generator_state,
    is_int,
    json_list,
    json_object,
    open_save,
    parse_json,
    save_error,
)
from dicelab.core.engine.starting import RULE_DICE
from dicelab.errors import DicelabError, IllegalMove

__all__ = ["FORMAT", "VERSION", "GameRecord", "Recording", "Step"]

FORMAT = "dicelab/game-record"
VERSION = 1
KEYS = ("format", "version", "start", "actions")


@dataclass(frozen=True)
class Step:
    """One action of a game: who took it ("" for the table's own), the action
    (one of the game's action objects) and the dice, if set by hand.

    >>> from dicelab.dice_poker.game import Score
    >>> Step("Ana", Score("chance")).to_dict()
    {'player': 'Ana', 'action': {'type': 'Score', 'box': 'chance'}}
    """

    player: str
    action: Any
    dice: tuple[int, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        """The step as a JSON-ready dict (no "dice" when they were rolled)."""
        data = {"player": self.player, "action": encode(self.action)}
        return data if self.dice is None else {**data, "dice": list(self.dice)}


@dataclass(frozen=True)
class GameRecord:
    """A game's record: its engine class, its `start` (the game as it began, as
    its save file writes it, without a record) and its `steps`."""

    engine: type[Any]
    start: dict[str, Any]
    steps: tuple[Step, ...]

    @property
    def seed(self) -> int | None:
        """The seed the game started from (None: not known)."""
        seed: int | None = self.start["seed"]
        return seed

    def to_dict(self) -> dict[str, Any]:
        """The record as a JSON-ready dict."""
        actions = [step.to_dict() for step in self.steps]
        return {"format": FORMAT, "version": VERSION, "start": self.start, "actions": actions}

    def to_json(self) -> str:
        """The record as JSON text, to keep on its own."""
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    def replay(self) -> Any:
        """The game the record ends in, played again from its start."""
        last = deque(self.positions(), maxlen=1)
        return last[0][0] if last else self.engine.from_dict(self.start)

    def positions(self) -> Iterator[tuple[Any, Step]]:
        """Each step with the game just after it (the same game object, moved
        on); `SaveFileError` at the first step the game does not take."""
        game = self.engine.from_dict(self.start)
        for number, step in enumerate(self.steps, 1):
            try:
                game._redo(step)
            except DicelabError as error:
                raise save_error(f"the record's action {number} cannot be taken: {error}") from None
            if game._steps[-1] != step:  # the step it noted (no record built)
                raise save_error(
                    f"the record's action {number} is not {step.player or 'the table'}'s"
                )
            yield game, step

    @classmethod
    def from_dict(cls, engine: type[Any], data: Any) -> GameRecord:
        """The record `data` describes for a game of class `engine`, checked: a
        start its save module accepts, then actions of that game; `SaveFileError`
        if not."""
        open_save(data, FORMAT, (VERSION,), "game record")
        data = json_object(data, "the record", KEYS)
        if isinstance(data["start"], dict) and "record" in data["start"]:
            raise save_error("the record's start has a record of its own")
        first = engine.from_dict(data["start"])
        kinds = action_types(inspect.getmodule(engine))
        actions = json_list(data["actions"], "the record's actions")
        steps = tuple(_step(value, kinds, first.players, n) for n, value in enumerate(actions, 1))
        return cls(engine, first.record.start, steps)

    @classmethod
    def from_json(cls, engine: type[Any], text: str | bytes) -> GameRecord:
        """A record from `to_json` text, or the record in a save file's text."""
        data = parse_json(text)
        if isinstance(data, dict) and "record" in data:
            data = data["record"]
        return cls.from_dict(engine, data)


def _step(value: Any, kinds: list[type], players: tuple[str, ...], number: int) -> Step:
    keys = (
        ("player", "action", "dice")
        if isinstance(value, dict) and "dice" in value
        else ("player", "action")
    )
    data = json_object(value, f"the record's action {number}", keys)
    if data["player"] != "" and data["player"] not in players:
        raise save_error(f"the record's action {number} is by {data['player']!r}, not a player")
    try:
        action = decode(data["action"], kinds)
    except DicelabError as error:
        raise save_error(f"the record's action {number}: {error}") from None
    dice = None
    if "dice" in data:
        faces = json_list(data["dice"], "dice")
        if not faces or not all(is_int(f) and 1 <= f <= 6 for f in faces):
            raise save_error(f"dice are whole numbers 1..6, not {faces!r}")
        dice = tuple(faces)
    return Step(data["player"], action, dice)


class Recording:
    """The part of every engine that keeps its record (`GameBase` is one): it
    begins where the game begins (`_begin_record`), each action taken is noted
    (`_note`), and a loaded record is taken only if it replays to the very game
    (`_take_record`)."""

    _state: Any
    _rng: Any  # the game's numpy Generator
    _seed: int | None
    _origin: tuple[Any, Mapping[str, Any], int | None]  # the snapshot, generator, seed
    _steps: list[Step]

    @classmethod
    def _saving(cls) -> Any:
        raise NotImplementedError

    def apply(self, action: Any) -> Any:
        raise NotImplementedError

    def _begin_record(self) -> None:
        self._origin = (self._state, self._rng.bit_generator.state, self._seed)
        self._steps = []

    def _note(self, player: str, action: Any, dice: tuple[int, ...] | None = None) -> None:
        """Add an action just taken to the record (`dice`: set by hand)."""
        self._steps.append(Step(player, action, dice))

    def _redo(self, step: Step) -> None:
        """Take a recorded step again (a game whose dice may be set by hand
        takes its dice too)."""
        if step.dice is not None:
            raise IllegalMove(RULE_DICE, "this game has no dice set by hand")
        self.apply(step.action)

    @property
    def record(self) -> GameRecord:
        """Where the game began (or was loaded, for a save without a record) and
        every action since."""
        state, rng, seed = self._origin
        saving = self._saving()
        start = {"format": saving.FORMAT, "version": saving.VERSION, **saving.state_dict(state)}
        start |= {"seed": seed, "rng": generator_state(rng)}
        return GameRecord(type(self), start, tuple(self._steps))

    def _take_record(self, record: GameRecord) -> None:
        """Make `record` this game's, if it replays to this very game; else
        `SaveFileError`."""
        replayed = record.replay()
        if not self._same_game(replayed):
            raise save_error("the game's record does not end in this game")
        self._origin, self._steps = replayed._origin, replayed._steps

    def _same_game(self, other: Recording) -> bool:
        """Whether `other` (a record played again) is this very game: the same
        snapshot (up to `_between_actions`), seed and generator."""
        same = self._between_actions(self._state) == self._between_actions(other._state)
        generator = self._rng.bit_generator.state == other._rng.bit_generator.state
        return same and generator and self._seed == other._seed

    def _between_actions(self, state: Any) -> Any:
        """`state` without what a player may change between actions, which no
        action records (Dice Poker's holds before the next roll)."""
        return state
