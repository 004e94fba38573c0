"""The Sly Dice review: claims against the equilibrium accuser, answers against
the equilibrium claimer.  The equilibrium bot's own games lose nothing; a
planted mistake (the worst claim, the worse answer, now and then) shows
exactly where it was made; the values add up to the solved game's value
in every public state looked at; `dicelab review` writes a Sly Dice save's
review."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from dicelab.cli import main
from dicelab.core.engine import play_out
from dicelab.core.present.review import TIE
from dicelab.sly_dice.equilibrium import public_states, solution_of, state_solution
from dicelab.sly_dice.game import Accuse, Claim, Pass, SlyDiceGame
from dicelab.sly_dice.review import ACCUSE, PASS, accusation_values, claim_values, review_game
from dicelab.sly_dice.rules import DEFAULT_RULES
from dicelab.sly_dice.seen import Seen
from dicelab.sly_dice.strategy import strategy

TABLE = ("pair", "three_kind", "full_house", "four_kind")


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 2)])
def test_the_equilibrium_bot_loses_nothing(seed, players) -> None:
    game = SlyDiceGame(["Ana", "Bia", "Caio"][:players], seed=seed)
    play_out(game, strategy("equilibrium"))
    for review in review_game(game):
        kinds = {d.kind for d in review.decisions}
        assert kinds == {"claim", "accusation"} and len(review.decisions) >= 8
        assert [d.loss for d in review.decisions] == [0.0] * len(review.decisions)
        assert review.rating == "perfect" and review.score == game.scores()[review.player]


def test_claim_and_answer_values_add_up_to_the_solved_game_s_value() -> None:
    """In each public state, the best claim of each hidden hand (weighted by its
    chance) and the best answer to each claim (weighted by how often it is made)
    both come to the game's value: the two best responses of the solution."""
    states = public_states(TABLE, DEFAULT_RULES)
    for state in states[:: len(states) // 25]:
        solution = state_solution(state.common, state.aside, TABLE, DEFAULT_RULES)
        game = solution.game
        seen = Seen(state.common, state.aside, 3 - len(state.aside), TABLE, DEFAULT_RULES)
        hands = [tuple(map(int, name.split())) for name in game.hands]
        best_claims = sum(
            (w * max(claim_values(seen, hand).values()) for w, hand in zip(game.weights, hands)),
            Fraction(0),
        )
        assert best_claims / game.total == solution.value
        best_answers = Fraction(0)
        for c, card in enumerate(game.cards):
            made = sum((w * row[c] for w, row in zip(game.weights, solution.claims)), Fraction(0))
            values = accusation_values(seen, card)
            assert (values is None) == (made == 0)
            if values is not None:
                best_answers -= made * max(values.values())
        assert best_answers / game.total == solution.value


class Planted:
    """The equilibrium bot, except that every third claim is the card worth least
    against the equilibrium accuser and every third answer the worse one; it
    keeps what each claim and answer gave up, by the solved game's own tables."""

    def __init__(self) -> None:
        self.bot, self.count = strategy("equilibrium"), 0
        self.given_up: dict[tuple[int, str, str], Fraction] = {}

    def __call__(self, view: Any, actions: list[Any], rng: np.random.Generator) -> Any:
        if view.phase not in ("claim", "ask"):
            return self.bot(view, actions, rng)
        claimer = view.claimer
        seen = Seen.of(view, claimer)
        solution = solution_of(seen)  # the one the bot plays (the cards in the rules' order)
        game = solution.game
        self.count += 1
        if view.phase == "claim":
            hidden = view.seats[claimer].hidden
            values = {
                card: game.value_of(
                    c, seen.rules.card(card).holds(seen.common + seen.aside + hidden), q
                )
                for c, (card, q) in enumerate(zip(game.cards, solution.accuse))
            }
            pick = min(values, key=values.__getitem__) if self.count % 3 == 0 else None
            action = Claim(pick) if pick else self.bot(view, actions, rng)
            key = (view.round, view.players[claimer], "claim")
            self.given_up[key] = max(values.values()) - values[action.card]
            return action
        values = accusation_values(seen, view.seats[claimer].claim)
        if values is None:
            return self.bot(view, actions, rng)
        action = self.bot(view, actions, rng)
        if self.count % 3 == 0:
            action = Accuse() if values[ACCUSE] < values[PASS] else Pass()
        key = (view.round, view.players[view.viewer], "accusation")
        self.given_up[key] = max(values.values()) - values[ACCUSE if action == Accuse() else PASS]
        return action


@pytest.mark.parametrize("seed", [3, 4])
def test_a_planted_mistake_shows_where_it_was_made(seed) -> None:
    bot = Planted()
    game = SlyDiceGame(["Ana", "Bia"], seed=seed)
    play_out(game, bot)
    reviews = review_game(game)
    decisions = [d for review in reviews for d in review.decisions]
    assert len(decisions) == len(bot.given_up) >= 20
    for decision in decisions:
        given_up = bot.given_up[decision.round, decision.player, decision.kind]
        assert decision.loss == pytest.approx(float(given_up), abs=2e-4)
        assert (decision.loss > 0) == (given_up > TIE)
    lost = [d for d in decisions if d.loss > 0]
    assert len(lost) >= 3 and {d.kind for d in lost} == {"claim", "accusation"}


def test_dicelab_review_writes_a_sly_dice_game_s_review(tmp_path, capsys) -> None:
    game = SlyDiceGame(["Ana", "Bia"], seed=1)
    play_out(game, strategy("random-liar"))
    path = tmp_path / "sly.json"
    game.save(path)
    assert main(["review", str(path), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "sly-dice" and data["seed"] == 1
    kinds = [d["kind"] for p in data["players"] for d in p["decisions"]]
    claims = [s for s in game.record.steps if isinstance(s.action, Claim)]
    answers = [s for s in game.record.steps if isinstance(s.action, (Accuse, Pass))]
    assert kinds.count("claim") == len(claims) >= 10  # every claim judged, and every
    assert len(answers) - 2 <= kinds.count("accusation") <= len(answers)  # answer but rare
    for player, review in zip(data["players"], review_game(game), strict=True):
        assert player["total_loss"] == review.total_loss
        assert set(player["decisions"][0]) >= {"round", "kind", "claim", "choice", "best", "loss"}
    assert main(["--lang", "pt", "review", str(path)]) == 0
    markdown = capsys.readouterr().out
    assert markdown.startswith("# Você jogou bem? Uma partida de Sly Dice")
    assert "Passar" in markdown and "Rodada" in markdown
    assert main(["review", str(path), "--format", "html"]) == 0
    assert capsys.readouterr().out.count("<table>") == 2


def test_the_panel_reviews_a_finished_game_the_costliest_choice_first() -> None:
    from dicelab.sly_dice.panel import SlyDicePanel

    panel = SlyDicePanel(["Ana"], seed=3, lang="fr")
    play_out(panel.game, Planted())
    panel.refresh()
    assert panel.end_screen.layout.display != "none"
    assert panel.review_button.description == "Revoir cette partie"
    panel.review_button.click()
    panel.review.task.join(60)
    reviews = panel.review.reviews
    assert reviews == review_game(panel.game) and len(reviews) == 3
    worst = max((d for r in reviews for d in r.decisions), key=lambda d: d.loss)
    panel.review.player_menu.value = worst.player
    shown = panel.review.decision.value
    assert f"Manche {worst.round} : {worst.claimer} : " in shown
    assert f"{worst.loss:g}".replace(".", ",") in shown and "Dés communs : " in shown
    assert "jeu d’annonces résolu" in panel.review.summary.value  # the reference, said
    panel.new_game_button.click()
    assert panel.review.widget.layout.display == "none"
