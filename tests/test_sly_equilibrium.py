"""Sly Dice's claim game solved: the tiny game by hand, equilibrium conditions in
fractions, an independent LP, the public states' chances, the bots' exact
descriptions, the cache and the command line."""

from __future__ import annotations

import itertools
import json
import os
import shutil
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from scipy.optimize import linprog

from dicelab.core.dice.hands import sorted_hands, weight
from dicelab.core.engine import play_out
from dicelab.sly_dice import solved
from dicelab.sly_dice.bayes import rolling_posterior
from dicelab.sly_dice.claim_game import ClaimGame, solve, solve_linear, tiny_game
from dicelab.sly_dice.equilibrium import public_states, state_game, state_solution
from dicelab.sly_dice.game import SlyDiceGame
from dicelab.sly_dice.odds import points_plan
from dicelab.sly_dice.rules import DEFAULT_RULES, SlyRules
from dicelab.sly_dice.seen import Seen
from dicelab.sly_dice.simulate import tournament
from dicelab.sly_dice.solved import cache_path, solve_table
from dicelab.sly_dice.strategy import PLAN_ROLLERS, STRATEGIES, strategy
from tests.limits import within

SMALL = ("pair", "three_kind")  # the table of solved.py's example: solved once per session
FULL = SlyRules(start_cards=12)  # every card on the table all game: the solved game itself


def test_the_tiny_game_as_a_student_solves_it_by_hand() -> None:
    # "High" (5 or 6) is worth 4, "Any" 1; a lie not accused takes 5, a false accusation costs 5.
    # A low die claims Any (1 point, never worth accusing) or bluffs High (9 if passed, 0 if
    # accused): the accuser's chance q makes it indifferent: 1 = (1 - q) * 9.
    q = 1 - Fraction(1, 9)
    # The accuser is indifferent when the High claims hold bluffs b of the low dice:
    # accusing gives the claimer (1/3) * 9, passing (1/3) * 4 + (2/3) * b * 9.
    b = (Fraction(1, 3) * 9 - Fraction(1, 3) * 4) / (Fraction(2, 3) * 9)
    value = Fraction(1, 3) * (q * 9 + (1 - q) * 4) + Fraction(2, 3) * 1
    s = solve(tiny_game())
    assert (q, b, value) == (Fraction(8, 9), Fraction(5, 18), Fraction(94, 27))
    assert s.value == value and s.accuse == (q, 0) and s.exact and s.gap == 0
    assert s.claims == ((b, 1 - b),) * 4 + ((1, 0),) * 2


def pure_payoffs(game: ClaimGame, claims, accuse) -> tuple[Fraction, Fraction]:
    """The slow way: the claimer's best pure strategy against `accuse` (every hand
    tries every card) and the accuser's best pure strategy against `claims` (every
    subset of the cards accused), each payoff summed claim by claim."""

    def payoff(rows, q) -> Fraction:
        total = Fraction(0)
        for h, w in enumerate(game.weights):
            for c, p in enumerate(rows[h]):
                passed = game.points[c] + (0 if game.true[h][c] else game.lie)
                accused = game.points[c] + game.penalty if game.true[h][c] else 0
                total += w * p * (q[c] * accused + (1 - q[c]) * passed)
        return total / game.total

    cards = range(len(game.cards))
    best_claimer = Fraction(0)
    for h in range(len(game.hands)):  # the claimer's best is hand by hand
        one = [[Fraction(0)] * len(game.cards) for _ in game.hands]
        tries = []
        for c in cards:
            one[h] = [Fraction(int(d == c)) for d in cards]
            tries.append(payoff(one, accuse))
        best_claimer += max(tries)
    worst = min(payoff(claims, q) for q in itertools.product((0, 1), repeat=len(game.cards)))
    return best_claimer, worst


def sample_states(table, count: int, seed: int):
    states = public_states(table, DEFAULT_RULES)
    picks = np.random.default_rng(seed).choice(len(states), size=count, replace=False)
    return [states[i] for i in sorted(picks.tolist())]


@pytest.mark.parametrize(
    "table", [SMALL, ("pair", "two_pairs", "three_kind", "straight4", "six_kind")]
)
@pytest.mark.slow
def test_no_deviation_gains_in_fractions(table) -> None:
    for state in sample_states(table, 30, seed=len(table)):
        s = state_solution(state.common, state.aside, table, DEFAULT_RULES)
        best_claimer, worst = pure_payoffs(s.game, s.claims, s.accuse)
        assert s.exact and best_claimer == s.value == worst, (state, s.value)


