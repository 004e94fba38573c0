"""One simulated student's way through the hub, over HTTP as a browser goes.

Log in with their own password (the hub's login form; the first login sets it), get an API token
with that session (as JupyterLab does), start the server and wait for it
(the hub's progress events), start a kernel and open its websocket (through
the proxy, at /user/<name>/), build the panels, and at the end shut the
kernel and the server down.  Every failed call raises `StudentError` with a
one-line message naming the student and the step.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import Any

import httpx
from loadtest_kernel import KernelClient
from tornado.httpclient import HTTPClientError

TIMEOUT = httpx.Timeout(60.0, connect=30.0)
SPAWN_TIMEOUT = 300.0  # s: the hub's own start_timeout
# s: a new kernel's websocket and first answer, when the whole class starts at once
# (JupyterLab shows "Connecting" meanwhile, and keeps trying)
KERNEL_START_TIMEOUT = 120.0


class StudentError(RuntimeError):
    """A step of a simulated student failed (an HTTP error, a refusal, a timeout)."""


def check(reply: httpx.Response, name: str, step: str, expected: tuple[int, ...]) -> None:
    """`StudentError` unless `reply` has one of the `expected` statuses."""
    if reply.status_code not in expected:
        text = " ".join(reply.text.split())[:160]
        raise StudentError(f"{name}: {step}: HTTP {reply.status_code} {text}")


@dataclass
class Student:
    """A student of the class: the hub's address, their name, and their session."""

    base: str
    name: str
    password: str
    client: httpx.AsyncClient
    token: str = ""

    @classmethod
    def at(cls, base: str, name: str, password: str) -> Student:
        """A student who has not logged in yet (their own cookies and connections)."""
        client = httpx.AsyncClient(base_url=base, timeout=TIMEOUT, follow_redirects=False)
        return cls(base, name, password, client)

    @property
    def auth(self) -> dict[str, str]:
        """The header that carries the student's API token."""
        return {"Authorization": f"token {self.token}"}

    @property
    def server(self) -> str:
        """The path of the student's own server."""
        return f"/user/{self.name}"

    async def call(
        self, method: str, url: str, step: str, expected: tuple[int, ...], **options: Any
    ) -> httpx.Response:
        """An HTTP call of step `step`: its reply, or `StudentError` (a failed
        connection, or a status not `expected`)."""
        try:
            reply = await self.client.request(method, url, **options)
        except httpx.HTTPError as error:
            raise StudentError(f"{self.name}: {step}: {error!r}") from None
        check(reply, self.name, step, expected)
        return reply

    async def log_in(self) -> None:
        """The login form with the class password, then an API token of that session."""
        await self.call("GET", "/hub/login", "login page", (200,))
        xsrf = self.client.cookies.get("_xsrf") or ""
        form = {"username": self.name, "password": self.password, "_xsrf": xsrf}
        await self.call("POST", "/hub/login", "log in (wrong password?)", (302,), data=form)
        xsrf = self.client.cookies.get("_xsrf") or ""  # a new one, for the session
        reply = await self.call(
            "POST",
            f"/hub/api/users/{self.name}/tokens",
            "API token",
            (200, 201),
            json={"note": "dicelab load test", "expires_in": 3600},
            headers={"X-XSRFToken": xsrf},
        )
        self.token = str(reply.json()["token"])

    async def start_server(self) -> float:
        """Ask the hub for the server and wait until it is ready; the seconds taken."""
        started = time.perf_counter()
        url = f"/hub/api/users/{self.name}/server"
        reply = await self.call("POST", url, "start the server", (201, 202), headers=self.auth)
        if reply.status_code == 202:
            try:
                await self._wait_ready()
            except httpx.HTTPError as error:
                raise StudentError(f"{self.name}: spawn progress: {error!r}") from None
        return time.perf_counter() - started

    async def _wait_ready(self) -> None:
        url = f"/hub/api/users/{self.name}/server/progress"
        timeout = httpx.Timeout(SPAWN_TIMEOUT, connect=30.0)
        async with self.client.stream("GET", url, headers=self.auth, timeout=timeout) as events:
            check(events, self.name, "spawn progress", (200,))
            async for line in events.aiter_lines():
                if not line.startswith("data:"):
                    continue
                event = json.loads(line.removeprefix("data:"))
                if event.get("failed"):
                    raise StudentError(f"{self.name}: spawn failed: {event.get('message')}")
                if event.get("ready"):
                    return
        raise StudentError(f"{self.name}: spawn progress ended before the server was ready")

    async def start_kernel(self) -> str:
        """A new python3 kernel in the student's server; its id."""
        url = f"{self.server}/api/kernels"
        reply = await self.call(
            "POST", url, "start a kernel", (201,), json={"name": "python3"}, headers=self.auth
        )
        return str(reply.json()["id"])

    async def connect(self, kernel_id: str) -> KernelClient:
        """The kernel's websocket, through the proxy, waited until the kernel answers."""
        url = self.base.replace("http://", "ws://", 1)
        url += f"{self.server}/api/kernels/{kernel_id}/channels"
        try:
            kernel = await KernelClient.connect(url, self.token, self.name, KERNEL_START_TIMEOUT)
            await kernel.request("kernel_info_request", {}, KERNEL_START_TIMEOUT)
        except (OSError, TimeoutError, HTTPClientError) as error:
            raise StudentError(f"{self.name}: kernel websocket: {error!r}") from None
        return kernel

    async def get(self, path: str, step: str) -> httpx.Response:
        """GET a page of the student's own server (`StudentError` unless it is 200)."""
        return await self.call("GET", f"{self.server}{path}", step, (200,), headers=self.auth)

    async def stop(self, kernel_id: str) -> None:
        """Shut the kernel down, then the server (the end of the class); nothing
        if the student never logged in."""
        if not self.token:
            return
        if kernel_id:
            url = f"{self.server}/api/kernels/{kernel_id}"
            await self.call("DELETE", url, "shut the kernel down", (204, 404), headers=self.auth)
        url = f"/hub/api/users/{self.name}/server"
        await self.call("DELETE", url, "stop the server", (202, 204), headers=self.auth)

    async def close(self) -> None:
        """Close the student's HTTP connections."""
        await self.client.aclose()
