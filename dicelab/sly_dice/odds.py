"""Exact odds of Sly Dice: conditional chances of the cards, and the rolling rule.

- `chance(card, visible, hidden)`: P(the six dice show the card | the
  `visible` dice, `hidden` unknown dice), a count over the hidden dice's
  sorted hands with their weights;
- `card_table(visible, hidden)`: that for every card, as an `OddsTable`
  (no arguments: six fresh dice);
- `best_chance(card, common, ...)`: the best chance of making a card by the
  end of one's own rolls, setting dice aside as well as possible (an exact
  dynamic programme over sorted hands), and `rolling_options(...)`: every
  choice at a point of the rolls, with the chance it leaves and what it
  shows the others.

>>> from dicelab.sly_dice.rules import card_by_id
>>> chance(card_by_id("three_kind"), visible=(4, 4, 2, 5), hidden=2)
Fraction(13, 36)
>>> best_chance(card_by_id("three_kind"), common=(4, 4, 2))
Fraction(3127, 3888)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction
from functools import cache
from typing import Any

from dicelab.core.dice.hands import as_hand, face_counts, sorted_hands, weight
from dicelab.core.engine.checks import whole_number
from dicelab.core.i18n import msg, translate
from dicelab.core.present.table import PROBABILITY, Column, OddsTable
from dicelab.errors import SettingsError
from dicelab.sly_dice.rules import COMMON_DICE, DEFAULT_RULES, OWN_DICE, ROLLS, SIX, Card, SlyRules

Hand = tuple[int, ...]
Terminal = Callable[[Hand, Hand], int]  # (aside, hidden) -> the value of stopping there


def _visible(dice: Sequence[int], hidden: Any) -> tuple[Hand, int]:
    visible = as_hand(dice)
    if len(visible) > SIX:
        raise SettingsError(f"at most six dice count, not {len(visible)}")
    n = SIX - len(visible) if hidden is None else whole_number(hidden, "hidden", 0, SIX)
    if len(visible) + n != SIX:
        raise SettingsError(f"visible and hidden dice make six, not {len(visible)} + {n}")
    return visible, n


@cache
def _chance(card: Card, visible: Hand, hidden: int) -> Fraction:
    hits = sum(weight(h) for h in _hands(hidden) if card.test(face_counts(visible + h)))
    return Fraction(hits, 6**hidden)


def _hands(n: int) -> tuple[Hand, ...]:
    return sorted_hands(n) if n else ((),)


def chance(card: Card, visible: Sequence[int] = (), hidden: int | None = None) -> Fraction:
    """P(card | the `visible` dice and `hidden` more unknown ones), exactly."""
    seen, n = _visible(visible, hidden)
    return _chance(card, seen, n)


CARD_TITLE = msg(
    "sly-dice|odds_title", "Sly Dice: each card with {n} hidden dice (visible: {shown})"
)
NO_DICE = msg("sly-dice|odds_none", "none")
CARD_NOTE = msg(
    "sly-dice|odds_note",
    "P(card): the chance that the six dice show the card, counted over the hidden dice.",
)
CARD_HEADINGS = (
    msg("sly-dice|card", "Card"),
    msg("odds|name", "Name"),
    msg("sly-dice|p_card", "P(card)"),
    msg("odds|points", "Points"),
)


def card_table(
    visible: Sequence[int] = (),
    hidden: int | None = None,
    rules: SlyRules = DEFAULT_RULES,
    lang: str = "en",
) -> OddsTable:
    """Every card's chance given the visible dice (six fresh dice by default) and
    its points; its words in `lang`.

    >>> card_table().value("pair", "probability")
    Fraction(319, 324)
    >>> card_table(lang="fr").title
    'Sly Dice\xa0: chaque carte avec 6 dés cachés (visibles\xa0: aucun)'
    """
    seen, n = _visible(visible, hidden)
    rows = tuple(
        {
            "card": card.id,
            "name": card.name(lang),
            "probability": _chance(card, seen, n),
            "points": rules.points_of(card.id),
        }
        for card in rules.cards
    )
    shown = " ".join(map(str, seen)) or translate(NO_DICE, lang)
    card, name, chance, points = (translate(heading, lang) for heading in CARD_HEADINGS)
    return OddsTable(
        translate(CARD_TITLE, lang, n=n, shown=shown),
        (
            Column("card", card),
            Column("name", name),
            Column("probability", chance, PROBABILITY),
            Column("points", points),
        ),
        rows,
        meta={"game": "sly-dice", "visible": list(seen), "hidden": n},
        note=translate(CARD_NOTE, lang),
    )


# --- the rolling rule ------------------------------------------------------------


SCALE = 6**SIX  # plan values are whole multiples of 1 / 6**6: every average divides exactly


@cache
def _weighted(n: int) -> tuple[tuple[Hand, int], ...]:
    return tuple((h, weight(h)) for h in sorted_hands(n))


class RollingPlan:
    """The best way to roll one's own dice for a goal, exactly.

    `terminal(aside, hidden)` is the whole-number value of stopping with
    those own dice (1 or 0 for "the card is made", or points).  `value(aside,
    hidden, rolls)` is the best expected value from a point of the rolls
    (`rolls` made so far; before the first, `hidden` is ()), playing on as
    well as possible: after a roll one may stop, or set one hidden die aside
    and roll the others.  Values are kept as integers over 6**6 (the most dice
    one player rolls in a round), so that every step is exact and quick.
    """

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        self._choices: dict[tuple[Hand, Hand, int], dict[int | None, int]] = {}
        self._rolls: dict[tuple[Hand, int, int], int] = {}

    def options(self, aside: Hand, hidden: Hand, rolls: int) -> dict[int | None, Fraction]:
        """{None: stop, face: set a die of that face aside and roll}: each choice's value."""
        choices = self._options(as_hand(aside), as_hand(hidden), rolls)
        return {k: Fraction(v, SCALE) for k, v in choices.items()}

    def value(self, aside: Hand = (), hidden: Hand = (), rolls: int = 0) -> Fraction:
        return Fraction(self._value(as_hand(aside), as_hand(hidden), rolls), SCALE)

    def _options(self, aside: Hand, hidden: Hand, rolls: int) -> dict[int | None, int]:
        key = (aside, hidden, rolls)
        choices = self._choices.get(key)
        if choices is None:
            choices = self._choices[key] = self._new_options(aside, hidden, rolls)
        return choices

    def _new_options(self, aside: Hand, hidden: Hand, rolls: int) -> dict[int | None, int]:
        if rolls == 0:
            return {None: self._roll((), OWN_DICE, 0)}
        choices: dict[int | None, int] = {None: int(self.terminal(aside, hidden)) * SCALE}
        if rolls < ROLLS:
            for i, face in enumerate(hidden):
                if face not in hidden[:i]:
                    kept = tuple(sorted((*aside, face)))
                    choices[face] = self._roll(kept, len(hidden) - 1, rolls)
        return choices

    def stops(self, aside: Hand, hidden: Hand, rolls: int) -> bool:
        """Whether stopping here is as good as any other choice (the plan stops on a tie)."""
        choices = self._options(aside, hidden, rolls)
        return choices[None] == max(choices.values())

    def choice(self, aside: Hand, hidden: Hand, rolls: int) -> int | None:
        """What the plan does here: None to stop (on a tie too), else the face of
        the die to set aside (the lowest among equally good ones)."""
        choices = self._options(as_hand(aside), as_hand(hidden), rolls)
        best = max(choices.values())
        if choices[None] == best:
            return None
        return min(f for f, v in choices.items() if f is not None and v == best)

    def _value(self, aside: Hand, hidden: Hand, rolls: int) -> int:
        return max(self._options(aside, hidden, rolls).values())

    def _roll(self, aside: Hand, n: int, rolls: int) -> int:
        """The expected value of rolling n hidden dice (the (rolls + 1)th roll), once."""
        key = (aside, n, rolls)
        if key not in self._rolls:
            total = sum(w * self._value(aside, h, rolls + 1) for h, w in _weighted(n))
            quotient, rest = divmod(total, 6**n)
            assert rest == 0, "a plan value is a whole multiple of 1 / 6**6"
            self._rolls[key] = quotient
        return self._rolls[key]


