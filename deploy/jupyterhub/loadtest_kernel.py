"""A kernel seen as a browser sees it: its websocket, and the widgets it opens.

`KernelClient.connect(url, token)` opens jupyter_server's kernel channels
(`/api/kernels/<id>/channels`, JSON messages of the Jupyter protocol);
`request(...)` sends one message on the shell channel and waits until the
kernel returns to idle for it; meanwhile every widget the kernel opens or
updates (ipywidgets' protocol 2) is kept in `models`, with the request that
opened it; an error (an `error` message, a traceback on stderr) goes to the
`Reply` of the request it answers, or else to `errors`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import struct
import time
import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from tornado.httpclient import HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

PROTOCOL_VERSION = "5.3"
WIDGET_TARGET = "jupyter.widget"
MAX_MESSAGE = 64 * 1024 * 1024


@dataclass
class Model:
    """A widget the kernel opened: its model name, its synced state, and the
    id of the request that opened it (which panel it belongs to)."""

    comm_id: str
    state: dict[str, Any]
    opened_by: str

    @property
    def name(self) -> str:
        """The widget's model class ("ButtonModel", "ToggleButtonModel", ...)."""
        return str(self.state.get("_model_name", ""))

    @property
    def classes(self) -> list[str]:
        """The CSS classes the panel gave the widget."""
        return list(self.state.get("_dom_classes", ()))

    @property
    def description(self) -> str:
        """The label of a button (a die's face, a box's points, ...)."""
        return str(self.state.get("description", ""))


@dataclass
class Reply:
    """What came back for one request: seconds until idle, stdout, errors, and
    the content of the shell reply (if the kernel sent one before idle)."""

    seconds: float
    stdout: str = ""
    errors: list[str] = field(default_factory=list)
    content: dict[str, Any] = field(default_factory=dict)


@dataclass
class _Pending:
    """A request waiting for the kernel: resolved when idle (and replied, if a request)."""

    future: asyncio.Future[None]
    started: float
    needs_reply: bool
    idle: bool = False
    stdout: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    content: dict[str, Any] = field(default_factory=dict)


def decode_frame(frame: str | bytes) -> dict[str, Any]:
    """A kernel message from a websocket frame: JSON text, or jupyter_server's
    binary form (a count, offsets, the JSON, then buffers: only the JSON is kept)."""
    if isinstance(frame, str):
        message: dict[str, Any] = json.loads(frame)
        return message
    (count,) = struct.unpack("!I", frame[:4])
    offsets = struct.unpack(f"!{count + 1}I", frame[: 4 * (count + 1)])[1:]
    end = offsets[1] if count > 1 else len(frame)
    message = json.loads(frame[offsets[0] : end])
    return message


