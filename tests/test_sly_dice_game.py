"""Sly Dice's engine, saves, bots, tournaments and commands.

The rules of RULES.md §3 are checked move by move through random games;
the scoring of the four outcomes of a claim on hand-made rounds; every
forbidden move leaves the game as it was; no hidden die reaches another
player's view or its JSON; a save holds everything and a tampered one is
refused; the calculator bot beats the others by more than the intervals.
"""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from dicelab.cli import main
from dicelab.errors import IllegalMove, SaveFileError, SettingsError
from dicelab.sly_dice.game import (
    Accuse,
    Claim,
    Pass,
    Reveal,
    Roll,
    RollCommon,
    SlyDiceGame,
    Stop,
    seat_points,
)
from dicelab.sly_dice.odds import chance
from dicelab.sly_dice.rules import DEFAULT_RULES, SlyRules, card_by_id
from dicelab.sly_dice.simulate import tournament
from dicelab.sly_dice.state import UNSEEN, GameState, Seat
from dicelab.sly_dice.strategy import strategy
from tests.limits import within

NAMES = ("Ana", "Bia", "Caio", "Dani", "Eva", "Fred")


def random_game(players: int, seed: int, steps: int | None = None) -> SlyDiceGame:
    """A game played by random legal actions (all of it, or `steps` of them)."""
    game = SlyDiceGame(NAMES[:players], seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(10_000 if steps is None else steps):
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[int(rng.integers(len(actions)))])
    return game


def fingerprint(game: SlyDiceGame) -> tuple[GameState, str]:
    return game.state, json.dumps(game.rng.bit_generator.state)


# --- the rules, move by move ----------------------------------------------------------


def checked(state: GameState) -> GameState:
    """`state` built again from outside, which checks it as a load does."""
    return GameState(**vars(state))


