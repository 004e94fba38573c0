"""The Solitaire Dice game engine: shared rolls, illegal moves, the end, save files."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dicelab.errors import IllegalMove, SaveFileError, SettingsError
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.rules import CAP, SUMS, Split, line_score
from dicelab.solitaire.save import from_dict
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.state import GameState
from dicelab.solitaire.strategy import get_strategy


def rng_state(game: SolitaireGame) -> dict[str, Any]:
    return game.rng.bit_generator.state


def game_at(sheets: list[Sheet], names: tuple[str, ...] = ("Ana",), seed: int = 0):
    """A game whose players have these sheets, before the next roll."""
    rolls = max(s.rolls for s in sheets)
    state = GameState(names, tuple(sheets), rolls, (1, 1, 1, 1, 1) if rolls else None)
    return SolitaireGame.from_state(state, seed)


# --- playing ----------------------------------------------------------------------


def test_one_player_by_hand() -> None:
    game = SolitaireGame(seed=3)
    assert game.players == ("Player 1",) and game.dice is None and game.options() == []
    game.roll(dice=[1, 1, 2, 4, 5])
    assert Split((3, 9), 1) in game.options()
    sheet = game.choose(0, Split((9, 3), 1))
    assert sheet.marks(3) == sheet.marks(9) == 1 and game.sheet() is sheet
    assert game.options() == [] and game.waiting == ()


def test_choose_by_index() -> None:
    game = SolitaireGame(["Ana"], seed=3)
    game.roll(dice=[1, 4, 4, 4, 6])
    first = game.options("Ana")[0]
    assert game.choose("Ana", 0) == Sheet.empty().mark(first)


def test_random_rolls_repeat_with_a_seed() -> None:
    a, b = SolitaireGame(seed=42), SolitaireGame(seed=42)
    for _ in range(5):
        assert a.roll() == b.roll()
        a.choose(0, 0)
        b.choose(0, 0)


def test_the_game_ends_at_the_eighth_mark() -> None:
    game = game_at([Sheet.from_marks({7: 14}, {1: 7})])
    game.roll(dice=[3, 4, 3, 4, 2])  # no 1: discard 2 (a second number)
    game.choose(0, Split((7, 7), 2))
    assert not game.is_over
    game.roll(dice=[1, 3, 4, 3, 4])
    game.choose(0, Split((7, 7), 1))
    assert game.is_over and game.sheet().discard_marks(1) == 8
    assert game.sheet().marks(7) == 18  # the last roll's pairs are marked
    assert game.winners() == ["Ana"]
    state, rng = game.state, rng_state(game)
    with pytest.raises(IllegalMove) as info:
        game.roll()
    assert info.value.rule == "the game ends when every player has finished"
    assert game.state == state and rng_state(game) == rng


def test_a_free_throw_never_ends_the_game() -> None:
    game = game_at([Sheet.from_marks({7: 42}, {1: 7, 2: 7, 5: 7})])
    game.roll(dice=[3, 4, 4, 6, 6])
    assert all(s.free for s in game.options())
    game.choose(0, Split((7, 10)))
    assert not game.is_over and game.sheet().free_throws == 1


def test_several_players_share_each_roll_until_all_have_finished() -> None:
    ana = Sheet.from_marks({7: 14}, {1: 7})
    bia = Sheet.from_marks({7: 14}, {2: 7})
    game = game_at([ana, bia], ("Ana", "Bia"))
    game.roll(dice=[1, 3, 4, 3, 4])
    assert game.waiting == ("Ana", "Bia")
    with pytest.raises(IllegalMove) as info:
        game.roll()
    assert info.value.rule == "every player still playing chooses before the next roll"
    game.choose("Ana", Split((7, 7), 1))  # Ana's 8th mark: she has finished
    game.choose("Bia", Split((7, 7), 1))  # Bia opens a second number
    assert not game.is_over and game.winners() == []
    dice = game.roll(dice=[1, 3, 4, 3, 4])
    assert game.waiting == ("Bia",) and game.options("Ana") == []
    with pytest.raises(IllegalMove) as info:
        game.choose("Ana", 0)
    assert info.value.rule == "a player who has finished does not choose"
    game.choose("Bia", Split((7, 7), 1))
    assert game.sheet("Ana") == ana.mark(Split((7, 7), 1))
    assert game.sheet("Bia").rolls == game.rolls == 9 and not game.is_over
    assert dice == game.dice


def test_play_with_strategies_until_everyone_has_finished() -> None:
    game = SolitaireGame(["Ana", "Bia"], seed=5)
    scores = game.play({"Ana": get_strategy("greedy"), "Bia": get_strategy("planner")})
    assert game.is_over and scores == {n: s.score for n, s in game.sheets.items()}
    assert game.rolls == max(s.rolls for s in game.sheets.values())
    assert all(s.finished for s in game.sheets.values())


def test_every_sheet_a_game_marks_passes_the_checks_and_scores_line_by_line() -> None:
    """`Sheet.mark` skips the checks a sheet from outside gets: each sheet it makes in
    random games is one `Sheet(...)` accepts, and scores as `line_score` says."""
    rng, most = np.random.default_rng(3), 0
    for seed in range(20):
        game = SolitaireGame(["Ana", "Bia"], seed=seed)
        while not game.is_over:
            game.roll()
            for name in game.to_move():
                game.choose(name, int(rng.integers(len(game.options(name)))))
            for sheet in game.sheets.values():
                assert Sheet(sheet.sums, sheet.discards) == sheet
                assert sheet.score == sum(line_score(t, m) for t, m in zip(SUMS, sheet.sums))
                most = max(most, *sheet.sums)
    assert most > CAP  # a line beyond the cap too


# --- illegal moves change nothing ---------------------------------------------


def _illegal_moves() -> list[tuple[str, Any]]:
    return [
        ("choose before rolling", lambda g: g.choose("Ana", 0)),
        ("unknown player", lambda g: (g.roll(dice=[1, 2, 3, 4, 5]), g.choose("Zoe", 0))),
        ("option out of range", lambda g: (g.roll(dice=[1, 2, 3, 4, 5]), g.choose("Ana", 99))),
        ("not a split", lambda g: (g.roll(dice=[1, 2, 3, 4, 5]), g.choose("Ana", "7+7"))),
        ("illegal split", lambda g: (g.roll(dice=[1, 2, 3, 4, 5]), g.choose(0, Split((2, 2), 1)))),
        ("choose twice", lambda g: (g.roll(dice=[1, 2, 3, 4, 5]), g.choose(0, 0), g.choose(0, 0))),
        ("bad dice", lambda g: g.roll(dice=[1, 2, 3, 4, 7])),
        ("four dice", lambda g: g.roll(dice=[1, 2, 3, 4])),
        ("dice as text", lambda g: g.roll(dice="12345")),
    ]


@pytest.mark.parametrize(("what", "move"), _illegal_moves())
def test_illegal_moves_leave_state_and_rng_unchanged(what: str, move: Any) -> None:
    game = SolitaireGame(["Ana", "Bia"], seed=9)
    with pytest.raises(IllegalMove) as info:
        move(game)
    assert info.value.rule, what
    state, rng = game.state, rng_state(game)
    with pytest.raises(IllegalMove):
        move(game)
    assert game.state == state and rng_state(game) == rng, what


def test_illegal_fourth_discard_number() -> None:
    game = game_at([Sheet.from_marks({7: 6}, {1: 1, 2: 1, 3: 1})])
    game.roll(dice=[1, 4, 4, 6, 6])
    state = game.state
    with pytest.raises(IllegalMove):
        game.choose(0, Split((10, 10), 4))
    assert game.state == state


@pytest.mark.parametrize("players", ["Ana", [], ["Ana", "Ana"], ["", "Bia"], [3]])
def test_bad_players(players: Any) -> None:
    with pytest.raises(SettingsError):
        SolitaireGame(players)


# --- saving -----------------------------------------------------------------------


def test_save_and_load_round_trip(tmp_path) -> None:
    game = SolitaireGame(["Ana", "Bia"], seed=11)
    game.roll()
    game.choose("Ana", 0)
    path = tmp_path / "game.json"
    game.save(path)
    copy = SolitaireGame.load(path)
    assert copy.state == game.state and copy.waiting == ("Bia",)
    copy.choose("Bia", 0)
    game.choose("Bia", 0)
    assert copy.roll() == game.roll()
    assert SolitaireGame.from_json(game.to_json()).state == game.state
    data = json.loads(game.to_json())
    assert data["format"] == "dicelab/solitaire-game" and data["version"] == 2


def _broken(change: Any) -> dict[str, Any]:
    game = SolitaireGame(["Ana", "Bia"], seed=1)
    game.roll(dice=[1, 2, 3, 4, 5])
    game.choose("Ana", 0)
    data = game.to_dict()
    change(data)
    return data


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format="dicelab/dice-poker-game"),
        lambda d: d.update(version=3),
        lambda d: d.update(extra=1),
        lambda d: d.update(seed=-1),
        lambda d: d.update(seed="1"),
        lambda d: d.pop("rolls"),
        lambda d: d.update(rolls=-1),
        lambda d: d.update(rolls=True),
        lambda d: d.update(players="Ana"),
        lambda d: d.update(players=["Ana", "Ana"]),
        lambda d: d.update(dice=[1, 2, 3, 4, 9]),
        lambda d: d.update(dice=None),
        lambda d: d.update(waiting=["Zoe"]),
        lambda d: d.update(waiting=["Ana", "Bia"]),  # Ana has chosen already
        lambda d: d.update(waiting=[]),  # Bia has not
        lambda d: d["sheets"][0].update(sums=[1] * 11),
        lambda d: d["sheets"][0].update(sums=[0] * 10),
        lambda d: d["sheets"][0].update(discards=[1, 1, 1, 1, 0, 0]),
        lambda d: d["sheets"][0].update(discards=["1", 0, 0, 0, 0, 0]),
        lambda d: d["sheets"].pop(),
        lambda d: d["rng"].update(bit_generator="MT19937"),
        lambda d: d["rng"]["state"].update(inc=2),
        lambda d: d["rng"].update(has_uint32=5),
    ],
)
def test_bad_save_files_raise_save_file_error(change: Any) -> None:
    with pytest.raises(SaveFileError):
        from_dict(_broken(change))


@pytest.mark.parametrize("text", ["", "not json", "[]", "null", '{"format": 3}', "{" * 5000])
def test_bad_json_raises_save_file_error(text: str) -> None:
    with pytest.raises(SaveFileError):
        SolitaireGame.from_json(text)


def test_missing_file_raises_save_file_error(tmp_path) -> None:
    with pytest.raises(SaveFileError):
        SolitaireGame.load(tmp_path / "nope.json")


# --- invariants, for any rolls and any choices --------------------------------------

rolls = st.lists(
    st.tuples(st.lists(st.integers(1, 6), min_size=5, max_size=5), st.integers(0, 14)),
    min_size=1,
    max_size=60,
)


@settings(max_examples=60, deadline=None)
@given(rolls)
def test_invariants_marks_grow_three_discards_end_at_eighth(steps: list) -> None:
    game = SolitaireGame(seed=0)
    for dice, pick in steps:
        if game.is_over:
            with pytest.raises(IllegalMove):
                game.roll(dice=dice)
            break
        before = game.sheet()
        assert max(before.discards) < 8
        game.roll(dice=dice)
        options = game.options()
        assert options and len(options) == len(set(options))
        split = options[pick % len(options)]
        after = game.choose(0, split)
        assert all(x >= y for x, y in zip(after.sums, before.sums))
        assert all(x >= y for x, y in zip(after.discards, before.discards))
        assert sum(after.sums) == sum(before.sums) + 2
        assert len(after.chosen) <= 3
        if split.discard is not None:
            assert after.discard_marks(split.discard) == before.discard_marks(split.discard) + 1
        ended = split.discard is not None and after.discard_marks(split.discard) == 8
        assert game.is_over == ended == after.finished


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 3))
def test_invariants_several_players_random_play(seed: int, players: int) -> None:
    names = [f"P{i}" for i in range(players)]
    game = SolitaireGame(names, seed=seed)
    rng = np.random.default_rng(seed)
    finished_at: dict[str, int] = {}
    while not game.is_over:
        game.roll()
        for name in game.waiting:
            game.choose(name, int(rng.integers(len(game.options(name)))))
            if game.sheet(name).finished:
                finished_at[name] = game.rolls
    for name, sheet in game.sheets.items():
        assert sheet.rolls == finished_at[name] and sorted(sheet.discards)[-1] == 8
    assert game.rolls == max(finished_at.values())


def test_each_player_sees_only_their_own_sheet_until_the_game_is_over() -> None:
    """Several players: each splits the roll privately on their own sheet
    (RULES.md); the others' sheets are shown once every player has finished."""
    game = SolitaireGame(["Ana", "Bia", "Cleo"], seed=8)
    rng = np.random.default_rng(8)
    redrawn = 0
    while not game.is_over:
        for me, name in enumerate(game.players):
            view, data = game.view(name), json.loads(game.view_json(name))
            assert view.sheets[me] == game.sheet(name) and view.dice == game.dice
            assert view.hidden == {0, 1, 2} - {me}
            assert [s is None for s in data["sheets"]] == [i != me for i in range(3)]
            other = game.players[(me + 1) % 3]
            copy = game.redraw_hidden(other, rng)
            assert copy.view(name) == view and copy.legal_actions(name) == game.legal_actions(name)
            redrawn += copy.sheet(other) != game.sheet(other)
        game.play(get_strategy("greedy"), until_over=False)
    assert all(game.view(name) == game.state for name in game.players)
    assert redrawn > game.rolls  # the redraws do change the sheets they hide


def test_a_view_is_not_a_state_to_load() -> None:
    game = SolitaireGame(["Ana", "Bia"], seed=2)
    game.roll()
    game.choose("Bia", game.options("Bia")[0])
    state = game.state
    with pytest.raises(SettingsError, match="hidden sheet is shown as an empty sheet"):
        GameState(
            state.players, state.sheets, state.rolls, state.dice, state.waiting, frozenset({1})
        )
    with pytest.raises(SettingsError, match="frozenset of player indices"):
        GameState(
            state.players, state.sheets, state.rolls, state.dice, state.waiting, frozenset({2})
        )
    view = json.loads(game.view_json("Ana"))
    with pytest.raises(SaveFileError):
        SolitaireGame.from_json(
            json.dumps({**json.loads(game.to_json()), "sheets": view["sheets"]})
        )
