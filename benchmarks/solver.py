"""Solver benchmarks: `python benchmarks/solver.py [--repeat N]` (a few minutes).

1. Side by side with yatzy-solver (PyPI, compiled Rust; a benchmark tool,
   never a dependency: installed here from constraints.txt if missing, or
   with `pip install -e '.[bench]'`).  For `yatzy` (Scandinavian: 15 boxes,
   50 points at 63) and `yahtzee` (forced joker), `dicelab solve` and
   yatzy-solver's `Solver.build` each run in a fresh process, dicelab with an
   empty cache, one right after the other.  Wall time of the whole process
   (interpreter, imports, solve, and dicelab writing its cache), peak memory
   (ru_maxrss of that child process), the ratios, and both expected scores.
   Repeated N times, since the machine's other work makes timings noisy: the
   best and the median ratio.  Goals: time ratio <= 1.0, memory ratio <= 2.
2. dicelab alone, every preset from an empty cache in a fresh process
   (goal: dice-poker <= 5 s).  Published values: yahtzee 254.5877 (forced
   joker), 254.5896 (free joker: any box, fixed points once the face's box is
   filled), 245.8708 (neither bonus nor joker); yatzy 248.44.
(The advisor's speed on a solved table: `advisor.py`.)

The figures measured on this machine are in the README.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PEER = "yatzy-solver"

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

PEER_SOLVE = """
import json, sys
import yatzy_solver
solver = yatzy_solver.Solver.build(yatzy_solver.Variant(sys.argv[1]))
print(json.dumps({"expected_score": solver.state_value("upper 0 | filled -")}))
"""

# (dicelab ruleset, its settings, yatzy-solver's variant of the same game)
PAIRS = [("yatzy", "yatzy-scandinavian"), ("yahtzee", "american+forced-joker")]

CASES = [
    ("dice-poker", {}, None),
    ("yatzy", {}, 248.44),
    ("yahtzee", {}, 254.5877),
    ("yahtzee", {"joker": "free"}, 254.5896),
    ("yahtzee", {"poker_bonus": 0, "joker": "none"}, 245.8708),
]


def run_child(command: list[str], env: dict[str, str] | None = None) -> dict:
    """Run a command; its JSON output, wall seconds and peak MiB (from wait4)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.PIPE, env=env, text=True)
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise RuntimeError(f"{command} failed with exit code {child.returncode}")
    return {**json.loads(out), "wall": wall, "peak_mib": usage.ru_maxrss / 1024}


def ensure_peer() -> None:
    """Install yatzy-solver (the version pinned in constraints.txt) if missing."""
    if importlib.util.find_spec("yatzy_solver") is None:
        print(f"installing {PEER} for the comparison (a benchmark tool only)")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "install",
                "--quiet",
                "-c",
                ROOT / "constraints.txt",
                PEER,
            ],
            check=True,
        )


def side_by_side(name: str, variant: str) -> dict:
    """dicelab (empty cache) then yatzy-solver, each in a fresh process."""
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "DICELAB_CACHE_DIR": cache}
        command = ["solve", "dice-poker", "--ruleset", name, "--format", "json"]
        ours = run_child([sys.executable, "-m", "dicelab", *command], env)
    theirs = run_child([sys.executable, "-c", PEER_SOLVE, variant])
    return {"ours": ours, "theirs": theirs}


def compare(repeat: int) -> None:
    """Print the side-by-side table, then the best and median ratios."""
    print(
        f"{'game':<8} {'run':>3} {'dicelab s':>9} {'peer s':>7} {'ratio':>6} "
        f"{'dicelab MiB':>11} {'peer MiB':>8} {'ratio':>6}  expected (dicelab / peer)"
    )
    for name, variant in PAIRS:
        ratios, memory = [], []
        for run in range(1, repeat + 1):
            r = side_by_side(name, variant)
            ours, theirs = r["ours"], r["theirs"]
            ratios.append(ours["wall"] / theirs["wall"])
            memory.append(ours["peak_mib"] / theirs["peak_mib"])
            print(
                f"{name:<8} {run:>3} {ours['wall']:>9.2f} {theirs['wall']:>7.2f} "
                f"{ratios[-1]:>6.2f} {ours['peak_mib']:>11.1f} {theirs['peak_mib']:>8.1f} "
                f"{memory[-1]:>6.2f}  {ours['expected_score']:.9f} / "
                f"{theirs['expected_score']:.9f}"
            )
        print(
            f"{name:<8} time ratio best {min(ratios):.2f}, median {statistics.median(ratios):.2f}; "
            f"memory ratio best {min(memory):.2f}, median {statistics.median(memory):.2f}\n"
        )


def solve_in_subprocess(name: str, settings: dict, cache: str) -> dict:
    """Solve one ruleset in a fresh interpreter; its summary, time and memory."""
    env = {**os.environ, "DICELAB_CACHE_DIR": cache}
    command = [sys.executable, "-c", SOLVE, name, json.dumps(settings)]
    out = subprocess.run(command, capture_output=True, text=True, check=True, env=env)
    return json.loads(out.stdout)


def presets() -> None:
    """Every preset alone."""
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="side-by-side runs per game")
    parser.add_argument("--only", choices=["compare", "presets"], help="one part only")
    args = parser.parse_args()
    if args.only != "presets":
        ensure_peer()
        compare(args.repeat)
    if args.only != "compare":
        presets()


if __name__ == "__main__":
    main()