@cache
def points_plan(common: Hand, table: tuple[str, ...], rules: SlyRules) -> RollingPlan:
    """The rolling plan that makes the true card worth the most points, at best
    on average (the bots roll by it).  Positions whose own dice score the same
    (the table in another order, or other common dice alike for the points)
    share one plan, worked out once."""
    best = rules.best_points(table)
    return _scoring_plan(tuple(best[tuple(sorted(common + own))] for own in _OWN_HANDS))


_OWN_HANDS = sorted_hands(OWN_DICE)
_OWN_INDEX = {own: i for i, own in enumerate(_OWN_HANDS)}


@cache
def _scoring_plan(scores: tuple[int, ...]) -> RollingPlan:
    """The rolling plan for own dice that score `scores` (in `_OWN_HANDS` order) at the end."""
    return RollingPlan(lambda aside, hidden: scores[_OWN_INDEX[tuple(sorted(aside + hidden))]])


@cache
def card_plan(card: Card, common: Hand) -> RollingPlan:
    """The rolling plan that makes `card` as often as possible (1: made, 0: not)."""
    return RollingPlan(lambda aside, hidden: int(card.test(face_counts(common + aside + hidden))))


def _position(
    common: Sequence[int], aside: Sequence[int], hidden: Sequence[int], rolls: int
) -> tuple[Hand, Hand, Hand, int]:
    common_hand = as_hand(common, COMMON_DICE)
    rolls = whole_number(rolls, "rolls", 0, ROLLS)
    aside_hand, hidden_hand = as_hand(aside), as_hand(hidden)
    if len(aside_hand) != max(0, rolls - 1) or len(aside_hand) + len(hidden_hand) != (
        OWN_DICE if rolls else 0
    ):
        raise SettingsError(
            f"after {rolls} rolls a player has {max(0, rolls - 1)} dice aside and the rest hidden"
        )
    return common_hand, aside_hand, hidden_hand, rolls


