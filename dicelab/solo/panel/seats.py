"""Who sits at the Solo table and who moves next: you, then the bots, each with
its kind (`seats_of`); the player to move (`current_seat`); and the bots
themselves (`BotSeats`).

The bots move one action at a time, each from its own view of the game, with
one random generator for them all (seeded like the game, so that a seed
replays the same game).  Before anyone moves on a card just played, the bots
holding an identical card are asked, in the direction of play from the
player in turn, whether they jump in (each bot once a card); the first who
does plays it.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from dicelab.core.ui.seats import seats_of as bot_seats
from dicelab.solo.game import Action, SoloGame
from dicelab.solo.state import GameState
from dicelab.solo.strategy import STRATEGIES, Bot, as_action, bot, fill, seen_in_view

DEFAULT_BOTS = ("blocker", "keep-black", "dump-high", "random")


def seats_of(players: Sequence[str], bots: Sequence[str] | None) -> tuple[list[str], list[str]]:
    """The players' names and the bots' kinds (see `dicelab.core.ui.seats.seats_of`).

    >>> seats_of(["Ana"], None)
    (['Ana', 'Cleo', 'Duda'], ['blocker', 'keep-black'])
    """
    return bot_seats(players, bots, "Solo", STRATEGIES, DEFAULT_BOTS)


def current_seat(view: GameState) -> int:
    """Who is to move: the player answering an attack, else the player in turn."""
    asked = view.pending.asked if view.pending is not None else None
    return view.turn if asked is None else asked


class BotSeats:
    """The bots of a table (`kinds`, one per seat but yours, `me`), their random
    generator `rng`, and the card they were last asked to jump in on."""

    def __init__(self, kinds: Sequence[str], seed: int, me: int = 0) -> None:
        self.kinds, self.me = list(kinds), me
        self.rng = np.random.default_rng(seed)
        self.bots: dict[str, Bot] = {}
        self.asked: GameState | None = None  # the bots were asked to jump in here

    def seat(self, game: SoloGame) -> None:
        """Sit the bots at the table of `game`, taken on as it is: a card played before
        (a loaded game's, say) is not offered to them to jump in on again."""
        others = [p for i, p in enumerate(game.players) if i != self.me]
        self.bots = {name: bot(kind) for name, kind in zip(others, self.kinds)}
        self.asked = game.state

    def keep(self, other: BotSeats) -> None:
        """Play on like `other` (its random generator, copied, and its last question)."""
        self.rng = np.random.default_rng()
        self.rng.bit_generator.state = other.rng.bit_generator.state
        self.asked = other.asked

    def next_move(self, game: SoloGame, yours: bool) -> Action | None:
        """The next bot action in `game` (`yours`: you are the one to move, unless a bot
        jumps in first), or None when it is up to you."""
        state = game.state
        seat = self.jumper(game)
        if seat is not None:
            assert state.jump is not None
            view = game.view(state.players[seat])
            choice = fill(seen_in_view(view, seat), state.jump, self.rng)
        elif yours:
            return None
        else:
            seat = current_seat(state)
            name = state.players[seat]
            view = game.view(name)
            choice = self.bots[name].decide(seen_in_view(view, seat), self.rng)
        return as_action(choice, view, seat)

    def jumper(self, game: SoloGame) -> int | None:
        """The first bot after the player in turn (in the direction of play) who holds
        the card just played and jumps in with it."""
        state = game.state
        if state.jump is None or state.phase != "play" or state is self.asked:
            return None
        self.asked = state
        n = len(state.players)
        for k in range(1, n):
            seat = (state.turn + k * state.direction) % n
            if seat == self.me or state.jump not in state.hands[seat]:
                continue
            name = state.players[seat]
            seen = seen_in_view(game.view(name), seat)
            if self.bots[name].jumps(seen, state.jump, self.rng):
                return seat
        return None
