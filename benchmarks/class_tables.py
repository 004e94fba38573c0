"""A class at the tables: `python benchmarks/class_tables.py [--tables 8] [--seed 1]`.

`dicelab class serve` runs as the class runs it (its own process, a database
in a temporary folder); `--tables` tables of four seats (the four games in
turn) are played to their end by 4 scripted players each, every player a
thread of this process as a panel would be: it watches the table's events,
reads its own view at each new version and, when it may act, takes a random
legal action.  Prints the actions per second over all tables, and the time
from an action sent to every seat of its table holding a view at least that
new (median, p95, slowest), side by side with the goals (a ratio above 1
misses): p95 at most 0.3 s (a click's answer, the panels' budget) and 100
actions a second at least (a class of 32 acts a few times a minute each).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dicelab.classroom import Client
from dicelab.errors import TableError
from dicelab.games import GAMES
from tests.classroom_service import Service

SEATS = ["Ana", "Bia", "Cleo", "Davi"]
P95_GOAL = 0.3  # s: from an action sent to every seat's view updated
RATE_GOAL = 100.0  # actions per second, all tables together


class Clock:
    """When each version of each table was sent, and when each seat first saw it."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.sent: dict[tuple[str, int], float] = {}
        self.seen: dict[tuple[str, int], dict[str, float]] = defaultdict(dict)

    def latencies(self) -> list[float]:
        return [
            max(seats.values()) - self.sent[key]
            for key, seats in self.seen.items()
            if key in self.sent and len(seats) == len(SEATS)
        ]


def seat(client: Client, player: str, clock: Clock, rng: random.Random) -> None:
    """One player: at each new version, read my view; act when I may; stop at the end."""
    code = client.code
    assert code is not None
    known = -1
    changes = client.changes(timeout=60)
    try:
        for version in changes:
            if version <= known:
                continue  # a view this new was read already
            view = client.view()
            now = time.perf_counter()
            with clock.lock:
                for v in range(known + 1, view["version"] + 1):
                    clock.seen[(code, v)][player] = now
            known = view["version"]
            if view["over"]:
                return
            if view["legal"]:
                sent = time.perf_counter()
                try:
                    after = client.act(rng.choice(view["legal"]))
                except TableError:
                    continue  # another seat's action came first: the next event says
                with clock.lock:
                    clock.sent[(code, after["version"])] = sent
    finally:
        changes.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=8, help="tables of four seats")
    parser.add_argument("--seed", type=int, default=1, help="the tables' and players' seed")
    args = parser.parse_args(argv)
    games = list(GAMES)
    with tempfile.TemporaryDirectory() as folder:
        service = Service(Path(folder) / "tables.sqlite3")
        try:
            clock = Clock()
            threads = []
            for t in range(args.tables):
                game = games[t % len(games)]
                code = Client(service.url).create(game, SEATS, seed=args.seed + t)["code"]
                for s, player in enumerate(SEATS):
                    client = Client(service.url)
                    client.join(code, player)
                    rng = random.Random(args.seed * 1000 + t * 10 + s)
                    threads.append(threading.Thread(target=seat, args=(client, player, clock, rng)))
            start = time.perf_counter()
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            seconds = time.perf_counter() - start
        finally:
            service.stop()
    actions, latencies = len(clock.sent), sorted(clock.latencies())
    rate = actions / seconds
    p95 = latencies[int(0.95 * (len(latencies) - 1))]
    print(f"{args.tables} tables of {len(SEATS)} seats ({', '.join(games)} in turn), ", end="")
    print(f"{actions} actions in {seconds:.1f} s: {rate:.0f} actions/s ", end="")
    print(f"({RATE_GOAL / rate:.2f} of the goal, at least {RATE_GOAL:g}/s)")
    print(
        f"an action to every seat's view: median {statistics.median(latencies) * 1000:.0f} ms, ",
        end="",
    )
    print(f"p95 {p95 * 1000:.0f} ms ({p95 / P95_GOAL:.2f} of the {P95_GOAL:g} s goal), ", end="")
    print(f"slowest {latencies[-1] * 1000:.0f} ms")


if __name__ == "__main__":
    main()
