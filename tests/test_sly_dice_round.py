"""Sly Dice's whole round solved (issue 56): the occupancy LP against a brute-force
enumeration of pure strategies on reduced rounds, the certificate on real
common rolls (and that it catches a strategy that is not an equilibrium),
and the round worth at least the fixed plan's claim game to the claimer."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import linprog

from dicelab.sly_dice.equilibrium import public_states, state_solution
from dicelab.sly_dice.round_game import (
    RoundSpec,
    accuser_best,
    chance,
    claimer_best,
    hands,
    round_spec,
    solve_round,
    tiny_round,
)
from dicelab.sly_dice.rules import DEFAULT_RULES


def three_cards() -> RoundSpec:
    """Two-faced dice, two own dice, two rolls: "Pair" (4), "Has a 2" (2), "Any" (1)."""
    truths = {h: (h[0] == h[1], 2 in h, True) for h in hands(2, 2)}
    return RoundSpec(faces=2, own=2, rolls=2, points=(4, 2, 1), truths=truths, lie=3, penalty=2)


def brute_force_value(spec: RoundSpec) -> float:
    """The round's value from its normal form: every pure strategy of the claimer
    (an action at every position) against every pure strategy of the accuser
    (accuse or pass each set-asides and claim), the matrix game solved by LP."""
    positions = spec.positions
    choices = [spec.actions(seq, hidden) for seq, hidden in positions]
    finals = sorted({(seq, c) for seq, _ in positions for c in range(len(spec.points))})
    accused_rows, passed_rows = [], []
    for pure in itertools.product(*choices):
        plan = dict(zip(positions, pure))
        accused, passed = np.zeros(len(finals)), np.zeros(len(finals))
        stack = [((), h, chance(h, spec.faces)) for h in hands(spec.own, spec.faces)]
        while stack:  # follow the dice through the plan
            seq, hidden, p = stack.pop()
            kind, arg = plan[seq, hidden]
            if kind == "aside":
                after = hands(len(hidden) - 1, spec.faces)
                stack += [((*seq, arg), h, p * chance(h, spec.faces)) for h in after]
                continue
            own, i = tuple(sorted(seq + hidden)), finals.index((seq, arg))
            accused[i] += p * spec.accused(own, arg)
            passed[i] += p * spec.passed(own, arg)
        accused_rows.append(accused)
        passed_rows.append(passed)
    answers = np.array(list(itertools.product((0, 1), repeat=len(finals))))
    accused_m, passed_m = np.array(accused_rows), np.array(passed_rows)
    matrix = passed_m.sum(axis=1)[:, None] + (accused_m - passed_m) @ answers.T
    rows, cols = matrix.shape  # max over mixtures of rows of the min over columns
    cost = np.r_[np.zeros(rows), -1.0]
    a_ub = np.c_[-matrix.T, np.ones(cols)]
    a_eq = np.r_[np.ones(rows), 0.0][None, :]
    bounds = [(0, None)] * rows + [(None, None)]
    result = linprog(cost, A_ub=a_ub, b_ub=np.zeros(cols), A_eq=a_eq, b_eq=[1.0], bounds=bounds)
    assert result.status == 0
    return float(-result.fun)


@pytest.mark.parametrize("spec", [tiny_round(), three_cards()], ids=["two cards", "three cards"])
def test_the_round_s_lp_matches_its_normal_form(spec) -> None:
    solved = solve_round(spec)
    assert solved.value == pytest.approx(brute_force_value(spec), abs=1e-9)
    assert abs(solved.gap) <= 1e-9


def test_by_hand_the_tiny_round_mixes_its_claims() -> None:
    """Two two-faced dice, "Pair" (4) or "Any" (1): a 1 and a 2 on the first roll
    either claims a Pair at once or sets the 2 aside for another try."""
    solved = solve_round(tiny_round())
    mixed = solved.policy[(), (1, 2)]
    assert set(mixed) == {("claim", 0), ("aside", 2)} and 0 < mixed["claim", 0] < 1
    assert solved.accuse[(), 1] == 0  # "Any" is always true: never accused


@pytest.mark.parametrize("common", [(1, 2, 6), (3, 3, 4), (6, 6, 6)])
def test_a_real_round_is_certified_and_worth_at_least_the_fixed_plan(common) -> None:
    table = DEFAULT_RULES.ids
    solved = solve_round(round_spec(common, table, DEFAULT_RULES))
    assert abs(solved.gap) <= 1e-9
    assert solved.value == pytest.approx(solved.accuser_best, abs=1e-9)
    fixed = sum(
        (
            s.chance * state_solution(s.common, s.aside, table, DEFAULT_RULES).value
            for s in public_states(table, DEFAULT_RULES)
            if s.common == common
        ),
        Fraction(0),
    )
    share = sum(
        (s.chance for s in public_states(table, DEFAULT_RULES) if s.common == common), Fraction(0)
    )
    assert solved.value >= float(fixed / share) - 1e-9
    # the certificate has power: an accuser who never accuses is beaten,
    # a claimer who always claims its best card at once is answered
    never = dict.fromkeys(solved.accuse, 0.0)
    assert claimer_best(solved.spec, never) > solved.value + 1
    honest = {
        (seq, hidden): {("claim", _best_true(solved.spec, seq, hidden)): 1.0}
        for seq, hidden in solved.spec.positions
    }
    assert accuser_best(solved.spec, honest) < solved.value - 1


def _best_true(spec: RoundSpec, seq: tuple[int, ...], hidden: tuple[int, ...]) -> int:
    own = tuple(sorted(seq + hidden))
    true = [c for c, t in enumerate(spec.truths[own]) if t]
    return max(true, key=lambda c: spec.points[c]) if true else 0


SMALL = ("pair", "three_kind")


@pytest.fixture(scope="module")
def small_cache(tmp_path_factory):
    """A cache folder with both solutions of the two-card table, and the whole round's."""
    from dicelab.core.engine.cache import cache_folder
    from dicelab.sly_dice.round_solved import solve_whole_round

    folder = tmp_path_factory.mktemp("sly-round")
    with cache_folder(str(folder)):
        return folder, solve_whole_round(SMALL)


