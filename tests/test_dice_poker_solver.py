"""The optimal-play solver: state space, reward tables, exact checks, published values, cache."""

from __future__ import annotations

import io
import json
import math
import os
import warnings
from dataclasses import replace
from fractions import Fraction

import numpy as np
import pytest

from dicelab.core.dice.hands import dice_space
from dicelab.core.ui.progress import Progress, TextProgress, progress_bar
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.rules import (
    RULESETS,
    box_options,
    get_ruleset,
    poker_bonus_due,
)
from dicelab.dice_poker.solver import (
    FORMAT_VERSION,
    CacheWarning,
    CardState,
    cache_dir,
    clear_memory,
    solve,
)
from dicelab.dice_poker.solver import cache as solver_cache
from dicelab.dice_poker.solver.bruteforce import ExactSolver
from dicelab.dice_poker.solver.rewards import ILLEGAL, legal_points
from dicelab.dice_poker.solver.space import keep_lattice, state_space
from dicelab.errors import SettingsError
from tests.limits import within

HANDS = dice_space(5).hands


pytestmark = pytest.mark.usefixtures("private_solver_cache")


def reduced(name: str, open_boxes: tuple[str, ...], **settings) -> object:
    """A preset with only some boxes (the others count as filled)."""
    full = get_ruleset(name, **settings)
    boxes = tuple(b for b in full.boxes if b.id in open_boxes)
    return replace(full, name=f"{name}-{'-'.join(open_boxes)}", boxes=boxes)


# --- the state space ---------------------------------------------------------------


def test_state_counts_and_pruning():
    assert state_space(get_ruleset("dice-poker")).states == 1423104
    assert state_space(get_ruleset("yahtzee")).states == 359616
    yatzy = state_space(get_ruleset("yatzy"))
    assert yatzy.states == 958976 and not yatzy.fifty_matters  # no bonus, no joker
    # far fewer than every (filled set, upper total, flag)
    assert state_space(get_ruleset("dice-poker")).states < 2**15 * 65 * 2 / 2.9


def test_canonical_upper_total():
    space = state_space(get_ruleset("yahtzee"))
    assert space.canonical(0, 80) == 63  # capped at the threshold
    sixes_open = 0b011111  # ones .. fives filled: only Sixes may still add upper points
    assert space.canonical(sixes_open, 33) == 33  # 33 + 30 >= 63: the bonus is still possible
    assert space.canonical(sixes_open, 32) == 0  # out of reach: plays like 0
    assert space.reach[0].tolist() == [True] + [False] * 63  # nothing filled: upper total 0


def test_keep_lattice_tables():
    w = keep_lattice()
    assert [len(level) for level in w.keeps] == [1, 6, 21, 56, 126, 252]
    assert w.keeps[5] == HANDS and int(w.weights.sum()) == 6**5
    assert [w.keeps[5][i] for i in w.five_kind] == [(f,) * 5 for f in range(1, 7)]
    for j in range(5):  # children: add one die
        for d in range(6):
            for i, keep in enumerate(w.keeps[j]):
                assert w.keeps[j + 1][w.children[j][d, i]] == tuple(sorted((*keep, d + 1)))


# --- reward tables against rules.py ---------------------------------------------------


def _random_card(rules, rng) -> dict:
    card = {}
    for box in rules.box_ids:
        card[box] = None if rng.random() < 0.5 else 0
    if card["poker"] is not None:
        card["poker"] = int(rng.choice([0, 50]))
    if all(v is not None for v in card.values()):
        card[rules.box_ids[int(rng.integers(len(rules.box_ids)))]] = None
    return card


@pytest.mark.parametrize(
    "name, settings",
    [
        ("dice-poker", {}),
        ("dice-poker", {"joker": "free"}),
        ("dice-poker", {"joker": "none"}),
        ("yahtzee", {}),
        ("yahtzee", {"joker": "free"}),
        ("yahtzee", {"joker_needs_fifty": True}),
        ("yatzy", {}),
        ("yatzy", {"joker": "forced", "poker_bonus": 50}),
    ],
)
def test_reward_tables_equal_box_options(name, settings):
    rules = get_ruleset(name, **settings)
    rng = np.random.default_rng(7)
    for _ in range(40):
        card = _random_card(rules, rng)
        filled = sum(1 << b for b, box in enumerate(rules.box_ids) if card[box] is not None)
        points, bonus = legal_points(rules, filled, card["poker"] == 50)
        for h, hand in enumerate(HANDS):
            options = box_options(rules, card, hand)
            table = {rules.box_ids[b]: int(points[b, h]) for b in range(len(rules.boxes))}
            assert {b: p for b, p in table.items() if p != ILLEGAL} == options, (card, hand)
            assert int(bonus[h]) == poker_bonus_due(rules, card, hand)


