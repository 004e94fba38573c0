"""axe-core in the play app: no serious or critical violation of the WCAG 2.0 and
2.1 A and AA rules on any game's tab, in any language, at the stages of a game.

axe-core comes from the npm registry (`tests/browser/axe`, `npm ci` by `make
test`, as the hub's proxy), never downloaded at test time; it is injected into
the module's one page of the play app (one kernel), which each test switches
to its language and tab.  The moderate findings that remain are listed and
justified in docs/accessibility.md.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from dicelab.core.ui.words import Words
from dicelab.dice_poker.panel.words import WORDS as POKER_WORDS
from dicelab.solitaire.panel.words import WORDS as SOLITAIRE_WORDS
from tests.browser.conftest import EXPECT, LOAD, ROOT, near_end, settle, start_game

pytestmark = pytest.mark.browser
AXE = ROOT / "tests" / "browser" / "axe" / "node_modules" / "axe-core" / "axe.min.js"
WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
Check = Callable[[str], None]  # axe run at a stage named by its argument
RUN_AXE = """async (tags) => {
  const found = await axe.run(document, {runOnly: {type: "tag", values: tags},
                                         resultTypes: ["violations"]});
  return found.violations.map(v => ({id: v.id, impact: v.impact,
    nodes: v.nodes.map(n => n.target.join(" ") + " " + n.html.slice(0, 140) + " | "
                            + [...n.any, ...n.all, ...n.none].map(c => c.message).join("; "))}));
}"""


def load(panel: Any, file_name: str) -> None:
    """Load the save `file_name` of the play app's folder into `panel`."""
    panel.locator(".dicelab-save-path input").fill(file_name)
    panel.locator(".dicelab-load").click()
    expect(panel.locator(".dicelab-message")).to_contain_text(file_name, timeout=LOAD)


