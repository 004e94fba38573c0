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

from dicelab.core.i18n import translate
from dicelab.core.present.charts import CHART_CSS
from dicelab.core.ui.background import BackgroundTask, Cancelled
from dicelab.core.ui.panel import (
    MAX_PLAYERS,
    Panel,
    listing,
    safe_callback,
    set_visible,
    show_available,
    show_text,
)
from dicelab.core.ui.review_view import REVIEW_CSS, Reviewing
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.panel.hints import HintsView
from dicelab.dice_poker.panel.seats import check_seat, seats_of
from dicelab.dice_poker.panel.views import CARD_CSS, ScorecardGrid
from dicelab.dice_poker.panel.views.review import decision_html, review_work
from dicelab.dice_poker.panel.words import WORDS, game_over_text, joker_text
from dicelab.dice_poker.review_text import TITLE as REVIEW_TITLE
from dicelab.dice_poker.review_text import head_lines
from dicelab.dice_poker.rules import DICE, Ruleset, get_ruleset, poker_bonus_due
from dicelab.errors import IllegalMove, MissingTable

__all__ = ["DEFAULT_SAVE", "MAX_PLAYERS", "DicePokerPanel"]

DEFAULT_SAVE = "dice-poker-save.json"
JOKER_STYLE = "background:#fff8e1;border-left:4px solid #ff8f00;padding:4px 8px"


