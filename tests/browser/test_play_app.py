"""Play the app in Chromium: a whole Dice Poker turn, a Solitaire Dice roll."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser
LOAD = 90_000  # ms: a Voilà page starts a kernel and runs the notebook


def _points(text: str) -> int:
    return int(re.search(r"-?\d+", text).group())


def _settled_chance_points(page, panel) -> int:
    """Wait until the Chance cell shows the sum of the dice the message announces."""
    message, chance = panel.locator(".dicelab-message"), panel.locator(".dicelab-box-chance")
    for _ in range(100):
        dice = re.findall(r"\d", message.inner_text().split("rolled")[-1])
        text = chance.inner_text()
        if len(dice) == 5 and "→" in text and _points(text) == sum(map(int, dice)):
            return _points(text)
        page.wait_for_timeout(100)
    raise AssertionError(f"Chance shows {chance.inner_text()!r} for {message.inner_text()!r}")


def test_dice_poker_turn_in_the_browser(page):
    panel = page.locator(".dicelab-dice-poker")
    roll = panel.locator(".dicelab-roll")
    expect(roll).to_be_visible(timeout=LOAD)
    expect(roll).to_contain_text("3 left")

    roll.click()
    expect(roll).to_contain_text("2 left")
    die = panel.locator(".dicelab-die-0")
    die.click()  # hold the first die
    expect(panel.locator(".dicelab-held")).to_have_count(1)
    held_face = die.inner_text()
    roll.click()  # reroll the other four
    expect(roll).to_contain_text("1 left")
    assert die.inner_text() == held_face

    points = _settled_chance_points(page, panel)
    assert 5 <= points <= 30
    panel.locator(".dicelab-box-chance").click()
    expect(panel.locator(".dicelab-total-0")).to_have_text(str(points))
    expect(panel.locator(".dicelab-message")).to_contain_text(str(points))
    expect(panel.locator(".dicelab-player")).to_contain_text("Bruno")

    roll.click()  # Bruno's first roll, with the exact-odds hints on
    panel.locator(".dicelab-hints-toggle").click()
    expect(panel.locator(".dicelab-hints-table")).to_contain_text("Full house")
    expect(panel.locator(".dicelab-hints-figure .plot-container")).to_be_visible()
    screenshot(page, "dice-poker-panel")
