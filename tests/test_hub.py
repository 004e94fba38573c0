"""The JupyterHub for a class (deploy/jupyterhub/): its settings, the lesson
copy into a home the student controls, the students' accounts, and a short run.

The smoke run (as root: the hub makes an account per student) starts a real
hub on 127.0.0.1 (its proxy from deploy/jupyterhub/node_modules, the
students' environment from `make hub-env`, both built by `make test`), with
accounts of a prefix of its own and homes in a scratch folder.  Alice logs in
(lessons, environment, a save, the Voilà app with a Roll clicked); Bob's
kernel then tries to reach Alice's home, the hub's state and the shared cache;
two simulated students play a few clicks each.  The module's fixture then
checks that no process of that hub (hub, proxy, servers, kernels) or of its
accounts is left, and removes the accounts and their homes, also when a test
failed.  No timing is asserted (the load test reports latency: `make loadtest`).
"""

from __future__ import annotations

import asyncio
import grp
import json
import os
import pwd
import random
import re
import secrets
import socket
import stat
import sys
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import psutil
import pytest

HUB = Path(__file__).resolve().parent.parent / "deploy" / "jupyterhub"
sys.path.insert(0, str(HUB))

import accounts  # noqa: E402
import dicelab_hub  # noqa: E402
import hub_process  # noqa: E402
import loadtest  # noqa: E402
import loadtest_tables  # noqa: E402
import tables_service  # noqa: E402
from loadtest_kernel import decode_frame  # noqa: E402
from loadtest_play import FACES, one, panel_problem  # noqa: E402
from loadtest_student import Student, StudentError  # noqa: E402
from student_home import SAVES, Owner, prepare_home  # noqa: E402

from dicelab.classroom import Client  # noqa: E402
from dicelab.course import LEAVE_OUT  # noqa: E402
from dicelab.errors import TableError  # noqa: E402
from tests.classroom_service import play  # noqa: E402

NOTEBOOKS = dicelab_hub.REPO / "notebooks"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
STUDENT_ENV = Path(os.environ.get("DICELAB_HUB_ENV") or dicelab_hub.CLASS_DIR / "env")
AS_ROOT = pytest.mark.skipif(os.geteuid() != 0, reason="makes accounts: needs root")
STUDENT = Owner(54321, 54321)  # an account the lesson copy hands its files to


def mode(path: Path) -> int:
    """The permission bits of `path` (not followed)."""
    return path.lstat().st_mode & 0o777


# --- settings and the load test's pieces ---------------------------------------


@pytest.fixture
def good(tmp_path) -> dict[str, str]:
    """The environment of a valid hub: its state in `tmp_path`."""
    return {"DICELAB_HUB_DIR": str(tmp_path / "state")}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"DICELAB_HUB_ROSTER": "/no/such"}, "the roster /no/such does not exist"),
        (
            {"DICELAB_HUB_TEACHER": "Miss Ana"},
            "the teacher's name must be 1 to 20 lower-case letters, digits, '.', '_' or '-' "
            "(a letter or digit first), not 'Miss Ana'",
        ),
        ({"DICELAB_HUB_PORT": "80a"}, "DICELAB_HUB_PORT must be a port number, not '80a'"),
        (
            {"DICELAB_HUB_API_PORT": "0"},
            "DICELAB_HUB_API_PORT must be a port from 1 to 65535, not 0",
        ),
        ({"DICELAB_HUB_LESSONS": "/no/such"}, "the lessons folder /no/such does not exist"),
        (
            {"DICELAB_HUB_ACCOUNT_PREFIX": "Dice/"},
            "the accounts' prefix must be 1 to 12 lower-case letters, digits, '-' or '_' "
            "(a letter or '_' first), not 'Dice/'",
        ),
    ],
)
def test_a_bad_setting_is_one_clear_line(good, change, message):
    with pytest.raises(dicelab_hub.HubSettingsError) as error:
        dicelab_hub.settings_from_env({**good, **change})
    assert str(error.value) == message


def test_a_roster_holds_names_that_can_log_in(tmp_path):
    path = tmp_path / "roster.txt"
    path.write_text("# class 7B\nana\n  Bruno  # a comment\n\ncaio\n")
    assert dicelab_hub.read_roster(path) == {"ana", "bruno", "caio"}
    path.write_text("ana\nroot/..\n")
    with pytest.raises(dicelab_hub.HubSettingsError, match="a name in the roster must be"):
        dicelab_hub.read_roster(path)


