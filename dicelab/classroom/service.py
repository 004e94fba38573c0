"""`dicelab class serve`: the class tables over HTTP, a JSON API on tornado.

Tornado is the web framework Jupyter already runs on (no new dependency), on
asyncio, with streamed responses for server-sent events: a watcher gets the
table's version each time it changes, then reads its own view.  The API is
in `docs/class-tables.md`; every refused request is a one-line JSON error
with a 4xx status and changes nothing.  The service binds 127.0.0.1 unless
told otherwise.
"""

from __future__ import annotations

import asyncio
import json
import signal
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import tornado.iostream
import tornado.netutil
import tornado.web
from tornado.httpserver import HTTPServer

from dicelab.classroom.hub_auth import HubIdentity, HubLink, HubUser
from dicelab.classroom.store import Store
from dicelab.classroom.tables import Hall
from dicelab.errors import DicelabError, SettingsError, TableError
from dicelab.games import GAMES

__all__ = ["MAX_BODY", "make_app", "serve"]

MAX_BODY = 16 * 1024  # bytes of a request's body
KEEP_ALIVE = 15.0  # seconds between two comments on a quiet event stream


class Watchers:
    """The event streams open on each table: a queue each, fed every new version."""

    def __init__(self) -> None:
        self.queues: dict[str, set[asyncio.Queue[int | None]]] = {}

    def changed(self, code: str, version: int) -> None:
        for queue in self.queues.get(code, ()):
            queue.put_nowait(version)

    def close(self) -> None:
        """Every stream ends (the service stops)."""
        for queues in self.queues.values():
            for queue in queues:
                queue.put_nowait(None)


