"""Solo in the browser, at the projector's and the laptop's size, in each
language: what a turn needs (your hand, the top card, Draw, Solo!, the players'
column; the colour row of a Choose colour; Accept when attacked) is on screen
without scrolling and no label is cut; a few moves are made by clicks (a card
refused, a draw, the card drawn played, the bots' answers), the page showing
what a twin panel in Python shows after every click."""

from __future__ import annotations

import html
import re

import pytest
from playwright.sync_api import expect

from dicelab.solo.game import Accept, Draw, Play, SoloGame
from dicelab.solo.panel import SoloPanel
from dicelab.solo.rules import card
from tests.browser.conftest import (
    LAPTOP,
    PROJECTOR,
    click_as_twin,
    cut_labels,
    off_screen,
    resize,
    screenshot,
)
from tests.test_solo_panel import ATTACK, arranged

pytestmark = pytest.mark.browser
SIZES = {"projector": PROJECTOR, "laptop": LAPTOP}
NEEDED = (
    ".dicelab-hand-card:visible, .dicelab-table-view .dicelab-face, .dicelab-draw, "
    ".dicelab-solo-toggle, .dicelab-players-view, .dicelab-prompt, .dicelab-message"
)
CHOICE = ".dicelab-colour-button:visible, .dicelab-cancel:visible"
# sixteen cards, none red or a 2: on a red 2 only the black cards can be played
BIG_HAND = [
    "blue-1", "blue-3", "blue-9", "blue-skip", "blue-protection", "yellow-4", "yellow-7",
    "yellow-reverse", "yellow-swap", "green-5", "green-9", "green-draw2", "green-protection",
    "black-choose", "black-draw4", "black-rotate",
]  # fmt: skip
# Duda must play Draw two on Ana: Accept, or answer with a card
ATTACKED_HAND = [
    "blue-protection", "green-draw2", "yellow-9", "black-draw4", "red-7", "blue-5",
    "green-5", "yellow-skip", "black-gift",
]  # fmt: skip
# nothing fits a red 2: Ana must draw, and draws the Red 5
NOTHING_FITS = ["blue-7", "green-9", "yellow-4", "blue-skip", "green-1", "yellow-6"]


def _text(markup: str) -> str:
    """What the page shows of some HTML, its spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def _load(panel, workdir, game: SoloGame, file_name: str) -> None:
    game.save(workdir / file_name)
    panel.locator(".dicelab-save-path input").fill(file_name)
    panel.locator(".dicelab-load").click()
    expect(panel.locator(".dicelab-message")).to_contain_text(file_name)


def _fits(page, needed) -> None:
    """At the laptop's size, then the projector's (the page reflows): everything
    in `needed` is on the first screen and no label is cut."""
    for size in (LAPTOP, PROJECTOR):
        resize(page, size)
        assert off_screen(page, needed, size, 0) == [], size
        assert cut_labels(page) == [], size


@pytest.mark.parametrize("lang", ["en", "pt", "es", "it", "fr"])
def test_a_solo_turn_fits_the_screen(open_app, play_server, lang):
    page = open_app(PROJECTOR, lang, game="solo")
    panel = page.locator(".dicelab-solo")
    needed = panel.locator(NEEDED)
    _fits(page, needed)  # a new game: eight cards

    _load(panel, play_server.workdir, arranged(BIG_HAND, "red-2"), f"solo-big-{lang}.json")
    expect(panel.locator(".dicelab-hand-card:visible")).to_have_count(len(BIG_HAND))
    assert needed.count() == len(BIG_HAND) + 2 + 5
    _fits(page, needed)
    choose = panel.locator(".dicelab-hand-card.dicelab-kind-choose")
    choose.click()  # the colour row
    expect(panel.locator(".dicelab-colour-button:visible")).to_have_count(4)
    expect(choose).to_have_class(re.compile("dicelab-picked"))
    _fits(page, panel.locator(f"{NEEDED}, {CHOICE}"))
    screenshot(page, f"solo-{lang}")
    resize(page, LAPTOP)
    screenshot(page, f"solo-{lang}-laptop")
    panel.locator(".dicelab-cancel").click()
    expect(panel.locator(".dicelab-choice")).to_be_hidden()

    _load(panel, play_server.workdir, arranged(ATTACKED_HAND, **ATTACK), f"solo-attack-{lang}.json")
    accept = panel.locator(".dicelab-accept")
    expect(accept).not_to_have_class(re.compile("dicelab-unavailable"))
    expect(panel.locator(".dicelab-hand-card.dicelab-highlight")).to_have_count(3)
    _fits(page, panel.locator(f"{NEEDED}, .dicelab-accept"))


def _same(panel, twin: SoloPanel) -> None:
    """The page shows what the twin shows: the message, what to do, the last lines
    of the log, your hand, and every player's cards and points."""
    expect(panel.locator(".dicelab-message")).to_have_text(twin.message.text)
    expect(panel.locator(".dicelab-prompt")).to_have_text(_text(twin.prompt.value))
    if twin.log.lines:
        expect(panel.locator(".dicelab-log li").last).to_have_text(twin.log.lines[-1])
    shown = [b.description for b in twin.hand.buttons[: len(twin.hand.cards)]]
    expect(panel.locator(".dicelab-hand-card:visible")).to_have_text(shown)
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", twin.players_view.widget.value)[1:]
    cells = [re.findall(r"<td>(.*?)</td>", row) for row in rows]
    expect(panel.locator(".dicelab-players-view td:nth-child(3)")).to_have_text(
        [_text(c[2]) for c in cells]
    )
    expect(panel.locator(".dicelab-players-view td:nth-child(4)")).to_have_text(
        [_text(c[3]) for c in cells]
    )