class KernelClient:
    """One kernel's websocket, its widget models, and its requests one at a time."""

    def __init__(self, connection: WebSocketClientConnection, username: str, session: str) -> None:
        self.connection = connection
        self.username = username
        self.session = session
        self.models: dict[str, Model] = {}
        self.errors: list[str] = []
        self._pending: dict[str, _Pending] = {}
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def connect(
        cls, url: str, token: str, username: str, timeout: float = 60.0
    ) -> KernelClient:
        """Open the channels websocket at `url` (ws://.../api/kernels/<id>/channels)."""
        session = uuid.uuid4().hex
        request = HTTPRequest(
            f"{url}?session_id={session}",
            headers={"Authorization": f"token {token}"},
            connect_timeout=timeout,
            request_timeout=timeout,
        )
        connection = await websocket_connect(request, max_message_size=MAX_MESSAGE)
        return cls(connection, username, session)

    def _message(self, msg_type: str, content: dict[str, Any]) -> dict[str, Any]:
        header = {
            "msg_id": uuid.uuid4().hex,
            "msg_type": msg_type,
            "username": self.username,
            "session": self.session,
            "date": datetime.now(UTC).isoformat(),
            "version": PROTOCOL_VERSION,
        }
        return {
            "header": header,
            "parent_header": {},
            "metadata": {},
            "content": content,
            "channel": "shell",
            "buffers": [],
        }

    async def request(
        self, msg_type: str, content: dict[str, Any], timeout: float = 60.0
    ) -> tuple[str, Reply]:
        """Send a shell message; its id and `Reply` once the kernel is idle again
        for it (and, for a request, has replied; `TimeoutError` after `timeout` s)."""
        message = self._message(msg_type, content)
        msg_id: str = message["header"]["msg_id"]
        future = asyncio.get_running_loop().create_future()
        pending = _Pending(future, time.perf_counter(), msg_type.endswith("_request"))
        self._pending[msg_id] = pending
        try:
            await self.connection.write_message(json.dumps(message))
            await asyncio.wait_for(asyncio.shield(pending.future), timeout)
        finally:
            self._pending.pop(msg_id, None)
        seconds = time.perf_counter() - pending.started
        return msg_id, Reply(seconds, "".join(pending.stdout), pending.errors, pending.content)

    async def execute(self, code: str, timeout: float = 120.0) -> tuple[str, Reply]:
        """Run `code` as a notebook cell would."""
        content = {"code": code, "silent": False, "store_history": True, "allow_stdin": False}
        return await self.request("execute_request", content, timeout)

    async def click(self, model: Model, timeout: float = 60.0) -> tuple[str, Reply]:
        """Click a Button, as the browser does (a custom "click" event); the
        message's id and its `Reply`."""
        data = {"method": "custom", "content": {"event": "click"}}
        return await self.request("comm_msg", {"comm_id": model.comm_id, "data": data}, timeout)

    async def set_state(
        self, model: Model, state: dict[str, Any], timeout: float = 60.0
    ) -> tuple[str, Reply]:
        """Change a widget's state, as the browser does (an "update" message); the
        message's id and its `Reply`."""
        data = {"method": "update", "state": state, "buffer_paths": []}
        return await self.request("comm_msg", {"comm_id": model.comm_id, "data": data}, timeout)

    async def attach_widgets(self) -> int:
        """Take up the widgets a kernel already has (as Voilà's page does: their
        ids, then each one's state, asked for all at once); how many there are."""
        _, reply = await self.request("comm_info_request", {"target_name": WIDGET_TARGET})
        comms = reply.content.get("comms", {})
        for comm_id in comms:
            self.models[comm_id] = Model(comm_id, {}, "attached")
        data = {"method": "request_state"}
        await asyncio.gather(
            *(self.request("comm_msg", {"comm_id": c, "data": data}) for c in comms)
        )
        return len(comms)

    async def close(self) -> None:
        """Close the websocket and stop reading."""
        self.connection.close()
        self._reader.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader

    async def _read(self) -> None:
        while True:
            frame = await self.connection.read_message()
            if frame is None:
                self._fail_all("the kernel's websocket closed")
                return
            self._handle(decode_frame(frame))

    def _fail_all(self, why: str) -> None:
        self.errors.append(why)
        for pending in self._pending.values():
            if not pending.future.done():
                pending.future.set_exception(ConnectionError(why))

    def _handle(self, message: dict[str, Any]) -> None:
        kind = message.get("msg_type") or message["header"]["msg_type"]
        content = message.get("content", {})
        parent = message.get("parent_header", {}).get("msg_id", "")
        pending = self._pending.get(parent)
        if kind == "comm_open" and content.get("target_name") == WIDGET_TARGET:
            state = dict(content.get("data", {}).get("state", {}))
            self.models[content["comm_id"]] = Model(content["comm_id"], state, parent)
        elif kind == "comm_msg":
            self._update(content)
        elif kind == "comm_close":
            self.models.pop(content.get("comm_id", ""), None)
        elif kind == "error":
            self._error(pending, f"{content.get('ename')}: {content.get('evalue')}")
        elif kind == "stream" and pending is not None:
            text = str(content.get("text", ""))
            if content.get("name") == "stdout":
                pending.stdout.append(text)
            elif "Traceback" in text:
                self._error(pending, text.strip().splitlines()[-1])
        elif kind.endswith("_reply") and pending is not None:
            pending.content, pending.needs_reply = content, False
            self._done(pending)
        elif kind == "status" and content.get("execution_state") == "idle" and pending is not None:
            pending.idle = True
            self._done(pending)

    @staticmethod
    def _done(pending: _Pending | None) -> None:
        """Resolve a request once the kernel is idle for it and has replied (if it must)."""
        if (
            pending is not None
            and pending.idle
            and not pending.needs_reply
            and not pending.future.done()
        ):
            pending.future.set_result(None)

    def _update(self, content: dict[str, Any]) -> None:
        data = content.get("data", {})
        model = self.models.get(content.get("comm_id", ""))
        if model is not None and data.get("method") in ("update", "echo_update"):
            model.state.update(data.get("state", {}))

    def _error(self, pending: _Pending | None, text: str) -> None:
        (self.errors if pending is None else pending.errors).append(text)
