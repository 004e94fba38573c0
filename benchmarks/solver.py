"""Solver benchmarks: `python benchmarks/solver.py` (about a minute).

Each solve runs in a fresh subprocess with an empty temporary cache, and
reports its wall time and peak memory (ru_maxrss of that subprocess).  Then
the advice query time with the dice-poker table loaded from that cache.

Targets: dice-poker <= 60 s (goal 20 s) and <= 2 GiB; yatzy <= 30 s; an
advice query <= 20 ms with the table loaded.  Published values: yahtzee
254.5877 (forced joker), 254.5896 (free joker: any box, fixed points once
the face's box is filled), 245.8708 (neither bonus nor joker); yatzy 248.44.

The figures measured on this machine are in the README.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time

SOLVE = """
import json, resource, sys, time
from dicelab.dice_poker.solver import solve
name, settings = sys.argv[1], json.loads(sys.argv[2])
start = time.perf_counter()
solution = solve(name, progress="none", **settings)
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({**solution.summary(), "wall": seconds, "peak_mib": peak,
                  "from_cache": solution.from_cache}))
"""

CASES = [
    ("dice-poker", {}, None),
    ("yatzy", {}, 248.44),
    ("yahtzee", {}, 254.5877),
    ("yahtzee", {"joker": "free"}, 254.5896),
    ("yahtzee", {"poker_bonus": 0, "joker": "none"}, 245.8708),
]


def solve_in_subprocess(name: str, settings: dict, cache: str) -> dict:
    """Solve one ruleset in a fresh interpreter; its summary, time and memory."""
    env = {**__import__("os").environ, "DICELAB_CACHE_DIR": cache}
    out = subprocess.run(
        [sys.executable, "-c", SOLVE, name, json.dumps(settings)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    return json.loads(out.stdout)


def advice_times(cache: str, queries: int = 300) -> dict:
    """Advice queries on random hands and states, with the dice-poker table loaded."""
    import os

    os.environ["DICELAB_CACHE_DIR"] = cache
    import numpy as np

    from dicelab.dice_poker.advisor import advise
    from dicelab.dice_poker.rules import get_ruleset
    from dicelab.dice_poker.solver import CardState, solve

    start = time.perf_counter()
    solution = solve("dice-poker", progress="none")
    load = time.perf_counter() - start
    assert solution.from_cache
    rules = get_ruleset("dice-poker")
    rng = np.random.default_rng(0)
    for rolls_left in (0, 1, 2):  # first calls build the odds module's tables
        advise(CardState(), [1, 2, 3, 4, 5], rolls_left, rules, solution=solution)
    times = []
    for _ in range(queries):
        filled = frozenset(b for b in rules.box_ids if rng.random() < 0.4) - {"chance"}
        state = CardState(filled, 0, "poker" in filled and bool(rng.random() < 0.5))
        dice = rng.integers(1, 7, size=5).tolist()
        rolls_left = int(rng.integers(0, 3))
        start = time.perf_counter()
        advise(state, dice, rolls_left, rules, solution=solution)
        times.append(time.perf_counter() - start)
    times.sort()
    return {
        "load": load,
        "median": statistics.median(times),
        "p95": times[int(0.95 * len(times))],
        "max": times[-1],
    }


def main() -> None:
    print(f"{'ruleset':<34} {'expected':>10} {'std':>8} {'states':>9} {'seconds':>8} {'MiB':>6}")
    with tempfile.TemporaryDirectory() as cache:
        for name, settings, published in CASES:
            r = solve_in_subprocess(name, settings, cache)
            label = name + ("".join(f" {k}={v}" for k, v in settings.items()))
            note = f"  (published {published})" if published else ""
            print(
                f"{label:<34} {r['expected_score']:>10.4f} {r['std']:>8.4f} {r['states']:>9} "
                f"{r['wall']:>8.2f} {r['peak_mib']:>6.0f}{note}"
            )
        t = advice_times(cache)
        print(
            f"\ndice-poker table loaded from the cache in {t['load']:.3f} s; advice query: "
            f"median {1000 * t['median']:.2f} ms, 95% {1000 * t['p95']:.2f} ms, "
            f"max {1000 * t['max']:.2f} ms"
        )


if __name__ == "__main__":
    main()
