"""`GameState`: an immutable snapshot of a game of Sly Dice.

A round goes: the start player rolls the three common dice; each player in
turn, clockwise from the start player, rolls their own dice up to three
times (a roll after the first sets one hidden die aside first); then, in
the same order, each player claims a card on the table, the others are
asked clockwise to accuse or pass, and a claim nobody accused may be
revealed.  Everything else follows from what is stored:

- `deal`: every card id, shuffled; the table holds the first
  `rules.start_cards + rounds played` of them;
- `common`: the common dice (None before they are rolled);
- `seats`: each player's `Seat` this round;
- `asked`: who is being asked about the current claim (None when nobody is);
- `history`: the rounds played (`RoundRecord`s), from which the scores follow;
- the round number, its start player and the phase follow from those.

A snapshot checks itself when built (`SettingsError` for anything no game
could reach).  A *view* (`viewer` set) is what one player may see: the
others' hidden dice are 0 unless shown, the cards not yet dealt are "?"; the
public view (`viewer` is `NOBODY`) shows no hidden die until it is shown.

>>> state = GameState.new(("Ana", "Bia"), deal=DEFAULT_RULES.ids)
>>> state.round, state.start, state.phase, state.table
(1, 0, 'common', ('pair', 'two_pairs', 'three_pairs', 'three_kind', 'four_kind'))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from dicelab.core.engine import NOBODY, check_players
from dicelab.core.engine.checks import unchecked
from dicelab.errors import SettingsError
from dicelab.sly_dice.rules import COMMON_DICE, DEFAULT_RULES, OWN_DICE, ROLLS, SlyRules

UNSEEN = 0  # a die a view does not show
UNDEALT = "?"  # a card a view does not show


def _fail(message: str) -> NoReturn:
    raise SettingsError(message)


def _check_dice(dice: object, n: int, what: str, unseen: bool) -> None:
    if not isinstance(dice, tuple) or len(dice) != n:
        _fail(f"{what} must be {n} dice, not {dice!r}")
    low = UNSEEN if unseen else 1
    for face in dice:
        if isinstance(face, bool) or not isinstance(face, int) or not low <= face <= 6:
            _fail(f"{what} must show 1 to 6, not {dice!r}")


@dataclass(frozen=True)
class Seat:
    """One player's round.

    - `aside`: own dice set aside (seen by all), in the order they were set aside;
    - `hidden`: own dice behind the shield (none before the first roll);
    - `rolls` made (0..3) and `done` rolling (after the 3rd roll, or a stop);
    - `claim` (a card id), `accuser` (a player's index), `settled` once the
      claim is decided, `shown` when the dice were shown (accused or revealed).
    """

    aside: tuple[int, ...] = ()
    hidden: tuple[int, ...] = ()
    rolls: int = 0
    done: bool = False
    claim: str | None = None
    accuser: int | None = None
    settled: bool = False
    shown: bool = False

    @property
    def own(self) -> tuple[int, ...]:
        """All three own dice (once rolled): set aside, then hidden."""
        return self.aside + self.hidden

    def check(self, who: str, unseen: bool = False) -> None:
        """`SettingsError` unless this seat could be reached (`unseen`: a view's
        hidden dice may be 0)."""
        if isinstance(self.rolls, bool) or self.rolls not in range(ROLLS + 1):
            _fail(f"{who} made 0 to {ROLLS} rolls, not {self.rolls!r}")
        _check_dice(self.aside, max(0, self.rolls - 1), f"{who}'s dice set aside", False)
        hidden = OWN_DICE - len(self.aside) if self.rolls else 0
        _check_dice(self.hidden, hidden, f"{who}'s hidden dice", unseen and not self.shown)
        if self.done and not self.rolls:
            _fail(f"{who} is done rolling only after rolling")
        if self.rolls == ROLLS and not self.done:
            _fail(f"{who} is done rolling after {ROLLS} rolls")
        if self.claim is None and (self.accuser is not None or self.settled or self.shown):
            _fail(f"{who} has no claim to settle")
        if self.accuser is not None and not (self.settled and self.shown):
            _fail(f"an accused claim is settled and its dice shown ({who})")
        if self.shown and not self.settled:
            _fail(f"{who}'s dice are shown only once the claim is settled")


@dataclass(frozen=True)
class RoundRecord:
    """A round played: its common dice and every player's final `Seat`."""

    common: tuple[int, ...]
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class GameState:
    """An immutable snapshot of a game (see the module)."""

    players: tuple[str, ...]
    deal: tuple[str, ...]
    rules: SlyRules = DEFAULT_RULES
    common: tuple[int, ...] | None = None
    seats: tuple[Seat, ...] = ()
    asked: int | None = None
    history: tuple[RoundRecord, ...] = ()
    viewer: int | None = field(default=None)

    @classmethod
    def new(
        cls, players: Sequence[str], deal: Sequence[str], rules: SlyRules = DEFAULT_RULES
    ) -> GameState:
        """The state before the first roll, with the cards in `deal` order."""
        names = tuple(players)
        return cls(names, tuple(deal), rules, seats=tuple(Seat() for _ in names))

    def _after(self, **changes: Any) -> GameState:
        """This state with `changes` made by the engine's own moves, which keep it a
        state a game can reach: not checked again, as a state from outside is.

        >>> state = GameState.new(("Ana", "Bia"), deal=DEFAULT_RULES.ids)
        >>> state._after(common=(1, 2, 3)).phase
        'rolling'
        """
        return unchecked(GameState, **{**vars(self), **changes})

    def __post_init__(self) -> None:
        check_players(self.players, "Sly Dice", least=2)
        if not isinstance(self.rules, SlyRules):
            _fail(f"rules must be SlyRules, not {self.rules!r}")
        self._check_deal()
        if not isinstance(self.history, tuple) or len(self.history) > self.rules.rounds:
            _fail(f"at most {self.rules.rounds} rounds are played")
        for number, record in enumerate(self.history, 1):
            self._check_record(record, number)
        if self.finished:
            if self.common is not None or self.asked is not None:
                _fail("a finished game has no round in play")
            if self.seats != tuple(Seat() for _ in self.players):
                _fail("a finished game has no round in play")
            return
        self._check_round()

    # --- checks -----------------------------------------------------------------

    @property
    def _unseen(self) -> bool:
        return self.viewer is not None

    def _check_deal(self) -> None:
        if not isinstance(self.deal, tuple) or len(self.deal) != len(self.rules.ids):
            _fail("the deal holds every card once")
        if not all(isinstance(c, str) for c in self.deal):
            _fail("the deal is a list of card names")
        shown = self.table
        rest = [c for c in self.deal[len(shown) :] if not (self._unseen and c == UNDEALT)]
        if sorted((*shown, *rest)) != sorted(self.rules.ids) and not (
            self._unseen and set(shown) <= set(self.rules.ids) and not rest
        ):
            _fail("the deal holds every card of the game once")
        if self.viewer not in (None, NOBODY, *range(len(self.players))):
            _fail(f"no player {self.viewer!r} to view the game")

    def _check_record(self, record: RoundRecord, number: int) -> None:
        if not isinstance(record, RoundRecord):
            _fail("a round played is a RoundRecord")
        _check_dice(record.common, COMMON_DICE, f"round {number}'s common dice", False)
        if not isinstance(record.seats, tuple) or len(record.seats) != len(self.players):
            _fail(f"round {number} has one seat per player")
        table = self.deal[: self.rules.start_cards + number - 1]
        for i, seat in enumerate(record.seats):
            who = f"{self.players[i]} in round {number}"
            seat.check(who, self._unseen)
            if not (seat.done and seat.settled):
                _fail(f"{who} rolled and claimed")
            self._check_claim(seat, i, table, who)

    def _check_claim(self, seat: Seat, i: int, table: tuple[str, ...], who: str) -> None:
        if seat.claim is not None and seat.claim not in table:
            _fail(f"{who} claimed {seat.claim!r}, a card not on the table")
        if seat.accuser is not None and seat.accuser not in set(range(len(self.players))) - {i}:
            _fail(f"{who} was accused by another player, not {seat.accuser!r}")

    def _check_round(self) -> None:
        n = len(self.players)
        if not isinstance(self.seats, tuple) or len(self.seats) != n:
            _fail("there is one seat per player")
        if not all(isinstance(s, Seat) for s in self.seats):
            _fail("every seat is a Seat")
        if self.common is not None:
            _check_dice(self.common, COMMON_DICE, "the common dice", False)
        order = self.order
        for i in order:
            self.seats[i].check(self.players[i], self._unseen)
            self._check_claim(self.seats[i], i, self.table, self.players[i])
        rolled = [self.seats[i].rolls > 0 for i in order]
        done = [self.seats[i].done for i in order]
        if self.common is None and any(rolled):
            _fail("the common dice are rolled before anyone's own dice")
        if done != sorted(done, reverse=True) or rolled.count(True) > done.count(True) + 1:
            _fail("players roll in turn, clockwise from the start player")
        claimed = [self.seats[i].claim is not None for i in order]
        settled = [self.seats[i].settled for i in order]
        if any(claimed) and not all(done):
            _fail("claims come after everyone has rolled")
        if (
            settled != sorted(settled, reverse=True)
            or claimed.count(True) > settled.count(True) + 1
        ):
            _fail("claims go clockwise from the start player, one at a time")
        self._check_asked()

    def _check_asked(self) -> None:
        claimer = self.claimer
        open_claim = claimer is not None and self.seats[claimer].claim is not None
        if self.asked is None:
            return
        if not open_claim or self.asked == claimer or self.asked not in range(len(self.players)):
            _fail(f"nobody can be asked about a claim now, not {self.asked!r}")

    # --- what follows from the state ---------------------------------------------

    @property
    def finished(self) -> bool:
        """Whether every round has been played."""
        return len(self.history) == self.rules.rounds

    @property
    def round(self) -> int:
        """The round being played (1, 2, ...; rules.rounds + 1 once finished)."""
        return len(self.history) + 1

    @property
    def start(self) -> int:
        """The index of this round's start player (one seat clockwise each round)."""
        return len(self.history) % len(self.players)

    @property
    def order(self) -> tuple[int, ...]:
        """The players' indices clockwise from the start player."""
        n = len(self.players)
        return tuple((self.start + k) % n for k in range(n))

    @property
    def table(self) -> tuple[str, ...]:
        """The cards on the table this round."""
        return self.deal[: self.rules.start_cards + min(len(self.history), self.rules.rounds - 1)]

    @property
    def roller(self) -> int | None:
        """Who rolls their own dice now (None outside the rolling)."""
        if self.common is None or self.finished:
            return None
        return next((i for i in self.order if not self.seats[i].done), None)

    @property
    def claimer(self) -> int | None:
        """Whose claim is being made or decided now (None outside the claims)."""
        if self.common is None or self.roller is not None or self.finished:
            return None
        return next((i for i in self.order if not self.seats[i].settled), None)

    @property
    def phase(self) -> str:
        """ "common", "rolling", "claim", "ask", "reveal" or "over"."""
        if self.finished:
            return "over"
        if self.common is None:
            return "common"
        if self.roller is not None:
            return "rolling"
        claimer = self.claimer
        assert claimer is not None
        if self.seats[claimer].claim is None:
            return "claim"
        return "ask" if self.asked is not None else "reveal"

    @property
    def to_move(self) -> int | None:
        """The index of the player who acts now (None once finished)."""
        phase = self.phase
        if phase == "over":
            return None
        if phase == "common":
            return self.start
        if phase == "rolling":
            return self.roller
        return self.asked if phase == "ask" else self.claimer
