"""Solitaire Dice benchmarks: `python benchmarks/solitaire.py [--games N] [--seed S]`.

Prints the time of 100,000 greedy games (target: 30 s or less), of every
exact odds table computed cold in a fresh interpreter (target: 0.2 s or
less), the peak memory of `dicelab simulate solitaire --games N` for N from
ten thousand to the maximum, ten million (target: under 300 MiB for any N,
side by side with the smallest run), then each strategy's mean score, 95%
interval, P(score >= 500) and mean game length over `--games` games (10,000
by default) with a fixed seed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from typing import Any

from fresh import fresh_seconds

COLD_ODDS = """
import time
start = time.perf_counter()
from dicelab.solitaire import odds
odds.pair_sum_table(); odds.cli_table(); odds.value_table(); odds.free_throw_table()
for discards in [(), (1, 2, 5), (1, 6)]:
    odds.sum_table(discards); odds.option_count_table(discards)
print(time.perf_counter() - start)
"""


def cold_odds_time(repeat: int = 5) -> float:
    """The median time to import the odds module and build every table, each run
    in a fresh interpreter (so nothing is cached)."""
    return fresh_seconds(COLD_ODDS, repeat)


PEAK = """
import resource, subprocess, sys, time
start = time.perf_counter()
subprocess.run([sys.executable, "-m", "dicelab", "simulate", "solitaire", "--games", "{games}",
                "--seed", "1"], check=True, stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, time.perf_counter() - start)
"""


def simulation_peak(games: int) -> tuple[float, float]:
    """Peak memory (MiB) and seconds of one `dicelab simulate` run of `games` games,
    in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-c", PEAK.format(games=games)], capture_output=True, text=True, check=True
    )
    kib, seconds = done.stdout.split()
    return int(kib) / 1024, float(seconds)


def timed_simulation(strategy: str, games: int, seed: int) -> tuple[float, Any]:
    """The wall time of one simulation, and its result."""
    from dicelab.solitaire.simulate import simulate

    start = time.perf_counter()
    result = simulate(strategy, games=games, seed=seed)
    return time.perf_counter() - start, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument(
        "--memory-games",
        default="10000,100000,1000000,10000000",
        help="the numbers of games whose peak memory is measured",
    )
    args = parser.parse_args()

    from dicelab.solitaire.tables import option_tables

    start = time.perf_counter()
    option_tables()
    setup = time.perf_counter() - start
    greedy_time, _ = timed_simulation("greedy", 100_000, args.seed)
    odds_time = cold_odds_time()
    rows = [
        ("option tables, built once", setup, None),
        ("100,000 greedy games", greedy_time, 30.0),
        ("every exact odds table, cold (fresh interpreter)", odds_time, 0.2),
    ]
    print(f"{'benchmark':<50} {'seconds':>9} {'target':>8}  ok")
    for name, seconds, target in rows:
        goal = f"<= {target:g}" if target else ""
        ok = "" if target is None else ("yes" if seconds <= target else "NO")
        print(f"{name:<50} {seconds:>9.3f} {goal:>8}  {ok}")

    print("\npeak memory of `dicelab simulate solitaire --games N` (target: < 300 MiB for any N)")
    print(f"{'games':>12} {'peak MiB':>9} {'x smallest':>11} {'seconds':>8}  ok")
    smallest = None
    for games in (int(n) for n in args.memory_games.split(",")):
        peak, seconds = simulation_peak(games)
        smallest = smallest or peak
        ok = "yes" if peak < 300 else "NO"
        print(f"{games:>12,} {peak:>9.0f} {peak / smallest:>11.2f} {seconds:>8.1f}  {ok}")

    print(f"\n{args.games:,} games per strategy, seed {args.seed}:\n")
    print("| strategy | mean score | 95% CI | P(score ≥ 500) | mean rolls | seconds |")
    print("|---|---|---|---|---|---|")
    for strategy in ("random", "greedy", "planner", "search"):
        seconds, result = timed_simulation(strategy, args.games, args.seed)
        low, high = result.ci95
        print(
            f"| {strategy} | {result.mean:.1f} | {low:.1f} to {high:.1f} | "
            f"{result.p500:.2%} | {result.mean_rolls:.2f} | {seconds:.1f} |"
        )


if __name__ == "__main__":
    main()