def test_the_settings_go_through_the_environment(good, tmp_path):
    settings = dicelab_hub.settings_from_env({**good, "DICELAB_HUB_RUN": "tag"})
    env = dicelab_hub.settings_env(settings)
    assert dicelab_hub.settings_from_env(env) == settings
    assert settings.lessons == NOTEBOOKS and settings.port == 8000
    assert settings.homes == Path("/home") and settings.account_prefix == "dicelab-"
    assert settings.roster is None and settings.teacher == "teacher"
    (tmp_path / "roster").write_text("ana\nbia\n")
    with_roster = {**good, "DICELAB_HUB_ROSTER": str(tmp_path / "roster")}
    settings = dicelab_hub.settings_from_env(with_roster)
    assert settings.roster == {"ana", "bia"}
    assert dicelab_hub.settings_from_env(dicelab_hub.settings_env(settings)) == settings


def test_each_student_has_a_password_of_their_own_and_the_teacher_is_the_admin(good, tmp_path):
    """Not one class password: the first login under a name sets its own (F17)."""
    c = SimpleNamespace(
        JupyterHub=SimpleNamespace(), ConfigurableHTTPProxy=SimpleNamespace(),
        Authenticator=SimpleNamespace(), FirstUseAuthenticator=SimpleNamespace(),
        StudentSpawner=SimpleNamespace(), Spawner=SimpleNamespace(),
    )  # fmt: skip
    (tmp_path / "roster").write_text("ana\nbia\n")
    settings = dicelab_hub.settings_from_env(
        {**good, "DICELAB_HUB_ROSTER": str(tmp_path / "roster")}
    )
    dicelab_hub.configure(c, settings)
    assert c.JupyterHub.authenticator_class == "firstuseauthenticator.FirstUseAuthenticator"
    assert c.FirstUseAuthenticator.dbm_path == str(settings.state_dir / "passwords.dbm")
    assert c.FirstUseAuthenticator.min_password_length >= 8
    assert c.Authenticator.admin_users == {"teacher"} and c.Authenticator.allow_all is False
    assert c.Authenticator.allowed_users == {"ana", "bia", "teacher"}


def test_everything_listens_on_loopback_only_and_students_run_their_own_environment(good):
    settings = dicelab_hub.settings_from_env(good)
    sections = ("JupyterHub", "ConfigurableHTTPProxy", "Spawner", "StudentSpawner")
    c = SimpleNamespace(
        **{k: SimpleNamespace() for k in sections},
        Authenticator=SimpleNamespace(),
        FirstUseAuthenticator=SimpleNamespace(),
    )
    dicelab_hub.configure(c, settings)
    assert c.Authenticator.allow_all is True  # no roster: any name, never a system account
    urls = [c.JupyterHub.bind_url, c.JupyterHub.hub_bind_url, c.ConfigurableHTTPProxy.api_url]
    assert all(url.startswith("http://127.0.0.1:") for url in urls)
    assert c.Spawner.ip == "127.0.0.1"
    assert c.JupyterHub.spawner_class is accounts.StudentSpawner
    assert c.Spawner.cmd == [str(settings.student_env / "bin" / "jupyterhub-singleuser")]
    assert c.Spawner.environment["PATH"].startswith(f"{settings.student_env}/bin:")
    assert "PATH" not in c.Spawner.env_keep and "PYTHONPATH" not in c.Spawner.env_keep
    assert c.Spawner.environment["DICELAB_CACHE_READONLY"] == "1"
    assert "--KernelManager.cache_ports=False" in c.Spawner.args
    assert "--VoilaExecutor.iopub_timeout=60" in c.Spawner.args  # as play_argv's
    assert LEAVE_OUT in c.Spawner.args
    assert "--allow-root" not in c.Spawner.args


def test_the_class_tables_are_a_service_of_the_hub_on_loopback_as_an_account_of_their_own(good):
    settings = dicelab_hub.settings_from_env({**good, "DICELAB_HUB_TABLES_PORT": "8123"})
    c = SimpleNamespace(JupyterHub=SimpleNamespace(), Spawner=SimpleNamespace(environment={}))
    tables_service.configure_tables(c, settings)
    (service,) = c.JupyterHub.services
    assert service["name"] == "dicelab-tables" and service["url"] == "http://127.0.0.1:8123"
    assert service["user"] == "dicelab-_tables"  # no student's account: no name starts with _
    assert service["command"][0] == str(settings.student_env / "bin" / "python")
    assert service["command"][-2:] == [
        "--db",
        str(settings.state_dir / "tables" / "tables.sqlite3"),
    ]
    assert "--hub" in service["command"] and service["environment"]["DICELAB_TABLES_TEACHERS"] == (
        "teacher"
    )
    reach = "access:services!service=dicelab-tables"
    assert c.JupyterHub.load_roles == [{"name": "user", "scopes": ["self", reach]}]
    assert reach in c.Spawner.server_token_scopes  # the kernels' token reaches the tables
    assert c.Spawner.environment == {
        "DICELAB_TABLES_URL": "http://127.0.0.1:8000/services/dicelab-tables",
        "DICELAB_TABLES_HUB": "1",
        "DICELAB_TABLES_TEACHERS": "teacher",
    }
    with pytest.raises(dicelab_hub.HubSettingsError, match="DICELAB_HUB_TABLES_PORT must be"):
        dicelab_hub.settings_from_env({**good, "DICELAB_HUB_TABLES_PORT": "x"})


