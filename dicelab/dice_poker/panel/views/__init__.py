"""The score card grid of the Dice Poker panel: one row per box, one column per player
(and, in `review`, the view of a finished game's review).

For the player to move, each open box shows what the dice would score
there and is a button that scores it; filled boxes show their points, boxes
the joker rule closes show "—".  No cell is ever disabled: one that cannot
be used now says why in its tooltip, and a click on it reaches the panel,
which asks the game and shows the rule.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from dicelab.core.ui import palette
from dicelab.core.ui.aria import named
from dicelab.core.ui.panel import Words, show_available
from dicelab.core.ui.widgets import close_tree
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.panel.words import bonus_text
from dicelab.dice_poker.rules import Ruleset

OPTION_COLOR = "#c8e6c9"
ZERO_COLOR = palette.ZERO_CELL
FILLED_COLOR = palette.SURFACE
CURRENT_BACKGROUND = palette.CURRENT_ROW
WINNER_BACKGROUND = "#c8e6c9"
BLANK = "\u00a0"  # an empty description would leave the old text in the browser

# Compact rows, so that the whole card (down to the totals) fits a projector's screen.
CARD_CSS = """
.dicelab-scorecard .widget-html, .dicelab-scorecard .widget-html-content {
  height: 23px; line-height: 23px; margin: 0; }
