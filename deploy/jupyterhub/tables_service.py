"""The class tables on the class server: a service the hub starts and restarts.

`dicelab class serve --hub` (`dicelab.classroom.hub_auth`) runs as the
JupyterHub-managed service `dicelab-tables`, reached through the hub's proxy
at `/services/dicelab-tables/`.  A player is who the hub says: every request
carries a hub token (a student's kernel has its own, `JUPYTERHUB_API_TOKEN`,
given the scope `access:services!service=dicelab-tables` here), and the hub's
admin (the teacher) has the teacher's view of every table.

The service runs as an account of its own, `<prefix>_tables`
(`dicelab-_tables`: no student's account, `<prefix><name>`, can be it, since
no name starts with "_"), from the students' environment.  Its SQLite
database is in the hub's state folder, in `tables/`, that account's alone
(0700); the state folder lets that account's group through (0710) and
nobody else.
"""

from __future__ import annotations

import asyncio
import os
import stat
from pathlib import Path
from typing import Any

from accounts import AccountError, ensure_account
from dicelab_hub import LOCALHOST, HubSettings, HubSettingsError

TABLES = "dicelab-tables"  # the service's name: its path is /services/dicelab-tables/
TABLES_USER = "_tables"  # the service's account is the prefix and this
ACCESS = f"access:services!service={TABLES}"


def tables_account(settings: HubSettings) -> str:
    """The service's system account, e.g. "dicelab-_tables"."""
    return settings.account_prefix + TABLES_USER


def tables_folder(settings: HubSettings) -> Path:
    """The service's own folder in the hub's state: its database."""
    return settings.state_dir / "tables"


def tables_url(settings: HubSettings) -> str:
    """Where students' kernels reach the tables: through the hub's proxy."""
    return f"{settings.url}/services/{TABLES}"


def tables_service(settings: HubSettings) -> dict[str, Any]:
    """The entry of `c.JupyterHub.services` that starts the tables."""
    python = settings.student_env / "bin" / "python"
    database = tables_folder(settings) / "tables.sqlite3"
    environment = {"DICELAB_TABLES_TEACHERS": settings.teacher, "DICELAB_LANG": "en"}
    if settings.run_tag:
        environment["DICELAB_HUB_RUN"] = settings.run_tag
    return {
        "name": TABLES,
        "url": f"http://{LOCALHOST}:{settings.tables_port}",
        "command": [
            *(str(python), "-m", "dicelab", "class", "serve", "--hub"),
            *("--host", LOCALHOST, "--port", str(settings.tables_port), "--db", str(database)),
        ],
        "user": tables_account(settings),
        "cwd": str(tables_folder(settings)),
        "environment": environment,
        "display": False,
    }


def configure_tables(c: Any, settings: HubSettings) -> None:
    """The service, and the scope that lets every user (and their servers'
    kernels) reach it; the students' servers told where it is (after
    `dicelab_hub.configure`)."""
    c.JupyterHub.services = [tables_service(settings)]
    c.JupyterHub.load_roles = [{"name": "user", "scopes": ["self", ACCESS]}]
    c.Spawner.server_token_scopes = ["users:activity!user", "access:servers!server", ACCESS]
    told = {
        "DICELAB_TABLES_URL": tables_url(settings),
        "DICELAB_TABLES_HUB": "1",
        "DICELAB_TABLES_TEACHERS": settings.teacher,  # whose lobby makes tables
    }
    c.Spawner.environment = {**c.Spawner.environment, **told}


def prepare_tables(settings: HubSettings) -> None:
    """The service's account (made if missing) and its folder in the state,
    which only root and that account may enter (as root, before the hub starts)."""
    try:
        entry = asyncio.run(ensure_account(settings.account_prefix, TABLES_USER, settings.homes))
    except AccountError as error:
        raise HubSettingsError(f"the tables' account: {error}") from None
    state, folder = settings.state_dir, tables_folder(settings)
    os.chown(state, 0, entry.pw_gid)
    state.chmod(0o710)
    folder.mkdir(mode=0o700, exist_ok=True)
    if not stat.S_ISDIR(folder.lstat().st_mode):
        raise HubSettingsError(f"{folder} must be a folder, not a link or a file")
    for path in [folder, *folder.iterdir()]:
        if path.is_symlink():
            raise HubSettingsError(f"{path} is a link: the tables' folder holds none")
        os.chown(path, entry.pw_uid, entry.pw_gid)
        path.chmod(0o700 if path.is_dir() else 0o600)
