"""The hints of the Solitaire Dice panel: the exact chance that the next roll
offers each sum, and a bot's advice on the options of the roll.

The chances come from `odds.sum_table` for the player's discard numbers
(counted once per set of discard numbers, then cached).  The advice comes
from `Search().rank`, the strongest bot by default: each option with its
value, the Planner's rating of the sheet (a model's estimate of the final
score, good for ranking options, higher than what play gives) expected
after the next roll.

What the bots and the hints rate with (the option tables and the Planner's
model, about 0.5 s to build) is built once per process; `warm_up()` builds
it in a background thread, so that no click has to wait for it: until it is
ready (`tables_ready()`), the hints show the odds and say the advice is coming.
"""

from __future__ import annotations

import html
from fractions import Fraction
from functools import cache
from typing import Any

import ipywidgets as widgets

from dicelab.core.present.charts import bar_cell, html_table
from dicelab.core.present.numbers import fraction_text
from dicelab.core.ui.background import BackgroundTask
from dicelab.core.ui.panel import Words
from dicelab.core.ui.widgets import heading
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.odds import free_throw_probability, sum_table
from dicelab.solitaire.panel.views import line_tone
from dicelab.solitaire.panel.words import option_text
from dicelab.solitaire.rules import MAX_DISCARDS, SUMS, VALUES
from dicelab.solitaire.search import Search
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.strategy import STRATEGIES

TONE_COLORS = {"empty": "#90a4ae", "penalty": "#e57373", "scoring": "#66bb6a"}  # by line
TOP_OPTIONS = 5
FIRST_ROLL = (1, 2, 3, 4, 5)  # a roll rated to warm up


def _ignore(outcome: Any) -> None:
    """What the warm-up hands back, ignored: its tables stay in the caches where they
    were built (had it failed, the first click that needs them builds them and says why)."""


@cache
def warm_up() -> BackgroundTask:
    """Start building the tables of the bots and the hints in a background thread
    (once per process); `join()` the task before rating, so that they are never
    built twice at once.

    >>> warm_up().join(); warm_up().running
    False
    """
    task = BackgroundTask(lambda _: Search().rank(Sheet.empty(), FIRST_ROLL), _ignore, _ignore)
    task.start()
    return task


def tables_ready() -> bool:
    """Whether the warm-up is done (starting it if it was not started).

    >>> warm_up().join(); tables_ready()
    True
    """
    return not warm_up().running


def rank_options(rater: Any, sheet: Sheet, dice: tuple[int, ...]) -> list[tuple[int, float]]:
    """The options of `sheet.options(dice)` as (index, value), best first (after the
    warm-up: see `warm_up`)."""
    warm_up().join()
    index = {split: i for i, split in enumerate(sheet.options(dice))}
    return [(index[split], value) for split, value in rater.rank(sheet, dice)]


class HintsView:
    """The hints area: a title, the bar chart and table of P(offered), the free
    throw chance, and the advice of `planner` (the rater: `Search()` unless
    given, or anything with its `rank(sheet, dice)` method).

    After `refresh(game, player)`: `player` is the index the hints are for
    (None when the game is over), `values` maps each sum to its exact
    P(offered), `ranking` lists (option index, value) for that player's
    options (empty when they have none); `suggestions(game)` gives the
    rater's option for every player who has to choose.
    """

    def __init__(self, words: Words, planner: Any = None) -> None:
        self.words = words
        self.planner = Search() if planner is None else planner
        self.title = widgets.HTML()
        self.title.add_class("dicelab-hints-title")
        self.table = widgets.HTML()
        self.table.add_class("dicelab-hints-table")
        self.free_html = widgets.HTML()
        self.free_html.add_class("dicelab-hints-free")
        self.legend = widgets.HTML(f"<small>{html.escape(words('legend'))}</small>")
        self.advice_html = widgets.HTML()
        self.advice_html.add_class("dicelab-advice")
        self.widget = widgets.VBox(
            [self.title, self.table, self.legend, self.free_html, self.advice_html],
            layout=widgets.Layout(max_width="420px"),
        )
        self.widget.add_class("dicelab-hints")
        self.player: int | None = None
        self.values: dict[int, Fraction] = {}
        self.ranking: list[tuple[int, float]] = []

    def suggestions(self, game: SolitaireGame) -> dict[int, int]:
        """{player index: the rater's best option index} for the players who have to choose."""
        if game.dice is None or not tables_ready():
            return {}
        return {
            p: rank_options(self.planner, game.sheet(p), game.dice)[0][0]
            for p in sorted(game.state.waiting)
        }

    def refresh(self, game: SolitaireGame, player: int | None) -> None:
        """Recompute the hints for one player (None: the game is over, nothing to show)."""
        self.player, self.ranking = player, []
        if player is None:
            self.values = {}
            for part in (self.title, self.table, self.free_html, self.advice_html):
                part.value = ""
            return
        w = self.words
        sheet = game.sheet(player)
        chosen = sorted(sheet.chosen)
        table = sum_table(chosen)
        self.values = {s: table.value(s, "offered_probability") for s in SUMS}
        faces = ", ".join(map(str, chosen))
        discards = w("discards_some", faces=faces) if chosen else w("discards_none")
        name = game.players[player]
        self.title.value = heading(w("hints_title", name=name, discards=discards))
        rows = []
        for total in SUMS:
            p = self.values[total]
            color = TONE_COLORS[line_tone(sheet.marks(total))]
            rows.append(
                [
                    str(total),
                    str(VALUES[total]),
                    str(sheet.marks(total)),
                    bar_cell(p, color, w.percent(p, 1), fraction_text(p)),
                ]
            )
        self.table.value = html_table(
            [w("sum"), w("value"), w("marks"), w("p_offered")], rows, css="dicelab-odds"
        )
        if len(chosen) == MAX_DISCARDS:
            p = free_throw_probability(chosen)
            text = w("free_chance", faces=faces, p=f"{w.percent(p)} = {fraction_text(p)}")
        else:
            text = w("no_free")
        self.free_html.value = f"<small>{html.escape(text)}</small>"
        self._show_ranking(game, player, sheet)

    @property
    def rater_name(self) -> str:
        """What the rater is called: "search bot", "planner bot" (else its `name`)."""
        name = getattr(self.planner, "name", type(self.planner).__name__)
        return self.words(f"bot_{name}") if name in STRATEGIES else str(name)

    def _show_ranking(self, game: SolitaireGame, player: int, sheet: Sheet) -> None:
        w = self.words
        options = game.options(player)
        if not options or game.dice is None or not tables_ready():
            key = "advice_warming" if options and game.dice else "advice_wait"
            self.advice_html.value = f"<small>{html.escape(w(key, bot=self.rater_name))}</small>"
            return
        self.ranking = rank_options(self.planner, sheet, game.dice)
        best = self.ranking[0][1]
        rows = []
        for i, value in self.ranking[:TOP_OPTIONS]:
            delta = value - best
            shown = w("best") if delta == 0 else w.signed(delta, 1)
            rows.append([option_text(game.dice, options[i], w), w.number(value, 1), shown])
        title = html.escape(w("advice_title", name=game.players[player], bot=self.rater_name))
        search = getattr(self.planner, "name", "") == "search"
        note = html.escape(w("advice_note_search" if search else "advice_note"))
        table = html_table([w("option"), w("value"), w("delta")], rows)
        self.advice_html.value = f"<b>{title}</b>{table}<small>{note}</small>"