def accuser_lp_value(game: ClaimGame) -> float:
    """The game's value from the accuser's side, an LP of its own: minimise the
    claimer's best answer, sum of w[h] t[h], with t[h] >= each card's gain at q."""
    n_h, n_c = len(game.hands), len(game.cards)
    rows, bounds = [], []
    for h in range(n_h):
        for c in range(n_c):
            passed, accused = game.passed(h, c), game.accused(h, c)
            row = np.zeros(n_c + n_h)
            row[c], row[n_c + h] = accused - passed, -1
            rows.append((row, -passed))
    bounds = [(0, 1)] * n_c + [(None, None)] * n_h
    cost = np.concatenate([np.zeros(n_c), np.array(game.weights, float) / game.total])
    result = linprog(
        cost,
        A_ub=np.array([r for r, _ in rows]),
        b_ub=np.array([b for _, b in rows]),
        bounds=bounds,
        method="highs",
    )
    assert result.status == 0
    return float(result.fun)


@pytest.mark.slow
def test_the_value_agrees_with_the_accusers_own_lp() -> None:
    table = DEFAULT_RULES.ids
    for state in sample_states(table, 12, seed=5):
        s = state_solution(state.common, state.aside, table, DEFAULT_RULES)
        assert accuser_lp_value(s.game) == pytest.approx(float(s.value), abs=1e-9)


@pytest.mark.slow
def test_public_states_add_up_and_match_the_plan_stopping_at_once() -> None:
    states = public_states(SMALL, DEFAULT_RULES)
    assert sum(s.chance for s in states) == 1
    at_once = Fraction(0)  # P(the plan stops after the first roll), counted directly
    for common in sorted_hands(3):
        plan = points_plan(common, SMALL, DEFAULT_RULES)
        stops = sum(weight(h) for h in sorted_hands(3) if plan.stops((), h, 1))
        at_once += Fraction(weight(common) * stops, 6**6)
    assert sum(s.chance for s in states if not s.aside) == at_once
    game = state_game(states[0].common, states[0].aside, SMALL, DEFAULT_RULES)
    assert sum(game.weights) == game.total > 0


def test_solve_linear_refuses_a_contradiction() -> None:
    one = Fraction(1)
    assert solve_linear([[one], [one]], [one, 2 * one], [0.5]) is None
    assert solve_linear([[one, -one]], [Fraction(0)], [0.3, 0.3]) == [Fraction(3, 10)] * 2


class Watch:
    """A bot that checks each of its claims and accusations against its exact
    description (`claim_chances`, `accuse_chance`)."""

    def __init__(self, name: str) -> None:
        self.bot, self.claims, self.accusations = strategy(name), 0, 0

    def __call__(self, view, actions, rng):
        action = self.bot(view, actions, rng)
        if view.phase == "claim":
            seat = view.seats[view.viewer]
            chances = self.bot.claim_chances(Seen.of(view, view.viewer), tuple(seat.hidden))
            assert chances.get(action.card, 0) > 0 and sum(chances.values()) == 1
            self.claims += 1
        if view.phase == "ask":
            p = self.bot.accuse_chance(Seen.of(view, view.claimer), view.seats[view.claimer].claim)
            assert p != (0 if type(action).__name__ == "Accuse" else 1)
            self.accusations += 1
        return action


def test_each_bot_plays_as_its_exact_description_says() -> None:
    watchers = {name: Watch(name) for name in STRATEGIES}
    for seed in range(4):
        game = SlyDiceGame(list(watchers), seed=seed)
        play_out(game, watchers, np.random.default_rng(seed))
    assert all(w.claims >= 20 and w.accusations >= 20 for w in watchers.values())


