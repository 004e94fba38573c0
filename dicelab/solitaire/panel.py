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
'Ana and Bruno must choose first (rule: every player still playing chooses before the next roll)'
>>> panel.option_buttons[0][1].click()
>>> panel.message.text
'Ana marked 2+3=5 · 2+6=8 · discard 1: score -400. Waiting for Bruno to choose.'
>>> panel.total_labels[0].value, "dicelab-unavailable" in panel.roll_button._dom_classes
('<b>-400</b>', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from dicelab.core.present.charts import CHART_CSS
from dicelab.core.ui.panel import (
    MAX_PLAYERS,
    Panel,
    listing,
    panel_players,
    safe_callback,
    set_visible,
    show_available,
)
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.panel_hints import HintsView
from dicelab.solitaire.panel_sheet import SHEET_CSS, PlayerView, breakdown_html
from dicelab.solitaire.panel_text import WORDS, game_over_text, option_text
from dicelab.solitaire.rules import DICE, DISCARD_NUMBERS, END_MARK, Split

__all__ = ["DEFAULT_SAVE", "MAX_PLAYERS", "SolitairePanel"]

DEFAULT_SAVE = "solitaire-save.json"


class SolitairePanel(Panel[SolitaireGame, HintsView]):
    """A Solitaire Dice table for 1 to 6 players sharing each roll.

    `SolitairePanel(players=["Ana"], seed=None, lang="en", planner=None)`:
    `seed` is a whole number (None: a fresh one, shown in the panel); `lang`
    is one of `LANGS` ("en", "pt", "es", "it", "fr"); `planner` rates the
    options in the hints (default `Planner(focus=2.5)`, anything with its
    `rank(sheet, dice)` method).

    Each roll is for every player still playing; each of them clicks one of
    their options (in any order) before the next roll.  Widgets, for tests
    and browser tests: `dice_buttons` (5 Buttons), `roll_button`,
    `waiting_label`, `roll_label`, `option_buttons[player]`,
    `sheet_labels[player]`, `total_labels[player]`, `players_views`,
    `hints_toggle`, `hints` (a `HintsView`), `figure`, `message`, `summary`,
    `new_game_button`, `seed_text`, `seed_label`, `save_path`,
    `save_button`, `load_button`.
    """

    game_class = SolitaireGame
    default_save = DEFAULT_SAVE

    def __init__(
        self,
        players: Sequence[str] = ("Ana",),
        seed: int | None = None,
        lang: str = "en",
        planner: Any = None,
    ) -> None:
        names = panel_players(players, "the Solitaire Dice panel")
        seed = self._setup(WORDS, lang, seed)
        self._planner = planner
        self._hints: HintsView | None = None
        self._views: list[PlayerView] = []
        self._last: dict[int, Split] = {}
        self._build_widgets()
        self._game = SolitaireGame(names, seed=seed)
        self._install(self._game, seed)

    # --- building -----------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.roll_label = widgets.HTML(layout=widgets.Layout(min_width="8em"))
        self.roll_label.add_class("dicelab-turn")
        self._build_dice(DICE, self.words("roll"))
        for view in self.dice_views:
            set_visible(view.caption, False)
            view.button.on_click(lambda _b: self._on_die())
        self.waiting_label = widgets.HTML()
        self.waiting_label.add_class("dicelab-waiting")
        self._build()
        dice_row = widgets.HBox(
            [v.box for v in self.dice_views] + [self.roll_button, self.waiting_label],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap"),
        )
        self.sheets_box = widgets.HBox(
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="12px", align_items="flex-start")
        )
        self.hints_box = widgets.VBox()
        table = widgets.HBox(
            [self.sheets_box, self.hints_box],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="12px", align_items="flex-start"),
        )
        body = widgets.VBox([dice_row, self.message, self.end_screen, table])
        self._assemble("solitaire", SHEET_CSS + CHART_CSS, [self.roll_label], body)

    def _install(self, game: SolitaireGame, seed: int | None) -> None:
        """Make `game` the panel's game; rebuild the sheets if the players differ."""
        if len(self._views) != len(game.players):
            for view in self._views:
                view.close()
            self._views = [
                PlayerView(p, self.words, self._on_option) for p in range(len(game.players))
            ]
            self.sheets_box.children = [view.widget for view in self._views]
        self._game = game
        self._last = {}
        self.seed_controls.show(seed)
        self.refresh()

    # --- what the panel shows -----------------------------------------------------

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
    def chooser(self) -> int | None:
        """The index of the first player who has to choose (None if nobody has)."""
        waiting = sorted(self._game.state.waiting)
        return waiting[0] if waiting else None

    def _hints_player(self) -> int | None:
        if self.chooser is not None:
            return self.chooser
        playing = [p for p, s in enumerate(self._game.state.sheets) if not s.finished]
        return playing[0] if playing else None

    @property
    def hints(self) -> HintsView:
        """The hints view (built when first needed)."""
        if self._hints is None:
            self._hints = HintsView(self.words, self._planner)
        return self._hints

    def refresh(self) -> None:
        """Redraw everything from the game."""
        game, w = self._game, self.words
        over = game.is_over
        self.roll_label.value = w("roll_number", n=game.rolls) if game.rolls else w("no_roll")
        if over:
            status = ""  # the end screen says it
            show_available(self.roll_button, False, w("game_is_over"))
        elif game.waiting:
            status = w("waiting", names=listing(game.waiting, w), count=len(game.waiting))
            show_available(self.roll_button, False, status)
        else:
            status = w("ready") if game.dice is not None else w("click_roll")
            show_available(self.roll_button, True)
            self.roll_button.tooltip = ""
        self.waiting_label.value = status
        for die in self.dice_views:
            value = None if game.dice is None else game.dice[die.index]
            die.show(value, False, tooltip=self._dice_tip(), available=False)
        hints_on = self.hints_toggle.value and not over
        suggestions = self.hints.suggestions(game) if hints_on else {}
        for p, view in enumerate(self._views):
            view.refresh(game, self.chooser, self._last.get(p), suggestions.get(p))
        if over:
            self.show_end(game_over_text(game.scores(), game.winners(), w), breakdown_html(game, w))
        else:
            self.show_end("")
        set_visible(self.hints_box, hints_on)
        if hints_on:
            self.hints_box.children = [self.hints.widget]
            self.hints.refresh(game, self._hints_player())

    # --- callbacks ----------------------------------------------------------------

    @safe_callback
    def _on_roll(self) -> None:
        dice = self._game.roll()
        self._last = {}
        w = self.words
        game = self._game
        text = w("rolled", dice=" ".join(map(str, dice)))
        text += ". " + w("choose_now", names=listing(game.waiting, w), count=len(game.waiting))
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
        if game.waiting:
            waiting = w("waiting", names=listing(game.waiting, w), count=len(game.waiting))
            self.message.success(f"{text} {waiting}.")
        elif game.is_over:
            self.message.success(text)  # the end screen says who won
        else:
            self.message.success(f"{text} {w('ready')}.")

    @safe_callback
    def _on_die(self) -> None:
        self.message.info(self._dice_tip())

    def _dice_tip(self) -> str:
        """What the dice are for: Roll first, or each player's options."""
        return self.words("dice_info" if self._game.dice is not None else "click_roll")

    @safe_callback
    def _on_hints(self, change: Any = None) -> None:
        self.refresh()

    # --- new games, games from elsewhere ------------------------------------------

    def _fresh_game(self, seed: int) -> SolitaireGame:
        return SolitaireGame(self._game.players, seed=seed)

    @classmethod
    def from_game(
        cls, game: SolitaireGame, lang: str = "en", planner: Any = None
    ) -> SolitairePanel:
        """A panel that plays on with `game` (showing its seed, if known)."""
        return cls._playing(game, lang=lang, planner=planner)

    def _options(self) -> dict[str, Any]:
        return {"planner": self._planner}

    @classmethod
    def load(cls, path: str | Path, lang: str = "en", planner: Any = None) -> SolitairePanel:
        """A panel continuing the game saved in `path` (`SaveFileError` if it is not valid)."""
        return cls.from_game(SolitaireGame.load(path), lang=lang, planner=planner)
