"""The keyboard alone (WCAG 2.1.1, 2.4.3, 2.4.7): a whole game of Dice Poker and
of Solitaire Dice, a Sly Dice round and a Solo round played with Tab,
Shift+Tab, Enter and Space only (`Keyboard`: no mouse event, no focus set by
the test, the focus checked after every press); Tab goes through every
control once and out; the language and the game are chosen with keys; at
200% zoom a turn needs no sideways scrolling."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import LOAD
from tests.browser.keyboard import MOST_PRESSES, Keyboard

pytestmark = pytest.mark.browser


def new_game(open_app: Any, game: str, seed: str) -> tuple[Any, Keyboard]:
    """The panel of `game` and a student at it with the keyboard, who types `seed`
    in the seed box and presses New game."""
    panel = open_app(game=game).locator(f".dicelab-{game}")
    keys = Keyboard(panel)
    keys.enter_panel()
    keys.reach(".dicelab-seed-text input")
    keys.page.keyboard.type(seed)
    keys.use(".dicelab-again, .dicelab-new-game")
    return panel, keys


def test_a_whole_dice_poker_game_with_the_keyboard_alone(open_app):
    panel, keys = new_game(open_app, "dice-poker", "11")
    turns = 0
    while not panel.locator(".dicelab-end").is_visible():
        keys.use(".dicelab-roll")
        if turns % 4 == 0:  # hold a die with Space, roll the others
            keys.use(".dicelab-die-0", key="Space")
            expect(panel.locator(".dicelab-die-0")).to_have_attribute("aria-pressed", "true")
            keys.use(".dicelab-roll")
        keys.use("button[class*='dicelab-box-']", "→")  # the first box that takes these dice
        turns += 1
        assert turns <= 30
    assert turns == 30  # 15 boxes each for Ana and Bruno
    expect(panel.locator(".dicelab-end")).to_be_visible()
    keys.use(".dicelab-again")  # and a new game from the end screen
    expect(panel.locator(".dicelab-end")).to_be_hidden()


def test_a_whole_solitaire_dice_game_with_the_keyboard_alone(open_app):
    panel, keys = new_game(open_app, "solitaire", "5")
    rolls = 0
    while not panel.locator(".dicelab-end").is_visible():
        step = keys.first_offered([".dicelab-option", ".dicelab-roll", ".dicelab-again"])
        if step == ".dicelab-again":
            break
        keys.use(step)  # an option of the player to choose (the first), else Roll
        rolls += step == ".dicelab-roll"
        assert rolls < 200
    expect(panel.locator(".dicelab-end")).to_be_visible()
    assert rolls >= 10, rolls


SLY_STEPS = [".dicelab-accuse", ".dicelab-pass", ".dicelab-keep", ".dicelab-card", ".dicelab-stop"]


def test_a_sly_dice_round_with_the_keyboard_alone(open_app):
    panel, keys = new_game(open_app, "sly-dice", "7")
    keys.use(".dicelab-roll")  # the common dice
    keys.use(".dicelab-roll")  # your three
    keys.use(".dicelab-die-0", key="Space")  # to set aside
    keys.use(".dicelab-roll")  # the other two again
    round_one = panel.locator(".dicelab-turn").inner_text()
    accused = False
    for _ in range(40):
        if panel.locator(".dicelab-turn").inner_text() != round_one:
            break
        steps = SLY_STEPS[accused:]  # accuse once, then pass
        step = keys.first_offered([*steps, ".dicelab-roll"])
        keys.use(step)
        accused = accused or step == ".dicelab-accuse"
    else:
        raise AssertionError("the round did not end in 40 steps")
    assert accused and ".dicelab-card" in keys.used_css and ".dicelab-stop" in keys.used_css
    keys.use(".dicelab-next-round")  # the round's end, then round 2
    expect(panel.locator(".dicelab-turn")).to_contain_text("2")


def test_a_solo_round_with_the_keyboard_alone(open_app):
    _panel, keys = new_game(open_app, "solo", "3")
    choices = [
        ".dicelab-next-round",  # the round is over
        ".dicelab-colour-button",  # a card asks for a colour, an opponent, cards to give
        ".dicelab-target",
        ".dicelab-give",
        ".dicelab-hand-card:not(.dicelab-picked)",
        ".dicelab-go-on",
        ".dicelab-accept",
        ".dicelab-draw",
    ]
    for _ in range(200):
        step = keys.first_offered(choices)
        if step == ".dicelab-next-round":
            break
        keys.use(step)
    else:
        raise AssertionError("the round did not end in 200 steps")
    keys.use(".dicelab-next-round")
    assert ".dicelab-hand-card:not(.dicelab-picked)" in keys.used_css


CONTROLS = """panel => [...panel.querySelectorAll("button, input, select, textarea, [tabindex]")]
  .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length > 0)"""

CELLS = """controls => controls.filter(e => e.matches(".dicelab-cell")).map(e => {
  const box = e.getBoundingClientRect(); return [Math.round(box.top), Math.round(box.left)]; })"""


def walk(keys: Keyboard, key: str) -> list[Any]:
    """Press `key` from where the focus is until it leaves the panel: the
    controls it went through, each checked (no trap: it leaves)."""
    seen = []
    for _ in range(MOST_PRESSES * 2):
        focus = keys.where()
        if not focus["inPanel"]:
            return seen
        keys.check(focus, key)
        seen.append(keys.page.evaluate_handle("() => document.activeElement"))
        keys.page.keyboard.press(key)
        keys.presses += 1
    raise AssertionError(f"{key} never left the panel: a keyboard trap")


@pytest.mark.parametrize("game", ["dice-poker", "solitaire", "sly-dice", "solo"])
def test_tab_goes_through_every_control_once_and_out_of_the_panel(open_app, game):
    page = open_app(game=game)
    panel = page.locator(f".dicelab-{game}")
    keys = Keyboard(panel)
    under_way = [".dicelab-roll", ".dicelab-hand-card", ".dicelab-draw", ".dicelab-accept"]
    keys.use(keys.first_offered(under_way))  # a turn under way (a new game: any deal)
    walk(keys, "Shift+Tab")  # back to before the panel (the app's tab), then through it
    keys.page.keyboard.press("Tab")
    forward = walk(keys, "Tab")
    names = "controls => controls.map(e => e.getAttribute('aria-label') || e.textContent.trim()"
    names += " || e.placeholder || e.className)"
    went, there = page.evaluate(names, forward), panel.evaluate(f"p => ({names})(({CONTROLS})(p))")
    assert went == there, "Tab does not go through the panel's controls once each, in order"
    keys.page.keyboard.press("Shift+Tab")  # back into the panel from after it, and out before it
    assert page.evaluate(names, walk(keys, "Shift+Tab")) == went[::-1]
    cells = page.evaluate(CELLS, forward)  # Tab: Ana's boxes to fill, row by row
    assert cells == sorted(cells) and len(cells) == (15 if game == "dice-poker" else 0)


ZOOMED = (640, 400)  # the projector's 1280 x 800 at 200% zoom: CSS pixels halve
TURNS = {  # a turn of each game, control by control (the first offered of each list)
    "dice-poker": [[".dicelab-roll"], ["button[class*='dicelab-box-']"]],
    "solitaire": [[".dicelab-roll"], [".dicelab-option"]],
    "sly-dice": [[".dicelab-roll"], [".dicelab-roll"], [".dicelab-stop"], [".dicelab-card"]],
    "solo": [[".dicelab-hand-card", ".dicelab-draw", ".dicelab-accept"]],
}
WIDER = """panel => {  // what is wider than the page, or drawn beyond its right edge
  const page = document.scrollingElement;
  const wide = [...panel.querySelectorAll("*")].filter(e => e.getClientRects().length > 0
    && (e.getBoundingClientRect().right > innerWidth + 1 || e.scrollWidth > e.clientWidth + 1
        && ["auto", "scroll"].includes(getComputedStyle(e).overflowX)));
  return [page.scrollWidth > page.clientWidth ? ["the page"] : [],
          wide.map(e => e.className || e.tagName)].flat(); }"""


@pytest.mark.parametrize("game", list(TURNS))
def test_at_200_percent_zoom_a_turn_needs_no_sideways_scrolling(open_app, game):
    page = open_app(ZOOMED, game=game)
    panel = page.locator(f".dicelab-{game}")
    keys = Keyboard(panel)  # every control it reaches is within the page's width
    for choices in TURNS[game]:
        keys.use(keys.first_offered(choices))
        assert panel.evaluate(WIDER) == []


def test_the_language_and_the_game_are_chosen_with_the_keyboard(open_app):
    page = open_app(game="dice-poker")
    keys = Keyboard(page.locator(".dicelab-app"))  # the app: its switch, its tabs, its panels
    keys.use(".dicelab-language button", "Português")
    chosen = page.locator(".dicelab-language button", has_text="Português")
    expect(chosen).to_have_attribute("aria-pressed", "true")  # which language is on, said
    solitaire = page.locator(".dicelab-solitaire.dicelab-lang-pt")
    keys.reach(".lm-TabBar-tab.lm-mod-current")  # the game's tabs: the arrows, then Enter
    keys.press("ArrowRight")
    keys.press("Enter")
    expect(solitaire.locator(".dicelab-roll")).to_be_visible(timeout=LOAD)
    keys.press("Tab")  # into the panel: its first control, Hints, a toggle
    hints = solitaire.locator(".dicelab-hints-toggle")
    expect(hints).to_be_focused()
    expect(hints).to_have_attribute("aria-pressed", "false")
    keys.use(".dicelab-hints-toggle", key="Space")
    expect(hints).to_have_attribute("aria-pressed", "true")
    keys.use(".dicelab-hints-toggle", key="Space")
    keys.use(".dicelab-language button", "English")
    expect(page.locator(".dicelab-solitaire.dicelab-lang-en .dicelab-roll")).to_be_visible(
        timeout=LOAD
    )
