"""dicelab's JupyterHub for a class: its settings and what it does for each student.

`jupyterhub_config.py` calls `configure(c, settings_from_env(os.environ))`;
`hub_process.py` (`make hub`, the load test, the smoke test) fills the
environment.  The variables, all optional but the password:

- `DICELAB_HUB_DIR`: the hub's own folder (database, cookie secret, the
  students' homes in `homes/`); default `build/hub` in the repository;
- `DICELAB_HUB_PORT`, `DICELAB_HUB_API_PORT`, `DICELAB_HUB_PROXY_API_PORT`:
  the public port (8000), the hub's port (8081) and the proxy's API port
  (8001), all on 127.0.0.1 only;
- `DICELAB_HUB_PASSWORD`: the class password (8 characters or more);
- `DICELAB_HUB_LESSONS`: the folder whose notebooks each student gets a copy
  of (default `notebooks/`; `build/student` after `make student`);
- `DICELAB_CACHE_DIR`: the shared, read-only solver cache (default
  `DICELAB_HUB_DIR/cache`);
- `DICELAB_HUB_RUN`: a tag every process of this hub carries in its
  environment, so that a test can find (and end) whatever it started.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
PROXY = HERE / "node_modules" / ".bin" / "configurable-http-proxy"
LOCALHOST = "127.0.0.1"
MIN_PASSWORD = 8  # SharedPasswordAuthenticator's own minimum
SAVES = "dicelab-saves"  # in each student's home
# lower case after the hub's normalisation; no "/" or "..": a name is a folder name
USERNAME_PATTERN = r"^[a-z0-9][a-z0-9_.-]{0,31}$"
START_TIMEOUT = 300  # s: a whole class logging in at once on a small server
KERNEL_CULL_IDLE = 3600  # s: a kernel idle for an hour is shut down (its memory freed)


class HubSettingsError(ValueError):
    """A setting of the hub is missing or not valid (the message says which, in one line)."""


@dataclass(frozen=True)
class HubSettings:
    """Where the hub keeps its state, its ports, the password, the lessons and the cache."""

    state_dir: Path
    port: int
    hub_port: int
    proxy_api_port: int
    password: str
    lessons: Path
    cache_dir: Path
    run_tag: str = ""

    @property
    def homes(self) -> Path:
        """The folder of the students' homes (one folder per student)."""
        return self.state_dir / "homes"

    @property
    def url(self) -> str:
        """The address students open."""
        return f"http://{LOCALHOST}:{self.port}"


def parse_port(name: str, text: str) -> int:
    """A TCP port from the text of setting `name`; else a one-line `HubSettingsError`."""
    try:
        port = int(text)
    except ValueError:
        raise HubSettingsError(f"{name} must be a port number, not {text!r}") from None
    if not 1 <= port <= 65535:
        raise HubSettingsError(f"{name} must be a port from 1 to 65535, not {port}")
    return port


def check_password(password: str) -> str:
    """The class password if it is long enough for the authenticator."""
    if len(password) < MIN_PASSWORD:
        raise HubSettingsError(
            f"the class password needs {MIN_PASSWORD} characters or more, not {len(password)}"
        )
    return password


def check_lessons(folder: Path) -> Path:
    """A folder holding at least one notebook."""
    if not folder.is_dir():
        raise HubSettingsError(f"the lessons folder {folder} does not exist")
    if not any(folder.glob("*.ipynb")):
        raise HubSettingsError(f"the lessons folder {folder} holds no notebook (*.ipynb)")
    return folder


def settings_from_env(env: Mapping[str, str]) -> HubSettings:
    """The hub's settings from environment variables (see the module's docstring)."""
    state = Path(env.get("DICELAB_HUB_DIR") or REPO / "build" / "hub").resolve()
    password = env.get("DICELAB_HUB_PASSWORD")
    if not password:
        raise HubSettingsError("DICELAB_HUB_PASSWORD is not set (the class password)")
    return HubSettings(
        state_dir=state,
        port=parse_port("DICELAB_HUB_PORT", env.get("DICELAB_HUB_PORT", "8000")),
        hub_port=parse_port("DICELAB_HUB_API_PORT", env.get("DICELAB_HUB_API_PORT", "8081")),
        proxy_api_port=parse_port(
            "DICELAB_HUB_PROXY_API_PORT", env.get("DICELAB_HUB_PROXY_API_PORT", "8001")
        ),
        password=check_password(password),
        lessons=check_lessons(Path(env.get("DICELAB_HUB_LESSONS") or REPO / "notebooks").resolve()),
        cache_dir=Path(env.get("DICELAB_CACHE_DIR") or state / "cache").resolve(),
        run_tag=env.get("DICELAB_HUB_RUN", ""),
    )


