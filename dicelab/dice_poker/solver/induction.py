"""Backward induction over the layers of the state space.

Layer n holds the states with n boxes filled.  The last layer (every box
filled) is worth 0; each earlier layer needs only the next one, so a layer's
states are computed together with the turn kernel of
`dicelab.dice_poker.solver.turn`, in chunks of a fixed size (the last one
padded) that reuse the same work arrays (one set per thread).
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np

from dicelab.dice_poker.solver.space import StateSpace
from dicelab.dice_poker.solver.tables import tables
from dicelab.dice_poker.solver.turn import CHUNK, Workspace, turn_values

Tick = Callable[[int], None]


def backward_induction(
    space: StateSpace, tick: Tick | None = None, workers: int = 1, chunk: int = CHUNK
) -> tuple[np.ndarray, np.ndarray]:
    """The value and second moment of every state (flat arrays over the
    space's states).  `tick(n)` is called as n more states are done.

    `workers` > 1 threads share each layer; one is the default, because
    numpy's calls on chunks this small spend much of their time waiting for
    the other thread's turn with the interpreter (two threads were no faster
    on two cores) and each thread needs its own work arrays."""
    values = np.zeros(space.states)
    seconds = np.zeros(space.states)
    bounds = [int(b) for b in space.bounds]
    if tick:
        tick(bounds[-1] - bounds[-2])  # the full card: worth 0

    local = threading.local()

    def work(start: int, stop: int) -> int:
        if not hasattr(local, "ws"):
            local.ws = Workspace(chunk, tables(space))
        index = np.minimum(np.arange(start, start + chunk), stop - 1)  # the last one padded
        mean, second = turn_values(space, values, seconds, space.unflat(index), local.ws)
        values[start:stop] = mean[: stop - start]
        seconds[start:stop] = second[: stop - start]
        return stop - start

    pool = None
    if workers > 1:
        from concurrent.futures import ThreadPoolExecutor

        pool = ThreadPoolExecutor(max_workers=workers)
    try:
        for n in range(space.boxes - 1, -1, -1):
            starts = range(bounds[n], bounds[n + 1], chunk)
            stops = [min(s + chunk, bounds[n + 1]) for s in starts]
            for done in (pool.map if pool else map)(work, starts, stops):
                if tick:
                    tick(done)  # it may raise, to stop (a Cancel button)
    finally:  # stop at once, even when interrupted: drop the chunks not begun
        if pool:
            pool.shutdown(wait=True, cancel_futures=True)
    return values, seconds
