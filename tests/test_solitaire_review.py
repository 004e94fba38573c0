"""The Solitaire Dice review: each split against the search bot's expected
rating.  The search bot's own games lose nothing; a planted mistake (the
split search rates lowest, every fourth choice) shows exactly where it was
made; `dicelab review` writes every game's review it knows, and refuses a
foreign or corrupt file in one line."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from dicelab.cli import main
from dicelab.core.engine import play_out
from dicelab.core.present.review import TIE
from dicelab.games import GAMES
from dicelab.solitaire.batch import Batch
from dicelab.solitaire.game import Choose, SolitaireGame
from dicelab.solitaire.review import review_game
from dicelab.solitaire.search import Search


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_search_bot_loses_nothing(seed) -> None:
    game = SolitaireGame(["Ana", "Bia"], seed=seed)
    play_out(game, GAMES["solitaire"].strategy("search"))
    for review in review_game(game):
        assert len(review.decisions) >= 10 and review.rating == "perfect"
        assert [d.loss for d in review.decisions] == [0.0] * len(review.decisions)
        assert not any(d.clear for d in review.decisions)
        assert review.score == game.scores()[review.player] and review.expected is None


class Planted:
    """The search bot, except that every fourth choice takes the split search
    rates lowest; remembers how much each choice gave up by search's values."""

    def __init__(self) -> None:
        self.search, self.given_up = GAMES["solitaire"].strategy("search"), []

    def __call__(self, view: Any, actions: list[Any], rng: np.random.Generator) -> Any:
        if not isinstance(actions[0], Choose):
            return self.search(view, actions, rng)
        sheet = view.sheets[view.players.index(actions[0].player)]
        values = Search().values(Batch.of(sheet, [a.split for a in actions]))[0]
        if len(self.given_up) % 4 == 3:
            self.given_up.append(float(values.max() - values.min()))
            return actions[int(np.argmin(values))]
        self.given_up.append(0.0)
        return self.search(view, actions, rng)


@pytest.mark.parametrize("seed", [3, 4])
def test_a_planted_mistake_shows_where_it_was_made(seed) -> None:
    bot = Planted()
    game = SolitaireGame(["Ana"], seed=seed)
    play_out(game, bot)
    [review] = review_game(game)
    assert len(review.decisions) == len(bot.given_up) >= 12
    for decision, given_up in zip(review.decisions, bot.given_up, strict=True):
        assert decision.loss == pytest.approx(given_up, abs=1e-4)
        assert (decision.loss > 0) == (given_up > TIE)
        assert decision.clear <= (decision.loss > 0)
    assert review.total_loss > 10 and sum(d.loss > 0 for d in review.decisions) >= 3


def saved(tmp_path, name: str, **options: Any) -> str:
    game = GAMES[name].engine_class(["Ana", "Bia"], seed=5, **options)
    play_out(game, GAMES[name].strategy(GAMES[name].quick_strategies[0]))
    path = tmp_path / f"{name}.json"
    game.save(path)
    return str(path)


def test_dicelab_review_writes_a_solitaire_game_s_review(tmp_path, capsys) -> None:
    path = saved(tmp_path, "solitaire")
    game = SolitaireGame.load(path)
    reviews = review_game(game)
    assert main(["review", path, "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "solitaire" and data["seed"] == 5
    chosen = [s for s in game.record.steps if isinstance(s.action, Choose)]
    for player, review in zip(data["players"], reviews, strict=True):
        assert (
            player["choices"]
            == len(review.decisions)
            == len([s for s in chosen if s.player == review.player])
        )
        assert player["total_loss"] == review.total_loss
        assert set(player["decisions"][0]) >= {"roll", "dice", "choice", "best", "loss", "clear"}
    assert main(["--lang", "it", "review", path]) == 0
    markdown = capsys.readouterr().out
    assert markdown.startswith("# Come hai giocato? Una partita di Solitaire Dice")
    assert "## Ana: " in markdown and "bot search" in markdown
    assert main(["review", path, "--format", "html"]) == 0
    assert capsys.readouterr().out.count("<table>") == 2


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('{"format": "chess/pgn"}', "not a dicelab game save (format 'chess/pgn')"),
        ("[1, 2", "not valid JSON"),
        ('{"format": "dicelab/solitaire-game", "version": 2}', "bad save file"),
        ('{"format": "dicelab/dice-poker-game", "version": 9}', "unsupported save version 9"),
        ('{"format": "dicelab/dice-poker-game", "version": 2, "record": 5}', "bad save file"),
        ('{"format": "dicelab/sly-dice-game", "version": 7}', "unsupported save version 7"),
        ('{"format": "dicelab/solo-game", "version": 2, "record": []}', "bad save file"),
    ],
)
def test_dicelab_review_refuses_a_foreign_or_corrupt_file_in_one_line(  # every game
    tmp_path, capsys, text, words
) -> None:
    (tmp_path / "bad.json").write_text(text)
    assert main(["review", str(tmp_path / "bad.json")]) == 2
    said = capsys.readouterr().err
    assert words in said and said.count("\n") == 1


def test_the_panel_reviews_a_finished_game_the_costliest_split_first() -> None:
    from dicelab.solitaire.panel import SolitairePanel

    panel = SolitairePanel(["Ana"], seed=3, lang="pt")
    bot = Planted()
    play_out(panel.game, bot)
    panel.refresh()
    assert panel.end_screen.layout.display != "none"
    assert panel.review_button.description == "Revisar esta partida"
    panel.review_button.click()
    panel.review.task.join(60)
    [review] = panel.review.reviews
    assert review == review_game(panel.game)[0]
    worst = review.costliest(1)[0]
    count = len(review.decisions)
    assert panel.review.position.value == f"Escolha 1 de {count}, as mais caras primeiro"
    shown = panel.review.decision.value
    assert f"Lançamento {worst.roll}" in shown and f"{worst.loss:g}".replace(".", ",") in shown
    assert "robô search" in panel.review.summary.value  # the reference, said
    panel.new_game_button.click()
    assert panel.review.widget.layout.display == "none"
