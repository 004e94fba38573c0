"""`SlyDicePanel`: play Sly Dice against 1 to 5 bots in a notebook.

You are the first player; the others are bots (`honest`, `random-liar`,
`calculator`).  The panel shows only your view: your own dice (those set
aside marked), the common dice, the others' shields closed and the dice
they set aside.  Roll, click a hidden die to set it aside before rolling
again, stop; claim a card by clicking it on the table; accuse or pass when
a bot claims; show your dice or keep them hidden when nobody accused you.
The bots play at once between your moves; what they did is in the log.
A round's end waits for Next round: its claims, the dice shown and the
points each player scored stay in sight until then.
Hints give the exact odds of the decision at hand.  The seed shows once the
game is over (it would recompute the bots' hidden dice).  A teacher's panel
(`teacher=True`) shows the seed all along and has "Show all dice":
everyone's dice of the last round played; a student's panel has neither.

>>> panel = SlyDicePanel(["Ana"], seed=3)
>>> panel.game.players, panel.kinds
(('Ana', 'Cleo', 'Duda'), [None, 'calculator', 'honest'])
>>> panel.roll_button.click()  # Ana starts: the common dice, then her own
>>> panel.roll_button.click()
>>> panel.game.state.seats[0].rolls
1
"""

from __future__ import annotations

import copy
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets
import numpy as np

from dicelab.core.i18n import translate
from dicelab.core.present.charts import CHART_CSS
from dicelab.core.ui.panel import safe_callback
from dicelab.core.ui.review_view import REVIEW_CSS, Reviewing, record_work
from dicelab.core.ui.seats import BotsPanel
from dicelab.core.ui.widgets import DieView, action_button, set_visible, show_available
from dicelab.core.ui.words import result_text
from dicelab.errors import IllegalMove, SettingsError
from dicelab.sly_dice.game import (
    Accuse,
    Action,
    Claim,
    Pass,
    Reveal,
    Roll,
    RollCommon,
    SlyDiceGame,
    Stop,
)
from dicelab.sly_dice.panel.hints import HintsView
from dicelab.sly_dice.panel.seats import seats_of
from dicelab.sly_dice.panel.views import (
    VIEWS_CSS,
    CardsView,
    EventLog,
    PlayersView,
    last_round_html,
    prompt_text,
)
from dicelab.sly_dice.panel.views.review import decision_html
from dicelab.sly_dice.panel.words import WORDS
from dicelab.sly_dice.review import review_game
from dicelab.sly_dice.review_text import TITLE as REVIEW_TITLE
from dicelab.sly_dice.review_text import head_lines
from dicelab.sly_dice.rules import COMMON_DICE, OWN_DICE, ROLLS, RULE_OVER, SlyRules
from dicelab.sly_dice.strategy import STRATEGIES, strategy

DEFAULT_SAVE = "sly-dice-save.json"


