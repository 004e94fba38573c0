"""Real-browser tests: Voilà serves notebooks/play.ipynb, Debian Chromium plays it.

Needs `/usr/bin/chromium` (Debian's package `chromium`, which `make test`
installs) and the `playwright` Python package (never `playwright install`:
it would download a browser).  Voilà runs as `make play` runs it, with a
pool of preheated kernels.  Screenshots go to `build/screenshots/`.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from dicelab.games import GAMES

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path(os.environ.get("DICELAB_CHROMIUM", "/usr/bin/chromium"))
SCREENSHOTS = ROOT / "build" / "screenshots"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
NOT_LOCAL = re.compile(r"^https?://(?!127\.0\.0\.1|localhost)")
POOL = 3  # preheated kernels: a page opens on a kernel that has already run the app
LOAD = 90_000  # ms: enough for a page that finds the pool empty (a kernel starts)
PROJECTOR, LAPTOP = (1280, 800), (1024, 700)
TABS = {"dice-poker": 0, "solitaire": 1, "sly-dice": 2, "solo": 3}
READY = {"solo": ".dicelab-draw"}  # what shows a tab's panel is built (else its Roll button)
LANGUAGES = {  # the toggle's button, and Roll's word in Dice Poker
    "en": (0, "Roll"),
    "pt": (1, "Rolar"),
    "es": (2, "Tirar"),
    "it": (3, "Lancia"),
    "fr": (4, "Lancer"),
}


@dataclass(frozen=True)
class Server:
    url: str
    workdir: Path  # the notebook's folder: the panels' save files live here
    log: Path


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerError(RuntimeError):
    """The play app's server did not start."""


def _wait_for(done: Callable[[], bool], seconds: float, what: str, log: Path) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        if time.monotonic() > deadline:
            raise ServerError(f"{what} (after {seconds:.0f} s): " + log.read_text()[-3000:])
        time.sleep(0.3)


@contextlib.contextmanager
def serve_play_app(workdir: Path) -> Iterator[Server]:
    """Voilà serving a copy of the play app from `workdir` on a free local port,
    as `make play` does (preheated kernels), with an empty solver cache; stopped
    on leaving.  The tests and `benchmarks/app.py` use it."""
    shutil.copy(ROOT / "notebooks" / "play.ipynb", workdir / "play.ipynb")
    port = _free_port()
    log_path = workdir / "voila.log"
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                "play.ipynb",
                "--no-browser",
                f"--port={port}",
                "--Voila.ip=127.0.0.1",
                "--show_tracebacks=True",
                "--preheat_kernel=True",
                f"--pool_size={POOL}",
            ],
            cwd=workdir,
            env={
                **os.environ,
                "DICELAB_CACHE_DIR": str(workdir / "cache"),
                "DICELAB_SAVE_DIR": str(workdir),
            },
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        url = f"http://127.0.0.1:{port}/"

        def answers() -> bool:
            if server.poll() is not None:
                raise ServerError("Voilà stopped: " + log_path.read_text())
            try:
                urllib.request.urlopen(url, timeout=5).close()
            except OSError:
                return False
            return True

        try:
            _wait_for(lambda: "is filled" in log_path.read_text(), 120, "no kernel pool", log_path)
            _wait_for(answers, 120, "Voilà does not answer", log_path)
            yield Server(url, workdir, log_path)
        finally:
            server.terminate()
            server.wait(timeout=20)


@pytest.fixture(scope="session")
def play_server(tmp_path_factory) -> Iterator[Server]:
    """The play app served for the whole session (`serve_play_app`)."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    try:
        with serve_play_app(tmp_path_factory.mktemp("play")) as server:
            yield server
    except ServerError as error:
        pytest.fail(str(error))


def launch(playwright: Any) -> Any:
    """Debian's chromium, headless, started by Playwright (never a downloaded browser)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


def open_seconds(browser: Any, url: str) -> float:
    """Seconds from asking for the play app at `url` to its Roll button."""
    context = browser.new_context(viewport={"width": PROJECTOR[0], "height": PROJECTOR[1]})
    page = context.new_page()
    page.route(NOT_LOCAL, lambda route: route.abort())
    start = time.monotonic()
    page.goto(url, wait_until="commit")
    page.locator(".dicelab-dice-poker .dicelab-roll").wait_for(timeout=LOAD)
    seconds = time.monotonic() - start
    context.close()
    return seconds


