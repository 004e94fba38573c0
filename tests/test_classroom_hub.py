"""The class tables as a hub's service (`dicelab class serve --hub`): a player is
who the hub says.

A stand-in for JupyterHub's API (`GET /hub/api/user`, answering for the
tokens below as the hub does, with each token's scopes) runs in a thread; the
service is a real process that asks it.  The real hub is in tests/test_hub.py.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from dicelab.classroom import Client
from dicelab.classroom.lobby import Lobby
from dicelab.errors import TableError
from tests.classroom_service import Service, play

SERVICE = "dicelab-tables"
REACH = [f"access:services!service={SERVICE}"]
USERS = {  # token: the hub's model of its owner
    "t-ana": {"kind": "user", "name": "ana", "scopes": REACH},
    "t-bia": {"kind": "user", "name": "bia", "scopes": REACH},
    "t-cleo": {"kind": "user", "name": "cleo", "scopes": REACH},
    "t-teacher": {"kind": "user", "name": "teacher", "scopes": ["access:services"]},
    "t-dora": {"kind": "user", "name": "dora", "scopes": ["self"]},  # not this service
    "t-other": {"kind": "service", "name": "other", "scopes": REACH},
}


ASKED: Counter[str] = Counter()  # how often the hub was asked about each token


class FakeHub(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        token = self.headers.get("Authorization", "").removeprefix("token ")
        ASKED[token] += 1
        model = USERS.get(token) if self.path == "/hub/api/user" else None
        body = json.dumps(model or {"status": 403, "message": "not allowed"}).encode()
        self.send_response(200 if model else 403)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def hub_service(tmp_path) -> Iterator[Service]:
    """The stand-in hub, and a real service that asks it."""
    hub = ThreadingHTTPServer(("127.0.0.1", 0), FakeHub)
    thread = threading.Thread(target=hub.serve_forever, daemon=True)
    thread.start()
    ASKED.clear()
    env = {
        "JUPYTERHUB_API_URL": f"http://127.0.0.1:{hub.server_address[1]}/hub/api",
        "JUPYTERHUB_SERVICE_NAME": SERVICE,
        "JUPYTERHUB_SERVICE_PREFIX": f"/services/{SERVICE}/",
        "DICELAB_TABLES_TEACHERS": "teacher",
    }
    running = Service(tmp_path / "tables.sqlite3", hub=env)
    try:
        yield running
        assert running.stop() == 0
    finally:
        running.stop()
        hub.shutdown()
        hub.server_close()


def as_user(service: Service, token: str) -> Client:
    return Client(service.url, hub_token=token)


def refused(call, status: int, words: str) -> None:
    with pytest.raises(TableError) as error:
        call()
    assert error.value.status == status and words in str(error.value), str(error.value)


def test_the_service_is_under_its_prefix_and_everyone_is_who_the_hub_says(hub_service):
    assert hub_service.url.endswith(f"/services/{SERVICE}")
    teacher = as_user(hub_service, "t-teacher")
    ana, bia, cleo = (as_user(hub_service, f"t-{name}") for name in ("ana", "bia", "cleo"))
    refused(lambda: ana.create("sly-dice", ["ana", "bia"]), 403, "only the teacher makes tables")
    table = teacher.create("sly-dice", ["ana", "bia"], seed=5)
    code = table["code"]
    refused(lambda: ana.join(code, "bia"), 403, "you sit as yourself, ana")
    refused(lambda: teacher.join(code, "ana"), 403, "the teacher watches every table")
    assert ana.join(code, "ana") == {"code": code, "player": "ana"}
    bia.join(code, "bia")
    assert ana.about(code)["free"] == [] and cleo.about(code)["players"] == ["ana", "bia"]
    assert ana.view()["player"] == "ana" and bia.view()["player"] == "bia"

    cleo.code = code  # a third user of the hub, with a valid token, at a table not theirs
    refused(cleo.view, 403, "cleo has no seat at table")
    refused(lambda: cleo.act(ana.view()["legal"][0]), 403, "cleo has no seat")
    refused(cleo.log, 403, "cleo has no seat")
    refused(lambda: next(cleo.changes(timeout=5)), 403, "cleo has no seat")
    refused(lambda: cleo.bot_for("ana", "honest"), 403, "cleo has no seat")
    refused(lambda: ana.bot_for("bia", "honest"), 403, "only the table's teacher seats a bot")
    for token, status, words in [
        ("t-dora", 403, "does not reach the class tables"),
        ("t-other", 403, "only the hub's users"),
        ("t-forged", 401, "the hub knows no such token"),
    ]:
        stranger = as_user(hub_service, token)
        stranger.code = code
        refused(stranger.view, status, words)
        refused(lambda s=stranger: s.about(code), status, words)
    refused(Client(hub_service.url, code=code).view, 401, "send your hub token")

    steps = play({"ana": ana, "bia": bia}, random.Random(5))
    assert steps > 0 and ana.view()["over"] and ana.log()["record"]["actions"]
    watched = teacher.view()  # the teacher's place at every table: the projector's view
    assert watched["player"] is None and watched["seated"] == ["ana", "bia"]
    assert watched["over"] and watched["version"] == steps
    assert ASKED["t-ana"] == 1, "the hub is asked once a while, not at every call"


def test_a_seat_given_to_a_bot_is_no_longer_the_students(hub_service):
    teacher = as_user(hub_service, "t-teacher")
    code = teacher.create("solo", ["ana", "bia", "cleo"], bots={"cleo": "blocker"})["code"]
    ana = as_user(hub_service, "t-ana")
    ana.join(code, "ana")
    teacher.bot_for("ana", "blocker")
    refused(ana.view, 403, "ana has no seat at table")
    refused(lambda: ana.join(code, "ana"), 404, "no seat 'ana'")


def test_serving_for_a_hub_needs_the_hubs_environment(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "dicelab", "class", "serve", "--hub", "--db", str(tmp_path / "d")],
        capture_output=True,
        text=True,
        env={"PATH": "/usr/bin:/bin", "DICELAB_LANG": "en"},
    )
    assert run.returncode != 0 and run.stdout == ""
    assert run.stderr.strip().splitlines() == [
        "dicelab: error: --hub: JUPYTERHUB_API_URL is not set "
        "(the hub sets it for a service it starts)"
    ]


def test_the_lobby_on_the_hub_offers_a_student_their_own_seat_only(hub_service, monkeypatch):
    teacher = as_user(hub_service, "t-teacher")
    code = teacher.create("solo", ["ana", "bia", "cleo"], seed=2)["code"]
    monkeypatch.setenv("DICELAB_TABLES_URL", hub_service.url)
    monkeypatch.setenv("DICELAB_TABLES_HUB", "1")
    monkeypatch.setenv("DICELAB_TABLES_TEACHERS", "teacher")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-ana")
    monkeypatch.setenv("JUPYTERHUB_USER", "ana")
    lobby = Lobby(teacher=True, watch=False)  # as the play app opens it: no teacher on the hub
    assert not lobby.teacher
    lobby.code_text.value = code.lower()
    lobby.find_button.click()
    assert [b.description for b in lobby.seats_box.children] == ["Sit as ana"]
    lobby.seats_box.children[0].click()
    assert lobby.errors == [] and lobby.panel is not None and lobby.panel.seat == 0
    again = Lobby(watch=False)  # the page opened again: the hub knows the seat
    again.code_text.value = code
    again.find_button.click()
    assert [b.description for b in again.seats_box.children] == [f"Back to table {code} as ana"]
    again.seats_box.children[0].click()
    assert again.errors == [] and again.panel is not None

    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-teacher")
    monkeypatch.setenv("JUPYTERHUB_USER", "teacher")
    projector = Lobby(teacher=True, watch=False)
    assert projector.teacher
    projector.code_text.value = code
    projector.find_button.click()
    assert [b.description for b in projector.seats_box.children] == [
        f"Back to table {code} (projector)"
    ]
    projector.seats_box.children[0].click()
    assert projector.errors == [] and projector.projector is not None


def test_a_kernels_hub_token_goes_only_to_the_class_servers_own_tables(monkeypatch):
    monkeypatch.setenv("DICELAB_TABLES_URL", "http://127.0.0.1:8000/services/dicelab-tables")
    monkeypatch.setenv("DICELAB_TABLES_HUB", "1")
    monkeypatch.setenv("JUPYTERHUB_API_TOKEN", "t-ana")
    assert Client.on_this_server().hub_token == "t-ana"
    assert Client.on_this_server("http://127.0.0.1:8000/services/dicelab-tables/").on_hub
    elsewhere = Client.on_this_server("http://203.0.113.9/services/dicelab-tables")
    assert elsewhere.hub_token is None and elsewhere._authorization() == {}
    monkeypatch.setenv("DICELAB_TABLES_HUB", "0")
    assert not Client.on_this_server().on_hub
