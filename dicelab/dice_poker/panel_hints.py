"""The hints of the Dice Poker panel: exact odds for the holds at hand, and an
optional optimal-play advisor.

The odds come from `current_turn_table` (before the first roll, from
`turn_table`): for the current holds and rolls left, the exact chance of
each box by the end of the turn, the remaining rolls aimed at that box.

An advisor is any object with an `advise(state)` method, or a callable
`advisor(state)`, taking the immutable `GameState` of the game and
returning, as a mapping or as an object with these attributes:

- `holds`: {hold: expected final score} for the holds of the current dice,
  a hold being the sorted tuple of held faces (`()` rerolls all, all five
  faces stops);
- `boxes`: {box id: expected final score} for the boxes the dice may fill.

"Expected final score" is the player's expected final total when that
choice is made and the rest of the game is played optimally.  Either part
may be missing or empty; the panel shows each value and its difference to
the best one.  An advisor that fails does not stop the odds from showing.
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

import ipywidgets as widgets

from dicelab.core.present.charts import bar_figure, html_table, update_bars
from dicelab.core.present.numbers import fraction_text, percent_text
from dicelab.core.present.table import OddsTable
from dicelab.core.ui.panel import Words, set_visible
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.odds import current_turn_table, turn_table
from dicelab.dice_poker.panel_text import hold_key
from dicelab.dice_poker.rules import Hold, Ruleset, hold_text
from dicelab.dice_poker.state import GameState
from dicelab.errors import SettingsError

OPEN_COLOR = "#1e88e5"
FILLED_COLOR = "#cfd8dc"
TOP_HOLDS = 6


@lru_cache(maxsize=256)
def _turn_odds(hand: tuple[int, ...], rolls_left: int, rules: Ruleset) -> OddsTable:
    return current_turn_table(hand, rolls_left, rules)


def call_advisor(advisor: Any, state: GameState) -> dict[str, dict[Any, Any]]:
    """Ask the advisor about `state`; {"holds": {hold text: value}, "boxes": {box id: value}}.

    Raises `SettingsError` when the answer is not of that form: a value that is
    not a finite number, or a box the ruleset does not have.
    """
    ask = getattr(advisor, "advise", advisor)
    result = ask(state)
    parts: dict[str, dict[Any, Any]] = {}
    for part in ("holds", "boxes"):
        raw = result.get(part) if isinstance(result, Mapping) else getattr(result, part, None)
        if raw is not None and not isinstance(raw, Mapping):
            raise SettingsError(f"the advisor's {part} must be a mapping, not {raw!r}")
        parts[part] = dict(raw or {})
        for key, value in parts[part].items():
            real = isinstance(value, numbers.Real) and not isinstance(value, bool)
            if not real or not math.isfinite(value):
                raise SettingsError(f"the advisor gave {value!r} for {key!r}: not a number")
    for box_id in parts["boxes"]:
        state.ruleset.box(box_id)
    parts["holds"] = {_hold(key, state.dice or ()): v for key, v in parts["holds"].items()}
    return parts


def _hold(key: Any, dice: Sequence[int]) -> Hold:
    """An advisor's hold, checked: faces the dice show."""
    if isinstance(key, (str, bytes)) or not isinstance(key, Iterable):
        raise SettingsError(f"the advisor's holds are tuples of faces, not {key!r}")
    faces = tuple(sorted(key))
    left = list(dice)
    for face in faces:
        if face not in left:
            raise SettingsError(f"the advisor's hold {key!r} is not in the dice")
        left.remove(face)
    return faces


def _number(value: Any) -> tuple[str, str]:
    """A value to two decimals, exact on hover when it is a Fraction."""
    tip = fraction_text(value) if isinstance(value, Fraction) else ""
    return f"{float(value):.2f}", tip


def _delta(value: Any, best: Any, words: Words) -> str:
    diff = float(value - best)
    return words("best") if diff == 0 else f"{diff:+.2f}".replace("-", "−")


