"""The sheets of the Solitaire Dice panel: one block per player, drawn like seed 000.

Each block shows the player's name and state, the running total, the free
throw when there is one, the sheet (values, sums, tally marks and points on
the left, the discard numbers with their marks on the right, gains,
penalties and total below) and, while the player has to choose, the legal
options of the roll as buttons.  The blocks only show the game: the clicks
go to the panel, which asks the game.

>>> from dicelab.core.ui.panel import Words
>>> from dicelab.solitaire.panel.words import WORDS
>>> sheet = Sheet.from_marks({3: 7, 4: 2, 6: 8, 7: 11, 8: 2, 11: 8}, {1: 8, 3: 7, 6: 4})
>>> page = sheet_html(sheet, Words(WORDS, "en"))
>>> '<td class="dicelab-tally">IIIII II</td><td class="dicelab-points dicelab-plus">+140' in page
True
>>> '<td class="dicelab-sheet-total">220</td>' in page
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from dicelab.core.ui import palette
from dicelab.core.ui.aria import named
from dicelab.core.ui.panel import Words, die_face, listing, set_visible
from dicelab.core.ui.widgets import close_tree
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.panel.words import option_text
from dicelab.solitaire.rules import (
    BREAK_EVEN,
    CAP,
    DISCARD_NUMBERS,
    END_MARK,
    MAX_DISCARDS,
    SUMS,
    VALUES,
    Split,
)
from dicelab.solitaire.sheet import Sheet, tally
from dicelab.solitaire.state import GameState

BLANK = "\u00a0"  # an empty button description would leave the old text in the browser
DISCARD_ROW = 3  # the discard numbers sit beside the sums 5..10, as in seed 000
MAX_OPTIONS = 15  # the most distinct options a roll can have
OPTION_COLOR = "#e3f2fd"
SUGGESTED_COLOR = "#a5d6a7"
CURRENT_BACKGROUND = palette.CURRENT_ROW

# The look of a paper sheet; the classes are stable for browser tests.
SHEET_CSS = """
.dicelab-solitaire button.dicelab-die.dicelab-unavailable { opacity: 1; cursor: default; }
.dicelab-solitaire .dicelab-player-block { border: 1px solid #c5b98f; border-radius: 6px;
  padding: 6px 10px; background: var(--dicelab-sheet-paper); min-width: 460px;
  box-sizing: border-box; }
.dicelab-solitaire table.dicelab-sheet-table { border-collapse: collapse;
  font-size: 13px; line-height: 1.35; }
.dicelab-solitaire table.dicelab-sheet-table td { padding: 0 6px; white-space: nowrap; }
.dicelab-solitaire td.dicelab-value { color: var(--dicelab-muted-text); text-align: right;
  font-size: 12px; }
.dicelab-solitaire td.dicelab-sum, .dicelab-solitaire td.dicelab-face {
  font-weight: bold; text-align: right; }
