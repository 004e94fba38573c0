"""`GameState`: an immutable snapshot of a game of Solo.

Every card of the deck is in exactly one place: the `draw` pile (its top is
the last card), the `discard` pile (its top is the last card), a player's
hand, or the two cards of a Gift on their way (`pending.gift`).  Besides the
cards, a snapshot holds the colour and the `face` in force, the number a
card may match besides the colour (a number card sets its own; an action
card sets none, since it matches by colour alone; Choose colour and Draw
four name a colour and set none; Rotate hands and Gift leave both as they
were), the `direction` of play (1 clockwise, −1 counter-clockwise), whose
`turn` it is, the `phase`, an attack waiting for answers (`pending`), the
card others may jump in on (`jump`), the penalty points of the rounds
played (`totals`, `rounds`) and how the last round `ended` (every hand left,
the last card played: everyone sees them, since they are scored).

Phases: "play" (the turn player plays or draws; others may jump in),
"drawn" (the card just drawn fits: it is played at once), "respond" (a
Draw two / Draw four, Rotate hands or Gift waits for an answer), "over".

>>> from dicelab.solo.rules import card
>>> seat = Pending("draw", by=0, target=1, amount=2)
>>> seat.asked
1
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import NoReturn

from dicelab.core.engine import check_players
from dicelab.errors import SettingsError
from dicelab.solo.rules import (
    COLOURS,
    DEFAULT_RULES,
    NUMBERS,
    Card,
    SoloRules,
    deck_ids,
    playable_cards,
)

PHASES = ("play", "drawn", "respond", "over")
PENDING = ("draw", "rotate", "gift")
FACES = tuple(str(n) for n in NUMBERS)


def _fail(message: str) -> NoReturn:
    raise SettingsError(message)


def _whole(value: object) -> bool:
    """Whether `value` is a whole number (an int, not a bool or a float)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _scored(points: tuple[int, ...]) -> bool:
    """Whether a round's points can be: one player went out with 0, each other
    player kept at least one card (1 point or more)."""
    return all(_whole(p) and p >= 0 for p in points) and points.count(0) == 1


@cache
def most_drawn(edition: int) -> int:
    """The most cards a draw attack can stack: every Draw two and Draw four of the deck.

    >>> most_drawn(120)
    32
    """
    ids = deck_ids(edition)
    return sum(count * (2 if i.endswith("draw2") else 4) for i, count in ids.items() if "draw" in i)


@dataclass(frozen=True)
class Pending:
    """An attack waiting for answers.

    - "draw": `target` must draw `amount` cards, unless they answer with a
      Draw two / Draw four (the sum passes on) or a Protection;
    - "rotate": the hands pass one seat in the direction of play; the players
      in `waiting` (everyone still to answer, in the direction of play) decide
      in turn; `protected` keep their hands;
    - "gift": `target` (drawn at random) receives the `gift` cards from `by`
      unless they answer with a Protection.
    """

    kind: str
    by: int
    target: int | None = None
    amount: int = 0
    gift: tuple[Card | None, ...] = ()
    waiting: tuple[int, ...] = ()
    protected: tuple[int, ...] = ()

    @property
    def asked(self) -> int | None:
        """Who answers now."""
        if self.kind == "rotate":
            return self.waiting[0] if self.waiting else None
        return self.target


@dataclass(frozen=True)
class RoundEnd:
    """How a round ended: the cards left in each hand (none in the hand of the
    player who went out) and the last card played.

    >>> from dicelab.solo.rules import card
    >>> end = RoundEnd(((), (card("red-7"), card("black-choose"))), card("blue-3"))
    >>> end.points
    (0, 47)
    """

    hands: tuple[tuple[Card, ...], ...]
    last: Card

    @property
    def points(self) -> tuple[int, ...]:
        """The penalty points each hand scored."""
        return tuple(sum(c.points for c in hand) for hand in self.hands)


