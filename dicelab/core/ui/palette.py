"""One palette for every panel: colours named by what they mean.

Every text colour is at least 4.5:1 against the backgrounds it is drawn on,
and every edge that tells a control's state at least 3:1 (WCAG 2.1 AA, 1.4.3
and 1.4.11); `PAIRS` lists what the panels draw on what, and a test checks
each with `contrast`.  A state is never told by colour alone (1.4.1): an
unavailable control also has a dashed edge, a held die a caption and a thick
edge.  The control with the keyboard's focus has a ring of its own (`FOCUS`),
3:1 against every ground it is drawn on.

>>> round(contrast(MUTED_TEXT, BUTTON_SURFACE), 2)
6.04
"""

from __future__ import annotations

__all__ = ["CSS_VARIABLES", "PAIRS", "contrast"]

TEXT = "#212121"
MUTED_TEXT = "#595959"  # what matters less: bracketed values, "you", unavailable buttons
SURFACE = "#ffffff"
BUTTON_SURFACE = "#eeeeee"  # JupyterLab's buttons (--jp-layout-color2)
CURRENT_ROW = "#fff3c4"  # the row of the player to move
SHEET_PAPER = "#fffdf3"  # Solitaire Dice's sheets
ZERO_CELL = "#f1f1f1"  # a score box that would score nothing
HELD_BACKGROUND = "#ffd54f"  # a held die
HELD_MARK = "#8a2e00"  # a held die's edge and its "held" caption
UNAVAILABLE_EDGE = "#6b6b6b"  # the dashed edge of a control that cannot be used now
TAB_TEXT = "#333333"  # the app's tabs, the chosen one and the others
FOCUS = "#0b57d0"  # the ring around the control that has the keyboard's focus

# (foreground, background, the least contrast it needs): text 4.5, an edge 3
PAIRS: tuple[tuple[str, str, float], ...] = (
    (TEXT, SURFACE, 4.5),
    (MUTED_TEXT, SURFACE, 4.5),
    (MUTED_TEXT, BUTTON_SURFACE, 4.5),
    (MUTED_TEXT, CURRENT_ROW, 4.5),
    (MUTED_TEXT, SHEET_PAPER, 4.5),
    (MUTED_TEXT, ZERO_CELL, 4.5),
    (TAB_TEXT, BUTTON_SURFACE, 4.5),
    (TAB_TEXT, SURFACE, 4.5),
    (HELD_MARK, SURFACE, 4.5),
    (HELD_MARK, HELD_BACKGROUND, 3.0),
    (TEXT, HELD_BACKGROUND, 4.5),
    (UNAVAILABLE_EDGE, SURFACE, 3.0),
    (UNAVAILABLE_EDGE, BUTTON_SURFACE, 3.0),
    *((FOCUS, ground, 3.0) for ground in (SURFACE, BUTTON_SURFACE, CURRENT_ROW, SHEET_PAPER)),
    (FOCUS, HELD_BACKGROUND, 3.0),
)


VARIABLES = {  # the names the panels' style sheets use: var(--dicelab-muted-text)
    "text": TEXT,
    "muted-text": MUTED_TEXT,
    "current-row": CURRENT_ROW,
    "sheet-paper": SHEET_PAPER,
    "held-mark": HELD_MARK,
    "unavailable-edge": UNAVAILABLE_EDGE,
    "focus": FOCUS,
}
CSS_VARIABLES = (
    ":root { " + " ".join(f"--dicelab-{name}: {value};" for name, value in VARIABLES.items()) + " }"
)


def luminance(colour: str) -> float:
    """The relative luminance of `#rrggbb` (WCAG 2.1).

    >>> luminance("#ffffff"), luminance("#000000")
    (1.0, 0.0)
    """
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(one: str, other: str) -> float:
    """The contrast ratio of two colours, from 1 to 21 (WCAG 2.1).

    >>> round(contrast("#ffffff", "#f9a825"), 2)  # white on Solo's yellow: too little
    1.97
    """
    light, dark = sorted((luminance(one), luminance(other)), reverse=True)
    return (light + 0.05) / (dark + 0.05)
