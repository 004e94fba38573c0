"""Real-browser tests: Voilà serves notebooks/play.ipynb, Debian Chromium plays it.

Needs `/usr/bin/chromium` (Debian's package `chromium`, which `make test`
installs) and the `playwright` Python package (never `playwright install`:
it would download a browser).  Voilà runs as `make play` runs it, with a
pool of preheated kernels.  Screenshots go to `build/screenshots/`.
"""

from __future__ import annotations

import contextlib
import json
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
from playwright.sync_api import expect

from dicelab.course import play_argv
from dicelab.games import GAMES
from tests.classroom_service import Service

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
EXPECT = 15_000  # ms an `expect` waits: a kernel redrawing a panel on a busy machine
expect.set_options(timeout=EXPECT)
PROJECTOR, LAPTOP = (1280, 800), (1024, 700)
TABS = {"dice-poker": 0, "solitaire": 1, "sly-dice": 2, "solo": 3}
LOBBY_TAB = len(TABS)  # the Class tables tab, after the games
READY = {"solo": ".dicelab-draw"}  # what shows a tab's panel is built (else its Roll button)
LANGUAGES = {"en": 0, "pt": 1, "es": 2, "it": 3, "fr": 4}  # the switch's buttons


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
def serve_play_app(
    workdir: Path, environ: dict[str, str] | None = None, tree: Path = ROOT
) -> Iterator[Server]:
    """Voilà serving a copy of the play app from `workdir` on a free local port,
    as `make play` does (`play_argv`), with an empty solver cache and `environ`
    besides; stopped on leaving.  The tests and `benchmarks/app.py` use it;
    the benchmark also serves an earlier `tree` (a checkout: its notebook,
    its arguments and its dicelab, found first on the kernels' path)."""
    shutil.copy(tree / "notebooks" / "play.ipynb", workdir / "play.ipynb")
    port = _free_port()
    log_path = workdir / "voila.log"
    if tree == ROOT:
        argv = play_argv(Path("play.ipynb"), port, POOL)
    else:
        environ = {**(environ or {}), "PYTHONPATH": str(tree)}
        code = "import json, sys; from pathlib import Path; from dicelab.course import play_argv; "
        code += f"print(json.dumps(play_argv(Path('play.ipynb'), {port}, {POOL})))"
        said = subprocess.run(
            [sys.executable, "-c", code], env={**os.environ, **environ}, capture_output=True
        )
        argv = json.loads(said.stdout)
    with open(log_path, "w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "voila", *argv, "--show_tracebacks=True"],
            cwd=workdir,
            env={
                **os.environ,
                "DICELAB_CACHE_DIR": str(workdir / "cache"),
                "DICELAB_SAVE_DIR": str(workdir),
                "XDG_DATA_HOME": str(workdir / "data"),  # the class seats remembered
                **(environ or {}),
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
def class_service(tmp_path_factory) -> Iterator[Any]:
    """`dicelab class serve` for the whole session: the play app's Class tables tab
    talks to it."""
    running = Service(tmp_path_factory.mktemp("tables") / "tables.sqlite3")
    yield running
    running.stop()


@pytest.fixture(scope="session")
def play_server(tmp_path_factory, class_service) -> Iterator[Server]:
    """The play app served for the whole session (`serve_play_app`), its class
    tables at `class_service`."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    tables = {"DICELAB_TABLES_URL": class_service.url}
    try:
        with serve_play_app(tmp_path_factory.mktemp("play"), tables) as server:
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


def _blank_page(browser: Any, size: tuple[int, int]) -> Any:
    """An empty page in a context of its own at viewport `size`, every non-local
    request refused."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.route(NOT_LOCAL, lambda route: route.abort())
    return page


def open_seconds(browser: Any, url: str) -> float:
    """Seconds from asking for the play app at `url` to its Roll button and the
    title of every tab drawn."""
    page = _blank_page(browser, PROJECTOR)
    start = time.monotonic()
    page.goto(url, wait_until="commit")
    page.locator(".dicelab-dice-poker .dicelab-roll").wait_for(timeout=LOAD)
    page.locator(".dicelab-tabs [role=tab]").nth(LOBBY_TAB).wait_for(timeout=LOAD)
    seconds = time.monotonic() - start
    page.context.close()
    return seconds


@pytest.fixture(scope="session")
def app_ready(browser, play_server) -> None:
    """The play app opened once, with its kernel pool ready (as for a class: the
    server runs before the bell).  How fast it opens is measured by
    `benchmarks/app.py`, not asserted here."""
    open_seconds(browser, play_server.url)


def _open_page(browser: Any, url: str, size: tuple[int, int]) -> Any:
    """A new page of the play app at `url` (a kernel of its own), every non-local
    request refused, once its Dice Poker panel is built."""
    page = _blank_page(browser, size)
    page.goto(url, wait_until="domcontentloaded")
    page.locator(".dicelab-dice-poker .dicelab-roll").wait_for(timeout=LOAD)
    return page


def settle(page: Any) -> None:
    """Wait until the page has drawn two more frames (what a change laid out is drawn)."""
    page.evaluate(
        "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def resize(page: Any, size: tuple[int, int]) -> None:
    """Make the viewport `size` and wait until the page has laid itself out again."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_function(f"window.innerWidth === {size[0]} && window.innerHeight === {size[1]}")
    settle(page)


def show(page: Any, size: tuple[int, int], lang: str, game: str) -> Any:
    """`page` at viewport `size`, in `lang` (the app's own switch), on the tab of `game`."""
    resize(page, size)
    switch = page.locator(".dicelab-language button").nth(LANGUAGES[lang])
    switch.click()
    expect(switch).to_have_class(re.compile("mod-active"))  # the page took the click
    page.locator(".dicelab-tabs .lm-TabBar-tab").nth(TABS[game]).click()
    panel = page.locator(f".dicelab-{game}")
    panel.and_(page.locator(f".dicelab-lang-{lang}")).locator(
        READY.get(game, ".dicelab-roll")
    ).wait_for(timeout=LOAD)  # the kernel builds every open panel again in `lang`
    expect(panel).to_have_count(1)  # the panel of the language before is gone
    return page


def switch_off(locator: Any) -> None:
    """Click the toggle button `locator` if it is on (as a new page has it)."""
    if locator.count() and "mod-active" in (locator.get_attribute("class") or ""):
        locator.click()
        expect(locator).not_to_have_class(re.compile("mod-active"))


def shown_text(panel: Any) -> str:
    """The panel's text as the screen shows it: without its live region's (what a
    screen reader was given to say, which no one sees)."""
    text: str = panel.evaluate(
        """panel => { const live = panel.querySelector(".dicelab-live");
             if (live) live.hidden = true;
             const text = panel.innerText;
             if (live) live.hidden = false;
             return text; }"""
    )
    return text


SAID_COUNT = """panel => {  // how many texts the panel's live region was given
  const live = panel.querySelector(".dicelab-live");
  return live ? Number(live.dataset.said || 0) : 0; }"""


def start_game(panel: Any, seed: str = "") -> None:
    """A new game in `panel`, with `seed` typed (none: a seed of its own), once
    the panel has said "New game ..." (announced once more, even when it reads
    as the last one did)."""
    panel.locator(".dicelab-seed-text input").fill(seed)
    before = panel.evaluate(SAID_COUNT)
    again = panel.locator(".dicelab-again")
    (again if again.is_visible() else panel.locator(".dicelab-new-game")).click()
    panel.page.wait_for_function(
        f"([panel, before]) => ({SAID_COUNT})(panel) > before",
        arg=[panel.element_handle(), before],
    )


def start_afresh(page: Any, game: str) -> None:
    """The panel of `game` as a new page shows it: a new game (no seed typed), its
    hints and its teacher's view off."""
    panel = page.locator(f".dicelab-{game}")
    switch_off(panel.locator(".dicelab-hints-toggle"))
    switch_off(panel.locator(".dicelab-show-all"))
    start_game(panel)
    expect(panel.locator(".dicelab-end")).to_be_hidden()


@pytest.fixture(scope="module")
def app_page(browser, play_server, app_ready) -> Iterator[Any]:
    """One page of the play app for the whole test module (one kernel): each test
    switches its language, viewport and tab, and starts its game afresh."""
    page = _open_page(browser, play_server.url, PROJECTOR)
    yield page
    page.context.close()


@pytest.fixture
def open_app(app_page) -> Callable[..., Any]:
    """`open_app(size, lang, game)`: the module's page of the play app at viewport
    `size`, in `lang`, on the tab of `game`, with a new game in that tab."""

    def open_page(size=PROJECTOR, lang: str = "en", game: str = "dice-poker"):
        show(app_page, size, lang, game)
        start_afresh(app_page, game)
        return app_page

    return open_page


@pytest.fixture
def new_page(browser, play_server, app_ready) -> Iterator[Callable[..., Any]]:
    """`new_page(size, lang, game)`: a page of the play app of its own (a new
    kernel), for a test that needs what only a new kernel has (a cold cache)."""
    pages = []

    def open_page(size=PROJECTOR, lang: str = "en", game: str = "dice-poker"):
        page = _open_page(browser, play_server.url, size)
        pages.append(page)
        return show(page, size, lang, game)

    yield open_page
    for page in pages:
        page.context.close()


def off_screen(page, locator, size, scrolls: int) -> list[str]:
    """The elements of `locator` outside the first `scrolls + 1` screens of the
    page (the app scrolled to its top) or outside its width, or not drawn at all;
    measured all at once, in the page, and again at the next frames while some
    are out (a page still laying itself out after a resize or a redraw), for as
    long as an `expect` waits."""
    width, height = size
    deadline = time.monotonic() + EXPECT / 1000
    while True:
        page.locator(".dicelab-app").evaluate("el => el.scrollIntoView({block: 'start'})")
        missing: list[str] = locator.evaluate_all(
            """(elements, [width, bottom]) => elements.filter(e => {
                const box = e.getBoundingClientRect();
                return e.getClientRects().length === 0 || box.x < 0 || box.right > width
                    || box.bottom > bottom;
            }).map(e => e.innerText || e.className)""",
            [width, height * (scrolls + 1)],
        )
        if not missing or time.monotonic() > deadline:
            return missing
        settle(page)


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


def click_as_twin(control: Any, twin: Any) -> None:
    """Click `control` of the page as its twin widget (the same panel in Python)
    stands: usable, a click once the page has drawn it so; not usable now, the
    page marks it so for a screen reader (`aria-disabled`) and still takes the
    click (forced: Playwright waits for an enabled control), to answer why."""
    if "dicelab-unavailable" in twin._dom_classes:
        expect(control).to_have_attribute("aria-disabled", "true")
        control.click(force=True)
    else:
        control.click()
