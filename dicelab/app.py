"""The play app: every game's panel in a tab, and a language switch.

`PlayApp()` is what `notebooks/play.ipynb` shows (and `make play` serves
with Voilà): a header with English / Português / Español / Italiano / Français, then
one tab per game of `dicelab.games.GAMES`, and a last tab, Class tables, the
lobby where a class plays one game together, each student from their own
screen (`dicelab.classroom.lobby`).  Only the open tab's panel is built (a
class waits for nothing else); switching the language builds the open tab's
panel again in the new language around the same game, so nothing is lost,
and every other built panel when its tab is next opened.  A panel built
again closes every widget of the one before.  A game played against bots
has a "Bots" choice in its footer (`BotChooser`): every bot of the game for
each seat, with its one-line description, and a new game with them.
Its language is, by default, that of the environment variable `DICELAB_LANG`
(`dicelab play --lang` sets it for the app's kernels), else English.

>>> app = PlayApp(lang="pt")
>>> app.tabs.titles, sorted(app.panels)
(('Pôquer de dados', 'Solitaire Dice', 'Sly Dice', 'Solo', 'Mesas da turma'), ['dice-poker'])
>>> app.language.value = "en"
>>> app.tabs.titles[0], app.panels["dice-poker"].lang
('Dice Poker', 'en')
>>> [label for label, _ in app.language.options]
['English', 'Português', 'Español', 'Italiano', 'Français']
>>> app.language.value = "it"
>>> app.tabs.titles[0], app.panels["dice-poker"].roll_button.description
('Poker di dadi', 'Lancia (ancora 3)')
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from dicelab.classroom.words import TABLE_WORDS
from dicelab.core.i18n import LANGS, LANGUAGE_NAMES, language_code, msg, translate
from dicelab.core.ui.together import together
from dicelab.core.ui.widgets import close_tree, heading, playable_bundle
from dicelab.core.ui.words import COMMON_WORDS, Words, check_lang, listing
from dicelab.errors import DicelabError, SettingsError
from dicelab.games import GAMES, GameInfo

TITLE = msg("app_title", "dicelab: play")
LANGUAGES = tuple(zip(LANGUAGE_NAMES, LANGS))
LANG_VARIABLE = "DICELAB_LANG"


def default_lang(environ: Mapping[str, str] = os.environ) -> str:
    """The language of an app given none: `DICELAB_LANG` if set, else English.

    >>> default_lang({}), default_lang({"DICELAB_LANG": "pt"}), default_lang({"DICELAB_LANG": "PT"})
    ('en', 'pt', 'pt')
    >>> default_lang({"DICELAB_LANG": "klingon"})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: DICELAB_LANG must be one of en, pt, ..., not 'klingon'
    """
    value = environ.get(LANG_VARIABLE) or "en"
    lang = language_code(value)  # as every command reads it: "PT", "pt_BR.UTF-8"
    if lang is None:
        raise SettingsError(f"{LANG_VARIABLE} must be one of {', '.join(LANGS)}, not {value!r}")
    return lang


class PlayApp:
    """A tab per game (its panel built when the tab is first opened) and a
    language switch; `panels[name]` are the panels built so far."""

    def __init__(
        self,
        players: Sequence[str] = ("Ana", "Bruno"),
        lang: str | None = None,
        games: Sequence[GameInfo] | None = None,
        tables: bool = True,
    ) -> None:
        self.games = list(GAMES.values()) if games is None else list(games)
        self.tables = tables
        self.lobby: Any = None  # the Class tables tab's lobby, once opened
        self.players = tuple(players)
        self.lang = default_lang() if lang is None else check_lang(lang)
        self.panels: dict[str, Any] = {}
        self.choosers: dict[str, Any] = {}  # each game's choice of bots (`BotChooser`)
        self.title = widgets.HTML()
        self.language = widgets.ToggleButtons(options=list(LANGUAGES), value=self.lang)
        self.language.style.button_width = "auto"
        self.language.add_class("dicelab-language")
        tabs = len(self.games) + tables
        self.tabs = widgets.Tab(children=[widgets.VBox() for _ in range(tabs)])
        self.tabs.add_class("dicelab-tabs")
        head = widgets.HBox(
            [self.title, self.language],
            layout=widgets.Layout(align_items="center", grid_gap="24px"),
        )
        self.widget = widgets.VBox([head, self.tabs])
        self.widget.add_class("dicelab-app")
        self._show_titles()
        self._open(0)
        self.tabs.observe(lambda change: self._open(change["new"]), names="selected_index")
        self.language.observe(lambda change: self._switch(change["new"]), names="value")

    def _show_titles(self) -> None:
        self.title.value = heading(translate(TITLE, self.lang), level=1, size="1.2em")
        titles = [game.title_in(self.lang) for game in self.games]
        if self.tables:
            titles.append(Words(TABLE_WORDS, self.lang)("lobby"))
        self.tabs.titles = tuple(titles)

    def _open(self, index: int | None) -> None:
        """Show the panel of tab `index` in the app's language: built the first
        time, built again around the same game after a language switch."""
        if index is None:
            return
        if index == len(self.games):
            self._open_lobby()
            return
        game = self.games[index]
        old = self.panels.get(game.name)
        if old is not None and old.lang == self.lang:
            return
        with together():
            if old is None:
                players = self.players[:1] if game.against_bots else self.players
                panel = game.panel_class(players, lang=self.lang)
            else:
                panel = old.in_language(self.lang)
        self._place(index, panel, old)

    def _place(self, index: int, panel: Any, old: Any) -> None:
        """Show `panel` in tab `index` (with its choice of bots), closing `old`."""
        game = self.games[index]
        if getattr(panel, "bot_kinds", ()):
            from dicelab.core.ui.bot_chooser import BotChooser

            chooser = BotChooser(
                panel.words,
                panel.bot_kinds,
                panel.kinds[1:],
                lambda kinds: self._with_bots(index, kinds),
                panel.message.error,
                me=panel.me,
            )
            panel.add_to_footer(chooser.toggle, chooser.box)
            self.choosers[game.name] = chooser
        self.panels[game.name] = panel
        self.tabs.children[index].children = [panel.widget]
        if old is not None:
            close_tree(old.widget)

    def _with_bots(self, index: int, kinds: list[str]) -> None:
        """A new game of tab `index` with you and these bots (the seed box's seed, if
        any, else a fresh one)."""
        game, old = self.games[index], self.panels[self.games[index].name]
        try:
            seed = old.next_seed()
        except DicelabError as error:  # said in the panel's language, nothing changes
            old.message.error(error.in_language(self.lang))
            return
        with together():
            panel = game.panel_class(self.players[:1], seed=seed, lang=self.lang, bots=kinds)
        self._place(index, panel, old)

    def _open_lobby(self) -> None:
        """The Class tables tab: the lobby (anyone may make a table, and is its
        teacher), built the first time, again in a new language around the same
        seat or table."""
        from dicelab.classroom.lobby import Lobby

        old = self.lobby
        if old is not None and old.lang == self.lang:
            return
        with together():
            lobby = (
                Lobby(lang=self.lang, teacher=True) if old is None else old.in_language(self.lang)
            )
        self.lobby = lobby
        self.tabs.children[-1].children = [lobby.widget]
        if old is not None:
            close_tree(old.widget)

    def _switch(self, lang: str) -> None:
        """The titles, and the open tab's game, in another language."""
        self.lang = check_lang(lang)
        self._show_titles()
        self._open(self.tabs.selected_index)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        words = Words(COMMON_WORDS, self.lang)
        titles = [game.title_in(self.lang) for game in self.games]
        return playable_bundle(self.widget, words("run_to_play", game=listing(titles, words)))