# --- the exact solver on small games ----------------------------------------------------

SMALL_GAMES = [
    # preset, settings, open boxes, poker box (if filled), upper total so far
    ("yahtzee", {}, ("threes", "full_house", "chance"), 50, 55),  # forced joker, bonuses
    ("yahtzee", {}, ("fives", "poker", "small_straight"), None, 50),  # poker box open
    ("yahtzee", {"joker": "free"}, ("twos", "large_straight", "four_kind"), 0, 58),
    ("dice-poker", {}, ("sixes", "pair", "poker"), None, 40),
    ("dice-poker", {}, ("ones", "two_pairs", "full_house"), 50, 62),
    ("dice-poker", {}, ("fours", "three_kind", "chance"), 0, 50),  # exact ties
    ("yatzy", {}, ("ones", "pair", "poker"), None, 60),
]


@pytest.mark.parametrize("name, settings, open_boxes, poker, upper", SMALL_GAMES)
@pytest.mark.slow
def test_solver_equals_exact_fractions(name, settings, open_boxes, poker, upper):
    """Mean and second moment against the slow exact solver, which uses
    box_options and poker_bonus_due directly on a full card."""
    full = get_ruleset(name, **settings)
    solution = solve(reduced(name, open_boxes, **settings), cache=False, progress="none")
    card = {b: (None if b in open_boxes else 0) for b in full.box_ids}
    if "poker" not in open_boxes:
        card["poker"] = poker
    exact = ExactSolver(full).value(card, upper)
    state = CardState(frozenset(), upper, poker == 50)
    assert solution.future(state) == pytest.approx(float(exact.mean), abs=1e-9)
    second = solution.seconds[solution.index(state)]
    assert float(exact.second_low) - 1e-7 <= second <= float(exact.second_high) + 1e-7
    assert solution.std(state) == pytest.approx(
        math.sqrt(float(exact.second_low - exact.mean**2)), abs=0.01
    )


def test_exact_solver_one_box_games():
    rules = get_ruleset("yahtzee")
    only = {b: 0 for b in rules.box_ids}
    chance = ExactSolver(rules).value(only | {"chance": None}, 0)
    assert chance.mean == Fraction(70, 3)  # the classic 23.33 of three rolls at Chance
    poker = ExactSolver(rules).value(only | {"poker": None}, 0)
    assert poker.mean == 50 * Fraction(2783176, 60466176)  # 50 x P(five of a kind)
    assert poker.second_low == poker.second_high == 2500 * Fraction(2783176, 60466176)


# --- published values and the default ruleset ---------------------------------------------


@pytest.fixture(scope="module")
def yahtzee():
    return solve("yahtzee", progress="none")


def test_published_yahtzee_forced_joker(yahtzee):
    assert yahtzee.expected_score == pytest.approx(254.5877, abs=1e-4)
    assert yahtzee.std() == pytest.approx(59.6079, abs=1e-4)
    assert yahtzee.states == 359616


def test_published_yahtzee_without_bonus_and_joker():
    solution = solve("yahtzee", poker_bonus=0, joker="none", progress="none")
    assert solution.expected_score == pytest.approx(245.8708, abs=1e-4)


def test_published_yahtzee_free_joker():
    solution = solve("yahtzee", joker="free", progress="none")
    assert solution.expected_score == pytest.approx(254.5896, abs=1e-4)


def test_every_stored_state_is_solved(yahtzee):
    stored = np.concatenate(yahtzee.space.layers)
    assert np.isfinite(yahtzee.values[stored]).all()
    assert (yahtzee.values[stored] >= 0).all()
    assert (yahtzee.seconds[stored] >= yahtzee.values[stored] ** 2 - 1e-6).all()


