"""The solver's compiled turn kernel (`turn_kernel.c`, the module `_turn`): built,
and the same as numpy's."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import replace

import numpy as np
import pytest

from dicelab.dice_poker.rules import get_ruleset
from dicelab.dice_poker.solver import cache, compiled
from dicelab.dice_poker.solver.induction import backward_induction
from dicelab.dice_poker.solver.space import state_space

pytestmark = pytest.mark.usefixtures("private_solver_cache")


def test_the_extension_is_built():
    """`make test` installs with a C compiler: a build that failed (silently,
    the extension being optional) must not leave the solver on numpy."""
    from dicelab.dice_poker.solver import _turn

    assert compiled.extension() is _turn
    assert compiled.available()


def test_importing_dicelab_loads_no_extension():
    """Only solving loads it."""
    code = (
        "import sys, dicelab, dicelab.cli, dicelab.dice_poker.solver; "
        "print(sorted(m for m in sys.modules if m.endswith('._turn')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _reduced(name: str, drop: tuple[str, ...], **settings):
    rules = get_ruleset(name, **settings)
    boxes = tuple(b for b in rules.boxes if b.id not in drop)
    return replace(rules, name=f"{name}-{len(boxes)}", boxes=boxes)


RULESETS = [
    # (ruleset, why it is here)
    (_reduced("yahtzee", ("ones", "twos", "threes")), "forced joker, upper bonus"),
    (_reduced("yahtzee", ("fours", "chance"), joker="free"), "free joker"),
    (_reduced("yahtzee", ("ones", "sixes"), joker="none", poker_bonus=0), "neither"),
    (_reduced("yatzy", ("ones", "twos", "chance")), "Scandinavian"),
    (
        _reduced("yatzy", ("ones", "fives", "sixes"), joker="forced", poker_bonus=50),
        "joker needs the 50",
    ),
    (_reduced("dice-poker", ("ones", "twos", "threes", "fours")), "Dice Poker's own boxes"),
    (pytest.param(get_ruleset("yahtzee"), marks=pytest.mark.slow), "a whole game"),
]


@pytest.mark.parametrize("rules", [r for r, _ in RULESETS], ids=[w for _, w in RULESETS])
@pytest.mark.slow
def test_compiled_kernel_equals_the_numpy_kernel(rules):
    """Every state's value and second moment, to the last bit: the same
    arithmetic in the same order, and the same choices (a different choice
    between two options of equal means would show in the second moment)."""
    space = state_space(rules)
    ours = backward_induction(space, kernel="compiled", workers=2)
    numpy_kernel = backward_induction(space, kernel="numpy")
    assert np.array_equal(ours[0], numpy_kernel[0])
    assert np.array_equal(ours[1], numpy_kernel[1])


def test_threads_and_pieces_do_not_change_the_values():
    space = state_space(_reduced("yahtzee", ("ones", "twos")))
    one = backward_induction(space, kernel="compiled", workers=1)
    three = backward_induction(space, kernel="compiled", workers=3)
    assert np.array_equal(one[0], three[0]) and np.array_equal(one[1], three[1])


def test_every_state_is_ticked_once():
    space = state_space(get_ruleset("yahtzee"))
    done: list[int] = []
    values, _ = backward_induction(space, done.append)  # the empty card is state 0
    assert sum(done) == space.states
    assert values[0] == pytest.approx(254.5877, abs=1e-4)  # the published value


def test_solve_stops_when_the_progress_bar_raises():
    """A Cancel button: the pieces not begun are dropped."""

    class Cancelled(Exception):
        pass

    ticks: list[int] = []

    def tick(done: int) -> None:
        ticks.append(done)
        if len(ticks) == 5:
            raise Cancelled

    with pytest.raises(Cancelled):
        backward_induction(state_space(get_ruleset("yahtzee")), tick)
    assert len(ticks) == 5


def test_unknown_kernel():
    with pytest.raises(ValueError, match="kernel must be one of"):
        backward_induction(state_space(get_ruleset("yahtzee")), kernel="numba")


def test_bad_tables_are_refused():
    """The kernel checks every table once, so that it never reads out of bounds."""
    module = compiled.extension()
    assert module is not None
    space = state_space(_reduced("yahtzee", ("ones", "twos", "threes")))
    kernel = compiled.kernel(space)
    with pytest.raises(ValueError, match="one float64 per state"):
        kernel.run(np.zeros(3), np.zeros(3), 0, 1, b"", b"")
    with pytest.raises(ValueError, match="range of filled sets"):
        values = np.zeros(space.states)
        kernel.run(values, values.copy(), 5, 2**20, b"", b"")
    with pytest.raises(ValueError, match="legal and points"):
        values = np.zeros(space.states)
        kernel.run(values, values.copy(), 0, 1, b"", b"")
    with pytest.raises(ValueError, match="table"):
        compiled.build(replace(space, order=space.order[::-1] + 1))


def test_a_solve_process_stays_light(tmp_path):
    """`dicelab solve` loads neither OpenSSL (hashlib) nor numpy.random nor
    numpy.ma: 3 to 6 MiB each, the memory of a whole table (benchmarks/solver.py)."""
    code = (
        "import sys; from dataclasses import replace; from dicelab.cli import build_parser; "
        "from dicelab.dice_poker.rules import get_ruleset; "
        "from dicelab.dice_poker.solver import solve; build_parser(); "
        "rules = get_ruleset('yahtzee'); "
        "solve(replace(rules, name='y3', boxes=rules.boxes[-3:]), progress='none'); "
        "print(sorted({'_hashlib', 'numpy.random', 'numpy.ma', '_turn'} & "
        "{m.rpartition('solver.')[2] for m in sys.modules}))"
    )
    env = {**os.environ, "DICELAB_CACHE_DIR": str(tmp_path)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert out.stdout.strip() == "['_turn']"
    assert list(tmp_path.glob("solver-y3-*.npz"))  # cached, with its checksum


def test_the_cache_digest_without_hashlib(monkeypatch):
    """Python's own sha256 when hashlib is not loaded: the same digest."""
    import hashlib

    expected = hashlib.sha256(b"dicelab").hexdigest()
    monkeypatch.delitem(sys.modules, "hashlib")
    ours = cache.sha256(b"dicelab")
    assert "hashlib" not in type(ours).__module__
    assert ours.hexdigest() == expected
