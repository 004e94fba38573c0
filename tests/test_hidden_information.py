"""What the rules hide stays hidden from a student's panel (panels-in-browser-2,
defects 1 and 2; reliability-2 F27): no "Show all dice" but in a teacher's
panel, no seed while a game with hidden dice or cards is in play (the seed
recomputes them), and Solo's views the same whatever an attacked hand holds.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import numpy as np
import pytest

from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.solo.game import Accept, Play, SoloGame
from dicelab.solo.panel import SoloPanel
from tests.test_sly_dice_panel import play_by_clicks as play_sly
from tests.test_solo_panel import ATTACK, arranged
from tests.test_solo_panel import play_by_clicks as play_solo
from tests.widget_tree import widget_states

SEED = 402_917  # a seed no other number on the page is likely to contain
PANELS: dict[str, Any] = {"sly-dice": SlyDicePanel, "solo": SoloPanel}


def page_text(panel: Any) -> str:
    """Everything the browser is sent about the panel, as one text."""
    return json.dumps(widget_states(panel.widget), ensure_ascii=False, default=str)


@pytest.mark.parametrize("game", PANELS)
def test_a_students_panel_shows_no_seed_until_the_game_is_over(game) -> None:
    panel = PANELS[game](["Ana"], seed=SEED)
    assert str(SEED) not in page_text(panel)
    assert "shown when the game is over" in panel.seed_label.value
    panel.new_game(SEED + 1)
    assert str(SEED + 1) not in page_text(panel)
    assert panel.message.text.startswith("New game (its seed is shown when it is over)")
    (play_sly if game == "sly-dice" else play_solo)(panel, 5)
    assert panel.game.is_over and panel.seed_label.value == f"Seed: <b>{SEED + 1}</b>"
    assert f"To replay this game, type its seed, {SEED + 1}, and click New game." in (
        panel.summary.value
    )


@pytest.mark.parametrize("game", PANELS)
def test_a_typed_seed_never_copies_the_game_in_play(game) -> None:
    panel = PANELS[game](["Ana"], seed=SEED)
    state = panel.game.state
    panel.seed_text.value = str(SEED)
    panel.new_game_button.click()
    assert panel.message.kind == "error" and "the seed of the game in play" in panel.message.text
    assert panel.game.state == state and str(SEED) not in panel.seed_label.value
    panel.seed_text.value = "7"  # any other seed starts a new game
    panel.new_game_button.click()
    assert panel.game.seed == 7 and panel.errors == []


@pytest.mark.parametrize("game", PANELS)
def test_a_teachers_panel_shows_the_seed_all_along(game) -> None:
    panel = PANELS[game](["Ana"], seed=SEED, teacher=True)
    assert panel.seed_label.value == f"Seed: <b>{SEED}</b>"
    assert panel.in_language("pt").teacher and panel.in_language("pt").seed == SEED
    with pytest.raises(Exception, match="teacher is True or False"):
        PANELS[game](["Ana"], teacher="yes")


def test_show_all_dice_is_only_in_a_teachers_panel() -> None:
    student = SlyDicePanel(["Ana"], seed=SEED)
    teacher = SlyDicePanel(["Ana"], seed=SEED, teacher=True)
    for panel in (student, teacher):
        while not panel.game.state.history:  # a round played: there are dice to show
            play_one_round(panel)
    assert "dicelab-show-all" not in page_text(student)
    student.show_all.value = True  # set from outside the page: still nothing shown
    assert student.show_all.value is False and student.all_dice.value == ""
    teacher.show_all.value = True
    assert "dicelab-show-all" in page_text(teacher) and teacher.all_dice.value != ""


def play_one_round(panel: SlyDicePanel) -> None:
    """A few clicks of a game (a round ends within them)."""
    from tests.test_sly_dice_panel import click_turn

    rng = np.random.default_rng(1)
    for _ in range(200):
        if panel.game.state.history:
            return
        click_turn(panel, rng, Counter())


# --- Solo: every player attacked is asked (F27) ------------------------------------------


def test_every_player_sees_an_attack_wait_whatever_the_target_holds() -> None:
    """F27's reproduction: after a Draw two, the others' views showed "respond" only
    when the target could answer; now every view shows it, answer or none."""
    seen = Counter()
    for seed in range(30):
        game = SoloGame(["Ana", "Bia", "Caio"], seed=seed)
        rng = np.random.default_rng(seed)
        while not game.is_over and seen["plays"] < 400 * (seed + 1):
            player = game.to_move()[0]
            actions = game.legal_actions(player)
            action = actions[int(rng.integers(len(actions)))]
            game.apply(action)
            if isinstance(action, Play) and action.card.endswith("draw2") and not game.is_over:
                state = game.state
                if state.pending is None:  # the player went out with it
                    continue
                target = state.pending.target
                holds = {c.kind for c in state.hands[target]} & {"protection", "draw2", "draw4"}
                seen["with an answer" if holds else "without"] += 1
                for p in game.players:
                    view = game.view(p)
                    assert view.phase == "respond" and view.pending.asked == target
            seen["plays"] += 1
        if seen["with an answer"] >= 20 and seen["without"] >= 20:
            break
    assert seen["with an answer"] >= 20 and seen["without"] >= 20, seen


def test_a_target_without_an_answer_is_asked_and_can_only_accept() -> None:
    game = arranged(["green-5", "yellow-9", "blue-1"], **ATTACK)  # Ana: no answer
    game.apply(Play(game.players[2], "red-draw2"))
    for p in game.players:
        assert game.view(p).phase == "respond" and game.view(p).pending.asked == 0
    assert game.legal_actions(game.players[0]) == [Accept(game.players[0])]
    game.apply(Accept(game.players[0]))
    assert len(game.state.hands[0]) == 5 and game.state.phase == "play"


def test_a_rotation_asks_every_player_in_turn() -> None:
    game = SoloGame(["Ana", "Bia", "Caio"], seed=3)
    rng = np.random.default_rng(3)
    for _ in range(5_000):
        state = game.state
        if state.pending is not None and state.pending.kind == "rotate":
            by = state.pending.by
            order = tuple((by + k * state.direction) % 3 for k in (1, 2, 3))
            assert state.pending.waiting == order
            assert all(game.view(p).pending.waiting == order for p in game.players)
            return
        player = game.to_move()[0]
        actions = game.legal_actions(player)
        rotate = [a for a in actions if isinstance(a, Play) and a.card == "black-rotate"]
        game.apply(rotate[0] if rotate else actions[int(rng.integers(len(actions)))])
        if game.is_over:
            game = SoloGame(["Ana", "Bia", "Caio"], seed=int(rng.integers(1_000)))
    raise AssertionError("no Rotate hands was played")


def test_a_panel_accepts_for_you_when_you_hold_no_answer() -> None:
    """You are asked like everyone, but with nothing to answer the panel accepts for
    you at once, as the bots do: the game goes on as before."""
    panel = SoloPanel.from_game(arranged(["green-5", "yellow-9", "blue-1"], **ATTACK))
    assert len(panel.game.state.hands[0]) == 5 and panel.errors == []
    assert panel.mode() == "turn" and panel.game.state.phase == "play"
