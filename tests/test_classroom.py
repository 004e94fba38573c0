"""The class tables across a real service (issue 47): a whole game of each
game through the API, every refusal a one-line 4xx that changes nothing, a
`kill -9` in the middle of a game that loses nothing, and the event stream."""

from __future__ import annotations

import http.client
import json
import random
import signal
import threading
import urllib.parse
from pathlib import Path
from typing import Any

import pytest

from dicelab.classroom import Client
from dicelab.classroom.engines import replayed
from dicelab.classroom.store import Store
from dicelab.classroom.tables import Hall
from dicelab.cli import main
from dicelab.errors import SettingsError, TableError
from dicelab.games import GAMES
from tests.classroom_service import Service, play, seat_clients, table_views

PLAYERS = ["Ana", "Bia", "Cleo"]


def new_table(url: str, game: str, seed: int = 11) -> dict[str, Any]:
    """A table of `game`: Ana and Bia human, Cleo a quick bot."""
    bot = GAMES[game].quick_strategies[0]
    return Client(url).create(game, PLAYERS, bots={"Cleo": bot}, seed=seed)


def stored(db: Path, code: str) -> bytes:
    """Every stored row of a table, read beside the running service."""
    store = Store(db, read_only=True)
    try:
        return store.dump(code)
    finally:
        store.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_of_each_game_across_the_api(service, game) -> None:
    table = new_table(service.url, game)
    assert table["free"] == ["Ana", "Bia"] and table["bots"] == {
        "Cleo": GAMES[game].quick_strategies[0]
    }
    clients = seat_clients(service.url, table["code"], ["Ana", "Bia"])
    assert Client(service.url).about(table["code"])["free"] == []
    taken = play(clients, random.Random(game))
    views = table_views(clients)
    assert taken > 10 and all(view["over"] for view in views.values())
    scores = views["Ana"]["scores"]
    assert set(scores) == set(PLAYERS) and views["Bia"]["scores"] == scores
    # the stored log replays to the stored game, and the game is the one played
    hall = Hall(Store(service.db, read_only=True))
    final = hall.tables[table["code"]]
    assert hall.replay(table["code"]).to_json() == final.engine.to_json()
    assert final.engine.scores() == scores and final.actions == views["Ana"]["version"]
    with pytest.raises(TableError, match="the game is over") as refused:
        clients["Ana"].act({"type": "Roll"})
    assert refused.value.status == 409
    # once it is over, the seed and the log replay the game anywhere
    log = clients["Bia"].log()
    start, actions = log["record"]["start"], log["record"]["actions"]
    assert start["seed"] == 11 == views["Ana"]["seed"] and start["players"] == PLAYERS
    again = replayed(log)
    assert again.to_json() == final.engine.to_json() and len(actions) == final.actions