@dataclass(frozen=True)
class GameState:
    """An immutable snapshot of a game (see the module).  A *view* (`viewer`
    set) hides the cards of the draw pile, the others' hands and a Gift on its
    way as None."""

    players: tuple[str, ...]
    rules: SoloRules = DEFAULT_RULES
    draw: tuple[Card | None, ...] = ()
    discard: tuple[Card, ...] = ()
    hands: tuple[tuple[Card | None, ...], ...] = ()
    colour: str = "red"
    face: str | None = None
    direction: int = 1
    turn: int = 0
    phase: str = "play"
    pending: Pending | None = None
    jump: Card | None = None
    totals: tuple[int, ...] = ()
    rounds: tuple[tuple[int, ...], ...] = ()
    ended: RoundEnd | None = None
    viewer: int | None = field(default=None)

    def __post_init__(self) -> None:
        check_players(self.players, "Solo", least=2)
        n = len(self.players)
        if not isinstance(self.rules, SoloRules):
            _fail(f"rules must be SoloRules, not {self.rules!r}")
        if self.phase not in PHASES:
            _fail(f"the phase is one of {', '.join(PHASES)}, not {self.phase!r}")
        if len(self.hands) != n or len(self.totals) != n:
            _fail("there is one hand and one total per player")
        if any(len(r) != n for r in self.rounds):
            _fail("every round played gives each player their points")
        if [sum(col) for col in zip(*self.rounds)] != list(self.totals) and self.rounds:
            _fail("the totals are the sums of the rounds played")
        if not self.rounds and any(self.totals):
            _fail("the totals are the sums of the rounds played")
        if any(not _scored(r) for r in self.rounds):
            _fail("in every round played one player went out (0 points), the others scored 1+")
        self._check_ended()
        if not (_whole(self.direction) and _whole(self.turn)):
            _fail("direction is 1 or -1 and the turn a player's seat")
        if self.direction not in (1, -1) or self.turn not in range(n):
            _fail("direction is 1 or -1 and the turn a player's seat")
        if self.colour not in COLOURS:
            _fail(f"the colour in force is one of {', '.join(COLOURS)}, not {self.colour!r}")
        self._check_cards()
        self._check_phase()

    def _check_ended(self) -> None:
        """The last round's hands scored its points (a save before them has none)."""
        ended = self.ended
        if ended is None:
            return
        if not isinstance(ended, RoundEnd) or not self.rounds:
            _fail("how the last round ended is known only once a round was played")
        cards = (ended.last, *(c for hand in ended.hands for c in hand))
        if len(ended.hands) != len(self.players) or not all(isinstance(c, Card) for c in cards):
            _fail("the last round's end holds one hand of cards per player")
        if ended.points != self.rounds[-1]:
            _fail("the hands left at the last round's end scored its points")

    def _check_cards(self) -> None:
        if self.viewer is not None:
            return
        held: Counter[str] = Counter()
        gift = () if self.pending is None else self.pending.gift
        for place in (self.draw, self.discard, *self.hands, gift):
            if not all(isinstance(c, Card) for c in place):
                _fail("every card is a Card")
            held.update(c.id for c in place if c is not None)
        if held != deck_ids(self.rules.edition):
            _fail("every card of the deck is in exactly one place")
        if self.phase != "over" and not self.discard:
            _fail("a round in play has a card on the discard pile")

    def _check_phase(self) -> None:
        n = len(self.players)
        pending = self.pending
        if (self.phase == "respond") != (pending is not None):
            _fail("an attack waits for an answer exactly in the respond phase")
        if self.phase == "over":
            if max(self.totals, default=0) < self.rules.losing_score:
                _fail("the game is over only when a player reaches the losing score")
            if self.jump is not None:
                _fail("one jumps in on the card just played, in the play phase")
            return
        if max(self.totals, default=0) >= self.rules.losing_score:
            _fail("the game is over once a player reaches the losing score")
        if any(not hand for hand in self.hands):
            _fail("a round in play has no empty hand")
        if self.jump is not None and (self.phase != "play" or self.jump != self.top):
            _fail("one jumps in on the card just played, in the play phase")
        self._check_force()
        if self.phase == "drawn" and self.viewer is None:
            hand = [c for c in self.hands[self.turn] if c is not None]
            if hand[-1] not in playable_cards(hand, self.colour, self.face):
                _fail("a card drawn and kept for play fits")
        if pending is None:
            return
        if pending.kind not in PENDING or pending.by not in range(n):
            _fail(f"an attack is one of {', '.join(PENDING)} by a player")
        if pending.kind == "rotate":
            if pending.target is not None or pending.amount or pending.gift:
                _fail("a rotation has no target, amount or gift")
            seats = {*pending.waiting, *pending.protected}
            if len(seats) != len(pending.waiting) + len(pending.protected) or not seats <= set(
                range(n)
            ):
                _fail("a rotation asks each player at most once")
        elif pending.target not in range(n) or pending.target == pending.by:
            _fail("an attack aims at another player")
        tops = {"draw": ("draw2", "draw4"), "rotate": ("rotate", "protection"), "gift": ("gift",)}
        if self.top.kind not in tops[pending.kind]:
            _fail(f"a {pending.kind} attack follows its card, not {self.top.id}")
        if pending.kind == "draw" and (
            pending.amount < 2 or pending.amount % 2 or pending.target != self.next_seat(pending.by)
        ):
            _fail("a draw attack of 2 cards or more aims at the next player")
        if pending.kind == "draw" and pending.amount > most_drawn(self.rules.edition):
            _fail(f"a draw attack is of {most_drawn(self.rules.edition)} cards at most")
        if pending.kind == "gift" and not 1 <= len(pending.gift) <= 2:
            _fail("a Gift is of one or two cards")
        if pending.kind == "rotate" and not pending.waiting:
            _fail("a rotation waits for a player's answer")

    def _check_force(self) -> None:
        """The colour and face in force follow from the top card (a coloured card
        sets both, an action card no face; Choose colour and Draw four set the
        colour and no face)."""
        top = self.top
        if top.colour is not None and (self.colour, self.face) != (top.colour, top.face):
            _fail(f"on {top.id} the colour and face in force are its own")
        if top.kind in ("choose", "draw4") and self.face is not None:
            _fail(f"on {top.id} no face is in force")
        if self.face is not None and self.face not in FACES:
            _fail(f"the face in force is a number 1..9 or none, not {self.face!r}")

    # --- what follows from the state ---------------------------------------------

    @classmethod
    def deal(
        cls,
        players: Sequence[str],
        deck: Sequence[Card],
        rules: SoloRules = DEFAULT_RULES,
        dealer: int = 0,
        totals: Sequence[int] | None = None,
        rounds: tuple[tuple[int, ...], ...] = (),
        ended: RoundEnd | None = None,
    ) -> GameState:
        """A new round from a shuffled `deck`: `rules.hand` cards each, the first
        number card turned up (the cards turned before it go to the bottom of the
        draw pile), the player left of the `dealer` to play.

        >>> from dicelab.solo.rules import make_deck
        >>> state = GameState.deal(("Ana", "Bia"), make_deck(120))
        >>> [len(h) for h in state.hands], len(state.draw), state.discard[-1].id, state.turn
        ([8, 8], 103, 'yellow-5', 1)
        """
        names = tuple(players)
        n = len(names)
        pile = list(deck)
        hands: list[list[Card]] = [[] for _ in names]
        for k in range(rules.hand * n):
            hands[(dealer + 1 + k) % n].append(pile.pop())
        turned: list[Card] = []
        while pile[-1].kind != "number":
            turned.append(pile.pop())
        top = pile.pop()
        assert top.colour is not None
        return cls(
            names,
            rules,
            draw=tuple(turned[::-1] + pile),
            discard=(top,),
            hands=tuple(tuple(h) for h in hands),
            colour=top.colour,
            face=top.face,
            turn=(dealer + 1) % n,
            totals=tuple(totals) if totals is not None else (0,) * n,
            rounds=rounds,
            ended=ended,
        )

    @property
    def top(self) -> Card:
        """The top card of the discard pile."""
        return self.discard[-1]

    @property
    def dealer(self) -> int:
        """This round's dealer: one seat clockwise each round."""
        return len(self.rounds) % len(self.players)

    def next_seat(self, seat: int, steps: int = 1) -> int:
        """The seat `steps` places from `seat` in the direction of play."""
        return (seat + steps * self.direction) % len(self.players)

    @property
    def finished(self) -> bool:
        return self.phase == "over"
