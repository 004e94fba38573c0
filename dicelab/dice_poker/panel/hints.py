"""The hints of the Dice Poker panel: exact odds for the holds at hand, and an
optional optimal-play advisor.

The odds come from `turn_outlook`, for the card of the player to move: for
every open box, the chance to *make* it by the end of the turn (an upper
box: three or more of its face, par for the bonus; a lower box: any
points), following the joker rule, and its expected points, with the dice
held now and the remaining rolls aimed at that box; and the hold that gives
the best chance.  Each chance has a bar; its exact fraction is on hover.

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
the best one ("if you roll again" for the holds, "if you score now" for the
boxes).  An advisor that fails does not stop the odds from showing.

The optimal advisor is solved, or loaded from the cache, in the background
(`dicelab.core.ui.background`): the panel stays playable, with a progress
bar and a Cancel button meanwhile.
"""

from __future__ import annotations

import html
import math
import numbers
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from dicelab.core.present.charts import Markup, bar_cell, html_table
from dicelab.core.present.numbers import fraction_text
from dicelab.core.ui.panel import Words, set_visible
from dicelab.core.ui.parts import ProgressRow, html_part
from dicelab.core.ui.widgets import heading
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.odds import turn_outlook
from dicelab.dice_poker.panel.words import hold_key
from dicelab.dice_poker.rules import Hold, Ruleset, hold_text
from dicelab.dice_poker.state import GameState
from dicelab.errors import SettingsError

BAR_COLOR = "#1e88e5"
TOP_HOLDS = 6


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


def _number(value: Any, words: Words) -> tuple[str, str]:
    """A value to two decimals, exact on hover when it is a Fraction."""
    tip = fraction_text(value) if isinstance(value, Fraction) else ""
    return words.number(value), tip


def _delta(value: Any, best: Any, words: Words) -> str:
    diff = float(value - best)
    return words("best") if diff == 0 else words.signed(diff)


class HintsView:
    """The hints area: a title, the odds of every open box (with bars), a caption,
    and the advisor (its button, progress, Cancel, and tables).

    After `refresh(game)`: `hold` is the hold the odds are for (None before
    the first roll); `values` maps each open box to its exact chance, `points`
    to its expected points, `best` to (best hold, its chance); `advice` is the
    advisor's answer ({"holds": ..., "boxes": ...}, or None).
    """

    def __init__(
        self,
        rules: Ruleset,
        words: Words,
        advisor: Any = None,
        on_cancel: Callable[[], None] = lambda: None,
    ) -> None:
        self.rules, self.words, self.advisor = rules, words, advisor
        self.title = html_part("dicelab-hints-title")
        self.table = html_part("dicelab-hints-table")
        self.caption = html_part("dicelab-hints-caption")
        self.advice_html = html_part("dicelab-advice")
        set_visible(self.advice_html, advisor is not None)
        self.optimal_button = widgets.Button(
            description=words("optimal_load"), icon="graduation-cap", tooltip=words("optimal_tip")
        )
        self.optimal_button.layout.width = "auto"
        self.optimal_button.add_class("dicelab-optimal")
        self.working = ProgressRow(words, "dicelab-optimal", "solving", on_cancel)
        self.progress, self.status, self.cancel_button = self.working.parts
        self.show_progress = self.working.show
        self.solving(False)
        optimal = widgets.HBox(
            [self.optimal_button, self.working.widget],
            layout=widgets.Layout(align_items="center", grid_gap="8px", flex_flow="row wrap"),
        )
        self.widget = widgets.VBox(
            [self.title, self.table, self.caption, optimal, self.advice_html]
        )
        self.widget.add_class("dicelab-hints")
        self.hold: Hold | None = None
        self.values: dict[str, Fraction] = {}
        self.points: dict[str, Fraction] = {}
        self.best: dict[str, tuple[Hold, Fraction]] = {}
        self.advice: dict[str, dict[Any, Any]] | None = None

    def solving(self, busy: bool) -> None:
        """Show the progress bar, its words and Cancel (and no button) while the
        optimal table is made."""
        self.working.busy(busy)
        set_visible(self.optimal_button, not busy and self.advisor is None)

    def use_advisor(self, advisor: Any) -> None:
        """From now on, show this advisor's values next to the odds."""
        self.advisor = advisor
        self.solving(False)
        set_visible(self.optimal_button, False)
        set_visible(self.advice_html, True)

    def _hold_label(self, hold: Hold) -> str:
        return hold_text(hold, self.words.lang)

    def refresh(self, game: DicePokerGame) -> None:
        """Recompute the odds (and ask the advisor) for the game as it stands."""
        state = game.state
        self.hold, self.values, self.points, self.best, self.advice = None, {}, {}, {}, None
        if game.is_over:
            self.title.value = self.table.value = self.caption.value = ""
            self.advice_html.value = ""
            return
        w = self.words
        if state.dice is None:
            table = turn_outlook(state.card)
            title = w("hints_before")
        else:
            rolls_left = game.rolls_left
            self.hold = hold_key(state.dice, state.held, rolls_left)
            table = turn_outlook(state.card, state.dice, self.hold, rolls_left)
            if rolls_left:
                title = w("hints_now", hold=self._hold_label(self.hold), count=rolls_left)
            else:
                title = w("hints_final")
        for row in table.rows:
            self.values[row["box"]] = row["chance"]
            self.points[row["box"]] = row["points"]
            if state.dice is not None and game.rolls_left:
                self.best[row["box"]] = (row["best_hold"], row["best_chance"])
        self.title.value = heading(title)
        self.table.value = self._odds_table()
        caption = w("hints_caption", bonus_at=self.rules.upper_bonus_threshold)
        self.caption.value = f"<small>{html.escape(caption)}</small>"
        self._show_advice(state)

    def _odds_table(self) -> str:
        w = self.words
        rows = []
        for box_id, p in self.values.items():
            cells: list[Any] = [
                self.rules.box(box_id).label(w.lang),
                bar_cell(p, BAR_COLOR, w.percent(p), fraction_text(p)),
                _number(self.points[box_id], w),
            ]
            if self.best:
                hold, q = self.best[box_id]
                cells += [self._hold_label(hold), (w.percent(q), fraction_text(q))]
            rows.append(cells)
        headers = [w("box"), w("chance_now" if self.best else "chance"), w("points")]
        if self.best:
            headers += [w("best_hold"), w("best_chance")]
        return html_table(headers, rows, "dicelab-odds")

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

    def _advice_html(self, state: GameState, advice: dict[str, dict[Any, Any]]) -> str:
        w = self.words
        parts = [f"<b>{html.escape(w('advisor_title'))}</b>"]
        holds = advice["holds"] if state.rolls_used < 3 else {}
        if holds:
            parts.append(Markup(f"<div><i>{html.escape(w('if_roll_again'))}</i></div>"))
            parts.append(self._advice_table(holds, w("hold_col"), self._hold_label))
        boxes = advice["boxes"]
        if boxes:
            parts.append(Markup(f"<div><i>{html.escape(w('if_score_now'))}</i></div>"))
            parts.append(
                self._advice_table(boxes, w("box"), lambda b: self.rules.box(b).label(w.lang))
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
            name = label(key) + (f" · {self.words('yours')}" if key == self.hold else "")
            rows.append([name, _number(value, self.words), _delta(value, best, self.words)])
        return html_table([header, self.words("expected"), self.words("delta")], rows)
