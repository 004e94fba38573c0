"""Start and stop dicelab's JupyterHub; `make hub` runs this file.

`python deploy/jupyterhub/hub_process.py [--port 8000] [--state build/hub]`
prints the address and the class password, then runs JupyterHub in the
foreground (Ctrl-C stops it, with every student's server and the proxy).

For the load test and the smoke test, `running_hub(settings, log)` starts a
hub in the background and, on leaving, stops it and then ends whatever of its
processes is left (found by the `DICELAB_HUB_RUN` tag in their environment:
the hub, the proxy, the single-user servers and their kernels).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from dicelab_hub import (
    HERE,
    LOCALHOST,
    PROXY,
    REPO,
    HubSettings,
    HubSettingsError,
    check_lessons,
    check_password,
    parse_port,
    settings_env,
)

from dicelab.core.engine.files import atomic_write

CONFIG = HERE / "jupyterhub_config.py"
JUPYTERHUB = Path(sys.executable).with_name("jupyterhub")
TAG = "DICELAB_HUB_RUN"
PR_SET_PDEATHSIG = 1  # prctl(2)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on now."""
    with socket.socket() as sock:
        sock.bind((LOCALHOST, 0))
        port: int = sock.getsockname()[1]
        return port


def check_port_free(port: int) -> None:
    """`HubSettingsError` if something already listens on 127.0.0.1:`port`."""
    with socket.socket() as sock:
        try:
            sock.bind((LOCALHOST, port))
        except OSError:
            raise HubSettingsError(f"port {port} on {LOCALHOST} is in use") from None


def class_password(state_dir: Path) -> str:
    """The password in `state_dir/password`, made (and kept) on the first start."""
    path = state_dir / "password"
    if path.exists():
        return check_password(path.read_text().strip())
    state_dir.mkdir(parents=True, exist_ok=True)
    password = secrets.token_urlsafe(9)
    atomic_write(path, f"{password}\n".encode(), mode=0o600)  # for the teacher only
    return password


def check_proxy() -> None:
    """`HubSettingsError` unless configurable-http-proxy is installed (npm ci)."""
    if not PROXY.exists():
        raise HubSettingsError(
            f"{PROXY.relative_to(REPO)} is missing: run `make hub` "
            "(it runs `npm ci --prefix deploy/jupyterhub`)"
        )


def die_with_parent() -> None:
    """In the child before it runs the hub (Linux): SIGTERM when the process that
    started it dies, so that a test killed midway still stops its hub (which
    then stops the servers and the proxy)."""
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def hub_env(settings: HubSettings) -> dict[str, str]:
    """The environment JupyterHub runs with: this one, plus the settings."""
    return {**os.environ, **settings_env(settings)}


def hub_alive(settings: HubSettings) -> bool:
    """Whether the hub answers at its public address (through the proxy)."""
    try:
        with urllib.request.urlopen(f"{settings.url}/hub/api/", timeout=2) as reply:
            return bool(reply.status == 200)
    except (urllib.error.URLError, OSError):
        return False


def log_tail(path: Path, lines: int = 15) -> str:
    """The last lines of a log file (for an error message)."""
    if not path.exists():
        return "(no log)"
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


def tagged_processes(tag: str) -> list[psutil.Process]:
    """The live processes whose environment carries `DICELAB_HUB_RUN=tag`."""
    found = []
    for process in psutil.process_iter():
        try:
            if process.status() != psutil.STATUS_ZOMBIE and process.environ().get(TAG) == tag:
                found.append(process)
        except (psutil.NoSuchProcess, psutil.AccessDenied, psutil.ZombieProcess):
            continue
    return found


def end_processes(processes: Sequence[psutil.Process], grace: float = 5.0) -> None:
    """SIGTERM, then SIGKILL what is still running after `grace` seconds."""
    for process in processes:
        try:
            process.terminate()
        except psutil.NoSuchProcess:
            continue
    _, alive = psutil.wait_procs(processes, timeout=grace)
    for process in alive:
        try:
            process.kill()
        except psutil.NoSuchProcess:
            continue
    psutil.wait_procs(alive, timeout=grace)


