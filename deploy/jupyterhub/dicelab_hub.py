"""dicelab's JupyterHub for a class: its settings and what it does for each student.

`jupyterhub_config.py` calls `configure(c, settings_from_env(os.environ))`;
`hub_process.py` (`make hub`, the load test, the smoke test) fills the
environment.  The hub runs as root and starts every student's server as a
Unix account of their own (`accounts.StudentSpawner`).  The variables, all
optional:

- `DICELAB_HUB_DIR`: the hub's own state (database, cookie secret, the
  students' password hashes, the proxy's pid), readable by root alone;
  default `build/hub` in the repository;
- `DICELAB_HUB_PORT`, `DICELAB_HUB_API_PORT`, `DICELAB_HUB_PROXY_API_PORT`,
  `DICELAB_HUB_TABLES_PORT`: the public port (8000), the hub's port (8081),
  the proxy's API port (8001) and the class tables' service's (8002,
  `tables_service.py`), all on 127.0.0.1 only;
- `DICELAB_HUB_ROSTER`: a file of the names allowed to log in, one a line
  (`#` starts a comment); without it, any name of the right form;
- `DICELAB_HUB_TEACHER`: the teacher's name, the hub's admin (default
  `teacher`), who may delete a student in the admin page (their next login
  sets a new password);
- `DICELAB_HUB_LESSONS`: the folder whose notebooks each student gets a copy
  of (default `notebooks/`; `build/student` after `make student`);
- `DICELAB_HUB_HOMES`: the folder of the students' homes (default `/home`);
- `DICELAB_HUB_ACCOUNT_PREFIX`: the students' accounts are this plus their
  name (default `dicelab-`: `dicelab-ana`);
- `DICELAB_HUB_ENV`: the students' Python environment, which every account
  can run (default `/opt/dicelab-class/env`, `make hub-env`);
- `DICELAB_CACHE_DIR`: the shared solver cache, root's, read-only to the
  students (default `/opt/dicelab-class/cache`);
- `DICELAB_HUB_RUN`: a tag every process of this hub carries in its
  environment, so that a test can find (and end) whatever it started.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from accounts import DEFAULT_HOMES, DEFAULT_PREFIX, MAX_ACCOUNT, StudentSpawner
from student_home import SAVES

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
PROXY = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
CLASS_DIR = Path("/opt/dicelab-class")  # what every account may read: the environment, the cache
LOCALHOST = "127.0.0.1"
MIN_PASSWORD = 8  # characters of a student's own password
MAX_PREFIX = 12  # so that prefix + name fits Linux's 32 characters
MAX_NAME = MAX_ACCOUNT - MAX_PREFIX
# lower case after the hub's normalisation; no "/" or "..": a name is an account's
USERNAME_PATTERN = rf"^[a-z0-9][a-z0-9_.-]{{0,{MAX_NAME - 1}}}$"
PREFIX_PATTERN = rf"^[a-z_][a-z0-9_-]{{0,{MAX_PREFIX - 1}}}$"
START_TIMEOUT = 300  # s: a whole class logging in at once on a small server
KERNEL_CULL_IDLE = 3600  # s: a kernel idle for an hour is shut down (its memory freed)


class HubSettingsError(ValueError):
    """A setting of the hub is missing or not valid (the message says which, in one line)."""


@dataclass(frozen=True)
class HubSettings:
    """Where the hub keeps its state, its ports, who may log in, the lessons, the
    students' accounts, their environment and the cache."""

    state_dir: Path
    port: int
    hub_port: int
    proxy_api_port: int
    tables_port: int
    roster: frozenset[str] | None
    roster_file: Path | None
    teacher: str
    lessons: Path
    homes: Path
    account_prefix: str
    student_env: Path
    cache_dir: Path
    run_tag: str = ""

    @property
    def url(self) -> str:
        """The address students open."""
        return f"http://{LOCALHOST}:{self.port}"

    def home_of(self, name: str) -> Path:
        """The home of hub user `name`: `homes/<prefix><name>`."""
        return self.homes / f"{self.account_prefix}{name}"


def parse_port(name: str, text: str) -> int:
    """A TCP port from the text of setting `name`; else a one-line `HubSettingsError`."""
    try:
        port = int(text)
    except ValueError:
        raise HubSettingsError(f"{name} must be a port number, not {text!r}") from None
    if not 1 <= port <= 65535:
        raise HubSettingsError(f"{name} must be a port from 1 to 65535, not {port}")
    return port