@pytest.mark.parametrize("players", [2, 3, 6])
def test_every_state_and_view_the_engine_makes_passes_the_loads_checks(players):
    """The engine's own moves skip the checks (`GameState._after`): each state they
    make, and each player's and the public view of it, is one a load accepts."""
    for seed in range(3):
        game = SlyDiceGame(NAMES[:players], seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over:
            assert checked(game.state) == game.state
            for player in game.players:
                view = game.view(player)
                assert checked(view) == view
            assert checked(game.public_view()) == game.public_view()
            copy = game.redraw_hidden(game.players[0], np.random.default_rng(seed))
            assert checked(copy.state) == copy.state
            actions = game.legal_actions()
            game.apply(actions[int(rng.integers(len(actions)))])
        assert checked(game.state) == game.state
    with pytest.raises(TypeError, match="no dice"):
        game.state._after(dice=(1, 2, 3))


@pytest.mark.parametrize("players", [2, 3, 6])
def test_random_games_follow_the_rules_move_by_move(players):
    for seed in range(4):
        game = SlyDiceGame(NAMES[:players], seed=seed)
        rng = np.random.default_rng(seed)
        asked: list[int] = []
        while not game.is_over:
            before = game.state
            actions = game.legal_actions()
            action = actions[int(rng.integers(len(actions)))]
            mover = game.players.index(game.to_move()[0])
            game.apply(action)
            after = game.state
            n_round = len(before.history) + 1
            start = (n_round - 1) % players
            assert len(before.table) == DEFAULT_RULES.start_cards + n_round - 1
            if isinstance(action, RollCommon):
                assert mover == start and after.common is not None
            if isinstance(action, Roll):
                seat = after.seats[mover]
                assert len(seat.own) == 3 and len(seat.aside) == seat.rolls - 1
                assert seat.hidden and seat.done == (seat.rolls == 3)
                if action.aside is not None:  # the die set aside is one that was hidden
                    old = before.seats[mover]
                    assert seat.aside == (*old.aside, old.hidden[action.aside])
            if isinstance(action, Claim):
                assert action.card in before.table and after.asked == (mover + 1) % players
                asked = [after.asked]
            if isinstance(action, Pass):
                following = (mover + 1) % players
                assert after.asked == (None if following == before.claimer else following)
                asked.append(following)
            if isinstance(action, Accuse):  # the first accuser settles it
                claimer = before.claimer
                done = after.history[-1].seats if after.history != before.history else after.seats
                assert done[claimer].accuser == mover and done[claimer].shown
                assert asked[-1] == mover
            if after.history != before.history:  # a round ended: next start, one more card
                assert after.start == n_round % players and after.common is None
        assert len(game.state.history) == DEFAULT_RULES.rounds
        assert game.legal_actions() == [] and game.to_move() == ()


def test_every_player_rolls_in_turn_from_the_start_player_and_claims_after():
    game = random_game(3, seed=5, steps=0)
    game.apply(RollCommon())
    order = []
    while game.state.phase == "rolling":
        order.append(game.to_move()[0])
        game.apply(Roll())
        game.apply(Stop())
    assert order == ["Ana", "Bia", "Caio"] and game.state.phase == "claim"
    game = random_game(3, seed=5)
    assert [r.seats[0].rolls > 0 for r in game.state.history] == [True] * 6


def round_of(common, *seats: Seat) -> list[int]:
    return seat_points(DEFAULT_RULES, common, seats)


def test_the_four_ways_a_claim_ends_score_as_the_rules_say():
    common = (2, 2, 5)
    pair = DEFAULT_RULES.points_of("pair")
    quads = DEFAULT_RULES.points_of("four_kind")
    honest = dict(aside=(1,), hidden=(3, 4), rolls=2, done=True, settled=True)
    liar = dict(aside=(1,), hidden=(3, 4), rolls=2, done=True, settled=True)
    # nobody accused: the claim scores; a liar who shows takes the Successful-lie card
    assert round_of(common, Seat(claim="pair", **honest), Seat()) == [pair, 0]
    assert round_of(common, Seat(claim="four_kind", **liar), Seat()) == [quads, 0]
    assert round_of(common, Seat(claim="four_kind", shown=True, **liar), Seat()) == [quads + 5, 0]
    assert round_of(common, Seat(claim="pair", shown=True, **honest), Seat()) == [pair, 0]
    # accused and honest: it scores, the accuser takes False accusation (-5)
    accused = Seat(claim="pair", accuser=1, shown=True, **honest)
    assert round_of(common, accused, Seat()) == [pair, -5]
    # accused and lying: nothing for either
    caught = Seat(claim="four_kind", accuser=1, shown=True, **liar)
    assert round_of(common, caught, Seat()) == [0, 0]
    bigger = SlyRules(successful_lie=8, false_accusation=-3, points={"pair": 2})
    shown_lie = Seat(claim="four_kind", shown=True, **liar)
    by_first = replace(accused, accuser=0)
    assert seat_points(bigger, common, (shown_lie, by_first)) == [quads + 8 - 3, 2]
    assert seat_points(bigger, common, (accused, Seat())) == [2, -3]


def test_scores_add_up_the_rounds_and_the_winner_has_the_most():
    for seed in range(5):
        game = random_game(4, seed)
        total = dict.fromkeys(game.players, 0)
        for record in game.state.history:
            for name, points in zip(game.players, round_of(record.common, *record.seats)):
                total[name] += points
        assert game.scores() == total
        best = max(total.values())
        assert game.winners() == [n for n, p in total.items() if p == best]


def test_forbidden_moves_name_their_rule_and_change_nothing():
    game = SlyDiceGame(["Ana", "Bia"], seed=1)
    wrong = [Roll(), Stop(), Claim("pair"), Accuse(), Pass(), Reveal(True)]
    steps = [
        RollCommon(),
        Roll(),
        Roll(0),
        Stop(),
        Roll(),
        Roll(2),
        Roll(0),
        Claim(game.state.table[0]),
        Pass(),
        Reveal(False),
    ]
    for step in steps:
        legal = game.legal_actions()
        for action in [*wrong, RollCommon(), Roll(5), Roll(-1), Claim("nope"), Reveal(1), Stop()]:
            if action in legal:
                continue
            before = fingerprint(game)
            with pytest.raises(IllegalMove) as info:
                game.apply(action)
            assert fingerprint(game) == before and info.value.rule, action
        game.apply(step)
    assert game.state.round == 1 and game.state.phase == "claim"  # Bia's claim is next


def test_a_third_roll_leaves_one_die_hidden_and_ends_the_rolling():
    game = SlyDiceGame(["Ana", "Bia"], seed=2)
    game.apply(RollCommon())
    game.apply(Roll())
    game.apply(Roll(1))
    game.apply(Roll(0))
    seat = game.state.seats[0]
    assert len(seat.aside) == 2 and len(seat.hidden) == 1 and seat.done
    assert game.to_move() == ("Bia",)
    assert SlyDiceGame(["Ana", "Bia"]).players == ("Ana", "Bia")
    with pytest.raises(SettingsError, match="2 to 6 players"):
        SlyDiceGame(["Ana"])


# --- hidden information -----------------------------------------------------------------


@pytest.mark.slow
def test_no_hidden_die_reaches_another_players_view_or_its_json():
    rng = np.random.default_rng(0)
    for seed in range(3):
        game = SlyDiceGame(NAMES[:4], seed=seed)
        bots = [strategy("honest"), strategy("random-liar"), strategy("calculator")] * 2
        while not game.is_over:
            state = game.state
            for seer, name in enumerate(game.players):
                view, text = game.view(name), game.view_json(name)
                for other, seat in enumerate(view.seats):
                    secret = other != seer and not seat.shown and bool(seat.hidden)
                    if secret:
                        assert set(seat.hidden) == {UNSEEN}
                    else:
                        assert seat.hidden == state.seats[other].hidden
                assert set(view.deal[len(view.table) :]) <= {"?"}
                for hider in game.players:
                    if hider != name:  # what another player hides, drawn again: nothing changes
                        assert game.redraw_hidden(hider, rng).view_json(name) == text
                assert '"rng"' not in text and '"seed"' not in text
            mover = game.to_move()[0]
            index = game.players.index(mover)
            action = bots[index](game.view(mover), game.legal_actions(mover), rng)
            game.apply(action)


# --- saves ------------------------------------------------------------------------------


def test_a_save_holds_everything_and_plays_on_the_same(tmp_path):
    game = random_game(3, seed=7, steps=40)
    game.save(tmp_path / "sly.json")
    copy = SlyDiceGame.load(tmp_path / "sly.json")
    assert copy.state == game.state and copy.seed == 7
    for _ in range(30):
        action = game.legal_actions()[0]
        assert copy.apply(action) == game.apply(action)
    assert copy.state == game.state
    custom = SlyRules(points={"pair": 3}, rounds=2, start_cards=3, successful_lie=7)
    played = SlyDiceGame(["Ana", "Bia"], rules=custom, seed=1)
    assert SlyDiceGame.from_json(played.to_json()).rules == custom


def tampered(game: SlyDiceGame, change) -> str:
    data = json.loads(game.to_json())
    change(data)
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda d: d["seats"][1].update(hidden=[7, 1]), "1..6"),
        (lambda d: d["seats"][1].update(aside=[]), "set aside"),
        (lambda d: d["seats"][1].update(rolls=4), "rolls"),
        (lambda d: d["history"][0]["seats"][1].update(claim="six_kind_x"), "not on the table"),
        (lambda d: d["history"][0]["seats"][0].update(accuser="Ana"), "another player"),
        (lambda d: d["history"][0]["seats"][0].update(accuser="Zed"), "unknown player"),
        (lambda d: d.update(deal=d["deal"][:-1]), "every card"),
        (lambda d: d.update(deal=[d["deal"][0]] * len(d["deal"])), "every card"),
        (lambda d: d.update(viewer="Ana"), "one player's view"),
        (lambda d: d["rules"].update(rounds=1), "finished game has no round in play"),
        (lambda d: d["rules"].update(false_accusation=2), "false_accusation"),
        (lambda d: d.update(common=None), "common dice"),
        (lambda d: d.update(asked="Bia"), "asked"),
    ],
)
def test_a_save_no_game_could_reach_is_refused_in_one_line(change, why):
    game = SlyDiceGame(["Ana", "Bia", "Caio"], seed=3)
    while not game.state.history:
        game.apply(game.legal_actions()[0])
    for action in (RollCommon(), Roll(), Roll(0), Stop()):  # Bia starts round 2
        game.apply(action)
    assert game.to_move() == ("Caio",)
    text = tampered(game, change)
    with pytest.raises(SaveFileError, match=why) as info:
        SlyDiceGame.from_json(text)
    assert "\n" not in str(info.value) and str(info.value).count("bad save file") == 1
    assert SlyDiceGame.from_json(game.to_json()).state == game.state