def raw(url: str, method: str, path: str, body: bytes | None, token: str | None = None):
    """A request as any program may send it: (status, the JSON answer)."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    try:
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read())
    finally:
        connection.close()


def test_every_refusal_is_one_line_with_its_status_and_changes_nothing(service) -> None:
    code = new_table(service.url, "solo", seed=5)["code"]
    other = new_table(service.url, "solo", seed=6)["code"]
    clients = seat_clients(service.url, code, ["Ana", "Bia"])
    stranger = seat_clients(service.url, other, ["Ana"])["Ana"]
    play(clients, random.Random(1), most=7)
    views = table_views(clients)
    mover = next(p for p, v in views.items() if v["legal"])
    waiting = next(p for p in clients if p != mover)
    legal = views[mover]["legal"][0]
    ana, path = clients["Ana"].token, f"/api/tables/{code}"
    before = stored(service.db, code)
    refusals = [
        (409, "not your turn", "POST", path + "/actions", legal, clients[waiting].token),
        (403, "another table", "POST", path + "/actions", legal, stranger.token),
        (401, "join the table first", "POST", path + "/actions", legal, "made-up"),
        (401, "join the table first", "POST", path + "/actions", legal, None),
        (401, "join the table first", "GET", path, None, "made-up"),
        (400, "not JSON", "POST", path + "/actions", b"{'type': 'Play'", ana),
        (413, "at most 16384 bytes", "POST", path + "/actions", b" " * 20_000, ana),
        (400, "unknown action 'Fly'", "POST", path + "/actions", {"type": "Fly"}, ana),
        (400, "has no field 'flavour'", "POST", path + "/actions", {**legal, "flavour": 1}, ana),
        (400, 'an action is a JSON object with its "type"', "POST", path + "/actions", [1], ana),
        (404, "no table 'NOPE'", "POST", "/api/tables/NOPE/actions", legal, ana),
        (404, "no table WWWWWW", "GET", "/api/tables/WWWWWW", None, None),
        (409, "has joined already", "POST", path + "/join", {"player": "Ana"}, None),
        (404, "no seat 'Cleo'", "POST", path + "/join", {"player": "Cleo"}, None),
        (400, 'to join, send {"player"', "POST", path + "/join", {"who": "Ana"}, None),
        (400, "a new table has no setting 'colour'", "POST", "/api/tables", {"colour": 1}, None),
        (400, "no game 'chess'", "POST", "/api/tables", {"game": "chess"}, None),
        (409, "the log is shown when the game is over", "GET", path + "/log", None, ana),
    ]
    for status, words, method, where, body, token in refusals:
        data = body if isinstance(body, bytes) or body is None else json.dumps(body).encode()
        got, answer = raw(service.url, method, where, data, token)
        assert (got, list(answer)) == (status, ["error"]), (words, got, answer)
        assert words in answer["error"] and "\n" not in answer["error"], answer
        assert stored(service.db, code) == before
    # a legal action that is not the mover's own: refused by the engine's rule
    if views[mover]["legal"] != views[waiting]["legal"]:
        with pytest.raises(TableError) as refused:
            clients[waiting].act(legal)
        assert refused.value.status == 409
    assert stored(service.db, code) == before and table_views(clients) == views


@pytest.mark.slow
def test_a_killed_service_resumes_every_table_exactly(tmp_path) -> None:
    db = tmp_path / "tables.sqlite3"
    first = Service(db)
    tables = {game: new_table(first.url, game, seed=23)["code"] for game in ("solo", "sly-dice")}
    seated = {game: seat_clients(first.url, code, ["Ana", "Bia"]) for game, code in tables.items()}
    for clients in seated.values():
        play(clients, random.Random(2), most=9)
    views = {game: table_views(clients) for game, clients in seated.items()}
    dumps = {game: stored(db, code) for game, code in tables.items()}
    assert first.stop(signal.SIGKILL) == -signal.SIGKILL
    second = Service(db)
    try:
        for game, clients in seated.items():
            for client in clients.values():
                client.url = second.url  # the same seats, the same tokens
            assert stored(db, tables[game]) == dumps[game]
            assert table_views(clients) == views[game]
            play(clients, random.Random(3))
            assert all(view["over"] for view in table_views(clients).values())
            # the log, after the restart, still starts at the table's start
            record = clients["Ana"].log()["record"]
            assert record["start"]["seed"] == 23 and "Ana" in record["start"]["players"]
            actions = record["actions"]
            assert len(actions) == clients["Ana"].view()["version"] > 9
    finally:
        assert second.stop() == 0


def test_a_watcher_hears_every_new_version(service) -> None:
    code = new_table(service.url, "sly-dice", seed=4)["code"]
    clients = seat_clients(service.url, code, ["Ana", "Bia"])
    start = clients["Bia"].view()["version"]
    watcher = Client(service.url, code, clients["Bia"].token)
    heard: list[int] = []
    ready = threading.Event()

    def listen() -> None:
        for version in watcher.changes(timeout=20):
            heard.append(version)
            ready.set()
            if version >= start + 3:
                return

    listening = threading.Thread(target=listen, daemon=True)
    listening.start()
    assert ready.wait(10) and heard == [start]
    assert play(clients, random.Random(5), most=3) == 3
    listening.join(20)
    assert not listening.is_alive()
    assert heard == sorted(set(heard)) and heard[-1] >= start + 3 and len(heard) >= 4
    with pytest.raises(TableError) as refused:
        next(Client(service.url, code, "made-up").changes(timeout=5))
    assert refused.value.status == 401


def test_serve_says_what_is_wrong_in_one_line(tmp_path, capsys) -> None:
    assert main(["class", "serve", "--port", "0", "--db", "/proc/no/such/tables.sqlite3"]) == 2
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "cannot open the tables' database" in said[0]
    link = tmp_path / "link.sqlite3"
    link.symlink_to(tmp_path / "elsewhere.sqlite3")
    assert main(["class", "serve", "--port", "0", "--db", str(link)]) == 2
    assert "is a link" in capsys.readouterr().err and not (tmp_path / "elsewhere.sqlite3").exists()
    assert main(["class", "serve", "--port", "70000"]) == 2
    assert "from 0 to 65535" in capsys.readouterr().err


def test_the_teacher_rolls_for_everyone_and_seats_a_bot_for_a_student_who_left(service) -> None:
    """Solitaire Dice as the seed plays it with several: one roll for everyone
    (the teacher's, while several play), each student choosing on their own
    sheet; Bia leaves and a bot takes her seat."""
    teacher = Client(service.url)
    code = teacher.create("solitaire", PLAYERS, seed=9)["code"]
    clients = seat_clients(service.url, code, PLAYERS)
    start = teacher.view()
    assert start["player"] is None and start["seated"] == PLAYERS
    assert start["view"]["sheets"] == [None, None, None] and start["view"]["rolls"] == 0
    assert start["legal"] == [{"type": "Roll"}] and start["your_turn"]
    rng, teachers_rolls = random.Random(9), 0
    for roll in range(1, 200):
        if roll == 5:
            with pytest.raises(TableError, match="only the table's teacher") as refused:
                clients["Ana"].bot_for("Bia", "greedy")
            assert refused.value.status == 403
            after = teacher.bot_for("Bia", "greedy")
            assert after["bots"] == {"Bia": "greedy"} and after["seated"] == ["Ana", "Cleo"]
            with pytest.raises(TableError) as gone:
                clients.pop("Bia").view()
            assert gone.value.status == 401
        now = teacher.view()
        if now["over"]:
            break
        if now["legal"]:
            teacher.act({"type": "Roll"})
            teachers_rolls += 1
            with pytest.raises(TableError, match="anyone at the table may") as refused:
                teacher.act({"type": "Roll"})  # everyone chooses first
            assert refused.value.status == 409
        else:  # one student alone still plays: they roll for themselves
            [last] = [c for c in clients.values() if {"type": "Roll"} in c.view()["legal"]]
            last.act({"type": "Roll"})
        for client in clients.values():
            chosen = [a for a in client.view()["legal"] if a["type"] == "Choose"]
            if chosen:
                client.act(rng.choice(chosen))
    final = teacher.view()
    assert final["over"] and set(final["scores"]) == set(PLAYERS) and roll > 10
    assert all(client.view()["scores"] == final["scores"] for client in clients.values())
    log = Store(service.db, read_only=True).actions(code)
    rollers = [player for player, action in log if action["type"] == "Roll"]
    # "": the teacher; the bot rolls alone once the students have finished
    assert len(rollers) >= roll - 1 and rollers.count("") == teachers_rolls > 5


def test_a_student_who_closes_the_page_sits_again_at_the_same_seat(service, tmp_path) -> None:
    file = tmp_path / "home" / "class-seats.json"
    teacher = Client(service.url)
    code = teacher.create("sly-dice", ["Ana", "Bia"], seed=12)["code"]
    ana, bia = Client(service.url, seats_file=file), Client(service.url, seats_file=file)
    ana.join(code.lower(), "Ana", remember=True)
    bia.join(code, "Bia", remember=True)  # one user, two seats (a shared screen)
    play({"Ana": ana, "Bia": bia}, random.Random(12), most=4)
    before = ana.view()
    assert oct(file.stat().st_mode & 0o777) == "0o600"
    again = Client(service.url, seats_file=file)  # a new page, a new kernel
    assert again.rejoin(f" {code.lower()} ", "Ana") == before and again.token == ana.token
    assert Client(service.url, seats_file=file).rejoin(code)["player"] == "Bia"  # the latest
    with pytest.raises(TableError, match="you have joined no table") as none:
        Client(service.url, seats_file=file).rejoin("ACDEFH")
    assert none.value.status == 404
    teacher.bot_for("Ana", "honest")
    with pytest.raises(TableError, match="your seat as Ana has gone to a bot"):
        Client(service.url, seats_file=file).rejoin(code, "Ana")
    assert [seat["player"] for seat in json.loads(file.read_text())["seats"]] == ["Bia"]
    teacher.bot_for("Bia", "honest")
    with pytest.raises(TableError, match="your seat as Bia has gone to a bot"):
        Client(service.url, seats_file=file).rejoin(code)
    assert json.loads(file.read_text())["seats"] == []
    file.write_text("{not json")
    with pytest.raises(SettingsError, match="cannot read the remembered seats"):
        Client(service.url, seats_file=file).rejoin(code)
    file.unlink()
    file.symlink_to(tmp_path / "elsewhere.json")
    with pytest.raises(SettingsError, match="cannot read the remembered seats"):
        Client(service.url, seats_file=file).rejoin(code)
    assert not (tmp_path / "elsewhere.json").exists()


def test_a_stopping_service_ends_every_event_stream_cleanly(tmp_path) -> None:
    running = Service(tmp_path / "tables.sqlite3")
    code = Client(running.url).create("solo", ["Ana", "Bia"], seed=1)["code"]
    ana = Client(running.url)
    ana.join(code, "Ana")
    heard: list[int] = []
    first, ended = threading.Event(), threading.Event()

    def listen() -> None:
        for version in ana.changes(timeout=20):  # ends when the service ends the stream
            heard.append(version)
            first.set()
        ended.set()

    threading.Thread(target=listen, daemon=True).start()
    assert first.wait(10)
    assert running.stop() == 0 and ended.wait(10) and heard == [0]
    assert running.process.stderr is not None and running.process.stderr.read() == ""
