"""`DicePokerPanel`: play Dice Poker in Jupyter, hot seat, with exact-odds hints.

The panel is thin: it owns its widgets and a `DicePokerGame`; every rule
lives in the game.  A click the rules forbid leaves the game unchanged and
is answered in the panel's message line, never with a traceback.

>>> panel = DicePokerPanel(["Ana", "Bruno"], seed=4)
>>> panel.roll_button.description, panel.turn_label.value
('Roll (3 left)', 'Turn 1 of 15')
>>> panel.roll_button.click()
>>> panel.game.dice, panel.box_buttons[0]["sixes"].description
((5, 6, 6, 4, 6), '→ 18')
>>> for i in (1, 2, 4):  # hold the sixes
...     panel.dice_buttons[i].click()
>>> panel.dice_views[1].caption.value, panel.roll_button.description
('held', 'Roll (2 left)')
>>> panel.roll_button.click()
>>> panel.game.dice
(6, 6, 6, 6, 6)
>>> panel.box_buttons[0]["poker"].click()
>>> panel.message.text, panel.game.current_player, panel.total_labels[0].value
('Ana wrote 50 in Poker', 'Bruno', '<b>50</b>')
>>> panel.roll_button.click(); panel.roll_button.click(); panel.roll_button.click()
>>> panel.roll_button.click()  # a fourth roll: answered in the panel, game unchanged
>>> panel.message.kind, panel.game.rolls_left
('error', 0)
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
from dicelab.dice_poker.card import DICE
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.panel_card import ScorecardGrid
from dicelab.dice_poker.panel_hints import HintsView
from dicelab.dice_poker.panel_text import WORDS, game_over_text, joker_text
from dicelab.dice_poker.rules import Ruleset, get_ruleset, poker_bonus_due
from dicelab.errors import IllegalMove, SaveFileError, SettingsError

__all__ = ["DEFAULT_SAVE", "MAX_PLAYERS", "DicePokerPanel"]

DEFAULT_SAVE = "dice-poker-save.json"
RULE_HOT_SEAT = "players take turns"


class DicePokerPanel(Panel):
    """A Dice Poker table for 1 to 6 players taking turns at one screen.

    `DicePokerPanel(players, ruleset="dice-poker", seed=None, lang="en",
    advisor=None)`: `seed` is a whole number (None: a fresh one, shown in the
    panel); `lang` is "en" or "pt"; `advisor` is an optional optimal-play
    advisor (see `dicelab.dice_poker.panel_hints`).

    Widgets, for tests and browser tests: `dice_buttons` (5 Buttons),
    `roll_button`, `box_buttons[player][box_id]`, `total_labels[player]`,
    `hints_toggle`, `hints` (a `HintsView`), `figure`, `message`,
    `new_game_button`, `seed_text`, `seed_label`, `save_path`,
    `save_button`, `load_button`, `turn_label`, `player_label`,
    `joker_label`, `summary`.
    """

    def __init__(
        self,
        players: Sequence[str] = ("Ana", "Bruno"),
        ruleset: str | Ruleset = "dice-poker",
        seed: int | None = None,
        lang: str = "en",
        advisor: Any = None,
    ) -> None:
        names = panel_players(players, "Dice Poker")
        rules = get_ruleset(ruleset)
        self.words = Words(WORDS, check_lang(lang))
        self.lang = lang
        self.advisor = advisor
        self.errors: list[BaseException] = []
        seed = check_seed(seed)
        seed = fresh_seed() if seed is None else seed
        self._build_widgets()
        self._game = DicePokerGame(names, rules, seed=seed)
        self._grid: ScorecardGrid | None = None
        self._hints: HintsView | None = None
        self._install(self._game, seed)

    # --- building -------------------------------------------------------------

    def _build_widgets(self) -> None:
        w = self.words
        self.title = widgets.HTML(f"<h3 style='margin:4px 0'>{html.escape(w('title'))}</h3>")
        self.turn_label = widgets.HTML()
        self.turn_label.add_class("dicelab-turn")
        self.player_label = widgets.HTML()
        self.player_label.add_class("dicelab-player")
        self.dice_views = [DieView(i) for i in range(DICE)]
        self.dice_buttons = [view.button for view in self.dice_views]
        for view in self.dice_views:
            view.button.on_click(lambda _b, i=view.index: self._on_die(i))
        self.roll_button = widgets.Button(
            description="",
            button_style="primary",
            icon="dice",
            layout=widgets.Layout(width="160px", height="56px", margin="10px 12px"),
        )
        self.roll_button.style.font_size = "18px"
        self.roll_button.add_class("dicelab-roll")
        self.roll_button.on_click(lambda _b: self._on_roll())
        self.joker_label = widgets.HTML()
        self.joker_label.add_class("dicelab-joker")
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
        header = widgets.HBox([self.title, self.turn_label, self.player_label])
        header.layout.align_items = "baseline"
        header.layout.grid_gap = "16px"
        dice_row = widgets.HBox([v.box for v in self.dice_views] + [self.roll_button])
        self.table_area = widgets.HBox(
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="24px", align_items="flex-start")
        )
        controls = widgets.HBox(
            [self.hints_toggle, self.seed_controls.box, self.save_controls.box],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px 24px"),
        )
        self.widget = widgets.VBox(
            [
                widgets.HTML(PANEL_CSS),
                header,
                controls,
                dice_row,
                self.joker_label,
                self.message,
                self.summary,
                self.table_area,
            ]
        )
        self.widget.add_class("dicelab-panel")
        self.widget.add_class("dicelab-dice-poker")

    def _install(self, game: DicePokerGame, seed: int | None) -> None:
        """Make `game` the panel's game; rebuild the score card if players or rules differ."""
        old = self._grid
        if old is None or old.players != game.players or old.rules != game.ruleset:
            self._grid = ScorecardGrid(game.ruleset, game.players, self.words, self._on_box)
            if old is not None:
                old.close()
        if getattr(self.advisor, "ruleset", game.ruleset) != game.ruleset:
            self.advisor = None  # an optimal table is for one ruleset only
        if self._hints is None or self._hints.rules != game.ruleset:
            self._hints = HintsView(game.ruleset, self.words, self.advisor)
            self._hints.optimal_button.on_click(lambda _b: self._on_optimal())
            set_visible(self._hints.widget, self.hints_toggle.value)
        self._game = game
        self.table_area.children = [self._grid.widget, self._hints.widget]
        self.seed_controls.show(seed)
        self.refresh()

    @safe_callback
    def _on_optimal(self) -> None:
        """Solve (or load from the cache) the optimal table, with a progress bar."""
        from dicelab.dice_poker.advisor import PanelAdvisor

        hints = self.hints
        hints.solving(True)
        try:
            advisor = PanelAdvisor.solved(self._game.ruleset, progress=hints.progress)
        finally:
            hints.solving(False)
        self.advisor = advisor
        hints.use_advisor(advisor)
        self.message.success(self.words("optimal_ready", score=f"{advisor.expected_score:.2f}"))
        self.refresh()

    # --- what the panel shows ----------------------------------------------------

    @property
    def game(self) -> DicePokerGame:
        """The game being played (replaced by New game and Load)."""
        return self._game

    @property
    def seed(self) -> int | None:
        """The seed of the game in play (None for a game loaded from a file)."""
        return self.seed_controls.seed

    @property
    def box_buttons(self) -> list[dict[str, widgets.Button]]:
        """`box_buttons[player][box_id]`: the score cells (rebuilt if the players change)."""
        assert self._grid is not None
        return self._grid.box_buttons

    @property
    def total_labels(self) -> list[widgets.HTML]:
        assert self._grid is not None
        return self._grid.total_labels

    @property
    def scorecard(self) -> ScorecardGrid:
        assert self._grid is not None
        return self._grid

    @property
    def hints(self) -> HintsView:
        assert self._hints is not None
        return self._hints

    @property
    def figure(self) -> Any:
        """The hints' bar chart (a plotly FigureWidget)."""
        return self.hints.figure

    def refresh(self) -> None:
        """Redraw everything from the game."""
        game, w = self._game, self.words
        state = game.state
        over = game.is_over
        self.turn_label.value = w("turn", turn=state.turn, turns=game.ruleset.turns)
        self.player_label.value = (
            "" if over else f"<b>{html.escape(w('to_play', name=game.current_player))}</b>"
        )
        self.roll_button.description = w("roll", n=game.rolls_left)
        self.roll_button.disabled = over or game.rolls_left == 0 or len(game.held) == DICE
        for view in self.dice_views:
            value = None if state.dice is None else state.dice[view.index]
            held = view.index in state.held
            view.show(
                value,
                held,
                w("held"),
                w("release") if held else w("hold"),
                enabled=state.dice is not None and not over,
            )
        joker = (
            "" if state.dice is None else joker_text(game.ruleset, game.card, state.dice, self.lang)
        )
        self.joker_label.value = (
            f'<div style="background:#fff8e1;border-left:4px solid #ff8f00;padding:4px 8px">'
            f"{html.escape(joker)}</div>"
            if joker
            else ""
        )
        set_visible(self.joker_label, bool(joker))
        summary = game_over_text(game.totals(), game.winners(), w) if over else ""
        self.summary.value = (
            f'<div style="font-size:1.2em;font-weight:bold;color:#1b5e20">'
            f"{html.escape(summary)}</div>"
            if summary
            else ""
        )
        set_visible(self.summary, over)
        self.scorecard.refresh(game)
        if self.hints_toggle.value:
            self.hints.refresh(game)

    # --- callbacks ----------------------------------------------------------------

    @safe_callback
    def _on_die(self, index: int) -> None:
        self._game.toggle_hold(index)
        self.refresh()

    @safe_callback
    def _on_roll(self) -> None:
        dice = self._game.roll()
        self.message.info(
            self.words("rolled", name=self._game.current_player, dice=" ".join(map(str, dice)))
        )
        self.refresh()

    @safe_callback
    def _on_box(self, player: int, box_id: str) -> None:
        game = self._game
        if not game.is_over and player != game.state.current:
            other = game.players[player]
            raise IllegalMove(
                RULE_HOT_SEAT, self.words("not_your_turn", name=game.current_player, other=other)
            )
        name = game.current_player
        bonus = (
            0 if game.dice is None else poker_bonus_due(game.ruleset, game.card.boxes, game.dice)
        )
        points = game.score(box_id)
        text = self.words(
            "scored", name=name, points=points, box=game.ruleset.box(box_id).label(self.lang)
        )
        if bonus:
            text += self.words("scored_bonus", bonus=bonus)
        self.refresh()
        if game.is_over:
            self.message.success(game_over_text(game.totals(), game.winners(), self.words))
        else:
            self.message.success(text)

    @safe_callback
    def _on_hints(self, change: Any = None) -> None:
        set_visible(self.hints.widget, self.hints_toggle.value)
        if self.hints_toggle.value:
            self.hints.refresh(self._game)

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
        """Start again with the same players and rules: with `seed`, else the seed
        typed in the seed box, else a fresh one (shown in the panel)."""
        seed = check_seed(seed)
        if seed is None:
            seed = self.seed_controls.next_seed()
        game = DicePokerGame(self._game.players, self._game.ruleset, seed=seed)
        self._install(game, seed)
        self.message.info(self.words("new_game_started", seed=seed, name=game.current_player))

    def save(self, path: str | Path) -> None:
        """Write the game to a JSON file (`SaveFileError` if it cannot be written)."""
        try:
            self._game.save(path)
        except OSError as error:
            raise SaveFileError(f"cannot write {path}: {error.strerror or error}") from None

    def load_game(self, path: str | Path) -> None:
        """Go on with the game saved in `path`, in this panel (`SaveFileError` if it
        is not valid: then nothing changes)."""
        self._install(DicePokerGame.load(path), None)

    @classmethod
    def from_game(
        cls, game: DicePokerGame, lang: str = "en", advisor: Any = None
    ) -> DicePokerPanel:
        """A panel that plays on with `game` (its seed is unknown: shown as such)."""
        if not isinstance(game, DicePokerGame):
            raise SettingsError(f"from_game needs a DicePokerGame, not {game!r}")
        panel = cls(game.players, game.ruleset, seed=0, lang=lang, advisor=advisor)
        panel._install(game, None)
        return panel

    @classmethod
    def load(cls, path: str | Path, lang: str = "en", advisor: Any = None) -> DicePokerPanel:
        """A panel continuing the game saved in `path` (`SaveFileError` if it is not valid)."""
        return cls.from_game(DicePokerGame.load(path), lang=lang, advisor=advisor)

    def __repr__(self) -> str:
        return f"<DicePokerPanel {self._game!r}>"