def test_state_values(yahtzee):
    rules = yahtzee.rules
    full = CardState(frozenset(rules.box_ids), 63, True)
    assert yahtzee.future(full) == 0 and yahtzee.expected_final(full) == 63 + 35 + 50
    last = CardState(frozenset(rules.box_ids) - {"chance"})
    assert yahtzee.future(last) == pytest.approx(70 / 3 + 0)  # only Chance left, no bonus
    card = Scorecard.empty("yahtzee").fill("sixes", [6, 6, 6, 6, 1])
    state = CardState.from_card(card)
    assert state.points(rules) == 24
    assert yahtzee.expected_final(state) == 24 + yahtzee.future(state)
    # a dead upper total plays like 0
    ones_open = CardState(frozenset(rules.box_ids) - {"ones", "chance"}, 30)
    assert yahtzee.future(ones_open) == yahtzee.future(replace(ones_open, upper_total=40))


def test_card_state_checks():
    rules = get_ruleset("yahtzee")
    with pytest.raises(SettingsError, match="no box 'pair'"):
        CardState(frozenset({"pair"})).check(rules)
    with pytest.raises(SettingsError, match="impossible"):
        CardState(frozenset({"ones"}), 6).check(rules)
    with pytest.raises(SettingsError, match="open"):
        CardState(frozenset(), 0, True).check(rules)
    with pytest.raises(SettingsError):
        CardState("ones")
    with pytest.raises(SettingsError):
        CardState(frozenset(), -1)


# --- the disk cache ------------------------------------------------------------------


def _small():
    return reduced("yahtzee", ("sixes", "poker", "chance"))