.dicelab-solitaire td.dicelab-tally, .dicelab-solitaire td.dicelab-dtally {
  font-family: monospace; color: #1a237e; min-width: 8em; letter-spacing: 1px; }
.dicelab-solitaire td.dicelab-dtally { min-width: 6em; }
.dicelab-solitaire td.dicelab-points { text-align: right; min-width: 3.2em; }
.dicelab-solitaire .dicelab-plus { color: #1b5e20; font-weight: bold; }
.dicelab-solitaire .dicelab-minus { color: #b71c1c; }
.dicelab-solitaire td.dicelab-face { padding-left: 12px; border-left: 1px dashed #c5b98f; }
.dicelab-solitaire td.dicelab-face.dicelab-chosen span { border: 2px solid #1a237e;
  border-radius: 50%; padding: 0 5px; }
.dicelab-solitaire td.dicelab-face.dicelab-closed { color: var(--dicelab-muted-text);
  font-weight: normal; text-decoration: line-through; }
.dicelab-solitaire td.dicelab-dtally.dicelab-ended { color: #b71c1c; font-weight: bold; }
.dicelab-solitaire .dicelab-count { color: var(--dicelab-muted-text); font-size: 11px;
  font-family: sans-serif; }
.dicelab-solitaire tr.dicelab-last td.dicelab-sum, .dicelab-solitaire tr.dicelab-last
  td.dicelab-tally { background: #fff59d; }
.dicelab-solitaire td.dicelab-dlast { background: #fff59d; }
.dicelab-solitaire tr.dicelab-foot td { border-top: 1px solid #c5b98f; }
.dicelab-solitaire td.dicelab-sheet-total { font-weight: bold; text-align: right;
  font-size: 16px; }
.dicelab-solitaire td.dicelab-note { color: var(--dicelab-muted-text); font-size: 11px; }
.dicelab-solitaire table.dicelab-sheet-table td.dicelab-rule-note { color: #757575;
  font-size: 11px; white-space: normal; vertical-align: top; max-width: 11em; }
.dicelab-solitaire .dicelab-kind { color: #757575; font-size: 12px; }
.dicelab-solitaire .dicelab-free { background: #e8f5e9; border-left: 4px solid #2e7d32;
  padding: 3px 8px; font-weight: bold; color: #1b5e20; }
.dicelab-solitaire button.dicelab-option { font-family: monospace; font-size: 12.5px;
  padding: 0 6px; }
.dicelab-solitaire button.dicelab-suggested { border: 2px solid #2e7d32; font-weight: bold; }
.dicelab-solitaire table.dicelab-odds td, .dicelab-solitaire table.dicelab-odds th {
  padding: 1px 4px; font-size: 12px; }
.dicelab-solitaire table.dicelab-breakdown td, .dicelab-solitaire table.dicelab-breakdown th {
  padding: 1px 8px; text-align: right; }
"""


def _points(marks: int, points: int) -> tuple[str, str]:
    """The points of a line as on the sheet ("" for an empty line) and its class."""
    if marks == 0:
        return "", ""
    if points > 0:
        return f"+{points}", " dicelab-plus"
    return (str(points), " dicelab-minus") if points else ("0", "")


def _td(css: str, text: str = "", raw: bool = False) -> str:
    return f'<td class="{css}">{text if raw else html.escape(text)}</td>'


def sheet_html(sheet: Sheet, words: Words, last: Split | None = None) -> str:
    """One sheet as an HTML table in seed 000's layout; `last` (the split just
    marked) is highlighted.  Rows carry `dicelab-line-<sum>`, discard cells
    `dicelab-discard-<face>`."""
    lines = sheet.line_scores()
    chosen = sheet.chosen
    marked = set(last.pairs) if last is not None else set()
    rows = [
        '<tr><td></td><td></td><td class="dicelab-note">'
        f"{html.escape(words('sums_head'))}</td><td></td>"
        f'<td></td><td class="dicelab-note">{html.escape(words("discards_head"))}</td></tr>'
    ]
    for i, total in enumerate(SUMS):
        marks = sheet.marks(total)
        points, tone = _points(marks, lines[total])
        capped = ""
        if marks > CAP:  # the marks past the 10th count for nothing: say so
            capped = f' <span class="dicelab-count">{html.escape(words("capped", cap=CAP))}</span>'
        cells = [
            _td("dicelab-value", f"({VALUES[total]})"),
            _td("dicelab-sum", str(total)),
            _td("dicelab-tally", html.escape(tally(marks)) + capped, raw=True),
            _td(f"dicelab-points{tone}", points),
        ]
        face = i - DISCARD_ROW + 1
        if face in DISCARD_NUMBERS:
            cells += _discard_cells(sheet, face, chosen, last)
        elif i == 0:  # the discards' rule, in the free rows above them
            rule = html.escape(words("end_rule"))
            cells += [
                "<td></td>",
                f'<td class="dicelab-rule-note" rowspan="{DISCARD_ROW}">{rule}</td>',
            ]
        elif i < DISCARD_ROW:
            cells += ["<td></td>"]
        elif i == len(SUMS) - 1 and sheet.free_throws:
            cells += ["<td></td>", _td("dicelab-note", words("free_count", n=sheet.free_throws))]
        else:
            cells += ["<td></td>", "<td></td>"]
        css = f"dicelab-line-{total}" + (" dicelab-last" if total in marked else "")
        rows.append(f'<tr class="{css}">{"".join(cells)}</tr>')
    gains = sum(p for p in lines.values() if p > 0)
    losses = sum(p for p in lines.values() if p < 0)
    rows.append(
        '<tr class="dicelab-foot"><td></td><td></td>'
        + _td("dicelab-note", words("gains"))
        + _td("dicelab-points dicelab-plus dicelab-gains", f"+{gains}" if gains else "0")
        + "<td></td><td></td></tr>"
    )
    rows.append(
        "<tr><td></td><td></td>"
        + _td("dicelab-note", words("penalties"))
        + _td("dicelab-points dicelab-minus dicelab-losses", str(losses) if losses else "0")
        + "<td></td><td></td></tr>"
    )
    rows.append(
        "<tr><td></td><td></td>"
        + _td("dicelab-note", words("total"))
        + _td("dicelab-sheet-total", str(sheet.score))
        + "<td></td><td></td></tr>"
    )
    return f'<table class="dicelab-sheet-table">{"".join(rows)}</table>'


def _discard_cells(sheet: Sheet, face: int, chosen: frozenset[int], last: Split | None) -> list:
    count = sheet.discard_marks(face)
    css = "dicelab-face"
    if face in chosen:
        css += " dicelab-chosen"
    elif len(chosen) == MAX_DISCARDS:
        css += " dicelab-closed"  # a fourth number is never allowed
    marks = html.escape(tally(count))
    if count:
        marks += f' <span class="dicelab-count">{count}/{END_MARK}</span>'
    tally_css = f"dicelab-dtally dicelab-discard-{face}"
    if count == END_MARK:
        tally_css += " dicelab-ended"
    if last is not None and last.discard == face:
        tally_css += " dicelab-dlast"
    return [_td(css, f"<span>{face}</span>", raw=True), _td(tally_css, marks, raw=True)]


def line_tone(marks: int) -> str:
    """The state of a line for the hints' colours: "empty", "penalty" or "scoring"."""
    if marks == 0:
        return "empty"
    return "penalty" if marks < BREAK_EVEN else "scoring"


class PlayerView:
    """One player's block.

    - `header`: name, which bot (for a bot's seat) and state (class
      `dicelab-player-<p>`; a bot's block has the class `dicelab-bot-seat`);
    - `total_label`: the running total (class `dicelab-total-<p>`);
    - `free_label`: the free throw announcement (class `dicelab-free-<p>`);
    - `sheet_html`: the sheet (class `dicelab-sheet-<p>`);
    - `option_buttons`: the options of the roll while the player has to
      choose, each with the class `dicelab-option-<p>-<i>` (and
      `dicelab-option-<i>` for the player to choose first); unused buttons
      are hidden (all of them for a bot, which chooses by itself).

    `on_option(p, i)` is called when option i is clicked.
    """

    def __init__(self, index: int, words: Words, on_option: Callable[[int, int], None]) -> None:
        self.index, self.words, self._on_option = index, words, on_option
        self.header = widgets.HTML()
        self.header.add_class(f"dicelab-player-{index}")
        self.total_label = widgets.HTML()
        self.total_label.add_class(f"dicelab-total-{index}")
        total_word = widgets.HTML(html.escape(words("total_label")))
        totals = widgets.HBox([total_word, self.total_label], layout=widgets.Layout(grid_gap="6px"))
        top = widgets.HBox(
            [self.header, totals],
            layout=widgets.Layout(justify_content="space-between", align_items="baseline"),
        )
        self.free_label = widgets.HTML()
        self.free_label.add_class(f"dicelab-free-{index}")
        self.sheet_html = widgets.HTML()
        self.sheet_html.add_class(f"dicelab-sheet-{index}")
        self.option_buttons: list[widgets.Button] = []
        self.names: dict[str, list[str]] = {}  # what a screen reader calls each option, by class
        self.options_box = widgets.GridBox(
            layout=widgets.Layout(
                grid_template_columns="repeat(2, max-content)", grid_gap="2px 4px", margin="2px 0"
            )
        )
        self.options_box.add_class(f"dicelab-options-{index}")
        self._add_buttons(MAX_OPTIONS)
        self.options: list[Split] = []
        self.widget = widgets.VBox([top, self.free_label, self.options_box, self.sheet_html])
        self.widget.add_class("dicelab-player-block")

    def _add_buttons(self, count: int) -> None:
        for _ in range(count):
            i = len(self.option_buttons)
            button = widgets.Button(
                description=BLANK, layout=widgets.Layout(width="auto", height="26px")
            )
            button.add_class("dicelab-option")
            button.add_class(f"dicelab-option-{self.index}-{i}")
            button.on_click(lambda _b, i=i: self._on_option(self.index, i))
            set_visible(button, False)
            self.option_buttons.append(button)
        self.options_box.children = self.option_buttons

    def refresh(
        self,
        game: SolitaireGame,
        chooser: int | None,
        last: Split | None,
        suggestion: int | None,
        bot: str | None = None,
    ) -> None:
        """Show the sheet, the state and, while the player has to choose, the options
        (`bot`: the strategy of a bot's seat, whose options are not shown)."""
        p, w = self.index, self.words
        sheet = game.sheet(p)
        name = html.escape(game.players[p])
        kind = ""  # which bot, after a bot's name
        if bot is not None:
            kind = f' <span class="dicelab-kind">· {html.escape(w(f"bot_{bot}"))}</span>'
        (self.widget.add_class if bot else self.widget.remove_class)("dicelab-bot-seat")
        waiting = p in game.state.waiting
        if sheet.finished:
            status = w("status_finished")
        elif waiting:
            status = w("status_choose")
        elif game.dice is not None:
            status = w("status_chosen")
        else:
            status = w("status_wait")
        if p == chooser:
            self.header.value = (
                f'<b style="background:{CURRENT_BACKGROUND};padding:2px 4px">▶ {name}</b>'
                f"{kind} <i>{html.escape(status)}</i>"
            )
        else:
            self.header.value = f"<b>{name}</b>{kind} <i>{html.escape(status)}</i>"
        self.total_label.value = f"<b>{sheet.score}</b>"
        self.sheet_html.value = sheet_html(sheet, w, last)
        self.options = [] if bot else game.options(p)
        free = bool(self.options) and self.options[0].free
        self.free_label.value = (
            f'<div class="dicelab-free">{html.escape(w("free_throw"))}</div>' if free else ""
        )
        set_visible(self.free_label, free)
        self._show_options(game, sheet, p == chooser, suggestion)

    def _show_options(
        self, game: SolitaireGame, sheet: Sheet, first: bool, suggestion: int | None
    ) -> None:
        if len(self.options) > len(self.option_buttons):
            self._add_buttons(len(self.options) - len(self.option_buttons))
        dice = game.dice or ()
        for i, button in enumerate(self.option_buttons):
            live = i < len(self.options)
            (button.add_class if live and first else button.remove_class)(f"dicelab-option-{i}")
            suggested = live and i == suggestion
            (button.add_class if suggested else button.remove_class)("dicelab-suggested")
            if live:
                split = self.options[i]
                text = option_text(dice, split, self.words)
                button.description = f"★ {text}" if suggested else text
                tip = self.words("score_after", score=sheet.mark(split).score)
                button.tooltip = f"{tip} ({self.words('suggested')})" if suggested else tip
                button.style.button_color = SUGGESTED_COLOR if suggested else OPTION_COLOR
                name = self.words("option_name", n=i + 1, option=text)  # the text, then more
                name = f"{name} ({self.words('suggested')})" if suggested else name
                self.names[f"dicelab-option-{self.index}-{i}"] = named(button, name)
            else:
                button.description, button.tooltip = BLANK, ""
                self.names.pop(f"dicelab-option-{self.index}-{i}", None)
            set_visible(button, live)
        set_visible(self.options_box, bool(self.options))

    def close(self) -> None:
        """Close the block's widgets (before blocks for other players replace it)."""
        close_tree(self.widget)


def breakdown_html(game: SolitaireGame, words: Words) -> str:
    """The end-of-game breakdown: marks and points of every line used, per player."""
    sheets = game.sheets
    names = list(sheets)
    head = [words("sum"), words("value")] + [
        f"{html.escape(n)} <small>({html.escape(words('marks_points'))})</small>" for n in names
    ]
    rows = []
    for total in SUMS:
        if not any(sheet.marks(total) for sheet in sheets.values()):
            continue
        cells = [str(total), str(VALUES[total])]
        for sheet in sheets.values():
            marks = sheet.marks(total)
            points, _ = _points(marks, sheet.line_scores()[total])
            cells.append(f"{marks} → {points}" if marks else "")
        rows.append(cells)
    for key, pick in (("gains", lambda p: p > 0), ("penalties", lambda p: p < 0)):
        row = [words(key), ""]
        for sheet in sheets.values():
            total_points = sum(p for p in sheet.line_scores().values() if pick(p))
            row.append(f"{total_points:+d}" if total_points else "0")
        rows.append(row)
    rows.append(
        ["", ""] + [words("rolls_free", rolls=s.rolls, free=s.free_throws) for s in sheets.values()]
    )
    rows.append([words("total"), ""] + [str(s.score) for s in sheets.values()])
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    header = "".join(f"<th>{h}</th>" for h in head)
    return f'<table class="dicelab-table dicelab-breakdown"><tr>{header}</tr>{body}</table>'


class PublicTable:
    """What the whole class sees of a table, for the teacher's projector: the roll
    and who must still choose (each splits it on their own sheet); at the end
    every sheet side by side, and (`same_dice`, then `show_same_dice`) the
    sheets of the planner and search bots on the same dice."""

    name = "solitaire"
    css = SHEET_CSS
    bots = ("planner", "search")

    def __init__(self, words: Words, kinds: Sequence[str | None]) -> None:
        self.kinds = list(kinds)  # who plays each seat (the projector keeps it up to date)
        self.words = words
        self.status = widgets.HTML()
        self.sheets = widgets.HTML()
        self.bot_sheets = widgets.HTML()
        self.widget = widgets.VBox([self.status, self.sheets, self.bot_sheets])

    def refresh(self, view: GameState, scores: dict[str, int]) -> None:
        w = self.words
        dice = " ".join(die_face(face) for face in view.dice or ())
        roll = w("roll_number", n=view.rolls) if view.rolls else w("click_roll")
        waiting = [view.players[i] for i in sorted(view.waiting)]
        who = w("waiting", names=listing(waiting, w), count=len(waiting)) if waiting else ""
        self.status.value = (
            f"<b>{html.escape(roll)}</b> <span class='dicelab-big-dice'>{dice}</span>"
            f"<div>{html.escape(who)}</div>"
        )
        shown = dict(zip(view.players, view.sheets)) if view.finished else {}
        self.sheets.value = sheets_html(shown, w)

    def same_dice(self, seed: int) -> dict[str, Sheet]:
        """The bots' sheets on the table's dice (seconds: run it in the background)."""
        from dicelab.solitaire.simulate import same_dice  # numpy tables: only at the end

        return same_dice(seed, self.bots)

    def show_same_dice(self, sheets: dict[str, Sheet]) -> None:
        w = self.words
        self.bot_sheets.value = sheets_html({w(f"bot_{k}"): s for k, s in sheets.items()}, w)


def sheets_html(sheets: dict[str, Sheet], words: Words) -> str:
    """Sheets side by side, each under its player's name and score."""
    cells = "".join(
        f"<div><b>{html.escape(name)}</b> · {sheet.score}{sheet_html(sheet, words)}</div>"
        for name, sheet in sheets.items()
    )
    return f"<div style='display:flex;flex-wrap:wrap;gap:6px 18px'>{cells}</div>" if cells else ""