class HintsView:
    """The hints area: a title, a table of exact odds, a bar chart, the advisor.

    After `refresh(game)`: `hold` is the row of `current_turn_table` used
    (None before the first roll), `values` maps every box id to its exact
    chance, `best` maps a box id to (best hold, its chance), `advice` is the
    advisor's answer ({"holds": ..., "boxes": ...}, or None).
    """

    def __init__(self, rules: Ruleset, words: Words, advisor: Any = None) -> None:
        self.rules, self.words, self.advisor = rules, words, advisor
        self.labels = [box.label(words.lang) for box in rules.boxes]
        self.title = widgets.HTML()
        self.title.add_class("dicelab-hints-title")
        self.table = widgets.HTML()
        self.table.add_class("dicelab-hints-table")
        self.figure = bar_figure(self.labels)
        self.figure.add_class("dicelab-hints-figure")
        self.advice_html = widgets.HTML()
        self.advice_html.add_class("dicelab-advice")
        set_visible(self.advice_html, advisor is not None)
        self.optimal_button = widgets.Button(
            description=words("optimal_load"), icon="graduation-cap", tooltip=words("optimal_tip")
        )
        self.optimal_button.layout.width = "auto"
        self.optimal_button.add_class("dicelab-optimal")
        self.progress = widgets.IntProgress(value=0, min=0, max=1)
        self.progress.add_class("dicelab-optimal-progress")
        set_visible(self.optimal_button, advisor is None)
        set_visible(self.progress, False)
        self.widget = widgets.VBox(
            [
                self.title,
                self.table,
                self.figure,
                self.optimal_button,
                self.progress,
                self.advice_html,
            ]
        )
        self.widget.add_class("dicelab-hints")
        self.hold: Hold | None = None
        self.values: dict[str, Fraction] = {}
        self.best: dict[str, tuple[Hold, Fraction]] = {}
        self.advice: dict[str, dict[str, Any]] | None = None

    def solving(self, busy: bool) -> None:
        """Show the progress bar (and no button) while the optimal table is made."""
        self.optimal_button.disabled = busy
        set_visible(self.progress, busy)

    def use_advisor(self, advisor: Any) -> None:
        """From now on, show this advisor's values next to the odds."""
        self.advisor = advisor
        set_visible(self.optimal_button, False)
        set_visible(self.advice_html, True)

    def _hold_label(self, hold: Hold) -> str:
        return hold_text(hold, self.words.lang)

    def refresh(self, game: DicePokerGame) -> None:
        """Recompute the odds (and ask the advisor) for the game as it stands."""
        state = game.state
        self.hold, self.best, self.advice = None, {}, None
        if game.is_over:
            self.values = {}
            self.title.value, self.table.value, self.advice_html.value = "", "", ""
            update_bars(self.figure, [0.0] * len(self.labels), [""] * len(self.labels))
            return
        if state.dice is None:
            table = turn_table(self.rules, rolls=3)
            self.values = {box.id: table.value(box.id, "probability") for box in self.rules.boxes}
            title = self.words("hints_before")
        else:
            rolls_left = game.rolls_left
            table = _turn_odds(tuple(sorted(state.dice)), rolls_left, self.rules)
            self.hold = hold_key(state.dice, state.held, rolls_left)
            self.values = {box.id: table.value(self.hold, box.id) for box in self.rules.boxes}
            if rolls_left:
                self.best = self._best_holds(table)
                held = sorted(state.dice[p] for p in state.held)
                shown = " ".join(map(str, held)) if held else self.words("hold_none")
                if len(held) == len(state.dice):
                    shown = self.words("hold_all")
                title = self.words("hints_now", hold=shown, n=rolls_left)
            else:
                title = self.words("hints_final")
        self.title.value = f"<b>{html.escape(title)}</b>"
        self._show_odds(state)
        self._show_advice(state)

    def _best_holds(self, table: OddsTable) -> dict[str, tuple[Hold, Fraction]]:
        best: dict[str, tuple[Hold, Fraction]] = {}
        for row in table.rows:
            for box in self.rules.boxes:
                if box.id not in best or row[box.id] > best[box.id][1]:
                    best[box.id] = (row["hold"], row[box.id])
        return best

    def _show_odds(self, state: GameState) -> None:
        card = state.card
        filled = self.words("filled")
        rows = []
        for box, label in zip(self.rules.boxes, self.labels):
            p = self.values[box.id]
            name = label if card.boxes[box.id] is None else f"{label} ({filled})"
            row: list[Any] = [name, (percent_text(p), fraction_text(p))]
            if self.best:
                hold, q = self.best[box.id]
                row += [self._hold_label(hold), (percent_text(q), fraction_text(q))]
            rows.append(row)
        headers = [self.words("box"), self.words("chance_now" if self.best else "chance")]
        if self.best:
            headers += [self.words("best_hold"), self.words("best_chance")]
        self.table.value = html_table(headers, rows)
        colors = [
            OPEN_COLOR if card.boxes[b.id] is None else FILLED_COLOR for b in self.rules.boxes
        ]
        values = [self.values[b.id] for b in self.rules.boxes]
        update_bars(
            self.figure,
            [float(v) for v in values],
            [fraction_text(v) for v in values],
            colors,
        )

    def _show_advice(self, state: GameState) -> None:
        if self.advisor is None or state.dice is None:
            self.advice_html.value = ""
            return
        try:
            self.advice = call_advisor(self.advisor, state)
            self.advice_html.value = self._advice_html(state, self.advice)
        except Exception as error:  # a plug-in: its failure must not stop the odds
            self.advice = None
            self.advice_html.value = html.escape(self.words("advisor_failed", error=error))

    def _advice_html(self, state: GameState, advice: dict[str, dict[str, Any]]) -> str:
        parts = [f"<b>{html.escape(self.words('advisor_title'))}</b>"]
        holds = advice["holds"] if state.rolls_used < 3 else {}
        if holds:
            parts.append(self._advice_table(holds, self.words("hold_col"), self._hold_label))
        boxes = advice["boxes"]
        if boxes:
            parts.append(
                self._advice_table(
                    boxes, self.words("box"), lambda b: self.rules.box(b).label(self.words.lang)
                )
            )
        return "".join(parts)

    def _advice_table(self, values: dict[Any, Any], header: str, label: Any) -> str:
        ranked = sorted(values.items(), key=lambda item: -item[1])
        best = ranked[0][1]
        shown = ranked[:TOP_HOLDS]
        if self.hold in values and all(key != self.hold for key, _ in shown):
            shown.append((self.hold, values[self.hold]))
        rows = []
        for key, value in shown:
            name = label(key) + (f" {self.words('yours')}" if key == self.hold else "")
            rows.append([name, _number(value), _delta(value, best, self.words)])
        return html_table([header, self.words("expected"), self.words("delta")], rows)
