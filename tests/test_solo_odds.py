"""Solo's odds: each function against brute force over every hand of a small deck,
hand-checked values on the real decks, properties, and the `odds solo` command."""

from __future__ import annotations

import argparse
import dataclasses
import itertools
import json
from collections import Counter
from fractions import Fraction
from math import comb
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from dicelab.cli import Commands, Parser, main
from dicelab.errors import SettingsError
from dicelab.games import GAMES
from dicelab.solo import cli
from dicelab.solo.odds import (
    binomial_no_playable,
    no_playable,
    no_playable_table,
    penalty_distribution,
    penalty_mean,
    penalty_ways,
    playable_and_left,
    playable_within,
    replacement_gap,
    rest_of_deck,
    top_table,
    with_vs_without_table,
)
from dicelab.solo.rules import POINTS, Card, card, counts_as_playable, deck_counts, make_deck

# two colours, numbers 1..3, a few action cards and two black cards: 17 cards
SMALL = Counter(
    {
        card("red-1"): 2,
        card("red-2"): 2,
        card("red-3"): 2,
        card("blue-1"): 2,
        card("blue-2"): 2,
        card("blue-3"): 1,
        card("red-skip"): 2,
        card("blue-skip"): 1,
        card("red-swap"): 1,
        card("black-choose"): 1,
        card("black-draw4"): 1,
    }
)
TOPS = ("red-1", "blue-3", "red-skip", "blue-skip", "red-swap")


# --- brute force: every card a distinct object, every hand or draw listed -----------------


def physical(deck: Counter[Card], out: tuple[str, ...] = ()) -> list[Card]:
    """The deck's cards one by one, without one copy of each card of `out`."""
    cards = list(deck.elements())
    for each in out:
        cards.remove(card(each))
    return cards


def playable(top: str):
    """RULES.md §4, written out again: black, or the top card's colour, or its number (an
    action card matches by colour alone)."""
    shown = card(top)
    return lambda c: (
        c.is_black
        or c.colour == shown.colour
        or (c.number is not None and c.number == shown.number)
    )


def brute_no_playable(top: str, k: int, deck=SMALL, known=()) -> Fraction:
    hands = list(itertools.combinations(physical(deck, (top, *known)), k))
    return Fraction(sum(not any(map(playable(top), h)) for h in hands), len(hands))


def brute_within(top: str, d: int, deck=SMALL, known=()) -> Fraction:
    draws = list(itertools.permutations(physical(deck, (top, *known)), d))
    return Fraction(sum(any(map(playable(top), s)) for s in draws), len(draws))


def brute_binomial(top: str, k: int, deck=SMALL) -> Fraction:
    draws = list(itertools.product(physical(deck, (top,)), repeat=k))
    return Fraction(sum(not any(map(playable(top), s)) for s in draws), len(draws))


def brute_penalty(k: int, deck=SMALL) -> dict[int, Fraction]:
    hands = list(itertools.combinations(physical(deck), k))
    ways = Counter(sum(c.points for c in h) for h in hands)
    return {s: Fraction(w, len(hands)) for s, w in sorted(ways.items())}


def brute_after_none(top: str, hand: int, d: int, deck=SMALL) -> Fraction:
    """P(a playable card within d draws | the hand holds none), over (hand, draws) pairs."""
    rest = physical(deck, (top,))
    hits = total = 0
    for chosen in itertools.combinations(range(len(rest)), hand):
        if any(playable(top)(rest[i]) for i in chosen):
            continue
        left = [c for i, c in enumerate(rest) if i not in chosen]
        for draw in itertools.permutations(left, d):
            total += 1
            hits += any(map(playable(top), draw))
    return Fraction(hits, total)


# --- against brute force on the small deck ---------------------------------------------


@pytest.mark.parametrize("top", TOPS)
def test_no_playable_and_the_binomial_match_brute_force(top):
    for k in range(1, 7):
        assert no_playable(top, k, deck=SMALL) == brute_no_playable(top, k)
    for k in range(1, 4):
        assert binomial_no_playable(top, k, deck=SMALL) == brute_binomial(top, k)
        gap = replacement_gap(top, k, deck=SMALL)
        assert gap == brute_binomial(top, k) - brute_no_playable(top, k) >= 0


@pytest.mark.parametrize("top", TOPS)
def test_playable_within_matches_ordered_draws(top):
    for d in range(1, 4):
        assert playable_within(top, d, deck=SMALL) == brute_within(top, d)


