"""The Sly Dice panel's log: what every player did, in the panel's language.

It tells only what the table saw: a bot's roll behind its shield is "rolled
behind the shield"; your own roll shows your dice.  Each event is kept as a
word key and its values (cards as `Card`s), so the log can be said again in
another language.
"""

from __future__ import annotations

from typing import Any

from dicelab.core.ui.log import EventLog as BaseLog
from dicelab.sly_dice.game import (
    Accuse,
    Claim,
    Pass,
    Reveal,
    Roll,
    RollCommon,
    SlyDiceGame,
    Stop,
    is_honest,
)
from dicelab.sly_dice.state import GameState, Seat


class EventLog(BaseLog):
    """The log of a game of Sly Dice (see the module)."""

    def record(
        self, game: SlyDiceGame, name: str, action: Any, before: GameState, result: Any, mine: bool
    ) -> None:
        """Log `name`'s `action` (made on `before`; the game is now past it)."""
        if isinstance(action, RollCommon):
            self.add("ev_common", name=name, dice=" ".join(map(str, result)))
        elif isinstance(action, Roll):
            if mine:
                seat = game.state.seats[game.players.index(name)]
                self.add("ev_mine", dice=" ".join(map(str, seat.own)))
            elif action.aside is None:
                self.add("ev_first", name=name)
            else:
                seat = before.seats[before.players.index(name)]
                self.add("ev_aside", name=name, face=seat.hidden[action.aside])
        elif isinstance(action, Stop):
            self.add("ev_stop", name=name)
        elif isinstance(action, Claim):
            self.add("ev_claim", name=name, card=game.rules.card(action.card))
        elif isinstance(action, (Accuse, Pass, Reveal)):
            self._settled(game, name, action, before)
        if len(game.state.history) > len(before.history):
            self._round_over(game, before)
        self.show()

    def _seat(
        self, game: SlyDiceGame, before: GameState, index: int
    ) -> tuple[tuple[int, ...], Seat]:
        """The common dice and a seat of the round `before` was in, as it ended or stands."""
        state = game.state
        if len(state.history) > len(before.history):
            record = state.history[-1]
            return record.common, record.seats[index]
        assert state.common is not None
        return state.common, state.seats[index]

    def _settled(self, game: SlyDiceGame, name: str, action: Any, before: GameState) -> None:
        claimer = before.claimer
        assert claimer is not None
        claimer_name = before.players[claimer]
        common, seat = self._seat(game, before, claimer)
        rules = game.rules
        points = rules.points_of(seat.claim or "")
        if isinstance(action, Pass):
            self.add("ev_pass", name=name)
            if game.state.asked is None and before.asked is not None and not seat.settled:
                self.add("ev_stands", count=points, name=claimer_name, points=points)
        elif isinstance(action, Accuse):
            if is_honest(rules, common, seat):
                value = self.words.signed(rules.false_accusation, 0)
                self.add("ev_wrong", name=name, claimer=claimer_name, points=points, value=value)
            else:
                self.add("ev_caught", name=name, claimer=claimer_name)
        elif action.show:
            honest = is_honest(rules, common, seat)
            if honest:
                self.add("ev_true_shown", name=name)
            else:
                self.add("ev_lie_shown", name=name, value=rules.successful_lie)
        else:
            self.add("ev_kept", name=name)

    def _round_over(self, game: SlyDiceGame, before: GameState) -> None:
        self.add("ev_round", round=len(game.state.history))
        if not game.is_over and len(game.state.table) > len(before.table):
            self.add("ev_card", card=game.rules.card(game.state.table[-1]))
