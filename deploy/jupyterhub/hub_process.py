"""Start and stop dicelab's JupyterHub; `make hub` runs this file, as root.

`python deploy/jupyterhub/hub_process.py [--port 8000] [--state build/hub]`
prints the address and how students log in, then runs JupyterHub in
the foreground (Ctrl-C stops it, with every student's server and the proxy).
It runs only as root: every student gets an account of their own.  The
hub's state folder is made readable by root alone, and the hub runs with
umask 077 (what it and the students' servers write is private).

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
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import psutil
from accounts import (
    DEFAULT_HOMES,
    DEFAULT_PREFIX,
    HOMES_MODE,
    AccountError,
    make_homes,
    remove_accounts,
)
from dicelab_hub import (
    CLASS_DIR,
    HERE,
    LOCALHOST,
    MIN_PASSWORD,
    PROXY,
    REPO,
    HubSettings,
    HubSettingsError,
    check_lessons,
    check_name,
    check_prefix,
    parse_port,
    read_roster,
    settings_env,
)
from tables_service import prepare_tables

CONFIG = HERE / "jupyterhub_config.py"
JUPYTERHUB = Path(sys.executable).with_name("jupyterhub")
TAG = "DICELAB_HUB_RUN"
PR_SET_PDEATHSIG = 1  # prctl(2)
PRIVATE_UMASK = 0o077
NOT_ROOT = "the class server gives every student an account of their own: run it as root"


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


def check_root(command: str = "make hub") -> None:
    """`HubSettingsError` unless this runs as root (it makes the students' accounts)."""
    if os.geteuid() != 0:
        raise HubSettingsError(f"{NOT_ROOT} (sudo {command})")


def check_reachable(path: Path, what: str) -> None:
    """`HubSettingsError` unless every account may enter `path` and each folder
    above it (a clone under /root, mode 0700, is out of the students' reach)."""
    for folder in [path, *path.parents]:
        if not folder.stat().st_mode & stat.S_IXOTH:
            raise HubSettingsError(
                f"{what} {path} is out of the students' reach: {folder} lets no other account in"
            )


def check_student_env(settings: HubSettings) -> None:
    """`HubSettingsError` unless the students' environment is built and every account may run it."""
    program = settings.student_env / "bin" / "jupyterhub-singleuser"
    if not os.access(program, os.X_OK):
        raise HubSettingsError(
            f"the students' environment {settings.student_env} is missing: run `sudo make hub-env`"
        )
    check_reachable(settings.student_env / "bin", "the students' environment")


def prepare_folders(settings: HubSettings) -> None:
    """The state folder made readable by root alone (its files 0600), the folder
    of the homes made if missing (0711) and checked; the cache, if there,
    checked to be within every student's reach."""
    state = settings.state_dir
    state.mkdir(mode=0o700, parents=True, exist_ok=True)
    state.chmod(0o700)
    for path in state.iterdir():
        if path.is_file() and not path.is_symlink():
            path.chmod(0o600)
    try:
        make_homes(settings.homes)
    except AccountError as error:
        raise HubSettingsError(str(error)) from None
    check_reachable(settings.homes, "the homes folder")
    if settings.cache_dir.is_dir():
        check_reachable(settings.cache_dir, "the solver cache")


def check_proxy() -> None:
    """`HubSettingsError` unless configurable-http-proxy is installed (npm ci)."""
    if not PROXY.exists():
        raise HubSettingsError(
            f"{PROXY.relative_to(REPO)} is missing: run `make hub` "
            "(it runs `npm ci --prefix deploy/jupyterhub`)"
        )


def die_with_parent() -> None:
    """In the child before it runs the hub (Linux): umask 077, and SIGTERM when
    the process that started it dies, so that a test killed midway still stops
    its hub (which then stops the servers and the proxy)."""
    os.umask(PRIVATE_UMASK)
    if sys.platform == "linux":
        ctypes.CDLL(None).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def hub_env(settings: HubSettings) -> dict[str, str]:
    """The environment JupyterHub (and so the proxy) runs with: this one, plus
    the settings (no password: the students' are hashed in the hub's state)."""
    return {**os.environ, **settings_env(settings)}


def check_can_start(settings: HubSettings) -> None:
    """Everything a hub needs before it starts (`HubSettingsError` otherwise):
    root, the students' environment (a setting, so said first), the proxy,
    its folders, the class tables' account and folder."""
    check_root()
    check_student_env(settings)
    check_proxy()
    prepare_folders(settings)
    prepare_tables(settings)


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


SHUTDOWN = 20.0  # s: a student's server ends its kernels after the hub has stopped


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
        # the servers the hub stopped may still be ending their kernels: wait for that
        _, left = psutil.wait_procs(tagged_processes(self.settings.run_tag), timeout=SHUTDOWN)
        names = []
        for process in left:
            try:
                names.append(" ".join(process.cmdline())[:120])
            except psutil.Error:
                continue
        end_processes(left)
        self.leftovers += names
        return names

    def remove_accounts(self) -> list[str]:
        """Remove the students' accounts of this hub's prefix, with their homes
        (a hub of a test or of the load test, once stopped); the accounts removed."""
        return remove_accounts(self.settings.account_prefix, self.settings.homes)


def start_hub(settings: HubSettings, log_path: Path, timeout: float = 120.0) -> HubProcess:
    """A hub with `settings` running in the background (its output in `log_path`),
    ready to take logins."""
    if not settings.run_tag:
        raise HubSettingsError("a hub started in the background needs a run tag")
    check_can_start(settings)
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
    """A scratch hub for the duration of a `with` block (the load test), stopped
    with all it started, then its students' accounts removed (also when the
    block fails)."""
    hub = start_hub(settings, log_path)
    try:
        yield hub
    finally:
        hub.stop()
        hub.remove_accounts()


def scratch_prefix() -> str:
    """A prefix of its own for the accounts of a scratch hub, e.g. "dl3f09a2-"."""
    return f"dl{secrets.token_hex(3)}-"


@contextmanager
def scratch_folder() -> Iterator[Path]:
    """A folder every account may enter (not list) for a scratch hub's homes and
    cache, under /tmp (a test's own folders are closed to the students);
    removed on leaving."""
    folder = Path(tempfile.mkdtemp(prefix="dicelab-class-"))
    folder.chmod(HOMES_MODE)
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


@dataclass(frozen=True)
class Places:
    """Where a hub on this machine finds the students' things (the defaults of `make hub`)."""

    lessons: Path = REPO / "notebooks"
    cache_dir: Path = CLASS_DIR / "cache"
    student_env: Path = CLASS_DIR / "env"
    homes: Path = DEFAULT_HOMES
    account_prefix: str = DEFAULT_PREFIX


def local_settings(
    state_dir: Path,
    port: int,
    places: Places,
    roster_file: Path | None = None,
    teacher: str = "teacher",
    run_tag: str = "",
) -> HubSettings:
    """Settings for a hub on this machine: the hub's and the proxy's API on free
    ports; the names in `roster_file` may log in (None: any name)."""
    roster_file = None if roster_file is None else roster_file.resolve()
    return HubSettings(
        state_dir=state_dir.resolve(),
        port=port,
        hub_port=free_port(),
        proxy_api_port=free_port(),
        tables_port=free_port(),
        roster=None if roster_file is None else read_roster(roster_file),
        roster_file=roster_file,
        teacher=check_name(teacher, "the teacher's name"),
        lessons=check_lessons(places.lessons.resolve()),
        homes=places.homes.resolve(),
        account_prefix=check_prefix(places.account_prefix),
        student_env=places.student_env.resolve(),
        cache_dir=places.cache_dir.resolve(),
        run_tag=run_tag,
    )


def port_option(text: str) -> int:
    """An argparse type: a TCP port (a one-line error otherwise)."""
    try:
        return parse_port("--port", text)
    except HubSettingsError as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("--port ")) from None


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line's options (`make hub` passes them all)."""
    parser = argparse.ArgumentParser(
        prog="hub", description="Run dicelab's JupyterHub for a class on 127.0.0.1 (as root)."
    )
    places = Places()
    parser.add_argument("--port", type=port_option, default=8000, help="public port (default 8000)")
    parser.add_argument("--state", type=Path, default=REPO / "build" / "hub")
    parser.add_argument("--roster", type=Path, help="the names that may log in, one a line")
    parser.add_argument("--teacher", default="teacher", help="the admin's name (default teacher)")
    parser.add_argument("--lessons", type=Path, default=places.lessons)
    parser.add_argument("--cache", type=Path, default=places.cache_dir)
    parser.add_argument("--env", type=Path, default=places.student_env)
    parser.add_argument("--homes", type=Path, default=places.homes)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """`make hub`: print the address and how to log in, then run the hub in the foreground."""
    args = parse_args(argv)
    try:
        check_root()
        check_port_free(args.port)
        places = Places(args.lessons, args.cache, args.env, args.homes)
        settings = local_settings(
            args.state, args.port, places, args.roster, args.teacher, run_tag=secrets.token_hex(8)
        )
        check_can_start(settings)
    except HubSettingsError as error:
        print(f"hub: error: {error}", file=sys.stderr)
        return 2
    if not settings.cache_dir.is_dir():
        print(f"hub: note: no solver cache in {settings.cache_dir}: the kernels solve nothing")
    who = "any name" if settings.roster is None else f"a name of {settings.roster_file}"
    print(f"Students open {settings.url}/ and log in with {who}: the first login under a")
    print(f"name sets its password ({MIN_PASSWORD} characters or more), asked at each login after.")
    print(f"The teacher logs in as {settings.teacher!r} (the admin: {settings.url}/hub/admin;")
    print("deleting a student there lets their next login set a new password).")
    print(f"Each student runs as the account {settings.account_prefix}<name>, in {settings.homes}")
    print(f"The play app: {settings.url}/user/<name>/voila/render/play.ipynb")
    print("Ctrl-C stops the hub, every student's server and the proxy.", flush=True)
    os.chdir(settings.state_dir)
    os.umask(PRIVATE_UMASK)
    os.execve(JUPYTERHUB, [str(JUPYTERHUB), "-f", str(CONFIG)], hub_env(settings))


if __name__ == "__main__":
    sys.exit(main())