def test_the_whole_round_is_summed_up_certified_again_from_its_cache(small_cache, tmp_path) -> None:
    import shutil

    from dicelab.core.engine.cache import cache_folder
    from dicelab.sly_dice.round_solved import SolvedWholeRound, certify, solve_whole_round
    from dicelab.sly_dice.solved import load_cached, solve_table
    from dicelab.sly_dice.strategy import STRATEGIES

    folder, solved = small_cache
    for path in folder.iterdir():
        shutil.copy(path, tmp_path / path.name)
    with cache_folder(str(tmp_path)):
        again = solve_whole_round(SMALL)
        fixed = solve_table(SMALL)  # from the copied cache too
    assert again.from_cache and not solved.from_cache and again.value == solved.value
    assert round(solved.value, 4) == 7.4956
    assert solved.fixed_value == fixed.value and fixed.from_cache
    assert solved.value > float(solved.fixed_value)  # more choices: worth more to the claimer
    assert abs(solved.gap) <= 1e-9 and len(solved.commons) == 56
    # both best responses rebuilt from the stored strategies of every common roll: no gain
    assert max(abs(certify(record, SMALL, DEFAULT_RULES)) for record in again.commons) <= 1e-9
    assert [e.bot for e in solved.exploits] == list(STRATEGIES)
    assert all(e.as_claimer >= -1e-6 and e.as_accuser >= -1e-6 for e in solved.exploits)
    exploit = {e.bot: e for e in solved.exploits}  # the bot of the whole round: no gain
    assert abs(exploit["equilibrium"].as_claimer) + abs(exploit["equilibrium"].as_accuser) < 1e-6
    assert exploit["fixed-plan"].as_accuser > 0.1  # rolling by the plan can be read
    assert max(solved.departure_kinds.values()) - 1e-12 <= solved.departs
    assert solved.departs <= sum(solved.departure_kinds.values()) + 1e-12
    assert 0 < solved.lies < 1
    (path,) = tmp_path.glob("sly-dice-round-*.json")
    tampered = path.read_text().replace('"value": 7.', '"value": 8.', 1)
    path.write_text(tampered)
    key = json.loads(path.read_text())["key"]
    with pytest.warns(UserWarning, match="checksum mismatch"):  # then solved again
        assert load_cached(path, key, SolvedWholeRound.from_json) is None


def test_the_command_line_reports_the_whole_round(small_cache, capsys) -> None:
    from dicelab.cli import main

    argv = ["solve", "sly-dice", "--table", ",".join(SMALL), "--cache-dir", str(small_cache[0])]
    assert main([*argv, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    whole = data["whole_round"]
    assert data["table"] == list(SMALL) and whole["table"] == list(SMALL)  # both solutions
    assert whole["certificate"]["gap"] <= whole["certificate"]["tolerance"] == 1e-9
    assert whole["value"] > whole["fixed_value"]["decimal"] == data["value"]["decimal"]
    assert main(["--lang", "pt", *argv]) == 0
    text = capsys.readouterr().out
    assert "7,4956" in text and "5,7215" in text and "(do cache)" in text


def test_the_equilibrium_bot_s_claim_is_read_as_it_makes_it() -> None:
    """The panel's Bayes hint for the equilibrium bot's claim (`Bot.read_claim`)
    against every way its turn can go (its own rolling and claiming chances,
    followed die by die): the same P(true | claim), to the rounding of its chances."""
    from dicelab.sly_dice.round_play import claim_chances, rolling_chances
    from dicelab.sly_dice.seen import Seen
    from dicelab.sly_dice.strategy import strategy

    table, common = DEFAULT_RULES.ids[:5], (2, 6, 6)
    made: dict[tuple[tuple[int, ...], str, bool], Fraction] = {}
    stack = [((), h, Fraction(chance(h, 6)).limit_denominator(216)) for h in hands(3, 6)]
    while stack:
        seq, hidden, p = stack.pop()
        for face, q in rolling_chances(common, seq, hidden, table, DEFAULT_RULES).items():
            if face is None:
                own = (*common, *seq, *hidden)
                for card, r in claim_chances(common, seq, hidden, table, DEFAULT_RULES).items():
                    key = (seq, card, DEFAULT_RULES.card(card).holds(own))
                    made[key] = made.get(key, Fraction(0)) + p * q * r
                continue
            after = [
                ((*seq, face), h, p * q * Fraction(chance(h, 6)).limit_denominator(36))
                for h in hands(len(hidden) - 1, 6)
            ]
            stack += after
    bot, checked = strategy("equilibrium"), 0
    for seq, card in {(s, c) for s, c, _ in made}:
        true, false = (made.get((seq, card, t), Fraction(0)) for t in (True, False))
        seen = Seen(common, tuple(sorted(seq)), 3 - len(seq), table, DEFAULT_RULES, order=seq)
        read = bot.read_claim(seen, card)
        assert float(read.posterior) == pytest.approx(float(true / (true + false)), abs=1e-6)
        checked += 1
    assert checked >= 20
