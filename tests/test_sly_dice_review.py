"""The Sly Dice review against the solved whole round: rolling choices and
claims against the equilibrium accuser, answers against the equilibrium
claimer.  The equilibrium bot's own games lose nothing; a planted mistake
(the worst choice, now and then) shows exactly where it was made; the values
add up to the round's value in every common roll looked at; `dicelab review`
writes a Sly Dice save's review."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from dicelab.cli import main
from dicelab.core.engine import play_out
from dicelab.core.present.review import TIE
from dicelab.sly_dice.game import Accuse, Claim, Pass, Roll, SlyDiceGame
from dicelab.sly_dice.review import (
    ACCUSE,
    PASS,
    accusation_values,
    claim_values,
    review_game,
    roll_values,
)
from dicelab.sly_dice.round_game import (
    chance,
    claimer_values,
    hands,
    round_spec,
    solve_round,
    walk,
)
from dicelab.sly_dice.rules import DEFAULT_RULES
from dicelab.sly_dice.seen import Seen
from dicelab.sly_dice.strategy import strategy

TABLE = tuple(
    c for c in DEFAULT_RULES.ids if c in ("pair", "three_kind", "full_house", "four_kind")
)


@pytest.mark.parametrize(("seed", "players"), [(0, 2), (1, 3), (2, 2)])
def test_the_equilibrium_bot_loses_nothing(seed, players) -> None:
    game = SlyDiceGame(["Ana", "Bia", "Caio"][:players], seed=seed)
    play_out(game, strategy("equilibrium"))
    for review in review_game(game):
        kinds = {d.kind for d in review.decisions}
        assert kinds == {"roll", "claim", "accusation"} and len(review.decisions) >= 15
        assert [d.loss for d in review.decisions] == [0.0] * len(review.decisions)
        assert review.rating == "perfect" and review.score == game.scores()[review.player]


@pytest.mark.parametrize("common", [(1, 2, 6), (3, 3, 4), (5, 5, 5)])
def test_the_values_add_up_to_the_round_s_value(common) -> None:
    """Over one common roll: the best first choice of each hidden hand (weighted
    by its chance), and the best answer to each claim after each set-asides
    (weighted by how often it is made), both come to the round's value: the
    two best responses of the solution."""
    solved = solve_round(round_spec(common, TABLE, DEFAULT_RULES))
    best_start = 0.0
    for hidden in hands(3, 6):
        seen = Seen(common, (), 3, TABLE, DEFAULT_RULES)
        first = {**roll_values(seen, hidden), **claim_values(seen, hidden)}
        best_start += chance(hidden, 6) * max(first.values())
    assert best_start == pytest.approx(solved.value, abs=1e-9)
    made: dict[tuple[tuple[int, ...], int], float] = {}
    for seq, hidden, mass in walk(solved.spec, solved.policy):
        for (kind, c), p in solved.policy[seq, hidden].items():
            if kind == "claim":
                made[seq, c] = made.get((seq, c), 0.0) + mass * p
    best_answers = 0.0
    for (seq, c), mass in made.items():
        seen = Seen(common, tuple(sorted(seq)), 3 - len(seq), TABLE, DEFAULT_RULES, order=seq)
        values = accusation_values(seen, TABLE[c])
        assert (values is None) == (mass < 1e-12)
        if values is not None:
            best_answers -= mass * max(values.values())
    assert best_answers == pytest.approx(solved.value, abs=1e-9)


class Planted:
    """The equilibrium bot, except that every third choice (a rolling choice, a
    claim or an answer) is the one worth least; it keeps what each gave up,
    valued from its own view by the round's solution (`claimer_values`)."""

    def __init__(self) -> None:
        self.bot, self.count = strategy("equilibrium"), 0
        self.given_up: dict[tuple[int, str, str, int], float] = {}

    def __call__(self, view: Any, actions: list[Any], rng: np.random.Generator) -> Any:
        action = self.bot(view, actions, rng)
        me = view.viewer
        if view.phase == "ask":
            return self._answer(view, action)
        if view.phase not in ("rolling", "claim") or not view.seats[me].rolls:
            return action
        seat = view.seats[me]
        cards = tuple(c for c in DEFAULT_RULES.ids if c in view.table)
        solved = solve_round(round_spec(tuple(sorted(view.common)), cards, view.rules))
        worth = claimer_values(solved.spec, solved.accuse)[1][
            seat.aside, tuple(sorted(seat.hidden))
        ]
        options = {}  # each legal action with what it is worth
        for legal in actions:
            if isinstance(legal, Claim):
                options[legal] = worth["claim", cards.index(legal.card)]
            elif isinstance(legal, Roll):
                options[legal] = worth["aside", seat.hidden[legal.aside]]
            else:  # stop, then the best claim
                options[legal] = max(v for (k, _), v in worth.items() if k == "claim")
        self.count += 1
        if self.count % 3 == 0:
            action = min(options, key=options.__getitem__)
        kind = "claim" if view.phase == "claim" else "roll"
        key = (view.round, view.players[me], kind, seat.rolls)
        self.given_up[key] = max(options.values()) - options[action]
        return action

    def _answer(self, view: Any, action: Any) -> Any:
        claimer = view.claimer
        values = accusation_values(Seen.of(view, claimer), view.seats[claimer].claim)
        if values is None:
            return action
        self.count += 1
        if self.count % 3 == 0:
            action = Accuse() if values[ACCUSE] < values[PASS] else Pass()
        key = (view.round, view.players[view.viewer], "accusation", 0)
        self.given_up[key] = max(values.values()) - values[ACCUSE if action == Accuse() else PASS]
        return action


@pytest.mark.parametrize("seed", [3, 4])
def test_a_planted_mistake_shows_where_it_was_made(seed) -> None:
    bot = Planted()
    game = SlyDiceGame(["Ana", "Bia"], seed=seed)
    play_out(game, bot)
    reviews = review_game(game)
    decisions = [d for review in reviews for d in review.decisions]
    assert len(decisions) == len(bot.given_up) >= 30
    for decision in decisions:
        rolls = 4 - len(decision.hidden) if decision.kind != "accusation" else 0
        given_up = bot.given_up[decision.round, decision.player, decision.kind, rolls]
        assert decision.loss == pytest.approx(float(given_up), abs=2e-4)
        assert (decision.loss > 0) == (given_up > TIE)
    lost = [d for d in decisions if d.loss > 0]
    assert len(lost) >= 3 and {d.kind for d in lost} >= {"roll", "claim"}  # (a mixed
    # answer is as good as the other: the equilibrium accuser is indifferent there)


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
    assert "manche entière résolue" in panel.review.summary.value  # the reference, said
    panel.new_game_button.click()
    assert panel.review.widget.layout.display == "none"
