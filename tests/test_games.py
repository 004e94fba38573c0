"""Generic tests of every game in `dicelab.games.GAMES`: a new game gets them free.

- every game has rules, an engine that follows the contract, exact odds
  tables, strategies that play whole games, a panel and at least one lesson;
- random legal and illegal actions: an illegal one raises `IllegalMove`
  naming the rule and changes nothing, generator included;
- save and load at any point: the same state, seed and generator, and the
  same game afterwards;
- views: what one player sees does not change when what another player
  hides is drawn again, neither as a snapshot nor as JSON.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab.core.engine import Engine, contract, play_out
from dicelab.core.present.table import OddsTable
from dicelab.core.ui.words import LANGS
from dicelab.errors import IllegalMove, SaveFileError
from dicelab.games import GAMES, load

NAMES = sorted(GAMES)
JUNK = [None, "roll", 42, ("Roll",), object()]


@pytest.mark.parametrize("name", NAMES)
def test_every_game_has_all_its_parts(name):
    info = GAMES[name]
    load(info.rules)
    game = info.new_game(["Ana", "Bia"], seed=1)
    assert isinstance(game, Engine) and game.players == ("Ana", "Bia") and game.seed == 1
    tables = info.odds_tables()
    assert tables and all(isinstance(t, OddsTable) and len(t) for t in tables)
    assert set(info.quick_strategies) <= set(info.strategy_names)
    assert load(info.strategies).__name__ == "strategy"  # one name for one idea
    module = info.strategies.partition(":")[0]
    assert load(f"{module}:STRATEGIES") == info.strategy_names
    panel = info.panel_class(["Ana", "Bia"], seed=1, lang="pt")
    assert panel.game.players == ("Ana", "Bia") and panel.errors == []
    assert info.lesson_paths() and all(path.exists() for path in info.lesson_paths())
    with pytest.raises(Exception, match="has no strategy"):
        info.strategy("clairvoyant")


@pytest.mark.parametrize("name", NAMES)
def test_quick_strategies_play_whole_games_through_the_engine(name):
    info = GAMES[name]
    for strategy in info.quick_strategies:
        game = info.new_game(["Ana", "Bia"], seed=7)
        scores = play_out(game, info.strategy(strategy), np.random.default_rng(7))
        assert game.is_over and scores == game.scores() and game.to_move() == ()
        best = (min if info.fewest_points_win else max)(scores.values())
        assert set(game.winners()) == {p for p, s in scores.items() if s == best}


def snapshot(game: Any) -> tuple[Any, Any]:
    return game.state, game.rng.bit_generator.state


@st.composite
def played(draw: Any, name: str) -> tuple[Any, list[Any]]:
    """A game after random legal actions, and a pool of actions seen on the way."""
    info = GAMES[name]
    players = [f"P{i}" for i in range(draw(st.integers(info.least_players, 3)))]
    game = info.new_game(players, seed=draw(st.integers(0, 2**32)))
    pool: list[Any] = []
    for _ in range(draw(st.integers(0, 60))):
        actions = game.legal_actions()
        if not actions:
            break
        pool += actions[:8]
        game.apply(draw(st.sampled_from(actions)))
    return game, pool


def check_illegal_actions_change_nothing(game: Any, pool: list[Any]) -> None:
    legal = game.legal_actions()
    for action in [*pool, *JUNK]:
        if action in legal:
            continue
        before = snapshot(game)
        with pytest.raises(IllegalMove) as info:
            game.apply(action)
        assert info.value.rule and snapshot(game) == before
    for player in game.players:
        mine = game.legal_actions(player)
        assert all(a in legal for a in mine)
        assert (player in game.to_move()) == bool(mine) or not legal


def check_save_and_load(game: Any) -> None:
    copy = type(game).from_json(game.to_json())
    assert snapshot(copy) == snapshot(game) and copy.seed == game.seed
    json.loads(game.to_json())
    for _ in range(12):  # the same game afterwards
        actions = game.legal_actions()
        assert copy.legal_actions() == actions
        if not actions:
            break
        pick = actions[len(actions) // 2]
        assert copy.apply(pick) == game.apply(pick)
        assert snapshot(copy) == snapshot(game)


def check_views(game: Any, rng: np.random.Generator) -> None:
    for seer in game.players:
        assert json.loads(game.view_json(seer)) is not None
        # a remote player's panel reads its view back: the very snapshot the engine made
        assert type(game).view_from_json(game.view_json(seer)) == game.view(seer)
        for hider in game.players:
            if hider == seer:
                continue
            other = game.redraw_hidden(hider, rng)
            assert other.view(seer) == game.view(seer)
            assert other.view_json(seer) == game.view_json(seer)
            assert other.public_view_json() == game.public_view_json()
    assert json.loads(game.public_view_json()).get("viewer") in (None, "")  # nobody's
    assert type(game).view_from_json(game.public_view_json()) == game.public_view()
    with pytest.raises(IllegalMove):
        game.view("nobody")


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_contract_holds_at_random_points(name, data):
    game, pool = data.draw(played(name))
    check_illegal_actions_change_nothing(game, pool)
    check_views(game, np.random.default_rng(0))
    check_save_and_load(game)


def _rules_of(name: str) -> set[str]:
    """Every rule name (a `RULE_*` constant) of the game's package and of the core."""
    package = importlib.import_module(GAMES[name].engine.partition(":")[0].rpartition(".")[0])
    modules = [contract] + [
        importlib.import_module(f"{package.__name__}.{module.name}")
        for module in pkgutil.iter_modules(package.__path__)
    ]
    return {
        value
        for module in modules
        for key, value in vars(module).items()
        if key.startswith("RULE_") and isinstance(value, str)
    }


