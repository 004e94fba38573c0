"""`SoloView`: what the Solo panel shows, and its widgets (`SoloPanel` adds what
the clicks do).

Everything shown comes from your view of the game (`game.view(you)`) and your
legal actions: the head line (round, direction of play, whose turn), the
table, the players, what you have to do now, your hand, the choice row, the
round's points, the end screen and the hints.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from dicelab.core.i18n import translate
from dicelab.core.present.charts import CHART_CSS
from dicelab.core.ui.review_view import REVIEW_CSS, Reviewing, record_work
from dicelab.core.ui.seats import BotsPanel
from dicelab.core.ui.widgets import action_button, heading, set_visible, show_available
from dicelab.errors import IllegalMove
from dicelab.solo.game import Action, Draw, Play, SoloGame
from dicelab.solo.panel.hints import HintsView
from dicelab.solo.panel.seats import BotSeats, current_seat
from dicelab.solo.panel.views.cards import CARDS_CSS, HandView
from dicelab.solo.panel.views.choice import ChoiceBox
from dicelab.solo.panel.views.log import EventLog
from dicelab.solo.panel.views.review import decision_html
from dicelab.solo.panel.views.show import end_texts, head_text, prompt_text, round_html
from dicelab.solo.panel.views.table import TABLE_CSS, PlayersView, PublicTable, TableView
from dicelab.solo.panel.words import colour_name
from dicelab.solo.review import review_game
from dicelab.solo.review_text import TITLE as REVIEW_TITLE
from dicelab.solo.review_text import head_lines
from dicelab.solo.rules import Card, card
from dicelab.solo.state import GameState

__all__ = ["DECIDING", "PublicTable", "SoloView"]

DECIDING = ("turn", "answer", "jump")  # the modes in which you play


class SoloView(Reviewing, BotsPanel[SoloGame, HintsView]):
    """The widgets of the Solo panel and what they show (see the module); the click
    handlers (`_on_card`, `_on_draw` ...) are `SoloPanel`'s."""

    how_to_play = ("how_goal", (("hint_p_next", "def_p_next"), ("bot_blocker", "def_blocker")))
    kinds: list[str | None]  # the bots' kinds, None for you
    bots: BotSeats
    _rounds_seen: int  # the rounds whose end you have seen (Next round)
    _declined: GameState | None  # the jump in you let go by
    _legal_cache: tuple[GameState | None, list[Action]]

    # --- building -----------------------------------------------------------------

    def _build_widgets(self) -> None:
        w = self.words
        self._build()
        self._add_review(
            translate(REVIEW_TITLE, self.lang),
            lambda review: head_lines(review, self.lang),
            lambda decision: decision_html(decision, w),
        )
        self.round_label = widgets.HTML()
        self.round_label.add_class("dicelab-turn")
        self.table_view = TableView(w)
        self.players_view = PlayersView(w, self.kinds)
        self.log = EventLog(w)
        self.hand = HandView(self._on_card)
        self.hand_label = widgets.HTML()
        self.prompt = widgets.HTML(layout=widgets.Layout(min_height="22px"))
        self.prompt.add_class("dicelab-prompt")
        self.draw_button = self._button("draw", "dicelab-draw", "download", self._on_draw)
        self.accept_button = self._button("accept", "dicelab-accept", "check", self._on_accept)
        self.go_on_button = self._button("go_on", "dicelab-go-on", "forward", self._on_go_on)
        self.solo_toggle = widgets.ToggleButton(
            description=w("solo"), icon="bullhorn", layout=widgets.Layout(width="auto")
        )
        self.solo_toggle.add_class("dicelab-solo-toggle")
        self.solo_toggle.observe(self._on_solo, names="value")
        self.choice = ChoiceBox(w, self._on_colour, self._on_target, self._on_give, self._on_cancel)
        self.colour_buttons = self.choice.colour_buttons
        self.give_button, self.cancel_button = self.choice.give_button, self.choice.cancel_button
        self.round_summary = widgets.HTML()
        self.next_round_button = self._button(
            "next_round", "dicelab-next-round", "play", self._on_next_round
        )
        self.next_round_button.button_style = "primary"
        self.round_box = widgets.VBox(
            [self.round_summary, self.next_round_button],
            layout=widgets.Layout(align_items="flex-start"),
        )
        self.round_box.add_class("dicelab-round-over")
        self.hints_box = widgets.VBox()
        row = widgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="6px 18px")
        actions = widgets.HBox(
            [self.draw_button, self.solo_toggle, self.accept_button, self.go_on_button],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="4px 6px"),
        )
        left = widgets.VBox(
            [
                widgets.HBox([self.table_view.widget, actions], layout=row),
                self.prompt,
                self.message,
                self.round_box,
                self.hand_label,
                self.hand.widget,
                self.choice.widget,
                self.end_screen,
                self.review.widget,
                self.hints_box,
            ],
            layout=widgets.Layout(flex="1 1 560px", min_width="460px"),
        )
        right = widgets.VBox(
            [self.players_view.widget, self._label("log"), self.log.widget],
            layout=widgets.Layout(flex="1 1 340px", min_width="300px"),
        )
        body = widgets.HBox(
            [left, right], layout=widgets.Layout(flex_flow="row wrap", grid_gap="8px 20px")
        )
        self._assemble(
            "solo", TABLE_CSS + CARDS_CSS + CHART_CSS + REVIEW_CSS, [self.round_label], body
        )
        self.log.announce = self.aria.say

    def _label(self, key: str) -> widgets.HTML:
        return widgets.HTML(f"<b>{html.escape(self.words(key))}</b>")

    def _button(self, key: str, css: str, icon: str, handler: Any) -> widgets.Button:
        return action_button(self.words(key), css, icon, handler)

    def _review_work(self) -> Any:
        return record_work(self._game, review_game)

    @property
    def target_buttons(self) -> dict[str, widgets.Button]:
        """One button per opponent, to swap hands with."""
        return self.choice.target_buttons

    # --- what the panel shows -----------------------------------------------------

    @property
    def hints(self) -> HintsView:
        if self._hints is None:
            self._hints = HintsView(self.words)
        return self._hints

    def mode(self) -> str:
        """What the panel waits for: "over", "round" (Next round), "answer" (you are
        attacked), "turn" (your turn), "jump" (you may jump in) or "wait" (a bot)."""
        game = self._game
        state = game.state
        if game.is_over:
            return "over"
        if len(state.rounds) > self._rounds_seen:
            return "round"
        if state.phase == "respond":
            assert state.pending is not None
            return "answer" if state.pending.asked == self.seat else "wait"
        if state.turn == self.seat:
            return "turn"
        if state.jump is not None and state is not self._declined and self.me in game.to_move():
            return "jump"
        return "wait"

    def waits_for_next_round(self) -> bool:
        """Whether a round is over and its end waits for Next round."""
        return self.mode() == "round"

    def _view(self) -> GameState:
        return self._game.view(self.me)

    def _hand(self) -> list[Card]:
        return [c for c in self._view().hands[self.seat] if c is not None]

    def _legal(self) -> list[Action]:
        """Your legal actions now (kept while the game's state stays the same)."""
        state = self._game.state
        if self._legal_cache[0] is not state:
            self._legal_cache = (state, self._game.legal_actions(self.me))
        return self._legal_cache[1]

    def _plays(self) -> list[Play]:
        """Your legal plays now (none unless you are to play)."""
        if self.mode() not in DECIDING:
            return []
        return [a for a in self._legal() if isinstance(a, Play)]

    def _can_draw(self) -> bool:
        return self.mode() == "turn" and Draw(self.me) in self._legal()

    def _gift_size(self) -> int:
        """How many cards the Gift chosen gives."""
        chosen = self.choice.chosen
        if self.choice.ask != "gift" or chosen is None:
            return 0
        card_id = self._hand()[chosen].id
        return max((len(a.gift) for a in self._plays() if a.card == card_id), default=0)

    def _details(self, error: IllegalMove) -> dict[str, str]:
        """A refused move's values as this panel says them: a card by its name, what
        is in force as "yellow or a 1" (or "yellow", after an action card)."""
        shown, w, details = super()._details(error), self.words, error.details
        if "fits" in details:
            shown["fits"] = card(str(details["fits"])).name(w.lang)
        if "in_force" in details:
            colour, face = str(details["colour"]), str(details["face"])
            named = colour_name(colour, w.lang) if colour else ""
            shown["in_force"] = (
                w("colour_or_number", colour=named, face=face) if named and face else named or face
            )
        return shown

    def _prompt(self) -> str:
        """What you have to do now."""
        choice, view = self.choice, self._view()
        asked = None
        if choice.ask and choice.chosen is not None:
            name = self._hand()[choice.chosen].name(self.lang)
            asked = (choice.ask, name, self._gift_size(), len(choice.picks))
        mode = self.mode()
        return prompt_text(self.words, view, mode, self._rounds_seen, self._can_draw(), asked)

    def _reasons(self, why: str) -> str | dict[str, str]:
        """Why each card of your hand that cannot be played now cannot: on your turn
        the rule it breaks, as a click on it says (review 2, defect 14); else `why`."""
        if self.mode() != "turn" or self.choice.ask:
            return why
        playable = {a.card for a in self._plays()}
        return {
            c.id: self.explain(self._game.why_not(Play(self.me, c.id)))
            for c in self._hand()
            if c.id not in playable
        }

    def _why(self) -> str:
        """Why a control cannot be used now: what to do instead."""
        if self._game.is_over:
            return self.words("game_is_over")
        return self.words("not_now", what=self._prompt())

    def refresh(self) -> None:
        """Redraw everything from your view of the game."""
        w, mode, view = self.words, self.mode(), self._view()
        head = (
            w("round_ended", round=self._rounds_seen + 1) if mode == "round" else head_text(w, view)
        )
        self.round_label.value = "" if mode == "over" else html.escape(head)
        ended = mode == "round"  # the round's end stays in sight until Next round
        self.table_view.refresh(view, ended)
        self.players_view.refresh(
            view, None if mode in ("over", "round") else current_seat(view), ended
        )
        set_visible(self.hand_label, not ended)
        set_visible(self.hand.widget, not ended)
        prompt, why = self._prompt(), self._why()
        self.prompt.value = html.escape(prompt)
        plays = self._plays()
        urgent = mode in ("jump", "answer") or view.phase == "drawn"
        ids = {a.card for a in plays}
        self.hand.show_hand(self._hand(), w, ids, self.choice, urgent, self._reasons(why))
        self.aria.names = dict(self.hand.names)  # a new dict: the page hears of it
        size = len(self._hand())
        self.hand_label.value = heading(w("your_hand", count=size, n=size))
        show_available(self.draw_button, self._can_draw(), why)
        show_available(self.accept_button, mode == "answer", why)
        solo = mode in DECIDING and size == 2
        show_available(
            self.solo_toggle, solo, w("solo_when_two", count=size, n=size), w("solo_tip")
        )
        show_available(self.go_on_button, mode == "jump", why)
        set_visible(self.go_on_button, mode == "jump")
        self.choice.refresh(self._gift_size())
        set_visible(self.round_box, mode == "round")
        show_available(self.next_round_button, mode == "round", w("no_round_over"))
        summary = round_html(w, view, self._rounds_seen) if mode == "round" else ""
        self.round_summary.value = summary
        if mode == "over":
            self.show_end(*end_texts(w, view, self._game.winners(), view.rules.losing_score))
        else:
            self.show_end("")
        hints_on = self.hints_toggle.value and mode != "over"
        set_visible(self.hints_box, hints_on)
        if hints_on:
            self.hints_box.children = [self.hints.widget]
            shown = mode if mode in DECIDING else "wait"
            playable = [c for c in self._hand() if c.id in ids]
            chosen = self.choice.chosen
            waiting = self._hand()[chosen] if self.choice.ask and chosen is not None else None
            self.hints.refresh(view, self.seat, shown, playable, self._can_draw(), waiting)

    # --- the clicks (see `SoloPanel`) ------------------------------------------------

    def _on_card(self, index: int) -> None:
        raise NotImplementedError

    def _on_colour(self, colour: str) -> None:
        raise NotImplementedError

    def _on_target(self, name: str) -> None:
        raise NotImplementedError

    def _on_give(self) -> None:
        raise NotImplementedError

    def _on_cancel(self) -> None:
        raise NotImplementedError

    def _on_draw(self) -> None:
        raise NotImplementedError

    def _on_accept(self) -> None:
        raise NotImplementedError

    def _on_go_on(self) -> None:
        raise NotImplementedError

    def _on_next_round(self) -> None:
        raise NotImplementedError

    def _on_solo(self, change: Any = None) -> None:
        raise NotImplementedError
