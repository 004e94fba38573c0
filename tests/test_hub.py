"""The JupyterHub for a class (deploy/jupyterhub/): its settings, and a short run.

The smoke run starts a real hub on 127.0.0.1 (its proxy from
deploy/jupyterhub/node_modules, installed by `make test`), logs a student in,
checks the lessons, the environment and the Voilà app (a Roll clicked in it), lets two simulated
students play a few clicks each, and stops everything: the module's fixture
then checks that no process of that hub is left (hub, proxy, servers,
kernels), also when a test failed.  No timing is asserted (the load test
reports latency: `make loadtest`).
"""

from __future__ import annotations

import asyncio
import json
import re
import secrets
import sys
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

HUB = Path(__file__).resolve().parent.parent / "deploy" / "jupyterhub"
sys.path.insert(0, str(HUB))

import dicelab_hub  # noqa: E402
import hub_process  # noqa: E402
import loadtest  # noqa: E402
from loadtest_kernel import decode_frame  # noqa: E402
from loadtest_play import FACES, one, panel_problem  # noqa: E402
from loadtest_student import Student  # noqa: E402

NOTEBOOKS = dicelab_hub.REPO / "notebooks"
GOOD = {"DICELAB_HUB_PASSWORD": "eight chars", "DICELAB_HUB_DIR": "/tmp/dicelab-hub-test"}


# --- settings, lessons and the load test's pieces -------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"DICELAB_HUB_PASSWORD": ""}, "DICELAB_HUB_PASSWORD is not set (the class password)"),
        ({"DICELAB_HUB_PASSWORD": "short"}, "the class password needs 8 characters or more, not 5"),
        ({"DICELAB_HUB_PORT": "80a"}, "DICELAB_HUB_PORT must be a port number, not '80a'"),
        (
            {"DICELAB_HUB_API_PORT": "0"},
            "DICELAB_HUB_API_PORT must be a port from 1 to 65535, not 0",
        ),
        ({"DICELAB_HUB_LESSONS": "/no/such"}, "the lessons folder /no/such does not exist"),
    ],
)
def test_a_bad_setting_is_one_clear_line(change, message):
    with pytest.raises(dicelab_hub.HubSettingsError) as error:
        dicelab_hub.settings_from_env({**GOOD, **change})
    assert str(error.value) == message


def test_the_settings_go_through_the_environment_unchanged():
    settings = dicelab_hub.settings_from_env({**GOOD, "DICELAB_HUB_RUN": "tag"})
    assert dicelab_hub.settings_from_env(dicelab_hub.settings_env(settings)) == settings
    assert settings.lessons == NOTEBOOKS and settings.port == 8000


def test_everything_listens_on_loopback_only():
    settings = dicelab_hub.settings_from_env(GOOD)
    c = SimpleNamespace(
        **{k: SimpleNamespace() for k in ("JupyterHub", "ConfigurableHTTPProxy", "Spawner")},
        Authenticator=SimpleNamespace(),
        SharedPasswordAuthenticator=SimpleNamespace(),
        SimpleLocalProcessSpawner=SimpleNamespace(),
    )
    dicelab_hub.configure(c, settings)
    urls = [c.JupyterHub.bind_url, c.JupyterHub.hub_bind_url, c.ConfigurableHTTPProxy.api_url]
    assert all(url.startswith("http://127.0.0.1:") for url in urls)
    assert c.Spawner.ip == "127.0.0.1"
    assert c.SharedPasswordAuthenticator.user_password == "eight chars"
    assert c.Spawner.environment["DICELAB_CACHE_READONLY"] == "1"
    assert "--KernelManager.cache_ports=False" in c.Spawner.args


def test_lessons_are_copied_once_and_never_over_a_students_copy(tmp_path):
    lessons = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    mine = tmp_path / lessons[0]
    mine.write_text("my own notes")
    copied = dicelab_hub.copy_lessons(NOTEBOOKS, tmp_path)
    assert copied == lessons[1:]
    assert mine.read_text() == "my own notes"
    assert dicelab_hub.copy_lessons(NOTEBOOKS, tmp_path) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == lessons


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


