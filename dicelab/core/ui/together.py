"""What a click changes reaches the page together: one message per widget.

An ipywidget tells the page about itself when it is made (its state then),
and again at every later change of a synced trait, each change a message of
its own that the server relays and the browser lays out.  A panel sets the
classes, tooltips and styles of a widget one by one, so that building one sent
the page about 700 messages where 300 say it all, and a roll 139 messages
for 52 widgets.  Inside `together()`, the widgets made are opened as it ends,
each with the state it has then (the parts a widget holds, such as its layout,
style and children, first: the page must know them before the widget that
names them), and the changes of the widgets already open are sent as it ends,
one message for each widget.  `safe_callback` runs every panel callback in
it, and the play app builds its panels in it.

>>> import ipywidgets as widgets
>>> with together():
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
from typing import Any

import ipywidgets as widgets

__all__ = ["together"]

_OPEN = widgets.Widget.open
_CLOSE = widgets.Widget.close
_SHOULD_SEND = widgets.Widget._should_send_property


class _Held(threading.local):
    """This thread's widgets made inside `together` (by id), and those whose
    changes it holds, in the order they were first changed."""

    made: dict[int, widgets.Widget] | None = None
    changed: list[widgets.Widget] | None = None


_held = _Held()


def _open_or_hold(widget: widgets.Widget) -> None:
    if _held.made is None:
        _OPEN(widget)
    else:
        _held.made[id(widget)] = widget


def _close_or_drop(widget: widgets.Widget) -> None:
    if _held.made is not None and widget.comm is None:
        _held.made.pop(id(widget), None)  # made and closed inside: never opened
    _CLOSE(widget)


def _send_or_hold(widget: widgets.Widget, key: str, value: Any) -> bool:
    if _held.changed is not None and not widget._holding_sync:
        widget._holding_sync = True  # ipywidgets' own hold_sync: it keeps the keys
        _held.changed.append(widget)
    return bool(_SHOULD_SEND(widget, key, value))


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


def _send_held(changed: list[widgets.Widget]) -> None:
    for widget in changed:
        widget._holding_sync = False
        keys, widget._states_to_send = set(widget._states_to_send), set()
        if widget.comm is not None and keys:
            widget.send_state(keys)


@contextmanager
def together() -> Iterator[None]:
    """Hold back, in this thread, the opening of the widgets made inside and the
    changes of those already open, until the end (an inner `together` leaves
    it to the outer one); a widget made and closed inside is never opened."""
    if _held.made is not None:
        yield
        return
    setattr(widgets.Widget, "open", _open_or_hold)  # noqa: B010 (as before outside)
    setattr(widgets.Widget, "close", _close_or_drop)  # noqa: B010
    setattr(widgets.Widget, "_should_send_property", _send_or_hold)  # noqa: B010
    made: dict[int, widgets.Widget] = {}
    changed: list[widgets.Widget] = []
    _held.made, _held.changed = made, changed
    try:
        yield
    finally:
        _held.made, _held.changed = None, None
        for widget in made.values():
            _open_with_parts(widget)
        _send_held(changed)
