"""The command line when its output cannot be written, or it is interrupted.

Each case runs `python -m dicelab` in a real process: a full disk, a closed
stdout, a stdout that cannot encode the table, and Ctrl-C during a solve all
end with one `dicelab: ...` line on stderr and a non-zero status (or, for the
encoding, plain ASCII output), never a traceback.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dicelab.cli import encodable, main

FULL = Path("/dev/full")


def run(*args: str, stdout=subprocess.PIPE, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dicelab", *args],
        stdout=stdout,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=120,
    )


@pytest.mark.skipif(not FULL.exists(), reason="needs /dev/full")
@pytest.mark.parametrize(
    "args", [("odds", "dice-poker"), ("--help",), ("score", "solitaire", "7:11"), ("odds", "sol")]
)
def test_a_full_disk_is_one_line_and_status_1(args):
    with FULL.open("w") as full:
        done = run(*args, stdout=full)
    if args == ("odds", "sol"):  # a bad argument still says so, with status 2
        assert done.returncode == 2 and "invalid choice" in done.stderr
        return
    assert done.returncode == 1
    assert done.stderr == "dicelab: error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize("args", ["odds solitaire", "--help"])
def test_a_closed_stdout_is_one_line_and_status_1(args):
    done = subprocess.run(
        ["sh", "-c", f"'{sys.executable}' -m dicelab {args} >&-"],
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr.endswith(
        "dicelab: error: cannot write the output: standard output is closed\n"
    )


@pytest.mark.parametrize("encoding", ["cp1252", "latin-1", "ascii"])
@pytest.mark.parametrize("fmt", ["table", "markdown"])
def test_a_narrow_encoding_gets_plain_ascii(encoding, fmt):
    done = run("odds", "dice-poker", "--format", fmt, env={"PYTHONIOENCODING": encoding})
    assert done.returncode == 0 and done.stderr == ""
    assert "≈" not in done.stdout and "~" in done.stdout and "1 in 1296" in done.stdout


def test_encodable_keeps_what_fits_and_transliterates_the_rest():
    assert encodable("Pôquer ≈ 4.6%", "utf-8") == "Pôquer ≈ 4.6%"
    assert encodable("Pôquer ≈ 4.6%", "latin-1") == "Poquer ~ 4.6%"


def test_ctrl_c_in_process_is_one_line_and_status_130(monkeypatch, capsys):
    import dicelab.dice_poker.solver as solver

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(solver, "solve", interrupted)
    assert main(["solve", "dice-poker", "--ruleset", "yahtzee"]) == 130
    assert capsys.readouterr().err == "dicelab: interrupted\n"


@pytest.mark.slow
def test_ctrl_c_during_a_real_solve(tmp_path):
    """While the solver's threads work: every preset in turn (nothing printed before
    the last), Ctrl-C as soon as the first table is in the cache (the next two are
    being solved)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "dicelab", "solve", "--all", "--cache-dir", str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # as from a terminal: Ctrl-C not ignored, whatever this worker inherited (a
        # process that starts with SIGINT ignored keeps it ignored: Python then
        # installs no KeyboardInterrupt, and the solve ran to its end in two runs)
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 120
    while not list(tmp_path.glob("solver-dice-poker-*.npz")):  # the first table written
        assert process.poll() is None and time.monotonic() < deadline
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=120)
    assert (process.returncode, out, err) == (130, "", "dicelab: interrupted\n")
    assert not list(tmp_path.glob("solver-yatzy-*"))  # interrupted before the last
    assert not list(tmp_path.glob("*.tmp"))  # nothing half-written: whole tables only