def test_a_custom_card_is_a_setting_and_saves_by_id():
    odd = replace(card_by_id("pair"), id="pair_again")
    rules = SlyRules((*DEFAULT_RULES.cards, odd), start_cards=13)
    game = SlyDiceGame(["Ana", "Bia"], rules=rules, seed=2)
    assert "pair_again" in game.state.table
    assert SlyDiceGame.from_json(game.to_json()).rules == rules


# --- bots and tournaments ---------------------------------------------------------------


def test_bots_only_choose_legal_actions_and_the_calculator_reads_the_odds():
    rng = np.random.default_rng(4)
    for name in ("honest", "random-liar", "calculator"):
        bot = strategy(name)
        game = SlyDiceGame(["Ana", "Bia", "Caio"], seed=4)
        while not game.is_over:
            mover = game.to_move()[0]
            legal = game.legal_actions(mover)
            action = bot(game.view(mover), legal, rng)
            assert action in legal
            view = game.view(mover)
            if name == "honest" and isinstance(action, Claim):
                seat = view.seats[game.players.index(mover)]
                assert card_by_id(action.card).holds(view.common + seat.own) or not any(
                    card_by_id(c).holds(view.common + seat.own) for c in view.table
                )
            game.apply(action)
    with pytest.raises(SettingsError, match="no bot 'psychic'"):
        strategy("psychic")


