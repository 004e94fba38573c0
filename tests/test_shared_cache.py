"""A class's shared solver cache: filled once by `dicelab solve --all
--cache-dir DIR`, then only read by the students' kernels, which never solve
(a table it lacks is a clear `MissingTable`, never a write error)."""

from __future__ import annotations

import json
import os
from dataclasses import replace

import pytest

import dicelab.dice_poker.cli as poker_cli
from dicelab.cli import main
from dicelab.core.engine.cache import read_only
from dicelab.dice_poker import rules as poker_rules
from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.dice_poker.solver import clear_memory, solve
from dicelab.errors import MissingTable


def small(name: str, boxes: tuple[str, ...]):
    """A preset of the panels cut to a few boxes: solved in a moment."""
    full = poker_rules.get_ruleset(name)
    return replace(full, name=f"{name}-small", boxes=tuple(b for b in full.boxes if b.id in boxes))


@pytest.fixture
def two_presets(monkeypatch):
    """The presets the panels offer, cut small (the real ones take half a minute)."""
    presets = {
        "dice-poker-small": small("dice-poker", ("chance", "sixes")),
        "yatzy-small": small("yatzy", ("chance", "poker")),
    }
    monkeypatch.setattr(poker_cli, "RULESETS", presets)
    for name, rules in presets.items():
        monkeypatch.setitem(poker_rules.RULESETS, name, rules)
        clear_memory(name)
    return presets


def test_solve_all_fills_the_folder_then_kernels_only_read_it(
    tmp_path, monkeypatch, capsys, two_presets
):
    folder = tmp_path / "class-cache"
    monkeypatch.setenv("DICELAB_CACHE_READONLY", "1")  # even so: the teacher's command writes
    environment = {
        name: os.environ.get(name) for name in ("DICELAB_CACHE_DIR", "DICELAB_CACHE_READONLY")
    }
    assert main(["solve", "--all", "--cache-dir", str(folder), "--format", "json"]) == 0
    summaries = json.loads(capsys.readouterr().out)
    assert [s["ruleset"] for s in summaries] == sorted(two_presets)
    assert len(list(folder.glob("*.npz"))) == len(two_presets)
    assert {name: os.environ.get(name) for name in environment} == environment  # as it was

    monkeypatch.setenv("DICELAB_CACHE_DIR", str(folder))  # a student's kernel
    before = {path: path.stat().st_mtime_ns for path in folder.iterdir()}
    for name in two_presets:
        clear_memory(name)
        assert solve(name, progress="none").from_cache
    assert {path: path.stat().st_mtime_ns for path in folder.iterdir()} == before


def test_a_read_only_cache_without_the_table_says_so_and_never_solves(
    tmp_path, monkeypatch, two_presets
):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("DICELAB_CACHE_READONLY", "yes")
    assert read_only()
    with pytest.raises(MissingTable, match="run `dicelab solve --all --cache-dir"):
        solve("yatzy-small", progress="none")
    assert list(tmp_path.iterdir()) == []
    assert solve("yatzy-small", cache=False, progress="none").states > 0  # asked for: no cache


@pytest.mark.parametrize(
    "flag, expected", [("", False), ("0", False), ("false", False), ("1", True)]
)
def test_the_read_only_setting(tmp_path, monkeypatch, flag, expected):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("DICELAB_CACHE_READONLY", flag)
    assert read_only() is expected


def test_the_panel_says_in_its_language_what_the_teacher_must_do(tmp_path, monkeypatch):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("DICELAB_CACHE_READONLY", "1")
    clear_memory("yatzy")
    panel = DicePokerPanel(["Ana"], ruleset="yatzy", seed=3, lang="es")
    panel.hints_toggle.value = True
    panel.hints.optimal_button.click()
    panel.solve_task.join(60)
    assert panel.message.kind == "error" and "pide al profesor" in panel.message.text
    assert panel.errors == [] and panel.advisor is None
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "argv, words",
    [
        (["solve", "--all", "--ruleset", "yatzy"], "--all solves every preset"),
        (["solve", "dice-poker", "--cache-dir", " "], "--cache-dir needs a folder"),
    ],
)
def test_bad_solve_arguments_are_one_line(argv, words, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_a_cache_folder_that_cannot_be_made_is_one_line(tmp_path, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    assert main(["solve", "--all", "--cache-dir", str(blocker / "cache")]) == 2
    err = capsys.readouterr().err
    assert "cannot make the cache folder" in err and len(err.strip().splitlines()) == 1
