"""How well each player chose: every choice judged against a reference, and
each player's choices summed up.  Game-agnostic.

A game's review module walks the game's record; at each choice a player made
it values every choice the rules allowed by the game's reference (Dice Poker:
the optimal solver; Solitaire Dice: the search bot) and keeps a `Judgement`:
the choice, the best one, both values and the **loss** (how much the choice
gave up; 0 for a best one).  A `PlayerReview` sums a player's judgements up:
the total and mean loss per choice (the measure of Tom Verhoeff's Yahtzee
proficiency test), a rating, the costliest choices.

Values are floats rounded to `PLACES` decimals; a choice within `TIE` of the
best is a best choice, so a reference's own choices lose exactly 0 on every
machine.

>>> judged("b", {"a": 3.0, "b": 1.5, "c": 3.0})
('a', 1.5, 3.0)
>>> judged("c", {"a": 3.0, "b": 1.5, "c": 3.0 - 1e-9})
('c', 3.0, 3.0)
>>> rating_of(0.0), rating_of(0.1999), rating_of(2.0)
('perfect', 'expert', 'learning')
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from dicelab.core.i18n import msg, msg_plural, number, translate
from dicelab.core.present.table import Column, OddsTable
from dicelab.errors import SettingsError

__all__ = [
    "HEADINGS",
    "PLACES",
    "RATINGS",
    "TIE",
    "Judgement",
    "PlayerReview",
    "ReportParts",
    "choices_table",
    "costly_lines",
    "dice_text",
    "judge_record",
    "judged",
    "player_reviews",
    "points",
    "rating_of",
    "rating_text",
    "report",
    "summary_lines",
]

PLACES = 4
TIE = 1e-6  # two values this close are the same value (a solver's float noise)
RATINGS = (("perfect", 0.0), ("expert", 0.2), ("good", 0.5), ("fair", 1.5), ("learning", None))
"""A player's rating by mean loss per choice: perfect (0), then under each bound."""

RATING_WORDS = {
    "perfect": msg("review|perfect", "Perfect: no point lost on any choice"),
    "expert": msg("review|expert", "Expert: under 0.2 points lost per choice (Verhoeff's aim)"),
    "good": msg("review|good", "Good: under 0.5 points lost per choice"),
    "fair": msg("review|fair", "Fair: under 1.5 points lost per choice"),
    "learning": msg("review|learning", "Learning: 1.5 points or more lost per choice"),
}
SUMMARY = msg_plural(
    "review|summary",
    "{count} choice reviewed: {lost} points lost in all, {mean} per choice. {rating}.",
    "{count} choices reviewed: {lost} points lost in all, {mean} per choice. {rating}.",
)
FROM_TURN = msg(
    "review|from_turn", "The record starts at turn {turn}: earlier choices were not recorded."
)


def judged(choice: Hashable, values: Mapping[Any, float]) -> tuple[Any, float, float]:
    """The best choice, the value of `choice` and the best value, rounded: a
    choice within `TIE` of the best is the best (ties: the first listed)."""
    top = max(values.values())
    if values[choice] >= top - TIE:
        return choice, round(top, PLACES), round(top, PLACES)
    best = next(c for c, v in values.items() if v == top)
    return best, round(values[choice], PLACES), round(top, PLACES)


def rating_of(mean_loss: float) -> str:
    """The rating of `RATINGS` a mean loss per choice earns."""
    if mean_loss == 0:
        return "perfect"
    return next(name for name, bound in RATINGS[1:] if bound is None or mean_loss < bound)


def rating_text(rating: str, lang: str = "en") -> str:
    """A rating of `RATINGS` in words."""
    return translate(RATING_WORDS[rating], lang)


def points(value: float, lang: str) -> str:
    """Points as `lang` writes them, up to 4 decimals (no trailing zeros).

    >>> points(7.5, "pt"), points(26.0, "en")
    ('7,5', '26')
    """
    text = number(value, PLACES, lang)
    return text.rstrip("0").rstrip(".,") if any(c in text for c in ".,") else text


