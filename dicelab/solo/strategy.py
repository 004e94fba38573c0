"""Bots for Solo: `random`, `keep-black`, `dump-high` and `blocker`.

A bot decides from what its player sees (`Seen`: its hand, the top card,
the colour and number in force, the others' hand sizes, the discard pile)
and returns a `Choice`; the same decision serves the engine (`strategy(name)`
gives an engine strategy, `(view, actions, rng) -> action`) and the fast
simulator, which plays on a `Table` directly.

- `random`: any playable card (a random colour, target and gift);
- `keep-black`: coloured cards first, black cards last;
- `dump-high`: the playable card with the most penalty points first;
- `blocker`: the card that leaves the next player the smallest chance of
  holding a playable card, from the exact hypergeometric odds over the cards
  it has not seen (ties: the most penalty points first).

Every bot answers an attack with a Protection, else passes a draw on when
it can (except `random`, which picks at random), accepts at once when it
holds no answer (`random` too, without a draw from its generator), says
"Solo", gives its
highest cards as a Gift, names the colour it holds most, swaps with the
smallest hand, and jumps in when it can (`random`: one time in two).

>>> from dicelab.core.engine import play_out
>>> from dicelab.solo.game import SoloGame
>>> game = SoloGame(["Ana", "Bia"], seed=2)
>>> scores = play_out(game, {"Ana": strategy("blocker"), "Bia": strategy("random")})
>>> game.is_over and max(scores.values()) >= 300
True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from dicelab.errors import SettingsError
from dicelab.solo.game import Accept, Action, Draw, Play
from dicelab.solo.in_play import can_play
from dicelab.solo.rules import COLOURS, STACKS, Card, deck_ids, playable_cards
from dicelab.solo.state import GameState, Pending
from dicelab.solo.table import Table

STRATEGIES = ("random", "keep-black", "dump-high", "blocker")


@dataclass(frozen=True)
class Seen:
    """What a player sees when deciding."""

    seat: int
    hand: tuple[Card, ...]
    top: Card
    colour: str
    face: str | None
    phase: str
    pending: Pending | None
    sizes: tuple[int, ...]
    direction: int
    discard: tuple[Card, ...]
    edition: int

    def next_seat(self, steps: int = 1, direction: int | None = None) -> int:
        step = self.direction if direction is None else direction
        return (self.seat + steps * step) % len(self.sizes)


def seen_in_view(view: GameState, seat: int) -> Seen:
    """What `seat` sees, from their view of the game."""
    return Seen(
        seat,
        tuple(c for c in view.hands[seat] if c is not None),
        view.top,
        view.colour,
        view.face,
        view.phase,
        view.pending,
        tuple(len(h) for h in view.hands),
        view.direction,
        view.discard,
        view.rules.edition,
    )


def seen_at_table(table: Table, seat: int) -> Seen:
    """What `seat` sees at a table the simulator plays on."""
    return Seen(
        seat,
        tuple(table.hands[seat]),
        table.discard[-1],
        table.colour,
        table.face,
        table.phase,
        table.pending,
        tuple(len(h) for h in table.hands),
        table.direction,
        tuple(table.discard),
        table.state.rules.edition,
    )


@dataclass(frozen=True)
class Choice:
    """A decision: "play" a `card` (with `colour`, `target` seat, `gift`), "draw", or
    "accept" an attack."""

    kind: str
    card: Card | None = None
    colour: str | None = None
    target: int | None = None
    gift: tuple[Card, ...] = ()
    solo: bool = True


# --- the parts every bot shares --------------------------------------------------------


def best_colour(hand: Sequence[Card], played: Card) -> str:
    """The colour the hand holds most once `played` is gone (ties: the first of COLOURS)."""
    counts = Counter(c.colour for c in hand if c is not played and c.colour is not None)
    return max(COLOURS, key=lambda colour: (counts[colour], -COLOURS.index(colour)))


def fill(seen: Seen, played: Card, rng: np.random.Generator, random: bool = False) -> Choice:
    """A play of `played` with its colour, target and gift chosen."""
    colour = target = None
    gift: tuple[Card, ...] = ()
    if played.kind in ("choose", "draw4"):
        colour = COLOURS[int(rng.integers(4))] if random else best_colour(seen.hand, played)
    if played.kind == "swap" and seen.phase != "respond":
        others = [s for s in range(len(seen.sizes)) if s != seen.seat]
        target = (
            others[int(rng.integers(len(others)))]
            if random
            else min(others, key=lambda s: (seen.sizes[s], s))
        )
    if played.kind == "gift":
        rest = list(seen.hand)
        rest.remove(played)
        if random:
            chosen = [rest[i] for i in rng.permutation(len(rest))[:2]]
        else:
            chosen = sorted(rest, key=lambda c: (-c.points, c.id))[:2]
        gift = tuple(sorted(chosen, key=lambda c: c.id))
    return Choice("play", played, colour, target, gift)


def answers(seen: Seen) -> list[Card]:
    """The cards that answer the attack on `seen`'s player."""
    pending = seen.pending
    stacks = STACKS.get(seen.top.kind, ()) if pending is not None and pending.kind == "draw" else ()
    return [c for c in seen.hand if c.kind == "protection" or c.kind in stacks]


def playable(seen: Seen) -> list[Card]:
    """The cards `seen`'s player may play now (the card just drawn, in the drawn phase)."""
    if seen.phase == "drawn":
        return [seen.hand[-1]]
    return list(dict.fromkeys(playable_cards(seen.hand, seen.colour, seen.face)))


