"""`make loadtest`: a class of simulated students on dicelab's JupyterHub.

`python deploy/jupyterhub/loadtest.py [--students 12] [--seconds 60] [--think 2]`
starts a hub of its own on 127.0.0.1 (a fresh folder, a free port), and
every student at once logs in (their first login sets their own password), starts their server,
starts a kernel and builds the Dice Poker and the Solitaire Dice panels in
it, as a notebook does.  When every student is ready they all play for
`--seconds`, clicking the panels' buttons over the kernel websocket (one
click, then a think time of 0.5 to 1.5 times `--think` seconds, the panels
taking turns; each student's first click within 1.5 think times), then stop
their kernel and server; the hub is stopped with everything it started.
A click's latency is the time from sending it until the kernel is idle
again for it.

It writes `build/loadtest.json`: `students`, `clicks`, `errors`, `p50_s`,
`p95_s`, `max_s` (click latency), `kernel_mib` (a kernel's peak RSS, the
median over the kernels), `total_mib` (the peak RSS of the hub, the proxy,
the servers and the kernels together), `start_s` (from asking for a server
until it is ready: the median over the students; `start_s_max` the slowest),
and what the machine had meanwhile (`cpu_busy_percent`,
`mem_available_min_mib`, the load averages before and after), and the
verdict: `held` (no error and p95 under 1 s), `ran_out_first` (`cpu` or
`memory`: the one nearer its end) and `largest_held`, the most students held
in the runs so far on this machine (each run is kept in
`build/loadtest-history.json`).

Then, on the same hub, the class tables (`loadtest_tables.py`): `--table-students`
(30) at `--tables` (8) for `--table-seconds` (60), acting after a think time of
about `--table-think` (1) seconds; their figures under `tables` in the report,
with their own verdict (`tables.held`: every 10-second window's p95, from an
action to every seat's view updated, under 0.5 s).  `--table-students 0`
leaves them out.  It exits 1 if there was any error.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import shutil
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

from dicelab_hub import REPO, HubSettings, HubSettingsError
from hub_process import (
    HubProcess,
    Places,
    check_root,
    free_port,
    local_settings,
    running_hub,
    scratch_folder,
    scratch_prefix,
)
from loadtest_kernel import KernelClient, Model
from loadtest_play import PANELS, Move, next_move, panel_problem
from loadtest_resources import Resources, quantile, sample_until
from loadtest_student import Student, StudentError
from loadtest_tables import TableOptions, run_tables
from loadtest_tables import summary as tables_summary

from dicelab.core.engine.files import atomic_write

MAX_STUDENTS = 200


@dataclass(frozen=True)
class Options:
    """What to simulate: how many students, for how long, how fast they click."""

    students: int = 12
    seconds: float = 60.0
    think: float = 2.0
    clicks: int = 0  # the most clicks per student (0: as many as the time allows)
    seed: int = 1


@dataclass
class Outcome:
    """What one student saw: server start time, click latencies, errors."""

    name: str
    start_s: float | None = None
    clicks: list[float] = field(default_factory=list)
    moves: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


class Gate:
    """Holds every student until all are ready (or have failed), so that all play at once."""

    def __init__(self, count: int) -> None:
        self.waiting = count
        self.open = asyncio.Event()

    def arrive(self) -> None:
        """One more student is ready (or out): the last one opens the gate."""
        self.waiting -= 1
        if self.waiting <= 0:
            self.open.set()


async def build_panels(kernel: KernelClient, seed: int) -> dict[str, set[str]]:
    """Run the cells that build the panels; per panel, the ids of its requests."""
    requests = {}
    for panel, code in PANELS.items():
        msg_id, reply = await kernel.execute(code.format(seed=seed))
        if reply.errors:
            raise StudentError(f"{kernel.username}: building {panel}: {reply.errors[0]}")
        requests[panel] = {msg_id}
    return requests


def models_of(kernel: KernelClient, requests: set[str]) -> list[Model]:
    """The widgets opened by a panel's requests (its cell, and the clicks that built more)."""
    return [m for m in kernel.models.values() if m.opened_by in requests]


async def click(kernel: KernelClient, move: Move) -> tuple[str, float, list[str]]:
    """Make the move; its request id, seconds until idle, and errors."""
    if move.toggle:
        msg_id, reply = await kernel.set_state(move.model, {"value": True})
    else:
        msg_id, reply = await kernel.click(move.model)
    return msg_id, reply.seconds, reply.errors