@pytest.mark.parametrize("known", [("blue-3",), ("red-2", "red-2"), ("black-draw4", "blue-1")])
def test_known_cards_are_out_of_the_deck(known):
    for k in range(1, 5):
        assert no_playable("red-1", k, known=known, deck=SMALL) == brute_no_playable(
            "red-1", k, known=known
        )
    assert playable_within("blue-skip", 2, known=known, deck=SMALL) == brute_within(
        "blue-skip", 2, known=known
    )


def test_penalty_distribution_matches_brute_force_and_its_mean():
    per_card = Fraction(sum(c.points * n for c, n in SMALL.items()), SMALL.total())
    for k in range(1, 6):
        dist = penalty_distribution(k, deck=SMALL)
        assert dist == brute_penalty(k)
        assert sum(penalty_ways(k, deck=SMALL).values()) == comb(SMALL.total(), k)
        mean = sum(s * p for s, p in dist.items())
        assert penalty_mean(k, deck=SMALL) == mean == k * per_card


def test_with_vs_without_table_matches_brute_force():
    table = with_vs_without_table("red-2", 3, deck=SMALL)
    assert [row["cards"] for row in table] == [1, 2, 3]
    for k in (1, 2, 3):
        exact, binomial = brute_no_playable("red-2", k), brute_binomial("red-2", k)
        assert table.value(k, "without") == exact and table.value(k, "with") == binomial
        assert table.value(k, "gap") == binomial - exact
        assert table.value(k, "ratio") == binomial / exact
    assert table.meta == {"deck": 17, "hand": 3, "top": "red-2", "playable": 12}


def test_no_playable_table_on_the_small_deck():
    table = no_playable_table(4, deck=SMALL)
    assert [(r["top"], r["example"]) for r in table] == [
        ("number", "red-1"),
        ("skip", "red-skip"),
        ("swap", "red-swap"),
    ]
    for row in table:
        assert row["probability"] == brute_no_playable(row["example"], 4)
        assert row["binomial"] == brute_binomial(row["example"], 4)
    assert table.meta == {"deck": 17, "hand": 4}


def test_an_action_card_on_top_matches_by_colour_alone():
    # the blue Skip on the small deck: of the 16 cards left, the 5 blue and the 2 black
    # play, not the red Skips (RULES.md §4: no Skip on a Skip of another colour)
    assert not counts_as_playable(card("red-skip"), card("blue-skip"))
    assert playable_and_left("blue-skip", deck=SMALL) == (5 + 2, 16)
    exact = no_playable("blue-skip", 3, deck=SMALL)
    assert exact == brute_no_playable("blue-skip", 3) == Fraction(comb(9, 3), comb(16, 3))
    assert exact == Fraction(3, 20)


@pytest.mark.parametrize(("top", "hand"), [("red-1", 2), ("blue-3", 1), ("red-swap", 3)])
def test_top_table_matches_brute_force(top, hand):
    table = top_table(top, hand, deck=SMALL)
    assert Fraction(table.meta["no_playable"]) == brute_no_playable(top, hand)
    for d in (1, 2):
        assert table.value(d, "probability") == brute_after_none(top, hand, d)


# --- the real decks, by hand --------------------------------------------------------------


def test_red_5_with_8_cards_by_hand():
    # 120 cards: red 18 numbers + 2 Skip, 2 Reverse, 2 Draw two, 1 Swap, 1 Protection = 26,
    # less the top card; the other colours' 5s: 6; black: 16.  So 47 of 119 play.
    assert playable_and_left("red-5") == (25 + 6 + 16, 119)
    assert no_playable("red-5") == Fraction(comb(72, 8), comb(119, 8))
    assert no_playable("red-5") == Fraction(784905, 51429238)  # about 1 in 66
    # 112 cards: red 25, less the top; 5s: 6; black: 12.  So 42 of 111.
    assert playable_and_left("red-5", 112) == (24 + 6 + 12, 111)
    assert no_playable("red-5", 8, 112) == Fraction(comb(69, 8), comb(111, 8))
    # an action card on top matches by colour alone: 25 of its colour + 16 black = 41
    for kind in ("skip", "reverse", "draw2", "swap", "protection"):
        assert playable_and_left(f"blue-{kind}") == (25 + 16, 119)
        assert no_playable(f"blue-{kind}") == Fraction(comb(78, 8), comb(119, 8))
    assert no_playable("green-skip") == Fraction(31642215, 1058359582)  # about 1 in 33
    assert playable_and_left("blue-skip", 112) == (24 + 12, 111)
    assert binomial_no_playable("red-5") == Fraction(72, 119) ** 8
    assert replacement_gap("red-5") == Fraction(72, 119) ** 8 - Fraction(comb(72, 8), comb(119, 8))


