"""`BotChooser`: the play app's choice of who plays each bot seat of a game.

A "Bots" toggle (in the panel's footer, beside New game) opens a box: one
menu per bot seat, named as the panel names the seat (Cleo, Duda ...), with
every bot of the game named as the panel names it and, under it, the chosen
bot's one-line description; "Add a bot" and "Remove a bot" (from 1 to 5
bots: a click past them is answered by `say`); and "New game with these
bots", which calls `on_start(kinds)`.  The game in play changes only then.

>>> from dicelab.core.ui.words import Words
>>> from dicelab.sly_dice.panel.words import WORDS
>>> chooser = BotChooser(Words(WORDS), ("honest", "calculator"), ["calculator"], print, print)
>>> chooser.add_button.click()
>>> chooser.kinds, chooser.seats[1].description
(['calculator', 'honest'], 'Duda')
>>> chooser.start_button.click()
['calculator', 'honest']
>>> chooser.remove_button.click(); chooser.remove_button.click()
At least one bot: a game needs you and one bot or more
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from dicelab.core.ui.seats import BOT_NAMES
from dicelab.core.ui.widgets import action_button, close_tree, set_visible, show_available
from dicelab.core.ui.words import Words

MOST_BOTS = 5


class BotChooser:
    """The seats' bots (see the module): `toggle` and `box` go into a panel,
    `seats` are the menus, `kinds` what they say."""

    def __init__(
        self,
        words: Words,
        available: Sequence[str],
        chosen: Sequence[str],
        on_start: Callable[[list[str]], Any],
        say: Callable[[str], Any],
        me: str = "Ana",
    ) -> None:
        self.words, self.available, self.on_start, self.say = words, tuple(available), on_start, say
        self.names = [name for name in BOT_NAMES if name != me]
        self.toggle = widgets.ToggleButton(
            description=words("bots_toggle"), icon="users", layout=widgets.Layout(width="auto")
        )
        self.toggle.add_class("dicelab-bots-toggle")
        self.toggle.observe(lambda _change: self._show(), names="value")
        self.rows = widgets.VBox()
        self.add_button = self._button("add_bot", "dicelab-add-bot", "plus", self._add)
        self.remove_button = self._button("remove_bot", "dicelab-remove-bot", "minus", self._remove)
        self.start_button = self._button(
            "start_with_bots", "dicelab-start-bots", "play", lambda: on_start(self.kinds)
        )
        self.start_button.button_style = "primary"
        help_text = widgets.HTML(f"<small>{html.escape(words('bots_help'))}</small>")
        buttons = widgets.HBox(
            [self.add_button, self.remove_button, self.start_button],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px 8px"),
        )
        self.box = widgets.VBox([help_text, self.rows, buttons])
        self.box.add_class("dicelab-bots")
        self.seats: list[widgets.Dropdown] = []
        for kind in chosen:
            self._add(kind)
        self._show()

    def _button(self, key: str, css: str, icon: str, action: Callable[[], Any]) -> widgets.Button:
        return action_button(self.words(key), css, icon, action)

    @property
    def kinds(self) -> list[str]:
        """The bot chosen for each seat, in the order of the seats."""
        return [str(menu.value) for menu in self.seats]

    def _add(self, kind: str | None = None) -> None:
        """One more bot seat (the first bot of the game unless told)."""
        if len(self.seats) >= MOST_BOTS:
            self.say(self.words("most_bots"))
            return
        w = self.words
        menu = widgets.Dropdown(
            options=[(w(f"bot_{k}"), k) for k in self.available],
            value=kind or self.available[0],
            description=self.names[len(self.seats)],
            layout=widgets.Layout(width="auto"),
            style={"description_width": "initial"},
        )
        menu.add_class("dicelab-seat-bot")
        about = widgets.HTML()
        about.add_class("dicelab-bot-about")
        menu.observe(lambda _change, a=about, m=menu: self._describe(a, m), names="value")
        self._describe(about, menu)
        row = widgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="2px 10px")
        self.seats.append(menu)
        self.rows.children = (*self.rows.children, widgets.HBox([menu, about], layout=row))
        self._show()

    def _remove(self) -> None:
        if len(self.seats) <= 1:
            self.say(self.words("least_bots"))
            return
        self.seats.pop()
        *rest, last = self.rows.children
        self.rows.children = tuple(rest)
        close_tree(last)
        self._show()

    def _describe(self, about: widgets.HTML, menu: widgets.Dropdown) -> None:
        about.value = f"<small>{html.escape(self.words(f'about_{menu.value}'))}</small>"

    def _show(self) -> None:
        """The box, open or closed, with a row per seat and what may be done."""
        set_visible(self.box, bool(self.toggle.value))
        w = self.words
        show_available(self.add_button, len(self.seats) < MOST_BOTS, w("most_bots"))
        show_available(self.remove_button, len(self.seats) > 1, w("least_bots"))
