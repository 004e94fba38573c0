"""The small widgets the play panels are built from.

- `PANEL_CSS`: their look (to put in a panel once);
- `set_visible`, `show_text`: show or hide a widget; a text in a styled box;
- `die_face`, `DieView`: dice drawn as dice;
- `heading`, `head_row`: a section's title a screen reader can walk to, a table's head;
- `fresh_seed`, `parse_seed`, `check_seed`: seeds to replay a game;
- `SeedControls`, `SaveLoadControls`: a new game with a seed to replay, and
  saving the game to a JSON file.

They (and `MessageArea`, `dicelab.core.ui.message`) are importable from
`dicelab.core.ui.panel`, where `Panel` puts them together.

>>> die_face(6), parse_seed(" 42 ")
('⚅', 42)
"""

from __future__ import annotations

import html
import secrets
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import numpy as np

from dicelab.core.i18n import msg
from dicelab.core.ui import palette
from dicelab.core.ui.words import Words
from dicelab.errors import SettingsError

__all__ = [
    "DIE_FACES",
    "PANEL_CSS",
    "DieView",
    "SaveLoadControls",
    "SeedControls",
    "check_seed",
    "die_face",
    "fresh_seed",
    "head_row",
    "heading",
    "parse_seed",
    "playable_bundle",
    "set_visible",
    "show_available",
    "show_text",
]

DIE_FACES = "⚀⚁⚂⚃⚄⚅"
MAX_SEED = 1_000_000
HELD_COLOR = palette.HELD_BACKGROUND
FREE_COLOR = palette.SURFACE

# Shared look: dice large and clear, disabled score cells still readable; a
# control that cannot be used now keeps its text readable (palette.py) and has
# a dashed edge, so that it is told apart by more than a colour; the app's
# tabs readable too.
PANEL_CSS = f"""
{palette.CSS_VARIABLES}
.dicelab-panel .dicelab-die button, .dicelab-panel button.dicelab-die {{
  line-height: 1; padding: 0; border: 2px solid #555; border-radius: 10px;
  color: {palette.TEXT}; }}
.dicelab-panel button.dicelab-held {{ border: 3px solid {palette.HELD_MARK}; }}
.dicelab-panel .dicelab-caption {{ text-align: center; font-weight: bold;
  color: {palette.HELD_MARK}; font-size: 11px; line-height: 14px; }}
.dicelab-panel .dicelab-caption .widget-html-content {{ line-height: 14px; }}
.dicelab-panel button.dicelab-unavailable:not(.dicelab-die, .dicelab-cell, .dicelab-solo-card) {{
  opacity: 1; cursor: not-allowed; background: {palette.BUTTON_SURFACE};
  color: {palette.MUTED_TEXT}; border: 1px dashed {palette.UNAVAILABLE_EDGE}; box-shadow: none; }}
.dicelab-panel button.dicelab-cell.dicelab-unavailable {{ opacity: 1; }}
.dicelab-app .dicelab-tabs.widget-tab > .lm-TabBar .lm-TabBar-tab {{ color: {palette.TAB_TEXT}; }}
.dicelab-panel button {{ overflow: visible; }}
.dicelab-app :focus-visible, .dicelab-panel :focus-visible, .dicelab-lobby :focus-visible,
.dicelab-panel :is(input, select, textarea):focus-visible,
.dicelab-lobby :is(input, select, textarea):focus-visible {{
  outline: 3px solid var(--dicelab-focus) !important; outline-offset: 2px; }}
.dicelab-panel .dicelab-head h3 {{ font-size: 1.3em; }}
.dicelab-panel .dicelab-message-error {{ color: #b71c1c; font-weight: bold; }}
@keyframes dicelab-flash-0 {{ from {{ background: #fff59d; }} to {{ background: transparent; }} }}
@keyframes dicelab-flash-1 {{ from {{ background: #fff59d; }} to {{ background: transparent; }} }}
.dicelab-panel .dicelab-flash-0 {{ animation: dicelab-flash-0 0.9s ease-out; }}
.dicelab-panel .dicelab-flash-1 {{ animation: dicelab-flash-1 0.9s ease-out; }}
.dicelab-panel .dicelab-message-success {{ color: #1b5e20; }}
.dicelab-panel table.dicelab-table td, .dicelab-panel table.dicelab-table th {{
  padding: 1px 6px; text-align: right; }}
.dicelab-panel table.dicelab-table td:first-child,
.dicelab-panel table.dicelab-table th:first-child {{ text-align: left; }}
.dicelab-panel table.dicelab-table {{ line-height: 1.3; }}
.dicelab-panel .dicelab-hints table.dicelab-table td {{ white-space: nowrap; }}
.dicelab-panel .dicelab-hints .widget-html-content {{ line-height: 1.35; }}
"""


