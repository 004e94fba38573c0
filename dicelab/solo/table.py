"""`Table`: a round of Solo in mutable form, where the engine carries out a move.

The engine copies its snapshot into a `Table`, carries out one checked move
here, and freezes the result into a new snapshot, so a move is all or
nothing.  Decisions the rule texts leave open, as dicelab plays them:

- a card matches the colour or the number in force (RULES.md §4): an action
  card matches by colour alone, so a Skip goes on a Skip of its own colour
  only (answering a draw attack with a Draw two of any colour is stacking,
  not matching);
- black cards (Choose colour, Draw four, Rotate hands) only without a
  matching card in hand; Gift whenever it is your turn; a Draw four also
  answers a Draw two or Draw four attack;
- Draw two is answered by a Draw two or a Draw four, Draw four by a Draw four
  (the sum passes on to the next player), or by a Protection;
- Protection cancels a Draw two / Draw four, a Rotate hands or a Gift aimed
  at its holder; the holder then plays on as if not attacked (after a draw
  attack it is their turn); Swap hands and Skip are not attacks it cancels;
- every player attacked is asked for an answer, whatever they hold (with no
  card that answers, Accept is their only move), so that the table never
  tells whether a hidden hand holds a Protection or a draw card; a Rotate
  hands asks every player in turn, in the direction of play, from the one
  after its player to its player;
- a player who empties their hand goes out at once, and the card's effect
  is not carried out; a Gift gives at most two cards (chosen from the hand
  before any "Solo" penalty is drawn, and possibly the last ones: giving
  them away goes out);
- "Solo" is checked when a played card leaves one card in hand (a Gift's
  own card included): forgotten, the penalty cards are drawn at once;
- when the draw pile runs out, the discard pile but its top is shuffled
  into a new one.

>>> from dicelab.solo.game import SoloGame
>>> table = Table(SoloGame(["Ana", "Bia"], seed=1).state, np.random.default_rng(1))
>>> [len(hand) for hand in table.hands], table.draw_cards(0, 2) == table.hands[0][-2:]
([8, 8], True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

import numpy as np

from dicelab.solo.rules import STACKS, Card, playable_cards
from dicelab.solo.state import GameState, Pending


class Table:
    """A mutable copy of a round (see the module)."""

    def __init__(self, state: GameState, rng: np.random.Generator) -> None:
        self.state = state
        self.rng = rng
        self.draw: list[Card] = [c for c in state.draw if c is not None]
        self.discard: list[Card] = list(state.discard)
        self.hands: list[list[Card]] = [[c for c in h if c is not None] for h in state.hands]
        self.colour = state.colour
        self.face = state.face
        self.direction = state.direction
        self.turn = state.turn
        self.phase = state.phase
        self.pending = state.pending
        self.jump: Card | None = None
        self.out: int | None = None  # who went out

    # --- small moves ---------------------------------------------------------------

    def next_seat(self, seat: int, steps: int = 1) -> int:
        return (seat + steps * self.direction) % len(self.hands)

    def draw_cards(self, seat: int, n: int) -> list[Card]:
        """`seat` draws up to `n` cards (the discard pile reshuffled when needed)."""
        drawn: list[Card] = []
        for _ in range(n):
            if not self.draw:
                rest, self.discard = self.discard[:-1], self.discard[-1:]
                self.draw = [rest[i] for i in self.rng.permutation(len(rest))]
            if not self.draw:
                break
            drawn.append(self.draw.pop())
        self.hands[seat] += drawn
        return drawn

    def lay(self, seat: int, played: Card, solo: bool, penalty: int) -> None:
        """Move `played` from `seat`'s hand to the discard pile; a forgotten "Solo"
        costs `penalty` cards; an empty hand goes out."""
        self.hands[seat].remove(played)
        self.discard.append(played)
        if played.colour is not None:
            self.colour, self.face = played.colour, played.face
        if not self.hands[seat]:
            self.out = seat
        elif len(self.hands[seat]) == 1 and not solo:
            self.draw_cards(seat, penalty)

    # --- a move ---------------------------------------------------------------------

    def draw_one(self, seat: int) -> list[Card]:
        """`seat`, with no playable card, draws one: a card that fits is played next
        (the "drawn" phase); else the turn passes."""
        drawn = self.draw_cards(seat, 1)
        self.jump = None
        if drawn and drawn[0] in playable_cards(self.hands[seat], self.colour, self.face):
            self.phase = "drawn"
        else:
            self.turn = self.next_seat(seat)
        return drawn

    def play(
        self,
        seat: int,
        played: Card,
        colour: str | None = None,
        target: int | None = None,
        gift: Sequence[Card] = (),
        solo: bool = False,
    ) -> None:
        """`seat` plays `played` (in turn, after drawing it, jumping in, or answering an
        attack), with its colour, target or gift, saying "Solo" or not."""
        penalty = self.state.rules.solo_penalty
        answering = self.phase == "respond"
        if answering and played.kind == "protection":
            self.protect(seat, played, solo, penalty)
            return
        self.lay(seat, played, solo, penalty)
        if self.out is not None:
            return
        if answering:
            self.stack(seat, played, colour)
        elif played.kind == "gift":
            self.gift(seat, gift)
        else:
            self.effect(seat, played, colour, target)

    # --- carrying out a card ------------------------------------------------------

    def effect(self, seat: int, played: Card, colour: str | None, target: int | None) -> None:
        """What `played`, just laid by `seat`, does; then whose turn it is."""
        self.jump = None
        self.phase = "play"
        if played.kind in ("choose", "draw4"):
            assert colour is not None
            self.colour, self.face = colour, None
        if played.kind == "skip":
            self.turn = self.next_seat(seat, 2)
        elif played.kind == "reverse":
            self.direction = -self.direction
            self.turn = self.next_seat(seat)
        elif played.kind in STACKS:
            amount = 2 if played.kind == "draw2" else 4
            self.attack(Pending("draw", by=seat, target=self.next_seat(seat), amount=amount))
            return
        elif played.kind == "swap":
            assert target is not None
            self.hands[seat], self.hands[target] = self.hands[target], self.hands[seat]
            self.turn = self.next_seat(seat)
        elif played.kind == "rotate":
            self.attack(Pending("rotate", by=seat, waiting=tuple(self.order_from(seat))))
            return
        else:
            self.turn = self.next_seat(seat)
        if not played.is_black:
            self.jump = played

    def order_from(self, seat: int) -> list[int]:
        """Every seat in the direction of play, starting after `seat` and ending with it."""
        return [self.next_seat(seat, k) for k in range(1, len(self.hands) + 1)]

    def attack(self, pending: Pending) -> None:
        """Ask the player attacked for an answer (whatever they hold: see the module)."""
        self.pending = pending
        self.phase = "respond"

    def accept(self) -> None:
        """The player asked lets the attack happen (for a rotation: asks the next
        player, then rotates)."""
        pending = self.pending
        assert pending is not None
        if pending.kind == "rotate" and len(pending.waiting) > 1:
            self.pending = dataclasses.replace(pending, waiting=pending.waiting[1:])
            return
        self.pending, self.phase = None, "play"
        if pending.kind == "draw":
            assert pending.target is not None
            self.draw_cards(pending.target, pending.amount)
            self.turn = self.next_seat(pending.target)
        elif pending.kind == "gift":
            assert pending.target is not None
            self.hands[pending.target] += [c for c in pending.gift if c is not None]
            self.turn = self.next_seat(pending.by)
        else:
            self.rotate(pending)

    def rotate(self, pending: Pending) -> None:
        """Every hand but the protected ones passes one seat in the direction of play."""
        seats = [s for s in self.order_from(pending.by) if s not in pending.protected]
        hands = [self.hands[s] for s in seats]
        for k, seat in enumerate(seats):
            self.hands[seat] = hands[k - 1]
        self.turn = self.next_seat(pending.by)
        self.pending, self.phase = None, "play"

    def protect(self, seat: int, protection: Card, solo: bool, penalty: int) -> None:
        """`seat` answers the attack with `protection`: it is cancelled for them."""
        pending = self.pending
        assert pending is not None
        self.lay(seat, protection, solo, penalty)
        if self.out is not None:
            return
        if pending.kind == "rotate":
            rest = dataclasses.replace(
                pending, waiting=pending.waiting[1:], protected=(*pending.protected, seat)
            )
            self.pending = rest
            if not rest.waiting:
                self.rotate(rest)
            return
        self.pending, self.phase = None, "play"
        if pending.kind == "gift":
            self.hands[pending.by] += [c for c in pending.gift if c is not None]
            self.turn = self.next_seat(pending.by)
        else:
            self.turn = seat

    def stack(self, seat: int, played: Card, colour: str | None) -> None:
        """`seat` answers a draw attack with another draw card: the sum passes on."""
        pending = self.pending
        assert pending is not None
        if colour is not None:
            self.colour, self.face = colour, None
        more = 2 if played.kind == "draw2" else 4
        target = self.next_seat(seat)
        self.attack(
            dataclasses.replace(pending, by=seat, target=target, amount=pending.amount + more)
        )

    def gift(self, seat: int, cards: Sequence[Card]) -> None:
        """`seat` gives `cards` to another player drawn at random."""
        for c in cards:
            self.hands[seat].remove(c)
        others = [s for s in range(len(self.hands)) if s != seat]
        target = others[int(self.rng.integers(len(others)))]
        if not self.hands[seat]:  # gave the last cards away: out
            self.hands[target] += cards
            self.out = seat
            return
        self.jump = None
        self.attack(Pending("gift", by=seat, target=target, gift=tuple(cards)))

    # --- back to a snapshot --------------------------------------------------------------

    def frozen(self, **changes: Any) -> GameState:
        """The new snapshot, with `changes` (the engine scores a round's end, see `out`)."""
        fields = {
            "draw": tuple(self.draw),
            "discard": tuple(self.discard),
            "hands": tuple(tuple(h) for h in self.hands),
            "colour": self.colour,
            "face": self.face,
            "direction": self.direction,
            "turn": self.turn,
            "phase": self.phase,
            "pending": self.pending,
            "jump": self.jump,
        }
        return dataclasses.replace(self.state, **(fields | changes))
