"""Parts the panels' views share: a text area with its CSS class, and the row
that shows long work in progress (a bar, how far it has got, Cancel).

>>> html_part("dicelab-note", "<i>hi</i>")._dom_classes
('dicelab-note',)
>>> from dicelab.core.i18n import msg
>>> row = ProgressRow(Words({"cancel": msg("cancel", "Cancel"),
...                          "working": msg("w", "Working: {percent}%")}),
...                   "dicelab-work", "working", lambda: None)
>>> row.show(1, 4); row.status.value
'Working: 25%'
"""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from dicelab.core.ui.widgets import action_button, set_visible
from dicelab.core.ui.words import Words


def html_part(css: str, value: str = "") -> widgets.HTML:
    """An HTML widget with the CSS class `css` (the tests and the style sheet find it by it)."""
    part = widgets.HTML(value)
    part.add_class(css)
    return part


class ProgressRow:
    """A progress bar (`css`-progress), the words `key` saying how far the work
    has got ({percent}, `css`-status) and Cancel (`css`-cancel, calling
    `on_cancel`), in one row (`widget`), hidden until `busy(True)`."""

    def __init__(self, words: Words, css: str, key: str, on_cancel: Callable[[], None]) -> None:
        self.words, self.key = words, key
        self.progress = widgets.IntProgress(value=0, min=0, max=1)
        self.progress.layout.width = "160px"
        self.progress.add_class(f"{css}-progress")
        self.status = html_part(f"{css}-status")
        self.cancel_button = action_button(words("cancel"), f"{css}-cancel", "times", on_cancel)
        self.parts = (self.progress, self.status, self.cancel_button)
        self.widget = widgets.HBox(
            list(self.parts), layout=widgets.Layout(align_items="center", grid_gap="8px")
        )
        self.busy(False)

    def busy(self, busy: bool) -> None:
        """Show the row (from 0%) while the work runs; hide it after."""
        for part in (*self.parts, self.widget):
            set_visible(part, busy)
        if busy:
            self.show(0, 1)

    def show(self, done: int, total: int) -> None:
        """Move the bar, and say how far the work has got."""
        self.progress.max, self.progress.value = max(total, 1), min(done, max(total, 1))
        percent = 100 * done // max(total, 1)
        self.status.value = html.escape(self.words(self.key, percent=percent))