class Api(tornado.web.RequestHandler):
    """The shared part of the API's handlers: JSON in and out, one-line errors."""

    hall: Hall
    watchers: Watchers
    identity: HubIdentity | None
    who: str | HubUser | None  # the bearer token, or on a class server who the hub says

    def initialize(self, hall: Hall, watchers: Watchers, identity: HubIdentity | None) -> None:
        self.hall, self.watchers, self.identity = hall, watchers, identity

    async def prepare(self) -> None:
        """Who sends the request: its token; on a class server, the hub's user
        (every request is refused without one)."""
        self.who = self.token()
        if self.identity is not None:
            try:
                self.who = await self.identity.user(self.who)
            except TableError as error:
                self.refuse(error.status, str(error))

    def set_default_headers(self) -> None:
        self.set_header("Content-Type", "application/json; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.set_header("X-Content-Type-Options", "nosniff")

    def body(self) -> Any:
        if len(self.request.body) > MAX_BODY:
            raise TableError(f"a request's body is at most {MAX_BODY} bytes", 413)
        try:
            return json.loads(self.request.body or b"null")
        except (ValueError, UnicodeDecodeError) as error:
            raise TableError(f"the body is not JSON: {str(error).splitlines()[0]}") from None

    def token(self) -> str | None:
        scheme, _, token = self.request.headers.get("Authorization", "").partition(" ")
        return token.strip() if scheme.lower() in ("bearer", "token") else None

    def only_the_teacher(self, what: str) -> None:
        """On a class server, `what` is the hub's teachers' alone."""
        if isinstance(self.who, HubUser) and not self.who.teacher:
            raise TableError(f"on the class server only the teacher {what}", 403)

    def answer(self, work: Callable[[], Any], status: int = 200) -> None:
        """Do `work` and write its result, or the one-line error it raised."""
        try:
            result = work()
        except TableError as error:
            self.refuse(error.status, str(error))
            return
        except DicelabError as error:
            self.refuse(400, str(error))
            return
        self.set_status(status)
        self.finish(json.dumps(result, ensure_ascii=False))

    def refuse(self, status: int, message: str) -> None:
        self.set_status(status)
        self.finish(json.dumps({"error": " ".join(message.split())}, ensure_ascii=False))

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        self.finish(json.dumps({"error": self._reason or "error"}))


class Games(Api):
    def get(self) -> None:
        self.answer(
            lambda: {
                name: {"title": info.title, "bots": list(info.strategy_names)}
                for name, info in GAMES.items()
            }
        )


class Tables(Api):
    def post(self) -> None:
        def create() -> Any:
            self.only_the_teacher("makes tables")
            return self.hall.create(self.body())

        self.answer(create, 201)


class OneTable(Api):
    def get(self, code: str) -> None:
        if self.who is None:
            self.answer(lambda: self.hall.about(code))
        else:
            self.answer(lambda: self.hall.view(code, self.who))


class About(Api):
    def get(self, code: str) -> None:
        self.answer(lambda: self.hall.about(code))


class Join(Api):
    def post(self, code: str) -> None:
        def join() -> Any:
            body = self.body()
            if not isinstance(body, dict) or set(body) != {"player"}:
                raise TableError('to join, send {"player": "<a free seat\'s name>"}')
            if not isinstance(self.who, HubUser):
                return self.hall.join(code, body["player"])
            if self.who.teacher:
                raise TableError("the teacher watches every table and sits at none", 403)
            if body["player"] != self.who.name:
                raise TableError(f"on the class server you sit as yourself, {self.who.name}", 403)
            seat = self.hall.join(code, self.who.name)
            return {"code": seat["code"], "player": seat["player"]}  # the hub token speaks

        self.answer(join)


class Actions(Api):
    def post(self, code: str) -> None:
        self.answer(lambda: self.hall.act(code, self.who, self.body()))


class Log(Api):
    def get(self, code: str) -> None:
        self.answer(lambda: self.hall.log(code, self.who))


class Bots(Api):
    def post(self, code: str) -> None:
        def seat_a_bot() -> Any:
            body = self.body()
            if not isinstance(body, dict) or set(body) != {"player", "bot"}:
                raise TableError('to seat a bot, send {"player": "<a seat>", "bot": "<a bot>"}')
            return self.hall.bot_for(code, self.who, body["player"], body["bot"])

        self.answer(seat_a_bot)


class Events(Api):
    """Server-sent events: `version` with the table's version, now and at every change."""

    async def get(self, code: str) -> None:
        try:
            table, _player = self.hall.seat_of(code, self.who)
        except TableError as error:
            self.refuse(error.status, str(error))
            return
        self.set_header("Content-Type", "text/event-stream")
        queue: asyncio.Queue[int | None] = asyncio.Queue()
        self.watchers.queues.setdefault(table.code, set()).add(queue)
        try:
            self.write(f"event: version\ndata: {table.actions}\n\n")
            await self.flush()
            while True:
                try:
                    version = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    self.write(": still here\n\n")
                else:
                    if version is None:  # the service stops
                        break
                    self.write(f"event: version\ndata: {version}\n\n")
                await self.flush()
            self.finish()
        except tornado.iostream.StreamClosedError:
            pass
        finally:
            self.watchers.queues[table.code].discard(queue)


def make_app(hall: Hall, watchers: Watchers, hub: HubLink | None = None) -> tornado.web.Application:
    """The API's routes (see `docs/class-tables.md`); with `hub`, under the
    service's prefix, every request identified by the hub."""
    prefix = "" if hub is None else hub.prefix
    table = prefix + r"/api/tables/([^/]{1,20})"
    given = {"hall": hall, "watchers": watchers, "identity": hub and HubIdentity(hub)}
    return tornado.web.Application(
        [
            (prefix + r"/api/games", Games, given),
            (prefix + r"/api/tables", Tables, given),
            (table, OneTable, given),
            (table + "/about", About, given),
            (table + "/join", Join, given),
            (table + "/actions", Actions, given),
            (table + "/bots", Bots, given),
            (table + "/log", Log, given),
            (table + "/events", Events, given),
        ]
    )


def serve(
    host: str, port: int, db: str | Path, say: Callable[[str], None], hub: HubLink | None = None
) -> None:
    """Serve the tables of database `db` at http://host:port until SIGINT or SIGTERM
    (`SettingsError` if the address cannot be had or the database opened); with
    `hub`, as a JupyterHub service (`dicelab.classroom.hub_auth`)."""
    try:
        sockets = tornado.netutil.bind_sockets(port, host)
    except OSError as error:
        raise SettingsError(f"cannot serve at {host}:{port}: {error.strerror or error}") from None
    try:
        asyncio.run(_serve(sockets, host, Store(db), say, hub))
    finally:
        for sock in sockets:
            sock.close()


async def _serve(
    sockets: list[socket.socket],
    host: str,
    store: Store,
    say: Callable[[str], None],
    hub: HubLink | None,
) -> None:
    db = store.path
    watchers = Watchers()
    hall = Hall(store, on_change=watchers.changed)
    server = HTTPServer(make_app(hall, watchers, hub), max_body_size=64 * MAX_BODY)
    server.add_sockets(sockets)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    bound = sockets[0].getsockname()[1]
    api = f"http://{host}:{bound}{'' if hub is None else hub.prefix}/api"
    served = "" if hub is None else f", users and teachers from the hub at {hub.api_url}"
    say(f"dicelab class: the tables of {db} at {api}{served} (Ctrl-C stops)")
    await stop.wait()
    server.stop()
    watchers.close()
    await asyncio.sleep(0.1)  # the event streams end their responses
    await server.close_all_connections()
    store.close()
