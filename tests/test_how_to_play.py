"""How to play (review 2, defect 7): each panel's box gives the rules in a few
lines and defines every game term its Hints use, in every language; each term
is found in the Hints of a game played by clicks (so the list is the Hints'
own), and in the box as a defined term."""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets
import numpy as np
import pytest

from dicelab.core.ui.words import LANGS
from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.solitaire.panel import SolitairePanel
from dicelab.solo.panel import SoloPanel
from tests.test_sly_dice_panel import click_turn as sly_turn
from tests.test_solo_panel import click_turn as solo_turn


def shown(widget: widgets.Widget) -> str:
    """The text a widget tree shows (its HTML values and labels), lower case."""
    parts = []
    stack = [widget]
    while stack:
        part = stack.pop()
        value = getattr(part, "value", None)
        if isinstance(value, str):
            parts.append(value)
        if isinstance(getattr(part, "description", None), str):
            parts.append(part.description)
        stack.extend(getattr(part, "children", ()))
    return html.unescape(re.sub(r"<[^>]+>", " ", " ".join(parts))).lower()


def dice_poker_step(panel: DicePokerPanel, rng: Any) -> None:
    panel.roll_button.click()
    next(b for b in panel.box_buttons[0].values() if b.description.startswith("→")).click()


def solitaire_step(panel: SolitairePanel, rng: Any) -> None:
    options = [b for b in panel.option_buttons[0] if b.layout.display != "none" and b.description]
    (options[0] if options else panel.roll_button).click()


STEPS: dict[type, Callable[[Any, Any], Any]] = {
    DicePokerPanel: dice_poker_step,
    SolitairePanel: solitaire_step,
    SlyDicePanel: lambda panel, rng: sly_turn(panel, rng, Counter()),
    SoloPanel: lambda panel, rng: solo_turn(panel, rng, Counter()),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("panel_class", list(STEPS), ids=lambda c: c.__name__)
def test_how_to_play_defines_every_term_the_hints_use(panel_class, lang) -> None:
    panel = panel_class(["Ana"], seed=5, lang=lang)
    goal, terms = panel.how_to_play
    words = [panel.words(term).lower() for term, _ in terms]
    assert panel.how.box.layout.display == "none" and panel.how.box.value == ""
    panel.how.toggle.value = True  # opened: the rules, then each term defined
    box = panel.how.box.value
    assert panel.how.box.layout.display is None and html.escape(panel.words(goal)) in box
    for term, meaning in terms:
        assert f"<dt><b>{html.escape(panel.words(term))}</b></dt>" in box
        assert html.escape(panel.words(meaning)) in box
    panel.hints_toggle.value = True
    seen, rng = "", np.random.default_rng(5)
    for _ in range(300):  # a game by clicks until the Hints have used every term
        seen += shown(panel.hints_box)
        if all(word in seen for word in words) or panel.game.is_over:
            break
        STEPS[panel_class](panel, rng)
    assert [w for w in words if w not in seen] == [] and panel.errors == []
    panel.how.toggle.value = False
    assert panel.how.box.layout.display == "none"
