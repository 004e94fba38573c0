"""Solo's cards and decks, and the settings of a game.

The deck is data: every card has a colour (None for a black card), a kind
and, for number cards, a number 1..9; its penalty points follow from its
kind (RULES.md §4).  The classic deck has 112 cards; the edition the seed
describes adds a Protection card per colour and four black Gift cards, 120
in all (the default).  A card is written as an id: "red-5", "blue-skip",
"black-draw4".

>>> deck = make_deck(120)
>>> len(deck), len(make_deck(112)), card("red-5").points, card("black-draw4").points
(120, 112, 5, 50)
>>> card("green-protection").name("it"), card("yellow-7").name("pt"), card("red-skip").name("es")
('Protezione verde', '7 amarelo', 'Salta rojo')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

from dicelab.core.engine.checks import whole_number
from dicelab.core.i18n import check_lang, messages, msg, translate
from dicelab.errors import SettingsError

COLOURS = ("blue", "yellow", "red", "green")
NUMBERS = range(1, 10)
COLOURED = ("skip", "reverse", "draw2", "swap", "protection")
BLACK = ("choose", "draw4", "rotate", "gift")
KINDS = ("number", *COLOURED, *BLACK)
EDITIONS = (120, 112)
STACKS = {"draw2": ("draw2", "draw4"), "draw4": ("draw4",)}  # what answers a draw attack

POINTS = {
    "reverse": 10,
    "skip": 20,
    "draw2": 30,
    "gift": 30,
    "swap": 30,
    "rotate": 40,
    "protection": 40,
    "choose": 40,
    "draw4": 50,
}

# copies of each card in the classic deck (per colour for coloured cards)
COPIES = {"number": 2, "skip": 2, "reverse": 2, "draw2": 2, "swap": 1}
BLACK_COPIES = {"choose": 4, "draw4": 4, "rotate": 4}
EDITION_120 = {"protection": 1}  # per colour
BLACK_120 = {"gift": 4}

COLOUR_NAMES = messages(
    msg("colour:blue", "blue"),
    msg("colour:yellow", "yellow"),
    msg("colour:red", "red"),
    msg("colour:green", "green"),
)
# every card's name (a number card's with its {number}), translated by the catalogs:
# in most languages the colour follows the card and agrees with it ("Protezione rossa")
CARD_NAMES = messages(
    msg("card:blue-number", "Blue {number}"),
    msg("card:blue-skip", "Blue Skip"),
    msg("card:blue-reverse", "Blue Reverse"),
    msg("card:blue-draw2", "Blue Draw two"),
    msg("card:blue-swap", "Blue Swap hands"),
    msg("card:blue-protection", "Blue Protection"),
    msg("card:yellow-number", "Yellow {number}"),
    msg("card:yellow-skip", "Yellow Skip"),
    msg("card:yellow-reverse", "Yellow Reverse"),
    msg("card:yellow-draw2", "Yellow Draw two"),
    msg("card:yellow-swap", "Yellow Swap hands"),
    msg("card:yellow-protection", "Yellow Protection"),
    msg("card:red-number", "Red {number}"),
    msg("card:red-skip", "Red Skip"),
    msg("card:red-reverse", "Red Reverse"),
    msg("card:red-draw2", "Red Draw two"),
    msg("card:red-swap", "Red Swap hands"),
    msg("card:red-protection", "Red Protection"),
    msg("card:green-number", "Green {number}"),
    msg("card:green-skip", "Green Skip"),
    msg("card:green-reverse", "Green Reverse"),
    msg("card:green-draw2", "Green Draw two"),
    msg("card:green-swap", "Green Swap hands"),
    msg("card:green-protection", "Green Protection"),
    msg("card:black-choose", "Choose colour"),
    msg("card:black-draw4", "Draw four"),
    msg("card:black-rotate", "Rotate hands"),
    msg("card:black-gift", "Gift"),
)


@dataclass(frozen=True, eq=False)
class Card:
    """One card: `colour` (None: black), `kind` and `number` (number cards only).

    >>> Card("red", "number", 5).id, Card(None, "gift").id
    ('red-5', 'black-gift')
    """

    colour: str | None
    kind: str
    number: int | None = None

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise SettingsError(f"a card's kind is one of {', '.join(KINDS)}, not {self.kind!r}")
        if (self.kind in BLACK) != (self.colour is None):
            raise SettingsError(
                f"{self.kind} cards are {'black' if self.kind in BLACK else 'coloured'}"
            )
        if self.colour is not None and self.colour not in COLOURS:
            raise SettingsError(f"a colour is one of {', '.join(COLOURS)}, not {self.colour!r}")
        if (self.kind == "number") != (self.number is not None):
            raise SettingsError("number cards, and only they, have a number")
        if self.number is not None and self.number not in NUMBERS:
            raise SettingsError(f"a card's number is 1 to 9, not {self.number!r}")

    @cached_property
    def id(self) -> str:
        """The card's id: "red-5", "blue-skip", "black-draw4"."""
        face = self.kind if self.number is None else str(self.number)
        return f"{self.colour or 'black'}-{face}"

    def __hash__(self) -> int:
        return hash(self.id)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self.id == other.id

    @property
    def face(self) -> str | None:
        """The number a card matches besides its colour, as text ("5"); None for an
        action or black card, which matches by colour alone (RULES.md §4)."""
        return None if self.number is None else str(self.number)

    @property
    def is_black(self) -> bool:
        return self.colour is None

    @property
    def points(self) -> int:
        """Penalty points left in a hand when another player goes out."""
        return self.number if self.number is not None else POINTS[self.kind]

    def name(self, lang: str = "en") -> str:
        """The card's name in `lang`.

        >>> from dicelab.core.i18n import LANGS
        >>> print(*(card("red-protection").name(lang) for lang in LANGS), sep=" | ")
        Red Protection | Proteção vermelha | Protección roja | Protezione rossa | Protection rouge
        >>> [card("red-5").name(lang) for lang in LANGS]
        ['Red 5', '5 vermelho', '5 rojo', '5 rosso', '5 rouge']
        >>> card("yellow-swap").name("pt"), card("red-reverse").name("es")
        ('Troca de mãos amarela', 'Reversa roja')
        >>> card("yellow-swap").name("it"), card("yellow-protection").name("it")
        ('Scambio carte giallo', 'Protezione gialla')
        >>> card("blue-protection").name("es"), card("black-choose").name("it")
        ('Protección azul', 'Cambia colore')
        """
        kind = "number" if self.number is not None else self.kind
        name = CARD_NAMES[f"card:{self.colour or 'black'}-{kind}"]
        return translate(name, check_lang(lang), number=self.number)

    def __repr__(self) -> str:
        return f"card({self.id!r})"


