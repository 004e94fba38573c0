"""The Solo table as the panel draws it: the table itself (the top of the
discard pile, the colour in force, the draw pile) and the players' column.

They draw only from a player's view of the game: the others' hands are card
backs and a count, the draw pile a count.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

import ipywidgets as widgets

from dicelab.core.ui.widgets import head_row
from dicelab.core.ui.words import Words, kind_words
from dicelab.solo.panel.seats import current_seat
from dicelab.solo.panel.views.cards import (
    CARDS_CSS,
    back_html,
    backs_html,
    card_html,
    card_tip,
    swatch,
)
from dicelab.solo.panel.words import colour_name
from dicelab.solo.state import GameState

TABLE_CSS = """
.dicelab-solo table.dicelab-players { border-collapse: collapse; line-height: 1.25; }
.dicelab-solo table.dicelab-players td, .dicelab-solo table.dicelab-players th {
  padding: 2px 6px; white-space: nowrap; text-align: left; }
.dicelab-solo table.dicelab-players tr.dicelab-current td {
  background: var(--dicelab-current-row); }
.dicelab-solo .dicelab-kind { color: var(--dicelab-muted-text); font-size: 11px;
  display: inline-block; white-space: normal; max-width: 10em; line-height: 1.2; }
.dicelab-solo .dicelab-solo-said { color: #b71c1c; font-weight: bold; }
.dicelab-solo .dicelab-table-view { display: flex; align-items: center; gap: 14px; }
.dicelab-solo .dicelab-pile { text-align: center; font-size: 12px; color: #424242; }
.dicelab-solo .dicelab-force { font-size: 14px; }
.dicelab-solo .dicelab-log ul { margin: 2px 0; padding-left: 18px; color: #424242; }
.dicelab-solo .dicelab-log li { margin: 0; line-height: 1.35; }
.dicelab-solo .dicelab-prompt { font-weight: bold; color: #0d47a1; }
"""


class TableView:
    """The top card of the discard pile (and the colour and number in force after a
    black card), and the draw pile's size."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.widget = widgets.HTML()
        self.widget.add_class("dicelab-table-area")

    def refresh(self, view: GameState, ended: bool = False) -> None:
        """The table now, or as the last round `ended` (its last card played)."""
        w, lang = self.words, self.words.lang
        top = view.ended.last if ended and view.ended is not None else view.top
        force = ""
        if top.is_black and not ended:
            said = colour_name(view.colour, lang)
            if view.face is not None:
                said = f"{said} · {view.face}"
            text = html.escape(w("in_force", what=said))
            force = f'<div class="dicelab-force">{swatch(view.colour)}{text}</div>'
        size = len(view.draw)
        pile = w("draw_pile_size", count=size, n=size)
        self.widget.value = (
            '<div class="dicelab-table-view">'
            f'<div class="dicelab-pile">{card_html(top, card_tip(top, w))}'
            f"<br>{html.escape(w('discard'))}</div>{force}"
            f'<div class="dicelab-pile">{back_html(pile, str(size))}'
            f"<br>{html.escape(w('draw_pile'))}</div></div>"
        )


class PlayersView:
    """Every player: name (and bot), cards in hand (backs and a count), penalty
    points; the player to move is marked, "Solo!" beside a hand of one card."""

    def __init__(self, words: Words, kinds: Sequence[str | None]) -> None:
        self.words, self.kinds = words, list(kinds)
        self.widget = widgets.HTML()
        self.widget.add_class("dicelab-players-view")

    def refresh(self, view: GameState, current: int | None, ended: bool = False) -> None:
        """Every player now, or with the hands the last round `ended` with."""
        w = self.words
        hands = view.ended.hands if ended and view.ended is not None else view.hands
        rows = []
        for i, (name, hand) in enumerate(zip(view.players, hands)):
            who = kind_words(self.kinds[i], w)
            mark = ' class="dicelab-current"' if i == current else ""
            solo = f' <span class="dicelab-solo-said">{html.escape(w("solo"))}</span>'
            rows.append(
                f"<tr{mark}><td>{'▶' if i == current else ''}</td>"
                f"<td><b>{html.escape(name)}</b><br>"
                f'<span class="dicelab-kind">{html.escape(who)}</span></td>'
                f"<td>{backs_html(len(hand), 0 if i == view.viewer else 10)}"
                f"{solo if len(hand) == 1 else ''}</td>"
                f"<td>{view.totals[i]}</td></tr>"
            )
        titles = ("", w("players"), w("cards"), w("points"))
        head = head_row(titles)
        self.widget.value = f'<table class="dicelab-players">{head}{"".join(rows)}</table>'


class PublicTable:
    """What the whole class sees of a table, for the teacher's projector: the
    discard pile and the colour in force, the draw pile's size, and how many
    cards each player holds, with their points (no card of any hand)."""

    name = "solo"
    css = TABLE_CSS + CARDS_CSS

    def __init__(self, words: Words, kinds: Sequence[str | None]) -> None:
        self.kinds = list(kinds)  # who plays each seat (the projector keeps it up to date)
        self.table = TableView(words)
        self.players = PlayersView(words, kinds)
        self.widget = widgets.VBox([self.table.widget, self.players.widget])

    def refresh(self, view: GameState, scores: dict[str, int]) -> None:
        self.table.refresh(view)
        self.players.kinds = self.kinds
        self.players.refresh(view, None if view.finished else current_seat(view))
