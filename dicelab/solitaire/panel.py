"""`SolitairePanel`: play Sid Sackson's Solitaire Dice in Jupyter, alone or
with others sharing the rolls, with exact-odds hints and the planner's advice.

The panel is thin: it owns its widgets and a `SolitaireGame`; every rule
lives in the game.  A click the rules forbid leaves the game unchanged and
is answered in the panel's message line, never with a traceback.

>>> panel = SolitairePanel(["Ana", "Bruno"], seed=2)
>>> panel.roll_button.click()
>>> panel.game.dice, panel.waiting_label.value
((6, 2, 1, 2, 3), 'Waiting for Ana and Bruno to choose')
>>> [b.description for b in panel.option_buttons[0][:2]]
['2+2=4 · 3+6=9 · discard 1', '2+3=5 · 2+6=8 · discard 1']
>>> panel.roll_button.click()  # not everyone has chosen: answered in the panel
>>> panel.message.text
'Ana, Bruno must choose first (rule: every player still playing chooses before the next roll)'
>>> panel.option_buttons[0][1].click()
>>> panel.message.text
'Ana marked 2+3=5 · 2+6=8 · discard 1: score -400. Waiting for Bruno to choose.'
>>> panel.total_labels[0].value, panel.roll_button.disabled
('<b>-400</b>', True)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from dicelab.core.panel import (
    MAX_PLAYERS,
    PANEL_CSS,
    DieView,
    MessageArea,
    Panel,
    SaveLoadControls,
    SeedControls,
    Words,
    check_lang,
    check_seed,
    fresh_seed,
    panel_players,
    safe_callback,
    set_visible,
)
from dicelab.errors import SaveFileError, SettingsError
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.panel_hints import HintsView
from dicelab.solitaire.panel_sheet import SHEET_CSS, PlayerView, breakdown_html
from dicelab.solitaire.panel_text import WORDS, game_over_text, listing, option_text
from dicelab.solitaire.rules import DICE, DISCARD_NUMBERS, END_MARK, Split

__all__ = ["DEFAULT_SAVE", "MAX_PLAYERS", "SolitairePanel"]

DEFAULT_SAVE = "solitaire-save.json"


class SolitairePanel(Panel):
    """A Solitaire Dice table for 1 to 6 players sharing each roll.

    `SolitairePanel(players=["Ana"], seed=None, lang="en", planner=None)`:
    `seed` is a whole number (None: a fresh one, shown in the panel); `lang`
    is "en" or "pt"; `planner` rates the options in the hints (default
    `Planner(focus=2.5)`, anything with its `rank(sheet, dice)` method).

    Each roll is for every player still playing; each of them clicks one of
    their options (in any order) before the next roll.  Widgets, for tests
    and browser tests: `dice_buttons` (5 Buttons), `roll_button`,
    `waiting_label`, `roll_label`, `option_buttons[player]`,
    `sheet_labels[player]`, `total_labels[player]`, `players_views`,
    `hints_toggle`, `hints` (a `HintsView`), `figure`, `message`, `summary`,
    `new_game_button`, `seed_text`, `seed_label`, `save_path`,
    `save_button`, `load_button`.
    """

    def __init__(
        self,
        players: Sequence[str] = ("Ana",),
        seed: int | None = None,
        lang: str = "en",
        planner: Any = None,
    ) -> None:
        names = panel_players(players, "the Solitaire Dice panel")
        self.words = Words(WORDS, check_lang(lang))
        self.lang = lang
        self.errors: list[BaseException] = []
        seed = check_seed(seed)
        seed = fresh_seed() if seed is None else seed
        self._planner = planner
        self._hints: HintsView | None = None
        self._views: list[PlayerView] = []
        self._last: dict[int, Split] = {}
        self._build_widgets()
        self._game = SolitaireGame(names, seed=seed)
        self._install(self._game, seed)

    # --- building -------------------------------------------------------------

    def _build_widgets(self) -> None:
        w = self.words
        self.title = widgets.HTML(f"<h3 style='margin:4px 0'>{html.escape(w('title'))}</h3>")
        self.roll_label = widgets.HTML()
        self.roll_label.add_class("dicelab-turn")
        self.dice_views = [DieView(i) for i in range(DICE)]
        self.dice_buttons = [view.button for view in self.dice_views]
        for view in self.dice_views:
            set_visible(view.caption, False)
        self.roll_button = widgets.Button(
            description=w("roll"),
            button_style="primary",
            icon="dice",
            layout=widgets.Layout(width="140px", height="56px", margin="10px 12px"),
        )
        self.roll_button.style.font_size = "18px"
        self.roll_button.add_class("dicelab-roll")
        self.roll_button.on_click(lambda _b: self._on_roll())
        self.waiting_label = widgets.HTML()
        self.waiting_label.add_class("dicelab-waiting")
        self.summary = widgets.HTML()
        self.summary.add_class("dicelab-summary")
        self.message = MessageArea()
        self.hints_toggle = widgets.ToggleButton(
            value=False, description=w("hints"), icon="lightbulb-o"
        )
        self.hints_toggle.add_class("dicelab-hints-toggle")
        self.hints_toggle.observe(self._on_hints, names="value")
        self.seed_controls = SeedControls(
            w("new_game"), w("seed"), w("seed_placeholder"), w("seed_unknown")
        )
        self.new_game_button = self.seed_controls.new_game_button
        self.new_game_button.on_click(lambda _b: self._on_new_game())
        self.seed_text = self.seed_controls.seed_text
        self.seed_label = self.seed_controls.seed_label
        self.save_controls = SaveLoadControls(DEFAULT_SAVE, w("save"), w("load"), w("file"))
        self.save_path = self.save_controls.path_text
        self.save_button = self.save_controls.save_button
        self.load_button = self.save_controls.load_button
        self.save_button.on_click(lambda _b: self._on_save())
        self.load_button.on_click(lambda _b: self._on_load())
        header = widgets.HBox([self.title, self.roll_label])
        header.layout.align_items = "baseline"
        header.layout.grid_gap = "16px"
        controls = widgets.HBox(
            [self.hints_toggle, self.seed_controls.box, self.save_controls.box],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px 24px"),
        )
        dice_row = widgets.HBox(
            [v.box for v in self.dice_views] + [self.roll_button, self.waiting_label],
            layout=widgets.Layout(align_items="center"),
        )
        self.sheets_box = widgets.HBox(
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="16px", align_items="flex-start")
        )
        self.table_area = widgets.HBox(
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="24px", align_items="flex-start")
        )
        self.widget = widgets.VBox(
            [
                widgets.HTML(PANEL_CSS + SHEET_CSS),
                header,
                controls,
                dice_row,
                self.message,
                self.summary,
                self.table_area,
            ]
        )
        self.widget.add_class("dicelab-panel")
        self.widget.add_class("dicelab-solitaire")

    def _install(self, game: SolitaireGame, seed: int | None) -> None:
        """Make `game` the panel's game; rebuild the sheets if the players differ."""
        if len(self._views) != len(game.players):
            for view in self._views:
                view.close()
            self._views = [
                PlayerView(p, self.words, self._on_option) for p in range(len(game.players))
            ]
            self.sheets_box.children = [view.widget for view in self._views]
        if self._hints is None:
            self._hints = HintsView(self.words, self._planner)
            set_visible(self._hints.widget, self.hints_toggle.value)
        self.table_area.children = [self.sheets_box, self._hints.widget]
        self._game = game
        self._last = {}
        self.seed_controls.show(seed)
        self.refresh()

    # --- what the panel shows ----------------------------------------------------

    @property
    def game(self) -> SolitaireGame:
        """The game being played (replaced by New game and Load)."""
        return self._game

    @property
    def seed(self) -> int | None:
        """The seed of the game in play (None for a game loaded from a file)."""
        return self.seed_controls.seed

    @property
    def players_views(self) -> list[PlayerView]:
        """One `PlayerView` per player (rebuilt if a loaded game has other players)."""
        return self._views

    @property
    def option_buttons(self) -> list[list[widgets.Button]]:
        """`option_buttons[player][i]` clicks option i of `game.options(player)`."""
        return [view.option_buttons for view in self._views]

    @property
    def sheet_labels(self) -> list[widgets.HTML]:
        return [view.sheet_html for view in self._views]

    @property
    def total_labels(self) -> list[widgets.HTML]:
        return [view.total_label for view in self._views]

    @property
    def hints(self) -> HintsView:
        assert self._hints is not None
        return self._hints

    @property
    def figure(self) -> Any:
        """The hints' bar chart (a plotly FigureWidget)."""
        return self.hints.figure

    @property
    def chooser(self) -> int | None:
        """The index of the first player who has to choose (None if nobody has)."""
        waiting = sorted(self._game.state.waiting)
        return waiting[0] if waiting else None

    def _hints_player(self) -> int | None:
        if self.chooser is not None:
            return self.chooser
        playing = [p for p, s in enumerate(self._game.state.sheets) if not s.finished]
        return playing[0] if playing else None

    def refresh(self) -> None:
        """Redraw everything from the game."""
        game, w = self._game, self.words
        over = game.is_over
        self.roll_label.value = w("roll_number", n=game.rolls) if game.rolls else w("no_roll")
        self.roll_button.disabled = over or bool(game.waiting)
        if over:
            status = w("over")
        elif game.waiting:
            status = w("waiting", names=listing(game.waiting, w))
        else:
            status = w("ready") if game.dice is not None else w("click_roll")
        self.waiting_label.value = status
        for view in self.dice_views:
            value = None if game.dice is None else game.dice[view.index]
            view.show(value, False, enabled=False)
        hints_on = self.hints_toggle.value
        suggestions = self.hints.suggestions(game) if hints_on else {}
        for p, view in enumerate(self._views):
            view.refresh(game, self.chooser, self._last.get(p), suggestions.get(p))
        if over:
            text = game_over_text(game.scores(), game.winners(), w)
            self.summary.value = (
                f'<div style="font-size:1.2em;font-weight:bold;color:#1b5e20">'
                f"{html.escape(text)}</div>{breakdown_html(game, w)}"
            )
        else:
            self.summary.value = ""
        set_visible(self.summary, over)
        if hints_on:
            self.hints.refresh(game, self._hints_player())

    # --- callbacks ----------------------------------------------------------------

    @safe_callback
    def _on_roll(self) -> None:
        dice = self._game.roll()
        self._last = {}
        w = self.words
        game = self._game
        text = w("rolled", dice=" ".join(map(str, dice)))
        text += ". " + w("choose_now", names=listing(game.waiting, w))
        free = [name for name in game.waiting if game.options(name)[0].free]
        if free:
            text += ". " + w("free_for", names=listing(free, w))
        self.message.info(text)
        self.refresh()

    @safe_callback
    def _on_option(self, player: int, index: int) -> None:
        game, w = self._game, self.words
        options = game.options(player)
        sheet = game.choose(player, index)  # the game checks the click
        split = options[index]
        name = game.players[player]
        self._last[player] = split
        option = option_text(game.dice or (), split, w)
        text = w("chose", name=name, option=option, score=sheet.score) + "."
        if sheet.finished:
            face = next(f for f in DISCARD_NUMBERS if sheet.discard_marks(f) == END_MARK)
            text += " " + w("finished_now", name=name, face=face) + "."
        self.refresh()
        if game.is_over:
            self.message.success(game_over_text(game.scores(), game.winners(), w))
        elif game.waiting:
            self.message.success(f"{text} {w('waiting', names=listing(game.waiting, w))}.")
        else:
            self.message.success(f"{text} {w('ready')}.")

    @safe_callback
    def _on_hints(self, change: Any = None) -> None:
        set_visible(self.hints.widget, self.hints_toggle.value)
        self.refresh()

    @safe_callback
    def _on_new_game(self) -> None:
        self.new_game()

    @safe_callback
    def _on_save(self) -> None:
        path = self.save_path.value.strip() or DEFAULT_SAVE
        self.save(path)
        self.message.success(self.words("saved", path=path))

    @safe_callback
    def _on_load(self) -> None:
        path = self.save_path.value.strip() or DEFAULT_SAVE
        self.load_game(path)
        self.message.success(self.words("loaded", path=path))

    # --- public actions ----------------------------------------------------------

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same players: with `seed`, else the seed typed in
        the seed box, else a fresh one (shown in the panel)."""
        seed = check_seed(seed)
        if seed is None:
            seed = self.seed_controls.next_seed()
        self._install(SolitaireGame(self._game.players, seed=seed), seed)
        self.message.info(self.words("new_game_started", seed=seed))

    def save(self, path: str | Path) -> None:
        """Write the game to a JSON file (`SaveFileError` if it cannot be written)."""
        try:
            self._game.save(path)
        except OSError as error:
            raise SaveFileError(f"cannot write {path}: {error.strerror or error}") from None

    def load_game(self, path: str | Path) -> None:
        """Go on with the game saved in `path`, in this panel (`SaveFileError` if it
        is not valid: then nothing changes)."""
        self._install(SolitaireGame.load(path), None)

    @classmethod
    def from_game(
        cls, game: SolitaireGame, lang: str = "en", planner: Any = None
    ) -> SolitairePanel:
        """A panel that plays on with `game` (its seed is unknown: shown as such)."""
        if not isinstance(game, SolitaireGame):
            raise SettingsError(f"from_game needs a SolitaireGame, not {game!r}")
        panel = cls(game.players, seed=0, lang=lang, planner=planner)
        panel._install(game, None)
        return panel

    @classmethod
    def load(cls, path: str | Path, lang: str = "en", planner: Any = None) -> SolitairePanel:
        """A panel continuing the game saved in `path` (`SaveFileError` if it is not valid)."""
        return cls.from_game(SolitaireGame.load(path), lang=lang, planner=planner)

    def __repr__(self) -> str:
        return f"<SolitairePanel {self._game!r}>"
