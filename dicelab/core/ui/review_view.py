"""The "Review this game" view of a panel's end screen: each player's choices
set against the game's reference, the costliest first, one at a time.

The review is computed in the background (`dicelab.core.ui.background`)
with a progress bar and Cancel; the panel stays usable meanwhile.  A view
shows the player's summary (points lost, per choice, the rating), then one
choice as the game draws it; Previous and Next step through them (at either
end a click is answered), and a menu shows another player.

>>> from dicelab.core.ui.words import COMMON_WORDS
>>> view = ReviewView(Words(COMMON_WORDS, "pt"), "Revisão", lambda r: [], str)
>>> view.next_button.description, view.widget.layout.display
('Próxima', 'none')
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from dicelab.core.engine import GameRecord
from dicelab.core.i18n import translate
from dicelab.core.present.review import HEADINGS, Judgement, PlayerReview, points
from dicelab.core.ui.background import BackgroundTask, Cancelled
from dicelab.core.ui.callbacks import safe_callback
from dicelab.core.ui.message import MessageArea
from dicelab.core.ui.parts import ProgressRow, html_part
from dicelab.core.ui.widgets import action_button, heading, set_visible, show_available
from dicelab.core.ui.words import Words

REVIEW_CSS = """
.dicelab-review-die { display:inline-block; min-width:1.6em; padding:1px 4px; margin:0 2px;
  border:1px solid #9e9e9e; border-radius:4px; text-align:center; color:#616161; }
.dicelab-review-die.dicelab-kept { border:2px solid #1565c0; color:#0d47a1; font-weight:bold; }
.dicelab-review-decision table td, .dicelab-review-decision table th { padding:2px 8px;
  text-align:left; vertical-align:middle; }
"""


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


def lost_html(loss: float, words: Words) -> str:
    """ "Points lost: <b>7.5</b>" (or that it is a best choice), in `words`' language."""
    verdict = words("review_best_choice") if loss == 0 else points(loss, words.lang)
    said = html.escape(words("review_lost", loss="\0"))
    return f"<p>{said.replace(chr(0), f'<b>{html.escape(verdict)}</b>')}</p>"


def choices_html(
    decision: Judgement, words: Words, cells: Callable[[Any], Sequence[str]], unit: str = ""
) -> str:
    """The choice made and the best one, a row each: the heading, the cells
    (HTML) `cells(choice)` draws, the value (and its `unit`)."""
    lang = words.lang
    rows = "".join(
        f"<tr><th>{html.escape(translate(HEADINGS[key], lang))}</th>"
        + "".join(f"<td>{cell}</td>" for cell in cells(choice))
        + f"<td>{html.escape(points(value, lang) + unit)}</td></tr>"
        for key, choice, value in (
            ("choice", decision.choice, decision.value),
            ("best", decision.best, decision.best_value),
        )
    )
    return f"<table>{rows}</table>"


def game_record(game: Any) -> GameRecord:
    """A game's record: its own, or at a class table (a remote seat) the table's,
    which its service gives once the game is over."""
    if getattr(game, "remote", False):
        return GameRecord.from_dict(game.engine_class, game.client.log()["record"])
    record: GameRecord = game.record
    return record


def record_work(
    game: Any, review_game: Callable[..., tuple[PlayerReview[Any], ...]]
) -> Callable[[Any], tuple[None, tuple[PlayerReview[Any], ...]]]:
    """A review's background work for a game whose review needs nothing but the
    record (`review_game(record, on_step=...)`): (nothing else, the reviews),
    with progress step by step."""

    def work(progress: Any) -> tuple[None, tuple[PlayerReview[Any], ...]]:
        record = game_record(game)
        progress.total, progress.done = max(len(record.steps), 1), 0
        return None, review_game(record, on_step=lambda _d, _t: progress.update(1))

    return work


class ReviewView:
    """The review area: progress while computing, then a player's summary and
    their choices one by one.  `reviews` holds every player's review once done.

    The game gives its `title`, a player's `lines(review)` (what they read
    first) and a choice's HTML (`decision_html(judgement)`)."""

    def __init__(
        self,
        words: Words,
        title: str,
        lines: Callable[[PlayerReview[Any]], list[str]],
        decision_html: Callable[[Any], str],
    ) -> None:
        self.words, self.lines, self.decision_html = words, lines, decision_html
        self.reviews: tuple[PlayerReview[Any], ...] = ()
        self.task: BackgroundTask | None = None
        self.index = 0
        self.title = widgets.HTML(heading(title))
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
        self.reviews = ()
        set_visible(self.widget, False)

    def start(
        self,
        work: Callable[[Any], tuple[Any, tuple[PlayerReview[Any], ...]]],
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
    ) -> None:
        """Run `work(progress)` in the background: it gives back something for
        `on_done` (the panel's: the table it solved, say) and the reviews, then
        shown; `on_error(error)` if it fails or is cancelled."""

        def done(result: tuple[Any, tuple[PlayerReview[Any], ...]]) -> None:
            extra, reviews = result
            on_done(extra)
            self.show(reviews)

        def failed(error: BaseException) -> None:
            self.working.busy(False)
            on_error(error)

        self.reviews = ()
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

    def show(self, reviews: tuple[PlayerReview[Any], ...]) -> None:
        """Show these reviews: the first player's costliest choice first."""
        self.reviews = reviews
        self.working.busy(False)
        for widget in (self.summary, self.decision, self.steps):
            set_visible(widget, True)
        set_visible(self.player_menu, len(reviews) > 1)
        self.player_menu.options = [r.player for r in reviews]
        self.player_menu.value = reviews[0].player if reviews else None
        self._choose_player()

    def keep(self, other: ReviewView) -> None:
        """Show what `other` shows (a panel in another language taking over): the
        same reviews, player and choice, drawn in this view's words."""
        if not other.reviews:
            return
        self.show(other.reviews)
        set_visible(self.widget, True)
        self.player_menu.value = other.player_menu.value
        self.index = other.index
        self._draw()

    @property
    def review(self) -> PlayerReview[Any] | None:
        """The review of the player chosen."""
        chosen = [r for r in self.reviews if r.player == self.player_menu.value]
        return chosen[0] if chosen else None

    @property
    def shown(self) -> list[Any]:
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
        if review is None:
            return
        lines = self.lines(review)
        self.summary.value = "".join(f"<p>{html.escape(line)}</p>" for line in lines)
        show_available(self.previous_button, self.index > 0, w("review_at_first"))
        show_available(self.next_button, self.index + 1 < len(shown), w("review_at_last"))
        if not shown:
            self.position.value = html.escape(w("review_no_choice"))
            self.decision.value = ""
            return
        self.position.value = html.escape(w("review_position", n=self.index + 1, count=len(shown)))
        self.decision.value = self.decision_html(shown[self.index])


class Reviewing:
    """A panel whose end screen offers "Review this game": `_add_review(...)` (in
    its build) makes the view and the button; a click runs the game's
    `_review_work()` in the background, then `_reviewed(extra)` (the Dice
    Poker panel keeps the table it solved).  In another language the review
    stays in sight (`_carry_over`)."""

    words: Words
    lang: str
    message: MessageArea
    errors: list[BaseException]
    end_screen: widgets.VBox
    review: ReviewView
    review_button: widgets.Button

    def _add_review(
        self,
        title: str,
        lines: Callable[[PlayerReview[Any]], list[str]],
        decision_html: Callable[[Any], str],
    ) -> None:
        """The review view (`review`, to place in the panel) and its button at
        the end of the end screen (`review_button`)."""
        self.review = ReviewView(self.words, title, lines, decision_html)
        self.review_button = action_button(
            self.words("review_game"), "dicelab-review-game", "search", self._on_review
        )
        self.end_screen.children = (*self.end_screen.children, self.review_button)

    @safe_callback
    def _on_review(self) -> None:
        """Review the finished game in the background (a click meanwhile is answered)."""
        if self.review.running:
            self.message.info(self.words("review_busy"))
            return
        self.review.start(self._review_work(), self._reviewed, self._review_failed)

    def _carry_over(self, panel: Any) -> None:
        """The panel taking over in another language keeps the review in sight."""
        panel.review.keep(self.review)

    def _review_work(self) -> Callable[[Any], tuple[Any, tuple[PlayerReview[Any], ...]]]:
        """The work of the review: progress -> (something for `_reviewed`, the reviews)."""
        raise NotImplementedError

    def _reviewed(self, extra: Any) -> None:
        """After the review: what its work gave besides the reviews."""

    @safe_callback
    def _review_failed(self, error: BaseException) -> None:
        if isinstance(error, Cancelled):
            self.message.info(self.words("review_cancelled"))
        else:
            raise error