def dice_text(dice: Sequence[int]) -> str:
    """Dice as a player reads them.

    >>> dice_text((5, 1, 2, 2, 2))
    '5 1 2 2 2'
    """
    return " ".join(map(str, dice))


@dataclass(frozen=True)
class Judgement:
    """One choice of a player: what was chosen and the best choice, their values."""

    player: str
    choice: Any
    best: Any
    value: float
    best_value: float

    @property
    def loss(self) -> float:
        """Points given up against the best choice (0: a best choice)."""
        return round(self.best_value - self.value, PLACES) + 0.0


J = TypeVar("J", bound=Judgement)


@dataclass(frozen=True)
class PlayerReview(Generic[J]):
    """One player's game: every choice judged, the final score, what the
    reference expects from where the record starts (None: it says nothing of
    the kind), and the turn (or round) the record starts at."""

    player: str
    decisions: tuple[J, ...]
    score: int
    expected: float | None
    starts_at: int

    @property
    def total_loss(self) -> float:
        """Points lost over the whole game."""
        return round(sum(d.loss for d in self.decisions), PLACES) + 0.0

    @property
    def mean_loss(self) -> float:
        """Points lost per choice (Verhoeff's measure)."""
        if not self.decisions:
            return 0.0
        return round(self.total_loss / len(self.decisions), PLACES) + 0.0

    @property
    def rating(self) -> str:
        """The rating of `RATINGS` the mean loss earns."""
        return rating_of(self.mean_loss)

    def costliest(self, most: int = 3) -> list[J]:
        """The `most` choices that lost the most (ties: the earlier first); none lost nothing."""
        lost = [d for d in self.decisions if d.loss > 0]
        return sorted(lost, key=lambda d: -d.loss)[:most]

    def in_review_order(self) -> list[J]:
        """Every choice, the costliest first (ties: in the order played)."""
        return sorted(self.decisions, key=lambda d: -d.loss)

    def to_dict(self, decision: Any) -> dict[str, Any]:
        """The review as JSON-ready data, each decision by `decision(d)`."""
        return {
            "player": self.player,
            "score": self.score,
            "expected": None if self.expected is None else round(self.expected, PLACES),
            "starts_at": self.starts_at,
            "choices": len(self.decisions),
            "total_loss": self.total_loss,
            "mean_loss": self.mean_loss,
            "rating": self.rating,
            "decisions": [decision(d) for d in self.decisions],
        }


def summary_lines(review: PlayerReview[Any], lang: str = "en") -> list[str]:
    """What a player reads first: the choices, the points lost, the rating, and
    where the record starts when not at the game's start."""
    lines = [
        translate(
            SUMMARY,
            lang,
            count=len(review.decisions),
            lost=points(review.total_loss, lang),
            mean=points(review.mean_loss, lang),
            rating=rating_text(review.rating, lang),
        )
    ]
    if review.starts_at > 1:
        lines.append(translate(FROM_TURN, lang, turn=review.starts_at))
    return lines


def judge_record(
    record: Any,
    game_type: type,
    decide: Callable[[Any, Any], J | None],
    on_step: Callable[[int, int], None] | None = None,
) -> tuple[Any, dict[str, list[J]], Any]:
    """Walk a game's record (a `GameRecord`) and judge each step: `decide(state
    before, action)` gives a judgement or None (no choice there);
    `on_step(done, total)` after each step.  Returns the game at the record's
    start, each player's judgements in order, and the game at its end."""
    start: Any = record.engine.from_dict(record.start)
    right_game = isinstance(start, game_type)  # (no narrowing: `start` stays Any)
    if not right_game:
        raise SettingsError(f"this review is for {game_type.__name__} games only")
    found: dict[str, list[J]] = {name: [] for name in start.players}
    before, end = start.state, start
    for done, (after, step) in enumerate(record.positions(), 1):
        decision = decide(before, step.action)
        if decision is not None:
            found[decision.player].append(decision)
        before, end = after.state, after
        if on_step is not None:
            on_step(done, len(record.steps))
    return start, found, end