# --- dice ---------------------------------------------------------------------


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


class DieView:
    """One clickable die: a big face button and a caption ("held") under it.

    `button` carries the CSS classes `dicelab-die` and `dicelab-die-<index>`,
    plus `dicelab-held` while the die is held.
    """

    def __init__(self, index: int, size: str = "64px") -> None:
        self.index = index
        self.button = widgets.Button(
            description="?", layout=widgets.Layout(width=size, height=size, margin="2px")
        )
        self.button.style.font_size = "46px"
        self.button.add_class("dicelab-die")
        self.button.add_class(f"dicelab-die-{index}")
        self.caption = widgets.HTML(  # two lines of room: a caption never moves what is below
            "&nbsp;", layout=widgets.Layout(width=size, min_height="28px")
        )
        self.caption.add_class("dicelab-caption")
        self.box = widgets.VBox([self.button, self.caption])

    def show(
        self,
        value: int | None,
        held: bool,
        caption: str = "",
        tooltip: str = "",
        available: bool = True,
    ) -> None:
        """Draw the die: its face, held colour and caption, and its tooltip (why it
        cannot be clicked now, when it cannot: it still answers a click)."""
        self.button.description = die_face(value)
        self.button.style.button_color = HELD_COLOR if held else FREE_COLOR
        show_available(self.button, available, tooltip, tooltip)
        (self.button.add_class if held else self.button.remove_class)("dicelab-held")
        self.caption.value = html.escape(caption) if held and caption else "&nbsp;"


# --- showing and hiding -------------------------------------------------------


def action_button(text: str, css: str, icon: str, action: Callable[[], Any]) -> widgets.Button:
    """A button labelled `text` (CSS class `css`, an `icon`) whose click calls `action`.

    >>> action_button("Go", "dicelab-go", "play", lambda: None).description
    'Go'
    """
    button = widgets.Button(description=text, icon=icon, layout=widgets.Layout(width="auto"))
    button.add_class(css)
    button.on_click(lambda _b: action())
    return button


def show_available(button: widgets.Button, available: bool, why: str = "", tip: str = "") -> None:
    """Show a control as usable or not, without disabling it: a click on a control
    that cannot be used now still reaches the panel, which answers with the
    rule; its tooltip is `why` meanwhile, and `tip` (none by default) once it
    can be used: never a "Not now" on a control that can be.

    >>> stop = widgets.Button(description="Stop")
    >>> show_available(stop, False, "Not now: roll first"); stop.tooltip
    'Not now: roll first'
    >>> show_available(stop, True); stop.tooltip
    ''
    """
    (button.remove_class if available else button.add_class)("dicelab-unavailable")
    button.tooltip = tip if available else why


def playable_bundle(widget: widgets.Widget, note: str) -> dict[str, Any]:
    """What a notebook stores for `widget`: its view, and `note` as plain text
    (shown until the cell is run, instead of the widget's raw repr)."""
    bundle: dict[str, Any] = widget._repr_mimebundle_()
    bundle["text/plain"] = note
    return bundle


