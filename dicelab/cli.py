"""The `dicelab` command line: `dicelab VERB GAME ...`.

    dicelab odds dice-poker [--ruleset R] [--rolls 1|2|3] [--format F]

Each game adds its own commands (see `COMMAND_MODULES`); bad arguments give
exit status 2 and a one-line message, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import warnings
from collections.abc import Sequence

from dicelab.core.table import OddsTable
from dicelab.errors import DicelabError

FORMATS = ("table", "markdown", "csv", "json", "latex")
COMMAND_MODULES = ("dicelab.dice_poker.cli", "dicelab.solitaire.cli")


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, with exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


class Commands:
    """The verbs of the command line; a game module adds its parsers here.

    `verb(name, help)` gives the sub-parsers of a verb (one per game), made
    on first use, so `dicelab odds dice-poker` and `dicelab odds solitaire`
    share the verb `odds`.
    """

    def __init__(self, parser: argparse.ArgumentParser) -> None:
        self._verbs = parser.add_subparsers(dest="command", required=True, parser_class=Parser)
        self._games: dict[str, argparse._SubParsersAction] = {}

    def verb(self, name: str, help: str) -> argparse._SubParsersAction:
        """The sub-parsers of verb `name`, one per game."""
        if name not in self._games:
            parser = self._verbs.add_parser(name, help=help)
            self._games[name] = parser.add_subparsers(
                dest="game", required=True, parser_class=Parser
            )
        return self._games[name]

    def command(self, name: str, help: str) -> argparse.ArgumentParser:
        """A verb that takes no game (e.g. `dicelab solve`)."""
        return self._verbs.add_parser(name, help=help)


def render(table: OddsTable, fmt: str) -> str:
    """A table in one of the command line's formats."""
    views = {
        "table": table.to_text,
        "markdown": table.to_markdown,
        "csv": table.to_csv,
        "json": table.to_json,
        "latex": table.to_latex,
    }
    return views[fmt]().rstrip("\n")


def build_parser() -> argparse.ArgumentParser:
    """The parser of every `dicelab` command."""
    parser = Parser(prog="dicelab", description="Exact odds of classic dice games.")
    commands = Commands(parser)
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(commands)
    return parser


def one_line_warning(message: Warning | str, category: type[Warning], *_: object) -> str:
    """A warning as the command line shows it: one line, no source code.

    >>> one_line_warning(UserWarning("stale cache"), UserWarning)
    'dicelab: warning: stale cache\\n'
    """
    return f"dicelab: warning: {message}\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return the exit status."""
    args = build_parser().parse_args(argv)
    usual, warnings.formatwarning = warnings.formatwarning, one_line_warning  # type: ignore[assignment]
    try:
        output = args.run(args)
    except DicelabError as error:
        print(f"dicelab: error: {error}", file=sys.stderr)
        return 2
    finally:
        warnings.formatwarning = usual
    try:
        print(output)
    except BrokenPipeError:  # e.g. `dicelab odds dice-poker | head`
        sys.stderr.close()
    return 0