def settings_env(settings: HubSettings) -> dict[str, str]:
    """The environment variables that `settings_from_env` reads back as `settings`."""
    return {
        "DICELAB_HUB_DIR": str(settings.state_dir),
        "DICELAB_HUB_PORT": str(settings.port),
        "DICELAB_HUB_API_PORT": str(settings.hub_port),
        "DICELAB_HUB_PROXY_API_PORT": str(settings.proxy_api_port),
        "DICELAB_HUB_PASSWORD": settings.password,
        "DICELAB_HUB_LESSONS": str(settings.lessons),
        "DICELAB_CACHE_DIR": str(settings.cache_dir),
        "DICELAB_HUB_RUN": settings.run_tag,
    }


def copy_lessons(source: Path, home: Path) -> list[str]:
    """Copy into `home` each notebook of `source` that it does not have yet (a
    student's own copy is never overwritten); the names copied.  Each copy
    appears whole or not at all (written aside, then linked into place)."""
    home.mkdir(parents=True, exist_ok=True)
    copied = []
    for notebook in sorted(source.glob("*.ipynb")):
        target = home / notebook.name
        if target.exists():
            continue
        part = home / f".{notebook.name}.part"
        shutil.copyfile(notebook, part)
        try:
            os.link(part, target)  # fails if the student's copy appeared meanwhile
            copied.append(notebook.name)
        except FileExistsError:
            pass
        finally:
            part.unlink()
    return copied


def home_of(spawner: Any) -> Path:
    """A student's home: the spawner's `home_dir` (`SimpleLocalProcessSpawner`)."""
    return Path(spawner.home_dir)


def save_dir_of(spawner: Any) -> str:
    """`DICELAB_SAVE_DIR` of a student: a folder in their own home."""
    return str(home_of(spawner) / SAVES)


def lessons_hook(source: Path) -> Callable[[Any], None]:
    """A `Spawner.pre_spawn_hook`: the lessons copied into the home, and the saves folder made."""

    def copy_for(spawner: Any) -> None:
        home = home_of(spawner)
        copied = copy_lessons(source, home)
        (home / SAVES).mkdir(exist_ok=True)
        if copied:
            spawner.log.info("dicelab: copied %d lessons for %s", len(copied), spawner.user.name)

    return copy_for


def singleuser_args(is_root: bool) -> list[str]:
    """The single-user servers' options: kernels idle for an hour culled; a kernel
    that lost a race for a port restarted on new ports; root allowed (this
    machine's one-OS-user setting runs everything as root).

    Every server picks its kernels' ports on its own, so when a class starts at
    once two kernels now and then pick the same free port and one of them fails
    to start; its restart must then pick new ports (with the port cache on, the
    default, it retries the same ones until it gives up)."""
    args = [
        f"--MappingKernelManager.cull_idle_timeout={KERNEL_CULL_IDLE}",
        "--MappingKernelManager.cull_interval=300",
        "--KernelManager.cache_ports=False",
    ]
    return [*args, "--allow-root"] if is_root else args


def configure(c: Any, settings: HubSettings) -> None:
    """Fill JupyterHub's config object `c` for a class on one server."""
    state = settings.state_dir
    state.mkdir(parents=True, exist_ok=True)
    c.JupyterHub.bind_url = settings.url
    c.JupyterHub.hub_bind_url = f"http://{LOCALHOST}:{settings.hub_port}"
    c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
    c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
    c.ConfigurableHTTPProxy.api_url = f"http://{LOCALHOST}:{settings.proxy_api_port}"
    c.ConfigurableHTTPProxy.command = [str(PROXY)]
    c.ConfigurableHTTPProxy.pid_file = str(state / "jupyterhub-proxy.pid")

    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = settings.password
    c.Authenticator.allow_all = True
    c.Authenticator.username_pattern = USERNAME_PATTERN

    c.JupyterHub.spawner_class = "simple"
    c.SimpleLocalProcessSpawner.home_dir_template = str(settings.homes / "{username}")
    c.Spawner.ip = LOCALHOST
    c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
    c.Spawner.args = singleuser_args(os.geteuid() == 0)
    c.Spawner.default_url = "/lab"
    c.Spawner.start_timeout = START_TIMEOUT
    c.Spawner.http_timeout = START_TIMEOUT
    c.Spawner.pre_spawn_hook = lessons_hook(settings.lessons)
    environment: dict[str, Any] = {
        "DICELAB_CACHE_DIR": str(settings.cache_dir),
        "DICELAB_CACHE_READONLY": "1",
        "DICELAB_SAVE_DIR": save_dir_of,
    }
    if settings.run_tag:
        environment["DICELAB_HUB_RUN"] = settings.run_tag
    c.Spawner.environment = environment
