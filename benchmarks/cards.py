"""Card and bluffing games: `python benchmarks/cards.py [--rounds N] [--games G]`.

Solo: the time of 10,000 four-player rounds of bots in the fast simulator
(target: 60 s or less), side by side with the same rounds played through
the engine (every move checked, every snapshot validated) on a slice of
them, as a ratio; then the exact odds tables cold.  Sly Dice: the time of a
tournament of `--games` four-player games (calculator, honest, random-liar,
honest), per game; the claim game solved for all twelve cards with no cache,
in a fresh interpreter on one core (target: 60 s or less); the whole
round (rolling and set-asides too) likewise, with its peak memory (target:
10 minutes or less); and the solved bots' decisions in states they have not
solved yet (the fixed-plan bot: one small LP; the equilibrium bot: the
common roll's whole round, the first time), median and slowest, beside the
calculator's.
"""

from __future__ import annotations

import argparse
import statistics
import time

from fresh import fresh_numbers, fresh_seconds

TARGET_SOLO = 60.0  # s for 10,000 four-player rounds
TARGET_SLY_SOLVE = 60.0  # s for the claim game of all twelve cards, cold, one core
SOLVE_COLD = """
import os, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
start = time.perf_counter()
from dicelab.sly_dice.solved import solve_table
solve_table(use_cache=False)
print(time.perf_counter() - start)
"""
TARGET_SLY_ROUND = 600.0  # s for the whole round of all twelve cards, cold, one core
ROUND_COLD = """
import os, resource, time
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
start = time.perf_counter()
from dicelab.sly_dice.round_solved import solve_whole_round
solve_whole_round(use_cache=False)
print(time.perf_counter() - start, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)
"""
BOTS = ["blocker", "keep-black", "dump-high", "random"]


def solo_fast(rounds: int) -> tuple[float, int]:
    """Seconds and rounds played by the fast simulator (whole games, at least `rounds`)."""
    from dicelab.solo.simulate import simulate

    start = time.perf_counter()
    result = simulate(BOTS, games=10**6, seed=1, rounds=rounds)
    return time.perf_counter() - start, len(result.rounds)


def solo_engine(games: int) -> tuple[float, int]:
    """Seconds and rounds of `games` games played through the engine by the same bots."""
    import numpy as np

    from dicelab.core.engine import play_out
    from dicelab.solo.game import SoloGame
    from dicelab.solo.strategy import strategy

    names = [f"Seat {i + 1}" for i in range(len(BOTS))]
    players = {name: strategy(b) for name, b in zip(names, BOTS)}
    start = time.perf_counter()
    rounds = 0
    for seed in range(games):
        game = SoloGame(names, seed=seed)
        play_out(game, players, np.random.default_rng(seed))
        rounds += len(game.state.rounds)
    return time.perf_counter() - start, rounds


def odds_cold() -> float:
    """Seconds to build Solo's exact tables (no cache)."""
    from dicelab.solo import odds

    start = time.perf_counter()
    odds.no_playable_table()
    odds.no_playable_table(edition=112)
    odds.with_vs_without_table()
    odds.top_table()
    odds.penalty_distribution()
    return time.perf_counter() - start


def sly_tournament(games: int) -> float:
    """Seconds per game of a four-player Sly Dice tournament."""
    from dicelab.sly_dice.simulate import tournament

    start = time.perf_counter()
    tournament(["calculator", "honest", "random-liar", "honest"], games=games, seed=1)
    return (time.perf_counter() - start) / games


def sly_decisions(states: int = 200) -> dict[str, list[float]]:
    """Seconds of each solved bot's and the calculator's claim and accusation in
    `states` public states of all twelve cards, none of them solved before: the
    fixed-plan bot solves the state's claim game (a small LP), the equilibrium
    bot the common roll's whole round the first time it meets it (a larger one)."""
    from dicelab.sly_dice.equilibrium import public_states, stopping_hands, warm_up
    from dicelab.sly_dice.rules import DEFAULT_RULES, OWN_DICE
    from dicelab.sly_dice.seen import Seen
    from dicelab.sly_dice.strategy import strategy

    warm_up().join()  # the LP solver loaded first, as a panel with a solved bot does
    table = DEFAULT_RULES.ids
    times: dict[str, list[float]] = {"fixed-plan": [], "equilibrium": [], "calculator": []}
    for state in public_states(table, DEFAULT_RULES)[:: max(1, 1393 // states)][:states]:
        seen = Seen(state.common, state.aside, OWN_DICE - len(state.aside), table, DEFAULT_RULES)
        hidden = stopping_hands(state.common, state.aside, table, DEFAULT_RULES)[0][0]
        for name, took in times.items():
            bot = strategy(name)
            start = time.perf_counter()
            claims = bot.claim_chances(seen, hidden)
            bot.accuse_chance(seen, next(iter(claims)))
            took.append(time.perf_counter() - start)
    return times


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10_000, help="Solo rounds to simulate")
    parser.add_argument("--games", type=int, default=100, help="Sly Dice games")
    args = parser.parse_args(argv)
    seconds, rounds = solo_fast(args.rounds)
    per_10k = seconds / rounds * 10_000
    print(
        f"Solo, fast simulator: {rounds} four-player rounds in {seconds:.1f} s "
        f"({per_10k:.1f} s per 10,000; target {TARGET_SOLO:.0f} s; "
        f"ratio {per_10k / TARGET_SOLO:.2f})"
    )
    slow, slow_rounds = solo_engine(40)
    engine_per_round = slow / slow_rounds
    print(
        f"Solo, through the engine: {slow_rounds} rounds in {slow:.1f} s "
        f"({engine_per_round * 10_000:.1f} s per 10,000; "
        f"{engine_per_round / (seconds / rounds):.1f}× the fast simulator)"
    )
    print(f"Solo, every exact odds table cold: {odds_cold():.3f} s")
    print(f"Sly Dice, a four-player game of bots: {sly_tournament(args.games) * 1000:.0f} ms")
    solve = fresh_seconds(SOLVE_COLD, repeat=1)
    print(
        f"Sly Dice, the claim game of all twelve cards solved cold on one core: {solve:.1f} s "
        f"(target {TARGET_SLY_SOLVE:.0f} s; ratio {solve / TARGET_SLY_SOLVE:.2f})"
    )
    seconds, mib = fresh_numbers(ROUND_COLD)
    print(
        f"Sly Dice, the whole round of all twelve cards solved cold on one core (56 LPs, "
        f"their certificates and the bots' exploitability): {seconds:.1f} s, peak memory "
        f"{mib:.0f} MiB (target {TARGET_SLY_ROUND:.0f} s; ratio {seconds / TARGET_SLY_ROUND:.2f})"
    )
    times = {name: sorted(took) for name, took in sly_decisions().items()}
    calculated = statistics.median(times["calculator"])
    for name in ("fixed-plan", "equilibrium"):
        took = times[name]
        median = statistics.median(took)
        print(
            f"Sly Dice, the {name} bot's claim and accusation in a new state: median "
            f"{median * 1000:.1f} ms, p99 {took[int(0.99 * len(took))] * 1000:.1f} ms, "
            f"slowest {took[-1] * 1000:.1f} ms (the calculator's median: "
            f"{calculated * 1000:.1f} ms; ratio {median / calculated:.1f})"
        )


if __name__ == "__main__":
    main()