def test_the_class_password_is_made_once_and_readable_by_its_owner_only(tmp_path):
    password = hub_process.class_password(tmp_path)
    assert len(password) >= 8 and hub_process.class_password(tmp_path) == password
    assert (tmp_path / "password").stat().st_mode & 0o777 == 0o600


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
    ],
)
def test_make_hubs_bad_options_are_one_line(argv, message, tmp_path, capsys):
    argv = ["--state", str(tmp_path), "--port", str(hub_process.free_port()), *argv]
    try:
        code = hub_process.main(argv)  # a bad setting
    except SystemExit as stop:  # a bad option (argparse)
        code = int(str(stop.code))
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].startswith("hub: error: ") and err[-1].endswith(message)


# --- a real hub ---------------------------------------------------------------


@pytest.fixture(scope="module")
def hub(tmp_path_factory) -> Iterator[hub_process.HubProcess]:
    """A hub on a free port with a read-only (empty) shared cache; on leaving, it
    is stopped and nothing it started may be left running."""
    if not dicelab_hub.PROXY.exists():
        pytest.fail("configurable-http-proxy is not installed: run make test (it runs npm ci)")
    folder = tmp_path_factory.mktemp("hub")
    cache = folder / "cache"
    cache.mkdir()
    cache.chmod(0o555)
    settings = hub_process.local_settings(
        folder / "state",
        hub_process.free_port(),
        NOTEBOOKS,
        cache,
        password=secrets.token_urlsafe(12),
        run_tag=secrets.token_hex(8),
    )
    started = hub_process.start_hub(settings, folder / "hub.log")
    try:
        yield started
    finally:
        started.stop()
        assert hub_process.tagged_processes(settings.run_tag) == []
        assert started.leftovers == [], f"the hub left these running: {started.leftovers}"


def run_async(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """Run `coroutine` to its end in a thread of its own: in the whole suite, the
    browser tests' Playwright keeps an event loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def visit(hub: hub_process.HubProcess, name: str) -> dict[str, str]:
    """A student logs in, starts the server, runs a cell, saves a game and opens
    the Voilà app; what they saw."""
    student = Student.at(hub.settings.url, name, hub.settings.password)
    try:
        await student.log_in()
        await student.start_server()
        kernel_id = await student.start_kernel()
        kernel = await student.connect(kernel_id)
        code = (
            "import os\n"
            "from dicelab.dice_poker.panel import DicePokerPanel\n"
            "panel = DicePokerPanel(['Ana'], seed=3)\n"
            "panel.roll_button.click(); panel.save_button.click()\n"
            "print(os.environ['DICELAB_CACHE_DIR'], os.environ['DICELAB_CACHE_READONLY'], "
            "os.environ['DICELAB_SAVE_DIR'], panel.message.kind, sep='\\n')"
        )
        _, reply = await kernel.execute(code)
        await kernel.close()
        page = await student.get("/voila/render/play.ipynb", "the play app")
        app = await play_in_voila(student, page.text)
        await student.stop(kernel_id)
    finally:
        await student.close()
    cache, read_only, saves, kind = reply.stdout.split()
    return {"cache": cache, "read_only": read_only, "saves": saves, "kind": kind, **app}


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


@pytest.mark.slow
def test_a_student_gets_lessons_own_saves_shared_cache_and_the_play_app(hub):
    home = hub.settings.homes / "ana"
    first = sorted(NOTEBOOKS.glob("*.ipynb"))[0].name
    home.mkdir(parents=True)
    (home / first).write_text("my own notes")
    seen = run_async(visit(hub, "ana"))
    lessons = {p.name for p in NOTEBOOKS.glob("*.ipynb")}
    assert lessons <= {p.name for p in home.iterdir()}
    assert (home / first).read_text() == "my own notes"
    assert Path(seen["cache"]) == hub.settings.cache_dir and seen["read_only"] == "1"
    assert Path(seen["saves"]) == home / dicelab_hub.SAVES
    assert seen["kind"] == "success"
    saved = list(hub.settings.homes.rglob("dice-poker-save.json"))
    assert saved and all(home in path.parents for path in saved)
    assert seen["errors"] == "" and seen["problem"] == "None"
    assert len(seen["dice"]) == 5 and set(seen["dice"]) <= set(FACES)


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
