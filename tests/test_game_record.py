"""The game record every engine keeps: replayed, it gives the very game back;
it is written into every save and read on its own; a record that does not
lead to its game is refused in one line."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from dicelab.core.engine import GameRecord, Step
from dicelab.dice_poker.game import DicePokerGame, Roll, Score
from dicelab.errors import SaveFileError
from dicelab.games import GAMES
from dicelab.solitaire.game import SolitaireGame


def at_random(view: Any, actions: list[Any], rng: np.random.Generator) -> Any:
    """Any legal action, as a seeded generator picks it."""
    return actions[int(rng.integers(len(actions)))]


def played(name: str, seed: int, most: int = 100_000) -> Any:
    """A game of `name` played at random by three players for `most` actions at most."""
    game = GAMES[name].engine_class(["Ana", "Bia", "Cleo"], seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(most):
        if game.is_over:
            break
        player = game.to_move()[0]
        game.apply(at_random(game.view(player), game.legal_actions(player), rng))
    return game


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_random_game_s_record_replays_to_the_same_game(name, seed) -> None:
    game = played(name, seed)
    assert game.is_over and game.record.seed == seed
    again = game.record.replay()
    assert again.state == game.state and again.to_json() == game.to_json()
    # step by step, the actions as taken: the same game by the obvious way
    obvious = GAMES[name].engine_class(["Ana", "Bia", "Cleo"], seed=seed)
    for step in game.record.steps:
        obvious.apply(step.action)
    assert obvious.state == game.state and obvious.scores() == game.scores()


@pytest.mark.parametrize("name", list(GAMES))
def test_a_save_holds_the_record_and_a_loaded_game_goes_on_recording(name, tmp_path) -> None:
    half = played(name, 4, most=30)
    half.save(tmp_path / "half.json")
    loaded = GAMES[name].engine_class.load(tmp_path / "half.json")
    assert loaded.record == half.record and loaded.to_json() == half.to_json()
    rng = np.random.default_rng(9)
    for game in (half, loaded):
        rng = np.random.default_rng(9)
        while not game.is_over:
            player = game.to_move()[0]
            game.apply(at_random(game.view(player), game.legal_actions(player), rng))
    assert loaded.to_json() == half.to_json()
    assert loaded.record.replay().to_json() == half.to_json()
    assert len(loaded.record.steps) > 30


@pytest.mark.parametrize("name", list(GAMES))
def test_a_record_is_read_on_its_own_or_from_a_save(name, tmp_path) -> None:
    game = played(name, 5, most=20)
    engine = GAMES[name].engine_class
    alone = GameRecord.from_json(engine, game.record.to_json())
    from_save = GameRecord.from_json(engine, game.to_json())
    assert alone == from_save == game.record
    assert json.loads(game.record.to_json())["format"] == "dicelab/game-record"


def test_dice_set_by_hand_are_recorded_and_replayed() -> None:
    poker = DicePokerGame(["Ana"], seed=1)
    poker.roll(dice=[6, 6, 2, 6, 1])
    poker.hold(0)
    poker.roll(hold=[0, 1, 3], dice=[6, 6, 6, 6, 3])
    poker.score("poker")
    assert poker.record.steps == (
        Step("Ana", Roll(frozenset()), (6, 6, 2, 6, 1)),
        Step("Ana", Roll(frozenset({0, 1, 3})), (6, 6, 6, 6, 3)),
        Step("Ana", Score("poker")),
    )
    assert poker.record.replay().to_json() == poker.to_json()
    solitaire = SolitaireGame(["Ana"], seed=2)
    solitaire.roll(dice=[1, 4, 4, 4, 6])
    solitaire.choose("Ana", 0)
    solitaire.roll()
    first, choice, rolled = solitaire.record.steps
    assert first.player == "" and first.dice == (1, 4, 4, 4, 6) and rolled.dice is None
    assert choice.player == "Ana" and choice.action.player == "Ana"
    assert solitaire.record.replay().to_json() == solitaire.to_json()


def test_holds_between_rolls_are_no_action_and_a_save_keeps_them() -> None:
    game = DicePokerGame(["Ana"], seed=3)
    game.roll()
    game.toggle_hold(2)
    loaded = DicePokerGame.from_json(game.to_json())
    assert loaded.held == frozenset({2}) and len(loaded.record.steps) == 1


def test_a_save_from_before_records_starts_its_record_where_it_was_loaded() -> None:
    game = played("sly-dice", 6, most=25)
    data = json.loads(game.to_json())
    del data["record"]
    loaded = GAMES["sly-dice"].engine_class.from_json(json.dumps(data))
    assert loaded.state == game.state and loaded.record.steps == ()
    assert loaded.record.start["seed"] == 6 and loaded.record.replay().state == game.state


def tampered(change: Any) -> str:
    game = DicePokerGame(["Ana", "Bia"], seed=8)
    for action in (Roll(), Roll(frozenset({0})), Score("chance"), Roll()):
        game.apply(action)
    data = json.loads(game.to_json())
    change(data["record"])
    return json.dumps(data)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda r: r["actions"].pop(), "does not end in this game"),
        (lambda r: r["actions"][2]["action"].update(box="fives"), "does not end in this game"),
        (lambda r: r["actions"][2]["action"].update(box="nine"), "action 3 cannot be taken"),
        (lambda r: r["actions"][1].update(player="Bia"), "action 2 is not Bia's"),
        (lambda r: r["actions"][1].update(player="Zoe"), "by 'Zoe', not a player"),
        (lambda r: r["actions"][0].update(action={"type": "Jump"}), "unknown action 'Jump'"),
        (lambda r: r["actions"][0].update(dice=[7, 1, 1, 1, 1]), "1..6"),
        (lambda r: r["actions"][0].update(when="now"), "unknown key 'when'"),
        (lambda r: r["start"].update(seed=9), "does not end in this game"),
        (lambda r: r["start"].update(turn=0), "turn must be a whole number"),
        (lambda r: r["start"].update(record={}), "a record of its own"),
        (lambda r: r.update(format="chess"), "not a dicelab game record save"),
        (lambda r: r.update(actions={}), "must be a JSON list"),
    ],
)
def test_a_record_that_does_not_lead_to_its_game_is_refused(change, words) -> None:
    with pytest.raises(SaveFileError, match=words) as refused:
        DicePokerGame.from_json(tampered(change))
    assert "\n" not in str(refused.value)


def test_a_class_table_s_log_is_the_same_record() -> None:
    from dicelab.classroom.engines import replayed

    game = played("solo", 7)
    again = replayed({"game": "solo", "record": game.record.to_dict()})
    assert again.to_json() == game.to_json()
