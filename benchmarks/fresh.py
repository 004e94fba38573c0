"""Timing code in a fresh Python interpreter, where nothing is imported or cached yet."""

from __future__ import annotations

import statistics
import subprocess
import sys


def fresh_seconds(code: str, repeat: int = 5) -> float:
    """The median of what `code` prints (its own timing, in seconds), each run
    in a new interpreter."""
    runs = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(repeat)
    ]
    return statistics.median(runs)


def fresh_numbers(code: str) -> list[float]:
    """The numbers `code` prints on one line, run once in a new interpreter."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return [float(word) for word in done.stdout.split()]
