"""Sly Dice in the browser, at the projector's and the laptop's size, in each
language: what a turn needs (your dice, Roll, Stop, the cards on the table,
Accuse and Pass) is on screen without scrolling and no label is cut; a round
is played by clicks, the page showing what a twin panel in Python shows; a
control that cannot be used now answers a click with why."""

from __future__ import annotations

import html
import re
from collections import Counter

import numpy as np
import pytest
from playwright.sync_api import expect

from dicelab.sly_dice.game import SlyDiceGame
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.sly_dice.strategy import strategy
from tests.browser.conftest import (
    LAPTOP,
    PROJECTOR,
    click_as_twin,
    cut_labels,
    off_screen,
    resize,
    screenshot,
)

pytestmark = pytest.mark.browser
SIZES = {"projector": PROJECTOR, "laptop": LAPTOP}
NEEDED = (
    ".dicelab-die, .dicelab-roll, .dicelab-stop, .dicelab-card:visible, .dicelab-accuse, "
    ".dicelab-pass, .dicelab-show, .dicelab-keep, .dicelab-message"
)
SAYS = {
    "en": {"hints": "Bayes' rule"},
    "pt": {"hints": "regra de Bayes"},
    "es": {"hints": "regla de Bayes"},
    "it": {"hints": "regola di Bayes"},
    "fr": {"hints": "règle de Bayes"},
}


def asked_in_the_last_round(seed: int = 3) -> SlyDiceGame:
    """A game of Ana (the play app's player), Cleo and Duda, at the last round
    (the most cards on the table), Ana asked about Duda's claim."""
    game = SlyDiceGame(["Ana", "Cleo", "Duda"], seed=seed)
    players = dict(zip(game.players, ("random-liar", "calculator", "honest")))
    rng = np.random.default_rng(seed)
    while not (game.state.round == game.rules.rounds and game.state.phase == "ask"):
        (name,) = game.to_move()
        game.apply(strategy(players[name])(game.view(name), game.legal_actions(name), rng))
    assert game.to_move() == ("Ana",)
    return game


def cut_captions(panel) -> list[str]:
    """The captions under the dice ("set aside") that do not fit their die."""
    cut: list[str] = panel.locator(".dicelab-caption").evaluate_all(
        "els => els.filter(c => c.scrollWidth > c.clientWidth + 1).map(c => c.innerText)"
    )
    return cut


def _load(panel, file_name: str) -> None:
    panel.locator(".dicelab-save-path input").fill(file_name)
    panel.locator(".dicelab-load").click()
    expect(panel.locator(".dicelab-message")).to_contain_text(file_name)


def _fits(page, panel, needed) -> None:
    """At the projector's size, then the laptop's (the page reflows): everything
    in `needed` is on the first screen and no label is cut."""
    for size in (LAPTOP, PROJECTOR):
        resize(page, size)
        assert off_screen(page, needed, size, 0) == [], size
        assert cut_labels(page) == [] and cut_captions(panel) == [], size


@pytest.mark.parametrize("lang", ["en", "pt", "es", "it", "fr"])
def test_a_sly_dice_turn_fits_the_screen(open_app, play_server, lang):
    page = open_app(PROJECTOR, lang, game="sly-dice")
    panel = page.locator(".dicelab-sly-dice")
    needed = panel.locator(NEEDED)
    _fits(page, panel, needed)  # a new game: the longest Roll label
    game = asked_in_the_last_round()
    file_name = f"sly-dice-ask-{lang}.json"
    game.save(play_server.workdir / file_name)
    _load(panel, file_name)
    cards = panel.locator(".dicelab-card:visible")
    expect(cards).to_have_count(len(game.state.table))  # ten cards: the most there are
    for usable in (".dicelab-accuse", ".dicelab-pass"):
        expect(panel.locator(usable)).not_to_have_class(re.compile("dicelab-unavailable"))
    assert needed.count() == 6 + 2 + 4 + 1 + len(game.state.table)
    _fits(page, panel, needed)

    panel.locator(".dicelab-hints-toggle").click()
    expect(panel.locator(".dicelab-hints")).to_contain_text(SAYS[lang]["hints"])
    expect(panel.locator(".dicelab-show-all")).to_have_count(0)  # the teacher's, not here
    _fits(page, panel, needed)
    assert off_screen(page, panel.locator(".dicelab-hints-table table"), PROJECTOR, 0) == []
    screenshot(page, f"sly-dice-{lang}")
    resize(page, LAPTOP)
    assert off_screen(page, panel.locator(".dicelab-hints-table table"), LAPTOP, 1) == []
    screenshot(page, f"sly-dice-{lang}-laptop")


LISTEN = """panel => {  // record what the panel's live region is given to say
  if (window.dicelabListening) window.dicelabListening.disconnect();
  window.dicelabHeard = [];
  window.dicelabListening = new MutationObserver(changes => {
    for (const change of changes) {
      if (!change.target.classList || !change.target.classList.contains("dicelab-live")) continue;
      for (const node of change.addedNodes) window.dicelabHeard.push(node.textContent);
    }
  });
  window.dicelabListening.observe(panel, {childList: true, subtree: true});
}"""


