"""The play app in French, the fifth language, on the classroom projector
(1280×800): every tab played a little with its hints open, no label cut and
no English left on the page (every English text of the catalogs that French
says differently is looked for in what the page shows and in its tooltips);
and `dicelab play --lang fr` itself serves it, in French."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

from dicelab.core.i18n import LOCALE_DIR
from tests.browser.conftest import (
    LOAD,
    PROJECTOR,
    TABS,
    _free_port,
    _wait_for,
    cut_labels,
    screenshot,
    settle,
)

pytestmark = pytest.mark.browser
FIELD = re.compile(r"\{[^{}]*\}")


def english_left_behind() -> re.Pattern[str]:
    """A pattern of the English texts that French translates: the pieces of each
    message between its placeholders that hold a word of three letters or more,
    but no piece that French says too ("Case", "points.")."""
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "dicelab.po").open("rb") as file:
        catalog = read_po(file)
    pieces, all_french = set(), []
    for message in catalog:
        english = (message.id,) if isinstance(message.id, str) else message.id
        french = (message.string,) if isinstance(message.string, str) else message.string
        all_french.extend(french)
        if not message.id or set(english) & set(french):
            continue
        for text in english:
            pieces |= {p.strip() for p in FIELD.split(text) if re.search(r"[A-Za-z]{3}", p)}
    said_in_french = "\n".join(all_french)
    words = sorted((p for p in pieces if p not in said_in_french), key=len, reverse=True)
    return re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in words))


def shown(page) -> str:
    """The app's text and its tooltips."""
    app = page.locator(".dicelab-app")
    tips = app.evaluate("el => [...el.querySelectorAll('[title]')].map(e => e.title).join('\\n')")
    return f"{app.inner_text()}\n{tips}"


def test_the_app_speaks_french_everywhere_with_nothing_cut(open_app):
    english = english_left_behind()
    page = open_app(PROJECTOR, "fr")
    expect(page.locator(".dicelab-app")).to_contain_text("dicelab : jouer")
    expect(page.locator(".dicelab-tabs .lm-TabBar-tab").first).to_have_text("Poker d’as")
    for game, index in TABS.items():
        page.locator(".dicelab-tabs .lm-TabBar-tab").nth(index).click()
        panel = page.locator(f".dicelab-{game}")
        roll = panel.locator(".dicelab-roll")
        if roll.count() and roll.is_enabled():
            roll.click()
        panel.locator(".dicelab-hints-toggle").click()
        expect(panel.locator(".dicelab-hints")).to_be_visible()
        settle(page)
        assert cut_labels(page) == [], game
        left = sorted(set(english.findall(shown(page))))
        assert left == [], (game, left)
        screenshot(page, f"{game}-fr")


def test_dicelab_play_serves_the_app_in_french(browser, tmp_path):
    port = _free_port()
    log = tmp_path / "play.log"
    command = [sys.executable, "-m", "dicelab", "play", "--lang", "fr", "--port", str(port)]
    env = {**os.environ, "DICELAB_CACHE_DIR": str(tmp_path / "cache")}
    env |= {"DICELAB_SAVE_DIR": str(tmp_path), "DICELAB_LANG": "en"}  # --lang wins
    with log.open("w") as out:
        server = subprocess.Popen(
            [*command, "--pool", "1"], cwd=tmp_path, env=env, stdout=out, stderr=subprocess.STDOUT
        )
    try:
        _wait_for(lambda: "is filled" in log.read_text(), 120, "no kernel pool", log)
        url = f"http://127.0.0.1:{port}/"
        assert f"Serving the play app at {url}" in log.read_text()
        page = browser.new_page(viewport={"width": PROJECTOR[0], "height": PROJECTOR[1]})
        page.goto(url, wait_until="domcontentloaded")
        roll = page.locator(".dicelab-dice-poker .dicelab-roll")
        roll.wait_for(timeout=LOAD)
        expect(roll).to_have_text("Lancer (encore 3)")
        expect(page.locator(".dicelab-language button.mod-active")).to_have_text("Français")
        assert cut_labels(page) == []
        page.close()
    finally:
        server.terminate()
        server.wait(timeout=20)
