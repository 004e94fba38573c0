"""Solo's odds during a game: the cards a player has not seen, and what can be
played on the colour and number in force (the exact hypergeometric counts of
`dicelab.solo.odds`, from one player's point of view).

>>> rest = unseen_cards(["red-5", "blue-7"])
>>> rest.total(), can_play(rest, "red", "5", 1)
(118, Fraction(47, 118))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from fractions import Fraction

from dicelab.core.engine.checks import items_of, whole_number
from dicelab.errors import SettingsError
from dicelab.solo.odds import (
    Deck,
    Known,
    as_card,
    counts_of,
    none_in_hand,
)
from dicelab.solo.rules import Card, matches


def unseen_cards(known: Known, edition: int = 120, *, deck: Deck | None = None) -> Counter[Card]:
    """The cards of the deck that are not among the `known` ones (your hand and the
    discard pile, say): what the draw pile and the other hands hold between them.

    >>> from dicelab.solo.rules import card
    >>> rest = unseen_cards(["red-5", "red-5", "black-gift"])
    >>> rest.total(), rest[card("red-5")], rest[card("black-gift")]
    (117, 0, 3)
    """
    rest = counts_of(edition, deck)
    size = rest.total()
    for each, n in Counter(as_card(c) for c in items_of(known, "known")).items():
        if rest[each] < n:
            raise SettingsError(f"the {size}-card deck has {rest[each]} {each.id}, not {n}")
        rest[each] -= n
    return +rest


def plays_on(candidate: Card, colour: str, face: str | None) -> bool:
    """Whether a card counts as playable on the colour and number (`face`) in force:
    it matches one of them, or it is black (the odds convention: a player with no
    match may play it, and a Gift is always playable).

    >>> from dicelab.solo.rules import card
    >>> plays_on(card("blue-5"), "red", "5"), plays_on(card("blue-7"), "red", None)
    (True, False)
    >>> plays_on(card("blue-skip"), "red", None)  # after a red Skip: red, or black
    False
    >>> plays_on(card("black-rotate"), "red", "5")
    True
    """
    return candidate.is_black or matches(candidate, colour, face)


def can_play(
    unseen: Deck | Mapping[str, int], colour: str, face: str | None, hand: int
) -> Fraction:
    """P(a hand of `hand` cards drawn from the `unseen` cards holds a playable card on
    this colour and number): 1 - C(N - m, hand) / C(N, hand), with m of the N playable.
    A hand of 1 is the next card drawn: m / N.

    >>> from dicelab.solo.odds import no_playable, playable_within
    >>> rest = unseen_cards(["red-5"])
    >>> can_play(rest, "red", "5", 1) == playable_within("red-5", 1)
    True
    >>> can_play(rest, "red", "5", 8) == 1 - no_playable("red-5", 8)
    True
    """
    left = sum(unseen.values())
    good = sum(n for c, n in unseen.items() if plays_on(as_card(c), colour, face))
    k = min(whole_number(hand, "hand", 0), left)
    return 1 - none_in_hand(good, left, k) if left else Fraction(0)


def in_force_after(
    played: Card, colour: str, face: str | None, named: str | None = None
) -> tuple[str, str | None]:
    """The colour and number (`face`) in force once `played` is laid on `colour` and
    `face`: a coloured card's own (an action card's: its colour and no number); the
    colour `named` with a Choose colour or Draw four, and no number; Rotate hands
    and Gift change nothing.

    >>> from dicelab.solo.rules import card
    >>> in_force_after(card("blue-skip"), "red", "5"), in_force_after(card("blue-7"), "red", "5")
    (('blue', None), ('blue', '7'))
    >>> in_force_after(card("black-gift"), "red", "5")
    ('red', '5')
    >>> in_force_after(card("black-draw4"), "red", "5", named="green")
    ('green', None)
    """
    if played.colour is not None:
        return played.colour, played.face
    if played.kind in ("choose", "draw4"):
        if named is None:
            raise SettingsError(f"{played.id} names a colour")
        return named, None
    return colour, face


def next_after(played: Card, seat: int, direction: int, players: int) -> int:
    """Who plays after `seat` lays `played`, the direction of play being `direction`
    (1 or -1) among `players`: a Skip passes one player over, a Reverse turns back.

    >>> from dicelab.solo.rules import card
    >>> next_after(card("red-5"), 0, 1, 4), next_after(card("red-skip"), 0, 1, 4)
    (1, 2)
    >>> next_after(card("red-reverse"), 0, 1, 4)
    3
    """
    step = -direction if played.kind == "reverse" else direction
    return (seat + step * (2 if played.kind == "skip" else 1)) % players
