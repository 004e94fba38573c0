"""The core is game-agnostic and layered: i18n < dice < engine < present < ui.

Each core folder imports only the folders below it (and `dicelab.errors`);
no core module imports a game; importing dicelab, its core or its registry
loads no game; and the core never assumes five dice.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CORE = ROOT / "dicelab" / "core"
LAYERS = ("i18n", "dice", "engine", "present", "ui")
GAME_PACKAGES = ("dicelab.dice_poker", "dicelab.solitaire", "dicelab.sly_dice", "dicelab.solo")


def imported(path: Path) -> set[str]:
    """Every dicelab module a file imports (at any depth of the file)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return {n for n in names if n.startswith("dicelab")}


@pytest.mark.parametrize("layer", LAYERS)
def test_each_core_folder_imports_only_the_layers_below(layer):
    allowed = {f"dicelab.core.{below}" for below in LAYERS[: LAYERS.index(layer) + 1]}
    files = sorted((CORE / layer).glob("*.py"))
    assert files
    for path in files:
        for name in imported(path):
            ok = name == "dicelab.errors" or any(
                name == a or name.startswith(a + ".") for a in allowed
            )
            assert ok, f"{path.relative_to(ROOT)} imports {name}"


def test_the_class_tables_stand_on_the_engine_contract_and_the_core_only():
    """`dicelab.classroom` knows the games through the registry, never one by name
    (and `dicelab.cli` only to add its command)."""
    allowed = ("dicelab.core", "dicelab.errors", "dicelab.games", "dicelab.classroom")
    files = sorted((ROOT / "dicelab" / "classroom").glob("*.py"))
    assert len(files) >= 6
    for path in files:
        for name in imported(path) - ({"dicelab.cli"} if path.name == "cli.py" else set()):
            ok = any(name == a or name.startswith(a + ".") for a in allowed)
            assert ok, f"{path.relative_to(ROOT)} imports {name}"


def test_every_core_module_sits_in_a_layer():
    loose = [p.name for p in CORE.glob("*.py") if p.name != "__init__.py"]
    assert loose == []


@pytest.mark.parametrize(
    "modules",
    [
        "dicelab",
        "dicelab.games",
        "dicelab.core.dice.hands, dicelab.core.dice.rerolls",
        "dicelab.core.engine, dicelab.core.engine.savefile, dicelab.core.engine.checks",
        "dicelab.core.present.table, dicelab.core.present.charts, dicelab.core.present.simulation",
        "dicelab.core.ui.panel, dicelab.core.ui.progress",
    ],
)
def test_importing_the_core_or_the_registry_loads_no_game(modules):
    code = (
        f"import sys, {modules}; "
        f"print(sorted(m for m in sys.modules if m.startswith({GAME_PACKAGES!r})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_core_never_assumes_five_dice():
    for path in CORE.rglob("*.py"):
        text = path.read_text()
        assert not re.search(r"five dice|: int = 5\b|^DICE = 5", text, re.MULTILINE), path
