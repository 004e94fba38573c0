"""The Dice Poker panel's "Review this game": computed in the background, then
each player's choices one at a time, the costliest first."""

from __future__ import annotations

import threading

import numpy as np
import pytest

from dicelab.dice_poker import review as dice_poker_review
from dicelab.dice_poker.advisor import PanelAdvisor
from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.dice_poker.review import review_game
from dicelab.dice_poker.solver import solve
from dicelab.dice_poker.strategy import strategy


@pytest.fixture(scope="module")
def solution():
    return solve("dice-poker", progress="none")


def finished(lang: str = "en", advisor=None) -> DicePokerPanel:
    """A panel whose game (Ana and Bia, greedy) has just ended."""
    panel = DicePokerPanel(["Ana", "Bia"], seed=2, lang=lang, advisor=advisor)
    game, greedy, rng = panel.game, strategy("greedy"), np.random.default_rng(0)
    while not game.is_over:
        player = game.current_player
        game.apply(greedy(game.view(player), game.legal_actions(player), rng))
    panel.refresh()
    return panel


def reviewed(panel: DicePokerPanel) -> DicePokerPanel:
    panel.review_button.click()
    panel.review.task.join(60)
    return panel


def test_the_review_shows_each_choice_the_costliest_first(solution) -> None:
    panel = finished()
    assert panel.end_screen.layout.display != "none" and panel.review_button.description
    assert panel.review.widget.layout.display == "none" and panel.advisor is None
    reviewed(panel)
    view = panel.review
    expected = review_game(panel.game, solution)
    assert view.reviews == expected and panel.advisor is not None  # the hints get the table
    ana = expected[0]
    losses = [d.loss for d in view.shown]
    assert losses == sorted(losses, reverse=True) and len(losses) == len(ana.decisions)
    worst = ana.costliest(1)[0]
    assert view.position.value == f"Choice 1 of {len(losses)}, the costliest first"
    assert f"Turn {worst.turn}, roll {worst.roll}" in view.decision.value
    assert f"{worst.loss:g}" in view.decision.value and "Points lost" in view.decision.value
    assert f"{ana.total_loss:g} points lost in all" in view.summary.value
    assert view.decision.value.count("dicelab-review-die") == 10  # the dice, for each choice
    view.previous_button.click()  # nothing before the costliest: said, not done
    assert view.index == 0 and "none comes before it" in view.position.value
    view.next_button.click()
    assert view.index == 1 and view.position.value.startswith("Choice 2 of")
    for _ in range(len(losses)):
        view.next_button.click()
    assert view.index == len(losses) - 1 and view.position.value == "This is the last choice"
    assert "dicelab-unavailable" in view.next_button._dom_classes
    view.player_menu.value = "Bia"
    assert view.index == 0 and view.review == expected[1]
    assert "Bia" in view.player_menu.options and view.player_menu.layout.display != "none"


def test_with_the_optimal_table_at_hand_the_review_uses_it(solution) -> None:
    advisor = PanelAdvisor(solution)
    panel = reviewed(finished(advisor=advisor))
    assert panel.advisor is advisor and panel.review.reviews == review_game(panel.game, solution)


def test_the_review_is_in_the_panel_s_language(solution) -> None:
    panel = reviewed(finished("pt"))
    view = panel.review
    worst = view.shown[0]
    assert panel.review_button.description == "Revisar esta partida"
    assert view.position.value.startswith("Escolha 1 de ")
    assert f"{worst.loss:g}".replace(".", ",") in view.decision.value
    assert (
        "Pontos perdidos" in view.decision.value
        and "pontos perdidos no total" in view.summary.value
    )


def test_a_cancelled_review_says_so_and_a_click_meanwhile_is_answered(monkeypatch, solution):
    gate, real = threading.Event(), review_game

    def slow(*args):
        gate.wait(30)
        return real(*args)

    monkeypatch.setattr(dice_poker_review, "review_game", slow)  # loaded when a review starts
    panel = finished(advisor=PanelAdvisor(solution))
    panel.review_button.click()
    assert (
        panel.review.busy.layout.display != "none"
        and "Reviewing" in panel.review.working.status.value
    )
    panel.review_button.click()  # while it is made
    assert panel.message.text == "The review is being made: wait, or click Cancel"
    panel.review.working.cancel_button.click()
    gate.set()
    panel.review.task.join(60)
    assert panel.message.text == "Review cancelled" and panel.review.reviews == ()
    assert panel.review.busy.layout.display == "none"


def test_a_new_game_hides_the_review(solution) -> None:
    panel = reviewed(finished(advisor=PanelAdvisor(solution)))
    assert panel.review.reviews and panel.review.widget.layout.display != "none"
    panel.again_button.click()
    assert panel.review.widget.layout.display == "none" and panel.review.reviews == ()