def _copies(edition: int) -> dict[Card, int]:
    counts: dict[Card, int] = {}
    coloured = dict(COPIES, **(EDITION_120 if edition == 120 else {}))
    black = dict(BLACK_COPIES, **(BLACK_120 if edition == 120 else {}))
    for colour in COLOURS:
        for number in NUMBERS:
            counts[Card(colour, "number", number)] = coloured["number"]
        for kind, n in coloured.items():
            if kind != "number":
                counts[Card(colour, kind)] = n
    for kind, n in black.items():
        counts[Card(None, kind)] = n
    return counts


def check_edition(edition: Any) -> int:
    """120 (the seed's edition, with Protection and Gift) or 112 (the classic deck)."""
    if isinstance(edition, bool) or edition not in EDITIONS:
        raise SettingsError(f"the deck is 120 or 112 cards, not {edition!r}")
    return int(edition)


@cache
def deck_counts(edition: int = 120) -> Counter[Card]:
    """How many copies of each card the deck holds."""
    return Counter(_copies(check_edition(edition)))


@cache
def deck_ids(edition: int = 120) -> Counter[str]:
    """How many copies of each card id the deck holds."""
    return Counter({c.id: n for c, n in deck_counts(edition).items()})


@cache
def make_deck(edition: int = 120) -> tuple[Card, ...]:
    """Every card of the deck, copies included, in a fixed order (shuffle it to play)."""
    return tuple(sorted(deck_counts(edition).elements(), key=lambda c: c.id))


