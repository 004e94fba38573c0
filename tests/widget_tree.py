"""What the browser is sent about a panel: for tests that compare two panels."""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets


def _is_reference(value: Any) -> bool:
    if isinstance(value, str):
        return value.startswith("IPY_MODEL_")
    return isinstance(value, (list, tuple)) and any(_is_reference(v) for v in value)


def widget_states(root: widgets.Widget) -> list[tuple[Any, ...]]:
    """Everything the browser is sent about a widget tree: each widget's synced
    state (values, HTML, descriptions, tooltips, classes, layout, style), but not
    the models' ids."""
    found: list[tuple[Any, ...]] = []

    def walk(widget: widgets.Widget, path: tuple[Any, ...]) -> None:
        state = {k: v for k, v in widget.get_state().items() if not _is_reference(v)}
        found.append((path, type(widget).__name__, sorted(state.items(), key=str)))
        for part in ("layout", "style"):
            if isinstance(getattr(widget, part, None), widgets.Widget):
                walk(getattr(widget, part), (*path, part))
        for i, child in enumerate(getattr(widget, "children", ())):
            walk(child, (*path, i))

    walk(root, ())
    return found


def usable_saying_why_not(root: widgets.Widget, whys: list[str]) -> list[str]:
    """The buttons of a widget tree that can be used now (not marked
    `dicelab-unavailable`) but whose tooltip still says why they could not:
    it begins with one of `whys`."""
    found = []

    def walk(widget: widgets.Widget) -> None:
        usable = "dicelab-unavailable" not in getattr(widget, "_dom_classes", ())
        tip = getattr(widget, "tooltip", None) or ""
        button = isinstance(widget, (widgets.Button, widgets.ToggleButton))
        if button and usable and any(tip.startswith(why) for why in whys if why):
            found.append(f"{widget.description!r}: {tip}")
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(root)
    return found
