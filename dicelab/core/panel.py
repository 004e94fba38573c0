"""Pieces shared by the dicelab play panels (Dice Poker now, Solitaire Dice next).

A panel is a plain Python object that owns its ipywidgets and its game;
its `widget` is the root widget.  Everything here works outside a kernel, so
panels are tested in plain pytest by clicking buttons through the widget API.

- `Words`: the UI words of a panel in English or Portuguese;
- `die_face`, `die_svg`, `DieView`: dice drawn as dice;
- `MessageArea`: one line that answers every click (info, success, error);
- `safe_callback`: a decorator for widget callbacks that never lets an
  exception escape (a `DicelabError` shows its message in the panel);
- `SeedControls`, `SaveLoadControls`: a new game with a seed to replay, and
  saving the game to a JSON file;
- `html_table`, `bar_figure`, `update_bars` (in `dicelab.core.charts`):
  small exact-odds views;
- `Panel`: the base class that shows `widget` in a notebook.

>>> words = Words({"roll": {"en": "Roll ({n} left)", "pt": "Rolar (faltam {n})"}}, "pt")
>>> words("roll", n=2)
'Rolar (faltam 2)'
>>> die_face(6), parse_seed(" 42 ")
('⚅', 42)
"""

from __future__ import annotations

import functools
import html
import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

import ipywidgets as widgets

from dicelab.errors import DicelabError, SettingsError

__all__ = [
    "DIE_FACES",
    "LANGS",
    "MAX_PLAYERS",
    "PANEL_CSS",
    "DieView",
    "MessageArea",
    "Panel",
    "SaveLoadControls",
    "SeedControls",
    "Words",
    "check_lang",
    "check_seed",
    "die_face",
    "die_svg",
    "fresh_seed",
    "panel_players",
    "parse_seed",
    "safe_callback",
    "set_visible",
]

LANGS = ("en", "pt")
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
MAX_SEED = 1_000_000
HELD_COLOR = "#ffd54f"
FREE_COLOR = "#ffffff"
LOG = logging.getLogger("dicelab.panel")

# Shared look: dice large and clear, disabled score cells still readable.
PANEL_CSS = """<style>
.dicelab-panel .dicelab-die button, .dicelab-panel button.dicelab-die {
  line-height: 1; padding: 0; border: 2px solid #555; border-radius: 10px; }
.dicelab-panel button.dicelab-held { border: 3px solid #e65100; }
.dicelab-panel .dicelab-caption { text-align: center; font-weight: bold; color: #e65100; }
.dicelab-panel button.dicelab-cell:disabled { opacity: 1; cursor: default; }
.dicelab-panel .dicelab-message-error { color: #b71c1c; font-weight: bold; }
.dicelab-panel .dicelab-message-success { color: #1b5e20; }
.dicelab-panel table.dicelab-table td, .dicelab-panel table.dicelab-table th {
  padding: 1px 6px; text-align: right; }
.dicelab-panel table.dicelab-table td:first-child { text-align: left; }
</style>"""

_MESSAGE_STYLES = {
    "info": "color:#1a237e",
    "success": "color:#1b5e20",
    "error": "color:#b71c1c;font-weight:bold",
}


def check_lang(lang: Any) -> str:
    """`lang` itself if it is a supported language ("en" or "pt"), else `SettingsError`."""
    if lang not in LANGS:
        raise SettingsError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


class Words:
    """The UI words of a panel in one language.

    `table` maps a key to {"en": text, "pt": text}; texts may hold
    `str.format` fields, filled by keyword when the word is asked for.
    """

    def __init__(self, table: Mapping[str, Mapping[str, str]], lang: str = "en") -> None:
        self.lang = check_lang(lang)
        for key, texts in table.items():
            missing = [code for code in LANGS if code not in texts]
            if missing:
                raise SettingsError(f"the word {key!r} has no {missing[0]!r} text")
        self._table = table

    def __call__(self, key: str, **values: Any) -> str:
        return self._table[key][self.lang].format(**values)


# --- dice ----------------------------------------------------------------------


def die_face(value: int | None) -> str:
    """The unicode die face ⚀..⚅ for 1..6 ("?" before a roll).

    >>> "".join(die_face(v) for v in range(1, 7)), die_face(None)
    ('⚀⚁⚂⚃⚄⚅', '?')
    """
    if value is None:
        return "?"
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
        raise SettingsError(f"a die shows 1 to 6, not {value!r}")
    return DIE_FACES[value - 1]