def test_the_longest_name_with_the_longest_prefix_is_a_possible_account():
    pattern = re.compile(dicelab_hub.USERNAME_PATTERN)
    prefix, longest = "p" * dicelab_hub.MAX_PREFIX, "n" * dicelab_hub.MAX_NAME
    assert pattern.match(longest) and not pattern.match(longest + "n")
    assert len(accounts.account_name(prefix, longest)) == accounts.MAX_ACCOUNT
    with pytest.raises(accounts.AccountError, match="longer than 32 characters"):
        accounts.account_name(prefix + "p", longest)
    assert not pattern.match("../ana") and not pattern.match("ana/b")


def test_a_binary_frame_gives_its_json_part():
    text = json.dumps({"msg_type": "comm_msg"}).encode()
    buffers = [text, b"\x00\x01\x02"]
    offsets = [12, 12 + len(text)]
    frame = (2).to_bytes(4, "big") + b"".join(o.to_bytes(4, "big") for o in offsets)
    assert decode_frame(frame + b"".join(buffers)) == {"msg_type": "comm_msg"}


def test_the_verdict_names_the_largest_class_held_and_what_ran_out_first(tmp_path):
    run = {"students": 12, "errors": 0, "p95_s": 0.2, "cpu_busy_percent": 20.0}
    run |= {"mem_total_mib": 1000, "mem_available_min_mib": 900}
    earlier = [{"students": 30, "held": True}, {"students": 40, "held": False}]
    assert loadtest.verdict(run, earlier) == {
        "held": True,
        "ran_out_first": "cpu",
        "largest_held": 30,
    }
    slow = run | {"p95_s": 1.0, "mem_available_min_mib": 100}
    assert loadtest.verdict(slow, []) == {
        "held": False,
        "ran_out_first": "memory",
        "largest_held": None,
    }
    (tmp_path / "bad.json").write_text("{not json")
    assert loadtest.read_history(tmp_path / "bad.json") == []
    assert loadtest.read_history(tmp_path / "missing.json") == []


def test_a_students_server_takes_a_free_port_below_the_ones_kernels_take(tmp_path):
    ephemeral = tmp_path / "ip_local_port_range"
    ephemeral.write_text("32768\t60999\n")
    ports = accounts.server_ports(ephemeral)
    assert ports == range(16384, 32768)
    with socket.socket() as kernel_like:  # a port-0 bind, as a kernel's ports are
        kernel_like.bind(("127.0.0.1", 0))
        busy = kernel_like.getsockname()[1]
        assert busy not in accounts.server_ports()
        chosen = {accounts.free_server_port(ports, random.Random(seed)) for seed in range(20)}
        assert chosen <= set(ports) and len(chosen) > 1
        with pytest.raises(accounts.AccountError, match="no free port"):
            accounts.free_server_port(range(busy, busy + 1), random.Random(0))


def test_the_load_test_tells_each_process_by_its_role():
    from loadtest_resources import role_of

    assert role_of(["python", "-m", "dicelab.kernel_launcher", "-f", "k.json"]) == "kernel"
    assert role_of(["python", "-m", "ipykernel_launcher", "-f", "k.json"]) == "kernel"
    assert role_of(["python", "/env/bin/jupyterhub-singleuser"]) == "server"
    assert role_of(["/env/bin/python", "-m", "dicelab", "class", "serve", "--hub"]) == "tables"
    assert role_of(["python", "-m", "pytest"]) == "other"


def test_the_quantiles_are_nearest_rank():
    values = [float(v) for v in range(1, 21)]
    assert loadtest.quantile(values, 0.5) == 10.0
    assert loadtest.quantile(values, 0.95) == 19.0
    assert loadtest.quantile([], 0.95) == 0.0


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--students", "0"], "argument --students: 0 is below 1"),
        (["--think", "x"], "argument --think: 'x' is not a number"),
        (["--students", "500"], "--students is at most 200, not 500"),
        (
            ["--table-students", "7", "--tables", "4"],
            "7 students cannot sit two or more at 4 tables",
        ),
        (["--tables", "0"], "argument --tables: 0 is below 1"),
    ],
)
def test_the_load_tests_bad_options_are_one_line(argv, message, capsys):
    with pytest.raises(SystemExit) as stop:
        loadtest.parse_args(argv)
    assert stop.value.code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(message)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "99999"], "argument --port: must be a port from 1 to 65535, not 99999"),
        (["--port", "80a"], "argument --port: must be a port number, not '80a'"),
        (["--lessons", "/no/such"], "the lessons folder /no/such does not exist"),
        (["--roster", "/no/such"], "the roster /no/such does not exist"),
        (["--env", "/no/such"], "the students' environment /no/such is missing: run `sudo make"),
    ],
)
@AS_ROOT
def test_make_hubs_bad_options_are_one_line(argv, message, tmp_path, capsys):
    argv = ["--state", str(tmp_path), "--port", str(hub_process.free_port()), *argv]
    try:
        code = hub_process.main(argv)  # a bad setting
    except SystemExit as stop:  # a bad option (argparse)
        code = int(str(stop.code))
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("hub: error: ") and message in err[-1]


