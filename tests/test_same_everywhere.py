"""A seed is a game on every machine: the same records with the CPU narrowed.

`tests/records.py` plays seeded games of every strategy of every registered
game (through the engine and through each fast simulator), solves Dice
Poker with both kernels and asks the advisor and the planner; here it runs
twice, as the machine is and as an older machine would run it: numpy's
vector code limited to its baseline (`NPY_DISABLE_CPU_FEATURES`), OpenBLAS on
an old core type and one thread.  Any choice that hangs on a float's last
bits (a BLAS product, a vectorised sum, a `**`) shows as a record that
differs.  Each run also has its own string-hash seed, so an order that
depends on a set of strings shows too.
"""

from __future__ import annotations

import os
import platform
import subprocess
import sys
from pathlib import Path

import pytest

RECORDS = Path(__file__).with_name("records.py")
ROOT = RECORDS.parent.parent


def _dispatched() -> list[str]:
    """The CPU features numpy picks its vector code by, beyond its baseline."""
    from numpy._core._multiarray_umath import __cpu_dispatch__

    return list(__cpu_dispatch__)


def narrowed_env() -> dict[str, str]:
    """This environment, with numpy and OpenBLAS as on an old CPU."""
    env = dict(os.environ)
    env["NPY_DISABLE_CPU_FEATURES"] = ",".join(_dispatched())
    env["OPENBLAS_NUM_THREADS"] = "1"
    if platform.machine() in ("x86_64", "AMD64"):
        env["OPENBLAS_CORETYPE"] = "Prescott"
    return env


def _start(env: dict[str, str]) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(RECORDS)],
        env=env,
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _records(run: subprocess.Popen[str]) -> dict[str, str]:
    out, err = run.communicate(timeout=600)
    assert run.returncode == 0, err[-2000:]
    lines = [line.split("\t") for line in out.splitlines()]
    return {name: digest for name, digest in lines}


def test_the_narrowed_run_really_narrows_numpy():
    """Else the comparison below could not fail."""
    code = (
        "from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__;"
        "print(sum(__cpu_features__.get(f, False) for f in __cpu_dispatch__))"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], env=narrowed_env(), capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "0"


@pytest.mark.slow
def test_every_strategy_plays_the_same_games_on_an_older_cpu():
    default, narrowed = _start(dict(os.environ)), _start(narrowed_env())
    here, there = _records(default), _records(narrowed)
    from dicelab.games import GAMES

    for game, info in GAMES.items():
        for name in info.strategy_names:
            assert f"engine {game} {name}" in here
    assert list(here) == list(there)
    differ = [name for name in here if here[name] != there[name]]
    assert not differ, f"these records differ on the narrowed CPU: {differ}"
