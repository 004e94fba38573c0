"""The class tables under a class's load (`make loadtest`, after the panels).

Every student logs in to the hub (their first login sets their password) and
takes an API token of that session; the teacher (the hub's admin) makes the
tables, each student's seat named after them, and watches every table as the
projector does.  Each student is a real client through the hub's proxy: the
table's event stream, their own view read at every new version, and an
action chosen at random among their legal ones after a think time (0.5 to
1.5 times `think` seconds).  A finished game is followed at once by a new
table for the same students, until `seconds` have passed; then nobody acts
and the views settle.

An action's latency is the time from sending it until every seat's view at
its table shows it (the version it made, or a later one).  The report: the
actions, their p50, p95 and max, the worst p95 of any 10-second window
(`held` needs that under 0.5 s: held for the whole run), the games finished,
the actions refused because the game had moved on meanwhile (two students
rolling for everyone at once: the service's 409, not an error), the errors
(any other refusal, a failed connection, a view never updated), and the
service process's CPU share and memory.
"""

from __future__ import annotations

import asyncio
import random
import secrets
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import httpx
import psutil
from hub_process import HubProcess, tagged_processes
from loadtest_resources import quantile
from loadtest_student import Student
from tables_service import tables_url

GAMES = ("sly-dice", "solo", "solitaire")  # the tables' games, in turn
HELD_P95_S = 0.5  # every window's p95, from an action to every seat's view updated
WINDOW_S = 10.0
SETTLE_S = 3.0  # after the last action, for the views to catch up
TIMEOUT = httpx.Timeout(30.0, connect=10.0)


@dataclass(frozen=True)
class TableOptions:
    """How many students at how many tables, for how long, how fast they act."""

    students: int = 30
    tables: int = 8
    seconds: float = 60.0
    think: float = 1.0
    seed: int = 1


@dataclass
class Record:
    """What happened at the tables: each action (when it was sent, its table and
    the version it made), each view read (when, by whom, its version), the
    refusals and the errors."""

    actions: list[tuple[float, str, int]] = field(default_factory=list)
    reads: dict[tuple[str, str], list[tuple[float, int]]] = field(default_factory=dict)
    seats: dict[str, list[str]] = field(default_factory=dict)
    games: int = 0
    stale: int = 0
    errors: list[str] = field(default_factory=list)

    def read(self, code: str, who: str, version: int) -> None:
        self.reads.setdefault((code, who), []).append((time.perf_counter(), version))


def split(names: Sequence[str], tables: int) -> list[list[str]]:
    """The students in `tables` groups as even as can be.

    >>> [len(group) for group in split([str(i) for i in range(30)], 8)]
    [4, 4, 4, 4, 4, 4, 3, 3]
    """
    size, extra = divmod(len(names), tables)
    groups, start = [], 0
    for i in range(tables):
        end = start + size + (i < extra)
        groups.append(list(names[start:end]))
        start = end
    return groups


def latencies(record: Record) -> list[tuple[float, float]]:
    """Each action's (time sent, latency): until the last of its table's seats
    read a view of its version or later; an action some seat never saw is an
    error of `record`.

    >>> r = Record(actions=[(1.0, "T", 2)], seats={"T": ["a", "b"]})
    >>> r.reads = {("T", "a"): [(1.1, 2)], ("T", "b"): [(0.9, 1), (1.3, 3)]}
    >>> [(sent, round(late, 3)) for sent, late in latencies(r)]
    [(1.0, 0.3)]
    """
    found = []
    for sent, code, version in record.actions:
        seen = []
        for who in record.seats[code]:
            times = [t for t, v in record.reads.get((code, who), []) if v >= version and t >= sent]
            if not times:
                record.errors.append(f"{who} never saw version {version} of table {code}")
                break
            seen.append(min(times))
        else:
            found.append((sent, max(seen) - sent))
    return found


