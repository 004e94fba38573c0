"""Real-browser tests: Voilà serves notebooks/play.ipynb, Debian Chromium plays it.

Needs `/usr/bin/chromium` (Debian's package `chromium`, which `.ci/run`
installs) and the `playwright` Python package (never `playwright install`:
it would download a browser). Screenshots go to `build/screenshots/`.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

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


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def play_url(tmp_path_factory) -> Iterator[str]:
    """Voilà serving a copy of the play app on a free local port."""
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)")
    workdir = tmp_path_factory.mktemp("play")
    shutil.copy(ROOT / "notebooks" / "play.ipynb", workdir / "play.ipynb")
    port = _free_port()
    log = open(workdir / "voila.log", "w")  # noqa: SIM115 - closed below
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
        ],
        cwd=workdir,
        env={**os.environ, "DICELAB_CACHE_DIR": str(workdir / "cache")},
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url, timeout=2).close()
            break
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail("Voilà did not start: " + (workdir / "voila.log").read_text())
            time.sleep(0.3)
    yield url
    server.terminate()
    server.wait(timeout=20)
    log.close()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser, play_url):
    """A fresh page of the play app, with every non-local request refused."""
    context = browser.new_context(viewport={"width": 1300, "height": 1500})
    page = context.new_page()
    page.route(NOT_LOCAL, lambda route: route.abort())
    page.goto(play_url, wait_until="domcontentloaded")
    yield page
    context.close()


def screenshot(page, name: str) -> Path:
    """Save a full-page screenshot under build/screenshots/."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
