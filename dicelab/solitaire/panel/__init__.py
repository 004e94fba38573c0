"""`SolitairePanel`: play Sid Sackson's Solitaire Dice in Jupyter, alone or
with others sharing the rolls, with bots if you like, exact-odds hints and
the search bot's advice.

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

A bot has a seat of its own and chooses as soon as the dice are rolled:

>>> panel = SolitairePanel(["Ana"], seed=2, bots=["search"])
>>> panel.game.players, panel.bots
(('Ana', 'Cleo'), {'Cleo': 'search'})
>>> panel.roll_button.click()
>>> panel.message.text
'Rolled 6 2 1 2 3. Cleo marked 2+3=5 · 2+6=8 · discard 1: score -400. Ana: choose a split'
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as widgets
import numpy as np

from dicelab.core.i18n import translate
from dicelab.core.present.charts import CHART_CSS
from dicelab.core.ui.at_table import TablePanel
from dicelab.core.ui.background import BackgroundTask
from dicelab.core.ui.panel import (
    MAX_PLAYERS,
    listing,
    safe_callback,
    set_visible,
    show_available,
)
from dicelab.core.ui.review_view import REVIEW_CSS, Reviewing, record_work
from dicelab.errors import SettingsError
from dicelab.solitaire.game import Choose, Roll, SolitaireGame
from dicelab.solitaire.panel.hints import HintsView, tables_ready, warm_up
from dicelab.solitaire.panel.seats import seat_bots
from dicelab.solitaire.panel.views import SHEET_CSS, PlayerView, breakdown_html
from dicelab.solitaire.panel.views.review import decision_html
from dicelab.solitaire.panel.words import WORDS, game_over_text, option_text
from dicelab.solitaire.review import review_game
from dicelab.solitaire.review_text import TITLE as REVIEW_TITLE
from dicelab.solitaire.review_text import head_lines
from dicelab.solitaire.rules import DICE, DISCARD_NUMBERS, END_MARK, Split
from dicelab.solitaire.strategy import STRATEGIES, get_strategy

__all__ = ["DEFAULT_SAVE", "MAX_PLAYERS", "SolitairePanel", "seat_bots"]

DEFAULT_SAVE = "solitaire-save.json"
S = TypeVar("S", bound="SolitairePanel")
BotMap = Mapping[str, str] | None  # {a player who is a bot: its strategy name}


class SolitairePanel(Reviewing, TablePanel[SolitaireGame, HintsView]):
    """A Solitaire Dice table for 1 to 6 players sharing each roll, bots included.

    `SolitairePanel(players=["Ana"], seed=None, lang="en", planner=None, bots=())`:
    `seed` is a whole number (None: a fresh one, shown in the panel); `lang`
    is one of `LANGS` ("en", "pt", "es", "it", "fr"); `planner` rates the
    options in the hints (default `Search()`, the strongest bot; anything
    with its `rank(sheet, dice)` method); `bots` lists strategy names
    (`STRATEGIES`): each is a bot in a seat after the players, named
    from `BOT_NAMES` (or `bots` maps some of `players` to their strategy:
    `seat_bots`).  The property `bots` maps each bot's name to its strategy.

    Each roll is for every player still playing; each of them clicks one of
    their options (in any order) before the next roll; the bots choose at
    once, each with its strategy (their random generator is seeded like the
    game).  The bot menu (`bot_choice`, beside New game) changes the bots
    of the next New game.  Widgets, for tests and browser tests:
    `dice_buttons` (5 Buttons), `roll_button`, `waiting_label`,
    `roll_label`, `option_buttons[player]`, `sheet_labels[player]`,
    `total_labels[player]`, `players_views`, `hints_toggle`, `hints` (a
    `HintsView`), `message`, `summary`, `new_game_button`, `bot_choice`,
    `seed_text`, `seed_label`, `save_path`, `save_button`, `load_button`.
    """

    game_class = SolitaireGame
    default_save = DEFAULT_SAVE
    how_to_play = (
        "how_goal",
        (("term_free_throw", "def_free_throw"), ("discards_head", "def_discards")),
    )

    def __init__(
        self,
        players: Sequence[str] = ("Ana",),
        seed: int | None = None,
        lang: str = "en",
        planner: Any = None,
        bots: Sequence[str] | Mapping[str, str] = (),
    ) -> None:
        names, self._bots = seat_bots(players, bots)
        seed = self._setup(WORDS, lang, seed)
        self._planner = planner
        self._hints: HintsView | None = None
        self.advice_task: BackgroundTask | None = None  # waits for the warm-up, then refreshes
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
        self._add_review(
            translate(REVIEW_TITLE, self.lang),
            lambda review: head_lines(review, self.lang),
            lambda decision: decision_html(decision, self.words),
        )
        self.bot_choice = widgets.Dropdown(
            tooltip=self.words("bot_tip"), layout=widgets.Layout(width="auto")
        )
        self.bot_choice.add_class("dicelab-bot-choice")
        self.bot_choice.observe(self._on_bot_choice, names="value")
        self.bot_about = widgets.HTML()  # what the chosen bot does, in one line
        self.bot_about.add_class("dicelab-bot-about")
        self.seed_controls.box.children += (self.bot_choice, self.bot_about)
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
        body = widgets.VBox([dice_row, self.message, self.end_screen, self.review.widget, table])
        self._assemble("solitaire", SHEET_CSS + CHART_CSS + REVIEW_CSS, [self.roll_label], body)

    def _install(self, game: SolitaireGame, seed: int | None) -> None:
        """Make `game` the panel's game (its players named like the panel's bots are
        bots); rebuild the sheets if the players differ; the bots choose if a roll
        waits for them."""
        if len(self._views) != len(game.players):
            for view in self._views:
                view.close()
            self._views = [
                PlayerView(p, self.words, self._on_option) for p in range(len(game.players))
            ]
            self.sheets_box.children = [view.widget for view in self._views]
        self._game = game
        self.review.hide()
        self._bots = {name: kind for name, kind in self._bots.items() if name in game.players}
        self._bot_rng = np.random.default_rng(seed)
        self._last = {}
        if self._bots or self.hints_toggle.value:
            warm_up()
        self._bots_choose()
        self.seed_controls.show(seed)
        self._show_bot_choice()
        self.refresh()

    def _show_bot_choice(self) -> None:
        """The bot menu: no bot, a bot of each strategy, or the bots of the game (chosen)."""
        w, now = self.words, tuple(self.bots.values())
        choices: list[tuple[str, ...]] = [(), *((kind,) for kind in STRATEGIES)]
        if len(now) > 1:
            choices.append(now)
        options = [(listing([w(f"bot_{k}") for k in c], w) or w("bot_none"), c) for c in choices]
        self.bot_choice.unobserve(self._on_bot_choice, names="value")
        self.bot_choice.options, self.bot_choice.value = options, now
        self.bot_choice.observe(self._on_bot_choice, names="value")
        self.bot_choice.disabled = len(self._game.players) - len(now) >= MAX_PLAYERS
        self._describe_bots()

    def _describe_bots(self) -> None:
        """Beside the bot menu: what each bot chosen does, in one line."""
        w = self.words
        about = " · ".join(dict.fromkeys(w(f"about_{kind}") for kind in self.bot_choice.value))
        self.bot_about.value = f"<small>{html.escape(about)}</small>" if about else ""

    # --- what the panel shows -----------------------------------------------------

    @property
    def bots(self) -> dict[str, str]:
        """{a bot's name: its strategy name}, in the order of the seats."""
        return {name: self._bots[name] for name in self._game.players if name in self._bots}

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
        """The index of the first player who has to choose (None if nobody has); at a
        class table, yours while you have to."""
        waiting = sorted(self._game.state.waiting)
        if self._game.remote:
            return self.seat if self.seat in waiting else None
        return waiting[0] if waiting else None

    def _hints_player(self) -> int | None:
        if self._game.remote:
            return self.seat
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

    def _review_work(self) -> Any:
        return record_work(self._game, review_game)

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
        self.waiting_label.value = status
        for die in self.dice_views:
            value = None if game.dice is None else game.dice[die.index]
            die.show(value, False, tooltip=self._dice_tip(), available=False)
        hints_on = self.hints_toggle.value and not over
        suggestions = self.hints.suggestions(game) if hints_on else {}
        for p, view in enumerate(self._views):
            # at a class table each splits the roll on their own sheet: the others' at the end
            shown = over or not game.remote or p == self.seat
            set_visible(view.widget, shown)
            if shown:
                bot = self._bots.get(game.players[p])
                view.refresh(game, self.chooser, self._last.get(p), suggestions.get(p), bot)
        self.aria.names = {css: name for view in self._views for css, name in view.names.items()}
        if over:
            self.show_end(game_over_text(game.scores(), game.winners(), w), breakdown_html(game, w))
        else:
            self.show_end("")
        set_visible(self.hints_box, hints_on)
        if hints_on:
            self.hints_box.children = [self.hints.widget]
            self.hints.refresh(game, self._hints_player())

    # --- playing --------------------------------------------------------------------

    def _mark(self, player: int, option: Split | int) -> str:
        """Mark `option` (a split, or its index) on the player's sheet (the game
        checks it): what was marked, said."""
        game, w = self._game, self.words
        options, dice = game.options(player), game.dice or ()
        if isinstance(option, int) and not 0 <= option < len(options):
            game.choose(player, option)  # no such option: the engine says why (no roll...)
        split = options[option] if isinstance(option, int) else option
        name = game.players[player]
        game.apply(Choose(name, split))
        sheet = game.sheet(player)
        self._last[player] = split
        text = w("chose", name=name, option=option_text(dice, split, w), score=sheet.score)
        if sheet.finished:
            face = next(f for f in DISCARD_NUMBERS if sheet.discard_marks(f) == END_MARK)
            text += ". " + w("finished_now", name=name, face=face)
        return text

    def _bots_choose(self) -> list[str]:
        """Every bot that has to choose does, now, with its strategy: what each marked."""
        game = self._game
        bots = [p for p in sorted(game.state.waiting) if game.players[p] in self._bots]
        if bots:
            warm_up().join()  # (the tables are built once, never twice at once)
        dice = tuple(sorted(game.dice or ()))
        said = []
        for p in bots:
            strategy = get_strategy(self._bots[game.players[p]])
            split = strategy(game.sheet(p), dice, game.options(p), self._bot_rng)
            said.append(self._mark(p, split))
        return said

    # --- callbacks ----------------------------------------------------------------

    @safe_callback
    def _on_roll(self) -> None:
        self._game.apply(Roll())
        dice = self._game.dice or ()
        self._last = {}
        w, game = self.words, self._game
        said = [w("rolled", dice=" ".join(map(str, dice))), *self._bots_choose()]
        if game.waiting:
            said.append(w("choose_now", names=listing(game.waiting, w), count=len(game.waiting)))
            free = [name for name in game.waiting if game.options(name)[0].free]
            if free:
                said.append(w("free_for", names=listing(free, w)))
        elif not game.is_over:
            said.append(w("ready"))
        self.message.info(". ".join(said))
        self.refresh()

    @safe_callback
    def _on_option(self, player: int, index: int) -> None:
        game, w = self._game, self.words
        name = game.players[player]
        if name in self._bots:
            self.message.error(w("is_bot", name=name))
            return
        text = self._mark(player, index) + "."  # the game checks the click
        self.refresh()
        if game.waiting:
            waiting = w("waiting", names=listing(game.waiting, w), count=len(game.waiting))
            self.message.success(f"{text} {waiting}.")
        elif game.is_over:
            self.message.success(text)  # the end screen says who won
        else:
            self.message.success(f"{text} {w('ready')}.")

    def _prompt(self) -> str:
        """What to do now: choose (you, at a class table), wait for the others, roll."""
        game, w = self._game, self.words
        if game.is_over:
            return ""
        if self.chooser is not None:
            name = game.players[self.chooser]
            return w("choose_now", names=name, count=1)
        if game.waiting:
            return w("waiting", names=listing(game.waiting, w), count=len(game.waiting))
        return w("click_roll")

    def _seat_at_table(self, game: Any) -> None:
        """At a class table the other seats are classmates or the table's bots,
        which choose in the service."""
        self._bots = {}
        super()._seat_at_table(game)

    @safe_callback
    def _on_die(self) -> None:
        self.message.info(self._dice_tip())

    def _dice_tip(self) -> str:
        """What the dice are for: Roll first, or each player's options."""
        return self.words("dice_info" if self._game.dice is not None else "click_roll")

    @safe_callback
    def _on_hints(self, change: Any = None) -> None:
        if self.hints_toggle.value and not tables_ready():
            self.advice_task = BackgroundTask(
                lambda _: warm_up().join(), self._on_ready, self._on_ready
            )
            self.advice_task.start()  # the advice shows once the warm-up is done
        self.refresh()

    @safe_callback
    def _on_ready(self, _outcome: Any = None) -> None:
        self.refresh()

    @safe_callback
    def _on_bot_choice(self, change: Any = None) -> None:
        if self.bot_choice.value:
            warm_up()
        self._describe_bots()
        if self.bot_choice.value != tuple(self.bots.values()):
            self.message.info(self.words("bot_next"))

    # --- new games, games from elsewhere ------------------------------------------

    def _fresh_game(self, seed: int) -> SolitaireGame:
        """The same players, or, when the bot menu changed, the players who are not
        bots and the bots of the menu."""
        kinds = tuple(self.bot_choice.value)
        if kinds == tuple(self.bots.values()):
            return SolitaireGame(self._game.players, seed=seed)
        humans = [name for name in self._game.players if name not in self._bots]
        names, self._bots = seat_bots(humans, kinds)
        return SolitaireGame(names, seed=seed)

    @classmethod
    def from_game(
        cls, game: SolitaireGame, lang: str = "en", planner: Any = None, bots: BotMap = None
    ) -> SolitairePanel:
        """A panel that plays on with `game` (showing its seed, if known); `bots` maps
        the players who are bots to their strategy names."""
        if not isinstance(bots, Mapping | None):
            raise SettingsError("bots maps players to strategies, like {'Cleo': 'search'}")
        return cls._playing(game, lang=lang, planner=planner, bots=dict(bots or {}))

    def _options(self) -> dict[str, Any]:
        return {"planner": self._planner, "bots": self.bots}

    def in_language(self: S, lang: str) -> S:
        """The same game in another language, with the same bots, the same bot menu
        and the bots' random generator as it is."""
        panel = super().in_language(lang)
        panel._bot_rng.bit_generator.state = self._bot_rng.bit_generator.state
        panel.bot_choice.value = self.bot_choice.value
        return panel

    @classmethod
    def load(
        cls, path: str | Path, lang: str = "en", planner: Any = None, bots: BotMap = None
    ) -> SolitairePanel:
        """A panel continuing the game saved in `path` (`SaveFileError` if it is not valid);
        `bots` as for `from_game`."""
        return cls.from_game(SolitaireGame.load(path), lang=lang, planner=planner, bots=bots)