class SlyDicePanel(Reviewing, BotsPanel[SlyDiceGame, HintsView]):
    """Sly Dice against bots (see the module).  Widgets for tests: `roll_button`,
    `stop_button`, `common_views`, `dice_views` (your three dice), `cards.buttons[id]`,
    `accuse_button`, `pass_button`, `show_button`, `keep_button`, `next_round_button`,
    `players_view`, `log`, `show_all`, `hints_toggle`."""

    game_class = SlyDiceGame
    default_save = DEFAULT_SAVE
    how_to_play = (
        "how_goal",
        (
            ("term_bayes", "def_bayes"),
            ("p_seen", "def_p_seen"),
            ("prior", "def_prior"),
            ("posterior", "def_posterior"),
        ),
    )
    hides_information = True
    bot_kinds = STRATEGIES

    def __init__(
        self,
        players: Sequence[str] = ("You",),
        seed: int | None = None,
        lang: str = "en",
        bots: Sequence[str] | None = None,
        rules: SlyRules | None = None,
        teacher: bool = False,
    ) -> None:
        names, kinds = seats_of(players, bots)
        seed = self._setup(WORDS, lang, seed, teacher)
        self.kinds: list[str | None] = [None, *kinds]
        self._bots = [strategy(kind) for kind in kinds]  # seat by seat, after yours
        if {"equilibrium", "fixed-plan"} & set(kinds):
            from dicelab.sly_dice.equilibrium import warm_up

            warm_up()  # the LP solver loads while you roll
        self._bot_rng = np.random.default_rng(seed)
        self._hints: HintsView | None = None
        game = SlyDiceGame(names, rules, seed=seed)
        self._build_widgets()
        self._install(game, seed)

    # --- building -----------------------------------------------------------------

    def _build_widgets(self) -> None:
        w = self.words
        self.round_label = widgets.HTML(layout=widgets.Layout(min_width="9em"))
        self.round_label.add_class("dicelab-turn")
        self._build_dice(OWN_DICE, "")
        self.roll_button.layout.margin = "6px 10px 6px 0"
        for view in self.dice_views:
            view.button.on_click(lambda _b, i=view.index: self._on_die(i))
        self.common_views = [DieView(OWN_DICE + i) for i in range(COMMON_DICE)]
        for view in self.common_views:
            view.button.add_class("dicelab-common-die")
            view.button.on_click(lambda _b: self.message.info(self.words("die_common")))
        self.stop_button = self._button(w("stop"), "dicelab-stop", Stop(), "hand-paper-o")
        self.accuse_button = self._button(w("accuse"), "dicelab-accuse", Accuse(), "gavel")
        self.pass_button = self._button(w("pass"), "dicelab-pass", Pass(), "check")
        self.show_button = self._button(w("show"), "dicelab-show", Reveal(True), "eye")
        self.keep_button = self._button(w("keep"), "dicelab-keep", Reveal(False), "eye-slash")
        self.next_round_button = action_button(
            w("next_round"), "dicelab-next-round", "play", self._on_next_round
        )
        self.next_round_button.button_style = "primary"
        self._build()
        self._add_review(
            translate(REVIEW_TITLE, self.lang),
            lambda review: head_lines(review, self.lang),
            lambda decision: decision_html(decision, self._game.rules, w),
        )
        self.cards = CardsView(w, lambda card: self._on_action(Claim(card)))
        self.players_view = PlayersView(w, self.kinds)
        self.log = EventLog(w)
        self.show_all = widgets.ToggleButton(
            description=w("show_all"),
            icon="eye",
            layout=widgets.Layout(width="auto", align_self="flex-start"),
        )
        self.show_all.add_class("dicelab-show-all")
        self.show_all.observe(self._on_show_all, names="value")
        self.all_dice = widgets.HTML()
        self.hints_box = widgets.VBox()
        row = widgets.Layout(align_items="center", flex_flow="row wrap")
        dice = widgets.HBox(
            [
                widgets.VBox([self._label("common"), self._row(self.common_views)]),
                widgets.VBox([self._label("yours"), self._row(self.dice_views)]),
            ],
            layout=widgets.Layout(flex_flow="row wrap", grid_gap="0 28px"),
        )
        left = widgets.VBox(
            [
                dice,
                widgets.HBox([self.roll_button, self.stop_button], layout=row),
                self.message,
                widgets.HBox(
                    [
                        self.accuse_button,
                        self.pass_button,
                        self.show_button,
                        self.keep_button,
                        self.next_round_button,
                    ],
                    layout=row,
                ),
                self.end_screen,
                self.review.widget,
                self.hints_box,
            ],
            layout=widgets.Layout(flex="1 1 480px", min_width="440px"),
        )
        right = widgets.VBox(
            [
                self._label("cards"),
                self.cards.widget,
                self.players_view.widget,
                self.log.widget,
                *((self.show_all, self.all_dice) if self.teacher else ()),
            ],
            layout=widgets.Layout(flex="1 1 400px", min_width="360px"),
        )
        body = widgets.HBox(
            [left, right], layout=widgets.Layout(flex_flow="row wrap", grid_gap="8px 20px")
        )
        self._assemble("sly-dice", VIEWS_CSS + CHART_CSS + REVIEW_CSS, [self.round_label], body)
        self.log.announce = self.aria.say

    def _label(self, key: str) -> widgets.HTML:
        return widgets.HTML(f"<b>{html.escape(self.words(key))}</b>")

    @staticmethod
    def _row(dice: Sequence[DieView]) -> widgets.HBox:
        return widgets.HBox([view.box for view in dice])

    def _button(self, text: str, css: str, action: Action, icon: str) -> widgets.Button:
        """A button that does `action` for you."""
        return action_button(text, css, icon, lambda: self._on_action(action))

    def _install(
        self, game: SlyDiceGame, seed: int | None, keep: SlyDicePanel | None = None
    ) -> None:
        """Play on with `game` (a new one, a loaded one, or `keep`'s in another language:
        then with its bots' random generator, its die chosen, the round end it waits
        at and its log)."""
        if len(game.players) != len(self.kinds):
            raise SettingsError(
                f"this panel has {len(self.kinds)} seats; the game has {len(game.players)}"
            )
        self._game = game
        self.review.hide()
        self._aside: int | None = None
        self._rounds_seen = len(game.state.history)  # the round ends you have seen
        self.log.clear()
        if keep is not None:
            self._bot_rng = copy.deepcopy(keep._bot_rng)
            self._aside, self._rounds_seen = keep._aside, keep._rounds_seen
            self.log.replay(keep.log.events)
        else:
            self.log.recap(game.view(self.me))  # a game loaded or joined: what was played
        self._show_seed(seed)
        self._bots_play()
        self.refresh()
        self.message.info(self._prompt())

    # --- what the panel shows -----------------------------------------------------

    @property
    def hints(self) -> HintsView:
        if self._hints is None:
            self._hints = HintsView(self.words)
        return self._hints

    def waits_for_next_round(self) -> bool:
        """Whether a round is over and its end waits for Next round."""
        return not self._game.is_over and len(self._game.state.history) > self._rounds_seen

    def _prompt(self) -> str:
        """What you have to do now ("" when it is not your turn)."""
        view = self._game.view(self.me)
        if self.waits_for_next_round():
            return self.words("do_next_round", round=self._rounds_seen + 1)
        return prompt_text(view, self.seat, self.words)

    def refresh(self) -> None:
        """Redraw everything from your view of the game."""
        game, w = self._game, self.words
        view = game.view(self.me)
        rules = view.rules
        over, held = game.is_over, self.waits_for_next_round()
        self.round_label.value = "" if over else w("round", round=view.round, rounds=rules.rounds)
        if held:
            self.round_label.value = w("ev_round", round=self._rounds_seen + 1)
        phase = view.phase if view.to_move == self.seat and not held else "wait"
        seat = view.seats[self.seat]
        common: tuple[int | None, ...] = view.common or (None,) * COMMON_DICE
        ended = view.history[-1] if (over or held) and view.history else None
        if ended is not None:  # a round's end, or the game's: its dice stay in sight
            common, seat = ended.common, ended.seats[self.seat]
        for value, die in zip(common, self.common_views):
            die.show(value, False, tooltip=w("die_common"), available=False)
        own = seat.own
        for i, die in enumerate(self.dice_views):
            value = own[i] if i < len(own) else None
            aside = i < len(seat.aside)
            chosen = self._aside is not None and i == len(seat.aside) + self._aside
            usable = phase == "rolling" and 0 < seat.rolls < ROLLS and not aside
            caption = w("aside") if aside else w("to_aside")
            tip = w("die_aside") if aside else ("" if usable else w("die_wait"))
            tip = self._why() if over or held else tip
            die.show(value, aside or chosen, caption, tip, available=usable)
        if phase == "common":
            self.roll_button.description = w("roll_common")
        else:
            left = 0 if seat.done or over else ROLLS - seat.rolls
            self.roll_button.description = w("roll", count=left, n=left)
        show_available(
            self.roll_button, phase in ("common", "rolling") and seat.rolls < ROLLS, self._why()
        )
        show_available(self.stop_button, phase == "rolling" and seat.rolls > 0, self._why())
        for button in (self.accuse_button, self.pass_button):
            show_available(button, phase == "ask", self._why())
        for button in (self.show_button, self.keep_button):
            show_available(button, phase == "reveal", self._why())
        self.cards.refresh(rules, view.table, phase == "claim", self._why())
        self.players_view.refresh(view, game.scores(), ended)
        show_available(self.next_round_button, held, w("no_round_over"))
        set_visible(self.next_round_button, held)
        show_available(self.show_all, bool(view.history), w("show_all_wait"), w("show_all_tip"))
        shown = self.teacher and self.show_all.value and bool(view.history)
        self.all_dice.value = last_round_html(game.state, w) if shown else ""
        self._show_end(over)
        hints_on = self.hints_toggle.value and not (over or held)
        set_visible(self.hints_box, hints_on)
        if hints_on:
            self.hints_box.children = [self.hints.widget]
            self.hints.refresh(view, self.seat, self.kinds)

    def _review_work(self) -> Any:
        return record_work(self._game, review_game)

    def _why(self) -> str:
        """Why a control cannot be used now: what to do instead."""
        if self._game.is_over:
            return self.words("game_is_over")
        prompt = self._prompt()
        return self.words("not_now", what=prompt) if prompt else ""

    def _show_end(self, over: bool) -> None:
        """The end screen (hidden until the game is over): the winner, everyone's points."""
        scores, w = self._game.scores(), self.words
        head = f"{w('game_over')} {result_text(scores, self._game.winners(), w)}" if over else ""
        rows = "".join(f"<tr><td>{html.escape(n)}</td><td>{p}</td></tr>" for n, p in scores.items())
        self.show_end(head, f'<table class="dicelab-table">{rows}</table>')

    # --- playing --------------------------------------------------------------------

    def _act(self, action: Action) -> None:
        """Do your action (the engine checks it), then let the bots play.  An action
        of a kind that has no place now is answered with what to do instead."""
        game = self._game
        if game.is_over:
            raise IllegalMove(RULE_OVER, "the game is over")
        legal = {type(a) for a in game.legal_actions(self.me)}
        if type(action) not in legal or self.waits_for_next_round():
            self.message.error(self._why())
            return
        self._apply(self.me, action)
        self._aside = None
        self._bots_play()
        self.refresh()
        self.message.info(self._prompt())  # last: once it shows, everything else has changed

    def _apply(self, name: str, action: Action) -> None:
        """Apply one action of `name` and log what happened."""
        before = self._game.state
        self._game.apply(action)
        self.log.record(self._game, name, action, before, name == self.me)

    def _bots_play(self) -> None:
        """Let the bots act until it is your turn (or the game is over); at a class
        table they play in the service."""
        game = self._game
        if game.remote:
            return
        for _ in range(10_000):
            movers = game.to_move()
            if not movers or movers[0] == self.me or self.waits_for_next_round():
                return
            name = movers[0]
            bot = self._bots[game.players.index(name) - 1]
            self._apply(name, bot(game.view(name), game.legal_actions(name), self._bot_rng))

    @safe_callback
    def _on_roll(self) -> None:
        view = self._game.view(self.me)
        seat = view.seats[self.seat]
        if view.phase == "common":
            self._act(RollCommon())
        elif view.phase == "rolling" and seat.rolls:
            if self._aside is None:
                self.message.error(self.words("pick_aside"))
                return
            self._act(Roll(self._aside))
        else:
            self._act(Roll())

    @safe_callback
    def _on_die(self, index: int) -> None:
        if self._game.is_over or self.waits_for_next_round():
            self.message.info(self._why())
            return
        view = self._game.view(self.me)
        seat = view.seats[self.seat]
        if index < len(seat.aside):
            self.message.info(self.words("die_aside"))
            return
        if not (view.phase == "rolling" and 0 < seat.rolls < ROLLS):
            self.message.info(self.words("die_wait"))
            return
        hidden = index - len(seat.aside)
        self._aside = None if self._aside == hidden else hidden
        self.refresh()

    @safe_callback
    def _on_action(self, action: Action) -> None:
        self._act(action)

    @safe_callback
    def _on_next_round(self) -> None:
        if not self.waits_for_next_round():
            self.message.error(self.words("no_round_over"))
            return
        self._rounds_seen += 1
        self._bots_play()
        self.refresh()
        self.message.info(self._prompt())

    @safe_callback
    def _on_hints(self, change: Any = None) -> None:
        self.refresh()

    @safe_callback
    def _on_show_all(self, change: Any = None) -> None:
        """The teacher's toggle: everyone's dice of the last round played, once there is one
        (a student's panel has no such toggle, and never shows them)."""
        if self.show_all.value and not self.teacher:
            self.show_all.value = False
            return
        if self.show_all.value and not self._game.state.history:
            self.show_all.value = False
            self.message.info(self.words("show_all_wait"))
            return
        self.refresh()

    # --- new games, games from elsewhere ------------------------------------------

    def _fresh_game(self, seed: int) -> SlyDiceGame:
        self._bot_rng = np.random.default_rng(seed)
        return SlyDiceGame(self._game.players, self._game.rules, seed=seed)

    def _started_text(self, game: SlyDiceGame, seed: int) -> str:
        return f"{self._new_game_words(seed)}. {self._prompt()}"

    def _options(self) -> dict[str, Any]:
        return {**super()._options(), "teacher": self.teacher}

    def in_language(self, lang: str) -> SlyDicePanel:
        """A panel in another language that plays on with the same game, the same
        bots, the log said again, the die chosen to set aside, the round end it
        waits at and the teacher's toggle."""
        panel = self._taken_on_in(lang)
        panel.show_all.value = self.show_all.value
        panel.refresh()
        return panel
