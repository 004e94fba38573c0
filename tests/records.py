"""Seeded games of every strategy of every registered game, as records to compare.

Run as a script, it prints one line per record, `name<TAB>sha256 of the record`,
in a fixed order.  `tests/test_same_everywhere.py` runs it twice, once as the
machine is and once with numpy's vector code and OpenBLAS narrowed to an old
CPU, and asks for the same bytes: a seed is a game on every machine.

What is recorded:
- every strategy of every game in `dicelab.games.GAMES`, playing whole games
  through the engine (every seat the same strategy): the save file of each;
- every game's fast simulator (Solitaire's numpy batches, Dice Poker's, the
  Sly Dice tournament, Solo's games): every score;
- Dice Poker's solved table (the compiled kernel, and the numpy kernel on a
  smaller ruleset) to the last bit, the advisor's tables and the Solitaire
  planner's ratings, Search's values and the clairvoyant's beam.

The solver's cache is a fresh folder of this process (`DICELAB_CACHE_DIR`),
so the table is solved here, not read from another run.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import numpy as np

ENGINE_GAMES = 2  # games per strategy through the engine
PLAYERS = {"dice-poker": 2, "solitaire": 2, "sly-dice": 3, "solo": 3}

Record = tuple[str, Callable[[], Any]]


def _digest(value: Any) -> str:
    if isinstance(value, np.ndarray):
        data = value.dtype.str.encode() + str(value.shape).encode() + value.tobytes()
    elif isinstance(value, bytes):
        data = value
    elif isinstance(value, str):
        data = value.encode()
    else:
        data = json.dumps(value, sort_keys=True, default=str).encode()
    return hashlib.sha256(data).hexdigest()


def _engine_games(game: str, name: str) -> str:
    """The save files of seeded games played through the engine by `name`."""
    from dicelab.core.engine import play_out
    from dicelab.games import GAMES

    info = GAMES[game]
    players = [f"P{i + 1}" for i in range(PLAYERS[game])]
    chosen = info.strategy(name)
    saves = []
    for seed in range(ENGINE_GAMES):
        played = info.new_game(players, seed=seed)
        play_out(played, chosen, np.random.default_rng(seed))
        saves.append(played.to_json())
    return "\n".join(saves)


def _engine_records() -> Iterator[Record]:
    from dicelab.games import GAMES

    for game, info in GAMES.items():
        for name in info.strategy_names:
            yield f"engine {game} {name}", lambda g=game, n=name: _engine_games(g, n)


def _solitaire() -> Iterator[Record]:
    from dicelab.solitaire.clairvoyant import clairvoyant
    from dicelab.solitaire.planner import Planner
    from dicelab.solitaire.search import Search
    from dicelab.solitaire.sheet import Sheet
    from dicelab.solitaire.simulate import simulate
    from dicelab.solitaire.strategy import STRATEGIES

    for name in STRATEGIES:
        games = 100 if name == "search" else 500  # search decides about ten times slower
        yield f"simulate solitaire {name}", lambda n=name, g=games: simulate(n, g, seed=7).scores
    sheet = Sheet.from_marks({6: 4, 7: 3, 8: 3}, {1: 2, 2: 2, 5: 1})
    yield "planner ratings", lambda: Planner().rank(sheet, (1, 2, 4, 4, 6))
    yield "search values", lambda: Search().rank(sheet, (1, 2, 4, 4, 6))
    yield "clairvoyant", lambda: clairvoyant(4, seed=7, width=32).scores


def _reduced_ruleset() -> Any:
    from dicelab.dice_poker.rules import get_ruleset

    rules = get_ruleset("dice-poker")
    boxes = tuple(b for b in rules.boxes if b.id not in ("ones", "twos", "threes", "fours"))
    return replace(rules, name="dice-poker-reduced", boxes=boxes)


def _kernel(kernel: str) -> bytes:
    from dicelab.dice_poker.solver.induction import backward_induction
    from dicelab.dice_poker.solver.space import state_space

    values, seconds = backward_induction(state_space(_reduced_ruleset()), kernel=kernel)
    return values.tobytes() + seconds.tobytes()


def _dice_poker() -> Iterator[Record]:
    from dicelab.dice_poker.advisor import advise
    from dicelab.dice_poker.simulate import simulate
    from dicelab.dice_poker.solver import solve
    from dicelab.dice_poker.strategy import STRATEGIES

    def table() -> bytes:
        solution = solve("dice-poker", progress="none")
        return solution.values.tobytes() + solution.seconds.tobytes()

    yield "solver dice-poker", table
    for kernel in ("compiled", "numpy"):
        yield f"solver reduced {kernel}", lambda k=kernel: _kernel(k)
    for name in STRATEGIES:
        yield (
            f"simulate dice-poker {name}",
            lambda n=name: simulate(n, 200, seed=7, record=True, progress="none").records,
        )
    for dice, rolls in (((1, 2, 3, 4, 6), 2), ((2, 2, 5, 5, 6), 1), ((6, 6, 6, 1, 3), 0)):
        yield (
            f"advice {dice} {rolls}",
            lambda d=dice, r=rolls: advise(None, d, r, "dice-poker", progress="none").to_json(),
        )


def _sly_dice() -> Iterator[Record]:
    from dicelab.sly_dice.simulate import tournament

    def played() -> Any:
        result = tournament(["calculator", "honest", "random-liar"], games=20, seed=7)
        return [result.points, result.wins]

    yield "tournament sly-dice", played


def _solo() -> Iterator[Record]:
    from dicelab.solo.simulate import simulate

    bots = ["blocker", "dump-high", "keep-black", "random"]
    yield "simulate solo", lambda: repr(simulate(bots, games=6, seed=7).rounds)


def records() -> Iterator[Record]:
    """Every record, in a fixed order (made when asked for)."""
    yield from _engine_records()
    yield from _solitaire()
    yield from _dice_poker()
    yield from _sly_dice()
    yield from _solo()


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        os.environ["DICELAB_CACHE_DIR"] = cache
        os.environ.pop("DICELAB_CACHE_READONLY", None)
        for name, make in records():
            value = make()
            if isinstance(value, list) and all(isinstance(v, np.ndarray) for v in value):
                line = "".join(_digest(v) for v in value)
            else:
                line = _digest(value)
            print(f"{name}\t{_digest(line)}", flush=True)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
