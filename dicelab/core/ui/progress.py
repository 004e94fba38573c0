"""A tiny progress bar: text on a terminal, an ipywidgets bar in Jupyter.

>>> with progress_bar(10, "counting", kind="none") as bar:
...     bar.update(4)
...     bar.update(6)
>>> bar.done
10

`kind` is "auto" (a widget in a Jupyter kernel, text when stderr is a
terminal, else nothing), "text", "widget" or "none".  ipywidgets is
imported only when a widget bar is made.
"""

from __future__ import annotations

import sys
import time
from typing import IO, Any

from dicelab.errors import SettingsError

KINDS = ("auto", "text", "widget", "none")


def in_kernel() -> bool:
    """Whether this code runs in a Jupyter kernel."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    ip = getattr(shell, "get_ipython", lambda: None)()
    return ip is not None and "IPKernelApp" in getattr(ip, "config", {})


class Progress:
    """Counts work done out of `total`; subclasses show it."""

    def __init__(self, total: int, description: str = "") -> None:
        self.total = max(int(total), 1)
        self.description = description
        self.done = 0

    def update(self, n: int = 1) -> None:
        """Record `n` more units of work done."""
        self.done = min(self.total, self.done + int(n))
        self._show()

    def close(self) -> None:
        """The work is finished (or abandoned)."""

    def _show(self) -> None:
        pass

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class TextProgress(Progress):
    """`description [#####.....]  50%` redrawn in place on a stream (stderr)."""

    def __init__(
        self, total: int, description: str = "", stream: IO[str] | None = None, width: int = 30
    ) -> None:
        super().__init__(total, description)
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self._last = 0.0
        self._closed = False
        self._show(force=True)

    def _show(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self._last < 0.1 and self.done < self.total:
            return
        self._last = now
        filled = self.width * self.done // self.total
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r{self.description} [{bar}] {100 * self.done // self.total:3d}%")
        self.stream.flush()

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            self._show(force=True)
            self.stream.write("\n")
            self.stream.flush()


class WidgetProgress(Progress):
    """An `ipywidgets.IntProgress`: a new one shown in the notebook, or `bar`, one
    that a panel already shows."""

    def __init__(self, total: int, description: str = "", bar: Any = None) -> None:
        super().__init__(total, description)
        if bar is None:
            import ipywidgets
            from IPython.display import display

            bar = ipywidgets.IntProgress()
            display(bar)
        self.bar: Any = bar
        self.bar.min, self.bar.value, self.bar.max = 0, 0, self.total
        self.bar.description, self.bar.bar_style = description, ""

    def _show(self) -> None:
        self.bar.value = self.done

    def close(self) -> None:
        self.bar.value = self.done
        self.bar.bar_style = "success" if self.done >= self.total else "warning"


def progress_bar(total: int, description: str = "", kind: Any = "auto") -> Progress:
    """A progress bar of the kind asked (True is "auto"; False or None is "none"),
    in an existing `ipywidgets.IntProgress` passed as `kind`, or a `Progress`
    passed as `kind` (counting from 0 again)."""
    if isinstance(kind, Progress):
        kind.total, kind.description, kind.done = max(int(total), 1), description, 0
        return kind
    if hasattr(kind, "bar_style"):
        return WidgetProgress(total, description, bar=kind)
    if kind is True:
        kind = "auto"
    if kind in (False, None):
        kind = "none"
    if kind not in KINDS:
        raise SettingsError(f"progress must be one of {', '.join(KINDS)}, not {kind!r}")
    if kind == "auto":
        kind = "widget" if in_kernel() else "text" if sys.stderr.isatty() else "none"
    if kind == "text":
        return TextProgress(total, description)
    if kind == "widget":
        return WidgetProgress(total, description)
    return Progress(total, description)