@cache
def card(card_id: str) -> Card:
    """The card with this id ("red-5", "black-gift"); `SettingsError` if there is none."""
    for each in deck_counts(120):
        if each.id == card_id:
            return each
    raise SettingsError(
        f"no card {card_id!r}; cards are written like red-5, blue-skip, black-draw4"
    )


def card_order(shown: Card) -> tuple[int, int, int]:
    """A hand's order: by colour (black last), then numbers, then action cards.

    >>> hand = [card("red-5"), card("black-draw4"), card("red-skip"), card("blue-2")]
    >>> [shown.id for shown in sorted(hand, key=card_order)]
    ['blue-2', 'red-5', 'red-skip', 'black-draw4']
    """
    colour = COLOURS.index(shown.colour) if shown.colour is not None else len(COLOURS)
    return colour, KINDS.index(shown.kind), shown.number or 0


def matches(candidate: Card, colour: str | None, face: str | None) -> bool:
    """Whether `candidate`, a coloured card, matches the colour or the number (`face`)
    in force: an action card matches by colour alone, never a Skip on a Skip of
    another colour (RULES.md §4).

    >>> matches(card("red-7"), "red", "5"), matches(card("blue-5"), "red", "5")
    (True, True)
    >>> matches(card("blue-7"), "red", "5"), matches(card("blue-skip"), "red", None)
    (False, False)
    """
    if candidate.is_black:
        return False
    return candidate.colour == colour or (face is not None and candidate.face == face)


def counts_as_playable(candidate: Card, top: Card) -> bool:
    """The odds convention: a card matching the top card's colour or number, or a black card.

    >>> counts_as_playable(card("black-choose"), card("red-5"))
    True
    >>> counts_as_playable(card("blue-skip"), card("red-skip"))
    False
    """
    return candidate.is_black or matches(candidate, top.colour, top.face)


def playable_cards(hand: Sequence[Card], colour: str, face: str | None) -> list[Card]:
    """The cards of `hand` that may be played on the colour and number (`face`) in
    force: matching coloured cards; black cards only when none matches; Gift always.

    >>> [c.id for c in playable_cards([card("red-5"), card("black-choose")], "red", "7")]
    ['red-5']
    """
    matching = [c for c in hand if matches(c, colour, face)]
    black = [c for c in hand if c.is_black and (not matching or c.kind == "gift")]
    return matching + black


@dataclass(frozen=True)
class SoloRules:
    """The settings: the deck `edition` (120 or 112), cards dealt per `hand`
    (8), the `losing_score` (300), and the `solo_penalty` (2 cards)."""

    edition: int = 120
    hand: int = 8
    losing_score: int = 300
    solo_penalty: int = 2

    def __post_init__(self) -> None:
        check_edition(self.edition)
        whole_number(self.hand, "hand", 1, 12)
        whole_number(self.losing_score, "losing_score", 1, 100_000)
        whole_number(self.solo_penalty, "solo_penalty", 0, 10)

    @property
    def deck(self) -> tuple[Card, ...]:
        return make_deck(self.edition)

    def settings(self) -> dict[str, int]:
        """The settings as a JSON-ready dict."""
        return {
            "edition": self.edition,
            "hand": self.hand,
            "losing_score": self.losing_score,
            "solo_penalty": self.solo_penalty,
        }


DEFAULT_RULES = SoloRules()