_PIPS = {
    1: [(2, 2)],
    2: [(1, 1), (3, 3)],
    3: [(1, 1), (2, 2), (3, 3)],
    4: [(1, 1), (3, 1), (1, 3), (3, 3)],
    5: [(1, 1), (3, 1), (2, 2), (1, 3), (3, 3)],
    6: [(1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3)],
}


def die_svg(value: int, size: int = 48, held: bool = False) -> str:
    """A die face as a small inline SVG (for HTML views and summaries).

    >>> die_svg(3).count("<circle")
    3
    """
    die_face(value)
    fill = HELD_COLOR if held else FREE_COLOR
    pips = "".join(
        f'<circle cx="{x * 12}" cy="{y * 12}" r="4.2" fill="#222"/>' for x, y in _PIPS[value]
    )
    return (
        f'<svg width="{size}" height="{size}" viewBox="0 0 48 48" role="img" '
        f'aria-label="die showing {value}"><rect x="1.5" y="1.5" width="45" height="45" '
        f'rx="8" fill="{fill}" stroke="#444" stroke-width="2.5"/>{pips}</svg>'
    )


class DieView:
    """One clickable die: a big face button and a caption ("held") under it.

    `button` carries the CSS classes `dicelab-die` and `dicelab-die-<index>`,
    plus `dicelab-held` while the die is held.
    """

    def __init__(self, index: int, size: str = "72px") -> None:
        self.index = index
        self.button = widgets.Button(
            description="?", layout=widgets.Layout(width=size, height=size, margin="2px")
        )
        self.button.style.font_size = "52px"
        self.button.add_class("dicelab-die")
        self.button.add_class(f"dicelab-die-{index}")
        self.caption = widgets.HTML("&nbsp;", layout=widgets.Layout(width=size))
        self.caption.add_class("dicelab-caption")
        self.box = widgets.VBox([self.button, self.caption])

    def show(
        self, value: int | None, held: bool, caption: str = "", tooltip: str = "", enabled=True
    ) -> None:
        """Draw the die: its face, held colour and caption, tooltip, enabled or not."""
        self.button.description = die_face(value)
        self.button.style.button_color = HELD_COLOR if held else FREE_COLOR
        self.button.tooltip = tooltip
        self.button.disabled = not enabled
        (self.button.add_class if held else self.button.remove_class)("dicelab-held")
        self.caption.value = html.escape(caption) if held and caption else "&nbsp;"


# --- messages and callbacks -----------------------------------------------------


