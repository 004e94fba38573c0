"""How long the test suite takes: `python benchmarks/suite.py [--results FILE] [--run]`.

With `--run`, it runs the suite as `make test` runs its pytest part (both cores,
the solver cache built first) and times it; otherwise it reads the JUnit file
that the last `make test` wrote (build/test-results.xml).  It prints the
seconds of each part (browser tests, lessons, the hub, the wheel, the unit
tests, the doctests), summed over the workers, and the slowest 20 tests,
side by side with the goals (pytest part at most 6 minutes of wall time;
`make check` under 90 s), and writes them to build/test-times.json, so that a
slow test is seen when it lands.

>>> part_of("tests.browser.test_fit"), part_of("notebooks.12-solitaire-dice-search")
('browser', 'lessons')
>>> part_of("dicelab.solo.odds"), part_of("tests.test_hub"), part_of("tests.test_core")
('doctests', 'hub', 'unit')
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
import xml.etree.ElementTree as ElementTree
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "build" / "test-results.xml"
TIMES = ROOT / "build" / "test-times.json"
GOAL = 360.0  # s: the pytest part of `make test`, wall time on two cores
SLOWEST = 20


def part_of(classname: str) -> str:
    """The part of the suite a JUnit test case's class name belongs to."""
    if classname.startswith("tests.browser."):
        return "browser"
    if classname.startswith("notebooks."):
        return "lessons"
    if classname.startswith("dicelab."):
        return "doctests"
    return {"tests.test_hub": "hub", "tests.test_wheel": "wheel"}.get(classname, "unit")


def summary(results: Path) -> dict:
    """Each part's seconds and test count, and the slowest tests, from a JUnit file."""
    cases = list(ElementTree.parse(results).iter("testcase"))
    seconds: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    timed = []
    for case in cases:
        part, spent = part_of(case.get("classname", "")), float(case.get("time", 0))
        seconds[part] += spent
        counts[part] += 1
        timed.append((spent, f"{case.get('classname')}::{case.get('name')}"))
    timed.sort(reverse=True)
    return {
        "tests": len(cases),
        "parts": {p: {"tests": counts[p], "seconds": round(s, 1)} for p, s in seconds.items()},
        "slowest": [{"seconds": round(s, 2), "test": name} for s, name in timed[:SLOWEST]],
    }


def run_suite(results: Path) -> float:
    """Run the pytest part of `make test`; its wall-clock seconds."""
    cache = ROOT / "build" / "test-cache"
    env = {**os.environ, "DICELAB_CACHE_DIR": str(cache)}
    dicelab = [sys.executable, "-m", "dicelab"]
    subprocess.run([*dicelab, "solve", "--all", "--cache-dir", str(cache)], check=True, env=env)
    subprocess.run([*dicelab, "solve", "sly-dice", "--cache-dir", str(cache)], check=True, env=env)
    start = time.monotonic()
    pytest = [sys.executable, "-m", "pytest", "-n", "2", "--nbval"]
    options = ["--nbval-current-env", "-q", f"--junitxml={results}"]
    subprocess.run([*pytest, *options], cwd=ROOT, env=env, check=False)
    return time.monotonic() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--results", type=Path, default=RESULTS, help="a JUnit file of pytest")
    parser.add_argument("--run", action="store_true", help="run the suite first and time it")
    args = parser.parse_args(argv)
    wall = run_suite(args.results) if args.run else None
    if not args.results.exists():
        sys.exit(f"{args.results} does not exist: run make test, or this with --run")
    times = summary(args.results)
    print(f"{times['tests']} tests")
    if wall is not None:
        times["wall_seconds"] = round(wall, 1)
        print(f"pytest part: {wall:.0f} s of wall time, goal {GOAL:.0f} s: {wall / GOAL:.2f}")
    print("\nseconds by part (summed over the workers)")
    for part, row in sorted(times["parts"].items(), key=lambda kv: -kv[1]["seconds"]):
        print(f"  {part:<10}{row['tests']:>6} tests {row['seconds']:>8.1f} s")
    print(f"\nthe slowest {SLOWEST}")
    for row in times["slowest"]:
        print(f"  {row['seconds']:>7.2f} s  {row['test']}")
    TIMES.parent.mkdir(parents=True, exist_ok=True)
    partial = TIMES.with_suffix(".json.part")
    partial.write_text(json.dumps(times, indent=1) + "\n")
    partial.replace(TIMES)


if __name__ == "__main__":
    main()
