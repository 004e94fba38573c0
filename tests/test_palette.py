"""The panels' one palette: every text and every state's edge readable (WCAG 2.1 AA)."""

from __future__ import annotations

import pytest

from dicelab.core.ui import palette
from dicelab.core.ui.widgets import PANEL_CSS
from dicelab.solo.panel.views.cards import CARDS_CSS, INK, MARK, ON_INK


@pytest.mark.parametrize(("foreground", "background", "least"), palette.PAIRS)
def test_every_pair_the_panels_draw_has_enough_contrast(foreground, background, least):
    assert palette.contrast(foreground, background) >= least


def test_contrast_is_the_wcag_ratio():
    assert palette.contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert palette.contrast("#777777", "#777777") == pytest.approx(1.0)
    assert palette.contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)  # WebAIM's


def test_the_panels_style_sheet_names_the_palette():
    for name, value in palette.VARIABLES.items():
        assert f"--dicelab-{name}: {value};" in PANEL_CSS


def test_solo_cards_are_readable_and_told_apart_by_more_than_colour():
    for colour, ink in INK.items():
        assert palette.contrast(ON_INK[colour], ink) >= 4.5, colour
        assert f"dicelab-colour-{colour} {{ color: {ON_INK[colour]} !important; }}" in CARDS_CSS
    assert palette.contrast("#ffffff", "#212121") >= 4.5  # the black cards
    assert len(set(MARK.values())) == len(INK)  # a mark of its own for each colour
    for colour, mark in MARK.items():
        assert f'.dicelab-card-{colour}::before {{ content: "{mark}"' in CARDS_CSS
