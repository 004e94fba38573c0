"""`EventLog`: what happened in a game, said in the panel's language.

An event is a word key and its values; values with a `name(lang)` method
(a card) are named in the log's language when shown, so a log can be said
again in another language (`replay`).  A game's log subclasses it with a
`record` method that turns moves into events, telling only what the table saw.

>>> from dicelab.core.ui.words import Words
>>> from dicelab.solo.panel.words import LOG_WORDS
>>> log = EventLog(Words(LOG_WORDS, "pt"))
>>> log.add("ev_drew", count=1, name="Ana")
>>> log.show()
>>> log.lines, "Ana comprou 1 carta" in log.widget.value
(['Ana comprou 1 carta'], True)
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from dicelab.core.ui.message import silent
from dicelab.core.ui.words import Words

Event = tuple[str, dict[str, Any]]  # a word key and its values


class EventLog:
    """`events`: everything that happened; `lines`: them in words; `widget` shows
    the last `shown`."""

    shown = 8

    def __init__(self, words: Words) -> None:
        self.words = words
        self.events: list[Event] = []
        self.widget = widgets.HTML(layout=widgets.Layout(min_height="60px"))
        self.widget.add_class("dicelab-log")
        self.announce: Callable[[str], None] = silent  # each new line, once (Aria.say)
        self._told = 0  # the events announced

    @property
    def lines(self) -> list[str]:
        return [self.text(key, values) for key, values in self.events]

    def value_text(self, key: str, value: Any) -> Any:
        """How one value is said: a card by its name in the log's language."""
        name = getattr(value, "name", None)
        return name(self.words.lang) if callable(name) else value

    def text(self, key: str, values: dict[str, Any]) -> str:
        """One event in words."""
        return self.words(key, **{k: self.value_text(k, v) for k, v in values.items()})

    def replay(self, events: list[Event]) -> None:
        """Show these events (another panel's, in this log's language): said
        again, not new, so not announced."""
        self.events = list(events)
        self._told = len(self.events)
        self.show()

    def clear(self) -> None:
        self.replay([])

    def add(self, key: str, **values: Any) -> None:
        """Add an event (shown at the next `show`)."""
        self.events.append((key, values))

    def show(self) -> None:
        """Show the last lines, and announce the new ones."""
        for line in self.lines[self._told :]:
            self.announce(line)
        self._told = len(self.events)
        recent = self.lines[-self.shown :]
        items = "".join(f"<li>{html.escape(line)}</li>" for line in recent)
        self.widget.value = f"<ul>{items}</ul>"
