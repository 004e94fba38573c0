"""Play the app in Chromium: a whole Dice Poker turn, a Solitaire Dice roll."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser
LOAD = 90_000  # ms: a Voilà page starts a kernel and runs the notebook
SOLVE = 180_000  # ms: the optimal Dice Poker table, solved from an empty cache


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

    panel.locator(".dicelab-optimal").click()  # solve the game, with a progress bar
    expect(panel.locator(".dicelab-message")).to_contain_text("perfect play expects", timeout=SOLVE)
    advice = panel.locator(".dicelab-advice")
    expect(advice).to_contain_text("Expected final score")
    expect(advice).to_contain_text("best")
    page.set_viewport_size({"width": 1300, "height": 1900})  # the whole panel, advice included
    panel.scroll_into_view_if_needed()
    screenshot(page, "dice-poker-panel")


FACES = "⚀⚁⚂⚃⚄⚅"
OPTION = re.compile(r"(\d)\+(\d)=(\d+) · (\d)\+(\d)=(\d+) · (?:discard (\d)|(\d) ignored)")


def _settled_option(page, panel) -> tuple[str | None, ...]:
    """Wait until the dice shown and Ana's first option agree; the option's parts."""
    option = panel.locator(".dicelab-option-0")
    for _ in range(100):
        parts = OPTION.search(option.inner_text())
        faces = [panel.locator(f".dicelab-die-{i}").inner_text().strip() for i in range(5)]
        if parts and all(face in FACES for face in faces):
            a, b, _s, c, d, _t, discard, ignored = parts.groups()
            split = sorted(map(int, (a, b, c, d, discard or ignored)))
            if split == sorted(FACES.index(face) + 1 for face in faces):
                return parts.groups()  # the option splits the roll shown
        page.wait_for_timeout(100)
    raise AssertionError(f"option {option.inner_text()!r} does not split the dice {faces}")


def test_solitaire_roll_in_the_browser(page):
    panel = page.locator(".dicelab-solitaire")
    roll = panel.locator(".dicelab-roll")
    expect(roll).to_be_visible(timeout=LOAD)
    expect(panel.locator(".dicelab-total-0")).to_have_text("0")
    expect(panel.locator(".dicelab-waiting")).to_contain_text("Click Roll")

    roll.click()
    option = panel.locator(".dicelab-option-0")  # Ana's first option
    expect(option).to_be_visible()
    expect(panel.locator(".dicelab-waiting")).to_contain_text("Ana and Bruno")
    expect(roll).to_be_disabled()
    parts = _settled_option(page, panel)  # a, b, a + b, c, d, c + d, discard, ignored
    sums, discard = [int(parts[2]), int(parts[5])], parts[6]

    option.click()
    # a first roll on an empty sheet: each line marked once costs 200
    expect(panel.locator(".dicelab-total-0")).to_have_text(str(-200 * len(set(sums))))
    sheet = panel.locator(".dicelab-sheet-0")
    for total in set(sums):
        line = sheet.locator(f".dicelab-line-{total}")
        expect(line.locator(".dicelab-tally")).to_have_text("I" * sums.count(total))
        expect(line.locator(".dicelab-points")).to_have_text("-200")
    if discard:
        expect(sheet.locator(f".dicelab-discard-{discard}")).to_contain_text("I")
    expect(panel.locator(".dicelab-message")).to_contain_text("Ana marked")
    expect(panel.locator(".dicelab-waiting")).to_contain_text("Waiting for Bruno")
    expect(roll).to_be_disabled()

    panel.locator(".dicelab-option-1-0").click()  # Bruno's first option
    for _ in range(5):  # a few more rolls, so that the sheets fill a little
        roll.click()  # waits until every player has chosen
        panel.locator(".dicelab-option-0-0").click()
        panel.locator(".dicelab-option-1-0").click()
    roll.click()
    panel.locator(".dicelab-hints-toggle").click()
    expect(panel.locator(".dicelab-hints-table")).to_contain_text("P(offered)")
    expect(panel.locator(".dicelab-hints-figure .plot-container")).to_be_visible()
    expect(panel.locator(".dicelab-suggested")).to_have_count(2)  # one for each player
    expect(panel.locator(".dicelab-turn")).to_have_text("Roll 7")
    page.set_viewport_size({"width": 1300, "height": 2000})  # the whole panel, hints included
    panel.evaluate("el => el.scrollIntoView({block: 'start'})")
    screenshot(page, "solitaire-panel")
