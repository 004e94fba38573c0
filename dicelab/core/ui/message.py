"""`MessageArea`: the panel's answer to the last click, shown (in a colour by
its kind, flashing) and announced to a screen reader (`announce`)."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

__all__ = ["MessageArea", "silent"]

_MESSAGE_STYLES = {
    "info": "color:#1a237e",
    "success": "color:#1b5e20",
    "error": "color:#b71c1c;font-weight:bold",
}


def silent(text: str) -> None:
    """Announce nothing: what a message area or a log says before a panel
    gives it its `Aria.say`."""


class MessageArea(widgets.HTML):
    """The panel's answer to the last click; `text` and `kind` mirror it in Python.

    >>> area = MessageArea()
    >>> area.error("no rolls left")
    >>> area.kind, area.text
    ('error', 'no rolls left')
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.add_class("dicelab-message")
        self.text = ""
        self.kind = "info"
        self._flash = 0
        self.announce: Callable[[str], None] = silent  # to a screen reader (Aria.say)

    def show(self, text: str, kind: str = "info", quiet: bool = False) -> None:
        """Show `text` as "info", "success" or "error"; it flashes, so that the
        same answer to a second click is seen to come again, and is announced
        (unless `quiet`: the log has just said it)."""
        self.text, self.kind = text, kind
        for other in _MESSAGE_STYLES:
            self.remove_class(f"dicelab-message-{other}")
        self.add_class(f"dicelab-message-{kind}")
        self.remove_class(f"dicelab-flash-{self._flash}")
        self._flash = 1 - self._flash
        if text:
            self.add_class(f"dicelab-flash-{self._flash}")
        style = _MESSAGE_STYLES.get(kind, "")
        self.value = f'<span style="{style}">{html.escape(text)}</span>' if text else ""
        if text and not quiet:
            self.announce(text)

    def info(self, text: str, quiet: bool = False) -> None:
        self.show(text, "info", quiet)

    def success(self, text: str) -> None:
        self.show(text, "success")

    def error(self, text: str) -> None:
        self.show(text, "error")

    def clear(self) -> None:
        self.show("", "info")