def close_tree(widget: widgets.Widget) -> None:
    """Close `widget` and every widget it holds (children, layouts, styles), so
    that a part of a panel that is replaced leaves nothing behind in the kernel
    or the page.  Nothing in the tree may be shared with a widget still shown.

    >>> button = widgets.Button()
    >>> box = widgets.VBox([widgets.HBox([button])])
    >>> close_tree(box)
    >>> box.comm, button.comm, button.layout.comm, button.style.comm
    (None, None, None, None)
    """
    stack = [widget]
    while stack:
        current = stack.pop()
        for name in current.keys:
            value = getattr(current, name)
            held = value if isinstance(value, (list, tuple)) else (value,)
            stack += [w for w in held if isinstance(w, widgets.Widget) and w.comm is not None]
        current.close()


def set_visible(widget: widgets.Widget, visible: bool) -> None:
    """Show or hide a widget (its layout's display)."""
    widget.layout.display = None if visible else "none"


def head_row(titles: list[str] | tuple[str, ...]) -> str:
    """A table's header row: a `<th>` for each title, a plain cell where there is
    none (an empty header says nothing to a screen reader).

    >>> head_row(("", "Players"))
    '<tr><td></td><th>Players</th></tr>'
    """
    cells = (f"<th>{html.escape(t)}</th>" if t else "<td></td>" for t in titles)
    return "<tr>" + "".join(cells) + "</tr>"


def heading(text: str, level: int = 4, size: str = "inherit") -> str:
    """A section's title as a heading a screen reader can walk to (level 4: under
    a panel's title, which is level 3), drawn as bold text of the size around it.

    >>> heading("Your odds")
    '<h4 style="margin:0;font-size:inherit;line-height:1.4">Your odds</h4>'
    """
    style = f"margin:0;font-size:{size};line-height:1.4"
    return f'<h{level} style="{style}">{html.escape(text)}</h{level}>'


def show_text(widget: widgets.HTML, text: str, style: str, more: str = "") -> None:
    """Show `text` in a `<div style=...>`, then the HTML `more`; hide `widget` while
    `text` is "".

    >>> box = widgets.HTML()
    >>> show_text(box, "Tie!", "color:green"); box.value
    '<div style="color:green">Tie!</div>'
    >>> show_text(box, "", "color:green"); box.value, box.layout.display
    ('', 'none')
    """
    widget.value = f'<div style="{style}">{html.escape(text)}</div>{more}' if text else ""
    set_visible(widget, bool(text))


# --- seeds --------------------------------------------------------------------


def fresh_seed() -> int:
    """A new random seed, small enough to read out to a class."""
    return secrets.randbelow(MAX_SEED)


MAX_SEED_DIGITS = 20


SEED_NOT_DIGITS = msg(
    "seed_not_digits", "the seed is a whole number written with the digits 0-9, not {text}"
)
SEED_TOO_LONG = msg("seed_too_long", "the seed has at most {most} digits, not {size}")


def parse_seed(text: str) -> int | None:
    """The seed typed in a box: a whole number >= 0 in the digits 0-9, or None
    when blank; `SettingsError` (with the reason) for anything else.

    >>> parse_seed(""), parse_seed("007")
    (None, 7)
    >>> parse_seed("²")
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: the seed is a whole number written with the digits 0-9, not '²'
    >>> try:
    ...     parse_seed("-3")
    ... except SettingsError as error:
    ...     print(error.in_language("it"))
    il seme è un numero intero scritto con le cifre 0-9, non '-3'
    """
    text = text.strip()
    if not text:
        return None
    if not (text.isascii() and text.isdigit()):
        raise SettingsError.said(SEED_NOT_DIGITS, text=repr(text))
    if len(text) > MAX_SEED_DIGITS:
        raise SettingsError.said(SEED_TOO_LONG, most=MAX_SEED_DIGITS, size=len(text))
    return int(text)


def check_seed(seed: Any) -> int | None:
    """A seed given to a panel: None or a whole number >= 0."""
    if seed is None:
        return None
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise SettingsError(f"the seed must be a whole number (0 or more) or None, not {seed!r}")
    return int(seed)


