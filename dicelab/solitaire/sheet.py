"""`Sheet`: one player's Solitaire Dice sheet, immutable, in seed 000's layout.

Marks per pair sum 2..12 on the left, marks per discard number 1..6 on the
right.  The chosen discard numbers are those with at least one mark; the
sheet is finished when one of them has 8 marks.  Marking returns a new sheet.

>>> sheet = Sheet.empty().play([1, 1, 2, 4, 5], Split((3, 9), 1))
>>> sheet.marks(3), sheet.marks(9), sheet.discard_marks(1), sheet.score
(1, 1, 1, -400)
>>> example = Sheet.from_marks({3: 7, 4: 2, 6: 8, 7: 11, 8: 2, 11: 8}, {1: 8, 3: 7, 6: 4})
>>> example.score, example.finished, example.rolls, example.free_throws
(220, True, 19, 0)
>>> print(example.to_text())
(100)  2
 (70)  3  IIIII II           +140
 (60)  4  II                 -200
 (50)  5                               1  IIIII III
 (40)  6  IIIII III          +120      2
 (30)  7  IIIII IIIII I      +150      3  IIIII II
 (40)  8  II                 -200      4
 (50)  9                               5
 (60) 10                               6  IIII
 (70) 11  IIIII III          +210
(100) 12
                             ----
                             +620
                             -400
                      total   220
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from dicelab.core.engine.checks import unchecked
from dicelab.errors import IllegalMove, SettingsError
from dicelab.solitaire.rules import (
    CAP,
    DISCARD_NUMBERS,
    END_MARK,
    MAX_DISCARDS,
    RULE_DISCARDS,
    SUMS,
    VALUES,
    Split,
    check_marks,
    check_sum,
    legal_splits,
    line_score,
)

RULE_LEGAL = "a legal split of this roll"
RULE_ENDED = "the sheet is finished at a discard's 8th mark"
_DISCARD_ROW = 3  # the discard numbers sit beside the sums 5..10, as in seed 000
# each line's points by its marks (a mark beyond the CAP-th counts as the CAP-th)
_POINTS = {total: tuple(line_score(total, m) for m in range(CAP + 1)) for total in SUMS}


def tally(marks: int) -> str:
    """Tally marks in groups of five.

    >>> tally(7), tally(10), tally(0)
    ('IIIII II', 'IIIII IIIII', '')
    """
    fives, rest = divmod(marks, 5)
    return " ".join(["IIIII"] * fives + (["I" * rest] if rest else []))


def _points_text(marks: int, points: int) -> str:
    if marks == 0:
        return ""
    return f"{points:+d}" if points else "0"


@dataclass(frozen=True)
class Sheet:
    """Marks per pair sum (`sums[i]` for the sum i + 2) and per discard number
    (`discards[f - 1]` for face f).

    Building a sheet that no game can leave raises `SettingsError`: more
    than three discard numbers, a discard with more than 8 marks or two with
    8, an odd number of pair marks, more discard marks than rolls, a free
    throw before three discard numbers are chosen, or free throws whose
    pairs the other three faces cannot make.
    """

    sums: tuple[int, ...] = (0,) * len(SUMS)
    discards: tuple[int, ...] = (0,) * len(DISCARD_NUMBERS)

    def __post_init__(self) -> None:
        for name, size in (("sums", len(SUMS)), ("discards", len(DISCARD_NUMBERS))):
            value = getattr(self, name)
            if not isinstance(value, tuple) or len(value) != size:
                raise SettingsError(f"{name} must be a tuple of {size} mark counts")
            for count in value:
                check_marks(count)
        if sum(1 for d in self.discards if d) > MAX_DISCARDS:
            raise SettingsError(RULE_DISCARDS)
        if max(self.discards) > END_MARK or sum(d == END_MARK for d in self.discards) > 1:
            raise SettingsError("the game ends at the first discard number with 8 marks")
        if sum(self.sums) % 2:
            raise SettingsError("every roll marks two pairs: the pair marks must be even")
        if sum(self.discards) > self.rolls:
            raise SettingsError("more discard marks than rolls")
        if self.free_throws:
            self._check_free_throws()

    def _check_free_throws(self) -> None:
        """A free throw comes only once three discard numbers are chosen, and
        its dice show none of them: both pairs are sums of the other faces."""
        if len(self.chosen) < MAX_DISCARDS:
            raise SettingsError(
                f"{self.free_throws} free throw(s) with fewer than three discard numbers"
            )
        others = [f for f in DISCARD_NUMBERS if f not in self.chosen]
        sums = {a + b for a in others for b in others}
        if sum(self.sums[t - 2] for t in sums) < 2 * self.free_throws:
            raise SettingsError(
                f"{self.free_throws} free throw(s) need {2 * self.free_throws} pair marks "
                f"on sums of {', '.join(map(str, others))}"
            )

    @classmethod
    def empty(cls) -> Sheet:
        """A fresh sheet."""
        return cls()

    @classmethod
    def from_marks(
        cls, sums: Mapping[int, int], discards: Mapping[int, int] | None = None
    ) -> Sheet:
        """A sheet from {pair sum: marks} and {discard number: marks}."""
        left = [0] * len(SUMS)
        for total, count in sums.items():
            left[check_sum(total) - 2] = check_marks(count)
        right = [0] * len(DISCARD_NUMBERS)
        for face, count in (discards or {}).items():
            if face not in DISCARD_NUMBERS or isinstance(face, bool):
                raise SettingsError(f"a discard number is a face 1..6, not {face!r}")
            right[face - 1] = check_marks(count)
        return cls(tuple(left), tuple(right))

    # --- reading ----------------------------------------------------------

    def marks(self, total: int) -> int:
        """The marks beside pair sum `total`."""
        return self.sums[check_sum(total) - 2]

    def discard_marks(self, face: int) -> int:
        """The marks beside discard number `face`."""
        return self.discards[face - 1]

    @property
    def chosen(self) -> frozenset[int]:
        """The discard numbers used so far (at most three)."""
        return frozenset(f for f, d in zip(DISCARD_NUMBERS, self.discards) if d)

    @property
    def finished(self) -> bool:
        """Whether a discard number has its 8th mark (the game is over for this sheet)."""
        return END_MARK in self.discards

    @property
    def rolls(self) -> int:
        """Rolls played on this sheet (each marks two pairs)."""
        return sum(self.sums) // 2

    @property
    def free_throws(self) -> int:
        """Rolls that marked no discard."""
        return self.rolls - sum(self.discards)

    def line_scores(self) -> dict[int, int]:
        """The points of every line, {pair sum: points}."""
        return {s: _POINTS[s][min(m, CAP)] for s, m in zip(SUMS, self.sums)}

    @property
    def score(self) -> int:
        """The sheet's total."""
        return sum(self.line_scores().values())

    # --- marking ----------------------------------------------------------

    def options(self, dice: Iterable[int]) -> list[Split]:
        """The legal options for a roll on this sheet (see `rules.legal_splits`)."""
        return legal_splits(dice, self.chosen)

    def mark(self, split: Split) -> Sheet:
        """The sheet with a split's pairs and discard marked (not checked against a roll)."""
        if self.finished:
            raise IllegalMove(RULE_ENDED, "this sheet is finished")
        left = list(self.sums)
        for total in split.pairs:
            left[total - 2] += 1
        right = list(self.discards)
        if split.discard is not None:
            if split.discard not in self.chosen and len(self.chosen) == MAX_DISCARDS:
                raise IllegalMove(
                    RULE_DISCARDS, f"{split.discard} would be a fourth number", face=split.discard
                )
            right[split.discard - 1] += 1
        # marked by the rules on a checked sheet: not checked again
        return unchecked(Sheet, sums=tuple(left), discards=tuple(right))

    def play(self, dice: Iterable[int], split: Split) -> Sheet:
        """Mark a split of this roll, after checking that the rules allow it."""
        if self.finished:
            raise IllegalMove(RULE_ENDED, "this sheet is finished")
        if not isinstance(split, Split):
            raise IllegalMove(RULE_LEGAL, f"an option is a Split, not {split!r}")
        options = self.options(dice)
        if split not in options:
            raise IllegalMove(RULE_LEGAL, f"{split} is not a legal option for this roll")
        return self.mark(split)

    # --- showing ------------------------------------------------------------

    def _rows(self) -> list[tuple[str, str, str, str, str, str]]:
        rows = []
        for i, (total, count) in enumerate(zip(SUMS, self.sums)):
            face, marks = "", ""
            if _DISCARD_ROW <= i < _DISCARD_ROW + len(DISCARD_NUMBERS):
                face = str(i - _DISCARD_ROW + 1)
                marks = tally(self.discards[i - _DISCARD_ROW])
            points = _points_text(count, line_score(total, count))
            rows.append((f"({VALUES[total]})", str(total), tally(count), points, face, marks))
        return rows

    def _totals(self) -> tuple[int, int]:
        points = self.line_scores().values()
        return sum(p for p in points if p > 0), sum(p for p in points if p < 0)

    def to_text(self) -> str:
        """The sheet as plain text, in seed 000's layout."""
        width = max(16, max(len(tally(m)) for m in self.sums))
        lines = []
        for value, total, marks, points, face, dmarks in self._rows():
            left = f"{value:>5} {total:>2}  {marks:<{width}}  {points:>5}"
            right = f"      {face}  {dmarks}" if face else ""
            lines.append((left + right).rstrip())
        gain, loss = self._totals()
        pad = " " * (12 + width)
        lines += [f"{pad} ----", f"{pad}{gain:>+5d}", f"{pad}{loss:>+5d}"]
        lines.append(f"{'total':>{len(pad) - 1}} {self.score:>5}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        marks = {s: m for s, m in zip(SUMS, self.sums) if m}
        discards = {f: d for f, d in zip(DISCARD_NUMBERS, self.discards) if d}
        return f"Sheet.from_marks({marks}, {discards})"

    def _repr_html_(self) -> str:
        cell = '<td style="text-align:{};padding:0 .6em;{}">{}</td>'
        mono = "font-family:monospace;white-space:pre;"
        body = []
        for value, total, marks, points, face, dmarks in self._rows():
            body.append(
                "<tr>"
                + cell.format("right", "color:#888;", html.escape(value))
                + cell.format("right", "font-weight:bold;", total)
                + cell.format("left", mono + "min-width:9em;", marks)
                + cell.format("right", "", html.escape(points))
                + cell.format("right", "font-weight:bold;padding-left:2em;", face)
                + cell.format("left", mono + "min-width:7em;", dmarks)
                + "</tr>"
            )
        gain, loss = self._totals()
        foot = (
            f'<tr><td colspan="3" style="text-align:right">+ / −</td>'
            f'<td style="text-align:right">{gain:+d} / {loss:+d}</td><td colspan="2"></td></tr>'
            f'<tr><td colspan="3" style="text-align:right"><b>total</b></td>'
            f'<td style="text-align:right"><b>{self.score}</b></td><td colspan="2"></td></tr>'
        )
        state = "finished" if self.finished else f"{self.rolls} rolls"
        return (
            f'<div class="dicelab-sheet"><table><caption>Solitaire Dice sheet ({state})</caption>'
            f"<tbody>{''.join(body)}</tbody><tfoot>{foot}</tfoot></table></div>"
        )
