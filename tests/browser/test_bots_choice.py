"""The play app's Bots choice in the browser (issue 52): in Sly Dice and Solo,
"Bots" beside New game opens one menu per seat with every bot of the game,
each described when chosen; a seat is added, and "New game with these bots"
seats them (Sly Dice: the equilibrium bot plays a whole round against you),
at the projector's size in English and the laptop's in Portuguese, every
label whole and the choice axe-clean.  Its own module: it leaves other bots
at the app's tables."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from dicelab.core.ui.words import COMMON_WORDS, Words
from dicelab.sly_dice.panel.words import WORDS as SLY_WORDS
from dicelab.sly_dice.strategy import STRATEGIES as SLY_BOTS
from dicelab.solo.panel.words import WORDS as SOLO_WORDS
from dicelab.solo.strategy import STRATEGIES as SOLO_BOTS
from tests.browser.conftest import LAPTOP, PROJECTOR, cut_labels, screenshot
from tests.browser.test_accessibility import play_until, violations

pytestmark = pytest.mark.browser
CASES = [("en", PROJECTOR), ("pt", LAPTOP)]
GAMES = {"sly-dice": (SLY_WORDS, SLY_BOTS), "solo": (SOLO_WORDS, SOLO_BOTS)}
SLY_STEPS = [".dicelab-pass", ".dicelab-keep", ".dicelab-card", ".dicelab-stop", ".dicelab-roll"]


def choose(page, game: str, lang: str, kinds: list[str]):
    """Open the Bots choice of `game`, show each bot's description in the first seat,
    seat `kinds` (adding seats as needed) and start a new game with seed 7; the new
    panel."""
    table, bots = GAMES[game]
    w = Words(table, lang)
    panel = page.locator(f".dicelab-{game}")
    panel.locator(".dicelab-bots-toggle").click()
    box = panel.locator(".dicelab-bots")
    expect(box).to_be_visible()
    expect(box).to_contain_text(w("bots_help"))
    menus = box.locator(".dicelab-seat-bot select")
    expect(menus.first).to_be_visible()
    for i, kind in enumerate(bots):  # every bot, described as it is chosen
        menus.first.select_option(index=i)
        expect(box.locator(".dicelab-bot-about").first).to_have_text(w(f"about_{kind}"))
    assert cut_labels(page) == []
    assert violations(page, f"{game}: the Bots choice") == []
    while (seats := menus.count()) != len(kinds):  # the seats the game has, to those wanted
        box.locator(".dicelab-add-bot" if seats < len(kinds) else ".dicelab-remove-bot").click()
        expect(menus).not_to_have_count(seats)
    for i, kind in enumerate(kinds):
        menus.nth(i).select_option(index=bots.index(kind))
    panel.locator(".dicelab-seed-text input").fill("7")
    box.locator(".dicelab-start-bots").click()
    players = page.locator(f".dicelab-{game} .dicelab-players-view")
    for kind in kinds:
        expect(players).to_contain_text(w(f"bot_{kind}"))
    expect(page.locator(f".dicelab-{game} .dicelab-bots")).to_be_hidden()  # a new panel
    return page.locator(f".dicelab-{game}")


@pytest.mark.parametrize(("lang", "size"), CASES)
def test_bots_are_chosen_seat_by_seat_and_play(open_app, lang, size):
    page = open_app(size, lang, game="sly-dice")
    panel = choose(page, "sly-dice", lang, ["equilibrium", "honest", "random-liar"])
    expect(panel.locator(".dicelab-players-view tr")).to_have_count(5)  # a head, you, 3 bots
    panel.locator(".dicelab-roll").click()  # the common dice
    play_until(panel, ".dicelab-next-round", SLY_STEPS, 60)  # against the equilibrium bot
    expect(panel.locator(".dicelab-message")).not_to_have_class("dicelab-message-error")

    page = open_app(size, lang, game="solo")
    panel = choose(page, "solo", lang, ["random", "blocker"])
    expect(panel.locator(".dicelab-hand-card:visible").first).to_be_visible()
    w = Words(COMMON_WORDS, lang)
    panel.locator(".dicelab-bots-toggle").click()
    expect(panel.locator(".dicelab-bots")).to_be_visible()
    screenshot(page, f"solo-bots-{lang}")
    menus = panel.locator(".dicelab-bots .dicelab-seat-bot select")
    panel.locator(".dicelab-remove-bot").click()  # usable: waits until it can be clicked
    expect(menus).to_have_count(1)  # taken before the next click (a busy machine)
    panel.locator(".dicelab-remove-bot").click(force=True)  # one bot at least: says why
    expect(panel.locator(".dicelab-message")).to_have_text(w("least_bots"))


@pytest.mark.parametrize("lang", ["es", "it", "fr"])
def test_the_bots_choice_fits_in_the_other_languages(open_app, lang):
    """Every label of the Bots choice whole at the laptop's size (1024x700)."""
    page = open_app(LAPTOP, lang, game="sly-dice")
    panel = page.locator(".dicelab-sly-dice")
    panel.locator(".dicelab-bots-toggle").click()
    box = panel.locator(".dicelab-bots")
    expect(box).to_be_visible()
    menus = box.locator(".dicelab-seat-bot select")
    expect(menus.first).to_be_visible()
    if (seats := menus.count()) < 5:
        box.locator(".dicelab-add-bot").click()  # one more seat's row, its label too
        expect(menus).to_have_count(seats + 1)
    assert cut_labels(page) == []
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= LAPTOP[0], width
    panel.locator(".dicelab-bots-toggle").click()
