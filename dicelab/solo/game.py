"""`SoloGame`: the engine of Solo, for 2 to 6 players, round after round
until a player reaches the losing score (300).

Actions are small values naming their player: `Play(player, card, ...)`
(a card from the hand by id; `colour` for Choose colour and Draw four,
`target` for Swap hands, `gift` for a Gift's two cards, `solo=True` to say
"Solo" with the second-to-last card), `Draw(player)` and `Accept(player)`
(let an attack happen).  Out of turn, a player holding a card identical to
the one just played may play it (jump in), and a player attacked may answer
with a Protection.  Every player attacked is asked, whatever they hold (with
no answer, `Accept` is their only action), so that nobody's view tells
whether a hidden hand could answer; a Rotate hands asks every player in turn.
`to_move()` is for programs (it names who holds the
card to jump in with); a panel shows only `view(player)`.  An action the
rules forbid raises `IllegalMove` naming the rule and changes nothing.
`view(player)` shows that player's hand and only the sizes of the others.
Lower totals are better: `winners()` are the players with the fewest points
once someone has lost.

>>> game = SoloGame(["Ana", "Bia"], seed=1)
>>> game.to_move(), len(game.state.hands[1])
(('Bia',), 8)
>>> game.view("Ana").hands[1]  # Ana sees the size of Bia's hand, not her cards
(None, None, None, None, None, None, None, None)
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.core.engine import NOBODY, GameBase, make_rng, player_names
from dicelab.errors import IllegalMove, SettingsError
from dicelab.solo.rules import COLOURS, DEFAULT_RULES, STACKS, Card, SoloRules, card, playable_cards
from dicelab.solo.state import GameState, RoundEnd
from dicelab.solo.table import Table

RULE_TURN = "players play in turn, in the direction of play"
RULE_MATCH = "a card matches the colour or the number in force"
RULE_BLACK = "a black card only without a matching card (a Gift on any turn)"
RULE_DRAW = "draw only without a playable card"
RULE_DRAWN = "a drawn card that fits is played at once"
RULE_JUMP = "jump in only with a card identical to the one just played"
RULE_ANSWER = "an attack is answered with a Protection or a draw card, or accepted"
RULE_CHOICE = "Choose colour and Draw four name a colour, Swap hands an opponent, Gift two cards"
RULE_SOLO = 'say "Solo" only with your second-to-last card'
RULE_OVER = "the game ends when a player reaches the losing score"
RULE_ACTIONS = "an action of Solo"


@dataclass(frozen=True)
class Play:
    """`player` plays `card` (an id like "red-5"): with a `colour` for Choose
    colour and Draw four, a `target` (a player) for Swap hands, the `gift`
    (card ids) for a Gift, and `solo=True` when it leaves one card in hand."""

    player: str
    card: str
    colour: str | None = None
    target: str | None = None
    gift: tuple[str, ...] = ()
    solo: bool = False


@dataclass(frozen=True)
class Draw:
    """`player`, with no playable card, draws one."""

    player: str


@dataclass(frozen=True)
class Accept:
    """`player` lets the attack on them happen (draws the cards, gives up their hand...)."""

    player: str


Action = Play | Draw | Accept


def by_id(c: Card) -> str:
    return c.id


def hand_points(hand: Sequence[Card | None]) -> int:
    """The penalty points of a hand."""
    return sum(c.points for c in hand if c is not None)


def new_round(
    state: GameState,
    rng: np.random.Generator,
    totals: tuple[int, ...],
    rounds: tuple[tuple[int, ...], ...],
    ended: RoundEnd | None = None,
) -> GameState:
    """A round dealt from the deck shuffled by `rng` (the dealer moves on each round)."""
    deck = state.rules.deck
    shuffled = [deck[i] for i in rng.permutation(len(deck))]
    dealer = len(rounds) % len(state.players)
    return GameState.deal(state.players, shuffled, state.rules, dealer, totals, rounds, ended)


class SoloGame(GameBase[GameState, Action]):
    """A game of Solo (see the module); `rules` are its settings."""

    State = GameState
    save_module = "dicelab.solo.save"

    def __init__(
        self,
        players: Sequence[str] | None = None,
        rules: SoloRules | None = None,
        seed: int | np.random.Generator | None = None,
    ) -> None:
        names = player_names(players, "Solo", least=2)
        rules = DEFAULT_RULES if rules is None else rules
        if not isinstance(rules, SoloRules):
            raise SettingsError(f"rules must be SoloRules, not {rules!r}")
        rng = make_rng(seed)
        first = new_round(GameState.deal(names, rules.deck, rules), rng, (0,) * len(names), ())
        self._start(first, seed, rng)

    # --- the contract ---------------------------------------------------------------

    @property
    def rules(self) -> SoloRules:
        return self._state.rules

    @property
    def is_over(self) -> bool:
        return self._state.finished

    def scores(self) -> dict[str, int]:
        """Each player's penalty points from the rounds played (fewer is better)."""
        return dict(zip(self._state.players, self._state.totals))

    def winners(self) -> list[str]:
        """Once someone has lost: the players with the fewest points."""
        if not self.is_over:
            return []
        scores = self.scores()
        best = min(scores.values())
        return [name for name, points in scores.items() if points == best]

    def to_move(self) -> tuple[str, ...]:
        state = self._state
        if state.finished:
            return ()
        if state.phase == "respond":
            assert state.pending is not None and state.pending.asked is not None
            return (state.players[state.pending.asked],)
        return (state.players[state.turn], *(state.players[s] for s in self._jumpers()))

    def _jumpers(self) -> list[int]:
        state = self._state
        if state.jump is None:
            return []
        return [s for s, hand in enumerate(state.hands) if s != state.turn and state.jump in hand]

    def legal_actions(self, player: str | None = None) -> list[Action]:
        if player is not None:
            self._player(player)
        movers = self.to_move() if player is None else [p for p in self.to_move() if p == player]
        return [a for name in movers for a in self._actions(self._state.players.index(name))]

    def _actions(self, seat: int) -> list[Action]:
        state = self._state
        hand = [c for c in state.hands[seat] if c is not None]
        name = state.players[seat]
        if state.phase == "respond":
            top = state.top.kind
            answers = {
                c
                for c in hand
                if c.kind == "protection"
                or (
                    state.pending is not None
                    and state.pending.kind == "draw"
                    and c.kind in STACKS.get(top, ())
                )
            }
            return [*self._variants(seat, sorted(answers, key=by_id)), Accept(name)]
        if state.phase == "drawn":
            return list(self._variants(seat, [hand[-1]]))
        if seat != state.turn:
            assert state.jump is not None
            return list(self._variants(seat, [state.jump]))
        playable = sorted(set(playable_cards(hand, state.colour, state.face)), key=by_id)
        return list(self._variants(seat, playable)) if playable else [Draw(name)]

    def _variants(self, seat: int, cards: Sequence[Card]) -> Iterator[Play]:
        state = self._state
        name = state.players[seat]
        hand = [c for c in state.hands[seat] if c is not None]
        solos = (True, False) if len(hand) == 2 else (False,)
        answering = state.phase == "respond"
        for c in cards:
            colours: Sequence[str | None] = COLOURS if c.kind in ("choose", "draw4") else (None,)
            others = [p for p in state.players if p != name]
            targets: Sequence[str | None] = (
                others if c.kind == "swap" and not answering else (None,)
            )
            gifts: list[tuple[str, ...]] = [()]
            if c.kind == "gift":
                rest = list(hand)
                rest.remove(c)
                size = min(2, len(rest))
                gifts = sorted(
                    {
                        tuple(sorted(x.id for x in pair))
                        for pair in itertools.combinations(rest, size)
                    }
                )
            for colour, target, gift, solo in itertools.product(colours, targets, gifts, solos):
                yield Play(name, c.id, colour, target, gift, solo)

    def apply(self, action: Action) -> Any:
        """Do `action`; returns the cards drawn, if any."""
        drawn = self._act(action)
        self._note(action.player, action)
        return drawn

    def _act(self, action: Action) -> tuple[Card, ...]:
        if self._state.finished:
            raise IllegalMove(RULE_OVER, "the game is over")
        if not isinstance(action, (Play, Draw, Accept)):
            raise IllegalMove(RULE_ACTIONS, f"unknown action {action!r}")
        player = self._player(action.player)
        if action not in self.legal_actions(player):
            raise self.why_not(action)
        seat = self._state.players.index(player)
        table = Table(self._state, self._rng)
        drawn: list[Card] = []
        if isinstance(action, Draw):
            drawn = table.draw_one(seat)
        elif isinstance(action, Accept):
            table.accept()
        else:
            target = None if action.target is None else self._state.players.index(action.target)
            gift = [card(c) for c in action.gift]
            table.play(seat, card(action.card), action.colour, target, gift, action.solo)
        self._finish(table)
        return tuple(drawn)

    def _finish(self, table: Table) -> None:
        """The new snapshot; if a player went out, the round is scored (and a new
        one dealt, unless someone has lost)."""
        if table.out is None:
            self._state = table.frozen()
            return
        state = self._state
        hands = tuple(() if s == table.out else tuple(h) for s, h in enumerate(table.hands))
        ended = RoundEnd(hands, table.discard[-1])
        totals = tuple(a + b for a, b in zip(state.totals, ended.points))
        rounds = (*state.rounds, ended.points)
        if max(totals) < state.rules.losing_score:
            self._state = new_round(state, self._rng, totals, rounds, ended)
            return
        gift = table.pending.gift if table.pending is not None else ()
        table.hands[table.out] += [c for c in gift if c is not None]  # an unanswered Gift: back
        self._state = table.frozen(
            totals=totals, rounds=rounds, ended=ended, phase="over", pending=None, jump=None
        )

    def why_not(self, action: Action) -> IllegalMove:
        """Why an action that is not legal is refused: the one rule it breaks, with
        the values a panel needs to say it (a card that does not match: the colour
        and number in force; a black card: a card of the hand that fits instead).

        >>> game = SoloGame(["Ana", "Bia"], seed=3)
        >>> game.why_not(Accept(game.to_move()[0])).rule
        'an attack is answered with a Protection or a draw card, or accepted'
        """
        rule, message, *details = self._why(action)
        return IllegalMove(rule, message, **(details[0] if details else {}))

    def _why(self, action: Action) -> tuple[Any, ...]:
        """The rule an action that is not legal breaks, a message, and its values."""
        state = self._state
        seat = state.players.index(action.player)
        jumper_draws = isinstance(action, Draw) and state.phase == "play" and seat != state.turn
        if action.player not in self.to_move() or jumper_draws:
            if state.phase == "play" and isinstance(action, Play) and state.jump is not None:
                return RULE_JUMP, f"{action.player} cannot jump in with {action.card}"
            return RULE_TURN, f"it is not {action.player}'s turn"
        if isinstance(action, Accept):
            return RULE_ANSWER, "there is no attack to accept"
        if isinstance(action, Draw):
            if state.phase == "respond":
                return RULE_ANSWER, "answer the attack, or accept it"
            return RULE_DRAW, "you have a playable card"
        if state.phase == "drawn":
            return RULE_DRAWN, f"play the card you drew, {state.hands[seat][-1]!r}"
        try:
            played = card(action.card)
        except SettingsError as error:
            return RULE_ACTIONS, str(error)
        if played not in state.hands[seat]:
            return RULE_MATCH, f"{action.player} has no {action.card}"
        if state.phase == "respond":
            return RULE_ANSWER, f"{action.card} does not answer this attack"
        if seat != state.turn:
            return RULE_JUMP, f"{action.card} is not identical to the card just played"
        hand = [c for c in state.hands[seat] if c is not None]
        fitting = playable_cards(hand, state.colour, state.face)
        if played not in fitting:
            if played.is_black:  # with a coloured card that fits in the hand
                fits = next(c for c in fitting if c.colour is not None)
                return RULE_BLACK, f"{action.card}: {fits.id} fits", {"fits": fits.id}
            in_force = " / ".join(x for x in (state.colour, state.face) if x is not None)
            values = {"in_force": in_force, "colour": state.colour or "", "face": state.face or ""}
            return RULE_MATCH, f"{action.card} does not match {in_force}", values
        if action.solo and len(state.hands[seat]) != 2:
            return RULE_SOLO, "Solo is said with the second-to-last card"
        return RULE_CHOICE, f"{action.card} needs a colour, an opponent or two gift cards"

    # --- views -----------------------------------------------------------------------

    def view(self, player: str) -> GameState:
        """What `player` sees: their own hand; the others' hands and the draw pile as
        None (their sizes), and a Gift on its way only by its giver and receiver."""
        return self._seen_by(self._state.players.index(self._player(player)))

    def public_view(self) -> GameState:
        """What everyone at the table sees: the discard pile and how many cards
        each holds, no card of a hand or of the draw pile, no Gift on its way."""
        return self._seen_by(NOBODY)

    def _seen_by(self, me: int) -> GameState:
        state = self._state
        pending = state.pending
        if (
            pending is not None
            and pending.kind == "gift"
            and me not in (pending.by, pending.target)
        ):
            pending = dataclasses.replace(pending, gift=tuple(None for _ in pending.gift))
        return dataclasses.replace(
            state,
            draw=(None,) * len(state.draw),
            hands=tuple(h if s == me else (None,) * len(h) for s, h in enumerate(state.hands)),
            pending=pending,
            viewer=me,
        )

    def redraw_hidden(self, player: str, rng: np.random.Generator) -> SoloGame:
        """A copy in which `player`'s hand is dealt again from their hand and the
        draw pile (what the others cannot see), keeping what the others know:
        the hand sizes, and that the hand can play the card
        just drawn (tries until it can; else the game as it is)."""
        me = self._state.players.index(self._player(player))
        state = self._state
        pool = [*state.hands[me], *state.draw]
        size = len(state.hands[me])
        for _ in range(100):
            mixed = [pool[i] for i in rng.permutation(len(pool))]
            hands = (*state.hands[:me], tuple(mixed[:size]), *state.hands[me + 1 :])
            try:
                new = dataclasses.replace(state, hands=hands, draw=tuple(mixed[size:]))
            except SettingsError:
                continue
            return SoloGame.from_state(new, np.random.default_rng(rng.integers(2**63)), self._seed)
        return SoloGame.from_state(state, np.random.default_rng(rng.integers(2**63)), self._seed)

    def __repr__(self) -> str:
        state = self._state
        where = "over" if state.finished else f"round {len(state.rounds) + 1}, {state.phase}"
        return f"<SoloGame {', '.join(state.players)}; {where}>"
