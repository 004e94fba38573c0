"""Sly Dice's rules: the combination cards, their points, and the settings.

Six dice count for a claim: the three common dice and a player's own three.
A card is a named test of those six dice ("a face appears k times" means at
least k dice show it).  The published card list is not available, so dicelab
ships its own twelve cards, worth five points per *bit of surprise*:

    points = 5 × log2(1 / P(card, six fresh dice)),

rounded to a whole number below 10 and to a multiple of 5 from 10 up (at
least 1).  Every card, its points, the Successful-lie and False-accusation
cards, the rounds and the cards on the table at the start are settings
(`SlyRules`); a teacher adds a card with `Card(id, names, test)`.

>>> [(card.id, points_for(card)) for card in DEFAULT_CARDS[:4]]
[('pair', 1), ('two_pairs', 4), ('three_pairs', 25), ('three_kind', 7)]
>>> card_by_id("full_house").holds([2, 2, 5, 5, 5, 1])
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache
from typing import Any

from dicelab.core.dice.hands import as_hand, face_counts, sorted_hands, weight
from dicelab.core.engine.checks import items_of, whole_number
from dicelab.core.i18n import Message, msg, translate
from dicelab.errors import SettingsError

COMMON_DICE = 3  # in the middle, seen by everyone
OWN_DICE = 3  # each player's, behind a shield
ROLLS = 3  # own rolls at most; each one after the first sets a die aside first
SIX = COMMON_DICE + OWN_DICE
POINTS_PER_BIT = 5

RULE_COMMON_FIRST = "the start player rolls the common dice first"
RULE_ORDER = "players roll their own dice in turn, from the start player"
RULE_ROLLS = "at most three own rolls"
RULE_FIRST_ROLL = "every player rolls their own dice at least once"
RULE_SET_ASIDE = "a roll after the first sets one hidden die aside first"
RULE_CLAIM_ORDER = "claims go clockwise from the start player"
RULE_TABLE = "a claim names a card on the table"
RULE_ASKED = "the other players are asked in clockwise order"
RULE_REVEAL = "a claim nobody accused may be revealed"
RULE_OVER = "the game ends after the last round"
RULE_ACTIONS = "an action of Sly Dice"

Counts = tuple[int, ...]  # how many of the six dice show each face 1..6


def _at_least(counts: Counts, k: int) -> int:
    """How many faces appear at least k times."""
    return sum(c >= k for c in counts)


def _run(counts: Counts, length: int) -> bool:
    """Whether `length` consecutive faces all appear."""
    return any(all(counts[f] for f in range(s, s + length)) for s in range(7 - length))


@dataclass(frozen=True)
class Card:
    """A combination card: an `id`, its `names` ({"en": ..., "fr": ...}: English at
    least; a default card's other names are in the catalogs), a `test` of the
    six dice's face counts, and its `points` (None: from its probability, see
    `points_for`).

    >>> sum_20 = Card("sum_20", {"en": "Sum 20 or more"},
    ...               lambda counts: sum(f * c for f, c in zip(range(1, 7), counts)) >= 20)
    >>> sum_20.holds([6, 6, 5, 1, 1, 1]), sum_20.name("pt")
    (True, 'Sum 20 or more')
    """

    id: str
    names: Mapping[str, str]
    test: Callable[[Counts], bool] = field(compare=False)
    points: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id.isidentifier():
            raise SettingsError(f"a card id is a short name like 'two_pairs', not {self.id!r}")
        if not isinstance(self.names, Mapping) or not isinstance(self.names.get("en"), str):
            raise SettingsError(f"card {self.id!r} needs names with an English one ('en')")
        if not callable(self.test):
            raise SettingsError(f"card {self.id!r} needs a test: a function of face counts")
        if self.points is not None:
            whole_number(self.points, f"the points of card {self.id!r}", 1, 10_000)

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"Card({self.id!r})"

    def holds(self, dice: Iterable[int]) -> bool:
        """Whether these six dice show the card."""
        return bool(self.test(face_counts(as_hand(dice, SIX))))

    def name(self, lang: str = "en") -> str:
        """The card's name in `lang`: its own, else the catalogs' (a default card),
        else English.

        >>> card_by_id("two_pairs").name("fr"), card_by_id("pair").name("es")
        ('Deux paires', 'Pareja')
        """
        if lang in self.names:
            return self.names[lang]
        title = _TITLES.get(f"card:{self.id}")
        if title is None or title.text != self.names["en"]:
            return self.names["en"]
        return translate(title, lang)


def _card(name: Message, test: Callable[[Counts], bool]) -> Card:
    """A card of the default set: its id and English name from `name`, a message
    of the catalogs ("card:<id>")."""
    card = Card(name.key.removeprefix("card:"), {"en": name.text}, test)
    _TITLES[name.key] = name
    return card


_TITLES: dict[str, Message] = {}


DEFAULT_CARDS: tuple[Card, ...] = (
    _card(msg("card:pair", "Pair"), lambda c: _at_least(c, 2) >= 1),
    _card(msg("card:two_pairs", "Two pairs"), lambda c: _at_least(c, 2) >= 2),
    _card(msg("card:three_pairs", "Three pairs"), lambda c: _at_least(c, 2) >= 3),
    _card(msg("card:three_kind", "Three of a kind"), lambda c: _at_least(c, 3) >= 1),
    _card(msg("card:four_kind", "Four of a kind"), lambda c: _at_least(c, 4) >= 1),
    _card(msg("card:five_kind", "Five of a kind"), lambda c: max(c) >= 5),
    _card(msg("card:six_kind", "Six of a kind"), lambda c: max(c) >= 6),
    _card(
        msg("card:full_house", "Full house"),
        lambda c: _at_least(c, 3) >= 1 and _at_least(c, 2) >= 2,
    ),
    _card(msg("card:two_triples", "Two triples"), lambda c: _at_least(c, 3) >= 2),
    _card(msg("card:straight4", "Straight of 4"), lambda c: _run(c, 4)),
    _card(msg("card:straight5", "Straight of 5"), lambda c: _run(c, 5)),
    _card(msg("card:straight6", "Straight 1–6"), lambda c: _run(c, 6)),
)

_KNOWN: dict[str, Card] = {card.id: card for card in DEFAULT_CARDS}


def card_by_id(card_id: str) -> Card:
    """A card known in this session (a default one, or one a `SlyRules` used)."""
    if card_id not in _KNOWN:
        raise SettingsError(
            f"unknown card {card_id!r}: define it with Card(...) and use it in SlyRules first"
        )
    return _KNOWN[card_id]


@cache
def fresh_chance(card: Card) -> Fraction:
    """P(card) for six fresh dice, exactly (a count over the 462 sorted hands).

    >>> fresh_chance(card_by_id("six_kind"))
    Fraction(1, 7776)
    """
    hits = sum(weight(h) for h in sorted_hands(SIX) if card.test(face_counts(h)))
    return Fraction(hits, 6**SIX)


def friendly(value: float) -> int:
    """A whole number below 10, a multiple of 5 from 10 up; at least 1.

    >>> [friendly(x) for x in (0.1, 4.3, 12.8, 17.2, 64.6)]
    [1, 4, 15, 15, 65]
    """
    if value < 9.5:
        return max(1, math.floor(value + 0.5))
    return 5 * math.floor(value / 5 + 0.5)


def points_for(card: Card) -> int:
    """A card's points: its own, else five per bit of surprise for six fresh dice."""
    if card.points is not None:
        return card.points
    chance = fresh_chance(card)
    if chance == 0:
        raise SettingsError(f"card {card.id!r} can never be made with six dice")
    return friendly(POINTS_PER_BIT * math.log2(1 / chance))


