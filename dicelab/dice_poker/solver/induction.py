"""Backward induction over the layers of the state space.

Layer n holds the states with n boxes filled.  The last layer (every box
filled) is worth 0; each earlier layer needs only the next one, so a
layer's states are computed in pieces by a turn kernel, written straight
into the flat arrays of values and second moments:

- the compiled kernel (`compiled`, built from `turn_kernel.c` when a C compiler
  was there at install): pieces of whole filled sets, about `PIECE` states
  each, shared by one thread per core (it runs without the interpreter's
  lock);
- else the numpy kernel (`turn`): chunks of `CHUNK` states (the last one
  padded) that reuse the same work arrays (one set per thread), on one
  thread by default, because numpy's calls on chunks this small spend
  much of their time waiting for the other thread's turn with the
  interpreter (two threads were no faster on two cores).

Both find the same values to the last bit (the tests compare them).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator

import numpy as np

from dicelab.dice_poker.solver import compiled
from dicelab.dice_poker.solver.space import StateSpace

Tick = Callable[[int], None]
PIECE = 4096  # states per piece of the compiled kernel's work: a few ms, many per layer
SETS = 64  # and filled sets at most (the five-of-a-kind options are made per filled set)
KERNELS = ("auto", "compiled", "numpy")


def backward_induction(
    space: StateSpace, tick: Tick | None = None, workers: int | None = None, kernel: str = "auto"
) -> tuple[np.ndarray, np.ndarray]:
    """The value and second moment of every state (flat arrays over the
    space's states).  `tick(n)` is called as n more states are done.

    `kernel` is "compiled", "numpy", or "auto" (the compiled one if it was
    built); `workers` threads share each layer (None: one per core for the
    compiled kernel, one for numpy's)."""
    if kernel not in KERNELS:
        raise ValueError(f"kernel must be one of {', '.join(KERNELS)}, not {kernel!r}")
    use_c = kernel == "compiled" or (kernel == "auto" and compiled.available())
    if workers is None:
        workers = _cores() if use_c else 1
    values = np.zeros(space.states)
    seconds = np.zeros(space.states)
    bounds = [int(b) for b in space.bounds]
    if tick:
        tick(bounds[-1] - bounds[-2])  # the full card: worth 0
    pieces, work = (_compiled if use_c else _numpy)(space, values, seconds)
    pool = None
    if workers > 1:
        from concurrent.futures import ThreadPoolExecutor

        pool = ThreadPoolExecutor(max_workers=workers)
    try:
        for n in range(space.boxes - 1, -1, -1):
            for done in (pool.map if pool else map)(work, *zip(*pieces(n), strict=True)):
                if tick:
                    tick(done)  # it may raise, to stop (a Cancel button)
    finally:  # stop at once, even when interrupted: drop the pieces not begun
        if pool:
            pool.shutdown(wait=True, cancel_futures=True)
    return values, seconds


def _cores() -> int:
    """The cores this process may run on."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


Pieces = Callable[[int], Iterator[tuple[int, int]]]
Work = Callable[[int, int], int]


def _compiled(space: StateSpace, values: np.ndarray, seconds: np.ndarray) -> tuple[Pieces, Work]:
    """Layer n as ranges of positions in `space.order` (whole filled sets:
    about `PIECE` states, at most `SETS` sets), and the work of one range."""
    first_state = space.start[space.order]  # increasing: every filled set has a state
    compiled.kernel(space)  # made once, before the threads

    def pieces(n: int) -> Iterator[tuple[int, int]]:
        start, stop = np.searchsorted(first_state, space.bounds[n : n + 2]).tolist()
        cuts = np.arange(int(space.bounds[n]), int(space.bounds[n + 1]), PIECE)
        cut = {*np.searchsorted(first_state, cuts).tolist(), *range(start, stop, SETS)}
        at = sorted(cut - {stop})  # (a cut within the last filled set's states)
        yield from zip(at, [*at[1:], stop], strict=True)

    def work(first: int, last: int) -> int:
        return compiled.run(space, values, seconds, first, last)

    return pieces, work


def _numpy(space: StateSpace, values: np.ndarray, seconds: np.ndarray) -> tuple[Pieces, Work]:
    """Layer n as chunks of `CHUNK` states, and the work of one chunk."""
    from dicelab.dice_poker.solver.tables import tables
    from dicelab.dice_poker.solver.turn import CHUNK, Workspace, turn_values

    local = threading.local()

    def pieces(n: int) -> Iterator[tuple[int, int]]:
        stop = int(space.bounds[n + 1])
        for start in range(int(space.bounds[n]), stop, CHUNK):
            yield start, min(start + CHUNK, stop)

    def work(start: int, stop: int) -> int:
        if not hasattr(local, "ws"):
            local.ws = Workspace(CHUNK, tables(space))
        index = np.minimum(np.arange(start, start + CHUNK), stop - 1)  # the last one padded
        mean, second = turn_values(space, values, seconds, space.unflat(index), local.ws)
        values[start:stop] = mean[: stop - start]
        seconds[start:stop] = second[: stop - start]
        return stop - start

    return pieces, work
