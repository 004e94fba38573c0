"""What the hub's processes hold while the class plays: memory (RSS) and CPU.

`Resources(hub_pid)` samples the hub and everything under it (the proxy,
the single-user servers and their kernels, found by psutil as the hub's
descendants) every second: each process's peak RSS by its role, the peak
of their sum, how busy the CPUs are while everyone plays, the least memory
the machine had available, and how much CPU other processes (not the hub's,
not the load test's) took meanwhile: the machine is shared.  RSS counts
shared pages in every process that maps them, so the sum is an upper bound.
"""

from __future__ import annotations

import asyncio
import math
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import psutil

MIB = 1024 * 1024
ROLES = (
    ("kernel_launcher", "kernel"),  # ipykernel's, or dicelab's (dicelab.kernel_manager)
    ("jupyterhub-singleuser", "server"),
    ("configurable-http-proxy", "proxy"),
    ("class serve --hub", "tables"),  # the class tables' service (tables_service.py)
    ("jupyterhub", "hub"),
)


def quantile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0 to 1) of `values`, by the nearest rank; 0 if there are none."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = min(max(1, math.ceil(q * len(ordered))), len(ordered))
    return ordered[rank - 1]


def cpu_now() -> tuple[float, float, float]:
    """Now: the monotonic clock, all CPUs' busy seconds, and this process's CPU seconds."""
    times = psutil.cpu_times()
    busy = sum(getattr(times, name, 0.0) for name in ("user", "nice", "system", "irq", "softirq"))
    return time.monotonic(), busy, time.process_time()


def role_of(cmdline: list[str]) -> str:
    """ "kernel", "server", "proxy", "tables", "hub" or "other", from a command line.

    >>> role_of(["python", "-m", "dicelab.kernel_launcher", "-f", "k.json"])
    'kernel'
    >>> role_of(["python", "-m", "ipykernel_launcher", "-f", "k.json"])
    'kernel'
    """
    text = " ".join(cmdline)
    return next((name for marker, name in ROLES if marker in text), "other")


@dataclass
class Resources:
    """Peak memory per process and in total, and the CPU while playing."""

    hub_pid: int
    peaks: dict[int, tuple[str, float]] = field(default_factory=dict)
    total_peak: float = 0.0
    cpu_busy: list[float] = field(default_factory=list)
    available_min: float = float("inf")
    tree_cpu: dict[int, float] = field(default_factory=dict)
    tree_cpu_start: dict[int, float] = field(default_factory=dict)
    window: list[tuple[float, float, float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        psutil.cpu_percent(interval=None)  # starts the CPU count

    def processes(self) -> list[psutil.Process]:
        """The hub and its descendants, alive now."""
        try:
            hub = psutil.Process(self.hub_pid)
            return [hub, *hub.children(recursive=True)]
        except psutil.NoSuchProcess:
            return []

    def sample(self, playing: bool) -> None:
        """One sample (the CPU counts only while `playing`)."""
        total = 0.0
        for process in self.processes():
            try:
                rss = process.memory_info().rss / MIB
                role = role_of(process.cmdline())
                times = process.cpu_times()
            except psutil.Error:
                continue
            self.tree_cpu[process.pid] = times.user + times.system
            if playing and not self.window:
                self.tree_cpu_start[process.pid] = self.tree_cpu[process.pid]
            total += rss
            peak = self.peaks.get(process.pid, (role, 0.0))[1]
            self.peaks[process.pid] = (role, max(peak, rss))
        self.total_peak = max(self.total_peak, total)
        self.available_min = min(self.available_min, psutil.virtual_memory().available / MIB)
        busy = psutil.cpu_percent(interval=None)
        if playing:
            self.cpu_busy.append(busy)
            self.window.append(cpu_now())

    def other_cpu_percent(self) -> float | None:
        """The share of all CPUs that other processes used while the class played
        (everything busy, less the hub's processes, less this load test)."""
        if len(self.window) < 2:
            return None
        (wall0, busy0, own0), (wall1, busy1, own1) = self.window[0], self.window[-1]
        tree = sum(t - self.tree_cpu_start.get(pid, 0.0) for pid, t in self.tree_cpu.items())
        other = (busy1 - busy0) - tree - (own1 - own0)
        cores = psutil.cpu_count() or 1
        return round(max(0.0, other) / ((wall1 - wall0) * cores) * 100, 1)

    def of_role(self, role: str) -> list[float]:
        """The peak RSS (MiB) of every process of a role ("kernel", "server", ...)."""
        return [peak for kind, peak in self.peaks.values() if kind == role]

    def figures(self) -> dict[str, float | int | None]:
        """The report's memory and CPU figures (MiB, percent)."""

        def median(values: list[float]) -> float | None:
            return round(statistics.median(values), 1) if values else None

        kernels = self.of_role("kernel")
        return {
            "kernel_mib": median(kernels),
            "kernel_mib_max": round(max(kernels), 1) if kernels else None,
            "server_mib": median(self.of_role("server")),
            "hub_mib": median(self.of_role("hub")),
            "proxy_mib": median(self.of_role("proxy")),
            "total_mib": round(self.total_peak, 1),
            "kernels_seen": len(kernels),
            "cpu_busy_percent": median(self.cpu_busy),
            "other_cpu_percent": self.other_cpu_percent(),
            "cores": psutil.cpu_count() or 0,
            "mem_total_mib": round(psutil.virtual_memory().total / MIB),
            "mem_available_min_mib": round(self.available_min),
        }


async def sample_until(
    resources: Resources, done: asyncio.Event, playing: asyncio.Event, every: float = 1.0
) -> None:
    """Sample every `every` seconds (in a thread: the clicks' timing is not held up)
    until `done` is set; the CPU counts once `playing` is set."""
    while not done.is_set():
        await asyncio.to_thread(resources.sample, playing.is_set())
        try:
            await asyncio.wait_for(done.wait(), every)
        except TimeoutError:
            continue