@pytest.fixture(scope="session")
def app_ready(browser, play_server) -> None:
    """The play app opened once, with its kernel pool ready (as for a class: the
    server runs before the bell).  How fast it opens is measured by
    `benchmarks/app.py`, not asserted here."""
    time.sleep(5)  # the preheated kernels finish running the notebook
    open_seconds(browser, play_server.url)
    time.sleep(2)  # the pool starts a kernel in place of the one taken


@pytest.fixture
def open_app(browser, play_server, app_ready) -> Iterator[Callable[..., Any]]:
    """`open_app(size, lang, game)`: a fresh page of the play app at viewport
    `size`, in `lang`, on the tab of `game`; every non-local request refused."""
    contexts = []

    def open_page(size=PROJECTOR, lang: str = "en", game: str = "dice-poker"):
        context = browser.new_context(viewport={"width": size[0], "height": size[1]})
        contexts.append(context)
        page = context.new_page()
        page.route(NOT_LOCAL, lambda route: route.abort())
        page.goto(play_server.url, wait_until="domcontentloaded")
        page.locator(".dicelab-dice-poker .dicelab-roll").wait_for(timeout=LOAD)
        toggle, roll = LANGUAGES[lang]
        if toggle:
            page.locator(".dicelab-language button").nth(toggle).click()
            page.locator(".dicelab-dice-poker .dicelab-roll", has_text=roll).wait_for()
        if TABS[game]:
            page.locator(".dicelab-tabs .lm-TabBar-tab").nth(TABS[game]).click()
        page.locator(f".dicelab-{game} {READY.get(game, '.dicelab-roll')}").wait_for()
        return page

    yield open_page
    for context in contexts:
        context.close()


def off_screen(page, locator, size, scrolls: int) -> list[str]:
    """The elements of `locator` outside the first `scrolls + 1` screens of the
    page (the app scrolled to its top) or outside its width."""
    width, height = size
    page.locator(".dicelab-app").evaluate("el => el.scrollIntoView({block: 'start'})")
    missing = []
    for i in range(locator.count()):
        element = locator.nth(i)
        box = element.bounding_box()
        if (
            box is None
            or box["x"] < 0
            or box["x"] + box["width"] > width
            or box["y"] + box["height"] > height * (scrolls + 1)
        ):
            missing.append(element.inner_text() or element.get_attribute("class"))
    return missing


def cut_labels(page) -> list[str]:
    """The buttons and tabs whose label does not fit them."""
    cut: list[str] = page.evaluate(
        """() => [...document.querySelectorAll('button, .lm-TabBar-tabLabel')]
            .filter(b => b.offsetParent !== null && b.scrollWidth > b.clientWidth + 1)
            .map(b => b.innerText)"""
    )
    return cut


def screenshot(page, name: str) -> Path:
    """Save what the viewport shows under build/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


@dataclass
class NearEnd:
    """A game saved one roll (Solitaire) or one turn (Dice Poker) before its end."""

    saved: Any  # the game as saved
    tail: list[Any]  # the actions that ended it
    final: Any  # the finished game


def near_end(name: str, path: Path, seed: int = 0) -> NearEnd:
    """Play a game of Ana and Bruno by the game's first quick strategy and save it to `path` at its
    last roll of all (the start of the last turn in Dice Poker).  Saves keep
    the dice generator, so the panel that loads it rolls what `tail` rolled."""
    info = GAMES[name]
    game, play = info.new_game(["Ana", "Bruno"], seed=seed), info.strategy(info.quick_strategies[0])
    rng, last, tail = np.random.default_rng(seed), None, []
    while not game.is_over:
        player = game.to_move()[0]
        legal = game.legal_actions(player)
        if len(legal) == 1 and type(legal[0]).__name__ == "Roll":
            last, tail = game.to_json(), []
        action = play(game.view(player), legal, rng)
        tail.append(action)
        game.apply(action)
    assert last is not None
    saved = info.engine_class.from_json(last)
    saved.save(path)
    return NearEnd(saved, tail, game)
