"""Backward induction over the layers of the state space.

Layer n holds the states with n boxes filled.  The last layer (every box
filled) is worth 0; each earlier layer needs only the next one, so a layer's
states are computed together with the kernels of
`dicelab.dice_poker.solver.kernels`, in chunks of a fixed size (the last one
padded), by a few threads that each reuse their own work arrays.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

import numpy as np

from dicelab.dice_poker.solver.kernels import CHUNK, Workspace, turn_values
from dicelab.dice_poker.solver.space import StateSpace

Tick = Callable[[int], None]


def _order(space: StateSpace, layer: np.ndarray) -> np.ndarray:
    """States of a layer grouped by their filled lower boxes, so that a chunk
    has few distinct open boxes."""
    filled, _, _ = space.unflat(layer)
    upper_bits = sum(1 << b for b in range(space.boxes) if space.faces[b])
    return layer[np.argsort(filled & ~upper_bits, kind="stable")]


def backward_induction(
    space: StateSpace, tick: Tick | None = None, workers: int = 2, chunk: int = CHUNK
) -> tuple[np.ndarray, np.ndarray]:
    """The value and second moment of every state (flat arrays, NaN where no
    state is stored).  `tick(n)` is called as n more states are done."""
    size = int(np.prod(space.shape))
    values = np.full(size, np.nan)
    seconds = np.full(size, np.nan)
    last = space.layers[space.boxes]
    values[last] = 0.0
    seconds[last] = 0.0
    if tick:
        tick(last.size)

    local = threading.local()

    def work(part: np.ndarray) -> int:
        if not hasattr(local, "ws"):
            local.ws = Workspace(chunk, space.boxes)
        padded = np.concatenate([part, np.repeat(part[-1:], chunk - part.size)])
        filled, upper, poker_fifty = space.unflat(padded)
        mean, second = turn_values(space, values, seconds, filled, upper, poker_fifty, local.ws)
        values[part] = mean[: part.size]
        seconds[part] = second[: part.size]
        return part.size

    pool = ThreadPoolExecutor(max_workers=max(1, workers))
    try:
        for n in range(space.boxes - 1, -1, -1):
            layer = _order(space, space.layers[n])
            parts = [layer[i : i + chunk] for i in range(0, layer.size, chunk)]
            for done in pool.map(work, parts):
                if tick:
                    tick(done)  # it may raise, to stop (a Cancel button)
    finally:  # stop at once, even when interrupted: drop the chunks not begun
        pool.shutdown(wait=True, cancel_futures=True)
    return values, seconds
