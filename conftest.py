"""What kind each collected test is, so that `make check` and `make test` can tell
them apart, and how `make test` shares them between its two workers.

- `browser`: everything under tests/browser/ (Voilà and Debian Chromium);
- `lessons`: the cells of the notebooks, run by nbval;
- `slow`: marked by hand (a hub started, a wheel built, a long computation).

`make check` runs the rest (the unit tests and the doctests).  Under
pytest-xdist (`-n 2`), the browser tests go to one worker together, so that
one worker owns the browser and the play app's server, and so do the cells of
each notebook, so that they run in order in one kernel, and the tests of a
module that builds a wheel or starts a hub once (`work_unit`); every other
test is a unit of its own.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

BROWSER = Path(__file__).resolve().parent / "tests" / "browser"
# modules whose tests share a module-scoped fixture that must exist once: a wheel
# built in the repository's folder (two builds at once collide there), a hub
TOGETHER = ("tests/test_wheel.py", "tests/test_hub.py")


def pytest_itemcollected(item: pytest.Item) -> None:
    """Mark each item with its kind as it is collected."""
    path = Path(item.path)
    if path.suffix == ".ipynb":
        item.add_marker(pytest.mark.lessons)
    elif BROWSER in path.parents:
        item.add_marker(pytest.mark.browser)


def work_unit(nodeid: str) -> str:
    """The tests that one worker runs together, in order, named by a test's id.

    >>> work_unit("tests/browser/test_fit.py::test_a_turn_fits_the_screen[laptop-en]")
    'browser'
    >>> work_unit("notebooks/03-three-rolls.ipynb::Cell 4")
    'notebooks/03-three-rolls.ipynb'
    >>> work_unit("tests/test_wheel.py::test_the_wheel_holds_the_lessons")
    'tests/test_wheel.py'
    >>> work_unit("tests/test_core.py::test_roll")
    'tests/test_core.py::test_roll'
    """
    if nodeid.startswith("tests/browser/"):
        return "browser"
    module = nodeid.split("::")[0]
    if module.endswith(".ipynb") or module in TOGETHER:
        return module
    return nodeid


@pytest.hookimpl(optionalhook=True)  # known only where pytest-xdist is installed
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """pytest-xdist's scheduling by scope, with `work_unit` as the scope (the
    biggest units, the browser tests, start first)."""
    from xdist.scheduler import LoadScopeScheduling

    class WorkUnitScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return work_unit(nodeid)

    return WorkUnitScheduling(config, log)
