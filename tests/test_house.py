"""The house of `dicelab/`: one room per game on a shared core.  No module of
one game imports another game, and no import goes round in a circle (an
import inside a function counts; one only for the type checker does not).
The checks read the import statements with `ast`; they are tried on a small
planted package too, so that they can be seen to fail."""

from __future__ import annotations

import ast
from pathlib import Path

DICELAB = Path(__file__).resolve().parents[1] / "dicelab"
GAMES = ("dice_poker", "solitaire", "sly_dice", "solo")


def module_names(package: Path) -> dict[str, Path]:
    """Every module of `package` by its dotted name (a package by its folder's)."""
    names = {}
    for path in package.rglob("*.py"):
        parts = list(path.relative_to(package.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def _for_type_checker(node: ast.stmt) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return isinstance(test, ast.Name) and test.id == "TYPE_CHECKING"


def _imported(tree: ast.AST, modules: dict[str, Path]) -> list[str]:
    """The modules a tree imports (absolute imports: `from a import b` is the
    module a.b if there is one, else a), not looking inside an `if
    TYPE_CHECKING:` block."""
    found: list[str] = []
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, ast.stmt) and _for_type_checker(node):
            continue
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                inner = f"{node.module}.{alias.name}"
                found.append(inner if inner in modules else node.module)
        elif isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        found += _imported(node, modules)
    return found


def import_graph(package: Path) -> dict[str, set[str]]:
    """Which modules of `package` each of its modules imports."""
    names = module_names(package)
    graph = {}
    for name, path in names.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        graph[name] = {m for m in _imported(tree, names) if m in names and m != name}
    return graph


def cross_imports(graph: dict[str, set[str]], root: str) -> list[tuple[str, str]]:
    """(importer, imported) where a module of one game imports another game."""

    def game_of(module: str) -> str | None:
        parts = module.split(".")
        return parts[1] if len(parts) > 1 and parts[0] == root and parts[1] in GAMES else None

    return sorted(
        (importer, imported)
        for importer, targets in graph.items()
        for imported in targets
        if game_of(importer) and game_of(imported) and game_of(importer) != game_of(imported)
    )


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The circles of imports: each group of modules that import one another,
    directly or through others (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_game_imports_another_game() -> None:
    graph = import_graph(DICELAB)
    assert {"dicelab.solo.game", "dicelab.core.engine.cache"} <= set(graph)
    assert cross_imports(graph, "dicelab") == []


def test_no_import_goes_round_in_a_circle() -> None:
    assert cycles(import_graph(DICELAB)) == []


PANEL_PARTS = {"__init__", "views", "seats", "hints", "words"}


def test_every_panel_package_has_the_same_parts() -> None:
    """The panel, its views, seats, hints and words; a part may be a package."""
    panels = sorted(DICELAB.glob("*/panel"))
    assert [p.parent.name for p in panels] == ["dice_poker", "sly_dice", "solitaire", "solo"]
    for panel in panels:
        parts = {p.stem for p in panel.glob("*.py")} | {
            p.name for p in panel.iterdir() if (p / "__init__.py").is_file()
        }
        assert parts == PANEL_PARTS, panel
    assert list(DICELAB.glob("*/panel_*.py")) == []


def test_the_checks_find_a_planted_cross_import_and_circle(tmp_path: Path) -> None:
    package = tmp_path / "dicelab"
    for folder in ("", "solo", "sly_dice", "core"):
        (package / folder).mkdir(exist_ok=True)
        (package / folder / "__init__.py").write_text("")
    (package / "solo" / "game.py").write_text("def f():\n    from dicelab.sly_dice import odds\n")
    (package / "sly_dice" / "odds.py").write_text("from dicelab.core.a import x\n")
    (package / "core" / "a.py").write_text("from dicelab.core import b\n")
    (package / "core" / "b.py").write_text(
        "from typing import TYPE_CHECKING\nimport dicelab.core.a\n"
        "if TYPE_CHECKING:\n    from dicelab.solo import game\n"
    )
    graph = import_graph(package)
    assert cross_imports(graph, "dicelab") == [("dicelab.solo.game", "dicelab.sly_dice.odds")]
    assert cycles(graph) == [["dicelab.core.a", "dicelab.core.b"]]
