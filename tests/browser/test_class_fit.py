"""The class tables on a classroom projector (1280×800) and a small laptop
(1024×700), in each language: the lobby (a table found, its free seats), a
student's panel at a table (Sly Dice, Solo, Solitaire Dice) and the teacher's
projector view show what is needed to act on the first screen, and no label
is cut (the checks of `test_fit`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import expect

from dicelab.classroom import Client
from tests.browser.conftest import (
    LANGUAGES,
    LAPTOP,
    LOAD,
    LOBBY_TAB,
    PROJECTOR,
    _blank_page,
    cut_labels,
    off_screen,
    resize,
    screenshot,
)
from tests.browser.test_class_tables import make_table

pytestmark = pytest.mark.browser
NEEDED = {  # what a student needs to act, in each game's panel at a table
    "sly-dice": ".dicelab-die, .dicelab-roll, .dicelab-stop, .dicelab-card:visible, "
    ".dicelab-accuse, .dicelab-pass, .dicelab-message, .dicelab-at-table",
    "solo": ".dicelab-hand-card:visible, .dicelab-table-view .dicelab-face, .dicelab-draw, "
    ".dicelab-players-view, .dicelab-prompt, .dicelab-message, .dicelab-at-table",
    "solitaire": ".dicelab-die, .dicelab-option:visible, .dicelab-message, .dicelab-at-table",
}
LOBBY = ".dicelab-code-input, .dicelab-find, .dicelab-sit, .dicelab-create"
PROJECTOR_NEEDED = ".dicelab-table-code, .dicelab-seats, select, button:visible"


@pytest.fixture(scope="module")
def tables(browser, play_server, app_ready, class_service) -> Iterator[dict[str, Any]]:
    """A page in the lobby (a table found), a student's page at a table of each
    game, and the teacher's page projecting a Solitaire Dice table (rolled)."""
    opened: dict[str, Any] = {}
    names = [*NEEDED, "projector", "lobby"]
    new = [_blank_page(browser, PROJECTOR) for _ in names]
    for page in new:  # a kernel each, started at once
        page.goto(play_server.url, wait_until="commit")
    for name, page in zip(names, new):
        page.locator(".dicelab-dice-poker .dicelab-roll").wait_for(timeout=LOAD)
        page.locator(".dicelab-tabs .lm-TabBar-tab").nth(LOBBY_TAB).click()
        page.locator(".dicelab-lobby .dicelab-find").wait_for(timeout=LOAD)
        opened[name] = page
    for game in NEEDED:
        code = Client(class_service.url).create(game, ["Ana", "Bia"], seed=5)["code"]
        page = opened[game]
        page.locator(".dicelab-code-input input").fill(code)
        page.locator(".dicelab-find").click()
        page.locator(".dicelab-sit", has_text="Sit as Ana").click()
        page.locator(f".dicelab-lobby .dicelab-{game} .dicelab-at-table").wait_for(timeout=LOAD)
    projector = make_table(opened["projector"], "solitaire", "Ana, Bia, Cleo, Duda, Edu, Fabi")
    projector.locator(".dicelab-roll").click()
    opened["code"] = projector.locator(".dicelab-table-code").inner_text()
    yield opened
    for page in opened.values():
        if not isinstance(page, str):
            page.context.close()


def in_language(page: Any, lang: str) -> None:
    """The app's own switch: the lobby (and what it holds) built again in `lang`."""
    page.locator(".dicelab-language button").nth(LANGUAGES[lang]).click()
    page.locator(f".dicelab-lobby.dicelab-lang-{lang}").wait_for(timeout=LOAD)
    expect(page.locator(".dicelab-lobby")).to_have_count(1)


def fits(page: Any, needed: Any, name: str) -> None:
    for size in (LAPTOP, PROJECTOR):
        resize(page, size)
        missing = off_screen(page, needed, size, 0)
        if missing:
            screenshot(page, f"class-table-unfit-{name}-{size[0]}")
        assert missing == [], (name, size)
        assert cut_labels(page) == [], (name, size)


@pytest.mark.parametrize("lang", ["en", "pt", "es", "it", "fr"])
def test_the_class_tables_fit_the_screen(tables, lang) -> None:
    for game, css in NEEDED.items():
        page = tables[game]
        in_language(page, lang)
        panel = page.locator(f".dicelab-lobby .dicelab-{game}.dicelab-lang-{lang}")
        panel.locator(".dicelab-at-table").wait_for(timeout=LOAD)
        fits(page, panel.locator(css), game)
        screenshot(page, f"class-table-{game}-{lang}")
    teacher = tables["projector"]
    in_language(teacher, lang)
    projector = teacher.locator(f".dicelab-projector.dicelab-lang-{lang}")
    expect(projector.locator(".dicelab-table-code")).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
    fits(teacher, projector.locator(PROJECTOR_NEEDED), "projector")
    screenshot(teacher, f"class-table-projector-{lang}")
    lobby = tables["lobby"]
    in_language(lobby, lang)
    lobby.locator(".dicelab-code-input input").fill(tables["code"])
    lobby.locator(".dicelab-find").click()
    expect(lobby.locator(".dicelab-sit")).to_have_count(6)
    fits(lobby, lobby.locator(LOBBY), "lobby")
    screenshot(lobby, f"class-table-lobby-{lang}")