@dataclass(frozen=True)
class SlyRules:
    """The settings of a game: the `cards` (in draw-pile order before the shuffle),
    `points` overriding cards' points ({id: points}), the `successful_lie`
    and `false_accusation` cards' values, the number of `rounds`, and the
    `start_cards` on the table in round 1 (one more is drawn each round).

    >>> rules = SlyRules(points={"pair": 2}, rounds=4)
    >>> rules.points_of("pair"), rules.points_of("six_kind"), rules.successful_lie
    (2, 65, 5)
    """

    cards: tuple[Card, ...] = DEFAULT_CARDS
    points: Mapping[str, int] = field(default_factory=dict)
    successful_lie: int = 5
    false_accusation: int = -5
    rounds: int = 6
    start_cards: int = 5

    def __post_init__(self) -> None:
        cards = tuple(items_of(self.cards, "cards"))
        if not cards or not all(isinstance(c, Card) for c in cards):
            raise SettingsError("cards must be a non-empty list of Card")
        ids = [c.id for c in cards]
        if len(set(ids)) != len(ids):
            raise SettingsError("two cards have the same id")
        for card in cards:
            known = _KNOWN.get(card.id)
            if known is not None and known.names != card.names:
                raise SettingsError(f"another card is already called {card.id!r}")
        if not isinstance(self.points, Mapping):
            raise SettingsError(f"points must be a dict of card id to points, not {self.points!r}")
        for card_id, value in self.points.items():
            if card_id not in ids:
                raise SettingsError(f"points name a card not in the game: {card_id!r}")
            whole_number(value, f"the points of {card_id!r}", 1, 10_000)
        whole_number(self.successful_lie, "successful_lie", 0, 1_000)
        whole_number(self.false_accusation, "false_accusation", -1_000, 0)
        whole_number(self.rounds, "rounds", 1, 100)
        whole_number(self.start_cards, "start_cards", 1, len(cards))
        points = {k: int(v) for k, v in self.points.items()}
        table = {card.id: points.get(card.id) or points_for(card) for card in cards}
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "_points", table)  # a card no six dice make is refused above
        object.__setattr__(self, "_hash", hash(json.dumps(self.settings(), sort_keys=True)))
        for card in cards:
            _KNOWN.setdefault(card.id, card)

    def __hash__(self) -> int:
        return int(self.__dict__["_hash"])

    @property
    def masks(self) -> dict[tuple[int, ...], int]:
        """Every sorted hand of six dice → the cards it shows, as bits (bit i: card i)."""
        if "_masks" not in self.__dict__:
            masks = {
                hand: sum(1 << i for i, c in enumerate(self.cards) if c.test(face_counts(hand)))
                for hand in sorted_hands(SIX)
            }
            object.__setattr__(self, "_masks", masks)
        found: dict[tuple[int, ...], int] = self.__dict__["_masks"]
        return found

    @property
    def ids(self) -> tuple[str, ...]:
        """The cards' ids (worked out once)."""
        if "_ids" not in self.__dict__:
            object.__setattr__(self, "_ids", tuple(card.id for card in self.cards))
        found: tuple[str, ...] = self.__dict__["_ids"]
        return found

    def in_order(self, table: Sequence[str]) -> tuple[str, ...]:
        """The cards of `table` in the rules' order (the solved games' order,
        whatever the order on the table).

        >>> DEFAULT_RULES.in_order(["full_house", "pair"])
        ('pair', 'full_house')
        """
        return tuple(c for c in self.ids if c in table)

    def card(self, card_id: str) -> Card:
        """The game's card with this id."""
        for card in self.cards:
            if card.id == card_id:
                return card
        raise SettingsError(f"no card {card_id!r} in this game")

    def bit(self, card_id: str) -> int:
        """The card's bit in `masks`."""
        return 1 << self.ids.index(card_id)

    def ranking(self, table: Sequence[str]) -> tuple[tuple[int, str], ...]:
        """The cards of `table` as (bit, id), the most points first, then in table order."""
        key = tuple(table)
        cache: dict[tuple[str, ...], tuple[tuple[int, str], ...]] = self.__dict__.setdefault(
            "_rankings", {}
        )
        if key not in cache:
            order = sorted(key, key=lambda c: (-self.points_of(c), key.index(c)))
            cache[key] = tuple((self.bit(c), c) for c in order)
        return cache[key]

    def true_cards(self, dice: Sequence[int], table: Sequence[str]) -> list[str]:
        """The cards of `table` that these six dice show, in table order."""
        mask = self.masks[tuple(sorted(dice))]
        return [c for c in table if mask & self.bit(c)]

    def best_true(self, dice: Sequence[int], table: Sequence[str]) -> str | None:
        """The card of `table` these six dice show that is worth the most points
        (the first on the table among equals); None if they show none."""
        mask = self.masks[tuple(sorted(dice))]
        return next((card for bit, card in self.ranking(table) if mask & bit), None)

    def best_points(self, table: Iterable[str]) -> dict[tuple[int, ...], int]:
        """Every sorted hand of six dice → the most points a true card of `table`
        scores (0 if it shows none), worked out once for each set of cards.

        >>> best = DEFAULT_RULES.best_points(["pair", "full_house"])
        >>> best[(1, 1, 2, 2, 2, 6)], best[(1, 1, 2, 3, 4, 6)], best[(1, 2, 3, 4, 5, 6)]
        (15, 1, 0)
        """
        key = frozenset(table)
        cache: dict[frozenset[str], dict[tuple[int, ...], int]] = self.__dict__.setdefault(
            "_best_points", {}
        )
        if key not in cache:
            cards = [(self.bit(c), self.points_of(c)) for c in key]
            cache[key] = {
                hand: max((points for bit, points in cards if mask & bit), default=0)
                for hand, mask in self.masks.items()
            }
        return cache[key]

    def points_of(self, card_id: str) -> int:
        """What a claim of this card scores."""
        points: dict[str, int] = self.__dict__["_points"]
        if card_id not in points:
            raise SettingsError(f"no card {card_id!r} in this game")
        return points[card_id]

    def __repr__(self) -> str:
        return "SlyRules({})".format(", ".join(f"{k}={v!r}" for k, v in self.settings().items()))

    def settings(self) -> dict[str, Any]:
        """The settings as plain data (what a save file holds)."""
        return {
            "cards": list(self.ids),
            "points": {card.id: self.points_of(card.id) for card in self.cards},
            "successful_lie": self.successful_lie,
            "false_accusation": self.false_accusation,
            "rounds": self.rounds,
            "start_cards": self.start_cards,
        }

    @classmethod
    def from_settings(cls, data: Mapping[str, Any]) -> SlyRules:
        """The rules back from `settings()` (cards by id, known in this session)."""
        cards = tuple(card_by_id(card_id) for card_id in items_of(data["cards"], "cards"))
        own = {c.id: points_for(c) for c in cards}
        points = {k: v for k, v in dict(data["points"]).items() if own.get(k) != v}
        keys = ("successful_lie", "false_accusation", "rounds", "start_cards")
        return cls(cards, points, **{key: data[key] for key in keys})


DEFAULT_RULES = SlyRules()