@pytest.mark.slow
def test_the_calculator_beats_the_others_by_more_than_the_intervals():
    result = tournament(["calculator", "honest", "random-liar", "honest"], games=150, seed=11)
    summary = result.summary()
    seats = summary["seats"]
    best = seats[0]
    assert best["bot"] == "calculator" and summary["games"] == 150
    for other in seats[1:]:
        assert best["ci95"][0] > other["ci95"][1], (best, other)
    assert sum(seat["win_rate"] for seat in seats) == pytest.approx(1, abs=1e-3)
    assert best["win_rate"] > 0.5
    again = tournament(["calculator", "honest", "random-liar", "honest"], games=5, seed=11)
    assert np.array_equal(again.points, result.points[:5])
    for bad in (["honest"], ["honest", "psychic"], ["honest"] * 7):
        with pytest.raises(SettingsError):
            tournament(bad, games=2)


# --- the command line ---------------------------------------------------------------------


def test_odds_on_the_command_line(capsys):
    argv = ["odds", "sly-dice", "--visible", "5,5,2", "--hidden", "3"]
    assert main([*argv, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["visible"] == [2, 5, 5] and data["hidden"] == 3
    rows = {row["card"]: row for row in data["rows"]}
    assert set(rows) == set(DEFAULT_RULES.ids)
    three = rows["three_kind"]
    assert three["probability"] == str(chance(card_by_id("three_kind"), (5, 5, 2), 3))
    assert three["points"] == DEFAULT_RULES.points_of("three_kind")
    assert main(["odds", "sly-dice", "--format", "json"]) == 0
    fresh = json.loads(capsys.readouterr().out)
    assert fresh["visible"] == [] and fresh["hidden"] == 6
    assert {r["card"]: r["probability"] for r in fresh["rows"]}["straight6"] == "5/324"
    for fmt in ("table", "markdown", "csv", "latex"):
        assert main(["odds", "sly-dice", "--visible", "1,2", "--format", fmt]) == 0
        assert "pair" in capsys.readouterr().out.lower()


@pytest.mark.parametrize(
    ("args", "why"),
    [
        (["--visible", "1,7"], "faces 1 to 6"),
        (["--visible", "1,2,3", "--hidden", "4"], "make six, not 3 + 4"),
        (["--hidden", "0"], "hidden"),
    ],
)
def test_bad_odds_arguments_are_one_line(capsys, args, why):
    assert main(["odds", "sly-dice", *args]) != 0
    err = capsys.readouterr().err
    assert why in err and "Traceback" not in err


def test_a_tournament_on_the_command_line(capsys):
    argv = ["simulate", "sly-dice", "--players", "3", "--games", "4", "--seed", "2"]
    assert main([*argv, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["bot"] for s in data["seats"]] == ["calculator", "honest", "random-liar"]
    assert data["games"] == 4 and all(len(s["ci95"]) == 2 for s in data["seats"])
    assert main(argv) == 0 and "calculator" in capsys.readouterr().out
    assert main([*argv, "--bots", "honest,honest"]) != 0
    assert "--players 3 but 2 bots" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["sly-dice", "solo"])
@pytest.mark.parametrize("players", ["1", "7", "100000000", "99999999999999999999"])
def test_a_table_size_is_checked_before_any_bot_is_built(capsys, game, players):
    """reliability-2 F23: 2 to 6 seats, refused at once in one line (never 100 million
    bots built first, never a MemoryError)."""
    with within(5):
        assert main(["simulate", game, "--players", players]) != 0
    err = capsys.readouterr().err.strip()
    assert f"a table has 2 to 6 bots, not {players}" in err and len(err.splitlines()) == 1


def test_an_option_number_too_long_says_so(capsys):
    """reliability-2 F29 (a): 39 digits are digits; the number is too long."""
    assert main(["simulate", "sly-dice", "--seed", "3" * 39]) != 0
    err = capsys.readouterr().err.strip()
    assert "a number of at most 30 digits, not 39" in err and "digits 0-9" not in err
