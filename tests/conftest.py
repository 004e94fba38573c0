"""Fixtures shared by the test modules."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module")
def private_solver_cache(tmp_path_factory):
    """An empty solver cache of this test module's own (`DICELAB_CACHE_DIR`)."""
    with pytest.MonkeyPatch.context() as patch:
        path = tmp_path_factory.mktemp("cache")
        patch.setenv("DICELAB_CACHE_DIR", str(path))
        yield path
