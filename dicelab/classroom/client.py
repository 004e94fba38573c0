"""`Client`: a player (or the teacher) talking to `dicelab class serve`.

Only the standard library (urllib, http.client), so that a panel can use it
from any kernel.  Every refusal of the service is a `TableError` with the
service's one-line message and status; a service that does not answer is a
`TableError` too (status 503).

    teacher = Client("http://127.0.0.1:8765")
    table = teacher.create("solo", ["Ana", "Bia", "Cleo"], bots={"Cleo": "blocker"})
    ana = Client("http://127.0.0.1:8765")
    ana.join(table["code"], "Ana")
    mine = ana.view()                      # my view, my legal actions
    ana.act(mine["legal"][0])              # an action, as JSON data or the game's own
    for version in ana.changes():          # a new version each time the table moves
        ...

On a class server (`dicelab class serve --hub`), a client speaks with the
hub token of its user instead (`Client.on_this_server()` in a student's
kernel): the hub says who they are, and they join as themselves.
"""

from __future__ import annotations

import dataclasses
import http.client
import json
import os
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from dicelab.classroom import remembered
from dicelab.core.engine.actions import encode
from dicelab.errors import TableError

__all__ = ["DEFAULT_URL", "Client", "hub_teachers"]

DEFAULT_URL = "http://127.0.0.1:8765"
URL_VARIABLE = "DICELAB_TABLES_URL"  # where the tables are (the class server sets it)
HUB_VARIABLE = "DICELAB_TABLES_HUB"  # "1": the tables are the hub's service
TEACHERS_VARIABLE = "DICELAB_TABLES_TEACHERS"  # the hub's teachers, by commas


def hub_teachers(env: Mapping[str, str]) -> frozenset[str]:
    """The hub's teachers named in `env` (`DICELAB_TABLES_TEACHERS`, by commas).

    >>> sorted(hub_teachers({"DICELAB_TABLES_TEACHERS": "msilva, teacher,"}))
    ['msilva', 'teacher']
    """
    names = {name.strip() for name in env.get(TEACHERS_VARIABLE, "").split(",")}
    return frozenset(names - {""})