# --- new game, save and load --------------------------------------------------


class SeedControls:
    """A "New game" button, a box labelled "Next seed" for the next game's seed,
    and the seed in use, in the panel's `words`.

    `next_seed()` reads the box (blank: a fresh seed); `show(seed)` writes the
    seed in use in `seed_label` (None: unknown, e.g. a loaded game) and
    empties the box; `hide(True)` shows that it is shown when the game is
    over instead (a game whose seed would tell what the rules hide),
    `hide(False)` the seed again.

    >>> from dicelab.core.ui.words import COMMON_WORDS
    >>> controls = SeedControls(Words(COMMON_WORDS, "en"))
    >>> controls.seed_text.description, controls.seed_text.placeholder
    ('Next seed', 'blank: random')
    >>> controls.show(7); controls.hide(True); controls.seed_label.value
    'Seed: <i>shown when the game is over</i>'
    >>> controls.hide(False); controls.seed_label.value
    'Seed: <b>7</b>'
    """

    def __init__(self, words: Words) -> None:
        self._seed_word, self._unknown = words("seed"), words("seed_unknown")
        self._later = words("seed_later")
        self.hidden = False
        self.new_game_button = widgets.Button(description=words("new_game"), icon="refresh")
        self.new_game_button.add_class("dicelab-new-game")
        self.seed_label = widgets.HTML()
        self.seed_label.add_class("dicelab-seed")
        self.seed_text = widgets.Text(  # a label of its own: the placeholder goes when typing
            description=words("seed_next"),
            placeholder=words("seed_placeholder"),
            style={"description_width": "initial"},
            layout=widgets.Layout(width="300px"),
        )
        self.seed_text.add_class("dicelab-seed-text")
        self.box = widgets.HBox(
            [self.new_game_button, self.seed_text, self.seed_label],
            layout=widgets.Layout(flex_flow="row wrap"),
        )
        self.seed: int | None = None

    def next_seed(self) -> int:
        """The seed typed in the box, or a fresh one; `SettingsError` if not a number."""
        typed = parse_seed(self.seed_text.value)
        return fresh_seed() if typed is None else typed

    def show(self, seed: int | None) -> None:
        self.seed = seed
        self._draw()
        self.seed_text.value = ""

    def hide(self, hidden: bool) -> None:
        if hidden != self.hidden:
            self.hidden = hidden
            self._draw()

    def _draw(self) -> None:
        word = html.escape(self._seed_word)
        if self.hidden:
            self.seed_label.value = f"{word} <i>{html.escape(self._later)}</i>"
            return
        shown = self._unknown if self.seed is None else str(self.seed)
        self.seed_label.value = f"{word} <b>{html.escape(shown)}</b>"


class SaveLoadControls:
    """A file name box with Save and Load buttons (the panel adds the handlers).

    The box is blank, showing the default name (which a blank box stands
    for), and offers the saves it is given (`offer`) as a list to pick from.

    >>> controls = SaveLoadControls("game.json", "Save", "Load", "File")
    >>> controls.offer(["new.json", "old.json"]); controls.path_text.options
    ('new.json', 'old.json')
    """

    def __init__(self, default_path: str, save: str, load: str, file_word: str) -> None:
        self.path_text = widgets.Combobox(
            value="",
            placeholder=default_path,
            description=file_word,
            ensure_option=False,
            layout=widgets.Layout(width="300px"),
        )
        self.path_text.add_class("dicelab-save-path")
        self.save_button = widgets.Button(description=save, icon="save")
        self.save_button.add_class("dicelab-save")
        self.load_button = widgets.Button(description=load, icon="folder-open")
        self.load_button.add_class("dicelab-load")
        self.box = widgets.HBox([self.path_text, self.save_button, self.load_button])

    def offer(self, names: list[str]) -> None:
        """The saves listed under the box (newest first)."""
        self.path_text.options = tuple(names)
