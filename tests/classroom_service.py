"""A real `dicelab class serve` for the tests: started on 127.0.0.1 (a port the
system picks, read from the line the service says first), stopped by its
process id; and scripted players that play a table through the API."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from dicelab.classroom import Client

ADDRESS = re.compile(r"at (http://127\.0\.0\.1:\d+[^ ]*)/api[ ,]")


class Service:
    """`dicelab class serve --port 0 --db DB`, as a process of its own."""

    def __init__(self, db: Path, hub: dict[str, str] | None = None) -> None:
        """With `hub`, the environment a hub gives its service (`--hub`)."""
        self.db = db
        command = [sys.executable, "-m", "dicelab", "class", "serve", "--port", "0"]
        self.process = subprocess.Popen(
            [*command, "--db", str(db), *(["--hub"] if hub else [])],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "DICELAB_LANG": "en", **(hub or {})},
        )
        assert self.process.stdout is not None
        first = self.process.stdout.readline()
        found = ADDRESS.search(first)
        if found is None:
            self.stop()
            raise AssertionError(f"the service did not start: {first!r} {self.errors()!r}")
        self.url = found.group(1)

    def errors(self) -> str:
        assert self.process.stderr is not None
        return self.process.stderr.read() if self.process.poll() is not None else ""

    def stop(self, signum: int = signal.SIGTERM) -> int:
        """Stop the service by its process id; its exit status."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signum)
        try:
            return self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.kill(self.process.pid, signal.SIGKILL)
            return self.process.wait()


def seat_clients(url: str, code: str, players: list[str]) -> dict[str, Client]:
    """One client per player, each joined at its seat."""
    clients = {player: Client(url) for player in players}
    for player, client in clients.items():
        client.join(code, player)
    return clients


def play(clients: dict[str, Client], rng: random.Random, most: int | None = None) -> int:
    """The seats take random legal actions (the first seat that may act, each
    time) until the game is over or `most` actions; how many they took.
    Every view is checked to be its own player's."""
    taken = 0
    while most is None or taken < most:
        views = {player: client.view() for player, client in clients.items()}
        assert all(view["player"] == player for player, view in views.items())
        if next(iter(views.values()))["over"]:
            break
        movers = [player for player, view in views.items() if view["legal"]]
        assert movers, "the game waits for nobody"
        mover = movers[0]
        after = clients[mover].act(rng.choice(views[mover]["legal"]))
        assert after["player"] == mover and after["version"] > views[mover]["version"]
        taken += 1
    return taken


def table_views(clients: dict[str, Client]) -> dict[str, Any]:
    return {player: client.view() for player, client in clients.items()}