# --- the bots -----------------------------------------------------------------------------


class Bot:
    """A bot: `decide(seen, rng)` for its turn or an answer, `jumps(seen, card, rng)`
    for a chance to jump in."""

    name = "bot"

    def decide(self, seen: Seen, rng: np.random.Generator) -> Choice:
        if seen.phase == "respond":
            return self.answer(seen, rng)
        cards = playable(seen)
        if not cards:
            return Choice("draw")
        return fill(seen, self.pick(seen, cards, rng), rng)

    def answer(self, seen: Seen, rng: np.random.Generator) -> Choice:
        cards = sorted(answers(seen), key=lambda c: (c.kind != "protection", -c.points, c.id))
        return fill(seen, cards[0], rng) if cards else Choice("accept")

    def pick(self, seen: Seen, cards: list[Card], rng: np.random.Generator) -> Card:
        raise NotImplementedError

    def jumps(self, seen: Seen, card: Card, rng: np.random.Generator) -> bool:
        return True


class RandomBot(Bot):
    name = "random"

    def decide(self, seen: Seen, rng: np.random.Generator) -> Choice:
        options = answers(seen) if seen.phase == "respond" else playable(seen)
        if seen.phase == "respond":
            if not options:  # nothing to answer with: no draw from the generator
                return Choice("accept")
            k = int(rng.integers(len(options) + 1))
            return Choice("accept") if k == len(options) else fill(seen, options[k], rng, True)
        if not options:
            return Choice("draw")
        return fill(seen, options[int(rng.integers(len(options)))], rng, True)

    def jumps(self, seen: Seen, card: Card, rng: np.random.Generator) -> bool:
        return bool(rng.integers(2))


class KeepBlack(Bot):
    name = "keep-black"

    def pick(self, seen: Seen, cards: list[Card], rng: np.random.Generator) -> Card:
        return min(cards, key=lambda c: (c.is_black, c.id))


class DumpHigh(Bot):
    name = "dump-high"

    def pick(self, seen: Seen, cards: list[Card], rng: np.random.Generator) -> Card:
        return min(cards, key=lambda c: (-c.points, c.id))


def no_playable_chance(unseen: Counter[str], colour: str, face: str | None, size: int) -> Fraction:
    """P(a hand of `size` cards drawn from the `unseen` cards holds nothing playable on
    this colour and number (`face`, None after an action card)), exactly, by the odds'
    own rule (`dicelab.solo.in_play.can_play`), so the blocker's choice hangs on no float.

    >>> no_playable_chance(Counter(["red-5", "blue-3", "blue-3", "green-7"]), "red", "5", 2)
    Fraction(1, 2)
    """
    return 1 - can_play(unseen, colour, face, size)


class Blocker(Bot):
    name = "blocker"

    def pick(self, seen: Seen, cards: list[Card], rng: np.random.Generator) -> Card:
        unseen = deck_ids(seen.edition) - Counter(c.id for c in (*seen.hand, *seen.discard))

        def block(c: Card) -> tuple[Fraction, int, str]:
            colour = best_colour(seen.hand, c) if c.colour is None else c.colour
            face = None if c.kind in ("choose", "draw4") else c.face if c.colour else seen.face
            if c.kind in ("rotate", "gift"):
                colour, face = seen.colour, seen.face
            direction = -seen.direction if c.kind == "reverse" else seen.direction
            nxt = seen.next_seat(2 if c.kind == "skip" else 1, direction)
            chance = no_playable_chance(unseen, colour, face, seen.sizes[nxt])
            return (-chance, -c.points, c.id)

        return min(cards, key=block)


BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "keep-black": KeepBlack,
    "dump-high": DumpHigh,
    "blocker": Blocker,
}


def bot(name: str) -> Bot:
    """The bot called `name`; `SettingsError` if there is none."""
    if name not in BOTS:
        raise SettingsError(f"Solo has no bot {name!r}; choose one of {', '.join(STRATEGIES)}")
    return BOTS[name]()


# --- for the engine -----------------------------------------------------------------------


def as_action(choice: Choice, view: GameState, seat: int) -> Action:
    """The engine action for a bot's choice."""
    name = view.players[seat]
    if choice.kind == "draw":
        return Draw(name)
    if choice.kind == "accept":
        return Accept(name)
    assert choice.card is not None
    target = None if choice.target is None else view.players[choice.target]
    gift = tuple(sorted(c.id for c in choice.gift))
    solo = len(view.hands[seat]) == 2 and choice.solo
    return Play(name, choice.card.id, choice.colour, target, gift, solo)


def strategy(name: str) -> Any:
    """An engine strategy `(view, actions, rng) -> action` for the bot `name`: its
    turns and answers (and, when the engine asks it to jump in, a jump)."""
    chosen = bot(name)

    def play(view: GameState, actions: list[Action], rng: np.random.Generator) -> Action:
        assert view.viewer is not None
        seat = view.viewer
        if view.phase == "play" and view.turn != seat and view.jump is not None:
            return next(a for a in actions if isinstance(a, Play))
        action = as_action(chosen.decide(seen_in_view(view, seat), rng), view, seat)
        if action not in actions:
            raise SettingsError(f"bot {name} chose {action!r}, not a legal action")
        return action

    return play
