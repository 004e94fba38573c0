"""Pieces shared by the dicelab play panels.

A panel is a plain Python object that owns its ipywidgets and its game;
its `widget` is the root widget.  Everything here works outside a kernel, so
panels are tested in plain pytest by clicking buttons through the widget API.

- `Words`: the UI words of a panel in one language (`dicelab.core.i18n`);
  `COMMON_WORDS`: the words every panel shares (a game's messages are
  `COMMON_WORDS | messages(...)`); `listing` joins names ("Ana, Bruno and Caio");
- `die_face`, `DieView`, `MessageArea` (`dicelab.core.ui.message`),
  `SeedControls`, `SaveLoadControls`, `set_visible`, `show_text` (from
  `dicelab.core.ui.widgets`): dice drawn as dice, the line that answers
  every click, a new game with a seed to replay, saving the game to a JSON
  file, showing and hiding a widget;
- `safe_callback` (from `dicelab.core.ui.callbacks`): a decorator for widget
  callbacks that never lets an exception escape (a `DicelabError` shows its
  message in the panel);
- `html_table`, `bar_figure`, `update_bars` (in `dicelab.core.present.charts`):
  small exact-odds views;
- `Panel`: the base class of the panels: the shared controls, New game,
  Save and Load, and showing `widget` in a notebook.

>>> Words(COMMON_WORDS, "pt")("new_game")
'Novo jogo'
>>> die_face(6), parse_seed(" 42 ")
('⚅', 42)
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

import ipywidgets as widgets

from dicelab.core.engine import MAX_PLAYERS, Engine
from dicelab.core.i18n import Message, msg
from dicelab.core.ui.aria import Aria, aria_words
from dicelab.core.ui.callbacks import safe_callback
from dicelab.core.ui.how_to_play import HowToPlay, Terms
from dicelab.core.ui.message import MessageArea
from dicelab.core.ui.saving import (
    holds_another_game,
    make_save_folder,
    plain_name,
    save_target,
    saved_names,
)
from dicelab.core.ui.widgets import (
    DIE_FACES,
    PANEL_CSS,
    DieView,
    SaveLoadControls,
    SeedControls,
    check_seed,
    die_face,
    fresh_seed,
    parse_seed,
    playable_bundle,
    set_visible,
    show_available,
    show_text,
)
from dicelab.core.ui.words import COMMON_WORDS, LANGS, Words, check_lang, listing
from dicelab.errors import IllegalMove, SaveFileError, SettingsError

__all__ = [
    "COMMON_WORDS",
    "DIE_FACES",
    "LANGS",
    "MAX_PLAYERS",
    "PANEL_CSS",
    "SUMMARY_STYLE",
    "DieView",
    "MessageArea",
    "Panel",
    "SaveLoadControls",
    "SeedControls",
    "Words",
    "check_lang",
    "check_seed",
    "die_face",
    "fresh_seed",
    "listing",
    "parse_seed",
    "safe_callback",
    "set_visible",
    "show_available",
    "show_text",
]

SAME_SEED = msg(
    "panel|same_seed",
    "that is the seed of the game in play, whose hidden dice and cards stay hidden "
    "until it is over: type another seed, or leave the box blank",
)
SUMMARY_STYLE = "font-size:1.2em;font-weight:bold;color:#1b5e20"  # the end of a game


# --- the base class -----------------------------------------------------------


class HintsArea(Protocol):
    """What a panel's hints view has: its root widget."""

    widget: widgets.Widget


G = TypeVar("G", bound=Engine[Any, Any])  # a panel's game
H = TypeVar("H", bound=HintsArea)  # a panel's hints view
P = TypeVar("P", bound="Panel[Any, Any]")


