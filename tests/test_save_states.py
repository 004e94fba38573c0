"""Save files that describe a game no play could reach are refused in one line,
by the engine and by the panel's Load, and nothing changes (reliability-2 F21,
F22): Solo took a float or a bool for the direction of play (then broke on the
next move), a draw attack of 200 cards, rounds in which nobody went out, and a
finished game with a card to jump in on; Sly Dice raised a raw TypeError for a
card of the deal that is not a card's name."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from dicelab.errors import SaveFileError
from dicelab.sly_dice.game import SlyDiceGame
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.solo.game import Play, SoloGame
from dicelab.solo.panel import SoloPanel
from tests.test_solo_panel import ATTACK, arranged

Tamper = Callable[[dict[str, Any]], None]


def solo_attacked() -> dict[str, Any]:
    """A Solo save in which Duda has just played Draw two on Ana (2 cards to draw)."""
    game = arranged(["blue-protection", "green-5", "yellow-9"], **ATTACK)
    game.apply(Play(game.players[2], "red-draw2"))
    assert game.state.pending is not None and game.state.pending.amount == 2
    return json.loads(game.to_json())


def solo_over() -> dict[str, Any]:
    """A Solo save of a finished game: Bia went over the losing score in one round."""
    data = json.loads(SoloGame(["Ana", "Bia"], seed=1).to_json())
    data.update(phase="over", rounds=[[0, 300]], totals=[0, 300])
    del data["record"]  # made by hand: no game led here
    return data


def refused(game_class: Any, panel_class: Any, data: dict[str, Any], words: str, folder) -> None:
    """`data` is refused by the engine and by a panel's Load, in one line."""
    text = json.dumps(data)
    with pytest.raises(SaveFileError, match=words) as caught:
        game_class.from_json(text)
    assert "\n" not in str(caught.value)
    folder.mkdir(exist_ok=True)
    (folder / "tampered.json").write_text(text)
    panel = panel_class(["Ana"], seed=1)
    before = panel.game.state
    panel.save_path.value = "tampered.json"
    panel.load_button.click()
    assert panel.message.kind == "error" and words in panel.message.text
    assert panel.game.state == before and panel.errors == []


def test_the_untouched_saves_load() -> None:
    """The saves tampered with below are good ones to begin with."""
    assert SoloGame.from_json(json.dumps(solo_attacked())).state.pending.amount == 2
    assert SoloGame.from_json(json.dumps(solo_over())).is_over


@pytest.mark.parametrize("direction", [1.0, -1.0, True])
def test_solo_refuses_a_direction_that_is_not_a_whole_number(direction, own_save_folder) -> None:
    data = json.loads(SoloGame(["Ana", "Bia"], seed=1).to_json())
    data["direction"] = direction
    refused(SoloGame, SoloPanel, data, "direction is 1 or -1", own_save_folder)


@pytest.mark.parametrize("amount", [34, 200, 9_998])
def test_solo_refuses_a_draw_attack_larger_than_the_deck_can_stack(amount, own_save_folder):
    data = solo_attacked()
    data["pending"]["amount"] = amount
    refused(SoloGame, SoloPanel, data, "32 cards at most", own_save_folder)


@pytest.mark.parametrize(
    "rounds", [[[5, 6]], [[0, 0]] * 10_000, [[0, 0], [0, 4]], [[5, 0, 7], [0, 0, 3]]]
)
def test_solo_refuses_a_round_in_which_nobody_went_out(rounds, own_save_folder) -> None:
    data = json.loads(SoloGame(["Ana", "Bia", "Caio"][: len(rounds[0])], seed=1).to_json())
    data["rounds"] = rounds
    data["totals"] = [sum(column) for column in zip(*rounds)]
    refused(SoloGame, SoloPanel, data, "one player went out", own_save_folder)


def test_solo_refuses_a_finished_game_with_a_card_to_jump_in_on(own_save_folder) -> None:
    data = solo_over()
    data["jump"] = data["discard"][-1]
    refused(SoloGame, SoloPanel, data, "in the play phase", own_save_folder)


@pytest.mark.parametrize("card", [3, None, ["pair"], 2.5])
def test_sly_dice_refuses_a_deal_card_that_is_not_a_name(card, own_save_folder) -> None:
    data = json.loads(SlyDiceGame(["Ana", "Bia"], seed=1).to_json())
    data["deal"][-1] = card
    refused(SlyDiceGame, SlyDicePanel, data, "the deal is a list of card names", own_save_folder)