class Seat:
    """One student at one table: the event stream, the view, the actions."""

    def __init__(self, http: httpx.AsyncClient, path: str, name: str, record: Record) -> None:
        self.http, self.path, self.name, self.record = http, path, name, record
        self.code = path.rsplit("/", 1)[-1]
        self.view: dict[str, Any] = {"version": -1, "over": False, "legal": []}
        self.changed = asyncio.Event()

    def take(self, view: dict[str, Any]) -> None:
        """A view read: recorded, kept if newer."""
        self.record.read(self.code, self.name, view["version"])
        if view["version"] > self.view["version"]:
            self.view = view
            self.changed.set()

    async def watch(self) -> None:
        """Read the view at every version the event stream announces."""
        async with self.http.stream("GET", self.path + "/events", timeout=None) as events:
            async for line in events.aiter_lines():
                if line.startswith("data: ") and int(line[6:]) > self.view["version"]:
                    reply = await self.http.get(self.path)
                    reply.raise_for_status()
                    self.take(reply.json())

    async def play(self, deadline: float, think: float, rng: random.Random) -> None:
        """Act whenever the view has legal actions, until the game is over or the deadline."""
        while not self.view["over"] and time.perf_counter() < deadline:
            try:
                await asyncio.wait_for(self.changed.wait(), deadline - time.perf_counter())
            except TimeoutError:
                return
            self.changed.clear()
            while self.view["legal"] and not self.view["over"]:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                if time.perf_counter() >= deadline:
                    return
                if self.view["legal"] and not self.view["over"]:  # news while thinking
                    await self.act(rng.choice(self.view["legal"]))

    async def act(self, action: Any) -> None:
        sent = time.perf_counter()
        reply = await self.http.post(self.path + "/actions", json=action)
        if reply.status_code == 409:  # the game moved on meanwhile
            self.record.stale += 1
            fresh = await self.http.get(self.path)
            fresh.raise_for_status()
            self.view = fresh.json()
            self.record.read(self.code, self.name, self.view["version"])
            return
        reply.raise_for_status()
        view = reply.json()
        self.record.actions.append((sent, self.code, view["version"]))
        self.take(view)


def new_password(_name: str) -> str:
    """A password of its own for a user's first login."""
    return secrets.token_urlsafe(9)


async def log_in(
    hub: HubProcess, names: Sequence[str], password: Callable[[str], str]
) -> dict[str, httpx.AsyncClient]:
    """Each user's HTTP client to the tables, with an API token of their login."""
    clients = {}
    for name in names:
        user = Student.at(hub.settings.url, name, password(name))
        try:
            await user.log_in()
        finally:
            await user.close()
        url = tables_url(hub.settings)
        clients[name] = httpx.AsyncClient(base_url=url, headers=user.auth, timeout=TIMEOUT)
    return clients


async def one_group(
    clients: dict[str, httpx.AsyncClient],
    teacher: httpx.AsyncClient,
    game: str,
    names: list[str],
    options: TableOptions,
    deadline: float,
    record: Record,
    rng: random.Random,
) -> None:
    """A table of `game` for `names`, and a new one each time a game ends."""
    while time.perf_counter() < deadline:
        made = await teacher.post("/api/tables", json={"game": game, "players": names})
        made.raise_for_status()
        code = made.json()["code"]
        record.seats[code] = names
        path = f"/api/tables/{code}"
        seats = [Seat(clients[name], path, name, record) for name in names]
        for seat in seats:
            joined = await seat.http.post(path + "/join", json={"player": seat.name})
            joined.raise_for_status()
        projector = Seat(teacher, path, "", record)  # the teacher's view, watched too
        watchers = [asyncio.create_task(s.watch()) for s in [*seats, projector]]
        try:
            await asyncio.gather(*(s.play(deadline, options.think, rng) for s in seats))
            await asyncio.sleep(SETTLE_S if time.perf_counter() >= deadline else 0.2)
        finally:
            for watcher in watchers:
                watcher.cancel()
            ended = await asyncio.gather(*watchers, return_exceptions=True)
        record.errors += [f"{type(e).__name__}: {e}" for e in ended if isinstance(e, Exception)]
        record.games += all(seat.view["over"] for seat in seats)