class DicePokerPanel(Reviewing, Panel[DicePokerGame, HintsView]):
    """A Dice Poker table for 1 to 6 players taking turns at one screen.

    `DicePokerPanel(players, ruleset="dice-poker", seed=None, lang="en",
    advisor=None)`: `seed` is a whole number (None: a fresh one, shown in the
    panel); `lang` is one of `LANGS` ("en", "pt", "es", "it", "fr");
    `advisor` is an optional optimal-play advisor (see
    `dicelab.dice_poker.panel.hints`).

    Widgets, for tests and browser tests: `dice_buttons` (5 Buttons),
    `roll_button`, `box_buttons[player][box_id]`, `total_labels[player]`,
    `hints_toggle`, `hints` (a `HintsView`), `figure`, `message`,
    `new_game_button`, `seed_text`, `seed_label`, `save_path`,
    `save_button`, `load_button`, `turn_label`, `player_label`,
    `joker_label`, `summary`, `review_button` (on the end screen) and `review`
    (a `ReviewView`).
    """

    game_class = DicePokerGame
    default_save = DEFAULT_SAVE
    how_to_play = (
        "how_goal",
        (
            ("chance_now", "def_chance_now"),
            ("best_hold", "def_best_hold"),
            ("points", "def_points"),
        ),
    )

    def __init__(
        self,
        players: Sequence[str] = ("Ana", "Bruno"),
        ruleset: str | Ruleset = "dice-poker",
        seed: int | None = None,
        lang: str = "en",
        advisor: Any = None,
    ) -> None:
        names = seats_of(players)
        rules = get_ruleset(ruleset)
        seed = self._setup(WORDS, lang, seed)
        self.advisor = advisor
        self.solve_task: BackgroundTask | None = None
        self._last_dice: tuple[int, ...] | None = None
        self._build_widgets()
        self._game = DicePokerGame(names, rules, seed=seed)
        self._grid: ScorecardGrid | None = None
        self._hints: HintsView | None = None
        self._install(self._game, seed)

    # --- building -----------------------------------------------------------------

    def _build_widgets(self) -> None:
        # widths that do not change with the turn or the name: the Hints toggle stays put
        self.turn_label = widgets.HTML(layout=widgets.Layout(min_width="8em"))
        self.turn_label.add_class("dicelab-turn")
        self.player_label = widgets.HTML(layout=widgets.Layout(min_width="10em"))
        self.player_label.add_class("dicelab-player")
        self._build_dice(DICE, "")
        for view in self.dice_views:
            view.button.on_click(lambda _b, i=view.index: self._on_die(i))
        self.joker_label = widgets.HTML()
        self.joker_label.add_class("dicelab-joker")
        self._build()
        self._add_review(
            translate(REVIEW_TITLE, self.lang),
            lambda review: head_lines(review, self.lang),
            lambda decision: decision_html(decision, self._game.ruleset, self.words),
        )
        dice_row = widgets.HBox(
            [v.box for v in self.dice_views] + [self.roll_button],
            layout=widgets.Layout(align_items="flex-start", flex_flow="row wrap"),
        )
        self.hints_box = widgets.VBox()
        left = widgets.VBox(
            [
                dice_row,
                self.joker_label,
                self.message,
                self.end_screen,
                self.review.widget,
                self.hints_box,
            ],
            layout=widgets.Layout(flex="0 1 600px", min_width="360px"),
        )
        self.card_box = widgets.VBox()
        body = widgets.HBox(
            [left, self.card_box],
            layout=widgets.Layout(
                flex_flow="row wrap", grid_gap="8px 20px", align_items="flex-start"
            ),
        )
        header = [self.turn_label, self.player_label]
        self._assemble("dice-poker", CHART_CSS + CARD_CSS + REVIEW_CSS, header, body)

    def _install(self, game: DicePokerGame, seed: int | None) -> None:
        """Make `game` the panel's game; rebuild the score card if players or rules differ."""
        old = self._grid
        if old is None or old.players != game.players or old.rules != game.ruleset:
            self._grid = ScorecardGrid(game.ruleset, game.players, self.words, self._on_box)
            if old is not None:
                old.close()
        if getattr(self.advisor, "ruleset", game.ruleset) != game.ruleset:
            self.advisor = None  # an optimal table is for one ruleset only
        if self._hints is not None and self._hints.rules != game.ruleset:
            self._hints = None
        self._game = game
        self._last_dice = None
        self.review.hide()
        self.card_box.children = [self.scorecard.widget]
        self.seed_controls.show(seed)
        self.refresh()

    def _make_hints(self) -> HintsView:
        """The hints view (built the first time Hints is turned on)."""
        hints = HintsView(self._game.ruleset, self.words, self.advisor, self._on_cancel)
        hints.optimal_button.on_click(lambda _b: self._on_optimal())
        if self.solve_task is not None and self.solve_task.running:
            hints.solving(True)
        return hints

    @safe_callback
    def _on_optimal(self) -> None:
        """Solve (or load from the cache) the optimal table in the background: the
        panel stays playable; the progress shows meanwhile, and Cancel stops it."""
        from dicelab.dice_poker.advisor import PanelAdvisor

        if self.solve_task is not None and self.solve_task.running:
            return
        rules = self._game.ruleset
        self.solve_task = BackgroundTask(
            lambda progress: PanelAdvisor.solved(rules, progress=progress),
            self._solved,
            self._not_solved,
            self.hints.show_progress,
        )
        self.hints.solving(True)
        self.solve_task.start()

    @safe_callback
    def _on_cancel(self) -> None:
        if self.solve_task is not None:
            self.solve_task.cancel()

    @safe_callback
    def _solved(self, advisor: Any) -> None:
        if advisor.ruleset != self._game.ruleset:  # a game of other rules was loaded
            self.hints.solving(False)
            return
        self.advisor = advisor
        self.hints.use_advisor(advisor)
        score = self.words.number(advisor.expected_score)
        self.message.success(self.words("optimal_ready", score=score))
        self.refresh()

    @safe_callback
    def _not_solved(self, error: BaseException, cancelled: str = "optimal_cancelled") -> None:
        self.hints.solving(False)
        if isinstance(error, Cancelled):
            self.message.info(self.words(cancelled))
        elif isinstance(error, MissingTable):
            self.message.error(self.words("missing_table"))
        else:
            raise error

    def _review_work(self) -> Any:
        return review_work(self._game, self.advisor)

    def _review_failed(self, error: BaseException) -> None:
        self._not_solved(error, "review_cancelled")

    def _reviewed(self, advisor: Any) -> None:
        """The optimal table the review used: the hints use it from now on."""
        if advisor is not self.advisor and advisor.ruleset == self._game.ruleset:
            self.advisor = advisor
            self.hints.use_advisor(advisor)

    # --- what the panel shows -----------------------------------------------------

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
        """The hints view (built when first needed)."""
        if self._hints is None:
            self._hints = self._make_hints()
        return self._hints

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
        self._show_roll_button(game)
        dice = self._last_dice if over else state.dice
        for view in self.dice_views:
            value = None if dice is None else dice[view.index]
            held = view.index in state.held
            tip = self._die_tip(game, held)
            usable = not over and state.dice is not None and game.rolls_left > 0
            view.show(value, held, w("held"), tip, available=usable)
        joker = (
            "" if state.dice is None else joker_text(game.ruleset, game.card, state.dice, self.lang)
        )
        show_text(self.joker_label, joker, JOKER_STYLE)
        if over:
            self.show_end(*game_over_text(game, w))
        else:
            self.show_end("")
        self.scorecard.refresh(game)
        self.aria.names = dict(self.scorecard.names)  # a new dict: the page hears of it
        hints_on = self.hints_toggle.value and not over
        set_visible(self.hints_box, hints_on)
        if hints_on:
            self.hints_box.children = [self.hints.widget]
            self.hints.refresh(game)

    def _show_roll_button(self, game: DicePokerGame) -> None:
        w = self.words
        if game.is_over:
            show_available(self.roll_button, False, w("game_is_over"))
        elif game.rolls_left == 0:
            show_available(self.roll_button, False, w("no_rolls_left"))
        elif len(game.held) == DICE:
            show_available(self.roll_button, False, w("all_held"))
        else:
            show_available(self.roll_button, True)

    def _die_tip(self, game: DicePokerGame, held: bool) -> str:
        """The tooltip of a die: what a click does, or why it does nothing now."""
        w = self.words
        if game.is_over:
            return w("game_is_over")
        if game.dice is None:
            return w("roll_first")
        if game.rolls_left == 0:
            return w("no_rolls_left")
        return w("release") if held else w("hold")

    def _details(self, error: IllegalMove) -> dict[str, str]:
        """Box ids shown by their names in the panel's language."""
        details = super()._details(error)
        rules = self._game.ruleset
        if "box" in error.details:
            details["box"] = rules.box(str(error.details["box"])).label(self.lang)
        if "boxes" in error.details:
            boxes = error.details["boxes"]
            ids = boxes if isinstance(boxes, (list, tuple)) else [boxes]
            names = [rules.box(str(b)).label(self.lang) for b in ids]
            details["boxes"] = listing(names, self.words)
        return details

    # --- callbacks ----------------------------------------------------------------

    @safe_callback
    def _on_die(self, index: int) -> None:
        self._game.toggle_hold(index)  # the game answers a click it cannot take
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
        check_seat(game, player, self.words)
        name = game.current_player
        self._last_dice = game.dice
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
        self.message.success(text)  # at the end, the end screen says who won

    @safe_callback
    def _on_hints(self, change: Any = None) -> None:
        self.refresh()

    # --- new games, games from elsewhere ------------------------------------------

    def _fresh_game(self, seed: int) -> DicePokerGame:
        return DicePokerGame(self._game.players, self._game.ruleset, seed=seed)

    def _prompt(self) -> str:
        game = self._game
        return "" if game.is_over else self.words("to_play", name=game.current_player)

    def _started_text(self, game: DicePokerGame, seed: int) -> str:
        return self.words("new_game_started", seed=seed, name=game.current_player)

    @classmethod
    def from_game(
        cls, game: DicePokerGame, lang: str = "en", advisor: Any = None
    ) -> DicePokerPanel:
        """A panel that plays on with `game` (showing its seed, if known)."""
        return cls._playing(game, lang=lang, advisor=advisor)

    @classmethod
    def _settings_of(cls, game: DicePokerGame) -> dict[str, Any]:
        return {"ruleset": game.ruleset}

    def _options(self) -> dict[str, Any]:
        return {"advisor": self.advisor}

    @classmethod
    def load(cls, path: str | Path, lang: str = "en", advisor: Any = None) -> DicePokerPanel:
        """A panel continuing the game saved in `path` (`SaveFileError` if it is not valid)."""
        return cls.from_game(DicePokerGame.load(path), lang=lang, advisor=advisor)