class MessageArea(widgets.HTML):
    """The panel's answer to the last click; `text` and `kind` mirror it in Python.

    >>> area = MessageArea()
    >>> area.error("no rolls left")
    >>> area.kind, area.text
    ('error', 'no rolls left')
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dicelab-message")
        self.text = ""
        self.kind = "info"

    def show(self, text: str, kind: str = "info") -> None:
        """Show `text` as "info", "success" or "error"."""
        self.text, self.kind = text, kind
        for other in _MESSAGE_STYLES:
            self.remove_class(f"dicelab-message-{other}")
        self.add_class(f"dicelab-message-{kind}")
        style = _MESSAGE_STYLES.get(kind, "")
        self.value = f'<span style="{style}">{html.escape(text)}</span>' if text else ""

    def info(self, text: str) -> None:
        self.show(text, "info")

    def success(self, text: str) -> None:
        self.show(text, "success")

    def error(self, text: str) -> None:
        self.show(text, "error")

    def clear(self) -> None:
        self.show("", "info")


F = TypeVar("F", bound=Callable[..., Any])


def safe_callback(method: F) -> F:
    """Wrap a panel method used as a widget callback so that nothing escapes it.

    A `DicelabError` (an illegal move, a bad setting, a bad save file) shows
    its message in `self.message`; any other exception is a bug: it is
    logged (debug level), appended to `self.errors` and reported in one line,
    never as a traceback.
    """

    @functools.wraps(method)
    def wrapper(self: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return method(self, *args, **kwargs)
        except DicelabError as error:
            self.message.error(str(error))
        except Exception as error:
            LOG.debug("panel callback %s failed", method.__name__, exc_info=True)
            self.errors.append(error)
            self.message.error(f"Internal error ({type(error).__name__}: {error})")
        return None

    return wrapper  # type: ignore[return-value]


def set_visible(widget: widgets.Widget, visible: bool) -> None:
    """Show or hide a widget (its layout's display)."""
    widget.layout.display = None if visible else "none"


# --- seeds, new game, save and load ---------------------------------------------


def fresh_seed() -> int:
    """A new random seed, small enough to read out to a class."""
    return secrets.randbelow(MAX_SEED)


def parse_seed(text: str) -> int | None:
    """The seed typed in a box: a whole number >= 0, or None when blank.

    >>> parse_seed(""), parse_seed("007")
    (None, 7)
    >>> parse_seed("x1")
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: the seed must be a whole number (0 or more), not 'x1'
    """
    text = text.strip()
    if not text:
        return None
    if not text.isdigit():
        raise SettingsError(f"the seed must be a whole number (0 or more), not {text!r}")
    return int(text)


def check_seed(seed: Any) -> int | None:
    """A seed given to a panel: None or a whole number >= 0."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise SettingsError(f"the seed must be a whole number (0 or more) or None, not {seed!r}")
    return seed


class SeedControls:
    """A "New game" button, the seed in use, and a box for the next game's seed.

    `next_seed()` reads the box (blank: a fresh seed); `show(seed)` writes the
    seed in use in `seed_label` (None: unknown, e.g. a loaded game) and
    empties the box.
    """

    def __init__(self, new_game: str, seed_word: str, placeholder: str, unknown: str) -> None:
        self._seed_word, self._unknown = seed_word, unknown
        self.new_game_button = widgets.Button(description=new_game, icon="refresh")
        self.new_game_button.add_class("dicelab-new-game")
        self.seed_label = widgets.HTML()
        self.seed_label.add_class("dicelab-seed")
        self.seed_text = widgets.Text(placeholder=placeholder, layout=widgets.Layout(width="200px"))
        self.seed_text.add_class("dicelab-seed-text")
        self.box = widgets.HBox([self.new_game_button, self.seed_text, self.seed_label])
        self.seed: int | None = None

    def next_seed(self) -> int:
        """The seed typed in the box, or a fresh one; `SettingsError` if not a number."""
        typed = parse_seed(self.seed_text.value)
        return fresh_seed() if typed is None else typed

    def show(self, seed: int | None) -> None:
        self.seed = seed
        shown = self._unknown if seed is None else str(seed)
        self.seed_label.value = f"{html.escape(self._seed_word)}: <b>{html.escape(shown)}</b>"
        self.seed_text.value = ""


class SaveLoadControls:
    """A file name box with Save and Load buttons (the panel adds the handlers)."""

    def __init__(self, default_path: str, save: str, load: str, file_word: str) -> None:
        self.path_text = widgets.Text(
            value=default_path, description=file_word, layout=widgets.Layout(width="300px")
        )
        self.path_text.add_class("dicelab-save-path")
        self.save_button = widgets.Button(description=save, icon="save")
        self.save_button.add_class("dicelab-save")
        self.load_button = widgets.Button(description=load, icon="folder-open")
        self.load_button.add_class("dicelab-load")
        self.box = widgets.HBox([self.path_text, self.save_button, self.load_button])


MAX_PLAYERS = 6


def panel_players(players: Any, game: str) -> tuple[str, ...]:
    """1 to 6 different, non-empty names (surrounding spaces dropped); else `SettingsError`.

    >>> panel_players([" Ana ", "Bruno"], "Dice Poker")
    ('Ana', 'Bruno')
    >>> panel_players(["Ana", "Ana"], "Dice Poker")
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: player names must be different: 'Ana' appears twice
    """
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise SettingsError(f"players is a list of 1 to {MAX_PLAYERS} names, not {players!r}")
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise SettingsError(f"{game} is for 1 to {MAX_PLAYERS} players, not {len(players)}")
    names: list[str] = []
    for name in players:
        if not isinstance(name, str) or not name.strip():
            raise SettingsError(f"a player's name must be a non-empty text, not {name!r}")
        if name.strip() in names:
            raise SettingsError(f"player names must be different: {name.strip()!r} appears twice")
        names.append(name.strip())
    return tuple(names)


class Panel:
    """Base of the play panels: `widget` is the root; a notebook shows it.

    Subclasses set `self.widget`, `self.message` (a `MessageArea`) and keep
    `self.errors` (unexpected exceptions caught by `safe_callback`).
    """

    widget: widgets.Widget
    message: MessageArea
    errors: list[BaseException]

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