.dicelab-scorecard button.dicelab-cell { line-height: 21px; }
"""


Shared = dict[str, widgets.Widget]  # a layout and a style for many cells


def _html(value: str = "", css: str = "", shared: Shared | None = None) -> widgets.HTML:
    """An HTML cell; with `shared`, on the grid's one layout and style (fewer
    widgets for a page to load: only a cell never restyled alone)."""
    widget = widgets.HTML(value) if shared is None else widgets.HTML(value, **shared)
    if css:
        widget.add_class(css)
    return widget


class ScorecardGrid:
    """Every player's score card as one grid.

    - `box_buttons[player][box_id]`: the score cell of each box (a Button);
      the player to move's cells also carry the class `dicelab-box-<box_id>`,
      every cell `dicelab-card-<player>-<box_id>`;
    - `total_labels[player]`: the total (class `dicelab-total-<player>`);
    - `upper_labels`, `bonus_labels`, `lower_labels`, `poker_labels`: the
      subtotals and bonuses; `headers`: the players' names;
    - `names`: what a screen reader calls each cell, by its class ("Ana,
      Threes: scores 10").

    `on_box(player, box_id)` is called when a score cell is clicked.
    """

    def __init__(
        self,
        rules: Ruleset,
        players: tuple[str, ...],
        words: Words,
        on_box: Callable[[int, str], None],
    ) -> None:
        self.rules, self.players, self.words = rules, players, words
        lang = words.lang
        n = len(players)
        fixed: Shared = {"layout": widgets.Layout(), "style": HTMLStyle()}
        cell = widgets.Layout(width="auto", height="23px", margin="0px")  # every score cell's
        self.labels = {box.id: box.label(lang) for box in rules.boxes}
        self.headers = [
            _html(f"<b>{html.escape(name)}</b>", f"dicelab-player-{p}")
            for p, name in enumerate(players)
        ]
        self.box_buttons: list[dict[str, widgets.Button]] = [{} for _ in players]
        self.names: dict[str, list[str]] = {}
        self.upper_labels = [_html("", f"dicelab-upper-{p}", fixed) for p in range(n)]
        self.bonus_labels = [_html("", f"dicelab-bonus-{p}", fixed) for p in range(n)]
        self.lower_labels = [_html("", f"dicelab-lower-{p}", fixed) for p in range(n)]
        self.poker_labels = [_html("", f"dicelab-poker-bonus-{p}", fixed) for p in range(n)]
        self.total_labels = [_html("", f"dicelab-total-{p}", fixed) for p in range(n)]
        children: list[widgets.Widget] = [_html(f"<b>{html.escape(words('box'))}</b>", "", fixed)]
        children += self.headers
        for section in ("upper", "lower"):
            for box in (b for b in rules.boxes if b.section == section):
                label = html.escape(box.label(lang))
                children.append(_html(label, f"dicelab-label-{box.id}", fixed))
                for p in range(n):
                    button = widgets.Button(description=BLANK, layout=cell)
                    button.add_class("dicelab-cell")
                    button.add_class(f"dicelab-card-{p}-{box.id}")
                    button.on_click(lambda _b, p=p, box_id=box.id: on_box(p, box_id))
                    self.box_buttons[p][box.id] = button
                    children.append(button)
            if section == "upper":
                children += [_html(html.escape(words("upper_total")), "", fixed)]
                children += [*self.upper_labels]
                children += [_html(html.escape(words("bonus")), "", fixed), *self.bonus_labels]
        children += [_html(html.escape(words("lower_total")), "", fixed), *self.lower_labels]
        if rules.poker_bonus:
            children += [_html(html.escape(words("poker_bonus")), "", fixed), *self.poker_labels]
        children += [_html(f"<b>{html.escape(words('total'))}</b>", "", fixed)]
        children += self.total_labels
        self.widget = widgets.GridBox(
            children,
            layout=widgets.Layout(
                grid_template_columns=f"minmax(140px, max-content) repeat({n}, 84px)",
                grid_gap="1px 6px",
                align_items="center",
                align_content="flex-start",
            ),
        )
        self.widget.add_class("dicelab-scorecard")

    def refresh(self, game: DicePokerGame) -> None:
        """Show the cards, the options of the player to move, and the totals (the
        winners' names highlighted once the game is over)."""
        state = game.state
        playing = not game.is_over
        options = game.options()
        winners = set(game.winners())
        for p, card in enumerate(state.cards):
            current = playing and p == state.current
            header = self.headers[p]
            header.layout.padding = "2px 4px"
            (header.add_class if current else header.remove_class)("dicelab-current")
            name = html.escape(self.players[p])
            if current:
                header.value = (
                    f'<b style="background:{CURRENT_BACKGROUND};padding:2px 4px">▶ {name}</b>'
                )
            elif self.players[p] in winners:
                header.value = (
                    f'<b style="background:{WINNER_BACKGROUND};padding:2px 4px">★ {name}</b>'
                )
            else:
                header.value = f"<b>{name}</b>"
            why = self.words("not_yours", name=game.current_player) if playing else ""
            for box_id, button in self.box_buttons[p].items():
                self._show_cell(button, box_id, card, current, state.dice is not None, options)
                if not current:
                    button.tooltip = why if playing else self.words("game_is_over")
                name = self._cell_name(
                    p, box_id, card, options if current and state.dice is not None else {}
                )
                self.names[f"dicelab-card-{p}-{box_id}"] = named(button, name)
            self._show_totals(p, card)

    def _show_cell(
        self,
        button: widgets.Button,
        box_id: str,
        card: Scorecard,
        current: bool,
        rolled: bool,
        options: dict[str, int],
    ) -> None:
        """One cell: its points (filled), what it would score (an option), or why
        it cannot be used now; it always answers a click."""
        (button.add_class if current else button.remove_class)(f"dicelab-box-{box_id}")
        value = card.boxes[box_id]
        button.tabbable = None if current and value is None else False  # Tab: the boxes to fill
        style = button.style
        style.font_weight, style.font_style = "normal", "normal"
        if value is not None:
            button.description = str(value)
            show_available(button, False, self.words("filled"))
            style.button_color, style.text_color = FILLED_COLOR, "#000000"
            style.font_weight = "bold"
        elif current and rolled and box_id in options:
            points = options[box_id]
            button.description = f"→ {points}"
            show_available(button, True)
            button.tooltip = self.words("score_here", points=points)
            style.button_color = OPTION_COLOR if points else ZERO_COLOR
            style.text_color = "#1b5e20" if points else palette.MUTED_TEXT
            style.font_style = "italic"
        elif current and rolled:
            button.description = "—"
            show_available(button, False, self.words("closed"))
            style.button_color, style.text_color = ZERO_COLOR, palette.MUTED_TEXT
        else:
            button.description = BLANK
            show_available(button, False, self.words("roll_first") if current else "")
            style.button_color = CURRENT_BACKGROUND if current else FILLED_COLOR
            style.text_color = "#000000"

    def _cell_name(self, p: int, box_id: str, card: Scorecard, options: dict[str, int]) -> str:
        """A cell as a screen reader names it: "Ana, Threes: scores 10"."""
        name, box = self.players[p], self.labels[box_id]
        value = card.boxes[box_id]
        if value is not None:
            return self.words("box_scored", name=name, box=box, points=value)
        if box_id in options:
            return self.words("box_option", name=name, box=box, points=options[box_id])
        return self.words("box_empty", name=name, box=box)

    def _show_totals(self, p: int, card: Scorecard) -> None:
        self.upper_labels[p].value = str(card.upper_total)
        self.bonus_labels[p].value = (
            f'<div style="font-size:0.75em;line-height:1.1">'
            f"{html.escape(bonus_text(card, self.words))}</div>"
        )
        self.lower_labels[p].value = str(card.lower_total)
        self.poker_labels[p].value = str(card.poker_bonus)
        self.total_labels[p].value = f"<b>{card.total}</b>"

    def close(self) -> None:
        """Close every widget of the grid (before a grid for other players replaces it)."""
        close_tree(self.widget)
