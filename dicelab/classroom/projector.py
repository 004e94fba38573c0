"""`Projector`: the teacher's view of a class table, for the projector.

It speaks with the table's teacher token, so it sees what the whole class
may see and nothing more: the table's code (big, to copy from the screen),
who sits where and who has joined, the game's public view (each game's
`PublicTable`, in its panel's views: Sly Dice's common and set-aside dice and
claims, Solo's discard pile and how many cards each holds), the actions
anyone at the table may take (Solitaire Dice's roll for everyone), the
points, and the end.  The teacher gives a seat to a bot: a seat nobody has
taken, or a student's who has gone.  It redraws at each piece of news of the
table (`watch`).
"""

from __future__ import annotations

import html
import importlib
import json
from typing import Any

import ipywidgets as widgets

from dicelab.classroom.client import Client
from dicelab.classroom.seat import Watcher
from dicelab.classroom.words import TABLE_WORDS
from dicelab.core.ui.background import BackgroundTask
from dicelab.core.ui.callbacks import safe_callback
from dicelab.core.ui.message import MessageArea
from dicelab.core.ui.panel import SUMMARY_STYLE
from dicelab.core.ui.widgets import PANEL_CSS, set_visible, show_text
from dicelab.core.ui.words import Words, check_lang, result_text
from dicelab.errors import SettingsError
from dicelab.games import GAMES

__all__ = ["Projector", "public_table_class"]

CODE_STYLE = "font-size:2.2em;font-weight:bold;letter-spacing:0.15em;font-family:monospace"
PROJECTOR_CSS = """
.dicelab-projector .dicelab-big-dice, .dicelab-projector .dicelab-dice-text { font-size: 32px; }
.dicelab-projector table.dicelab-seats td { padding: 0 8px; line-height: 1.3; }
"""


def public_table_class(game: str) -> Any:
    """The `PublicTable` of a game's panel views (None if the game has none yet).

    >>> public_table_class("solo").__name__, public_table_class("dice-poker")
    ('PublicTable', None)
    """
    package = GAMES[game].panel.partition(":")[0]
    return getattr(importlib.import_module(package + ".views"), "PublicTable", None)


