"""The Solo panel's hints: exact odds for the decision at hand, from your view.

The cards you have not seen are the deck without your hand and the discard
pile (they are in the draw pile or in the others' hands, each as likely as
any other); a card counts as playable if it matches the colour or the number
in force (an action card matches by colour alone), or is black
(`dicelab.solo.odds`).

- your turn: the chance that the next card you draw is playable; for every
  card you could play, who plays next and the chance that they hold a
  playable card (hypergeometric, over their hand size); and what the
  `blocker` bot would do in your place (it plays the card that leaves the
  next player the smallest chance); while you name a colour, an opponent or
  the cards to give for a card you chose, what the bot would name for it;
- attacked: what accepting costs, and what the `blocker` bot would do.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import numpy as np

from dicelab.core.present.charts import Markup, bar_cell, html_table
from dicelab.core.present.numbers import fraction_text
from dicelab.core.ui.widgets import heading
from dicelab.core.ui.words import Words, listing
from dicelab.solo.in_play import can_play, in_force_after, next_after, unseen_cards
from dicelab.solo.panel.words import colour_name
from dicelab.solo.rules import Card, card_order
from dicelab.solo.state import GameState
from dicelab.solo.strategy import Choice, best_colour, bot, fill, seen_in_view

BAR = "#1e88e5"
ADVISOR = "blocker"


class HintsView:
    """`widget`: a title, the chance of a playable next draw, a table, what the
    blocker bot would do, and a note; for the view of the player `me`."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.title = widgets.HTML()
        self.title.add_class("dicelab-hints-title")
        self.next_draw = widgets.HTML()
        self.next_draw.add_class("dicelab-hints-draw")
        self.table = widgets.HTML()
        self.table.add_class("dicelab-hints-table")
        self.advice = widgets.HTML()
        self.advice.add_class("dicelab-hints-advice")
        self.note = widgets.HTML()
        self.widget = widgets.VBox([self.title, self.next_draw, self.table, self.advice, self.note])
        self.widget.add_class("dicelab-hints")

    def _p(self, share: Fraction) -> Markup:
        return bar_cell(share, BAR, self.words.percent(share), fraction_text(share))

    def _say(self, widget: widgets.HTML, key: str, **values: Any) -> None:
        widget.value = f"<i>{html.escape(self.words(key, **values))}</i>"

    def refresh(
        self,
        view: GameState,
        me: int,
        mode: str,
        cards: Sequence[Card],
        can_draw: bool = True,
        chosen: Card | None = None,
    ) -> None:
        """The hints for `me` in `view`: `mode` is "wait" (nothing to decide), "turn"
        (your turn, or the card you drew), "jump" (you may jump in) or "answer" (you
        are attacked); `cards` are those you may play now; the chance of drawing a
        playable card only when you may draw (`can_draw`); `chosen` is a card you
        chose that waits for a colour, an opponent or the cards to give."""
        for part in (self.next_draw, self.table, self.advice, self.note):
            part.value = ""
        if mode == "wait":
            self._say(self.title, "hint_wait")
            return
        hand = [c for c in view.hands[me] if c is not None]
        if mode == "answer":
            self._answer(view, me, hand)
            return
        w = self.words
        unseen = unseen_cards([*hand, *view.discard], view.rules.edition)
        left = unseen.total()
        self.title.value = heading(w("hint_title"))
        if mode == "turn" and view.phase == "play" and can_draw:
            p = can_play(unseen, view.colour, view.face, 1)
            label = html.escape(w("hint_next_draw"))
            self.next_draw.value = f"{label} {self._p(p)}"
        rows = []
        for each in sorted(set(cards), key=card_order):
            named = best_colour(hand, each) if each.kind in ("choose", "draw4") else None
            colour, face = in_force_after(each, view.colour, view.face, named)
            nxt = next_after(each, me, view.direction, len(view.players))
            p = can_play(unseen, colour, face, len(view.hands[nxt]))
            shown = each.name(w.lang)
            if named is not None:
                shown = w("card_naming", card=shown, colour=colour_name(named, w.lang))
            rows.append([shown, view.players[nxt], self._p(p)])
        if rows:
            headers = [w("hint_card"), w("hint_next"), w("hint_p_next")]
            self.table.value = html_table(headers, rows, "dicelab-odds")
        if mode == "jump":
            self._say(self.advice, "hint_bot", what=w("bot_jumps"))
        elif chosen is not None:  # what the bot would name for the card you chose
            filled = fill(seen_in_view(view, me), chosen, np.random.default_rng(0))
            self._say(self.advice, "hint_bot", what=self.choice_text(filled, view))
        else:
            self._advise(view, me)
        self.note.value = f"<small>{html.escape(w('hint_note', count=left))}</small>"

    def _answer(self, view: GameState, me: int, hand: Sequence[Card]) -> None:
        pending = view.pending
        assert pending is not None
        w = self.words
        self.title.value = heading(w("hint_title"))
        if pending.kind == "draw":
            self._say(self.next_draw, "hint_accept_draw", count=pending.amount)
        elif pending.kind == "gift":
            size = len(pending.gift)
            self._say(self.next_draw, "hint_accept_gift", count=size, n=size)
        else:
            self._say(self.next_draw, "hint_accept_rotate")
        self._advise(view, me)

    def _advise(self, view: GameState, me: int) -> None:
        """What the blocker bot would do in your place."""
        choice = bot(ADVISOR).decide(seen_in_view(view, me), np.random.default_rng(0))
        self._say(self.advice, "hint_bot", what=self.choice_text(choice, view))

    def choice_text(self, choice: Choice, view: GameState) -> str:
        w = self.words
        if choice.kind == "draw":
            return w("bot_draws")
        if choice.kind == "accept":
            return w("bot_accepts")
        assert choice.card is not None
        shown = choice.card.name(w.lang)
        if choice.colour is not None:
            shown = w("card_naming", card=shown, colour=colour_name(choice.colour, w.lang))
        if choice.target is not None:
            shown = w("card_with", card=shown, name=view.players[choice.target])
        if choice.gift:
            given = listing([c.name(w.lang) for c in choice.gift], w)
            shown = w("card_giving", card=shown, cards=given)
        return w("bot_plays", card=shown)
