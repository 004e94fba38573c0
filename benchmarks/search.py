"""Solitaire Dice search benchmarks: `python benchmarks/search.py [--games N] [--seed S]`.

Runs on one core (the process is pinned to CPU 0, BLAS threads set to 1):

1. **Decision time.** Search decides one roll at a time, as the panel asks it
   (`Search()(sheet, dice, options, rng)`), through every roll of
   `--decision-games` games: median, 99th percentile and slowest decision
   (targets: median 50 ms or less, p99 500 ms or less), side by side with the
   Planner's; the first decision, which builds the tables, is timed apart.
2. **Strength, paired.** Search and the Planner play the same `--games`
   games (20,000, seed 1): each one's mean, P(score >= 500), and the mean of
   the game-by-game difference with its 95% interval (goal: +40, the
   interval's low end above +20).
3. **The clairvoyant's ceiling.** A player who sees every future roll, by
   beam search (`dicelab.solitaire.clairvoyant`), on the first
   `--seer-games` of those games: its mean, game by game above Search; and
   how the mean grows with the beam's width on a few games.

Writes the chart of the final scores (the share of games scoring at least x)
of the clairvoyant, Search, the Planner and Greedy to
`docs/figures/solitaire-search-scores.svg`.
"""

from __future__ import annotations

import os

for _name in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_name] = "1"

import argparse  # noqa: E402  (the thread settings must come before numpy)
import statistics  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import numpy as np  # noqa: E402

FIGURE = Path(__file__).resolve().parent.parent / "docs" / "figures" / "solitaire-search-scores.svg"


def decision_times(strategy: Any, games: int, seed: int) -> tuple[float, list[float]]:
    """The first decision's seconds, and every later decision's seconds, as the
    strategy plays `games` games alone (dice from `seed`)."""
    from dicelab.solitaire.sheet import Sheet

    rng = np.random.default_rng(seed)
    times: list[float] = []
    for _ in range(games):
        sheet = Sheet.empty()
        while not sheet.finished:
            dice = tuple(sorted(int(d) for d in rng.integers(1, 7, 5)))
            options = sheet.options(dice)
            start = time.perf_counter()
            choice = strategy(sheet, dice, options, rng)
            times.append(time.perf_counter() - start)
            sheet = sheet.play(dice, choice)
    return times[0], times[1:]


def decision_section(games: int) -> None:
    """Print the Planner's and Search's decision times, each from cold tables."""
    from dicelab.solitaire import planner, search, tables

    for strategy in (planner.Planner(), search.Search()):
        for cached in (tables.option_tables, planner._model, search._next_options):
            cached.cache_clear()  # the first decision builds every table, cold
        first, times = decision_times(strategy, games, seed=3)
        median, p99 = statistics.median(times), percentile(times, 99)
        print(
            f"   {strategy.name:8} {len(times):,} decisions: median {1000 * median:.1f} ms, "
            f"p99 {1000 * p99:.1f} ms, slowest {1000 * max(times):.1f} ms; "
            f"first (tables built) {1000 * first:.0f} ms"
        )
    print("   targets for search: median <= 50 ms, p99 <= 500 ms")


def percentile(times: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) of the times."""
    ranked = sorted(times)
    return ranked[min(len(ranked) - 1, int(q / 100 * len(ranked)))]


def paired(a: Any, b: Any) -> tuple[float, float, float]:
    """The mean of a - b game by game, and its 95% interval."""
    diff = a.scores.astype(float) - b.scores.astype(float)
    half = 1.96 * float(np.std(diff, ddof=1)) / len(diff) ** 0.5
    mean = float(np.mean(diff))
    return mean, mean - half, mean + half


def survival_chart(results: list[Any], title: str) -> Any:
    """The share of games scoring at least x, one line per result."""
    from dicelab.core.present.svg import line_chart

    xs = list(range(-1000, 2001, 50))
    series = {
        f"{r.strategy}: mean {r.mean:.0f}, {r.games:,} games": (
            xs,
            [round(100 * float((r.scores >= x).mean()), 2) for x in xs],
        )
        for r in results
    }
    return line_chart(
        series, title, "final score x", "games scoring x or more (%)", {500: "500: a win"}
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decision-games", type=int, default=100)
    parser.add_argument("--seer-games", type=int, default=1_000)
    parser.add_argument("--width", type=int, default=1_024)
    parser.add_argument("--widths", default="64,256,1024,4096", help="the beam widths compared")
    args = parser.parse_args()
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})

    from dicelab.solitaire.clairvoyant import clairvoyant
    from dicelab.solitaire.simulate import simulate

    print("1. Decision time, one decision at a time, one core")
    decision_section(args.decision_games)

    print(f"\n2. Search against the planner, the same dice, {args.games:,} games, seed {args.seed}")
    start = time.perf_counter()
    search = simulate("search", games=args.games, seed=args.seed)
    search_seconds = time.perf_counter() - start
    planner = simulate("planner", games=args.games, seed=args.seed)
    for result in (search, planner):
        low, high = result.ci95
        print(
            f"   {result.strategy:8} mean {result.mean:.1f} (95% CI {low:.1f} to {high:.1f}), "
            f"P(score >= 500) = {100 * result.p500:.2f}%"
        )
    mean, low, high = paired(search, planner)
    print(f"   search - planner, game by game: {mean:+.1f} (95% CI {low:+.1f} to {high:+.1f})")
    print(f"   goal: +40 with the low end above +20; search took {search_seconds:.0f} s")
    wins = int((search.scores > planner.scores).sum())
    losses = int((search.scores < planner.scores).sum())
    print(f"   search scored more in {wins:,} games, less in {losses:,}")

    print(f"\n3. The clairvoyant, the first {args.seer_games:,} of those games")
    start = time.perf_counter()
    seer = clairvoyant(args.seer_games, seed=args.seed, width=args.width)
    seer_seconds = time.perf_counter() - start
    near = simulate("search", games=args.seer_games, seed=args.seed)
    low, high = seer.ci95
    gap, gap_low, gap_high = paired(seer, near)
    print(
        f"   beam width {args.width}: mean {seer.mean:.1f} (95% CI {low:.1f} to {high:.1f}), "
        f"P(score >= 500) = {100 * seer.p500:.1f}%, {seer_seconds:.0f} s"
    )
    print(
        f"   above search on the same games: {gap:+.1f} (95% CI {gap_low:+.1f} to {gap_high:+.1f})"
    )
    print(f"   never below search: {bool((seer.scores >= near.scores).all())}")
    few = min(50, args.seer_games)
    ladder = [int(w) for w in args.widths.split(",")]
    means = [clairvoyant(few, seed=args.seed, width=w).mean for w in ladder]
    print(f"   the first {few} games, mean by beam width: ", end="")
    print(", ".join(f"{w}: {m:.1f}" for w, m in zip(ladder, means)))

    FIGURE.parent.mkdir(parents=True, exist_ok=True)
    greedy = simulate("greedy", games=args.games, seed=args.seed)
    chart = survival_chart(
        [seer, search, planner, greedy], f"Solitaire Dice: final scores (seed {args.seed})"
    )
    scratch = FIGURE.with_suffix(".svg.tmp")
    scratch.write_text(chart._repr_svg_() + "\n", encoding="utf-8")
    scratch.replace(FIGURE)
    print(f"\nchart: {FIGURE}")


if __name__ == "__main__":
    main()