class Panel(Generic[G, H]):
    """Base of the play panels: `widget` is the root; a notebook shows it.

    It builds what every panel has (`_build_dice`, `_build`), and does New
    game, Save and Load.  A subclass sets `game_class` (its game: `load(path)`,
    `save(path)`) and `default_save` (the file name offered); its `__init__`
    calls `_setup`, then builds its widgets; it defines `_install(game, seed)`
    (make `game` the panel's game, then redraw), `_fresh_game(seed)` (a game
    with the same players, for New game), `_on_roll`, `_on_hints` and
    `refresh`.  `self.errors` keeps the unexpected exceptions caught by
    `safe_callback`.

    A game with hidden information (`hides_information`: shields, hands) does
    not show its seed until it is over, since the seed recomputes every hidden
    die and card, and a seed typed in the box is never the running game's; a
    teacher's panel (`teacher=True`) shows the seed all along.
    """

    hides_information = False
    how_to_play: tuple[str, Terms] = ("how_goal", ())  # the rules' key, the Hints' terms
    game_class: type[G]
    default_save: str
    widget: widgets.Widget
    message: MessageArea
    errors: list[BaseException]
    _game: G
    _hints: H | None
    _replacing: Path | None = None  # a file holding another game, after one click on Save

    def __init__(
        self, players: Sequence[str], seed: int | None = None, lang: str = "en", **options: Any
    ) -> None:
        raise NotImplementedError

    def _setup(
        self, table: Mapping[str, Message], lang: str, seed: Any, teacher: Any = False
    ) -> int:
        """Check and set the words, the language and the teacher's mode; the seed to
        start with (given or fresh)."""
        if not isinstance(teacher, bool):
            raise SettingsError(f"teacher is True or False, not {teacher!r}")
        self.words = Words(table, check_lang(lang))
        self.lang = lang
        self.teacher = teacher
        self.errors = []
        seed = check_seed(seed)
        return fresh_seed() if seed is None else seed

    def _build_dice(self, count: int, roll: str) -> None:
        """`dice_views`, `dice_buttons`, and `roll_button` (its clicks go to `_on_roll`;
        it is as wide as its words need, in any language)."""
        self.dice_views = [DieView(i) for i in range(count)]
        self.dice_buttons = [view.button for view in self.dice_views]
        self.roll_button = widgets.Button(
            description=roll,
            button_style="primary",
            icon="dice",
            layout=widgets.Layout(
                width="auto", min_width="150px", height="52px", margin="6px 10px"
            ),
        )
        self.roll_button.style.font_size = "17px"
        self.roll_button.add_class("dicelab-roll")
        self.roll_button.on_click(lambda _b: self._on_roll())

    def _build(self) -> None:
        """The widgets every panel has: the title, the message line, the end screen
        (`summary` and its New game button), the Hints toggle, and the New game,
        seed, Save and Load controls (they go in the footer)."""
        w = self.words
        self.title = widgets.HTML(f"<h3 style='margin:2px 0'>{html.escape(w('title'))}</h3>")
        self.summary = widgets.HTML()
        self.summary.add_class("dicelab-summary")
        self.again_button = widgets.Button(description=w("new_game"), icon="refresh")
        self.again_button.add_class("dicelab-again")
        self.again_button.on_click(lambda _b: self._on_new_game())
        self.end_screen = widgets.VBox([self.summary, self.again_button])
        self.end_screen.add_class("dicelab-end")
        set_visible(self.end_screen, False)
        self.message = MessageArea(layout=widgets.Layout(min_height="24px"))
        self.hints_toggle = widgets.ToggleButton(
            value=False, description=w("hints"), icon="lightbulb-o"
        )
        self.hints_toggle.add_class("dicelab-hints-toggle")
        self.hints_toggle.observe(self._on_hints, names="value")
        self.seed_controls = SeedControls(w)
        self.new_game_button = self.seed_controls.new_game_button
        self.new_game_button.on_click(lambda _b: self._on_new_game())
        self.seed_text = self.seed_controls.seed_text
        self.seed_label = self.seed_controls.seed_label
        self.save_controls = SaveLoadControls(self.default_save, w("save"), w("load"), w("file"))
        self.save_controls.offer(saved_names())
        self.save_path = self.save_controls.path_text
        self.save_button = self.save_controls.save_button
        self.load_button = self.save_controls.load_button
        self.save_button.on_click(lambda _b: self._on_save())
        self.load_button.on_click(lambda _b: self._on_load())

    def _assemble(
        self, name: str, css: str, header: Sequence[widgets.Widget], body: widgets.Widget
    ) -> None:
        """`widget` (CSS classes `dicelab-<name>`, `dicelab-lang-<lang>`): a head line
        (the title, `header`, the Hints and How to play toggles), How to play's box,
        `body`, and a footer with New game, the seed, Save and Load."""
        self.how = HowToPlay(self.words, *self.how_to_play)
        head = widgets.HBox(
            [self.title, *header, self.hints_toggle, self.how.toggle],
            layout=widgets.Layout(align_items="center", grid_gap="16px", flex_flow="row wrap"),
        )
        head.add_class("dicelab-head")
        foot = widgets.HBox(
            [self.seed_controls.box, self.save_controls.box],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px 24px", margin="8px 0 0 0"),
        )
        foot.add_class("dicelab-foot")
        body.add_class("dicelab-body")  # where the focus goes when its control is gone
        style = widgets.HTML(f"<style>{PANEL_CSS}{css}</style>")
        self.aria = Aria(aria_words(self.words))  # names and states for screen readers
        self.message.announce, self._end_said = self.aria.say, ""
        self.widget = widgets.VBox([style, self.aria, head, self.how.box, body, foot])
        self.widget.add_class("dicelab-panel")
        self.widget.add_class(f"dicelab-{name}")
        self.widget.add_class(f"dicelab-lang-{self.lang}")  # which language it speaks

    def show_end(self, text: str, more: str = "") -> None:
        """The end screen: `text` in bold, then the HTML `more` (hidden while `text` is "",
        and in its place the seed row's New game); a hidden seed shows once the game
        is over, with how to replay the game."""
        self.seed_controls.hide(self.seed_hidden)
        if text and self.hides_information and self.seed is not None:
            more += f"<p>{html.escape(self.words('replay_seed', seed=self.seed))}</p>"
        if text and text != self._end_said:
            self.aria.say(text)  # the end of the game, once
        self._end_said = text
        show_text(self.summary, text, SUMMARY_STYLE, more)
        set_visible(self.end_screen, bool(text))
        set_visible(self.new_game_button, not text)  # the end screen's New game, the one

    @property
    def seed_hidden(self) -> bool:
        """Whether the seed is kept from the page now: a game with hidden information,
        not over yet, in a student's panel."""
        return self.hides_information and not self.teacher and not self._game.is_over

    def _show_seed(self, seed: int | None) -> None:
        """The seed of the game just installed (shown now, or once it is over)."""
        self.seed_controls.show(seed)
        self.seed_controls.hide(self.seed_hidden)

    def _new_game_words(self, seed: int) -> str:
        """ "New game (seed 7)", or without the seed while it is hidden."""
        if self.seed_hidden:
            return self.words("new_game_hidden")
        return self.words("new_game_started", seed=seed)

    def explain(self, error: IllegalMove) -> str:
        """An illegal move said in the panel's language (see `Words.explain`)."""
        return self.words.explain(error, self._details(error))

    def _details(self, error: IllegalMove) -> dict[str, str]:
        """The error's details as the panel shows them (a game names its boxes ...)."""
        return {
            k: listing([str(x) for x in v], self.words) if isinstance(v, (list, tuple)) else str(v)
            for k, v in error.details.items()
        }

    def _install(self, game: G, seed: int | None) -> None:
        raise NotImplementedError

    def _on_roll(self) -> None:
        raise NotImplementedError

    def refresh(self) -> None:
        raise NotImplementedError

    def _on_hints(self, change: Any = None) -> None:
        raise NotImplementedError

    def _fresh_game(self, seed: int) -> G:
        raise NotImplementedError

    def _prompt(self) -> str:
        """What the player has to do now, in words ("" when nothing is asked)."""
        return ""

    def _started_text(self, game: G, seed: int) -> str:
        """The message when New game has started `game`."""
        return self.words("new_game_started", seed=seed)

    # --- what the panel shows -----------------------------------------------------

    @property
    def game(self) -> G:
        """The game being played (replaced by New game and Load)."""
        return self._game

    @property
    def seed(self) -> int | None:
        """The seed of the game in play (None for a game loaded from a file)."""
        return self.seed_controls.seed

    @property
    def hints(self) -> H:
        assert self._hints is not None
        return self._hints

    # --- New game, Save and Load --------------------------------------------------

    @safe_callback
    def _on_new_game(self) -> None:
        self.new_game()

    def _file_name(self) -> str:
        """The plain file name in the File box (blank: the default one)."""
        return plain_name(self.save_path.value.strip() or self.default_save)

    @safe_callback
    def _on_save(self) -> None:
        name = self._file_name()
        path = save_target(name)
        if path != self._replacing and holds_another_game(path, self._game):
            self._replacing = path  # a second click on Save replaces it
            self.message.error(self.words("other_game", name=name))
            return
        self._replacing = None
        make_save_folder()
        try:
            self.save(path)
        except SaveFileError as error:
            raise error.with_values(file=name) from None
        self.save_controls.offer(saved_names())
        self.message.success(self.words("saved", name=name))

    @safe_callback
    def _on_load(self) -> None:
        self.save_controls.offer(saved_names())
        name = self._file_name()
        try:
            self.load_game(save_target(name))
        except SaveFileError as error:
            raise error.with_values(file=name) from None
        loaded, now = self.words("loaded", name=name), self._prompt()
        self.message.success(f"{loaded}. {now}" if now else loaded)  # and what to do now

    def new_game(self, seed: int | None = None) -> None:
        """Start again with the same players (and rules): with `seed`, else the seed
        typed in the seed box, else a fresh one (shown in the panel)."""
        seed = check_seed(seed)
        if seed is None:
            seed = self.next_seed()
        game = self._fresh_game(seed)
        self._install(game, seed)
        self.message.info(self._started_text(game, seed))

    def next_seed(self) -> int:
        """The next game's seed: the one typed in the seed box, else a fresh one;
        `SettingsError` for a bad one, or for this game's own seed while the rules
        hide it (a copy would recompute what they hide)."""
        seed = self.seed_controls.next_seed()
        if self.seed_hidden and seed == self.seed:
            raise SettingsError.said(SAME_SEED)
        return seed

    def save(self, path: str | Path) -> None:
        """Write the game to a JSON file (`SaveFileError` if it cannot be written)."""
        self._game.save(path)

    def load_game(self, path: str | Path) -> None:
        """Go on with the game saved in `path`, in this panel (`SaveFileError` if it
        is not valid: then nothing changes)."""
        game = self.game_class.load(path)
        self._install(game, game.seed)

    @classmethod
    def _playing(cls: type[P], game: Any, **options: Any) -> P:
        """For `from_game`: a panel with `options` that plays on with `game` (showing
        its seed, or "unknown"); `SettingsError` if `game` is not a `game_class`."""
        if not isinstance(game, cls.game_class):
            raise SettingsError(f"from_game needs a {cls.game_class.__name__}, not {game!r}")
        panel = cls(game.players, seed=0, **cls._settings_of(game), **options)
        panel._install(game, game.seed)
        return panel

    @classmethod
    def _settings_of(cls, game: G) -> dict[str, Any]:
        """What a panel for `game` is made with, besides its players (for `from_game`)."""
        return {}

    def _options(self) -> dict[str, Any]:
        """What this panel was given besides its game (an advisor ...), for `in_language`."""
        return {}

    def in_language(self: P, lang: str) -> P:
        """A panel in another language that plays on with the same game (and keeps
        what it was given, such as an advisor)."""
        panel = type(self)._playing(self._game, lang=lang, **self._options())
        panel.hints_toggle.value = self.hints_toggle.value
        self._carry_over(panel)
        return panel

    def _carry_over(self, panel: Any) -> None:
        """What a panel taking over in another language keeps besides the game
        (the review in sight, for a panel that reviews games)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self._game!r}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return playable_bundle(self.widget, self.words("run_to_play", game=self.words("title")))