def test_penalty_mean_on_the_real_decks():
    numbers = 4 * 2 * sum(range(1, 10))  # 360
    classic = numbers + 8 * (POINTS["skip"] + POINTS["reverse"] + POINTS["draw2"])
    classic += 4 * POINTS["swap"] + 4 * (POINTS["choose"] + POINTS["draw4"] + POINTS["rotate"])
    seed = classic + 4 * POINTS["protection"] + 4 * POINTS["gift"]
    assert (classic, seed) == (1480, 1760)
    for edition, total in ((112, classic), (120, seed)):
        assert sum(c.points for c in make_deck(edition)) == total
        for k in (1, 8, 12):
            dist = penalty_distribution(k, edition)
            assert sum(dist.values()) == 1
            assert penalty_mean(k, edition) == Fraction(k * total, edition)
            assert sum(s * p for s, p in dist.items()) == penalty_mean(k, edition)
    assert penalty_mean(8) == Fraction(352, 3)
    assert penalty_mean(8, 112) == Fraction(740, 7)


def test_no_playable_table_on_the_120_deck():
    table = no_playable_table()
    assert list(table.column("example").values()) == [
        "red-5",
        "red-skip",
        "red-reverse",
        "red-draw2",
        "red-swap",
        "red-protection",
    ]
    assert table.meta == {"deck": 120, "hand": 8}
    for row in table:
        assert row["probability"] == no_playable(row["example"])
        assert row["binomial"] == binomial_no_playable(row["example"])
    for kind in ("skip", "reverse", "draw2", "swap", "protection"):
        assert table.value(kind, "playable") == 41
        assert table.value(kind, "probability") == Fraction(comb(78, 8), comb(119, 8))
    assert "1 in 66" in table.to_markdown() and "1 in 33" in table.to_markdown()
    assert "protection" not in no_playable_table(8, 112).column("top")


def test_top_table_does_not_depend_on_which_cards_the_hand_holds():
    table = top_table("red-5", 8)
    assert table.meta == {"deck": 120, "hand": 8, "top": "red-5", "no_playable": "784905/51429238"}
    assert len(table) == 10
    hands = [
        ("blue-1",) * 2 + ("green-1",) * 2 + ("yellow-2",) * 2 + ("blue-3", "green-4"),
        ("blue-9", "blue-skip", "green-4", "yellow-draw2") * 2,
    ]
    for hand in hands:
        assert not any(counts_as_playable(card(c), card("red-5")) for c in hand)
        for d in (1, 4, 10):
            assert table.value(d, "probability") == playable_within("red-5", d, known=hand)
    assert table.value(1, "binomial") == table.value(1, "probability") == Fraction(47, 111)


# --- properties ---------------------------------------------------------------------------

COLOURED_TOPS = [c.id for c in deck_counts(112) if not c.is_black]  # in both decks
POOL = ["red-1", "red-2", "blue-1", "blue-2", "red-skip", "blue-skip", "black-choose"]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 2), min_size=len(POOL), max_size=len(POOL)), st.data())
def test_any_small_deck_matches_brute_force(copies, data):
    deck = Counter({card(c): n for c, n in zip(POOL, copies) if n})
    tops = [c.id for c in deck if not c.is_black and deck[c]]
    if not tops or deck.total() < 2:
        return
    top = data.draw(st.sampled_from(sorted(tops)))
    k = data.draw(st.integers(1, deck.total() - 1))
    assert no_playable(top, k, deck=deck) == brute_no_playable(top, k, deck)


@given(st.sampled_from(COLOURED_TOPS), st.sampled_from([120, 112]), st.integers(1, 40))
def test_without_replacement_never_exceeds_with_and_falls_with_the_hand(top, edition, k):
    exact = no_playable(top, k, edition)
    assert exact <= binomial_no_playable(top, k, edition)
    assert no_playable(top, k + 1, edition) <= exact
    assert playable_within(top, k, edition) == 1 - exact
    assert playable_within(top, k + 1, edition) >= playable_within(top, k, edition)


@given(st.sampled_from(COLOURED_TOPS), st.sampled_from(COLOURED_TOPS), st.integers(1, 12))
def test_a_known_card_moves_the_odds_the_right_way(top, other, k):
    assume(other != top or deck_counts(120)[card(top)] > 1)
    before = no_playable(top, k)
    after = no_playable(top, k, known=[other])
    if counts_as_playable(card(other), card(top)):
        assert after >= before  # one playable card fewer to find
    else:
        assert after <= before  # one non-matching card fewer to hide among


# --- bad inputs ---------------------------------------------------------------------------