@pytest.mark.slow
def test_a_small_table_solved_cached_and_read_back(private_solver_cache) -> None:
    result = solve_table(SMALL)
    assert result.exact and not result.from_cache
    assert len(result.states) == len(public_states(SMALL, DEFAULT_RULES)) > 900
    assert sum(c.claimed for c in result.cards) == 1
    assert result.lies == sum(c.bluffed for c in result.cards) > 0
    gains = {e.bot: e for e in result.exploits}
    assert gains["fixed-plan"].as_claimer == gains["fixed-plan"].as_accuser == 0
    assert all(
        e.as_claimer >= 0 and e.as_accuser >= 0 and e.equilibrium_gain >= 0 for e in gains.values()
    )
    assert gains["honest"].as_accuser > gains["calculator"].as_accuser  # never accusing is costly
    again = solve_table(SMALL)
    assert again.from_cache and again.to_json() == {**result.to_json(), "from_cache": True}
    path = cache_path(SMALL, DEFAULT_RULES)
    path.write_text("{not json", encoding="utf-8")
    with pytest.warns(UserWarning, match="not used"):
        assert solve_table(SMALL).value == result.value
    # reliability-2 F19: a JSON bomb, a FIFO, a link to /dev/zero: refused unread, in time
    for hostile, why in (
        (lambda: path.write_bytes(b"[" * 200_000 + b"]" * 200_000), "nested more than"),
        (lambda: (path.unlink(), os.mkfifo(path)), "not a regular file"),
        (lambda: (path.unlink(), path.symlink_to("/dev/zero")), "is a link"),
    ):
        hostile()
        with within(60), pytest.warns(UserWarning) as said:
            assert solve_table(SMALL).value == result.value
        messages = [str(w.message) for w in said]
        assert any(why in m for m in messages) and all("\n" not in m for m in messages)
    path.unlink()
    assert solve_table(SMALL).value == result.value  # cached again for the tests below


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(result: dict[str, Any]) -> None:
        *parents, last = path
        for key in parents:
            result = result[key]
        result[last] = value

    return change


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (_set(("value", "exact"), "999/1"), "the value is not the states' values"),
        (_set(("table",), ["six_kind"]), "made for other cards"),
        (_set(("exact",), "yes"), "neither true nor false"),
        (_set(("cards", 0, "claimed", "exact"), "-5/1"), "not from 0 to 1"),
        (_set(("cards", 0, "card"), "nope"), "not the table's"),
        (_set(("seconds",), "abc"), "seconds"),
        (_set(("value", "exact"), "9" * 4000), "the value is not the states' values"),
        (_set(("states", 0, "chance"), "1/2"), "do not add up to 1"),
        (_set(("exploits", 0, "as_accuser", "exact"), "-1"), "a gain below 0"),
    ],
)
def test_a_cached_solution_is_checked_before_it_is_trusted(private_solver_cache, change, why):
    """reliability-2 F20: a cached solution changed (its checksum written again to
    match) is refused by its own invariants, said in one line, solved again: no
    wrong number is ever shown as exact."""
    good = solve_table(SMALL)
    path = cache_path(SMALL, DEFAULT_RULES)
    data = json.loads(path.read_text())
    change(data["result"])
    data["sha256"] = solved._checksum(data["result"])
    path.write_text(json.dumps(data))
    with pytest.warns(UserWarning, match=why) as said:
        again = solve_table(SMALL)
    assert not again.from_cache and again.value == good.value
    assert "\n" not in str(said[0].message) and str(path) in str(said[0].message)
    assert solve_table(SMALL).from_cache  # written again, and trusted again


def test_a_cached_solution_changed_without_its_checksum_is_refused(private_solver_cache):
    solve_table(SMALL)
    path = cache_path(SMALL, DEFAULT_RULES)
    data = json.loads(path.read_text())
    data["result"]["free_lies"]["exact"] = "0"
    path.write_text(json.dumps(data))
    with pytest.warns(UserWarning, match="checksum mismatch"):
        assert not solve_table(SMALL).from_cache