def test_cache_dir_follows_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path / "here"))
    assert cache_dir() == tmp_path / "here"
    monkeypatch.delenv("DICELAB_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_dir() == tmp_path / "xdg" / "dicelab"


def test_cache_miss_then_hit(monkeypatch, tmp_path):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    rules = _small()
    clear_memory(rules)
    first = solve(rules, progress="none")
    assert not first.from_cache
    data, header = solver_cache.cache_paths(rules)
    assert data.parent == tmp_path and data.exists() and header.exists()
    meta = json.loads(header.read_text())
    assert meta["format"] == FORMAT_VERSION and meta["key"]["ruleset"] == rules.name
    assert meta["shapes"]["values"] == [first.states]
    assert solve(rules, progress="none") is first  # kept in memory
    clear_memory(rules)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        second = solve(rules, progress="none")
    assert second.from_cache
    stored = np.concatenate(first.space.layers)
    assert np.array_equal(second.values[stored], first.values[stored])
    assert second.expected_score == first.expected_score
    clear_memory(rules)


def _damage_values(data):
    with np.load(data, allow_pickle=False) as npz:
        arrays = {k: npz[k] for k in npz.files}
    arrays["values"][3] += 1.0
    np.savez(data, **arrays)


def _truncate(data):
    data.write_bytes(data.read_bytes()[:100])


def _old_format(header):
    meta = json.loads(header.read_text())
    meta["format"] = FORMAT_VERSION - 1
    header.write_text(json.dumps(meta))


def _other_settings(header):
    meta = json.loads(header.read_text())
    meta["key"]["upper_bonus"] = 99
    header.write_text(json.dumps(meta))


def _zero_fill(data):
    data.write_bytes(bytes(data.stat().st_size))


def _bad_shape(header):
    meta = json.loads(header.read_text())
    meta["shapes"]["values"] = [1]
    header.write_text(json.dumps(meta))


@pytest.mark.parametrize(
    "damage, why",
    [
        (lambda data, header: _damage_values(data), "checksum"),
        (lambda data, header: _truncate(data), "corrupted: not a readable table file"),
        (lambda data, header: _zero_fill(data), "corrupted: not a readable table file"),
        (lambda data, header: header.write_text("{not json"), "header is missing or unreadable"),
        (lambda data, header: header.unlink(), "header is missing or unreadable"),
        (lambda data, header: _old_format(header), "stale: format"),
        (lambda data, header: _other_settings(header), "stale: made for other settings"),
        (lambda data, header: _bad_shape(header), "shapes"),
    ],
)
def test_damaged_cache_is_rebuilt(monkeypatch, tmp_path, damage, why):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    rules = _small()
    clear_memory(rules)
    good = solve(rules, progress="none")
    data, header = solver_cache.cache_paths(rules)
    damage(data, header)
    clear_memory(rules)
    with pytest.warns(CacheWarning, match=why) as caught:
        again = solve(rules, progress="none")
    message = str(caught[0].message)
    assert message.endswith("rebuilding it") and "pickle" not in message
    assert not again.from_cache
    assert again.expected_score == good.expected_score
    clear_memory(rules)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert solve(rules, progress="none").from_cache  # rebuilt and stored again
    clear_memory(rules)


def _fifo(path):
    path.unlink()
    os.mkfifo(path)


def _to_dev_zero(path):
    path.unlink()
    path.symlink_to("/dev/zero")


def _bomb(path):
    path.write_bytes(b"[" * 200_000 + b"]" * 200_000)


@pytest.mark.parametrize(
    "damage, why",
    [
        (lambda data, header: _fifo(header), "header is missing or unreadable"),
        (lambda data, header: _to_dev_zero(header), "header is missing or unreadable"),
        (lambda data, header: _bomb(header), "header is missing or unreadable"),
        (lambda data, header: _fifo(data), "not a readable table file"),
        (lambda data, header: _to_dev_zero(data), "not a readable table file"),
    ],
)
def test_a_hostile_cache_file_is_refused_unread_and_the_table_solved(
    monkeypatch, tmp_path, damage, why
):
    """reliability-2 F19: a FIFO never hangs the reader, a link to /dev/zero is never
    read, a JSON bomb is one line; the table is solved again (and, the file not being
    replaceable, not stored: said too)."""
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    rules = _small()
    clear_memory(rules)
    good = solve(rules, progress="none")
    damage(*solver_cache.cache_paths(rules))
    clear_memory(rules)
    with within(60), pytest.warns(CacheWarning) as said:  # a hang fails, never hangs
        again = solve(rules, progress="none")
    messages = [str(w.message) for w in said]
    assert any(why in m for m in messages) and all("\n" not in m for m in messages), messages
    assert not again.from_cache and again.expected_score == good.expected_score
    clear_memory(rules)


def test_unwritable_cache_warns_and_still_solves(monkeypatch, tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(blocker / "cache"))
    rules = _small()
    clear_memory(rules)
    with pytest.warns(CacheWarning, match="could not cache"):
        solution = solve(rules, progress="none")
    assert solution.expected_score > 0
    clear_memory(rules)


def test_no_cache_reads_and_writes_nothing(monkeypatch, tmp_path):
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    solve(_small(), cache=False, progress="none")
    assert list(tmp_path.iterdir()) == []


# --- progress ----------------------------------------------------------------------


def test_text_progress_bar():
    out = io.StringIO()
    bar = TextProgress(4, "solving", stream=out, width=8)
    for _ in range(4):
        bar.update(1)
    bar.close()
    text = out.getvalue()
    assert text.startswith("\rsolving [........]   0%") and text.endswith("[########] 100%\n")


def test_progress_kinds(capsys):
    assert type(progress_bar(3, kind="none")) is Progress
    assert type(progress_bar(3, kind=False)) is Progress
    assert type(progress_bar(3, kind="auto")) is Progress  # pytest: no terminal, no kernel
    with pytest.raises(SettingsError):
        progress_bar(3, kind="fancy")
    bar = progress_bar(3, "w", kind="widget")  # works outside a kernel too
    bar.update(3)
    bar.close()
    assert bar.bar.value == 3 and bar.bar.bar_style == "success"
    capsys.readouterr()


# --- the command line ------------------------------------------------------------------


def test_cli_solve_json(yahtzee, capsys):
    from dicelab.cli import main

    assert main(["solve", "dice-poker", "--ruleset", "yahtzee", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data) == ["ruleset", "expected_score", "std", "seconds", "states"]
    assert data["ruleset"] == "yahtzee" and data["states"] == 359616
    assert data["expected_score"] == pytest.approx(254.5877, abs=1e-4)
    assert data["std"] == pytest.approx(59.6079, abs=1e-4)
    assert isinstance(data["seconds"], float)
    with pytest.warns(FutureWarning, match="now `dicelab solve dice-poker ...`"):
        assert main(["solve", "--ruleset", "yahtzee"]) == 0  # the old form, for one release
    assert "expected score  254.5877" in capsys.readouterr().out


def test_every_preset_has_a_poker_box():
    assert all("poker" in rules.box_ids for rules in RULESETS.values())


@pytest.mark.slow
def test_published_yatzy():
    """Scandinavian Yatzy: 248.44, std 38.5 (dlangk/yatzy, teemukoukkari/yatzysolver)."""
    solution = solve("yatzy", progress="none")
    assert solution.expected_score == pytest.approx(248.4400, abs=1e-4)
    assert solution.std() == pytest.approx(38.4964, abs=1e-4)