NOT_A_CARD: Any = 5
NOT_A_DECK: Any = [card("red-1")]
BAD = [
    (lambda: no_playable("red-5", 0), "hand must be a whole number from 1 to 119, not 0"),
    (lambda: no_playable("red-5", 200), "not 200"),
    (lambda: no_playable("red-5", True), "not True"),
    (lambda: no_playable("purple-3"), "no card 'purple-3'"),
    (lambda: no_playable(NOT_A_CARD), "a card is a Card or an id"),
    (lambda: no_playable("black-draw4"), "the top card is a coloured card"),
    (lambda: no_playable("red-5", 8, 100), "the deck is 120 or 112 cards, not 100"),
    (lambda: no_playable("red-protection", 8, 112), "has 0 red-protection"),
    (lambda: no_playable("red-5", known=["red-5", "red-5"]), "has 2 red-5, not the 3"),
    (lambda: no_playable("red-5", known="red-5"), "known must be a list"),
    (lambda: no_playable("red-1", deck={card("red-1"): -1}), "0 or more, not -1"),
    (lambda: no_playable("red-1", deck=NOT_A_DECK), "a deck is a mapping"),
    (lambda: no_playable("red-1", deck={card("red-1"): 1}), "no cards are left"),
    (lambda: playable_within("red-5", 0), "draws must be"),
    (lambda: penalty_distribution(121), "not 121"),
    (lambda: top_table("red-5", 80), "every hand of 80 cards holds a playable card"),
    (lambda: top_table("red-5", draws=0), "draws must be"),
    (lambda: with_vs_without_table("red-5", 73), "only 72 of the 119"),
]


@pytest.mark.parametrize(("call", "words"), BAD)
def test_bad_inputs_are_one_line_settings_errors(call, words):
    with pytest.raises(SettingsError) as error:
        call()
    assert words in str(error.value) and "\n" not in str(error.value)


def test_rest_of_deck_takes_out_the_top_and_the_known_cards():
    rest = rest_of_deck("red-5", known=[card("red-5"), "blue-skip"])
    assert rest.total() == 117 and card("red-5") not in rest and rest[card("blue-skip")] == 1


# --- the command ----------------------------------------------------------------------------


def parse(*argv: str) -> argparse.Namespace:
    parser = Parser(prog="dicelab")
    cli.register(Commands(parser))
    return parser.parse_args(["odds", "solo", *argv])


def test_odds_solo_json():
    data = json.loads(cli._odds(parse("--format", "json")))
    assert list(data) == ["deck", "hand", "top", "no_playable", "rows"]
    assert (data["deck"], data["hand"], data["top"]) == (120, 8, "red-5")
    assert Fraction(data["no_playable"]) == no_playable("red-5")
    assert [r["draws"] for r in data["rows"]] == list(range(1, 11))
    assert list(data["rows"][0]) == ["draws", "probability", "binomial"]
    assert data["rows"][0]["probability"] == "47/111"
    other = json.loads(
        cli._odds(parse("--deck", "112", "--hand", "5", "--top", "blue-skip", "--format", "json"))
    )
    assert (other["deck"], other["hand"], other["top"]) == (112, 5, "blue-skip")
    assert Fraction(other["no_playable"]) == no_playable("blue-skip", 5, 112)


@pytest.mark.parametrize("fmt", ["table", "markdown", "csv", "latex"])
def test_odds_solo_formats(fmt):
    out = cli._odds(parse("--format", fmt))
    assert "47/111" in out or r"\frac{47}{111}" in out


@pytest.fixture
def solo_registered(monkeypatch):
    """`solo` in the games' registry for one test, the way it will be registered."""
    info = dataclasses.replace(GAMES["solitaire"], name="solo", cli="dicelab.solo.cli:register")
    monkeypatch.setitem(GAMES, "solo", info)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--hand", "0"], "hand must be a whole number from 1 to 119, not 0"),
        (["--hand", "200"], "not 200"),
        (["--hand", "eight"], "a whole number written with the digits 0-9"),
        (["--top", "purple-3"], "no card 'purple-3'"),
        (["--top", "black-choose"], "the top card is a coloured card"),
        (["--deck", "100"], "the deck is 120 or 112 cards, not 100"),
        (["--format", "xml"], "invalid choice"),
    ],
)
def test_odds_solo_bad_arguments_exit_2_with_one_line(solo_registered, capsys, argv, words):
    assert main(["odds", "solo", *argv]) == 2
    out = capsys.readouterr()
    assert out.out == "" and len(out.err.strip().splitlines()) == 1 and words in out.err


def test_odds_solo_through_main(solo_registered, capsys):
    assert main(["odds", "solo", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["no_playable"] == "784905/51429238"
