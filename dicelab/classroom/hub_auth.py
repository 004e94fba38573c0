"""Who a request comes from on a class server: JupyterHub says.

`dicelab class serve --hub` runs as a JupyterHub-managed service
(`deploy/jupyterhub/`).  Every request then carries a hub token (a
student's kernel has one: `JUPYTERHUB_API_TOKEN`); the service asks the hub
whose it is and whether its scopes reach this service, and a player is that
name, never a name typed in a box.  The hub's teachers (its admins, named by
the recipe) have the teacher's view of every table.

    >>> link = hub_link({
    ...     "JUPYTERHUB_API_URL": "http://127.0.0.1:8081/hub/api",
    ...     "JUPYTERHUB_SERVICE_PREFIX": "/services/dicelab-tables/",
    ...     "JUPYTERHUB_SERVICE_NAME": "dicelab-tables",
    ...     "DICELAB_TABLES_TEACHERS": "teacher",
    ... })
    >>> link.prefix, sorted(link.teachers)
    ('/services/dicelab-tables', ['teacher'])
    >>> sorted(link.access)
    ['access:services', 'access:services!service=dicelab-tables']
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Mapping
from dataclasses import dataclass

from tornado.httpclient import AsyncHTTPClient, HTTPClientError

from dicelab.classroom.client import hub_teachers
from dicelab.errors import SettingsError, TableError

__all__ = ["HubIdentity", "HubLink", "HubUser", "hub_link"]

KNOWN_FOR = 30.0  # s a token's owner is remembered (the hub is asked again after)
REFUSED_FOR = 5.0  # s an unknown token is remembered as unknown
MOST_REMEMBERED = 10_000  # tokens remembered at once (all forgotten past it)
HUB_TIMEOUT = 10.0  # s to wait for the hub's answer


@dataclass(frozen=True)
class HubUser:
    """A hub user, as the hub named them; `teacher` for the hub's teachers."""

    name: str
    teacher: bool


@dataclass(frozen=True)
class HubLink:
    """Where the hub's API is, the service's name and path prefix, the teachers."""

    api_url: str
    service: str
    prefix: str
    teachers: frozenset[str]

    @property
    def access(self) -> frozenset[str]:
        """The scopes of which a token needs one to use the service."""
        return frozenset({"access:services", f"access:services!service={self.service}"})


def hub_link(env: Mapping[str, str]) -> HubLink:
    """The hub's link from the environment the hub gives a managed service
    (and `DICELAB_TABLES_TEACHERS`, names separated by commas); a one-line
    `SettingsError` when one is missing."""
    needed = ("JUPYTERHUB_API_URL", "JUPYTERHUB_SERVICE_NAME", "JUPYTERHUB_SERVICE_PREFIX")
    missing = [name for name in needed if not env.get(name)]
    if missing:
        raise SettingsError(
            f"--hub: {missing[0]} is not set (the hub sets it for a service it starts)"
        )
    return HubLink(
        api_url=env["JUPYTERHUB_API_URL"].rstrip("/"),
        service=env["JUPYTERHUB_SERVICE_NAME"],
        prefix=env["JUPYTERHUB_SERVICE_PREFIX"].rstrip("/"),
        teachers=hub_teachers(env),
    )


class HubIdentity:
    """Asks the hub whose a token is (`GET /user` with that token), and
    remembers the answer a short while so that a class's clicks do not each
    cost a call to the hub."""

    def __init__(self, link: HubLink) -> None:
        self.link = link
        self.known: dict[str, tuple[float, HubUser | TableError]] = {}

    async def user(self, token: str | None) -> HubUser:
        """The hub user whose `token` it is; a `TableError` if there is none (401),
        if its scopes do not reach this service (403) or the hub does not answer
        (503)."""
        if not token:
            raise TableError("send your hub token: Authorization: token <token>", 401)
        key = hashlib.sha256(token.encode()).hexdigest()
        now = time.monotonic()
        held = self.known.get(key)
        if held is None or held[0] < now:
            answer = await self._ask(token)
            if len(self.known) >= MOST_REMEMBERED:
                self.known.clear()
            lasts = KNOWN_FOR if isinstance(answer, HubUser) else REFUSED_FOR
            held = (now + lasts, answer)
            if not (isinstance(answer, TableError) and answer.status == 503):
                self.known[key] = held
        if isinstance(held[1], TableError):
            raise held[1]
        return held[1]

    async def _ask(self, token: str) -> HubUser | TableError:
        try:
            reply = await AsyncHTTPClient().fetch(
                self.link.api_url + "/user",
                headers={"Authorization": f"token {token}"},
                request_timeout=HUB_TIMEOUT,
            )
        except HTTPClientError as error:
            if error.code in (401, 403):
                return TableError("the hub knows no such token: log in to the hub again", 401)
            return TableError(f"the hub does not answer ({error.code})", 503)
        except OSError as error:
            return TableError(f"the hub does not answer ({error.strerror or error})", 503)
        model = json.loads(reply.body)
        if model.get("kind", "user") != "user" or not isinstance(model.get("name"), str):
            return TableError("only the hub's users sit at tables", 403)
        if not self.link.access & set(model.get("scopes") or ()):
            return TableError("this hub token does not reach the class tables (its scopes)", 403)
        name = model["name"]
        return HubUser(name, name in self.link.teachers)
