"""The play app on a classroom projector (1280×800) and a small laptop
(1024×700), in each language: what a turn needs is on screen (one scroll at
most on the laptop), and no label is cut.  How fast the app opens is a
benchmark (`benchmarks/app.py`), not a test."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    LAPTOP,
    PROJECTOR,
    cut_labels,
    off_screen,
    screenshot,
    start_afresh,
)

pytestmark = pytest.mark.browser
SIZES = {"projector": PROJECTOR, "laptop": LAPTOP}


@pytest.mark.parametrize("screen", SIZES)
@pytest.mark.parametrize("lang", ["en", "pt", "es", "it", "fr"])  # one language switch for two
def test_a_turn_fits_the_screen(open_app, screen, lang):
    size = SIZES[screen]
    scrolls = 0 if screen == "projector" else 1
    page = open_app(size, lang)

    poker = page.locator(".dicelab-dice-poker")
    poker.locator(".dicelab-roll").click()
    poker.locator(".dicelab-hints-toggle").click()  # hints beside the card, not above it
    expect(poker.locator(".dicelab-hints-table")).to_be_visible()
    needed = poker.locator(
        ".dicelab-die, .dicelab-roll, .dicelab-cell, .dicelab-scorecard .widget-html"
    )
    assert needed.count() > 2 * 15 + 5
    assert off_screen(page, needed, size, scrolls) == []
    assert off_screen(page, poker.locator(".dicelab-hints-table table"), size, 2) == []
    assert cut_labels(page) == []
    if screen == "projector":
        screenshot(page, f"dice-poker-panel-{lang}")

    page.locator(".dicelab-tabs .lm-TabBar-tab").nth(1).click()
    start_afresh(page, "solitaire")  # the module's page: hints off after the last test
    solitaire = page.locator(".dicelab-solitaire")
    solitaire.locator(".dicelab-seed-text input").fill("1")  # a first roll of 3 4 5 6 1
    solitaire.locator(".dicelab-new-game").click()
    solitaire.locator(".dicelab-roll").click()
    options = solitaire.locator(".dicelab-option:visible")
    expect(options).to_have_count(2 * 15)  # 15 options for each of two players
    needed = solitaire.locator(".dicelab-die, .dicelab-roll, .dicelab-option:visible")
    assert off_screen(page, needed, size, scrolls) == []
    assert cut_labels(page) == []
    solitaire.locator(".dicelab-hints-toggle").click()  # hints below the sheets
    expect(solitaire.locator(".dicelab-hints-table")).to_be_visible()
    assert off_screen(page, needed, size, scrolls) == []
    assert cut_labels(page) == []
    if screen == "projector":
        screenshot(page, f"solitaire-panel-{lang}")