def _click(panel, twin: SoloPanel, css: str, button) -> None:
    """Click a control in the page and the same one in the twin panel."""
    click_as_twin(panel.locator(css), button)
    button.click()
    _same(panel, twin)


def _click_card(panel, twin: SoloPanel, card_id: str) -> None:
    button = twin.hand.button_for(card_id)
    position = twin.hand.buttons.index(button)
    _click(panel, twin, f".dicelab-hand-card >> nth={position}", button)


def _decide(panel, twin: SoloPanel) -> None:
    """Your next decision by clicks, in the page and in the twin: Next round, Go on,
    Accept, Draw, or the first card that can be played (with the first colour or
    opponent it asks for; never a Gift, which asks for cards)."""
    mode = twin.mode()
    if mode == "round":
        _click(panel, twin, ".dicelab-next-round", twin.next_round_button)
        return
    if mode == "jump":
        _click(panel, twin, ".dicelab-go-on", twin.go_on_button)
        return
    legal = twin.game.legal_actions(twin.me)
    plays = [a for a in legal if isinstance(a, Play) and not a.gift]
    if Accept(twin.me) in legal and not plays:
        _click(panel, twin, ".dicelab-accept", twin.accept_button)
    elif not plays:
        assert Draw(twin.me) in legal, legal
        _click(panel, twin, ".dicelab-draw", twin.draw_button)
    else:
        play = plays[0]
        _click_card(panel, twin, play.card)
        if play.colour is not None:
            button = twin.colour_buttons[play.colour]
            _click(panel, twin, f".dicelab-colour-{play.colour}", button)
        elif play.target is not None:
            button = twin.target_buttons[play.target]
            _click(panel, twin, f".dicelab-target:has-text('{play.target}')", button)


@pytest.mark.parametrize(("lang", "screen"), [("en", "laptop"), ("it", "projector")])
def test_solo_moves_by_clicks(open_app, play_server, lang, screen):
    size = SIZES[screen]
    page = open_app(size, lang, game="solo")
    panel = page.locator(".dicelab-solo")
    panel.locator(".dicelab-seed-text input").fill("7")
    panel.locator(".dicelab-new-game").click()
    twin = SoloPanel(["Ana"], seed=7, lang=lang)  # the page's panel, in Python
    said = f"{twin.words('new_game_hidden')}. {_text(twin.prompt.value)}"  # no seed in play
    expect(panel.locator(".dicelab-message")).to_have_text(said)

    game = arranged(NOTHING_FITS, "red-2", next_draws=["red-5"])
    file_name = f"solo-clicks-{lang}.json"
    _load(panel, play_server.workdir, game, file_name)
    twin.load_game(play_server.workdir / file_name)
    twin.message.success(f"{twin.words('loaded', name=file_name)}. {twin._prompt()}")
    _same(panel, twin)

    _click_card(panel, twin, "blue-7")  # a card that does not fit: why not
    assert twin.message.kind == "error"
    assert twin.message.text.startswith(f"{card('blue-7').name(lang)}: ")
    _click(panel, twin, ".dicelab-draw", twin.draw_button)  # the Red 5
    assert twin.game.view("Ana").phase == "drawn"
    drawn = panel.locator(".dicelab-hand-card.dicelab-highlight")
    expect(drawn).to_have_count(1)
    expect(drawn).to_have_text("5")
    expect(panel.locator(".dicelab-draw")).to_have_attribute("title", twin.draw_button.tooltip)
    _click(panel, twin, ".dicelab-draw", twin.draw_button)  # drawn already: why not
    assert twin.message.kind == "error"
    _click_card(panel, twin, "green-9")  # only the card drawn may be played now
    assert twin.message.kind == "error"
    _click_card(panel, twin, "red-5")  # played: the bots answer
    assert twin.message.kind == "info" and len(twin.log.lines) >= 2
    for _ in range(3):  # a few more decisions
        _decide(panel, twin)
        assert twin.errors == [] and twin.message.kind != "error", twin.message.text
    assert off_screen(page, panel.locator(NEEDED), size, 0) == [] and cut_labels(page) == []
    screenshot(page, f"solo-clicks-{lang}")
