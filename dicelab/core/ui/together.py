"""Widgets built together reach the page together: one message each.

An ipywidget tells the page about itself when it is made (its state then),
and again at every later change of a synced trait.  A panel sets its classes,
tooltips and styles just after making each widget, so building one sent the
page about 700 messages, each relayed by the server and laid out by the
browser, where 300 say it all.  `opened_together()` holds back the opening
of the widgets made inside it and opens each one as it leaves, with the state
it has then (the parts a widget holds, such as its layout, style and children,
first: the page must know them before the widget that names them).

>>> import ipywidgets as widgets
>>> with opened_together():
...     button = widgets.Button(description="Roll").add_class("dicelab-roll")
...     box = widgets.HBox([button])
...     button.comm is None
True
>>> box.comm is not None and button.style.comm is not None
True
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager

import ipywidgets as widgets

_OPEN = widgets.Widget.open
_CLOSE = widgets.Widget.close
_held = threading.local()  # per thread: the widgets made inside, and those closed since


def _open_or_hold(widget: widgets.Widget) -> None:
    made: dict[int, widgets.Widget] | None = getattr(_held, "made", None)
    if made is None:
        _OPEN(widget)
    else:
        made[id(widget)] = widget


def _close_or_drop(widget: widgets.Widget) -> None:
    made: dict[int, widgets.Widget] | None = getattr(_held, "made", None)
    if made is not None and widget.comm is None:
        made.pop(id(widget), None)
    _CLOSE(widget)


def _parts(widget: widgets.Widget) -> Iterator[widgets.Widget]:
    for name in widget.keys:
        value = getattr(widget, name)
        for part in value if isinstance(value, (list, tuple)) else (value,):
            if isinstance(part, widgets.Widget):
                yield part


def _open_with_parts(widget: widgets.Widget) -> None:
    stack = [(widget, False)]
    while stack:
        current, parts_open = stack.pop()
        if current.comm is not None:
            continue
        if parts_open:
            _OPEN(current)
        else:
            stack.append((current, True))
            stack += [(part, False) for part in _parts(current) if part.comm is None]


@contextmanager
def opened_together() -> Iterator[None]:
    """Hold back the opening of the widgets made inside (in this thread) until
    the end; one made and closed inside is never opened."""
    if getattr(_held, "made", None) is not None:  # inside another: that one opens them
        yield
        return
    setattr(widgets.Widget, "open", _open_or_hold)  # noqa: B010 (as before outside this)
    setattr(widgets.Widget, "close", _close_or_drop)  # noqa: B010
    made: dict[int, widgets.Widget] = {}
    _held.made = made
    try:
        yield
    finally:
        _held.made = None
        for widget in made.values():
            _open_with_parts(widget)
