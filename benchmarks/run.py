"""Benchmarks: `make bench` (or `python benchmarks/run.py`).

Prints, side by side in one run, the time of dicelab's single-roll table,
its three-roll table, icepool computing the same single-roll facts, and the
cost of `import dicelab`, against the targets in the README.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from fractions import Fraction

from fresh import fresh_seconds


def timed(work: Callable[[], object], repeat: int = 5) -> float:
    """The best wall time of `repeat` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best


def clear_caches() -> None:
    """Forget every cached table, so that the next call is cold."""
    from dicelab.core.dice.hands import dice_space
    from dicelab.dice_poker.odds import reroll_plan
    from dicelab.dice_poker.rules import qualify_table, score_table

    for cached in (dice_space, reroll_plan, qualify_table, score_table):
        cached.cache_clear()


def cold(work: Callable[[], object]) -> Callable[[], object]:
    """`work` preceded by clearing the caches (the clearing is not timed apart)."""

    def run() -> object:
        clear_caches()
        return work()

    return run


def import_time(repeat: int = 5) -> float:
    """The median time of `import dicelab` in a fresh interpreter."""
    code = "import time; t = time.perf_counter(); import dicelab; print(time.perf_counter() - t)"
    return fresh_seconds(code, repeat)


def icepool_single_roll() -> dict[str, Fraction]:
    """The single-roll chances of the pattern boxes, computed by icepool."""
    import icepool

    pool = icepool.d6.pool(5)
    largest, straight, shapes = pool.largest_count(), pool.largest_straight(), pool.all_counts()

    def chance(die, test) -> Fraction:
        return Fraction(sum(q for o, q in die.items() if test(o)), die.denominator())

    return {
        "pair": chance(largest, lambda c: c >= 2),
        "two_pairs": chance(shapes, lambda s: sum(c >= 2 for c in s) >= 2),
        "three_kind": chance(largest, lambda c: c >= 3),
        "four_kind": chance(largest, lambda c: c >= 4),
        "full_house": chance(shapes, lambda s: s == (3, 2)),
        "small_straight": chance(straight, lambda n: n >= 4),
        "large_straight": chance(straight, lambda n: n == 5),
        "poker": chance(largest, lambda c: c == 5),
        "chance (mean)": Fraction(pool.sum().mean()),
    }


def main() -> None:
    from dicelab.dice_poker.odds import single_roll_table, turn_table

    single = single_roll_table()
    rows = [
        ("import dicelab (fresh interpreter, median)", import_time(), 0.3),
        ("single-roll table, all boxes, warm", timed(single_roll_table, 50), 0.005),
        ("single-roll table, all boxes, cold", timed(cold(single_roll_table)), None),
        (
            "three-roll table, all boxes (P and E), cold",
            timed(cold(lambda: turn_table(rolls=3))),
            1.0,
        ),
        ("three-roll table, all boxes, warm", timed(lambda: turn_table(rolls=3), 20), None),
        ("icepool: same single-roll facts, cold", timed(icepool_single_roll, 1), None),
    ]
    print(f"{'benchmark':<46} {'seconds':>10} {'target':>8}  ok")
    for name, seconds, target in rows:
        goal = f"< {target:g}" if target else ""
        ok = "" if target is None else ("yes" if seconds < target else "NO")
        print(f"{name:<46} {seconds:>10.4f} {goal:>8}  {ok}")
    facts = icepool_single_roll()
    agree = all(
        single.value(box, "probability") == p
        for box, p in facts.items()
        if box in single.column("probability")
    )
    agree &= single.value("chance", "expected_score") == facts["chance (mean)"]
    print(f"\nicepool and dicelab agree on every single-roll fact: {agree}")
    three = turn_table(rolls=3)
    print(
        f"P(five of a kind within three rolls) = {three.value('poker', 'probability')}"
        f" = 2783176/60466176: {three.value('poker', 'probability') == Fraction(2783176, 60466176)}"
    )
    print()
    print(single.to_text())
    print()
    print(three.to_text())


if __name__ == "__main__":
    main()
