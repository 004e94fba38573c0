"""`within(seconds)`: a block that must end in time, or fails with `TimeoutError`
instead of hanging the suite (a FIFO read by mistake blocks for ever)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


@contextmanager
def within(seconds: int) -> Iterator[None]:
    def too_long(_signum: int, _frame: Any) -> None:
        raise TimeoutError(f"not done within {seconds} s")

    before = signal.signal(signal.SIGALRM, too_long)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, before)