class Projector:
    """The teacher's view of the table `client` made (see the module)."""

    def __init__(self, client: Client, lang: str = "en", watch: bool = True) -> None:
        self.client, self.lang = client, check_lang(lang)
        self.errors: list[BaseException] = []
        self.answer = client.view()
        if self.answer["player"] is not None:
            raise SettingsError("the projector speaks with the table's teacher token")
        self.info = GAMES[self.answer["game"]]
        table_class = public_table_class(self.info.name)
        if table_class is None:
            raise SettingsError(f"{self.info.title} has no projector view yet")
        package = self.info.panel.partition(":")[0]
        panel_words = importlib.import_module(package + ".words").WORDS
        self.words = Words(panel_words | TABLE_WORDS, self.lang)
        self.engine_class = self.info.engine_class
        w = self.words
        self.public = table_class(w, self._kinds())
        self.code = widgets.HTML()
        self.seats = widgets.HTML()
        self.message = MessageArea(layout=widgets.Layout(min_height="24px"))
        self.roll_button = widgets.Button(
            description=w("roll_for_all"), icon="dice", button_style="primary"
        )
        self.roll_button.add_class("dicelab-roll")
        self.roll_button.on_click(lambda _b: self._on_shared())
        self.summary = widgets.HTML()
        wide = {"description_width": "initial"}  # a label as long as its words, in any language
        self.bot_seat = widgets.Dropdown(
            description=w("give_seat"), style=wide, layout={"width": "auto"}
        )
        self.bot_kind = widgets.Dropdown(
            options=list(self.info.strategy_names),
            description=w("to_bot"),
            style=wide,
            layout={"width": "auto"},
        )
        self.give_button = widgets.Button(description=w("give_to_bot"), icon="android")
        self.give_button.on_click(lambda _b: self._on_give())
        row = widgets.Layout(flex_flow="row wrap", align_items="center", grid_gap="4px 24px")
        head = widgets.HBox([self.code, self.roll_button], layout=row)
        bots = widgets.VBox([self.bot_seat, self.bot_kind, self.give_button])
        seats = widgets.HBox([self.seats, bots], layout=row)
        style = widgets.HTML(f"<style>{PANEL_CSS}{self.public.css}{PROJECTOR_CSS}</style>")
        parts = [head, self.message, seats, self.public.widget, self.summary]
        self.widget = widgets.VBox([style, *parts])
        for name in ("dicelab-panel", "dicelab-projector", f"dicelab-{self.public.name}"):
            self.widget.add_class(name)
        self.widget.add_class(f"dicelab-lang-{self.lang}")
        self.watcher = Watcher(client)
        self.bots_task: BackgroundTask | None = None  # the bots on the same dice, at the end
        self.refresh()
        if watch:
            self.watcher.start(self.sync)

    def _kinds(self) -> list[str | None]:
        """Each seat as the players' table names it: its bot, else "" (a student)."""
        bots = self.answer["bots"]
        return [bots.get(name, "") for name in self.answer["players"]]

    # --- what it shows -------------------------------------------------------------

    def refresh(self) -> None:
        """Draw everything from the teacher's answer."""
        w, answer = self.words, self.answer
        game = self.info.title_in(self.lang)
        self.code.value = (
            f"<div>{html.escape(game)} · {html.escape(w('join_with', code=''))}"
            f"<span class='dicelab-table-code' style='{CODE_STYLE}'>{answer['code']}</span></div>"
        )
        self.seats.value = self._seats_html()
        students = [p for p in answer["players"] if p not in answer["bots"]]
        if list(self.bot_seat.options) != students:
            self.bot_seat.options = students
            self.bot_seat.value = students[0] if students else None
        for widget in (self.bot_seat, self.bot_kind, self.give_button):
            set_visible(widget, bool(students) and not answer["over"])
        set_visible(self.roll_button, bool(answer["legal"]))
        view = self.engine_class.view_from_json(json.dumps(answer["view"]))
        on_view = self.engine_class.from_state(view, 0)
        self.public.kinds = self._kinds()
        self.public.refresh(view, on_view.scores())
        if answer["over"] and hasattr(self.public, "same_dice") and self.bots_task is None:
            self._bots_on_same_dice(answer["seed"])
        if answer["over"]:
            scores = answer["scores"]
            head = f"{w('game_over')} {result_text(scores, on_view.winners(), w)}"
            show_text(self.summary, head, SUMMARY_STYLE)
        else:
            moves = answer["version"]
            show_text(self.summary, w("version", count=moves, n=moves), "color:#424242")

    def _bots_on_same_dice(self, seed: int) -> None:
        """The bots' games on the table's dice, played in the background (a few
        seconds), then shown beside the students' sheets."""
        self.message.info(self.words("bots_play"))
        self.bots_task = BackgroundTask(
            lambda _progress: self.public.same_dice(seed), self._on_bots_done, self._on_failed
        )
        self.bots_task.start()

    @safe_callback
    def _on_bots_done(self, sheets: Any) -> None:
        self.public.show_same_dice(sheets)
        self.message.clear()

    @safe_callback
    def _on_failed(self, error: BaseException) -> None:
        raise error

    def _seats_html(self) -> str:
        w, answer = self.words, self.answer
        rows = []
        for name in answer["players"]:
            bot = answer["bots"].get(name)
            if bot is not None:
                who = w(f"bot_{bot}")
            else:
                who = w("here") if name in answer["seated"] else w("not_here")
            css = "dicelab-joined" if bot or name in answer["seated"] else "dicelab-waiting"
            rows.append(
                f"<tr class='{css}'><td><b>{html.escape(name)}</b></td>"
                f"<td>{html.escape(who)}</td></tr>"
            )
        head = f"<tr><th>{html.escape(w('seat'))}</th><th>{html.escape(w('who'))}</th></tr>"
        return f"<table class='dicelab-players dicelab-seats'>{head}{''.join(rows)}</table>"

    # --- clicks and news -------------------------------------------------------------

    @safe_callback
    def sync(self) -> None:
        """Read the table again and redraw (at each piece of news when watching)."""
        self.answer = self.client.view()
        self.refresh()

    @safe_callback
    def _on_shared(self) -> None:
        """The action anyone at the table may take (Solitaire Dice's roll for everyone)."""
        if not self.answer["legal"]:  # (hidden then: a click from a page not yet redrawn)
            self.refresh()
            return
        self.answer = self.client.act(self.answer["legal"][0])
        self.refresh()

    @safe_callback
    def _on_give(self) -> None:
        player, bot = self.bot_seat.value, self.bot_kind.value
        if not player:
            return
        self.answer = self.client.bot_for(player, bot)
        self.refresh()
        self.message.info(self.words("given", name=player, bot=self.words(f"bot_{bot}")))

    def stop(self) -> None:
        """No more redrawing at the table's news."""
        self.watcher.listener = None
