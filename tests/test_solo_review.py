"""The Solo review: each card chosen on a player's turn against the hints'
measure (the next player's exact chance of being stuck).  The blocker bot,
which plays by that measure, loses nothing; a planted mistake (the card
that leaves the next player the best chance, every fourth choice) shows
exactly where it was made; `dicelab review` writes a Solo save's review."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import numpy as np
import pytest

from dicelab.cli import main
from dicelab.core.engine import play_out
from dicelab.core.present.review import TIE
from dicelab.solo.game import Play, SoloGame
from dicelab.solo.review import review_game, stuck_chance
from dicelab.solo.rules import card
from dicelab.solo.strategy import best_colour, strategy


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 4)])
def test_the_blocker_bot_loses_nothing(seed, players) -> None:
    game = SoloGame(["Ana", "Bia", "Caio", "Duda"][:players], seed=seed)
    play_out(game, strategy("blocker"))
    for review in review_game(game):
        assert len(review.decisions) >= 10 and review.rating == "perfect"
        assert [d.loss for d in review.decisions] == [0.0] * len(review.decisions)
        assert review.score == game.scores()[review.player]
        assert all(d.value == d.best_value and 0 <= d.value <= 100 for d in review.decisions)


class Planted:
    """The blocker bot, except that every fourth choice of a card on its own turn
    is the card (and colour) that leaves the next player the best chance to
    play; it keeps, per player, what each choice gave up, valued from its
    own view (the hints' cards: a colour-naming card with the colour held most)."""

    def __init__(self) -> None:
        self.bot, self.count = strategy("blocker"), 0
        self.given_up: dict[str, list[float]] = defaultdict(list)

    def __call__(self, view: Any, actions: list[Any], rng: np.random.Generator) -> Any:
        me = view.viewer
        if view.phase != "play" or view.turn != me or not isinstance(actions[0], Play):
            return self.bot(view, actions, rng)
        hand = [c for c in view.hands[me] if c is not None]

        def value(action: Play) -> float:
            return float(100 * stuck_chance(view, me, card(action.card), action.colour))

        def hinted(action: Play) -> bool:
            played = card(action.card)
            return action.colour in (None, best_colour(hand, played))

        self.count += 1
        action = self.bot(view, actions, rng)
        if self.count % 4 == 0:
            action = min(actions, key=value)
        listed = {(a.card, a.colour) for a in actions if hinted(a)}
        if len(listed | {(action.card, action.colour)}) >= 2:
            best = max(value(a) for a in actions if hinted(a))
            self.given_up[view.players[me]].append(max(best, value(action)) - value(action))
        return action


@pytest.mark.parametrize("seed", [3, 4])
def test_a_planted_mistake_shows_where_it_was_made(seed) -> None:
    bot = Planted()
    game = SoloGame(["Ana", "Bia", "Caio"], seed=seed)
    play_out(game, bot)
    for review in review_game(game):
        given_up = bot.given_up[review.player]
        assert len(review.decisions) == len(given_up) >= 10
        for decision, lost in zip(review.decisions, given_up, strict=True):
            assert decision.loss == pytest.approx(lost, abs=2e-4)
            assert (decision.loss > 0) == (lost > TIE)
        assert sum(d.loss > 0 for d in review.decisions) >= 2


def test_dicelab_review_writes_a_solo_game_s_review(tmp_path, capsys) -> None:
    game = SoloGame(["Ana", "Bia"], seed=1)
    play_out(game, {"Ana": strategy("random"), "Bia": strategy("blocker")})
    path = tmp_path / "solo.json"
    game.save(path)
    assert main(["review", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "solo" and data["seed"] == 1
    ana, bia = data["players"]
    assert ana["total_loss"] > 0 and bia["total_loss"] == 0 and bia["rating"] == "perfect"
    assert ana["choices"] == len(review_game(game)[0].decisions) >= 10
    assert set(ana["decisions"][0]) >= {"round", "top", "hand", "choice", "best", "loss"}
    assert main(["--lang", "es", "review", str(path)]) == 0
    markdown = capsys.readouterr().out
    assert markdown.startswith("# ¿Qué tal jugaste? Una partida de Solo")
    assert "Ronda" in markdown
    assert main(["review", str(path), "--format", "html"]) == 0
    assert capsys.readouterr().out.count("<table>") == 2


def test_the_panel_reviews_a_finished_game_the_costliest_choice_first() -> None:
    from dicelab.solo.panel import SoloPanel

    panel = SoloPanel(["Ana"], seed=3, lang="es")
    play_out(panel.game, Planted())
    panel.refresh()
    assert panel.end_screen.layout.display != "none"
    panel.review_button.click()
    panel.review.task.join(60)
    reviews = panel.review.reviews
    assert reviews == review_game(panel.game) and len(reviews) == 3
    worst = reviews[0].costliest(1)[0]
    assert panel.review.position.value.startswith("Elección 1 de ")
    shown = panel.review.decision.value
    assert f"Ronda {worst.round}, en la pila: " in shown and "Tu mano: " in shown
    assert f"{worst.loss:g}".replace(".", ",") in shown
    panel.new_game_button.click()
    assert panel.review.widget.layout.display == "none"