@pytest.mark.slow
def test_the_command_line_solves_and_refuses_bad_cards(
    private_solver_cache, capsys, whole_round_small
) -> None:
    from dicelab.cli import main

    shutil.copy(whole_round_small, private_solver_cache / whole_round_small.name)

    cards = ",".join(SMALL)  # solved by the test above: read from this module's cache
    assert main(["solve", "sly-dice", "--table", cards, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["table"] == list(SMALL) and data["exact"]
    assert len(data["exploits"]) == len(PLAN_ROLLERS) and len(data["states"]) == len(
        public_states(SMALL, DEFAULT_RULES)
    )
    assert main(["solve", "sly-dice", "--table", cards]) == 0
    text = capsys.readouterr().out
    assert "value to the claimer" in text and "(from the cache)" in text
    assert main(["solve", "sly-dice", "--table", "pair"]) == 0  # reliability-2 F29 (d)
    assert "solved (1 card on the table)" in capsys.readouterr().out
    assert main(["solve", "sly-dice", "--table", "pair,unicorn"]) != 0
    err = capsys.readouterr().err.strip()
    assert "--table takes each card once" in err and len(err.splitlines()) == 1


@pytest.mark.slow
def test_the_calculator_does_not_beat_the_equilibrium_beyond_the_noise() -> None:
    # (lesson 13 plays 400 games against each bot, with the exact expected gains)
    duel = tournament(["fixed-plan", "calculator"], games=100, seed=3, rules=FULL).gain()
    assert duel.ci95[1] > 0, (duel.mean, duel.ci95)  # the calculator's gain is within the noise


def brute_read(bot: str, seen: Seen, claim: str) -> Fraction:
    """P(the claim is true | the bot made it), the obvious way: every ordered roll of the
    bot's whole turn (its plan choosing each die to set aside), the turns that end
    with the dice `seen` set aside, and the bot's chance of this claim in each."""
    plan = points_plan(seen.common, seen.table, seen.rules)
    card, chooser = seen.rules.card(claim), strategy(bot)
    claimed = {True: Fraction(0), False: Fraction(0)}

    def turn(aside: tuple[int, ...], rolls: int, chance: Fraction) -> None:
        n = 3 - len(aside)
        for dice in itertools.product(range(1, 7), repeat=n):
            hand, p = tuple(sorted(dice)), chance / 6**n
            face = plan.choice(aside, hand, rolls + 1) if rolls + 1 < 3 else None
            if face is not None:
                turn(tuple(sorted((*aside, face))), rolls + 1, p)
            elif aside == seen.aside:
                true = card.holds(seen.common + aside + hand)
                claimed[true] += p * chooser.claim_chances(seen, hand).get(claim, Fraction(0))

    turn((), 0, Fraction(1))
    total = claimed[True] + claimed[False]
    return claimed[True] / total if total else Fraction(-1)


@pytest.mark.parametrize("bot", ["honest", "random-liar", "calculator", "fixed-plan"])
def test_each_bot_s_claim_is_read_exactly_as_it_makes_it(bot) -> None:
    """The panel's Bayes hint for a bot's claim (`Bot.read_claim`) against every way
    the bot's turn can go, in fractions."""
    table = DEFAULT_RULES.ids[:5]
    for common, aside in (
        ((2, 6, 6), ()),
        ((2, 6, 6), (6,)),
        ((1, 3, 5), (5, 5)),
        ((4, 4, 1), (4,)),
    ):
        seen = Seen(common, aside, 3 - len(aside), table, DEFAULT_RULES, 3)
        for claim in table:
            read = strategy(bot).read_claim(seen, claim)
            expected = brute_read(bot, seen, claim)
            assert (read.posterior if read.evidence else Fraction(-1)) == expected, (
                common,
                aside,
                claim,
            )


def test_a_random_liar_is_read_as_the_bayes_model_with_its_lie_rate() -> None:
    """With a pair in the common dice every hand holds a true card (no forced claim):
    the random liar is then the textbook claim model with a lie one time in three."""
    table = ("pair", *DEFAULT_RULES.ids[1:5])
    for aside in ((), (6,), (2, 6)):
        seen = Seen((2, 6, 6), aside, 3 - len(aside), table, DEFAULT_RULES, 3)
        for claim in table:
            model = rolling_posterior(claim, (2, 6, 6), aside, Fraction(1, 3), table, DEFAULT_RULES)
            assert strategy("random-liar").read_claim(seen, claim) == model


def _wrong_numbers(path: Any) -> None:
    """The right key and checksum, a wrong value (a cache made by hand)."""
    data = json.loads(path.read_text())
    data["result"]["value"] = {"exact": "999/1", "decimal": 999.0}
    data["sha256"] = solved._checksum(data["result"])
    path.write_text(json.dumps(data))


@pytest.mark.slow
@pytest.mark.parametrize(
    "hostile",
    [
        lambda path: (path.unlink(), os.mkfifo(path)),
        lambda path: (path.unlink(), path.symlink_to("/dev/zero")),
        lambda path: path.write_text('{"key": ' * 10 + "0" + "}" * 10),  # 10 deep, no key
        lambda path: path.write_bytes(path.read_bytes()[:5000]),  # truncated
        _wrong_numbers,
    ],
    ids=["fifo", "dev-zero", "deep", "truncated", "wrong-numbers"],
)
def test_the_command_line_answers_a_hostile_cache_with_the_right_numbers(
    tmp_path, capsys, hostile, whole_round_small
) -> None:
    """Issue 53: whatever a class's cache holds, `dicelab solve sly-dice` answers in
    time with one warning line and solves again: no wrong number is printed."""
    from dicelab.cli import main

    shutil.copy(whole_round_small, tmp_path / whole_round_small.name)  # (not the one made hostile)

    argv = ["solve", "sly-dice", "--table", ",".join(SMALL), "--cache-dir", str(tmp_path)]
    assert main(argv) == 0
    right = capsys.readouterr().out
    hostile(cache_path_in(tmp_path))
    with within(60), pytest.warns(UserWarning) as said:
        assert main(argv) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1:3] == right.splitlines()[1:3] and "999" not in out
    assert any("not used" in str(w.message) for w in said)
    assert all("\\n" not in str(w.message) for w in said)


@pytest.fixture(scope="module")
def whole_round_small(tmp_path_factory):
    """The whole round of the SMALL table solved once, in a cache file of its own."""
    from dicelab.core.engine.cache import cache_folder
    from dicelab.sly_dice.round_solved import solve_whole_round

    folder = tmp_path_factory.mktemp("round")
    with cache_folder(str(folder)):
        solve_whole_round(SMALL)
    (path,) = folder.glob("sly-dice-round-*.json")
    return path


def cache_path_in(folder: Any) -> Any:
    (path,) = folder.glob("sly-dice-equilibrium-*.json")
    return path