def _says(panel, text: str) -> None:
    expect(panel.locator(".dicelab-message")).to_have_text(text)


def _click(panel, twin: SlyDicePanel, css: str, button) -> None:
    """Click a control in the page and the same one in the twin panel: the page
    then says what the twin says, and its log ends as the twin's does."""
    click_as_twin(panel.locator(css), button)
    button.click()
    _says(panel, twin.message.text)
    if twin.log.lines:
        expect(panel.locator(".dicelab-log li").last).to_have_text(twin.log.lines[-1])


@pytest.mark.parametrize(
    ("lang", "screen"), [("en", "laptop"), ("es", "projector"), ("it", "laptop")]
)
def test_a_sly_dice_round_by_clicks(open_app, lang, screen):
    size = SIZES[screen]
    page = open_app(size, lang, game="sly-dice")
    panel = page.locator(".dicelab-sly-dice")
    panel.locator(".dicelab-seed-text input").fill("7")
    panel.locator(".dicelab-new-game").click()
    twin = SlyDicePanel(["Ana"], seed=7, lang=lang)  # the page's panel, in Python
    _says(panel, f"{twin.words('new_game_hidden')}. {twin.message.text}")  # no seed in play
    panel.evaluate(LISTEN)  # what a screen reader hears from now on
    refused = []
    roll = panel.locator(".dicelab-roll")

    # what cannot be used yet answers why, on hover and on a click
    for css, button in (
        (".dicelab-accuse", twin.accuse_button),
        (".dicelab-stop", twin.stop_button),
        (f".dicelab-card-{twin.game.state.table[0]}", twin.cards.buttons[twin.game.state.table[0]]),
    ):
        expect(panel.locator(css)).to_have_attribute("title", button.tooltip)
        _click(panel, twin, css, button)
        assert twin.message.kind == "error"
        refused.append(twin.message.text)

    _click(panel, twin, ".dicelab-roll", twin.roll_button)  # the common dice
    _click(panel, twin, ".dicelab-common-die >> nth=0", twin.common_views[0].button)
    _click(panel, twin, ".dicelab-roll", twin.roll_button)  # your three dice
    expect(roll).to_contain_text("2")
    panel.locator(".dicelab-hints-toggle").click()  # the odds of rolling on: the widest table
    table = panel.locator(".dicelab-hints-table table")
    expect(table).to_contain_text(twin.words("p_seen"))
    assert off_screen(page, table, size, 1) == [] and cut_labels(page) == []
    screenshot(page, f"sly-dice-rolling-{lang}")
    _click(panel, twin, ".dicelab-roll", twin.roll_button)  # no die chosen to set aside
    assert twin.message.text == twin.words("pick_aside")
    refused.append(twin.message.text)
    _click(panel, twin, ".dicelab-die-0", twin.dice_views[0].button)
    expect(panel.locator(".dicelab-die-0")).to_have_class(re.compile("dicelab-held"))
    assert cut_captions(panel) == []  # "to set aside"
    _click(panel, twin, ".dicelab-roll", twin.roll_button)  # set aside, roll the other two
    expect(panel.locator(".dicelab-die-0")).to_contain_text(twin.dice_views[0].button.description)
    _click(panel, twin, ".dicelab-stop", twin.stop_button)

    state = twin.game.state
    card = state.table[-1]
    assert twin.game.view("Ana").phase == "claim"
    _click(panel, twin, f".dicelab-card-{card}", twin.cards.buttons[card])
    answered = 0
    while answered < 1 and twin.game.state.round == 1:  # answer a bot's claim
        phase = twin.game.view("Ana").phase
        if phase == "reveal":
            _click(panel, twin, ".dicelab-keep", twin.keep_button)
        else:
            assert phase == "ask"
            assert off_screen(page, panel.locator(NEEDED), size, 0) == []
            _click(panel, twin, ".dicelab-pass", twin.pass_button)
            answered += 1
    assert answered == 1 and twin.errors == []
    heard = panel.evaluate("() => window.dicelabHeard")  # each roll, bot action, refusal once
    lines = twin.log.lines
    assert [text for text in heard if text in set(lines)] == lines, (heard, lines)
    assert Counter(text for text in heard if text in set(refused)) == Counter(refused)
    for i, die in enumerate(twin.dice_views):
        expect(panel.locator(f".dicelab-die-{i}")).to_have_text(die.button.description)
    statuses = re.findall(r'<td class="dicelab-status">(.*?)</td>', twin.players_view.widget.value)
    texts = [html.unescape(re.sub(r"<[^>]+>", "", status)) for status in statuses]
    expect(panel.locator(".dicelab-status")).to_have_text(texts)  # claims, lies, accusers
    scores = panel.locator(".dicelab-players-view td:nth-child(2)")
    expect(scores).to_have_text([str(p) for p in twin.game.scores().values()])
    screenshot(page, f"sly-dice-round-{lang}")
