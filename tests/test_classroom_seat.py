"""One seat's game at a class table behind the engine contract (`TableGame`),
against a real service: the view it holds is the engine's view of that seat,
its legal actions the engine's, its points those of the whole game, and it
follows the table's moves (`sync`, `watch`)."""

from __future__ import annotations

import inspect
import random
import threading
from typing import Any

import numpy as np
import pytest

from dicelab.classroom import Client
from dicelab.classroom.seat import TableGame
from dicelab.core.engine.actions import action_types, decode
from dicelab.errors import SettingsError, TableError
from dicelab.games import GAMES

PLAYERS = ["Ana", "Bia", "Cleo"]


def seated(url: str, game: str, seed: int = 7) -> tuple[Client, dict[str, TableGame]]:
    """A table of `game` (Cleo a quick bot); the teacher's client and Ana's and Bia's games."""
    teacher = Client(url)
    bot = GAMES[game].quick_strategies[0]
    table = teacher.create(game, PLAYERS, bots={"Cleo": bot}, seed=seed)
    games = {}
    for name in ("Ana", "Bia"):
        client = Client(url)
        client.join(table["code"], name)
        games[name] = TableGame(client)
    return teacher, games


@pytest.mark.parametrize("game", list(GAMES))
def test_a_seat_plays_a_whole_game_seeing_what_the_engine_shows_it(service, game) -> None:
    """Played at random to the end: after every action each seat's view, legal
    actions and points are what the same game's engine, replayed here from the
    seed and the actions of the table's log, gives that player at that point."""
    teacher, seats = seated(service.url, game)
    rng, moves = random.Random(game), []
    for _ in range(5_000):
        for seat in seats.values():
            seat.sync()
        if seats["Ana"].is_over:
            break
        movers = [seat for seat in seats.values() if seat.legal_actions()]
        assert movers, "the table waits for nobody"
        mover = rng.choice(movers)
        assert mover.to_move()[0] == mover.me
        mover.apply(rng.choice(mover.legal_actions()))
        moves.append({name: (seat.version, seat.state) for name, seat in seats.items()})
    record = teacher.log()["record"]
    seed = record["start"]["seed"]
    assert all(seat.is_over and seat.seed == seed for seat in seats.values())
    engine = GAMES[game].engine_class(PLAYERS, seed=seed)
    views_at = {0: {name: engine.view(name) for name in ("Ana", "Bia")}}
    for step, entry in enumerate(record["actions"], 1):
        engine.apply(_decoded(engine, entry["action"]))
        views_at[step] = {name: engine.view(name) for name in ("Ana", "Bia")}
    for seen in moves:
        for name, (version, state) in seen.items():
            assert state == views_at[version][name]
    final = seats["Ana"]
    assert final.scores() == engine.scores() and final.winners() == engine.winners()
    assert seats["Bia"].state == engine.view("Bia")


def _decoded(engine: Any, data: dict[str, Any]) -> Any:
    return decode(data, action_types(inspect.getmodule(type(engine))))


@pytest.mark.parametrize("game", ["dice-poker", "sly-dice", "solo"])
def test_the_points_so_far_follow_from_any_players_view(game) -> None:
    """A seat counts the points so far from its own view: in these games they
    are public, so the engine run on a view agrees with the whole game."""
    info = GAMES[game]
    engine = info.engine_class(PLAYERS, seed=3)
    bots = {name: info.strategy(info.quick_strategies[0]) for name in PLAYERS}
    rng = np.random.default_rng(3)
    while not engine.is_over:
        for name in PLAYERS:
            on_view = info.engine_class.from_state(engine.view(name), 0)
            assert on_view.scores() == engine.scores() and not on_view.is_over
        mover = engine.to_move()[0]
        engine.apply(bots[mover](engine.view(mover), engine.legal_actions(mover), rng))


def test_a_seat_refuses_what_it_may_not_do_and_changes_nothing(service) -> None:
    _teacher, seats = seated(service.url, "sly-dice")
    ana, bia = seats["Ana"], seats["Bia"]
    assert ana.to_move() == ("Ana",) and bia.to_move() == ("Ana",)
    assert bia.legal_actions() == [] and bia.legal_actions("Ana") == []
    with pytest.raises(SettingsError, match="sees only Bia's view"):
        bia.view("Ana")
    before = (bia.version, bia.state)
    with pytest.raises(TableError, match="not your turn"):
        bia.apply(ana.legal_actions()[0])
    assert (bia.version, bia.state) == before and not bia.sync()
    teacher = Client(service.url, ana.code, None)
    with pytest.raises(SettingsError, match="join the table first"):
        TableGame(teacher, {"player": None})


def test_a_watching_seat_hears_of_every_move_of_the_others(service) -> None:
    _teacher, seats = seated(service.url, "sly-dice")
    ana, bia = seats["Ana"], seats["Bia"]
    heard = threading.Event()

    def news() -> None:  # the first: the table as it stands; then each move
        if bia.client.view()["version"] > 0:
            heard.set()

    bia.watch(news)
    ana.apply(ana.legal_actions()[0])  # the common dice
    assert heard.wait(5), "Bia's watcher did not hear Ana's roll"
    assert bia.sync() and bia.version == ana.version and bia.state.common == ana.state.common
    bia.stop_watching()
