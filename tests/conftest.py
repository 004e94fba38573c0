"""Fixtures shared by the test modules, and the hypothesis profile.

Property tests are repeatable by default (the same examples on every run, so
CI never flakes); `DICELAB_HYPOTHESIS=explore` draws new ones on each run,
to hunt for new failures (run it now and then, and after changing a rule).
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

# The command line speaks the user's language (`--lang`, else DICELAB_LANG, else the
# locale's: LANGUAGE, LC_ALL, LC_MESSAGES, LANG), and the tests compare its English
# output byte for byte: English for the whole session, on a machine with LANG=fr_FR
# too, and in the processes the tests start (they inherit it).
os.environ["DICELAB_LANG"] = "en"

settings.register_profile("repeatable", derandomize=True, print_blob=True)
settings.register_profile("explore", print_blob=True)
settings.load_profile(os.environ.get("DICELAB_HYPOTHESIS", "repeatable"))


@pytest.fixture(scope="module")
def private_solver_cache(tmp_path_factory):
    """An empty solver cache of this test module's own (`DICELAB_CACHE_DIR`)."""
    with pytest.MonkeyPatch.context() as patch:
        path = tmp_path_factory.mktemp("cache")
        patch.setenv("DICELAB_CACHE_DIR", str(path))
        yield path


@pytest.fixture(autouse=True)
def own_save_folder(tmp_path, monkeypatch):
    """The panels' save folder (`DICELAB_SAVE_DIR`): a fresh one for each test."""
    folder = tmp_path / "saves"
    monkeypatch.setenv("DICELAB_SAVE_DIR", str(folder))
    return folder


@pytest.fixture
def service(tmp_path):
    """A real `dicelab class serve` on 127.0.0.1, stopped by its process id after the test."""
    from tests.classroom_service import Service

    running = Service(tmp_path / "tables.sqlite3")
    yield running
    assert running.stop() == 0  # SIGTERM: a clean stop
