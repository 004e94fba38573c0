"""Every student a Unix account of their own, as The Littlest JupyterHub does.

The hub (root) maps its user `ana` to the account `<prefix>ana` (`dicelab-ana`
by default, as TLJH's `jupyter-ana`), creates it at the first start of that
student's server (`useradd`: its own group, no password, so no login but
through the hub; bash for JupyterLab's terminals; the comment `dicelab
student` marks the accounts the recipe made), with its home
`<homes>/<account>` made mode 0700 and owned by it.  `StudentSpawner` then
starts the server as that account (JupyterHub's `LocalProcessSpawner` setuids
to it), after the lessons and the saves folder are put in the home
(`student_home`).

`python deploy/jupyterhub/accounts.py remove [--prefix dicelab-] [--homes /home]`
(`make hub-clean`) removes the accounts the recipe made with that prefix,
with their homes.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import pwd
import random
import shutil
import socket
import stat
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jupyterhub.spawner import LocalProcessSpawner
from student_home import PRIVATE_FOLDER, Owner, prepare_home
from traitlets import Integer, Unicode

MARK = "dicelab student"  # the comment (GECOS) of every account the recipe makes
SHELL = "/bin/bash"  # JupyterLab's terminals start the account's shell
MAX_ACCOUNT = 32  # characters: Linux's limit for an account's name
DEFAULT_PREFIX = "dicelab-"
DEFAULT_HOMES = Path("/home")
HOMES_MODE = 0o711  # a homes folder the recipe makes: every account enters it, none lists it


EPHEMERAL = Path("/proc/sys/net/ipv4/ip_local_port_range")  # where port 0 binds come from


class AccountError(RuntimeError):
    """An account cannot be made or used (the message says why, in one line)."""


def server_ports(ephemeral: Path = EPHEMERAL) -> range:
    """The ports a student's server may take: the half below the system's ephemeral
    range (32768 on Linux by default), from which every port-0 bind takes its port,
    the kernels' included, so that a kernel started meanwhile cannot take a port
    chosen for a server (JupyterHub's own choice comes from that range).

    >>> server_ports(Path("/no/such/file"))
    range(16384, 32768)
    """
    try:
        low = int(ephemeral.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        low = 32768
    return range(max(1024, low // 2), low)


def free_server_port(ports: range, rng: random.Random | None = None) -> int:
    """A port of `ports` that nothing listens on now, chosen at random."""
    rng = rng or random.SystemRandom()
    for _ in range(200):
        port = rng.randrange(ports.start, ports.stop)
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    last = ports.stop - 1
    raise AccountError(f"no free port for a student's server from {ports.start} to {last}")


def account_name(prefix: str, username: str) -> str:
    """The system account of hub user `username`: `account_name("dicelab-", "ana")`
    is "dicelab-ana"."""
    name = prefix + username
    if len(name) > MAX_ACCOUNT:
        raise AccountError(f"the account {name!r} is longer than {MAX_ACCOUNT} characters")
    return name


def ours(entry: pwd.struct_passwd, prefix: str) -> bool:
    """Whether `entry` is an account the recipe made with `prefix`."""
    return entry.pw_name.startswith(prefix) and entry.pw_gecos == MARK


def make_homes(homes: Path) -> None:
    """The folder of the homes, made mode 0711 if missing; `AccountError` unless
    root alone may write it (else a student could put a folder, or a link, in
    another's place before their first login)."""
    if not homes.exists():
        homes.mkdir(parents=True)
        homes.chmod(HOMES_MODE)
    info = homes.lstat()
    if not stat.S_ISDIR(info.st_mode) or info.st_uid != 0 or info.st_mode & 0o022:
        raise AccountError(f"the homes folder {homes} must be a folder that root alone may write")


def make_home(entry: pwd.struct_passwd) -> None:
    """The account's home, made (or kept) mode 0700 and owned by it; `AccountError`
    if something else has its place."""
    home = Path(entry.pw_dir)
    try:
        home.mkdir(PRIVATE_FOLDER)
        os.chown(home, entry.pw_uid, entry.pw_gid)
    except FileExistsError:
        info = home.lstat()
        if not stat.S_ISDIR(info.st_mode) or info.st_uid != entry.pw_uid:
            raise AccountError(f"{home} exists and is not {entry.pw_name}'s folder") from None
    home.chmod(PRIVATE_FOLDER)


async def run_quietly(*command: str) -> None:
    """Run a command; `AccountError` with its message if it fails."""
    process = await asyncio.create_subprocess_exec(
        *command, stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT
    )
    output, _ = await process.communicate()
    if process.returncode:
        said = " ".join(output.decode(errors="replace").split())
        raise AccountError(f"{command[0]} {command[-1]} failed: {said}")


ACCOUNTS_LOCK = asyncio.Lock()  # useradd takes /etc/passwd's lock: one at a time


async def ensure_account(prefix: str, username: str, homes: Path) -> pwd.struct_passwd:
    """The account of hub user `username`, made if missing, with its home; its
    entry.  `AccountError` if an account of that name exists that the recipe
    did not make, or if `useradd` fails."""
    name = account_name(prefix, username)
    async with ACCOUNTS_LOCK:
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            home = str(homes / name)
            await run_quietly(
                *("useradd", "--no-create-home", "--home-dir", home, "--user-group"),
                *("--shell", SHELL, "--comment", MARK, name),
            )
            entry = pwd.getpwnam(name)
    if not ours(entry, prefix):
        raise AccountError(f"the account {name} exists and is not a dicelab student's")
    make_home(entry)
    return entry


class StudentSpawner(LocalProcessSpawner):
    """JupyterHub's `LocalProcessSpawner`, each hub user as the account
    `account_prefix + name`, made (with its home and lessons) before the start."""

    account_prefix = Unicode(DEFAULT_PREFIX, help="prefix of the students' accounts").tag(
        config=True
    )
    homes = Unicode(str(DEFAULT_HOMES), help="the folder of the students' homes").tag(config=True)
    lessons = Unicode("", help="the notebooks copied into each home").tag(config=True)
    port = Integer(
        0, help="the port of every server (0: a free one from `server_ports()` for each)"
    ).tag(config=True)

    @property
    def account(self) -> str:
        """The student's system account."""
        return account_name(self.account_prefix, self.user.name)

    @property
    def home(self) -> Path:
        """The student's home (once the account is made)."""
        return Path(pwd.getpwnam(self.account).pw_dir)

    def make_preexec_fn(self, name: str) -> Any:
        """Become the student's account (not the hub user `name`) in the child."""
        return super().make_preexec_fn(self.account)

    def user_env(self, env: dict[str, str]) -> dict[str, str]:
        """USER, HOME and SHELL of the student's account."""
        entry = pwd.getpwnam(self.account)
        env.update(USER=entry.pw_name, HOME=entry.pw_dir, SHELL=entry.pw_shell)
        return env

    async def start(self) -> Any:
        """Make the account and its home, put the lessons there, then start the server."""
        entry = await ensure_account(self.account_prefix, self.user.name, Path(self.homes))
        owner = Owner(entry.pw_uid, entry.pw_gid)
        done = prepare_home(Path(self.lessons), Path(entry.pw_dir), owner)
        if done.copied:
            self.log.info("dicelab: %d lessons copied for %s", len(done.copied), self.account)
        for problem in done.problems:
            self.log.warning("dicelab: %s: %s", self.account, problem)
        if self.port == 0:  # else JupyterHub picks one where a kernel may take it first
            self.port = free_server_port(server_ports())
        return await super().start()


def remove_accounts(prefix: str, homes: Path) -> list[str]:
    """Remove the accounts the recipe made with `prefix` and their homes (a home
    only where the recipe puts it, `homes/<account>`); the accounts removed.
    `AccountError` if one cannot be removed (a process of it still running)."""
    removed = []
    for entry in pwd.getpwall():
        if not ours(entry, prefix):
            continue
        done = subprocess.run(["userdel", entry.pw_name], capture_output=True, text=True)
        if done.returncode:
            said = " ".join((done.stdout + done.stderr).split())
            raise AccountError(f"userdel {entry.pw_name} failed: {said}")
        home = Path(entry.pw_dir)
        if home == homes / entry.pw_name and home.is_dir() and not home.is_symlink():
            shutil.rmtree(home)
        removed.append(entry.pw_name)
    return removed


def main(argv: Sequence[str] | None = None) -> int:
    """`make hub-clean`: remove the students' accounts and homes."""
    parser = argparse.ArgumentParser(
        prog="accounts", description="Remove the students' accounts that the recipe made."
    )
    parser.add_argument("action", choices=["remove"])
    parser.add_argument("--prefix", default=DEFAULT_PREFIX)
    parser.add_argument("--homes", type=Path, default=DEFAULT_HOMES)
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        print(
            "accounts: error: removing accounts needs root (sudo make hub-clean)", file=sys.stderr
        )
        return 2
    try:
        removed = remove_accounts(args.prefix, args.homes.resolve())
    except AccountError as error:
        print(f"accounts: error: {error} (stop the hub first)", file=sys.stderr)
        return 1
    print(f"removed {len(removed)} accounts and their homes: {' '.join(removed) or '-'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