def violations(page: Any, stage: str) -> list[str]:
    """axe's serious and critical findings on the whole page, one line each."""
    if not Path(AXE).exists():
        pytest.fail(f"{AXE.relative_to(ROOT)} is missing: run make test (it runs npm ci)")
    if not page.evaluate("() => typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    settle(page)
    found = page.evaluate(RUN_AXE, WCAG_AA)
    return [
        f"{stage}: {v['impact']} {v['id']}: {node}"
        for v in found
        if v["impact"] in ("serious", "critical")
        for node in v["nodes"]
    ]


def first_available(panel: Any, choices: list[str]) -> str:
    """The first of `choices` (selectors) that the panel offers now, as the
    student sees it: shown and not marked unavailable (waiting for the bots)."""
    deadline = time.monotonic() + EXPECT / 1000
    while time.monotonic() < deadline:
        for css in choices:
            if panel.locator(f"{css}:not(.dicelab-unavailable):visible").count():
                return css
        panel.page.wait_for_timeout(100)
    raise AssertionError(f"none of {choices} became available")


def play_until(panel: Any, target: str, steps: list[str], most: int) -> None:
    """Click the first of `steps` the panel offers, again and again, until it offers
    `target` (at most `most` clicks)."""
    for _ in range(most):
        if (step := first_available(panel, [target, *steps])) == target:
            return
        act(panel, step)
    raise AssertionError(f"{target} not offered after {most} steps")


def act(panel: Any, css: str) -> bool:
    """Click the first usable `css` of the panel and wait until the panel has
    answered: its message changed, or that control is no longer usable.  False
    if there was none to click after all (the page had not yet drawn that the
    panel moved on: the caller looks again)."""
    message = panel.locator(".dicelab-message")
    before = message.inner_text()
    usable = panel.locator(f"{css}:not(.dicelab-unavailable):visible").first
    try:
        target = usable.element_handle(timeout=2000)
        target.click(timeout=2000)  # not if it became unavailable meanwhile (aria-disabled)
    except PlaywrightTimeout:
        return False
    panel.page.wait_for_function(
        """([control, message, before]) => message.innerText !== before
             || control.classList.contains("dicelab-unavailable") || !control.isConnected
             || control.offsetParent === null""",
        arg=[target, message.element_handle(), before],
        timeout=EXPECT,
    )
    return True


def dice_poker(panel: Any, check: Check, workdir: Path) -> None:
    check("a turn's start")
    panel.locator(".dicelab-roll").click()
    panel.locator(".dicelab-die").first.click()
    panel.locator(".dicelab-hints-toggle").click()
    expect(panel.locator(".dicelab-hints-table")).to_be_visible()
    check("mid-turn, one die held, Hints open")
    panel.locator(".dicelab-hints-toggle").click()
    game = near_end("dice-poker", workdir / "dice-poker-axe.json", seed=4).saved
    load(panel, "dice-poker-axe.json")
    (last_box,) = game.state.cards[1].open_boxes  # Bruno's last turn, one box open
    panel.locator(".dicelab-roll").click()
    panel.locator(f".dicelab-box-{last_box}").click()
    expect(panel.locator(".dicelab-end")).to_be_visible()
    check("the end screen")


def solitaire(panel: Any, check: Check, workdir: Path) -> None:
    check("a turn's start")
    panel.locator(".dicelab-roll").click()
    panel.locator(".dicelab-hints-toggle").click()
    expect(panel.locator(".dicelab-hints-table")).to_be_visible()
    check("rolled, Hints open")
    panel.locator(".dicelab-hints-toggle").click()
    end = near_end("solitaire", workdir / "solitaire-axe.json", seed=3)
    load(panel, "solitaire-axe.json")
    panel.locator(".dicelab-roll").click()
    game = end.saved
    game.apply(end.tail[0])
    for choice in end.tail[1:]:  # the choices of the game that was played
        p = game.players.index(choice.player)
        panel.locator(f".dicelab-option-{p}-{game.options(p).index(choice.split)}").click()
        game.apply(choice)
    expect(panel.locator(".dicelab-end")).to_be_visible()
    check("the end screen")


def sly_dice(panel: Any, check: Check, workdir: Path) -> None:
    check("a round's start")
    panel.locator(".dicelab-roll").click()  # the common dice
    first_available(panel, [".dicelab-roll"])
    panel.locator(".dicelab-roll").click()  # the player's own
    panel.locator(".dicelab-hints-toggle").click()
    check("rolled, Hints open")
    panel.locator(".dicelab-hints-toggle").click()
    choices = [".dicelab-keep", ".dicelab-card", ".dicelab-stop"]
    play_until(panel, ".dicelab-pass", choices, 30)  # stop, claim, keep the dice hidden
    check("a bot's claim: accuse or pass")
    steps = [".dicelab-pass", *choices, ".dicelab-roll"]
    play_until(panel, ".dicelab-next-round", steps, 40)  # to the round's end
    check("a round's end: the claims, the dice shown, Next round")


def solo(panel: Any, check: Check, workdir: Path) -> None:
    check("as dealt")
    panel.locator(".dicelab-hints-toggle").click()
    check("Hints open")
    panel.locator(".dicelab-hints-toggle").click()
    for _ in range(10):  # look again while the page has not drawn the bots' turn
        if act(panel, first_available(panel, [".dicelab-hand-card", ".dicelab-draw"])):
            break
    else:
        raise AssertionError("no card could be played or drawn")
    first_available(panel, [".dicelab-hand-card", ".dicelab-draw", ".dicelab-accept"])
    check("a card played or drawn, and the bots' plays")


STAGES = {"dice-poker": dice_poker, "solitaire": solitaire, "sly-dice": sly_dice, "solo": solo}


@pytest.mark.parametrize("lang", ["en", "pt", "es", "it", "fr"])
@pytest.mark.parametrize("game", list(STAGES))
def test_axe_finds_nothing_serious_at_any_stage(open_app, play_server, game, lang):
    page = open_app(lang=lang, game=game)
    panel = page.locator(f".dicelab-{game}")
    found: list[str] = []
    STAGES[game](panel, lambda stage: found.extend(violations(page, stage)), play_server.workdir)
    assert not found, "\n".join(found)


FACE_NAMES = {  # the die, the word the panel shows under a held one, the faces
    "en": ("Die", "held", ["one", "two", "three", "four", "five", "six"]),
    "pt": ("Dado", "segurado", ["um", "dois", "três", "quatro", "cinco", "seis"]),
    "es": ("Dado", "retenido", ["uno", "dos", "tres", "cuatro", "cinco", "seis"]),
    "it": ("Dado", "tenuto", ["uno", "due", "tre", "quattro", "cinque", "sei"]),
    "fr": ("Dé", "gardé", ["un", "deux", "trois", "quatre", "cinq", "six"]),
}


@pytest.mark.parametrize("lang", ["en", "pt", "es", "it", "fr"])
def test_a_screen_reader_hears_each_die_box_option_and_card_with_its_state(open_app, lang):
    page = open_app(lang=lang, game="dice-poker")
    panel = page.locator(".dicelab-dice-poker")
    panel.locator(".dicelab-roll").click()
    first = panel.locator(".dicelab-die-0")
    first.click()
    expect(first).to_have_attribute("aria-pressed", "true")
    die, held, faces = FACE_NAMES[lang]
    separator = " : " if lang == "fr" else ": "
    names = []
    for i in range(5):
        face = "⚀⚁⚂⚃⚄⚅".index(panel.locator(f".dicelab-die-{i}").inner_text().strip())
        name = f"{die} {i + 1}{separator}{faces[face]}" + (f", {held}" if i == 0 else "")
        names.append(f'button "{name}"' + (" [pressed]" if i == 0 else ""))
    snapshot = heard(panel, lambda: names + box_names(panel, lang))
    assert page.locator("html").get_attribute("lang") == lang
    assert panel.get_attribute("lang") == lang
    expect(page.locator(".dicelab-app")).to_have_attribute("role", "main")
    unavailable = panel.locator("button.dicelab-unavailable").first  # marked, and says why
    expect(unavailable).to_have_attribute("aria-disabled", "true")
    expect(unavailable).to_have_attribute("title", re.compile(".+"))
    assert "[disabled]" in snapshot
    solitaire = open_app(lang=lang, game="solitaire").locator(".dicelab-solitaire")
    solitaire.locator(".dicelab-roll").click()
    heard(solitaire, lambda: option_names(solitaire, lang))
    solo = open_app(lang=lang, game="solo").locator(".dicelab-solo")
    heard(solo, lambda: card_names(solo))


def heard(panel: Any, expected: Callable[[], list[str]]) -> str:
    """The panel's aria snapshot once it holds every one of the names
    `expected()` reads from the page then (the page names things a frame after
    it draws them, and may still be drawing); fails with those still missing."""
    deadline = time.monotonic() + EXPECT / 1000
    while True:
        names = expected()  # none while the page is still drawing them: look again
        snapshot: str = panel.aria_snapshot()
        missing = [name for name in names if name not in snapshot]
        if names and not missing:
            return snapshot
        if time.monotonic() > deadline:
            raise AssertionError(f"not heard: {missing or 'nothing'}\n{snapshot[:3000]}")
        panel.page.wait_for_timeout(100)


def box_names(panel: Any, lang: str) -> list[str]:
    """What each of the player to move's score boxes that would score must be
    called ("Ana, Threes: scores 10"), from what the page shows."""
    w = Words(POKER_WORDS, lang)
    player = panel.locator(".dicelab-player-0").inner_text().strip(" ▶★\n")
    expected = []
    for cell in panel.locator("button[class*='dicelab-box-']").all():
        shown = cell.inner_text().strip()
        if not shown.startswith("→"):
            continue
        box_id = next(
            c for c in cell.get_attribute("class").split() if c.startswith("dicelab-box-")
        )
        label = panel.locator(f".dicelab-label-{box_id[len('dicelab-box-') :]}").inner_text()
        name = w("box_option", name=player, box=label.strip(), points=int(shown[1:]))
        expected.append(f'button "{name}"')
    return expected


def option_names(panel: Any, lang: str) -> list[str]:
    """What each Solitaire option must be called: its number, then the split it
    shows ("Option 1: 4+4=8 · 4+6=10 · discard 1")."""
    w = Words(SOLITAIRE_WORDS, lang)
    options = panel.locator(".dicelab-options-0 .dicelab-option:visible")
    expect(options.first).to_be_visible(timeout=EXPECT)
    texts = options.all_inner_texts()
    return [f'button "{w("option_name", n=n, option=t.strip())}"' for n, t in enumerate(texts, 1)]


def card_names(panel: Any) -> list[str]:
    """What each card of your Solo hand must be called: the card's name, as its
    tooltip begins ("Red 5 · 5 points"), with a number it shows (", +2")."""
    cards = panel.locator(".dicelab-hand-card:visible")
    expect(cards.first).to_be_visible(timeout=EXPECT)
    names = []
    drawn = cards.evaluate_all("cards => cards.map(c => [c.title, c.textContent.trim()])")
    for title, shown in drawn:  # the name, and what the card shows if it is not in it (", +2")
        name = title.split(" · ")[0]
        said = name if shown in name or not re.search(r"\d", shown) else f"{name}, {shown}"
        names.append(f'button "{said}"')
    return names


def headings(page: Any) -> list[tuple[str, int]]:
    """The page's headings and their levels in Chromium's accessibility tree (what
    a screen reader walks; Playwright's snapshot gives a native h4 level 4 even
    under `aria-level`)."""
    tree = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")
    found = []
    for node in tree["nodes"]:
        if node.get("role", {}).get("value") == "heading":
            level = next(p["value"]["value"] for p in node["properties"] if p["name"] == "level")
            found.append((node.get("name", {}).get("value", ""), int(level)))
    return found


def test_the_app_has_headings_to_walk_and_a_focus_ring_to_see(open_app):
    page = open_app(game="solo")
    panel = page.locator(".dicelab-solo")
    hints = panel.locator(".dicelab-hints-title h4")
    if not hints.is_visible():
        panel.locator(".dicelab-hints-toggle").click()
    expect(hints).to_have_attribute("aria-level", "3")
    levels = dict(headings(page))  # as Chromium tells a screen reader
    assert levels["dicelab: play"] == 1 and levels["Solo"] == 2, levels
    assert [level for name, level in levels.items() if name.startswith("Your hand")] == [3]
    assert levels[hints.inner_text().strip()] == 3
    ring = None
    for _ in range(60):  # the keyboard alone, to the first control of the panel
        page.keyboard.press("Tab")
        ring = page.evaluate(
            """() => { const e = document.activeElement;
                 if (!e || !e.closest(".dicelab-solo") || e.tagName !== "BUTTON") return null;
                 const s = getComputedStyle(e);
                 return [s.outlineStyle, s.outlineWidth, s.outlineColor]; }"""
        )
        if ring:
            break
    assert ring == ["solid", "3px", "rgb(11, 87, 208)"]  # palette.FOCUS, 3:1 on every ground


FOCUSED = """() => { const e = document.activeElement;
  return [e.tagName, e.className, e.getAttribute("aria-label") || e.textContent.trim()]; }"""


def press_first_card(panel: Any, name: str) -> None:
    """Enter on the first card of the Solo hand that can be played, `name`."""
    card = panel.locator(".dicelab-hand-card:not(.dicelab-unavailable):visible").first
    expect(card).to_have_attribute("aria-label", name)
    card.focus()
    panel.page.keyboard.press("Enter")


def test_after_a_key_press_the_focus_is_neither_lost_nor_left_on_another_card(open_app):
    page = open_app(game="dice-poker")
    panel = page.locator(".dicelab-dice-poker")
    roll = panel.locator(".dicelab-roll")
    roll.focus()
    page.keyboard.press("Enter")  # the keyboard alone from here
    expect(panel.locator("button[class*='dicelab-box-']", has_text="→").first).to_be_visible()
    assert "dicelab-roll" in page.evaluate(FOCUSED)[1]  # Roll stays: it is Roll still
    box = panel.locator("button[class*='dicelab-box-']", has_text="→").first
    box.focus()
    page.keyboard.press("Enter")  # scores: the box shows its points now, not an option
    expect(panel.locator(".dicelab-message")).to_be_focused()
    page = open_app(game="solo")
    panel = page.locator(".dicelab-solo")
    start_game(panel, "8")  # Ana may play Blue 4 or Blue 9
    press_first_card(panel, "Blue 4")  # played: its button shows another card now
    expect(panel.locator(".dicelab-message")).to_be_focused()
    expect(panel.locator(".dicelab-message")).to_contain_text("Blue 4")  # what was played
    start_game(panel, "5")  # Ana may play Choose colour
    press_first_card(panel, "Choose colour")  # the colours are asked
    colour = panel.locator(".dicelab-colour-button:visible").first
    colour.focus()
    page.keyboard.press("Enter")  # the colours hide: the focus goes on in the panel, not lost
    expect(colour).to_be_hidden()
    page.wait_for_function("() => !!document.activeElement.closest('.dicelab-solo')")
    start_game(panel, "30")  # the same with the mouse: the focus is left where the mouse left it
    card = panel.locator(".dicelab-hand-card:not(.dicelab-unavailable):visible").first
    expect(card).to_have_attribute("aria-label", "Choose colour")
    card.click()
    colour = panel.locator(".dicelab-colour-button:visible").first
    colour.click()
    expect(colour).to_be_hidden()
    expect(panel.locator(".dicelab-message")).not_to_be_focused()
    settle(page)
    assert page.evaluate("() => document.activeElement === document.body")
