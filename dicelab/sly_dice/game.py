"""`SlyDiceGame`: the engine of Sly Dice, for 2 to 6 players.

Actions are small values: `RollCommon()`, `Roll(aside)` (the first roll
with `aside=None`; a later one names the hidden die, by its index in
`hidden`, to set aside first), `Stop()`, `Claim(card)`, `Accuse()`,
`Pass()` and `Reveal(show)`.  Only the player in `to_move()` acts; an
action the rules forbid raises `IllegalMove` naming the rule and changes
nothing.  `view(player)` hides every shield but the player's own.

>>> game = SlyDiceGame(["Ana", "Bia"], seed=3)
>>> game.to_move(), game.legal_actions()
(('Ana',), [RollCommon()])
>>> common = game.apply(RollCommon())
>>> game.apply(Roll()) == game.state.seats[0].hidden
True
>>> game.view("Bia").seats[0].hidden  # Bia sees Ana's shield, not her dice
(0, 0, 0)
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.core.engine import NOBODY, GameBase, make_rng, player_names
from dicelab.core.engine.checks import is_whole
from dicelab.errors import IllegalMove, SettingsError
from dicelab.sly_dice.rules import (
    COMMON_DICE,
    DEFAULT_RULES,
    OWN_DICE,
    ROLLS,
    RULE_ACTIONS,
    RULE_ASKED,
    RULE_CLAIM_ORDER,
    RULE_COMMON_FIRST,
    RULE_FIRST_ROLL,
    RULE_ORDER,
    RULE_OVER,
    RULE_REVEAL,
    RULE_ROLLS,
    RULE_SET_ASIDE,
    RULE_TABLE,
    SlyRules,
)
from dicelab.sly_dice.state import UNDEALT, UNSEEN, GameState, RoundRecord, Seat


@dataclass(frozen=True)
class RollCommon:
    """The start player rolls the three common dice."""


@dataclass(frozen=True)
class Roll:
    """Roll your own dice behind the shield; after the first roll, `aside` is
    the index (in your hidden dice) of the die you set aside first."""

    aside: int | None = None


@dataclass(frozen=True)
class Stop:
    """Roll no more this round."""


@dataclass(frozen=True)
class Claim:
    """Claim that your six dice show the card `card` (an id on the table)."""

    card: str


@dataclass(frozen=True)
class Accuse:
    """Accuse the claimer of lying: the dice are shown."""


@dataclass(frozen=True)
class Pass:
    """Let the claim stand (the next player is asked)."""


@dataclass(frozen=True)
class Reveal:
    """After a claim nobody accused: show your dice (`show=True`) or keep them hidden.
    A liar who shows takes the Successful-lie card."""

    show: bool


Action = RollCommon | Roll | Stop | Claim | Accuse | Pass | Reveal


def seat_points(rules: SlyRules, common: tuple[int, ...], seats: Sequence[Seat]) -> list[int]:
    """Each player's points from the settled claims of one round.

    Nobody accused: the claim scores (and a liar who showed takes the
    Successful-lie card).  Accused and honest: the claim scores and the
    accuser takes the False-accusation card.  Accused and lying: nothing.
    Only dice shown are looked at (an accused claim's dice are shown), so the
    points follow from what everyone sees.
    """
    points = [0] * len(seats)
    for i, seat in enumerate(seats):
        if not seat.settled or seat.claim is None:
            continue
        value = rules.points_of(seat.claim)
        honest = seat.shown and is_honest(rules, common, seat)
        if seat.accuser is None:
            points[i] += value + (rules.successful_lie if seat.shown and not honest else 0)
        elif honest:
            points[i] += value
            points[seat.accuser] += rules.false_accusation
    return points


def is_honest(rules: SlyRules, common: tuple[int, ...], seat: Seat) -> bool:
    """Whether a seat's claim is true of its six dice."""
    return seat.claim is not None and rules.card(seat.claim).holds(common + seat.own)


class SlyDiceGame(GameBase[GameState, Action]):
    """A game of Sly Dice (see the module); `rules` are its settings."""

    State = GameState
    save_module = "dicelab.sly_dice.save"

    def __init__(
        self,
        players: Sequence[str] | None = None,
        rules: SlyRules | None = None,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        names = player_names(players, "Sly Dice", least=2)
        rules = DEFAULT_RULES if rules is None else rules
        if not isinstance(rules, SlyRules):
            raise SettingsError(f"rules must be SlyRules, not {rules!r}")
        rng = make_rng(seed)
        deal = tuple(rules.ids[i] for i in rng.permutation(len(rules.ids)))
        self._start(GameState.new(names, rules.ids, rules)._after(deal=deal), seed, rng)

    # --- the contract ---------------------------------------------------------

    @property
    def rules(self) -> SlyRules:
        return self._state.rules

    @property
    def is_over(self) -> bool:
        return self._state.finished

    def scores(self) -> dict[str, int]:
        """Each player's points: the rounds played and the claims settled so far."""
        state = self._state
        total = [0] * len(state.players)
        rounds = [(r.common, r.seats) for r in state.history]
        if state.common is not None:
            rounds.append((state.common, state.seats))
        for common, seats in rounds:
            total = [a + b for a, b in zip(total, seat_points(state.rules, common, seats))]
        return dict(zip(state.players, total))

    def to_move(self) -> tuple[str, ...]:
        mover = self._state.to_move
        return () if mover is None else (self._state.players[mover],)

    def legal_actions(self, player: str | None = None) -> list[Action]:
        state = self._state
        if player is not None:
            self._player(player)
            if player not in self.to_move():
                return []
        phase = state.phase
        if phase == "common":
            return [RollCommon()]
        if phase == "rolling":
            seat = state.seats[state.roller or 0]
            if not seat.rolls:
                return [Roll()]
            rolls: list[Action] = (
                [Roll(i) for i in range(len(seat.hidden))] if seat.rolls < ROLLS else []
            )
            return [Stop(), *rolls]
        if phase == "claim":
            return [Claim(card) for card in state.table]
        if phase == "ask":
            return [Accuse(), Pass()]
        if phase == "reveal":
            return [Reveal(True), Reveal(False)]
        return []

    def apply(self, action: Action) -> Any:
        """Do `action` for the player to move; the dice rolled, if any."""
        mover = self.to_move()
        result = self._act(action)
        self._note(mover[0], action)
        return result

    def _act(self, action: Action) -> Any:
        if self._state.finished:
            raise IllegalMove(RULE_OVER, "the game is over")
        if isinstance(action, RollCommon):
            return self._roll_common(action)
        if isinstance(action, Roll):
            return self._roll(action)
        if isinstance(action, Stop):
            return self._stop(action)
        if isinstance(action, Claim):
            return self._claim(action)
        if isinstance(action, Accuse):
            return self._accuse(action)
        if isinstance(action, Pass):
            return self._pass(action)
        if isinstance(action, Reveal):
            return self._reveal(action)
        raise IllegalMove(RULE_ACTIONS, f"unknown action {action!r}")

    # --- views ------------------------------------------------------------------

    def view(self, player: str) -> GameState:
        """What `player` sees: the others' hidden dice are 0 until shown, and the
        cards not yet dealt are "?"."""
        return self._seen_by(self.players.index(self._player(player)))

    def public_view(self) -> GameState:
        """What everyone at the table sees: no hidden die until it is shown."""
        return self._seen_by(NOBODY)

    def _seen_by(self, me: int) -> GameState:
        state = self._state

        def masked(seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
            return tuple(
                s
                if i == me or s.shown
                else dataclasses.replace(s, hidden=(UNSEEN,) * len(s.hidden))
                for i, s in enumerate(seats)
            )

        dealt = len(state.table)
        return state._after(
            deal=state.deal[:dealt] + (UNDEALT,) * (len(state.deal) - dealt),
            seats=masked(state.seats),
            history=tuple(dataclasses.replace(r, seats=masked(r.seats)) for r in state.history),
            viewer=me,
        )

    def redraw_hidden(self, player: str, rng: np.random.Generator) -> SlyDiceGame:
        """A copy in which `player`'s dice that nobody else has seen are rolled again."""
        me = self.players.index(self._player(player))

        def redrawn(seats: tuple[Seat, ...]) -> tuple[Seat, ...]:
            seat = seats[me]
            if seat.shown or not seat.hidden:
                return seats
            hidden = tuple(int(f) for f in rng.integers(1, 7, size=len(seat.hidden)))
            return (*seats[:me], dataclasses.replace(seat, hidden=hidden), *seats[me + 1 :])

        state = self._state
        state = state._after(
            seats=redrawn(state.seats),
            history=tuple(dataclasses.replace(r, seats=redrawn(r.seats)) for r in state.history),
        )
        return SlyDiceGame.from_state(state, copy.deepcopy(self._rng), self._seed)

    # --- actions ------------------------------------------------------------------

    def _dice(self, n: int) -> tuple[int, ...]:
        return tuple(int(f) for f in self._rng.integers(1, 7, size=n))

    def _seat(self, index: int, seat: Seat) -> tuple[Seat, ...]:
        seats = self._state.seats
        return (*seats[:index], seat, *seats[index + 1 :])

    def _roll_common(self, action: RollCommon) -> tuple[int, ...]:
        if self._state.phase != "common":
            raise IllegalMove(RULE_COMMON_FIRST, "the common dice are already rolled")
        common = self._dice(COMMON_DICE)
        self._state = self._state._after(common=common)
        return common

    def _rolling_seat(self) -> tuple[int, Seat]:
        state = self._state
        if state.phase == "common":
            raise IllegalMove(RULE_COMMON_FIRST, "the start player rolls the common dice first")
        if state.phase != "rolling" or state.roller is None:
            raise IllegalMove(RULE_ORDER, "everyone has rolled: it is time to claim")
        return state.roller, state.seats[state.roller]

    def _roll(self, action: Roll) -> tuple[int, ...]:
        index, seat = self._rolling_seat()
        aside = action.aside
        if seat.rolls >= ROLLS:
            raise IllegalMove(RULE_ROLLS, "no own rolls left: stop and claim")
        if not seat.rolls:
            if aside is not None:
                raise IllegalMove(RULE_SET_ASIDE, "the first roll rolls all three own dice")
            hidden = self._dice(OWN_DICE)
            kept: tuple[int, ...] = ()
        else:
            n = len(seat.hidden)
            if aside is None:
                raise IllegalMove(RULE_SET_ASIDE, "set one hidden die aside before rolling again")
            if not is_whole(aside) or not 0 <= aside < n:
                raise IllegalMove(
                    RULE_SET_ASIDE,
                    f"set aside one of your {n} hidden dice (0..{n - 1}), not {aside!r}",
                )
            kept = (seat.hidden[aside],)
            hidden = self._dice(n - 1)
        rolls = seat.rolls + 1
        new = dataclasses.replace(
            seat, aside=seat.aside + kept, hidden=hidden, rolls=rolls, done=rolls == ROLLS
        )
        self._state = self._state._after(seats=self._seat(index, new))
        return hidden

    def _stop(self, action: Stop) -> None:
        index, seat = self._rolling_seat()
        if not seat.rolls:
            raise IllegalMove(RULE_FIRST_ROLL, "roll your own dice once before stopping")
        new = dataclasses.replace(seat, done=True)
        self._state = self._state._after(seats=self._seat(index, new))

    def _claim(self, action: Claim) -> None:
        state = self._state
        if state.phase != "claim" or state.claimer is None:
            raise IllegalMove(RULE_CLAIM_ORDER, "it is not your turn to claim a card")
        if action.card not in state.table:
            raise IllegalMove(RULE_TABLE, f"{action.card!r} is not a card on the table")
        claimer = state.claimer
        seat = dataclasses.replace(state.seats[claimer], claim=action.card)
        asked = (claimer + 1) % len(state.players)
        self._state = state._after(seats=self._seat(claimer, seat), asked=asked)

    def _asked(self) -> tuple[int, int]:
        state = self._state
        if state.phase != "ask" or state.asked is None or state.claimer is None:
            raise IllegalMove(RULE_ASKED, "nobody is being asked about a claim now")
        return state.claimer, state.asked

    def _accuse(self, action: Accuse) -> None:
        claimer, asked = self._asked()
        seat = self._state.seats[claimer]
        settled = dataclasses.replace(seat, accuser=asked, settled=True, shown=True)
        self._settle(claimer, settled)

    def _pass(self, action: Pass) -> None:
        claimer, asked = self._asked()
        following = (asked + 1) % len(self._state.players)
        next_asked = None if following == claimer else following
        self._state = self._state._after(asked=next_asked)

    def _reveal(self, action: Reveal) -> None:
        state = self._state
        if state.phase != "reveal" or state.claimer is None:
            raise IllegalMove(RULE_REVEAL, "there is no claim to reveal now")
        if not isinstance(action.show, bool):
            raise IllegalMove(RULE_REVEAL, f"show is True or False, not {action.show!r}")
        seat = dataclasses.replace(state.seats[state.claimer], settled=True, shown=action.show)
        self._settle(state.claimer, seat)

    def _settle(self, claimer: int, seat: Seat) -> None:
        """Record a settled claim; after the last one, the next round (or the end)."""
        state = self._state._after(seats=self._seat(claimer, seat), asked=None)
        if all(s.settled for s in state.seats):
            assert state.common is not None
            record = RoundRecord(state.common, state.seats)
            state = state._after(
                history=(*state.history, record),
                common=None,
                seats=tuple(Seat() for _ in state.players),
            )
        self._state = state

    def __repr__(self) -> str:
        state = self._state
        where = "over" if state.finished else f"round {state.round}, {state.phase}"
        return f"<SlyDiceGame {', '.join(state.players)}; {where}>"
