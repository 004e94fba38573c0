"""The advisor's speed: `python benchmarks/advisor.py [--states N] [--repeat R]`.

1. Side by side with yatzy-solver (PyPI, compiled Rust; installed from
   constraints.txt if missing, as `solver.py` does) on the same N states of
   Scandinavian Yatzy (cards a game can reach, random dice, a fifth of them
   five of a kind, 0 to 2 rolls left: the unit tests' `random_turns`), both
   tables solved and warm: dicelab's `turn_advice` (the card checked; every
   hold or box, best first, with its expected final score, its delta and a
   hold's exact odds of every box) against yatzy-solver's
   `Solver.option_values` (every option with its value); then dicelab's
   `turn_values` alone (the values, in no order).
   Best of R passes over the N states each; per state, and the ratio.
   Goals: at most 0.15 ms a state, at most 5x yatzy-solver's time.
2. The agreement, state by state: every option's value (dicelab's less the
   points already banked) within 1e-12 of yatzy-solver's, and the same best
   option (an option within yatzy-solver's tie epsilon of the best may be
   either's choice).
3. dicelab's whole advice table (`advise`: the values, the exact odds
   beside them, the words), per state.
4. A whole game of Dice Poker advised: the optimal player's seeded game
   (the advice table's first row taken at every decision), every decision's
   table timed, and the panel's advisor on the same decisions; twice, since
   the first game in a process also makes the odds' tables (goal: the
   game's advice under 20 ms).

The figures measured on this machine are in the README.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.solver import ensure_peer
from tests.test_dice_poker_lookup import random_turns

PER_STATE_GOAL = 0.15  # ms
RATIO_GOAL = 5.0
GAME_GOAL = 20.0  # ms, every decision of a game advised
AGREE = 1e-12
# dicelab's Yatzy boxes by yatzy-solver's names where they differ
PEER_NAMES = {
    "pair": "one_pair",
    "three_kind": "three_of_a_kind",
    "four_kind": "four_of_a_kind",
    "poker": "yatzy",
}


def situation(state, hand, rolls_left: int, rules) -> str:
    """The state in yatzy-solver's notation (the filled boxes in card order)."""
    filled = ",".join(PEER_NAMES.get(b, b) for b in rules.box_ids if b in state.filled) or "-"
    dice = " ".join(map(str, hand))
    return f"dice {dice} | rolls {rolls_left} | upper {state.upper_total} | filled {filled}"


def peer_options(holds: dict, boxes: dict, banked: int) -> dict[str, float]:
    """dicelab's options in yatzy-solver's notation, the points banked taken off
    (holding all five dice is scoring: not a keep there)."""
    options = {f"score {PEER_NAMES.get(b, b)}": v - banked for b, (_p, _x, v) in boxes.items()}
    for hold, value in holds.items():
        if len(hold) < 5:
            options["keep " + (" ".join(map(str, hold)) or "-")] = value - banked
    return options


def best_of(passes: int, work) -> float:
    """The fastest of `passes` runs of `work()`, in seconds."""
    times = []
    for _ in range(passes):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)


def side_by_side(count: int, repeat: int) -> None:
    """Parts 1 to 3."""
    import yatzy_solver

    from dicelab.dice_poker.advisor import advise
    from dicelab.dice_poker.solver import solve
    from dicelab.dice_poker.values import turn_advice, turn_values

    solution = solve("yatzy", progress="none")
    rules = solution.rules
    peer = yatzy_solver.Solver.build(yatzy_solver.Variant("yatzy-scandinavian"))
    states = random_turns(rules, count, seed=2026)
    notes = [situation(*s, rules) for s in states]
    for s in states:  # the odds' tables, made on first use
        turn_advice(solution, *s)
    ours = best_of(repeat, lambda: [turn_advice(solution, *s) for s in states])
    theirs = best_of(repeat, lambda: [peer.option_values(n) for n in notes])
    values = best_of(repeat, lambda: [turn_values(solution, *s) for s in states])
    per, peer_per = 1000 * ours / count, 1000 * theirs / count
    print(f"Scandinavian Yatzy, {count} states, best of {repeat} passes, warm:")
    print(f"  dicelab turn_advice   {per:.4f} ms a state (goal <= {PER_STATE_GOAL} ms)")
    print(f"  yatzy-solver          {peer_per:.4f} ms a state")
    print(f"  ratio                 {per / peer_per:.2f} (goal <= {RATIO_GOAL:g})")
    print(f"  dicelab turn_values   {1000 * values / count:.4f} ms a state (the values alone)")
    agree, worst = 0, 0.0
    for (state, hand, rolls_left), note in zip(states, notes):
        holds, boxes = turn_values(solution, state, hand, rolls_left)
        mine = peer_options(holds, boxes, state.points(rules))
        theirs_by = dict(peer.option_values(note))
        gap = (
            max(abs(mine[o] - theirs_by[o]) for o in theirs_by)
            if set(mine) == set(theirs_by)
            else 1.0
        )
        worst = max(worst, gap)
        top = max(theirs_by.values())
        mine_best = max(mine, key=lambda o: round(mine[o], 6))
        agree += gap <= AGREE and theirs_by[mine_best] >= top - peer.tie_epsilon
    print(f"  agreement             {agree} of {count} states (largest difference {worst:.1e})")
    table = best_of(
        repeat, lambda: [advise(s, h, r, rules, solution=solution) for s, h, r in states]
    )
    print(f"  dicelab advise table  {1000 * table / count:.4f} ms a state (values, odds, words)")


def whole_game(seed: int, note: str) -> None:
    """Part 4: the optimal player's Dice Poker game, every decision advised."""
    from dicelab.dice_poker.advisor import PanelAdvisor, advise
    from dicelab.dice_poker.game import DicePokerGame
    from dicelab.dice_poker.solver import solve

    solution = solve("dice-poker", progress="none")
    panel = PanelAdvisor(solution)
    game = DicePokerGame(["Ana"], ruleset=solution.rules, seed=seed)
    tables, panels, decisions = 0.0, 0.0, 0
    while not game.is_over:
        dice = game.roll() if game.dice is None else game.dice
        start = time.perf_counter()
        table = advise(game, solution=solution)
        tables += time.perf_counter() - start
        start = time.perf_counter()
        panel.advise(game.state)
        panels += time.perf_counter() - start
        decisions += 1
        best = table.rows[0]
        if "box" in best:
            game.score(best["box"])
        elif len(best["hold"]) == 5:
            game.score(advise(game, rolls_left=0, solution=solution).rows[0]["box"])
        else:
            game.roll(hold=positions(dice, best["hold"]))
    print(
        f"\nA whole Dice Poker game advised, {note} (seed {seed}, {decisions} decisions, "
        f"final score {game.scores()['Ana']}):"
    )
    print(f"  advice tables  {1000 * tables:.1f} ms in all (goal < {GAME_GOAL:g} ms)")
    print(f"  panel advisor  {1000 * panels:.1f} ms in all")


def positions(dice: tuple[int, ...], hold: tuple[int, ...]) -> list[int]:
    """Positions of the dice that show `hold` (the first ones that match)."""
    rest, chosen = list(hold), []
    for i, face in enumerate(dice):
        if face in rest:
            rest.remove(face)
            chosen.append(i)
    return chosen


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--states", type=int, default=1000, help="states to advise")
    parser.add_argument("--repeat", type=int, default=5, help="passes over them, the best kept")
    args = parser.parse_args(argv)
    ensure_peer()
    side_by_side(args.states, args.repeat)
    whole_game(7, "the first in this process: the odds' tables made on first use")
    whole_game(8, "the next")


if __name__ == "__main__":
    main()