def test_make_hub_as_another_user_than_root_stops_with_one_line(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(os, "geteuid", lambda: 1000)
    assert hub_process.main(["--state", str(tmp_path / "state")]) == 2
    assert capsys.readouterr().err.strip() == (
        "hub: error: the class server gives every student an account of their own: "
        "run it as root (sudo make hub)"
    )
    assert not (tmp_path / "state").exists()


# --- the lessons copied into a home the student controls (F18) -------------------


def test_lessons_are_copied_once_for_the_student_and_never_over_their_copy(tmp_path):
    mine = tmp_path / LESSONS[0]
    mine.write_text("my own notes")
    done = prepare_home(NOTEBOOKS, tmp_path, STUDENT)
    assert done.copied == LESSONS[1:] and done.problems == []
    assert mine.read_text() == "my own notes"
    for name in LESSONS[1:]:
        info = (tmp_path / name).lstat()
        assert (info.st_uid, info.st_gid, info.st_mode & 0o777) == (54321, 54321, 0o600)
        assert (tmp_path / name).read_bytes() == (NOTEBOOKS / name).read_bytes()
    saves = (tmp_path / SAVES).lstat()
    assert stat.S_ISDIR(saves.st_mode) and saves.st_uid == 54321 and mode(tmp_path / SAVES) == 0o700
    assert prepare_home(NOTEBOOKS, tmp_path, STUDENT).copied == []
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*LESSONS, SAVES])


@pytest.mark.parametrize("where", ["temporary", "target", "both"])
def test_a_link_in_the_home_never_makes_the_hub_write_another_file(tmp_path, where):
    """The review's reproduction: links at the temporary name and/or the lesson's
    name, aimed at a file of someone else's."""
    victim = tmp_path / "victim.txt"
    victim.write_text("someone else's file")
    home = tmp_path / "mallory"
    home.mkdir()
    lesson = LESSONS[0]
    if where in ("temporary", "both"):
        (home / f".{lesson}.part").symlink_to(victim)
    if where in ("target", "both"):
        (home / lesson).symlink_to(victim)
    done = prepare_home(NOTEBOOKS, home, STUDENT)
    assert victim.read_text() == "someone else's file" and victim.stat().st_nlink == 1
    assert victim.stat().st_uid == os.getuid()
    assert lesson not in done.copied and done.copied == LESSONS[1:]
    assert len(done.problems) == 1 and done.problems[0].startswith(f"{lesson} not copied: ")


@pytest.mark.parametrize("odd", ["folder", "pipe"])
@pytest.mark.parametrize("where", ["temporary", "target"])
def test_an_odd_file_at_a_lessons_names_skips_that_lesson_only(tmp_path, odd, where):
    lesson = LESSONS[-1]
    path = tmp_path / (f".{lesson}.part" if where == "temporary" else lesson)
    path.mkdir() if odd == "folder" else os.mkfifo(path)
    done = prepare_home(NOTEBOOKS, tmp_path, STUDENT)
    assert done.copied == LESSONS[:-1]
    said = {"temporary": f".{lesson}.part is taken", "target": "has its name"}[where]
    assert len(done.problems) == 1 and said in done.problems[0]
    assert path.is_dir() if odd == "folder" else stat.S_ISFIFO(path.lstat().st_mode)


def test_a_file_named_like_the_saves_folder_is_said_not_fatal(tmp_path):
    (tmp_path / SAVES).write_text("not a folder")
    done = prepare_home(NOTEBOOKS, tmp_path, STUDENT)
    assert done.copied == LESSONS
    assert done.problems == [f"{SAVES} is a file, not a folder: saves will fail"]
    assert (tmp_path / SAVES).read_text() == "not a folder"


def test_a_home_that_is_a_link_is_refused(tmp_path):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "home").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(OSError):
        prepare_home(NOTEBOOKS, tmp_path / "home", STUDENT)
    assert list((tmp_path / "elsewhere").iterdir()) == []


