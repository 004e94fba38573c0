"""Long work off the kernel's main thread, so a panel never freezes.

`BackgroundTask(work, on_done, on_error)` runs `work(progress)` in a thread;
`progress` is a `TaskProgress` the work reports to (and which raises
`Cancelled` once `cancel()` was asked, at the next report).  Progress,
the result and any error come back through `on_main`: on the kernel's own
event loop when there is one (so widgets are only ever changed from the main
thread), directly otherwise (in plain Python and in tests, which `join()`).

>>> results = []
>>> task = BackgroundTask(lambda progress: 6 * 7, results.append, print)
>>> task.start(); task.join(); results
[42]
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from dicelab.core.ui.progress import Progress
from dicelab.errors import DicelabError


class Cancelled(DicelabError):
    """The work was cancelled (by the Cancel button)."""


def on_main(callback: Callable[[], None]) -> None:
    """Run `callback` on the kernel's main thread (soon), or now outside a kernel."""
    shell = sys.modules.get("IPython")
    ip = getattr(shell, "get_ipython", lambda: None)() if shell is not None else None
    loop = getattr(getattr(ip, "kernel", None), "io_loop", None)
    if loop is None:
        callback()
    else:
        loop.add_callback(callback)


class TaskProgress(Progress):
    """Counts work done; shows it through `show(done, total)` on the main thread
    (at most every `every` seconds); raises `Cancelled` once cancelled."""

    def __init__(self, show: Callable[[int, int], None], every: float = 0.2) -> None:
        super().__init__(1)
        self._show_on_main, self._every, self._last = show, every, 0.0
        self.cancelled = threading.Event()

    def _show(self) -> None:
        if self.cancelled.is_set():
            raise Cancelled("cancelled")
        now = time.monotonic()
        if now - self._last >= self._every or self.done >= self.total:
            self._last = now
            done, total = self.done, self.total
            on_main(lambda: self._show_on_main(done, total))


class BackgroundTask:
    """`work(progress)` in a daemon thread; `on_done(result)` or `on_error(error)`
    on the main thread afterwards (a `Cancelled` error when it was cancelled)."""

    def __init__(
        self,
        work: Callable[[TaskProgress], Any],
        on_done: Callable[[Any], None],
        on_error: Callable[[BaseException], None],
        on_progress: Callable[[int, int], None] = lambda done, total: None,
    ) -> None:
        self.progress = TaskProgress(on_progress)
        self._work, self._on_done, self._on_error = work, on_done, on_error
        self._thread = threading.Thread(target=self._run, daemon=True, name="dicelab-task")

    def start(self) -> None:
        """Begin the work."""
        self._thread.start()

    @property
    def running(self) -> bool:
        """Whether the work has started and not ended."""
        return self._thread.is_alive()

    def cancel(self) -> None:
        """Ask the work to stop at its next progress report."""
        self.progress.cancelled.set()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the work to end (tests, scripts)."""
        self._thread.join(timeout)

    def _run(self) -> None:
        try:
            result = self._work(self.progress)
        except BaseException as error:  # handed to on_error on the main thread
            failure = error
            on_main(lambda: self._on_error(failure))
        else:
            on_main(lambda: self._on_done(result))