def player_reviews(
    players: Sequence[str],
    found: Mapping[str, list[J]],
    scores: Mapping[str, int],
    expected: Sequence[float | None],
    starts_at: int,
) -> tuple[PlayerReview[J], ...]:
    """A review per player, in seat order."""
    return tuple(
        PlayerReview(name, tuple(found[name]), scores[name], hope, starts_at)
        for name, hope in zip(players, expected, strict=True)
    )


HEADINGS = {
    "roll": msg("review|roll", "Roll"),
    "dice": msg("review|dice", "Dice"),
    "choice": msg("review|choice", "Your choice"),
    "best": msg("review|best", "Best choice"),
    "value": msg("review|value", "Value"),
    "best_value": msg("review|best_value", "Best value"),
    "loss": msg("review|loss", "Points lost"),
}
"""The headings of a review's table of choices (a game adds its own)."""
COSTLY = msg("review|costly", "The costliest choices:")
NONE_COSTLY = msg("review|none_costly", "No choice lost points: every one was a best choice.")
PLAYER_TITLE = msg("review|player_title", "{player}: {score} points")
REPORT_FORMAT = "dicelab/review"
REPORT_VERSION = 1


def choices_table(
    review: PlayerReview[Any],
    headings: Mapping[str, Any],
    shown: Mapping[str, Callable[[Any], str]],
    rows: Sequence[Mapping[str, Any]],
    note: str,
    lang: str = "en",
) -> OddsTable:
    """A player's table of choices: a column per heading (each `msg`, its cells
    drawn by `shown[key]` when given), one row per choice, the player and
    their score in the title, a `note` under it."""
    columns = tuple(
        Column(key, translate(heading, lang), show=shown.get(key))
        for key, heading in headings.items()
    )
    title = translate(PLAYER_TITLE, lang, player=review.player, score=review.score)
    return OddsTable(title, columns, tuple(rows), {"player": review.player}, note=note)


def costly_lines(
    review: PlayerReview[J], line_of: Callable[[J], str], lang: str = "en"
) -> list[str]:
    """The costliest choices, each in a sentence by `line_of`, under a heading
    (or the words that none lost anything)."""
    worst = review.costliest()
    if not worst:
        return [translate(NONE_COSTLY, lang)]
    return [translate(COSTLY, lang), *map(line_of, worst)]


@dataclass(frozen=True)
class ReportParts(Generic[J]):
    """What a game's review report needs from its game: a title, each player's
    head lines (`head(review)`), a costly choice in a sentence
    (`costly(decision)`: the report lists the costliest under the head),
    the choices table (`table(review)`, an `OddsTable`) and a decision as
    JSON (`as_dict(decision)`), and facts for the JSON head (the game, its
    seed, its rules)."""

    title: str
    head: Callable[[PlayerReview[J]], list[str]]
    costly: Callable[[J], str]
    table: Callable[[PlayerReview[J]], Any]
    as_dict: Callable[[J], dict[str, Any]]
    facts: Mapping[str, Any]


def report(
    reviews: Sequence[PlayerReview[J]], parts: ReportParts[J], fmt: str, lang: str = "en"
) -> str:
    """The reviews of a game as Markdown ("md"), HTML ("html") or JSON ("json")."""
    if fmt == "json":
        players = [review.to_dict(parts.as_dict) for review in reviews]
        head = {"format": REPORT_FORMAT, "version": REPORT_VERSION, **parts.facts}
        return json.dumps(head | {"players": players}, indent=1, ensure_ascii=False)
    sections = []
    for review in reviews:
        table = parts.table(review)
        lines = parts.head(review) + costly_lines(review, parts.costly, lang)
        if fmt == "md":
            sections.append("\n\n".join([f"## {table.title}", *lines, table.to_markdown(lang)]))
        else:
            paragraphs = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
            sections.append(f"<h2>{html.escape(table.title)}</h2>{paragraphs}{table.to_html(lang)}")
    if fmt == "md":
        return "\n\n".join([f"# {parts.title}", *sections]) + "\n"
    title = html.escape(parts.title)
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{title}</title></head><body><h1>{title}</h1>"
        + "".join(sections)
        + "</body></html>\n"
    )
