"""The project's promises about itself: light import, agreeing dependency lists, a working CLI."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from dicelab.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[]", requirement.strip(), maxsplit=1)[0].lower()


def test_environment_yml_names_the_same_runtime_packages_as_pyproject():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    runtime = {_name(r) for r in pyproject["project"]["dependencies"]}
    lines = (ROOT / "environment.yml").read_text().splitlines()
    start = lines.index("dependencies:")
    conda = set()
    for line in lines[start + 1 :]:
        item = line.strip()
        if not item.startswith("- ") or item in ("- pip", "- pip:"):
            continue
        name = _name(item[2:])
        if name not in ("python", "-e"):
            conda.add(name)
    assert conda == runtime
    assert "- -e ." in (ROOT / "environment.yml").read_text()


def test_constraints_pin_every_dependency_exactly():
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"not an exact pin: {line}"
            pins[name.lower().replace("_", "-")] = version
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text())
    extras = pyproject["project"]["optional-dependencies"]
    wanted = pyproject["project"]["dependencies"] + [r for e in extras.values() for r in e]
    for requirement in wanted:
        assert _name(requirement) in pins, requirement


LIGHT_MODULES = [
    "dicelab",
    "dicelab.dice_poker.solver, dicelab.dice_poker.advisor, dicelab.dice_poker.simulate, "
    "dicelab.core.ui.progress",
    "dicelab.solitaire.game, dicelab.solitaire.simulate, dicelab.solitaire.odds, "
    "dicelab.solitaire.planner, dicelab.solitaire.cli",
]


@pytest.mark.parametrize("modules", LIGHT_MODULES)
def test_imports_stay_light(modules):
    """No sympy, plotly, ipywidgets (or test-only, benchmark-only or hub-only
    libraries) at import time."""
    code = (
        f"import sys, {modules}; heavy = {{'sympy', 'plotly', 'ipywidgets', 'icepool', "
        "'pandas', 'numba', 'llvmlite', 'yatzy_solver', 'jupyterhub'}; "
        "print(sorted(heavy & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_cli_json_is_exact(capsys):
    assert main(["odds", "dice-poker", "--rolls", "3", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["game"], data["ruleset"], data["rolls"]) == ("dice-poker", "dice-poker", 3)
    assert list(data["rows"][0]) == ["box", "name", "name_pt", "probability", "expected_score"]
    poker = next(r for r in data["rows"] if r["box"] == "poker")
    assert Fraction(poker["probability"]) == Fraction(2783176, 60466176)
    assert poker["probability"] == "347897/7558272"
    assert len(data["rows"]) == 15


@pytest.mark.parametrize("fmt", ["table", "markdown", "csv", "latex"])
@pytest.mark.parametrize("ruleset", ["dice-poker", "yahtzee", "yatzy"])
def test_cli_formats(fmt, ruleset, capsys):
    assert main(["odds", "dice-poker", "--ruleset", ruleset, "--format", fmt]) == 0
    out = capsys.readouterr().out
    assert ("Small straight" in out) or ("small_straight" in out)


ADVISE = ["advise", "dice-poker", "--ruleset", "yatzy"]
BAD_ARGUMENTS = [
    ["odds", "dice-poker", "--rolls", "4"],
    ["odds", "dice-poker", "--ruleset", "poker"],
    ["odds", "dice-poker", "--format", "xml"],
    ["odds", "backgammon"],
    ["odds"],
    [],
    ["solve", "dice-poker", "--ruleset", "poker"],
    ["solve", "dice-poker", "--joker", "maybe"],
    ["solve", "dice-poker", "--format", "xml"],
    ["solve", "dice-poker", "extra"],
    ["solve", "backgammon"],
    [*ADVISE, "--dice", "1,3,3,4"],
    [*ADVISE, "--dice", "1,3,3,4,9"],
    [*ADVISE, "--dice", "1,3,3,4,6", "--rolls-left", "3"],
    [*ADVISE, "--dice", "1,3,3,4,6"],  # --rolls-left is needed
    [*ADVISE, "--dice", "1,3,3,4,6", "--rolls-left", "2", "--card", "chance=x"],
    [*ADVISE, "--dice", "1,3,3,4,6", "--rolls-left", "2", "--card", "chance=0"],
    [*ADVISE, "--dice", "1,3,3,4,6", "--rolls-left", "2", "--card", "ones=1", "--upper", "1"],
    [*ADVISE, "--game", "/nonexistent.json"],
    [*ADVISE, "--dice", "1,3,3,4,6", "--rolls-left", "2", "--filled", "onez"],
    [*ADVISE, "--dice", "1,3,3,4,6", "--rolls-left", "2", "--filled", "ones", "--upper", "7"],
    [*ADVISE, "--dice", "1,3,3,4,6", "--rolls-left", "2", "--upper", "-3"],
    [*ADVISE, "--dice", "1,3,3,4,6", "--rolls-left", "2", "--poker-50"],
    [*ADVISE, "--dice", "1,3,3,4,6", "--rolls-left", "2", "--format", "xml"],
    ["score", "solitaire", "3-7"],
    ["score", "solitaire", "13:2"],
    ["score", "solitaire", "7:2", "7:3"],
    ["score", "solitaire", "seven:2"],
    ["score", "solitaire"],
    ["odds", "solitaire", "--format", "xml"],
    ["simulate", "solitaire", "--strategy", "clever"],
    ["simulate", "solitaire", "--games", "0"],
    ["simulate", "solitaire", "--games", "ten"],
    ["simulate", "solitaire", "--seed", "-3"],
    [*ADVISE, "--dice", "²,2,3,4,5", "--rolls-left", "2"],
    ["odds", "dice-poker", "--rolls", "３"],
    ["score", "solitaire", "７:１"],
    ["score", "solitaire", "7:1\n"],
    ["simulate", "solitaire", "--games", "٣"],
]


@pytest.mark.parametrize("argv", BAD_ARGUMENTS, ids=" ".join)
def test_cli_bad_arguments_exit_2_with_one_line(argv):
    result = subprocess.run(
        [sys.executable, "-m", "dicelab", *argv], capture_output=True, text=True
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr and "_dice" not in result.stderr


def test_cli_warnings_are_one_line_and_restored(monkeypatch, capsys):
    import warnings

    from dicelab.cli import Commands

    def register(commands: Commands) -> None:
        parser = commands.verb("warn", "warn once").add_parser("fake")
        parser.set_defaults(run=lambda args: warnings.warn("stale cache", stacklevel=1) or "ok")

    module = type(sys)("fake_commands")
    module.register = register
    monkeypatch.setitem(sys.modules, "fake_commands", module)
    import dataclasses

    from dicelab.games import GAMES

    fake = dataclasses.replace(GAMES["solitaire"], name="fake", cli="fake_commands:register")
    monkeypatch.setattr("dicelab.games.GAMES", {"fake": fake})
    usual = warnings.formatwarning

    def show(message, category, filename, lineno, file=None, line=None):  # Python's default
        sys.stderr.write(warnings.formatwarning(message, category, filename, lineno, line))

    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.showwarning = show  # pytest records warnings; show them as Python would
        assert main(["warn", "fake"]) == 0
    out = capsys.readouterr()
    assert out.out == "ok\n"
    assert out.err == "dicelab: warning: stale cache\n"
    assert warnings.formatwarning is usual


def test_make_test_installs_chromium_the_hubs_proxy_and_axe_itself_and_ci_only_adds_make():
    makefile = (ROOT / "Makefile").read_text()
    test_line = (
        r"^test: setup-dev browser hub-proxy \$\(AXE\) "
        r"\$\(if \$\(filter 0,\$\(USER_ID\)\),hub-env\)$"
    )
    assert re.search(test_line, makefile, re.MULTILINE)  # as root (CI): the students' env too
    assert "npm ci --prefix $(HUB_DIR)" in makefile
    assert "npm ci --prefix $(AXE_DIR)" in makefile  # axe-core, pinned by its package-lock
    assert (ROOT / "tests" / "browser" / "axe" / "package-lock.json").exists()
    assert "apt-get install -y -qq chromium" in makefile
    ci = (ROOT / ".ci" / "run").read_text()
    commands = [line for line in ci.splitlines() if not line.lstrip().startswith("#")]
    assert not any("chromium" in line for line in commands) and ci.rstrip().endswith("make test")
    present = subprocess.run(
        ["make", "-s", "browser", "CHROMIUM=/bin/sh"], cwd=ROOT, capture_output=True, text=True
    )
    assert present.returncode == 0 and present.stdout == ""
    user = subprocess.run(
        ["make", "-s", "browser", "CHROMIUM=/nonexistent", "USER_ID=1000"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert user.returncode != 0
    assert user.stdout.strip() == (
        "make test needs Debian's chromium: run 'sudo apt-get install -y chromium', "
        "then make test again"
    )


def test_cli_says_what_dice_and_numbers_look_like(capsys):
    assert main([*ADVISE, "--dice", "²,2,3,4,5", "--rolls-left", "2"]) == 2
    assert "five faces 1 to 6, like 1,3,3,4,6 (not '²,2,3,4,5')" in capsys.readouterr().err
    assert main(["odds", "dice-poker", "--rolls", "３"]) == 2
    assert "a whole number written with the digits 0-9, not '３'" in capsys.readouterr().err


def test_make_test_type_checks_and_nothing_is_silenced():
    makefile = (ROOT / "Makefile").read_text()
    test_target = makefile.split("\ntest:")[1].split("\n\n")[0]
    assert "$(BIN)/mypy" in test_target
    silenced = [
        str(path.relative_to(ROOT))
        for path in (ROOT / "dicelab").rglob("*.py")
        if "type: ignore" in path.read_text()
    ]
    assert silenced == []