# --- the students' accounts --------------------------------------------------------


@AS_ROOT
def test_an_account_is_made_once_with_a_private_home_and_removed_with_it(tmp_path):
    with hub_process.scratch_folder() as folder:
        prefix, homes = hub_process.scratch_prefix(), folder / "homes"
        accounts.make_homes(homes)
        try:
            entry = asyncio.run(accounts.ensure_account(prefix, "ana", homes))
            again = asyncio.run(accounts.ensure_account(prefix, "ana", homes))
            home = homes / f"{prefix}ana"
            assert entry == again and entry.pw_name == f"{prefix}ana" and entry.pw_uid != 0
            assert entry.pw_dir == str(home) and entry.pw_shell == accounts.SHELL
            assert home.stat().st_uid == entry.pw_uid and mode(home) == 0o700
            assert mode(homes) == 0o711
            assert entry.pw_gid != 0 and entry.pw_gid not in os.getgrouplist("root", 0)
        finally:
            removed = accounts.remove_accounts(prefix, homes)
        assert removed == [f"{prefix}ana"] and not home.exists()
        assert not [e for e in pwd.getpwall() if e.pw_name.startswith(prefix)]


@AS_ROOT
def test_an_account_the_recipe_did_not_make_is_never_taken_over():
    with pytest.raises(accounts.AccountError, match="exists and is not a dicelab student's"):
        asyncio.run(accounts.ensure_account("r", "oot", Path("/home")))


@AS_ROOT
def test_a_homes_folder_others_may_write_is_refused():
    with pytest.raises(accounts.AccountError, match="root alone may write"):
        accounts.make_homes(Path("/tmp"))


# --- a real hub: every student an account of their own ---------------------------


@pytest.fixture(scope="module")
def hub(tmp_path_factory) -> Iterator[hub_process.HubProcess]:
    """A hub on a free port, its accounts of a prefix of its own, homes, state and
    a root-owned shared cache (one table in it) in a scratch folder every account
    may enter; on leaving, it is stopped, nothing it or its accounts started may
    be left running, and its accounts and their homes are removed."""
    if os.geteuid() != 0:
        pytest.skip("the class server makes an account per student: needs root")
    if not dicelab_hub.PROXY.exists():
        pytest.fail("configurable-http-proxy is not installed: run make test (it runs npm ci)")
    if not (STUDENT_ENV / "bin" / "jupyterhub-singleuser").exists():
        pytest.fail(f"the students' environment {STUDENT_ENV} is missing: run sudo make hub-env")
    log = tmp_path_factory.mktemp("hub") / "hub.log"
    with hub_process.scratch_folder() as folder:
        cache = folder / "cache"
        cache.mkdir(mode=0o755)
        (cache / "table.json").write_text("{}")
        (cache / "table.json").chmod(0o644)
        places = hub_process.Places(
            NOTEBOOKS, cache, STUDENT_ENV, folder / "homes", hub_process.scratch_prefix()
        )
        settings = hub_process.local_settings(
            folder / "state", hub_process.free_port(), places, run_tag=secrets.token_hex(8)
        )
        started = hub_process.start_hub(settings, log)
        try:
            yield started
        finally:
            started.stop()
            uids = {e.pw_uid for e in pwd.getpwall() if accounts.ours(e, settings.account_prefix)}
            theirs = [p.pid for p in psutil.process_iter(["uids"]) if p.info["uids"].real in uids]
            started.remove_accounts()
            assert hub_process.tagged_processes(settings.run_tag) == []
            assert started.leftovers == [], f"the hub left these running: {started.leftovers}"
            assert theirs == [], "the students' accounts left processes running"
            assert not [e for e in pwd.getpwall() if e.pw_name.startswith(settings.account_prefix)]
            assert list(settings.homes.iterdir()) == []


PASSWORDS: dict[str, str] = {}  # each student's own, set at their first login


def password_of(name: str) -> str:
    """The password `name` chose at their first login (made up the first time)."""
    return PASSWORDS.setdefault(name, secrets.token_urlsafe(9))