# rules that only a program can break (a malformed action), never a click
PROGRAM_ONLY = {"an action is a Roll or a Score", "an action is a Roll or a Choose"} | {
    "an action of Sly Dice",
    "an action of Solo",
    "five dice, at positions 0..4",
    "the boxes of the score card",
    contract.RULE_DICE,
    contract.RULE_PLAYER,
}


DETAILS = {"name": "Ana", "other": "Bia", "names": ["Bia"], "box": "chance", "points": 3}
DETAILS |= {"boxes": ["chance"], "position": 1, "face": 2}
DETAILS |= {"in_force": "red / 2", "colour": "red", "fits": "red-5"}  # Solo's cards


@pytest.mark.parametrize("name", NAMES)
def test_every_rule_is_explained_in_every_language_of_the_panel(name):
    rules = _rules_of(name)
    assert len(rules) >= 8
    for lang in LANGS:
        words = GAMES[name].panel_class(["Ana", "Bia"], seed=1, lang=lang).words
        for rule in rules:
            said = words.explain(IllegalMove(rule, "the engine's words", **DETAILS))
            assert said.endswith(")") and ("rule:" in said) == (lang == "en"), said
            if lang != "en":
                assert rule not in said, f"{rule!r} has no {lang} name"
                assert ("The engine's words" in said) == (rule in PROGRAM_ONLY), said


@pytest.mark.parametrize("name", ["solitaire", "sly-dice", "solo"])
def test_the_public_view_hides_what_every_player_hides(name) -> None:
    """A teacher's projector shows the public view: no player's hidden dice,
    sheet or cards, whoever's are drawn again."""
    game = GAMES[name].new_game(["Ana", "Bia", "Cleo"], seed=3)
    rng = np.random.default_rng(3)
    for _ in range(12):
        legal = game.legal_actions()
        game.apply(legal[int(rng.integers(len(legal)))])
    public = game.public_view_json()
    assert public != json.dumps(game._saving().state_dict(game.state), ensure_ascii=False)
    assert json.loads(public).get("viewer", "") == ""
    for player in game.players:
        assert game.redraw_hidden(player, rng).public_view_json() == public


@pytest.mark.parametrize("name", NAMES)
def test_a_view_read_back_refuses_what_is_not_a_view(name) -> None:
    """A save is not a view, a view is not a save, and a view seen by a stranger or
    with a key too many is refused in one line."""
    game = GAMES[name].engine_class(["Ana", "Bia"], seed=2)
    engine = type(game)
    view = json.loads(game.view_json("Ana"))
    with pytest.raises(SaveFileError, match="unknown key 'format'"):
        engine.view_from_json(game.to_json())
    with pytest.raises(SaveFileError):
        engine.from_json(game.view_json("Ana"))
    with pytest.raises(SaveFileError, match="unknown key 'extra'"):
        engine.view_from_json(json.dumps({**view, "extra": 1}))
    if "viewer" in view:
        with pytest.raises(SaveFileError, match="not 'Zed'"):
            engine.view_from_json(json.dumps({**view, "viewer": "Zed"}))
    with pytest.raises(SaveFileError, match="not valid JSON"):
        engine.view_from_json("{")