class Client:
    """One seat's (or the teacher's) connection to the class tables at `url`.

    >>> try:
    ...     Client("http://127.0.0.1:1").games()
    ... except TableError as refused:
    ...     print(refused.status, refused)
    503 the class tables at http://127.0.0.1:1 do not answer (Connection refused)
    """

    def __init__(
        self,
        url: str = DEFAULT_URL,
        code: str | None = None,
        token: str | None = None,
        timeout: float = 10.0,
        seats_file: Path | None = None,
        hub_token: str | None = None,
    ) -> None:
        self.url = url.rstrip("/")
        self.code, self.token, self.timeout = code, token, timeout
        self.seats_file = seats_file  # where `join` remembers (default: the data folder)
        self.hub_token = hub_token  # on a class server: who the hub says, for every call

    @classmethod
    def on_this_server(cls, url: str | None = None) -> Client:
        """A client of the tables this server names: `url`, else `DICELAB_TABLES_URL`,
        else `DEFAULT_URL`; with the kernel's hub token when the class server's
        tables are the hub's (`DICELAB_TABLES_HUB=1`), and only to those tables
        (never to another address a notebook names: the token is the student's).

        >>> Client.on_this_server("http://127.0.0.1:1").on_hub
        False
        """
        served = os.environ.get(URL_VARIABLE)
        url = (url or served or DEFAULT_URL).rstrip("/")
        hub = os.environ.get(HUB_VARIABLE) == "1" and url == (served or "").rstrip("/")
        return cls(url, hub_token=os.environ.get("JUPYTERHUB_API_TOKEN") if hub else None)

    @property
    def on_hub(self) -> bool:
        """Whether the hub says who this client is."""
        return self.hub_token is not None

    def _authorization(self) -> dict[str, str]:
        if self.hub_token is not None:
            return {"Authorization": f"token {self.hub_token}"}
        return {"Authorization": f"Bearer {self.token}"} if self.token else {}

    def _call(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.url + path, data=data, method=method)
        request.add_header("Content-Type", "application/json")
        for name, value in self._authorization().items():
            request.add_header(name, value)
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                return json.loads(response.read())
        except urllib.error.HTTPError as error:
            raise TableError(_error_text(error.read()), error.code) from None
        except (urllib.error.URLError, OSError) as error:
            reason = getattr(error, "reason", error)
            reason = getattr(reason, "strerror", None) or str(reason)
            raise TableError(
                f"the class tables at {self.url} do not answer ({reason})", 503
            ) from None

    def _table_path(self, code: str | None = None) -> str:
        code = code or self.code
        if not code:
            raise TableError("no table: join one first", 400)
        return "/api/tables/" + urllib.parse.quote(code, safe="")

    def games(self) -> dict[str, Any]:
        """The games the service offers, each with its bots."""
        games: dict[str, Any] = self._call("GET", "/api/games")
        return games

    def create(
        self,
        game: str,
        players: Sequence[str],
        bots: Mapping[str, str] | None = None,
        seed: int | None = None,
        ruleset: str | None = None,
        remember: bool = False,
    ) -> dict[str, Any]:
        """A new table: its code, players, bots and free seats, and the teacher's
        token (this client speaks as the table's teacher from now on; with
        `remember`, kept like a seat, as player "": `rejoin(code, "")`)."""
        request: dict[str, Any] = {"game": game, "players": list(players)}
        if bots is not None:
            request["bots"] = dict(bots)
        for name, value in (("seed", seed), ("ruleset", ruleset)):
            if value is not None:
                request[name] = value
        table: dict[str, Any] = self._call("POST", "/api/tables", request)
        self.code, self.token = table["code"], table["teacher"]
        if remember:
            remembered.remember(self.url, table["code"], "", table["teacher"], self.seats_file)
        return table

    def about(self, code: str | None = None) -> dict[str, Any]:
        """What anyone with the code may know of a table."""
        about: dict[str, Any] = self._call("GET", self._table_path(code) + "/about")
        return about

    def join(self, code: str, player: str, remember: bool = False) -> dict[str, Any]:
        """Sit at table `code` as `player`; this client speaks for the seat from
        now on.  With `remember`, the seat is kept in this user's data folder
        (`rejoin` finds it again after the page was closed)."""
        seat: dict[str, Any] = self._call(
            "POST", self._table_path(code) + "/join", {"player": player}
        )
        self.code, self.token = seat["code"], seat.get("token")
        if remember and self.token:
            remembered.remember(self.url, seat["code"], player, seat["token"], self.seats_file)
        return seat

    def rejoin(self, code: str, player: str | None = None) -> dict[str, Any]:
        """Sit again at the seat this user joined at table `code` (remembered by
        `join`; the one as `player`, if given); my view.  A `TableError` (404) if
        there is none, or if the seat has gone to a bot since."""
        if self.on_hub:  # the hub says who I am: my seat, if I have one
            self.code = code.strip().upper()
            return self.view()
        held = remembered.recall(self.url, code, self.seats_file, player)
        if held is None:
            raise TableError(f"you have joined no table {code.strip().upper()} here", 404)
        self.code, self.token = code.strip().upper(), held[1]
        try:
            return self.view()
        except TableError as refused:
            if refused.status != 401:
                raise
            remembered.forget(self.url, code, self.seats_file, held[0])
            self.code = self.token = None
            raise TableError(f"your seat as {held[0]} has gone to a bot", 404) from None

    def view(self) -> dict[str, Any]:
        """My view of the game, my legal actions, whether it is my turn, the version
        (the teacher's: who sits where, and the actions anyone may take)."""
        view: dict[str, Any] = self._call("GET", self._table_path())
        return view

    def act(self, action: Any) -> dict[str, Any]:
        """Take `action` (JSON data, or one of the game's action objects); my view after it."""
        data = encode(action) if dataclasses.is_dataclass(action) else action
        view: dict[str, Any] = self._call("POST", self._table_path() + "/actions", data)
        return view

    def log(self) -> dict[str, Any]:
        """Once the game is over: its seed, settings and every action, to replay it."""
        log: dict[str, Any] = self._call("GET", self._table_path() + "/log")
        return log

    def bot_for(self, player: str, bot: str) -> dict[str, Any]:
        """The teacher gives `player`'s seat to `bot`; the teacher's view after it."""
        view: dict[str, Any] = self._call(
            "POST", self._table_path() + "/bots", {"player": player, "bot": bot}
        )
        return view

    def changes(self, timeout: float | None = None) -> Iterator[int]:
        """The table's version now, then each new one as it comes (server-sent
        events), until the service closes the stream or `timeout` seconds pass
        with nothing (not even the service's keep-alive)."""
        parts = urllib.parse.urlsplit(self.url)
        connection = http.client.HTTPConnection(
            parts.hostname or "127.0.0.1", parts.port, timeout=timeout
        )
        try:
            connection.request(
                "GET",
                parts.path + self._table_path() + "/events",
                headers=self._authorization(),
            )
            response = connection.getresponse()
            if response.status != 200:
                raise TableError(_error_text(response.read()), response.status)
            for line in response:
                if line.startswith(b"data: "):
                    yield int(line[6:])
        finally:
            connection.close()


def _error_text(body: bytes) -> str:
    try:
        return str(json.loads(body)["error"])
    except (ValueError, KeyError, TypeError):
        return body.decode(errors="replace")[:200] or "the service refused the request"