def check_name(name: str, what: str) -> str:
    """A name that can log in (and be an account's with the prefix), else a one-line error."""
    if not re.fullmatch(USERNAME_PATTERN, name):
        raise HubSettingsError(
            f"{what} must be 1 to {MAX_NAME} lower-case letters, digits, '.', '_' or '-' "
            f"(a letter or digit first), not {name!r}"
        )
    return name


def check_lessons(folder: Path) -> Path:
    """A folder holding at least one notebook."""
    if not folder.is_dir():
        raise HubSettingsError(f"the lessons folder {folder} does not exist")
    if not any(folder.glob("*.ipynb")):
        raise HubSettingsError(f"the lessons folder {folder} holds no notebook (*.ipynb)")
    return folder


def check_prefix(prefix: str) -> str:
    """The prefix of the students' accounts: a letter or `_` first, at most 12 characters."""
    if not re.fullmatch(PREFIX_PATTERN, prefix):
        raise HubSettingsError(
            f"the accounts' prefix must be 1 to {MAX_PREFIX} lower-case letters, digits, "
            f"'-' or '_' (a letter or '_' first), not {prefix!r}"
        )
    return prefix


def read_roster(path: Path) -> frozenset[str]:
    """The names in the roster file `path`: one a line, blank lines and what follows
    `#` left out; a one-line `HubSettingsError` for a missing file or a bad name."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise HubSettingsError(f"the roster {path} does not exist") from None
    except (OSError, UnicodeDecodeError) as error:
        raise HubSettingsError(f"the roster {path} cannot be read: {error}") from None
    names = [line.split("#")[0].strip().lower() for line in text.splitlines()]
    return frozenset(check_name(name, "a name in the roster") for name in names if name)


def settings_from_env(env: Mapping[str, str]) -> HubSettings:
    """The hub's settings from environment variables (see the module's docstring)."""
    state = Path(env.get("DICELAB_HUB_DIR") or REPO / "build" / "hub").resolve()
    roster = env.get("DICELAB_HUB_ROSTER")
    roster_file = Path(roster).resolve() if roster else None
    return HubSettings(
        state_dir=state,
        port=parse_port("DICELAB_HUB_PORT", env.get("DICELAB_HUB_PORT", "8000")),
        hub_port=parse_port("DICELAB_HUB_API_PORT", env.get("DICELAB_HUB_API_PORT", "8081")),
        proxy_api_port=parse_port(
            "DICELAB_HUB_PROXY_API_PORT", env.get("DICELAB_HUB_PROXY_API_PORT", "8001")
        ),
        tables_port=parse_port(
            "DICELAB_HUB_TABLES_PORT", env.get("DICELAB_HUB_TABLES_PORT", "8002")
        ),
        roster=None if roster_file is None else read_roster(roster_file),
        roster_file=roster_file,
        teacher=check_name(env.get("DICELAB_HUB_TEACHER") or "teacher", "the teacher's name"),
        lessons=check_lessons(Path(env.get("DICELAB_HUB_LESSONS") or REPO / "notebooks").resolve()),
        homes=Path(env.get("DICELAB_HUB_HOMES") or DEFAULT_HOMES).resolve(),
        account_prefix=check_prefix(env.get("DICELAB_HUB_ACCOUNT_PREFIX", DEFAULT_PREFIX)),
        student_env=Path(env.get("DICELAB_HUB_ENV") or CLASS_DIR / "env").resolve(),
        cache_dir=Path(env.get("DICELAB_CACHE_DIR") or CLASS_DIR / "cache").resolve(),
        run_tag=env.get("DICELAB_HUB_RUN", ""),
    )


def settings_env(settings: HubSettings) -> dict[str, str]:
    """The environment variables that `settings_from_env` reads back as `settings`."""
    return {
        "DICELAB_HUB_DIR": str(settings.state_dir),
        "DICELAB_HUB_PORT": str(settings.port),
        "DICELAB_HUB_API_PORT": str(settings.hub_port),
        "DICELAB_HUB_PROXY_API_PORT": str(settings.proxy_api_port),
        "DICELAB_HUB_TABLES_PORT": str(settings.tables_port),
        "DICELAB_HUB_ROSTER": "" if settings.roster_file is None else str(settings.roster_file),
        "DICELAB_HUB_TEACHER": settings.teacher,
        "DICELAB_HUB_LESSONS": str(settings.lessons),
        "DICELAB_HUB_HOMES": str(settings.homes),
        "DICELAB_HUB_ACCOUNT_PREFIX": settings.account_prefix,
        "DICELAB_HUB_ENV": str(settings.student_env),
        "DICELAB_CACHE_DIR": str(settings.cache_dir),
        "DICELAB_HUB_RUN": settings.run_tag,
    }


def singleuser_args() -> list[str]:
    """The single-user servers' options: kernels idle for an hour culled; a kernel
    that lost a race for a port restarted on new ports; a kernel manager that
    loses no message of a kernel (`dicelab.kernel_manager`); and Voilà waiting
    up to a minute for the play app's widgets once its cell has run, and its
    page without the extensions it has no use for, as `make play` does
    (`dicelab.course.play_argv`: nbclient's 4 s run out when a class opens the
    app at once, and the page stays blank).

    Every server picks its kernels' ports on its own, so when a class starts at
    once two kernels now and then pick the same free port and one of them fails
    to start; its restart must then pick new ports (with the port cache on, the
    default, it retries the same ones until it gives up)."""
    return [
        "--ServerApp.kernel_manager_class=dicelab.kernel_manager.PlayKernelManager",
        f"--MappingKernelManager.cull_idle_timeout={KERNEL_CULL_IDLE}",
        "--MappingKernelManager.cull_interval=300",
        "--KernelManager.cache_ports=False",
        "--VoilaExecutor.iopub_timeout=60",
        '--VoilaConfiguration.extension_denylist=["jupyterlab-plotly", "jupyterlab_pygments"]',
    ]


def save_dir_of(spawner: Any) -> str:
    """`DICELAB_SAVE_DIR` of a student: a folder in their own home."""
    return str(spawner.home / SAVES)


def student_environment(settings: HubSettings) -> dict[str, Any]:
    """What every student's server (and its kernels) gets in its environment:
    the cache, read-only; their saves folder; the students' environment first
    on the PATH (JupyterLab's terminals too); the run tag."""
    environment: dict[str, Any] = {
        "DICELAB_CACHE_DIR": str(settings.cache_dir),
        "DICELAB_CACHE_READONLY": "1",
        "DICELAB_SAVE_DIR": save_dir_of,
        "PATH": f"{settings.student_env / 'bin'}:/usr/local/bin:/usr/bin:/bin",
    }
    if settings.run_tag:
        environment["DICELAB_HUB_RUN"] = settings.run_tag
    return environment


def configure(c: Any, settings: HubSettings) -> None:
    """Fill JupyterHub's config object `c` for a class on one server."""
    state = settings.state_dir
    c.JupyterHub.bind_url = settings.url
    c.JupyterHub.hub_bind_url = f"http://{LOCALHOST}:{settings.hub_port}"
    c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
    c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
    c.ConfigurableHTTPProxy.api_url = f"http://{LOCALHOST}:{settings.proxy_api_port}"
    c.ConfigurableHTTPProxy.command = [str(PROXY)]
    c.ConfigurableHTTPProxy.pid_file = str(state / "jupyterhub-proxy.pid")

    # each student's own password, set at their first login (bcrypt hashes in a
    # dbm file of the hub's state, 0600); deleting a user in the admin page lets
    # their next login set a new one
    c.JupyterHub.authenticator_class = "firstuseauthenticator.FirstUseAuthenticator"
    c.FirstUseAuthenticator.dbm_path = str(state / "passwords.dbm")
    c.FirstUseAuthenticator.min_password_length = MIN_PASSWORD
    c.FirstUseAuthenticator.create_users = True
    c.Authenticator.username_pattern = USERNAME_PATTERN
    c.Authenticator.admin_users = {settings.teacher}
    if settings.roster is None:
        c.Authenticator.allow_all = True  # any name: it is never a system account's (prefix)
    else:
        c.Authenticator.allow_all = False
        c.Authenticator.allowed_users = set(settings.roster) | {settings.teacher}

    c.JupyterHub.spawner_class = StudentSpawner
    c.StudentSpawner.account_prefix = settings.account_prefix
    c.StudentSpawner.homes = str(settings.homes)
    c.StudentSpawner.lessons = str(settings.lessons)
    c.Spawner.ip = LOCALHOST
    c.Spawner.cmd = [str(settings.student_env / "bin" / "jupyterhub-singleuser")]
    c.Spawner.args = singleuser_args()
    c.Spawner.default_url = "/lab"
    c.Spawner.start_timeout = START_TIMEOUT
    c.Spawner.http_timeout = START_TIMEOUT
    c.Spawner.env_keep = ["LANG", "LC_ALL"]  # not the hub's PATH, PYTHONPATH, VIRTUAL_ENV
    c.Spawner.environment = student_environment(settings)
