"""How well did each player choose their card?  A Solo game reviewed play by play.

The reference is the measure the hints show on your turn: for each card
you could play, the exact chance that the next player holds nothing to
play on it (hypergeometric, over the cards you had not seen:
`dicelab.solo.in_play`).  A play's **value** is that chance in percent,
its **loss** how many percentage points a better card would have added;
the `blocker` bot plays the best card by this measure, so it loses 0.

Only the choices of a card on your own turn are judged, and only when
there were two cards (or colours) to choose from: a draw is no choice in
these rules (you draw only with nothing to play), and answers to an
attack and jump-ins are not looked at.  A Choose colour or Draw four is
valued with the colour named (the hints' other cards with the colour
you hold most, as the hints show them).

>>> from dicelab.core.engine import play_out
>>> from dicelab.solo.game import SoloGame
>>> from dicelab.solo.strategy import strategy
>>> game = SoloGame(["Ana", "Bia"], seed=2)
>>> _ = play_out(game, strategy("blocker"))
>>> [review.total_loss for review in review_game(game)]
[0.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from dicelab.core.engine import GameRecord
from dicelab.core.present.review import (
    Judgement,
    PlayerReview,
    judge_record,
    judged,
    player_reviews,
)
from dicelab.solo.game import Play, SoloGame
from dicelab.solo.in_play import can_play, in_force_after, next_after, unseen_cards
from dicelab.solo.rules import Card, card, card_order, playable_cards
from dicelab.solo.state import GameState
from dicelab.solo.strategy import best_colour

__all__ = ["Decision", "Option", "review_game", "stuck_chance"]

Option = tuple[str, str | None]
"""A card to play (its id) with the colour it names (None: it names none)."""


@dataclass(frozen=True)
class Decision(Judgement):
    """One card played on a player's turn (see `Judgement`; `choice` and `best`
    are `Option`s, values the next player's chance of being stuck, in
    percent): the round, the card on top, the colour and number in force,
    and the hand it was played from."""

    round: int
    top: str
    colour: str
    face: str | None
    hand: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The decision as JSON-ready data."""
        return {
            "player": self.player,
            "round": self.round,
            "top": self.top,
            "colour": self.colour,
            "face": self.face,
            "hand": list(self.hand),
            "choice": list(self.choice),
            "best": list(self.best),
            "value": self.value,
            "best_value": self.best_value,
            "loss": self.loss,
        }


def stuck_chance(state: GameState, seat: int, played: Card, named: str | None) -> Fraction:
    """P(the next player holds nothing playable) once `seat` plays `played`
    (naming `named`), over the cards `seat` has not seen: the hints' odds.

    >>> from dicelab.solo.game import SoloGame
    >>> state = SoloGame(["Ana", "Bia"], seed=2).state
    >>> hand = state.hands[state.turn]
    >>> 0 < stuck_chance(state, state.turn, hand[0], "red") < 1
    True
    """
    hand = [c for c in state.hands[seat] if c is not None]
    unseen = unseen_cards([*hand, *state.discard], state.rules.edition)
    colour, face = in_force_after(played, state.colour, state.face, named)
    nxt = next_after(played, seat, state.direction, len(state.players))
    return 1 - can_play(unseen, colour, face, len(state.hands[nxt]))


def options(state: GameState, seat: int) -> list[Option]:
    """The cards `seat` may play on its turn, as the hints list them: a card that
    names a colour names the colour the hand holds most without it."""
    hand = [c for c in state.hands[seat] if c is not None]
    cards = sorted(set(playable_cards(hand, state.colour, state.face)), key=card_order)
    return [(c.id, best_colour(hand, c) if c.kind in ("choose", "draw4") else None) for c in cards]


def review_game(
    game: SoloGame | GameRecord, on_step: Callable[[int, int], None] | None = None
) -> tuple[PlayerReview[Decision], ...]:
    """Each player's review of `game` (its record); `on_step(done, total)`
    after each action looked at."""
    record = game.record if isinstance(game, SoloGame) else game
    start, found, end = judge_record(record, SoloGame, _decision, on_step)
    none = [None] * len(start.players)
    return player_reviews(start.players, found, end.scores(), none, len(start.state.rounds) + 1)


def _decision(state: GameState, action: Any) -> Decision | None:
    """The card `action` played on its player's turn, judged; None for any other
    action, or when there was nothing to choose."""
    if not isinstance(action, Play) or state.phase != "play":
        return None
    seat = state.players.index(action.player)
    if seat != state.turn:
        return None
    chosen: Option = (action.card, action.colour)
    choices = list(dict.fromkeys([*options(state, seat), chosen]))
    if len(choices) < 2:
        return None
    values = {
        option: float(100 * stuck_chance(state, seat, card(option[0]), option[1]))
        for option in choices
    }
    best, value, best_value = judged(chosen, values)
    return Decision(
        player=action.player,
        choice=chosen,
        best=best,
        value=value,
        best_value=best_value,
        round=len(state.rounds) + 1,
        top=state.top.id,
        colour=state.colour,
        face=state.face,
        hand=tuple(c.id for c in state.hands[seat] if c is not None),
    )