def service_process(hub: HubProcess) -> psutil.Process | None:
    """The tables' service among the hub's processes."""
    for process in tagged_processes(hub.settings.run_tag):
        try:
            if "--hub" in process.cmdline() and "serve" in process.cmdline():
                return process
        except psutil.Error:
            continue
    return None


async def run_tables(
    hub: HubProcess, options: TableOptions, password: Callable[[str], str] = new_password
) -> dict[str, Any]:
    """The students at their tables on `hub` (each user's `password` for
    logging in); the report."""
    names = [f"player{i + 1:02d}" for i in range(options.students)]
    clients = await log_in(hub, [hub.settings.teacher, *names], password)
    teacher = clients.pop(hub.settings.teacher)
    record, rng = Record(), random.Random(options.seed)
    service = service_process(hub)
    cpu_before = sum(service.cpu_times()[:2]) if service else 0.0
    started = time.perf_counter()
    deadline = started + options.seconds
    groups = split(names, options.tables)
    runs = [
        one_group(clients, teacher, GAMES[i % len(GAMES)], group, options, deadline, record, rng)
        for i, group in enumerate(groups)
    ]
    outcomes = await asyncio.gather(*runs, return_exceptions=True)
    record.errors += [f"{type(o).__name__}: {o}" for o in outcomes if isinstance(o, Exception)]
    wall = time.perf_counter() - started
    figures = service_figures(service, cpu_before, wall)
    for client in [teacher, *clients.values()]:
        await client.aclose()
    return tables_report(options, record, figures)


def service_figures(
    service: psutil.Process | None, cpu_before: float, wall: float
) -> dict[str, Any]:
    """The service process's CPU share over the run and its memory at the end."""
    if service is None:
        return {"service_cpu_percent": None, "service_mib": None}
    try:
        cpu = sum(service.cpu_times()[:2]) - cpu_before
        rss = service.memory_info().rss
    except psutil.Error:
        return {"service_cpu_percent": None, "service_mib": None}
    return {"service_cpu_percent": round(100 * cpu / wall, 1), "service_mib": round(rss / 2**20)}


def tables_report(options: TableOptions, record: Record, service: dict[str, Any]) -> dict[str, Any]:
    """The tables' figures (see the module's docstring)."""
    found = latencies(record)
    late = [seconds for _, seconds in found]
    windows: dict[int, list[float]] = {}
    start = min((sent for sent, _ in found), default=0.0)
    for sent, seconds in found:
        windows.setdefault(int((sent - start) // WINDOW_S), []).append(seconds)
    worst = max((quantile(w, 0.95) for w in windows.values()), default=0.0)
    result = {
        "students": options.students,
        "tables": options.tables,
        "seconds": options.seconds,
        "think_s": options.think,
        "games_finished": record.games,
        "actions": len(found),
        "stale_refused": record.stale,
        "errors": len(record.errors),
        "p50_s": round(quantile(late, 0.50), 3),
        "p95_s": round(quantile(late, 0.95), 3),
        "max_s": round(max(late, default=0.0), 3),
        "p95_s_worst_window": round(worst, 3),
        "windows": len(windows),
        "latency_is": "from sending an action until every seat's view at its table shows it",
        **service,
        "error_messages": record.errors[:20],
    }
    result["held"] = result["errors"] == 0 and bool(found) and worst < HELD_P95_S
    return result


def summary(result: dict[str, Any]) -> str:
    """The tables' main figures in one line."""
    keys = ["students", "tables", "actions", "games_finished", "stale_refused", "errors"]
    keys += ["p50_s", "p95_s", "max_s", "p95_s_worst_window", "service_cpu_percent", "held"]
    return "tables: " + "  ".join(f"{key}={result[key]}" for key in keys)
