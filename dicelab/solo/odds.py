"""Exact odds of Solo: drawing cards without replacement.

The odds convention (RULES.md §4): the top card is out of the deck, and a
hand is drawn uniformly from the rest; a card is playable if it matches the
top card's colour or number (an action card matches by colour alone: a Skip
on a Skip of its own colour only), and black cards count as playable.  With m playable cards among
the N left, a hand of k cards holds none of them with the hypergeometric
chance C(N - m, k) / C(N, k); drawing *with* replacement would give the
binomial (1 - m/N)**k, a little more.

Everything is counted with integers (`math.comb`); fractions appear only in
the results.  Every function takes `deck=`, the counts of a deck to use in
place of the edition's (a small deck, to check against brute force), and
`known=`, cards also out of the deck (your own hand, say).

>>> no_playable("red-5")  # a hand of 8 from the 120-card deck: about 1 in 66
Fraction(784905, 51429238)
>>> penalty_mean(8)  # 8 times the deck's mean, 1760/120 points
Fraction(352, 3)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from fractions import Fraction
from math import comb
from typing import Any

from dicelab.core.engine.checks import items_of, whole_number
from dicelab.core.i18n import translate
from dicelab.core.present.numbers import decimal_text, fraction_text
from dicelab.core.present.table import EXPECTATION, PROBABILITY, TEXT, Column, OddsTable
from dicelab.errors import SettingsError
from dicelab.solo import odds_text as words
from dicelab.solo.rules import (
    COLOURED,
    Card,
    card,
    check_edition,
    counts_as_playable,
    deck_counts,
)

Deck = Mapping[Card, int]  # how many copies of each card
Top = Card | str  # a card, or its id: "red-5"
Known = Iterable[Card | str]
DRAWS = 10  # rows of `top_table`: a playable card within 1..10 draws


# --- the deck, the top card and the cards known to be out ---------------------------


def as_card(value: Any) -> Card:
    """A `Card`, or a card's id; `SettingsError` for anything else.

    >>> as_card("red-5") == as_card(Card("red", "number", 5))
    True
    """
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return card(value)
    raise SettingsError(f"a card is a Card or an id like red-5, not {value!r}")


def counts_of(edition: int, deck: Deck | None) -> Counter[Card]:
    """The cards of the edition's deck (or of `deck`), with their copies.

    >>> counts_of(120, None).total(), counts_of(120, {"red-5": 2}).total()
    (120, 2)
    """
    if deck is None:
        return Counter(deck_counts(check_edition(edition)))
    if not isinstance(deck, Mapping):
        raise SettingsError(f"a deck is a mapping from cards to copies, not {deck!r}")
    counts: Counter[Card] = Counter()
    for each, copies in deck.items():
        counts[as_card(each)] += whole_number(copies, f"the copies of {each!r}", 0)
    return +counts


def _top(top: Any) -> Card:
    found = as_card(top)
    if found.is_black:
        raise SettingsError(
            f"the top card is a coloured card, not {found.id}: after a black card, "
            "give a card of the colour chosen"
        )
    return found


def rest_of_deck(
    top: Top, edition: int = 120, known: Known = (), *, deck: Deck | None = None
) -> Counter[Card]:
    """The cards left to draw from: the deck without the top card and the `known` ones.

    >>> rest = rest_of_deck("red-5", known=["red-5", "blue-skip"])
    >>> rest.total(), rest[card("red-5")], rest[card("blue-skip")]
    (117, 0, 1)
    """
    rest = counts_of(edition, deck)
    size = rest.total()
    out = Counter([_top(top), *(as_card(c) for c in items_of(known, "known"))])
    for each, n in out.items():
        if rest[each] < n:
            raise SettingsError(
                f"the {size}-card deck has {rest[each]} {each.id}, "
                f"not the {n} taken out (top card and known cards)"
            )
        rest[each] -= n
    return +rest


def playable_and_left(
    top: Top, edition: int = 120, known: Known = (), *, deck: Deck | None = None
) -> tuple[int, int]:
    """(m, N): how many of the cards left are playable on `top`, and how many are left.

    >>> playable_and_left("red-5"), playable_and_left("red-skip")
    ((47, 119), (41, 119))
    >>> playable_and_left("red-swap", 112)  # an action card: its colour and the black cards
    (36, 111)
    """
    playable = _top(top)
    rest = rest_of_deck(playable, edition, known, deck=deck)
    good = sum(n for c, n in rest.items() if counts_as_playable(c, playable))
    return good, rest.total()


def none_in_hand(good: int, left: int, k: int) -> Fraction:
    """The hypergeometric chance that k cards of `left` miss all `good` ones."""
    return Fraction(comb(left - good, k), comb(left, k))


def _binomial_none(good: int, left: int, k: int) -> Fraction:
    """The same with replacement: each draw misses with chance 1 - good/left."""
    return Fraction(left - good, left) ** k


def _size(value: Any, what: str, left: int) -> int:
    if left == 0:
        raise SettingsError("no cards are left to draw")
    return whole_number(value, what, 1, left)


def _can_miss(hand: Any, good: int, left: int, top: Card) -> int:
    """`hand`, checked to be a size that can hold no playable card at all."""
    k = _size(hand, "hand", left)
    if k > left - good:
        raise SettingsError(
            f"every hand of {k} cards holds a playable card on {top.id}: "
            f"only {left - good} of the {left} cards left do not match"
        )
    return k


# --- no playable card ---------------------------------------------------------------


def no_playable(
    top: Top, hand: int = 8, edition: int = 120, known: Known = (), *, deck: Deck | None = None
) -> Fraction:
    """P(a hand of `hand` cards from the rest of the deck holds no playable card).

    >>> no_playable("red-5", 1)  # 72 of the 119 cards left do not match
    Fraction(72, 119)
    >>> no_playable("red-5", 8, 112)
    Fraction(6496856, 343067145)
    """
    good, left = playable_and_left(top, edition, known, deck=deck)
    return none_in_hand(good, left, _size(hand, "hand", left))


def binomial_no_playable(
    top: Top, hand: int = 8, edition: int = 120, known: Known = (), *, deck: Deck | None = None
) -> Fraction:
    """The binomial approximation of `no_playable`: (1 - m/N)**hand, as if each
    card were put back before the next is drawn.

    >>> binomial_no_playable("red-5", 2)
    Fraction(5184, 14161)
    """
    good, left = playable_and_left(top, edition, known, deck=deck)
    return _binomial_none(good, left, _size(hand, "hand", left))


def playable_within(
    top: Top, draws: int, edition: int = 120, known: Known = (), *, deck: Deck | None = None
) -> Fraction:
    """P(at least one playable card within `draws` draws from the rest of the deck).

    >>> playable_within("red-5", 1), playable_within("red-5", 2)
    (Fraction(47, 119), Fraction(4465, 7021))
    """
    good, left = playable_and_left(top, edition, known, deck=deck)
    return 1 - none_in_hand(good, left, _size(draws, "draws", left))


def replacement_gap(
    top: Top, hand: int = 8, edition: int = 120, *, deck: Deck | None = None
) -> Fraction:
    """How much the binomial (with replacement) overstates P(no playable card):
    binomial minus exact, never negative.

    >>> round(float(replacement_gap("red-5")), 5)  # on top of 0.01526
    0.0027
    """
    good, left = playable_and_left(top, edition, (), deck=deck)
    k = _size(hand, "hand", left)
    return _binomial_none(good, left, k) - none_in_hand(good, left, k)


def with_vs_without_table(
    top: Top = "red-5", hand: int = 8, edition: int = 120, *, deck: Deck | None = None
) -> OddsTable:
    """For k = 1..hand cards: P(no playable card) without replacement (exact) and
    with it (binomial), their difference and their ratio.

    >>> t = with_vs_without_table("red-5", 3)
    >>> t.value(1, "without") == t.value(1, "with"), t.value(2, "gap")
    (True, Fraction(1692, 835499))
    """
    shown = _top(top)
    good, left = playable_and_left(shown, edition, (), deck=deck)
    rows = []
    for k in range(1, _can_miss(hand, good, left, shown) + 1):
        exact, binomial = none_in_hand(good, left, k), _binomial_none(good, left, k)
        gap, ratio = binomial - exact, binomial / exact
        rows.append({"cards": k, "without": exact, "with": binomial, "gap": gap, "ratio": ratio})
    return OddsTable(
        f"Solo: no playable card on {shown.id}, drawing without and with replacement",
        (
            Column("cards", "Cards"),
            Column("without", "P(none), exact", PROBABILITY),
            Column("with", "P(none), binomial", PROBABILITY),
            Column("gap", "Binomial − exact", EXPECTATION),
            Column("ratio", "Binomial ÷ exact", EXPECTATION),
        ),
        tuple(rows),
        meta={"deck": left + 1, "hand": len(rows), "top": shown.id, "playable": good},
        note=f"{good} of the {left} cards left are playable. Each card drawn without "
        "replacement leaves fewer non-matching cards, so the exact chance is the smaller.",
    )


def _kind_examples(counts: Counter[Card]) -> dict[str, Card]:
    """One coloured top card per kind in the deck, red (and a 5) when there is one."""
    examples: dict[str, Card] = {}
    coloured = [c for c in counts if not c.is_black]
    for each in sorted(coloured, key=lambda c: (c.colour != "red", c.number != 5, c.id)):
        examples.setdefault(each.kind, each)
    order = ("number", *COLOURED)
    return {kind: examples[kind] for kind in order if kind in examples}


def no_playable_table(
    hand: int = 8, edition: int = 120, *, deck: Deck | None = None, lang: str = "en"
) -> OddsTable:
    """For each kind of coloured top card (a number, each action card): P(a hand
    holds no playable card), and its binomial approximation.  Top cards of one
    kind differ by nothing but their colour, which changes no count.  Its words
    are in `lang` (each kind shown by its name, the example card too).

    >>> t = no_playable_table()
    >>> t.value("number", "probability") == no_playable("red-5"), t.value("swap", "playable")
    (True, 41)
    >>> t = no_playable_table(lang="it")
    >>> t.columns[0].text(t.rows[1]["top"]), t.value("number", "example")
    ('Salta il turno', '5 rosso')
    """
    counts = counts_of(edition, deck)
    k = _size(hand, "hand", counts.total() - 1)
    rows = []
    for kind, top in _kind_examples(counts).items():
        good, left = playable_and_left(top, edition, (), deck=counts)
        row = {
            "top": kind,
            "example": top.id if lang == "en" else top.name(lang),
            "playable": good,
            "probability": none_in_hand(good, left, k),
        }
        rows.append({**row, "binomial": _binomial_none(good, left, k)})
    total = counts.total()
    return OddsTable(
        translate(words.NONE_TITLE, lang, k=k, total=total),
        (
            Column("top", translate(words.TOP_CARD, lang), TEXT, words.kind_name(lang)),
            Column("example", translate(words.EXAMPLE, lang)),
            Column("playable", translate(words.PLAYABLE_OF, lang, n=total - 1)),
            Column("probability", translate(words.P_NONE, lang), PROBABILITY),
            Column("binomial", translate(words.TOP_HEADINGS[2], lang), PROBABILITY),
        ),
        tuple(rows),
        meta={"deck": total, "hand": k},
        note=translate(words.NONE_NOTE, lang),
    )


def top_table(
    top: Top = "red-5",
    hand: int = 8,
    edition: int = 120,
    draws: int = DRAWS,
    *,
    deck: Deck | None = None,
    lang: str = "en",
) -> OddsTable:
    """A hand of `hand` cards holds no playable card on `top`: for d = 1..draws, the
    chance of a playable card within d draws from what is left (exact, and
    binomial).  Which non-matching cards the hand holds changes nothing: all m
    playable cards are among the N - hand left.  Its words are in `lang`.

    >>> t = top_table("red-5", 8)
    >>> t.meta["no_playable"], t.value(1, "probability")
    ('784905/51429238', Fraction(47, 111))
    """
    shown = _top(top)
    good, left = playable_and_left(shown, edition, (), deck=deck)
    k = _can_miss(hand, good, left, shown)
    after = left - k
    last = min(whole_number(draws, "draws", 1), after)
    rows = []
    for d in range(1, last + 1):
        exact, binomial = 1 - none_in_hand(good, after, d), 1 - _binomial_none(good, after, d)
        rows.append({"draws": d, "probability": exact, "binomial": binomial})
    none = none_in_hand(good, left, k)
    drawn, playable, binomials = (translate(heading, lang) for heading in words.TOP_HEADINGS)
    named = shown.id if lang == "en" else shown.name(lang)  # English: the card's id, as ever
    return OddsTable(
        translate(words.TOP_TITLE, lang, top=named, k=k),
        (
            Column("draws", drawn),
            Column("probability", playable, PROBABILITY),
            Column("binomial", binomials, PROBABILITY),
        ),
        tuple(rows),
        meta={"deck": left + 1, "hand": k, "top": shown.id, "no_playable": fraction_text(none)},
        note=translate(
            words.TOP_NOTE,
            lang,
            k=k,
            none=none,
            approx=decimal_text(none, 4, lang),
            good=good,
            after=after,
        ),
    )


# --- penalty points -----------------------------------------------------------------


def penalty_ways(hand: int = 8, edition: int = 120, *, deck: Deck | None = None) -> dict[int, int]:
    """{points: how many hands of `hand` cards (of the C(N, hand)) score them}.

    A generating function, one factor per points value: the c cards worth v
    points give sum over j of C(c, j) y**j x**(v*j) (j of them in the hand);
    the coefficients of y**hand are the counts, worked out as integers.

    >>> penalty_ways(1, 112)[50], sum(penalty_ways(2, 112).values()) == comb(112, 2)
    (4, True)
    """
    counts = counts_of(edition, deck)
    k = _size(hand, "hand", counts.total())
    by_points: Counter[int] = Counter()
    for each, n in counts.items():
        by_points[each.points] += n
    ways: dict[tuple[int, int], int] = {(0, 0): 1}  # (cards, points) -> hands
    for value, copies in sorted(by_points.items()):
        grown: defaultdict[tuple[int, int], int] = defaultdict(int)
        for (cards, points), w in ways.items():
            for j in range(min(copies, k - cards) + 1):
                grown[cards + j, points + j * value] += w * comb(copies, j)
        ways = grown
    return {points: w for (cards, points), w in sorted(ways.items()) if cards == k}


def penalty_distribution(
    hand: int = 8, edition: int = 120, *, deck: Deck | None = None
) -> dict[int, Fraction]:
    """The exact distribution of a random hand's penalty points: {points: P}.

    >>> dist = penalty_distribution(8)
    >>> dist[8], min(dist), max(dist)  # the eight 1s; four Draw fours and four 40s
    (Fraction(1, 840261910995), 8, 360)
    """
    ways = penalty_ways(hand, edition, deck=deck)
    total = sum(ways.values())
    return {points: Fraction(w, total) for points, w in ways.items()}


def penalty_mean(hand: int = 8, edition: int = 120, *, deck: Deck | None = None) -> Fraction:
    """The mean penalty of a random hand: `hand` times the deck's mean points
    (each card of the hand is, alone, a uniform card of the deck).

    >>> penalty_mean(1, 120), penalty_mean(8, 112)
    (Fraction(44, 3), Fraction(740, 7))
    """
    counts = counts_of(edition, deck)
    k = _size(hand, "hand", counts.total())
    return Fraction(k * sum(c.points * n for c, n in counts.items()), counts.total())