async def play(
    kernel: KernelClient,
    requests: dict[str, set[str]],
    options: Options,
    outcome: Outcome,
    rng: random.Random,
) -> None:
    """Click the panels in turn until the time or the clicks run out."""
    deadline = time.monotonic() + options.seconds
    await asyncio.sleep(options.think * rng.uniform(0.0, 1.5))  # students do not start in step
    panels = list(requests)
    turn = 0
    while time.monotonic() < deadline:
        if options.clicks and len(outcome.clicks) >= options.clicks:
            return
        panel = panels[turn % len(panels)]
        turn += 1
        models = models_of(kernel, requests[panel])
        move = next_move(panel, models, rng)
        kind = move.kind  # before the click changes the widget's classes
        msg_id, seconds, errors = await click(kernel, move)
        requests[panel].add(msg_id)
        outcome.clicks.append(seconds)
        outcome.moves.setdefault(f"{panel} {kind}", []).append(seconds)
        outcome.errors += [f"{outcome.name}: {panel}: {e}" for e in errors]
        problem = panel_problem(models_of(kernel, requests[panel]))
        if problem:
            outcome.errors.append(f"{outcome.name}: {panel}: {move.label!r}: {problem}")
        if options.think:
            await asyncio.sleep(options.think * rng.uniform(0.5, 1.5))


async def attend(
    base: str, name: str, password: str, options: Options, gate: Gate, index: int
) -> Outcome:
    """One student's class: log in, start, build, wait for all, play, stop."""
    outcome = Outcome(name)
    student = Student.at(base, name, password)
    kernel: KernelClient | None = None
    kernel_id = ""
    ready = False
    try:
        await student.log_in()
        outcome.start_s = await student.start_server()
        kernel_id = await student.start_kernel()
        kernel = await student.connect(kernel_id)
        requests = await build_panels(kernel, options.seed + index)
        gate.arrive()
        ready = True
        await gate.open.wait()
        await play(kernel, requests, options, outcome, random.Random(options.seed * 1000 + index))
    except StudentError as error:
        outcome.errors.append(str(error))
    except Exception as error:  # any failure of one student is an error of the report
        outcome.errors.append(f"{name}: {type(error).__name__}: {error}")
    finally:
        if not ready:
            gate.arrive()
        if kernel is not None:
            outcome.errors += [f"{name}: kernel: {e}" for e in kernel.errors]
            await kernel.close()
        try:
            await student.stop(kernel_id)
        except StudentError as error:
            outcome.errors.append(str(error))
        await student.close()
    return outcome


def report(options: Options, outcomes: list[Outcome], resources: Resources) -> dict[str, Any]:
    """The load test's figures (see the module's docstring)."""
    clicks = [s for o in outcomes for s in o.clicks]
    errors = [e for o in outcomes for e in o.errors]
    starts = [o.start_s for o in outcomes if o.start_s is not None]
    moves: dict[str, list[float]] = {}
    for outcome in outcomes:
        for kind, seconds in outcome.moves.items():
            moves.setdefault(kind, []).extend(seconds)
    return {
        "date": date.today().isoformat(),
        "students": options.students,
        "clicks": len(clicks),
        "errors": len(errors),
        "p50_s": round(quantile(clicks, 0.50), 3),
        "p95_s": round(quantile(clicks, 0.95), 3),
        "max_s": round(max(clicks, default=0.0), 3),
        **resources.figures(),
        "start_s": round(statistics.median(starts), 2) if starts else None,
        "start_s_max": round(max(starts), 2) if starts else None,
        "start_s_is": "median over the students (start_s_max: the slowest)",
        "moves": {kind: len(moves[kind]) for kind in sorted(moves)},
        "p95_s_by_move": {kind: round(quantile(moves[kind], 0.95), 3) for kind in sorted(moves)},
        "options": asdict(options),
        "error_messages": errors[:20],
    }


HELD_P95_S = 1.0  # a class is held with no error and 95% of the clicks answered within 1 s


def verdict(result: dict[str, Any], history: list[dict[str, Any]]) -> dict[str, Any]:
    """Whether this class was held, which resource was nearer its end (the CPU's
    busy share against the memory's used share), and the largest class held in
    the earlier runs (`history`) and this one."""
    held = result["errors"] == 0 and result["p95_s"] < HELD_P95_S
    memory_used = 100 * (1 - result["mem_available_min_mib"] / result["mem_total_mib"])
    cpu = result["cpu_busy_percent"] or 0.0
    sizes = [run["students"] for run in history if run.get("held")]
    return {
        "held": held,
        "ran_out_first": "cpu" if cpu >= memory_used else "memory",
        "largest_held": max(sizes + ([result["students"]] if held else []), default=None),
    }


def read_history(path: Path) -> list[dict[str, Any]]:
    """The earlier runs' verdicts (none if the file is missing or unreadable)."""
    try:
        runs = json.loads(path.read_text())
    except (OSError, ValueError):
        return []
    return [run for run in runs if isinstance(run, dict)] if isinstance(runs, list) else []


async def run_class(hub: HubProcess, options: Options) -> dict[str, Any]:
    """Every student at once on `hub`; the report."""
    gate = Gate(options.students)
    names = [f"student{i + 1:02d}" for i in range(options.students)]
    resources = Resources(hub.process.pid)
    done = asyncio.Event()
    sampler = asyncio.create_task(sample_until(resources, done, gate.open))
    passwords = {name: secrets.token_urlsafe(9) for name in names}  # each student's own
    outcomes = await asyncio.gather(
        *(attend(hub.settings.url, n, passwords[n], options, gate, i) for i, n in enumerate(names))
    )
    done.set()
    await sampler
    return report(options, list(outcomes), resources)


