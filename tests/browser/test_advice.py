"""Optimal advice never freezes the panel: the first solve (the server starts
with an empty cache) runs in the background with a translated progress bar
and Cancel, and the game goes on meanwhile."""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PROJECTOR, screenshot

pytestmark = pytest.mark.browser
SOLVE = 300_000  # ms: the whole game solved from an empty cache, on a busy machine
SAYS = {
    "en": {"solving": "Working out perfect play", "cancelled": "Optimal advice cancelled"},
    "pt": {"solving": "Calculando o jogo perfeito", "cancelled": "Conselho ótimo cancelado"},
}


def _dice(panel) -> list[str]:
    return [panel.locator(f".dicelab-die-{i}").inner_text() for i in range(5)]


def _roll_while_solving(panel) -> float:
    """Click Roll during the solve: seconds until the dice change."""
    before = _dice(panel)
    start = time.monotonic()
    panel.locator(".dicelab-roll").click()
    while _dice(panel) == before:
        assert time.monotonic() - start < 5, "the dice did not change while solving"
        time.sleep(0.02)
    return time.monotonic() - start


def _start_solving(panel, lang: str) -> None:
    panel.locator(".dicelab-hints-toggle").click()
    panel.locator(".dicelab-optimal").click()
    status = panel.locator(".dicelab-optimal-status")
    expect(status).to_contain_text(SAYS[lang]["solving"])
    assert status.evaluate("el => el.scrollWidth <= el.clientWidth")  # not cut
    expect(panel.locator(".dicelab-optimal-progress")).to_be_visible()
    expect(panel.locator(".dicelab-optimal-cancel")).to_be_visible()


def test_a_cold_solve_can_be_cancelled_in_portuguese(new_page):
    panel = new_page(PROJECTOR, "pt").locator(".dicelab-dice-poker")
    panel.locator(".dicelab-roll").click()
    _start_solving(panel, "pt")
    assert _roll_while_solving(panel) < 1.0
    expect(panel.locator(".dicelab-optimal-status")).to_contain_text(SAYS["pt"]["solving"])
    panel.locator(".dicelab-optimal-cancel").click()
    expect(panel.locator(".dicelab-message")).to_contain_text(SAYS["pt"]["cancelled"])
    for part in ("status", "progress", "cancel"):
        expect(panel.locator(f".dicelab-optimal-{part}")).to_be_hidden()
    expect(panel.locator(".dicelab-optimal")).to_be_visible()  # it can be asked again


def test_the_game_goes_on_during_a_cold_solve(new_page):
    panel = new_page(PROJECTOR, "en").locator(".dicelab-dice-poker")
    panel.locator(".dicelab-roll").click()
    _start_solving(panel, "en")
    seconds = _roll_while_solving(panel)
    assert seconds < 1.0, f"Roll took {seconds:.2f} s during the solve"
    expect(panel.locator(".dicelab-roll")).to_contain_text("1 left")
    panel.locator(".dicelab-box-chance").click()  # Ana scores, the solve goes on
    expect(panel.locator(".dicelab-player")).to_contain_text("Bruno")
    panel.locator(".dicelab-roll").click()
    expect(panel.locator(".dicelab-message")).to_contain_text("perfect play expects", timeout=SOLVE)
    advice = panel.locator(".dicelab-advice")
    expect(advice).to_contain_text("If you roll again")
    expect(advice).to_contain_text("If you score now")
    screenshot(page=panel.page, name="dice-poker-advice")
