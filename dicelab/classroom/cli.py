"""`dicelab class serve`: the class tables (`dicelab.classroom`) from the command line.

dicelab class serve [--host 127.0.0.1] [--port 8765] [--db FILE] [--hub]
"""

from __future__ import annotations

import argparse
import os
import sys

from dicelab.cli import Commands, Parser, _write, whole_number
from dicelab.core.i18n import _
from dicelab.errors import SettingsError


def register(commands: Commands) -> None:
    """`dicelab class serve`: the class tables (`dicelab.classroom`)."""
    verbs = commands.command("class", help=_("the class tables: a game played from many screens"))
    serve = verbs.add_subparsers(dest="action", required=True, parser_class=Parser).add_parser(
        "serve", help=_("serve the class tables until Ctrl-C")
    )
    serve.add_argument("--host", default="127.0.0.1", help=_("default: 127.0.0.1 (this machine)"))
    serve.add_argument("--port", type=whole_number, default=8765, help=_("default: 8765"))
    serve.add_argument(
        "--db", default=None, help=_("the tables' database (default: in your data folder)")
    )
    serve.add_argument(
        "--hub",
        action="store_true",
        help=_("as a JupyterHub service: every player is who the hub says"),
    )
    serve.set_defaults(run=_class_serve)


def _class_serve(args: argparse.Namespace) -> str:
    """`dicelab class serve`: the tables served until Ctrl-C, their address said first."""
    from dicelab.classroom.hub_auth import hub_link
    from dicelab.classroom.remembered import data_folder
    from dicelab.classroom.service import serve  # tornado and sqlite3: only when serving

    if not 0 <= args.port <= 65535:
        said = _("a port is a number from 0 to 65535, not {port}")
        raise SettingsError(said.format(port=args.port))
    db = args.db or data_folder() / "class-tables.sqlite3"
    hub = hub_link(os.environ) if args.hub else None
    serve(args.host, args.port, db, say=lambda line: _write(sys.stdout, line + "\n"), hub=hub)
    return _("The class tables have stopped.")
