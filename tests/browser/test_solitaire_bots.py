"""A bot at the Solitaire Dice table in the browser: chosen in the menu beside
New game, it sits at the next game and chooses as soon as the dice are rolled
(its options never shown); the table, three sheets and the hints with the
search bot's advice, fits the projector (1280×800) and the laptop (1024×700)
in every language, with no label cut."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import LAPTOP, PROJECTOR, cut_labels, off_screen, resize, screenshot

pytestmark = pytest.mark.browser
SIZES = {"projector": PROJECTOR, "laptop": LAPTOP}
SAYS = {  # the search bot, and "marked"
    "en": ("search bot", "marked"),
    "pt": ("robô de busca", "marcou"),
    "es": ("bot de búsqueda", "marcó"),
    "it": ("bot di ricerca", "ha segnato"),
    "fr": ("bot de recherche", "a coché"),
}


def fits(page, panel, size, scrolls: int) -> None:
    """What a turn needs within `scrolls + 1` screens, every seat within three, and no
    label cut."""
    needed = panel.locator(".dicelab-die, .dicelab-roll, .dicelab-option:visible")
    seats = panel.locator(".dicelab-player-block, .dicelab-bot-choice")
    assert off_screen(page, needed, size, scrolls) == []
    assert off_screen(page, seats, size, 2) == []
    assert cut_labels(page) == []


@pytest.mark.parametrize("lang", list(SAYS))
def test_a_search_bot_sits_plays_at_once_and_the_table_fits(open_app, lang):
    """On the projector, then (the same page made smaller) on the laptop; the module's
    one page, its language switched, the bot chosen again in each."""
    bot, marked = SAYS[lang]
    page = open_app(PROJECTOR, lang, game="solitaire")
    panel = page.locator(".dicelab-solitaire")
    menu = panel.locator(".dicelab-bot-choice")
    expect(menu.locator("select")).to_have_attribute("title", re.compile("."))  # when it acts
    menu.locator("select").select_option(label=bot)
    panel.locator(".dicelab-seed-text input").fill("1")  # a first roll of 3 4 5 6 1
    panel.locator(".dicelab-new-game").click()
    expect(panel.locator(".dicelab-bot-seat .dicelab-player-2")).to_contain_text(f"Cleo · {bot}")
    panel.locator(".dicelab-roll").click()
    expect(panel.locator(".dicelab-message")).to_contain_text(f"Cleo {marked}")
    expect(panel.locator(".dicelab-option:visible")).to_have_count(2 * 15)  # Ana's and Bruno's
    expect(panel.locator(".dicelab-bot-seat .dicelab-option:visible")).to_have_count(0)
    for screen, size in SIZES.items():
        resize(page, size)
        fits(page, panel, size, 0 if screen == "projector" else 1)
    panel.locator(".dicelab-hints-toggle").click()
    expect(panel.locator(".dicelab-advice")).to_contain_text(bot)
    for screen, size in SIZES.items():
        resize(page, size)
        fits(page, panel, size, 0 if screen == "projector" else 1)
        assert off_screen(page, panel.locator(".dicelab-advice table"), size, 3) == []
        screenshot(page, f"solitaire-bot-{lang}-{screen}")
        panel.locator("div.dicelab-foot").scroll_into_view_if_needed()  # the advice and the menu
        screenshot(page, f"solitaire-bot-foot-{lang}-{screen}")
