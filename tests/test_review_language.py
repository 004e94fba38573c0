"""A review in sight stays in sight when its panel changes language: the same
reviews, player and choice, drawn in the new language's words."""

from __future__ import annotations

import pytest

from dicelab.core.engine import play_out
from dicelab.games import GAMES


@pytest.mark.parametrize("game", ["dice-poker", "solitaire", "sly-dice", "solo"])
def test_a_review_stays_in_sight_when_the_language_changes(game) -> None:
    info = GAMES[game]
    panel = info.panel_class(["Ana"], seed=3, lang="en")
    play_out(panel.game, info.strategy(info.quick_strategies[0]))
    panel.refresh()
    panel.review_button.click()
    panel.review.task.join(120)
    panel.review.next_button.click()
    other = panel.in_language("fr")
    assert other.review.reviews == panel.review.reviews and other.review.index == 1
    assert other.review.widget.layout.display != "none"
    assert other.review.position.value.startswith("Choix 2 sur ")
    assert other.review.player_menu.value == panel.review.player_menu.value
    assert other.errors == [] and panel.errors == []
