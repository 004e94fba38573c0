"""This tree against an earlier one, side by side: `python benchmarks/compare.py [--base REV]`.

`make bench` runs it against `BASE` (default: the commit before HEAD); pass
the last landed commit to see what a change costs.  The earlier tree is
checked out into a temporary git worktree; every case runs in a fresh
interpreter for each tree in turn (alternating, `--repeat` times, the
median kept), so both see the same machine load.  It prints each median
and the ratio this / base: above 1 is slower.  Only public APIs that both
trees have are timed.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CASES = {
    "import dicelab": "import dicelab",
    "Dice Poker three-roll table, cold": (
        "from dicelab.dice_poker.odds import turn_table\nturn_table('dice-poker', 3)"
    ),
    "Dice Poker hold table of one hand, cold": (
        "from dicelab.dice_poker.odds import current_turn_table\n"
        "current_turn_table([6, 6, 6, 2, 3], 2)"
    ),
    "Solitaire Dice: 100,000 greedy games": (
        "from dicelab.solitaire.simulate import simulate\nsimulate('greedy', 100_000, seed=1)"
    ),
    "Solitaire Dice: 2,000 planner games": (
        "from dicelab.solitaire.simulate import simulate\nsimulate('planner', 2_000, seed=1)"
    ),
    "Dice Poker: 2,000 greedy games": (
        "from dicelab.dice_poker.simulate import simulate\nsimulate('greedy', 2_000, 'yahtzee', 1)"
    ),
    "Dice Poker optimal solve, yahtzee, no cache": (
        "from dicelab.dice_poker.solver import solve\n"
        "solve('yahtzee', cache=False, progress='none')"
    ),
}

TIMER = """
import time
start = time.perf_counter()
{work}
print(time.perf_counter() - start)
"""


def seconds(tree: Path, work: str) -> float:
    """One run of `work` in a fresh interpreter importing dicelab from `tree`."""
    env = {**os.environ, "PYTHONPATH": str(tree), "DICELAB_CACHE_DIR": tempfile.mkdtemp()}
    done = subprocess.run(
        [sys.executable, "-c", TIMER.format(work=work)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=tempfile.gettempdir(),
    )
    return float(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default="HEAD~1", help="the earlier tree (a git revision)")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "-q", str(base), args.base], cwd=ROOT, check=True
        )
        try:
            print(f"this tree against {args.base}, median of {args.repeat} fresh runs each\n")
            print(f"{'case':<46} {'base s':>9} {'this s':>9} {'ratio':>7}")
            for name, work in CASES.items():
                runs: dict[str, list[float]] = {"base": [], "this": []}
                for _ in range(args.repeat):
                    runs["base"].append(seconds(base, work))
                    runs["this"].append(seconds(ROOT, work))
                old, new = (statistics.median(runs[k]) for k in ("base", "this"))
                print(f"{name:<46} {old:>9.3f} {new:>9.3f} {new / old:>7.2f}")
        finally:
            subprocess.run(["git", "worktree", "remove", "--force", str(base)], cwd=ROOT)


if __name__ == "__main__":
    main()