def best_chance(
    card: Card,
    common: Sequence[int],
    aside: Sequence[int] = (),
    hidden: Sequence[int] = (),
    rolls: int = 0,
) -> Fraction:
    """The best chance of ending the rolls with the card made, from this point."""
    common_hand, aside_hand, hidden_hand, rolls = _position(common, aside, hidden, rolls)
    return card_plan(card, common_hand).value(aside_hand, hidden_hand, rolls)


def rolling_options(
    common: Sequence[int],
    aside: Sequence[int],
    hidden: Sequence[int],
    rolls: int,
    rules: SlyRules = DEFAULT_RULES,
) -> OddsTable:
    """Every choice after a roll (stop, or set a die aside and roll the rest): for
    each card, the best chance it leaves of making the card, and what the
    others would then see of it (their chance, from the dice set aside).

    >>> t = rolling_options((4, 4, 2), aside=(), hidden=(4, 1, 6), rolls=1)
    >>> t.value("set a 4 aside", "three_kind"), t.value("set a 4 aside", "seen:three_kind")
    (Fraction(1, 1), Fraction(1, 1))
    """
    common_hand, aside_hand, hidden_hand, rolls = _position(common, aside, hidden, rolls)
    if rolls == 0:
        raise SettingsError("roll once before choosing: the first roll rolls all three dice")
    rows = []
    for face in [None, *sorted(set(hidden_hand))] if rolls < ROLLS else [None]:
        shown = aside_hand if face is None else as_hand((*aside_hand, face))
        label = "stop" if face is None else f"set a {face} aside"
        row: dict[str, Any] = {"choice": label}
        for card in rules.cards:
            row[card.id] = card_plan(card, common_hand).options(aside_hand, hidden_hand, rolls)[
                face
            ]
            row[f"seen:{card.id}"] = _chance(
                card, common_hand + shown, SIX - len(common_hand + shown)
            )
        rows.append(row)
    columns = [Column("choice", "Choice")]
    columns += [Column(c.id, c.name(), PROBABILITY) for c in rules.cards]
    columns += [
        Column(f"seen:{c.id}", f"{c.name()} (others see)", PROBABILITY) for c in rules.cards
    ]
    return OddsTable(
        "Sly Dice: each choice after a roll, and what it shows",
        tuple(columns),
        tuple(rows),
        meta={"game": "sly-dice", "common": list(common_hand), "aside": list(aside_hand)},
        note="A card's column: the best chance of making it by the end. "
        "'(others see)': the others' chance of it, from the common dice and the dice set aside.",
    )


def rolling_table(common: Sequence[int] = (1, 2, 3), rules: SlyRules = DEFAULT_RULES) -> OddsTable:
    """For each card, with these common dice: the chance with one roll, and the best
    chance with up to three rolls (setting dice aside as well as possible).

    >>> rolling_table((6, 6, 1)).value("four_kind", "best")
    Fraction(13321, 46656)
    """
    common_hand = as_hand(common, COMMON_DICE)
    rows = tuple(
        {
            "card": card.id,
            "name": card.name(),
            "one_roll": _chance(card, common_hand, OWN_DICE),
            "best": card_plan(card, common_hand).value(),
            "points": rules.points_of(card.id),
        }
        for card in rules.cards
    )
    return OddsTable(
        f"Sly Dice: each card with common dice {' '.join(map(str, common_hand))}",
        (
            Column("card", "Card"),
            Column("name", "Name"),
            Column("one_roll", "P(one roll)", PROBABILITY),
            Column("best", "P(best of 3 rolls)", PROBABILITY),
            Column("points", "Points"),
        ),
        rows,
        meta={"game": "sly-dice", "common": list(common_hand)},
    )