def positive(kind: type[int] | type[float], low: float) -> Any:
    """An argparse type: a number of `kind` not below `low` (a one-line error otherwise)."""

    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is below {low}")
        return value

    return parse


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's options; a bad one exits 2 with a one-line message."""
    parser = argparse.ArgumentParser(prog="loadtest", description=__doc__.splitlines()[0])
    parser.add_argument("--students", type=positive(int, 1), default=12)
    parser.add_argument("--seconds", type=positive(float, 1), default=60.0)
    parser.add_argument("--think", type=positive(float, 0), default=2.0)
    parser.add_argument("--clicks", type=positive(int, 0), default=0)
    parser.add_argument("--seed", type=positive(int, 0), default=1)
    parser.add_argument("--table-students", type=positive(int, 0), default=30)
    parser.add_argument("--tables", type=positive(int, 1), default=8)
    parser.add_argument("--table-seconds", type=positive(float, 1), default=60.0)
    parser.add_argument("--table-think", type=positive(float, 0), default=1.0)
    parser.add_argument("--out", type=Path, default=REPO / "build" / "loadtest.json")
    parser.add_argument("--state", type=Path, default=REPO / "build" / "loadtest-hub")
    parser.add_argument("--cache", type=Path, default=Places.cache_dir)
    parser.add_argument("--env", type=Path, default=Places.student_env)
    args = parser.parse_args(argv)
    if args.students > MAX_STUDENTS:
        parser.error(f"--students is at most {MAX_STUDENTS}, not {args.students}")
    if args.table_students > MAX_STUDENTS:
        parser.error(f"--table-students is at most {MAX_STUDENTS}, not {args.table_students}")
    if 0 < args.table_students < 2 * args.tables:
        parser.error(
            f"{args.table_students} students cannot sit two or more at {args.tables} tables"
        )
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """`make loadtest`: a class on a hub of its own; 1 if there was any error."""
    args = parse_args(argv)
    options = Options(args.students, args.seconds, args.think, args.clicks, args.seed)
    tables = TableOptions(
        args.table_students, args.tables, args.table_seconds, args.table_think, args.seed
    )
    with scratch_folder() as folder:
        try:
            check_root("make loadtest")
            shutil.rmtree(args.state, ignore_errors=True)
            places = Places(REPO / "notebooks", args.cache, args.env, folder, scratch_prefix())
            settings = local_settings(args.state, free_port(), places, run_tag=secrets.token_hex(8))
            return run(settings, options, tables, args.out)
        except HubSettingsError as error:
            print(f"loadtest: error: {error}", file=sys.stderr)
            return 2


def summary(result: dict[str, Any]) -> str:
    """The report's main figures in one line."""
    keys = ["students", "clicks", "errors", "p50_s", "p95_s", "max_s", "kernel_mib"]
    keys += ["total_mib", "start_s", "start_s_max", "cpu_busy_percent"]
    keys += ["held", "ran_out_first", "largest_held"]
    return "  ".join(f"{key}={result[key]}" for key in keys)


def run(settings: HubSettings, options: Options, tables: TableOptions, out: Path) -> int:
    """Start a hub, run the class on it, then the tables (unless `tables` has no
    student), stop everything (the students' accounts removed), write the
    report to `out`."""
    load_before = os.getloadavg()
    with running_hub(settings, settings.state_dir / "hub.log") as hub:
        result = asyncio.run(run_class(hub, options))
        if tables.students:
            result["tables"] = asyncio.run(run_tables(hub, tables))
    result["left_running"] = hub.leftovers
    result["errors"] += len(hub.leftovers)
    result["load_before"] = [round(x, 2) for x in load_before]
    result["load_after"] = [round(x, 2) for x in os.getloadavg()]
    result["client_cpu_s"] = round(time.process_time(), 1)
    history_path = out.with_name("loadtest-history.json")
    history = read_history(history_path)
    result.update(verdict(result, history))
    keep = ["date", "students", "errors", "p95_s", "held", "ran_out_first", "load_before"]
    history.append({key: result[key] for key in keep})
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic_write(out, (json.dumps(result, indent=2) + "\n").encode())
    atomic_write(history_path, (json.dumps(history, indent=1) + "\n").encode())
    print(summary(result))
    at_tables = result.get("tables", {"errors": 0, "error_messages": []})
    if "tables" in result:
        print(tables_summary(at_tables))
    for message in result["error_messages"] + at_tables["error_messages"]:
        print(f"error: {message}", file=sys.stderr)
    print(f"report: {out}")
    return 1 if result["errors"] or at_tables["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