@dataclass
class HubProcess:
    """A hub started in the background, and how to stop it with all it started."""

    settings: HubSettings
    process: subprocess.Popen[bytes]
    log_path: Path
    leftovers: list[str] = field(default_factory=list)

    def wait_ready(self, timeout: float) -> None:
        """Wait until the hub answers; `RuntimeError` (with its log's end) if it
        exits or does not answer within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while not hub_alive(self.settings):
            if self.process.poll() is not None:
                raise RuntimeError(f"the hub exited at start:\n{log_tail(self.log_path)}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the hub did not answer in {timeout:.0f} s")
            time.sleep(0.2)

    def stop(self, timeout: float = 60.0) -> list[str]:
        """Stop the hub (it stops the servers and the proxy), then end whatever of
        its processes is left; the command lines of those that had to be ended."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout)
        left = tagged_processes(self.settings.run_tag)
        names = []
        for process in left:
            try:
                names.append(" ".join(process.cmdline())[:120])
            except psutil.Error:
                continue
        end_processes(left)
        self.leftovers += names
        return names


def start_hub(settings: HubSettings, log_path: Path, timeout: float = 120.0) -> HubProcess:
    """A hub with `settings` running in the background (its output in `log_path`),
    ready to take logins."""
    if not settings.run_tag:
        raise HubSettingsError("a hub started in the background needs a run tag")
    check_proxy()
    settings.state_dir.mkdir(parents=True, exist_ok=True)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [str(JUPYTERHUB), "-f", str(CONFIG)],
            cwd=settings.state_dir,
            env=hub_env(settings),
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=die_with_parent,
        )
    hub = HubProcess(settings, process, log_path)
    try:
        hub.wait_ready(timeout)
    except BaseException:
        hub.stop()
        raise
    return hub


@contextmanager
def running_hub(settings: HubSettings, log_path: Path) -> Iterator[HubProcess]:
    """A hub for the duration of a `with` block, stopped with all it started
    (also when the block fails)."""
    hub = start_hub(settings, log_path)
    try:
        yield hub
    finally:
        hub.stop()


def local_settings(
    state_dir: Path,
    port: int,
    lessons: Path,
    cache_dir: Path,
    password: str,
    run_tag: str = "",
) -> HubSettings:
    """Settings for a hub on this machine: the hub's and the proxy's API on free ports."""
    return HubSettings(
        state_dir=state_dir.resolve(),
        port=port,
        hub_port=free_port(),
        proxy_api_port=free_port(),
        password=check_password(password),
        lessons=check_lessons(lessons.resolve()),
        cache_dir=cache_dir.resolve(),
        run_tag=run_tag,
    )


def port_option(text: str) -> int:
    """An argparse type: a TCP port (a one-line error otherwise)."""
    try:
        return parse_port("--port", text)
    except HubSettingsError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("--port ")) from None


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's options (`make hub` passes --port and --lessons)."""
    parser = argparse.ArgumentParser(
        prog="hub", description="Run dicelab's JupyterHub for a class on 127.0.0.1."
    )
    parser.add_argument("--port", type=port_option, default=8000, help="public port (default 8000)")
    parser.add_argument("--state", type=Path, default=REPO / "build" / "hub")
    parser.add_argument("--lessons", type=Path, default=REPO / "notebooks")
    parser.add_argument("--cache", type=Path, help="shared solver cache (default STATE/cache)")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """`make hub`: print the address and the password, then run the hub in the foreground."""
    args = parse_args(argv)
    try:
        check_proxy()
        check_port_free(args.port)
        password = os.environ.get("DICELAB_HUB_PASSWORD") or class_password(args.state)
        settings = local_settings(
            args.state,
            args.port,
            args.lessons,
            args.cache or args.state / "cache",
            password,
            run_tag=secrets.token_hex(8),
        )
    except HubSettingsError as error:
        print(f"hub: error: {error}", file=sys.stderr)
        return 2
    if not settings.cache_dir.is_dir():
        print(f"hub: note: no solver cache in {settings.cache_dir}: kernels solve it themselves")
    print(f"Students open {settings.url}/ and log in with any name and the password {password}")
    print(f"The play app: {settings.url}/user/<name>/voila/render/play.ipynb")
    print("Ctrl-C stops the hub, every student's server and the proxy.", flush=True)
    os.chdir(settings.state_dir)
    os.execve(JUPYTERHUB, [str(JUPYTERHUB), "-f", str(CONFIG)], hub_env(settings))


if __name__ == "__main__":
    sys.exit(main())
