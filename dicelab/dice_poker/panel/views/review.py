"""The Dice Poker panel's "Review this game" view: each player's choices set
against optimal play, the costliest first, one at a time.

The review (`dicelab.dice_poker.review`) is computed in the background, after
the optimal table is solved or loaded if the panel has none yet, with a
progress bar and Cancel; the panel stays usable meanwhile.  A view shows the
player's summary (points lost, per choice, the rating), then one choice: the
turn and roll, the dice as they were, the choice made and the best one side
by side (the dice each keeps), their values and the points lost; Previous and
Next step through them.

>>> from dicelab.core.ui.panel import Words
>>> from dicelab.dice_poker.panel.words import WORDS
>>> view = ReviewView(Words(WORDS, "pt"))
>>> view.next_button.description, view.widget.layout.display
('Próxima', 'none')
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from dicelab.core.i18n import translate
from dicelab.core.present.review import PlayerReview, points
from dicelab.core.ui.background import BackgroundTask
from dicelab.core.ui.panel import Words, set_visible, show_available
from dicelab.core.ui.parts import ProgressRow, html_part
from dicelab.core.ui.widgets import action_button, heading
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.review import Choice, Decision, review_game
from dicelab.dice_poker.review_text import HEADINGS, TITLE, choice_text, head_lines
from dicelab.dice_poker.rules import Ruleset

REVIEW_CSS = """
.dicelab-review-die { display:inline-block; min-width:1.6em; padding:1px 4px; margin:0 2px;
  border:1px solid #9e9e9e; border-radius:4px; text-align:center; color:#616161; }
.dicelab-review-die.dicelab-kept { border:2px solid #1565c0; color:#0d47a1; font-weight:bold; }
.dicelab-review-decision table td, .dicelab-review-decision table th { padding:2px 8px;
  text-align:left; vertical-align:middle; }
"""


def kept_positions(dice: tuple[int, ...], choice: Choice) -> set[int]:
    """The positions of the dice a hold keeps (the first of equal faces); none for a box.

    >>> sorted(kept_positions((5, 1, 2, 2, 2), (2, 2)))
    [2, 3]
    """
    if isinstance(choice, str):
        return set()
    kept: set[int] = set()
    for face in choice:
        kept.add(next(i for i, d in enumerate(dice) if d == face and i not in kept))
    return kept


def dice_html(dice: tuple[int, ...], kept: set[int], words: Words) -> str:
    """The dice as they were, the kept ones framed (and named for screen readers)."""
    cells = []
    for i, face in enumerate(dice):
        kept_class = " dicelab-kept" if i in kept else ""
        label = words("review_kept_die", face=face) if i in kept else str(face)
        cells.append(
            f'<span class="dicelab-review-die{kept_class}" aria-label="{html.escape(label)}">'
            f"{face}</span>"
        )
    return "".join(cells)


class ReviewView:
    """The review area: progress while computing, then a player's summary and
    their choices one by one.  `reviews` holds every player's review once done."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.reviews: tuple[PlayerReview[Decision], ...] = ()
        self.rules: Ruleset | None = None
        self.task: BackgroundTask | None = None
        self.index = 0
        self.title = widgets.HTML(heading(translate(TITLE, words.lang)))
        self.player_menu = widgets.Dropdown(options=[], description=words("review_player"))
        self.player_menu.add_class("dicelab-review-player")
        self.player_menu.observe(lambda _c: self._choose_player(), names="value")
        self.summary = html_part("dicelab-review-summary")
        self.position = html_part("dicelab-review-position")
        self.decision = html_part("dicelab-review-decision")
        self.previous_button = action_button(
            words("review_previous"), "dicelab-review-previous", "arrow-left", self._previous
        )
        self.next_button = action_button(
            words("review_next"), "dicelab-review-next", "arrow-right", self._next
        )
        self.working = ProgressRow(words, "dicelab-review", "reviewing", self.cancel)
        self.busy = self.working.widget
        self.steps = widgets.HBox(
            [self.previous_button, self.position, self.next_button],
            layout=widgets.Layout(align_items="center", grid_gap="8px", flex_flow="row wrap"),
        )
        self.widget = widgets.VBox(
            [self.title, self.busy, self.player_menu, self.summary, self.decision, self.steps]
        )
        self.widget.add_class("dicelab-review")
        self.hide()

    @property
    def running(self) -> bool:
        """Whether a review is being computed."""
        return self.task is not None and self.task.running

    def hide(self) -> None:
        """No review in sight (a new game, a game loaded, a language changed)."""
        if self.running:
            self.cancel()
        self.reviews, self.rules = (), None
        set_visible(self.widget, False)

    def start(
        self,
        game: DicePokerGame,
        advisor: Any,
        on_advisor: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
    ) -> None:
        """Compute the review of `game` in the background: with `advisor`'s table if
        it is for the game's rules, else solved (or loaded) first, and handed to
        `on_advisor` (the hints use it too)."""
        from dicelab.dice_poker.advisor import PanelAdvisor

        rules = game.ruleset
        record = game.record
        table = advisor if getattr(advisor, "ruleset", None) == rules else None

        def work(progress: Any) -> tuple[Any, tuple[PlayerReview[Decision], ...]]:
            solved = table or PanelAdvisor.solved(rules, progress=progress)
            progress.total, progress.done = max(len(record.steps), 1), 0
            reviews = review_game(record, solved.solution, lambda _d, _t: progress.update(1))
            return solved, reviews

        def done(result: tuple[Any, tuple[PlayerReview[Decision], ...]]) -> None:
            solved, reviews = result
            if table is None:
                on_advisor(solved)
            self.show(reviews, rules)

        def failed(error: BaseException) -> None:
            self.working.busy(False)
            on_error(error)

        self.reviews, self.rules = (), rules
        self.task = BackgroundTask(work, done, failed, self.working.show)
        for widget in (self.player_menu, self.summary, self.decision, self.steps):
            set_visible(widget, False)
        self.working.busy(True)
        set_visible(self.widget, True)
        self.task.start()

    def cancel(self) -> None:
        """Stop the computing at its next step."""
        if self.task is not None:
            self.task.cancel()

    def show(self, reviews: tuple[PlayerReview[Decision], ...], rules: Ruleset) -> None:
        """Show these reviews: the first player's costliest choice first."""
        self.reviews, self.rules = reviews, rules
        self.working.busy(False)
        for widget in (self.summary, self.decision, self.steps):
            set_visible(widget, True)
        set_visible(self.player_menu, len(reviews) > 1)
        self.player_menu.options = [r.player for r in reviews]
        self.player_menu.value = reviews[0].player if reviews else None
        self._choose_player()

    @property
    def review(self) -> PlayerReview[Decision] | None:
        """The review of the player chosen."""
        chosen = [r for r in self.reviews if r.player == self.player_menu.value]
        return chosen[0] if chosen else None

    @property
    def shown(self) -> list[Decision]:
        """The chosen player's choices in the order shown (the costliest first)."""
        review = self.review
        return [] if review is None else review.in_review_order()

    def _choose_player(self) -> None:
        self.index = 0
        self._draw()

    def _previous(self) -> None:
        if self.index == 0:
            self.position.value = html.escape(self.words("review_at_first"))
            return
        self.index -= 1
        self._draw()

    def _next(self) -> None:
        if self.index + 1 >= len(self.shown):
            self.position.value = html.escape(self.words("review_at_last"))
            return
        self.index += 1
        self._draw()

    def _draw(self) -> None:
        w, review, shown = self.words, self.review, self.shown
        if review is None or self.rules is None:
            return
        lines = head_lines(review, w.lang)
        self.summary.value = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
        show_available(self.previous_button, self.index > 0, w("review_at_first"))
        show_available(self.next_button, self.index + 1 < len(shown), w("review_at_last"))
        if not shown:
            self.position.value = html.escape(w("review_no_choice"))
            self.decision.value = ""
            return
        self.position.value = html.escape(w("review_position", n=self.index + 1, count=len(shown)))
        self.decision.value = self._decision_html(shown[self.index])

    def _decision_html(self, decision: Decision) -> str:
        w, rules, lang = self.words, self.rules, self.words.lang
        assert rules is not None
        where = w("review_where", turn=decision.turn, roll=decision.roll)
        rows = []
        for key, choice, value in (
            ("choice", decision.choice, decision.value),
            ("best", decision.best, decision.best_value),
        ):
            dice = dice_html(decision.dice, kept_positions(decision.dice, choice), w)
            said = choice_text(choice, rules, lang)
            rows.append(
                f"<tr><th>{html.escape(translate(HEADINGS[key], lang))}</th>"
                f"<td>{dice}</td><td>{html.escape(said)}</td>"
                f"<td>{html.escape(points(value, lang))}</td></tr>"
            )
        verdict = w("review_best_choice") if decision.loss == 0 else points(decision.loss, lang)
        lost = html.escape(w("review_lost", loss="\0")).replace(
            "\0", f"<b>{html.escape(verdict)}</b>"
        )
        return f"<p><b>{html.escape(where)}</b></p><table>{''.join(rows)}</table><p>{lost}</p>"
