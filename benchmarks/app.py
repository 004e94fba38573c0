"""How fast the play app opens: `python benchmarks/app.py [--loads N]`.

Voilà serves the play app as `make play` does (a pool of preheated kernels,
started before the class, as the browser tests start it), and Debian's
chromium (driven by Playwright, never a downloaded browser) asks for it N
times, a fresh page each time, two seconds apart so the pool refills.  Prints
each load, the best and the median, side by side with the goal of 3 s (a
ratio above 1 misses it).  A load is the time from asking for the page to
Dice Poker's Roll button.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.browser.conftest import launch, open_seconds, serve_play_app

GOAL = 3.0  # s: from asking for the app to its Roll button


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="pages to open")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with (
        tempfile.TemporaryDirectory() as workdir,
        serve_play_app(Path(workdir)) as server,
        sync_playwright() as playwright,
    ):
        browser = launch(playwright)
        time.sleep(5)  # the preheated kernels finish running the notebook
        loads = []
        for _ in range(args.loads):
            loads.append(open_seconds(browser, server.url))
            time.sleep(2)  # the pool starts a kernel in place of the one taken
        browser.close()
    best, median = min(loads), statistics.median(loads)
    print("The play app opening (s): " + ", ".join(f"{s:.2f}" for s in loads))
    print(f"best {best:.2f} s ({best / GOAL:.2f} of the {GOAL:g} s goal), ", end="")
    print(f"median {median:.2f} s ({median / GOAL:.2f})")


if __name__ == "__main__":
    main()