def run_async(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run `coroutine` to its end in a thread of its own: in the whole suite, the
    browser tests' Playwright keeps an event loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def visit(hub: hub_process.HubProcess, name: str) -> dict[str, str]:
    """A student logs in, starts the server, runs a cell, saves a game and opens
    the Voilà app; what they saw."""
    student = Student.at(hub.settings.url, name, password_of(name))
    try:
        await student.log_in()
        await student.start_server()
        kernel_id = await student.start_kernel()
        kernel = await student.connect(kernel_id)
        code = (
            "import os, pwd\n"
            "from dicelab.classroom import Client\n"
            "from dicelab.dice_poker.panel import DicePokerPanel\n"
            "panel = DicePokerPanel(['Ana'], seed=3)\n"
            "panel.roll_button.click(); panel.save_button.click()\n"
            "print(os.environ['DICELAB_CACHE_DIR'], os.environ['DICELAB_CACHE_READONLY'], "
            "os.environ['DICELAB_SAVE_DIR'], panel.message.kind, "
            "pwd.getpwuid(os.getuid()).pw_name, ','.join(Client.on_this_server().games()), "
            "sep='\\n')"
        )
        _, reply = await kernel.execute(code)
        await kernel.close()
        page = await student.get("/voila/render/play.ipynb", "the play app")
        app = await play_in_voila(student, page.text)
        await student.stop(kernel_id)
    finally:
        await student.close()
    cache, read_only, saves, kind, account, games = reply.stdout.split()
    seen = {"cache": cache, "read_only": read_only, "saves": saves, "kind": kind}
    return {**seen, "account": account, "table_games": games, **app}


async def play_in_voila(student: Student, page: str) -> dict[str, str]:
    """Take up the play app's widgets in the kernel Voilà started for the page (as
    the page's script does) and click Roll; the dice and the panel's message."""
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', page)
    assert found, "the Voilà page names no kernel"
    kernel = await student.connect(found.group(1))
    try:
        assert await kernel.attach_widgets() > 10
        models = list(kernel.models.values())
        _, reply = await kernel.click(one(models, "dicelab-roll"))
        dice = "".join(one(models, f"dicelab-die-{i}").description for i in range(5))
        return {
            "errors": " ".join(reply.errors),
            "dice": dice,
            "problem": str(panel_problem(models)),
        }
    finally:
        await kernel.close()


Seen = dict[int, tuple[str, bytes]]  # pid: the process's name, and what `process_text` gives


async def a_lesson(hub: hub_process.HubProcess) -> tuple[dict[str, str], dict[str, str], Seen]:
    """Alice's visit while Bob's server starts, then Bob's attempts (`try_everything`)."""
    bob = Student.at(hub.settings.url, "bob", password_of("bob"))
    try:
        kernel_id, alice = await asyncio.gather(start_kernel(bob), visit(hub, "alice"))
        tried, seen = await try_everything(hub, bob, kernel_id)
        await bob.stop(kernel_id)
    finally:
        await bob.close()
    return alice, tried, seen


async def start_kernel(student: Student) -> str:
    """The student logs in and starts their server and a kernel; its id."""
    await student.log_in()
    await student.start_server()
    return await student.start_kernel()


@pytest.fixture(scope="module")
def lesson(hub) -> tuple[dict[str, str], dict[str, str], Seen]:
    """Alice's visit (her account made beforehand, as at an earlier lesson, with
    notes of her own at a lesson's name) and Bob's attempts."""
    prefix, homes = hub.settings.account_prefix, hub.settings.homes
    entry = run_async(accounts.ensure_account(prefix, "alice", homes))
    notes = Path(entry.pw_dir) / LESSONS[0]
    notes.write_text("my own notes")
    os.chown(notes, entry.pw_uid, entry.pw_gid)
    return run_async(a_lesson(hub))


@pytest.fixture(scope="module")
def alice(lesson) -> dict[str, str]:
    """What Alice saw."""
    return lesson[0]


@pytest.fixture(scope="module")
def bob(lesson) -> tuple[dict[str, str], Seen]:
    """What Bob's attempts gave, and what the hub's processes showed meanwhile."""
    return lesson[1], lesson[2]


@pytest.mark.slow
def test_a_student_gets_lessons_own_saves_shared_cache_and_the_play_app(hub, alice):
    home = hub.settings.home_of("alice")
    account = home.name
    owner = pwd.getpwnam(account)
    assert alice["account"] == account
    assert set(LESSONS) <= {p.name for p in home.iterdir()}
    assert (home / LESSONS[0]).read_text() == "my own notes"
    assert all((home / name).stat().st_uid == owner.pw_uid for name in LESSONS)
    assert mode(home) == 0o700 and home.stat().st_uid == owner.pw_uid
    assert Path(alice["cache"]) == hub.settings.cache_dir and alice["read_only"] == "1"
    assert Path(alice["saves"]) == home / SAVES
    assert alice["kind"] == "success"
    saved = home / SAVES / "dice-poker-save.json"
    assert saved.stat().st_uid == owner.pw_uid
    for path in hub.settings.homes.rglob("dice-poker-save.json"):  # Bob's too: in his home
        assert path.stat().st_uid == pwd.getpwnam(path.parents[1].name).pw_uid
    assert alice["errors"] == "" and alice["problem"] == "None"
    assert "sly-dice" in alice["table_games"].split(",")  # her kernel's hub token reaches them
    assert len(alice["dice"]) == 5 and set(alice["dice"]) <= set(FACES)


TRIES = """
import json, os, pwd
from dicelab.dice_poker.panel import DicePokerPanel
def attempt(action):
    try:
        action()
        return "allowed"
    except PermissionError:
        return "refused"
    except OSError as error:
        return f"{{type(error).__name__}}: {{error}}"
home, save, state, cache = {home!r}, {save!r}, {state!r}, {cache!r}
own = os.environ["DICELAB_SAVE_DIR"]
panel = DicePokerPanel(["Bob"], seed=4)
panel.roll_button.click(); panel.save_button.click()
print(json.dumps({{
    "account": pwd.getpwuid(os.getuid()).pw_name,
    "list alice's home": attempt(lambda: os.listdir(home)),
    "read alice's save": attempt(lambda: open(save, "rb").read()),
    "overwrite alice's save": attempt(lambda: open(save, "r+b").close()),
    "write into alice's saves": attempt(lambda: open(home + "/dicelab-saves/x.json", "x").close()),
    "write into alice's home": attempt(lambda: open(home + "/x.ipynb", "x").close()),
    "list the hub's state": attempt(lambda: os.listdir(state)),
    "read the hub's database": attempt(lambda: open(state + "/jupyterhub.sqlite", "rb").read()),
    "read the cookie secret": attempt(
        lambda: open(state + "/jupyterhub_cookie_secret", "rb").read()
    ),
    "read the passwords": attempt(lambda: open(state + "/passwords.dbm", "rb").read()),
    "list the tables' folder": attempt(lambda: os.listdir(state + "/tables")),
    "read the tables' database": attempt(
        lambda: open(state + "/tables/tables.sqlite3", "rb").read()
    ),
    "add a file to the cache": attempt(lambda: open(cache + "/new.json", "x").close()),
    "overwrite a file of the cache": attempt(lambda: open(cache + "/table.json", "r+b").close()),
    "chmod the cache": attempt(lambda: os.chmod(cache, 0o777)),
    "chmod a file of the cache": attempt(lambda: os.chmod(cache + "/table.json", 0o666)),
    "read a file of the cache": attempt(lambda: open(cache + "/table.json", "rb").read()),
    "write into his own saves": attempt(lambda: open(own + "/notes.txt", "x").close()),
    "save his own game": panel.message.kind,
}}))
"""


async def try_everything(
    hub: hub_process.HubProcess, bob: Student, kernel_id: str
) -> tuple[dict[str, str], Seen]:
    """Bob runs `TRIES` in his kernel; what each attempt gave, and (while his
    server and kernel run) the environment and command line of every process
    of the hub."""
    home = hub.settings.home_of("alice")
    save = next(home.rglob("dice-poker-save.json"))
    state, cache = hub.settings.state_dir, hub.settings.cache_dir
    code = TRIES.format(home=str(home), save=str(save), state=str(state), cache=str(cache))
    kernel = await bob.connect(kernel_id)
    try:
        _, reply = await kernel.execute(code)
    finally:
        await kernel.close()
    seen = {
        p.pid: (p.name(), process_text(p.pid))
        for p in hub_process.tagged_processes(hub.settings.run_tag)
    }
    assert reply.errors == [], reply.errors
    return json.loads(reply.stdout), seen


def process_text(pid: int) -> bytes:
    """What every account may see of a process (its command line) and what root
    sees of it (its environment)."""
    proc = Path(f"/proc/{pid}")
    return (proc / "cmdline").read_bytes() + b"\0" + (proc / "environ").read_bytes()


@pytest.mark.slow
def test_a_students_kernel_cannot_reach_anothers_home_the_hubs_state_or_the_cache(hub, bob):
    tried, _ = bob
    assert tried.pop("account") == hub.settings.home_of("bob").name
    allowed = {"read a file of the cache", "write into his own saves"}
    assert tried.pop("save his own game") == "success"
    assert {what: "allowed" for what in allowed} == {what: tried.pop(what) for what in allowed}
    assert tried == {what: "refused" for what in tried} and len(tried) == 15
    state = hub.settings.state_dir
    assert mode(state) == 0o710  # root's; its group is the tables' account's alone
    assert grp.getgrgid(state.stat().st_gid).gr_mem == [] and state.stat().st_uid == 0
    hashes = [path.name for path in state.glob("passwords.dbm*")]  # the students' passwords
    assert hashes
    for name in ("jupyterhub.sqlite", "jupyterhub_cookie_secret", *hashes):
        assert mode(state / name) == 0o600 and (state / name).stat().st_uid == 0
    assert (hub.settings.cache_dir / "table.json").read_text() == "{}"
    assert mode(hub.settings.cache_dir) == 0o755
    assert not (hub.settings.home_of("alice") / SAVES / "x.json").exists()


@pytest.mark.slow
def test_no_password_is_in_a_process_environment_or_command_line(hub, bob):
    _, seen = bob
    names = [name for name, _ in seen.values()]
    assert hub.process.pid in seen and "node" in names  # the hub and the proxy
    assert len(seen) >= 4  # and Bob's server and kernel
    assert set(PASSWORDS) >= {"alice", "bob"}
    for password in PASSWORDS.values():
        assert [name for name, text in seen.values() if password.encode() in text] == []


@pytest.mark.slow
def test_nobody_logs_in_under_a_students_name_with_another_password(hub, alice, bob):
    """F17: with one class password, Bob logged in as Alice with the password he had;
    now Alice's first login set hers, and Bob's (or any other) is refused."""

    async def log_in(password: str) -> None:
        student = Student.at(hub.settings.url, "alice", password)
        try:
            await student.log_in()
        finally:
            await student.close()

    for password in (password_of("bob"), "not-alices-password"):
        with pytest.raises(StudentError, match=r"alice: log in \(wrong password\?\): HTTP 403"):
            run_async(log_in(password))
    run_async(log_in(password_of("alice")))  # Alice herself still can


@pytest.mark.slow
def test_two_students_play_both_panels_without_errors(hub):
    options = loadtest.Options(students=2, seconds=90, think=0.0, clicks=12)
    report = run_async(loadtest.run_class(hub, options))
    assert report["error_messages"] == []
    assert report["errors"] == 0 and report["clicks"] == 24
    for key in ("p50_s", "p95_s", "max_s", "kernel_mib", "total_mib", "start_s"):
        assert report[key] > 0
    assert report["kernels_seen"] == 2
    kinds = {move.split(" ", 1)[1] for move in report["moves"]}
    assert {"hints", "roll", "die", "option"} <= kinds


async def hub_tokens(hub: hub_process.HubProcess, names: list[str]) -> dict[str, str]:
    """Each user logs in (the first time sets their password) and gets an API token."""
    tokens = {}
    for name in names:
        user = Student.at(hub.settings.url, name, password_of(name))
        try:
            await user.log_in()
            tokens[name] = user.token
        finally:
            await user.close()
    return tokens


@pytest.mark.slow
def test_two_hub_users_play_sly_dice_at_a_table_and_a_third_can_neither_act_nor_look(hub):
    tokens = run_async(hub_tokens(hub, ["teacher", "alice", "bob", "carol"]))
    url = tables_service.tables_url(hub.settings)  # through the hub's proxy
    teacher = Client(url, hub_token=tokens["teacher"])
    code = teacher.create("sly-dice", ["alice", "bob"], seed=7)["code"]
    seats = {name: Client(url, hub_token=tokens[name]) for name in ("alice", "bob")}
    for name, client in seats.items():
        assert client.join(code, name) == {"code": code, "player": name}
    with pytest.raises(TableError, match="you sit as yourself, carol"):
        Client(url, hub_token=tokens["carol"]).join(code, "alice")
    first = seats["alice"].view()
    steps = play(seats, random.Random(7))
    assert steps > 0 and seats["bob"].view()["over"] and seats["alice"].log()["record"]["actions"]

    carol = Client(url, code=code, hub_token=tokens["carol"])
    for call in (
        carol.view,
        carol.log,
        lambda: carol.act(first["legal"][0]),
        lambda: next(carol.changes(timeout=10)),
    ):
        with pytest.raises(TableError, match=f"carol has no seat at table {code}") as error:
            call()
        assert error.value.status == 403
    with pytest.raises(TableError, match="the hub knows no such token") as error:
        Client(url, code=code, hub_token="forged").view()
    watched = teacher.view()
    assert watched["player"] is None and watched["seated"] == ["alice", "bob"]
    assert watched["over"] and watched["version"] == steps

    account = pwd.getpwnam(tables_service.tables_account(hub.settings))
    folder = tables_service.tables_folder(hub.settings)
    database = folder / "tables.sqlite3"
    assert mode(folder) == 0o700 and mode(database) == 0o600
    assert folder.stat().st_uid == database.stat().st_uid == account.pw_uid != 0


@pytest.mark.slow
def test_the_tables_load_test_measures_every_action_until_every_seat_sees_it(hub):
    options = loadtest_tables.TableOptions(students=5, tables=2, seconds=8, think=0.2)
    report = run_async(loadtest_tables.run_tables(hub, options, password_of))
    assert report["error_messages"] == [] and report["errors"] == 0
    assert report["actions"] > 10 and 0 < report["p50_s"] <= report["p95_s"] <= report["max_s"]
    assert report["windows"] >= 1 and report["p95_s_worst_window"] > 0
    assert report["service_cpu_percent"] > 0 and report["service_mib"] > 10
