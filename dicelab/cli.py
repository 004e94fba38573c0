"""The `dicelab` command line: `dicelab VERB GAME ...`.

    dicelab odds dice-poker [--ruleset R] [--rolls 1|2|3] [--format F]
    dicelab tables [--format markdown|html|latex]   (every game's odds in one document)
    dicelab lessons DIR [--student]                 (the course, never over the user's files)
    dicelab play [--port N] [--pool N] [--lang L]   (the play app, served with Voilà)
    dicelab --lang pt ...                           (any command, in another language)

Each game adds its own commands (`dicelab.games.GAMES`); bad arguments give
exit status 2 and a one-line message, never a traceback.  So does output that
cannot be written (a full disk, a closed stdout: status 1) and Ctrl-C (status
130); text that stdout's encoding cannot hold is written in plain ASCII.

The command line speaks the language of `--lang` (given before the command),
else of the environment (`dicelab.core.i18n.use_language`): its help, its
messages and the numbers it writes for people; json and csv stay as they are.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import unicodedata
import warnings
from collections.abc import Sequence
from typing import NoReturn, TextIO

from dicelab.core.i18n import (
    LANG_VARIABLES,
    LANGS,
    _,
    current_language,
    ngettext,
    use_language,
)
from dicelab.core.present.table import OddsTable
from dicelab.errors import DicelabError, SettingsError

FORMATS = ("table", "markdown", "csv", "json", "latex")


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, with exit status 2."""

    def error(self, message: str) -> NoReturn:
        said = _("error: {message}").format(message=message)
        self.exit(2, f"{self.prog}: {said}\n")


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
        """The parser of a verb that takes no game (`dicelab tables`)."""
        parser: argparse.ArgumentParser = self._verbs.add_parser(name, help=help)
        return parser


MOST_DIGITS = 30  # a whole-number option's longest (a seed of 2**64 has 20)


def whole_number(text: str) -> int:
    """An argument that is a whole number written with the digits 0-9 (a leading
    minus allowed, for the checks that follow to refuse with their own words).

    >>> whole_number("12"), whole_number("-3")
    (12, -3)
    """
    digits = text[1:] if text.startswith("-") else text
    if not (digits.isascii() and digits.isdigit()):
        raise argparse.ArgumentTypeError(
            _("a whole number written with the digits 0-9, not {text}").format(text=repr(text))
        )
    if len(digits) > MOST_DIGITS:
        raise argparse.ArgumentTypeError(
            _("a number of at most {most} digits, not {size}").format(
                most=MOST_DIGITS, size=len(digits)
            )
        )
    return int(text)


def add_bot_table(parser: argparse.ArgumentParser, defaults: Sequence[str], games: int) -> None:
    """The options of a game of bots: `--players`, `--bots` (one per seat, by default
    `defaults` in turn), `--games`, `--seed`, `--format text|json`."""
    parser.add_argument("--players", type=whole_number, default=None)
    parser.add_argument(
        "--bots",
        default=None,
        help=_("one per seat (default: {bots}, as many as --players)").format(
            bots=",".join(defaults)
        ),
    )
    parser.add_argument("--games", type=whole_number, default=games)
    parser.add_argument("--seed", type=whole_number, default=0)
    parser.add_argument("--format", choices=("text", "json"), default="text")


def seat_bots(args: argparse.Namespace, defaults: Sequence[str]) -> list[str]:
    """The bots of `--bots` (or `defaults` in turn, as many as `--players`, else four),
    checked against `--players`.

    >>> seat_bots(argparse.Namespace(players=3, bots=None), ["a", "b"])
    ['a', 'b', 'a']
    """
    if args.players is not None and not 2 <= args.players <= 6:  # before building any bot
        raise SettingsError(f"a table has 2 to 6 bots, not {args.players}")
    if args.bots is None:
        players = 4 if args.players is None else args.players
        return [defaults[i % len(defaults)] for i in range(players)]
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.players is not None and args.players != len(bots):
        said = ngettext(  # "1 bots" in English, as ever
            "--players {players} but {count} bots in --bots",
            "--players {players} but {count} bots in --bots",
            len(bots),
        )
        raise SettingsError(said.format(players=args.players, count=len(bots)))
    return bots


FOR_PEOPLE = ("table", "markdown", "html")


def table_language(fmt: str) -> str:
    """The language a table is written in, in the format `fmt`: the command
    line's for people (`FOR_PEOPLE`), English for programs (csv, json) and LaTeX.

    >>> table_language("json"), table_language("latex")
    ('en', 'en')
    """
    return current_language() if fmt in FOR_PEOPLE else "en"


def render(table: OddsTable, fmt: str) -> str:
    """A table in one of the command line's formats (in `table_language(fmt)`)."""
    lang = table_language(fmt)
    views = {
        "table": lambda: table.to_text(lang),
        "markdown": lambda: table.to_markdown(lang),
        "csv": table.to_csv,
        "json": table.to_json,
        "latex": table.to_latex,
    }
    return views[fmt]().rstrip("\n")


def build_parser(lang: str | None = None) -> argparse.ArgumentParser:
    """The parser of every `dicelab` command, its help in the command line's
    language; `lang` is the language `--lang` asked for before the command
    (`split_language`), the play app's too unless `play --lang` says otherwise."""
    from dicelab.games import GAMES, load

    # no abbreviations (`--la pt`): `split_language` finds `--lang` before the parser
    parser = Parser(
        prog="dicelab", description=_("Exact odds of classic dice games."), allow_abbrev=False
    )
    parser.add_argument(  # taken out by `split_language`: left here to be listed, or refused
        "--lang",
        choices=LANGS,
        help=_("the language of the messages (default: $DICELAB_LANG, else the locale's)"),
    )
    commands = Commands(parser)
    for game in GAMES.values():
        game.register_cli(commands)
    tables = commands.command("tables", help=_("the printable exact odds of every game"))
    tables.add_argument("--format", choices=HANDOUT_FORMATS, default="markdown")
    tables.set_defaults(run=_tables)
    add_course_commands(commands, lang)
    load("dicelab.review:register")(commands)  # `dicelab review SAVE.json`
    load("dicelab.classroom.cli:register")(commands)  # `dicelab class ...`
    return parser


def add_course_commands(commands: Commands, lang: str | None = None) -> None:
    """`dicelab lessons` and `dicelab play` (`dicelab.course`); the play app
    speaks `lang` (`dicelab --lang L play`) unless `play --lang` says otherwise."""
    lessons = commands.command("lessons", help=_("write the lessons and the play app into DIR"))
    lessons.add_argument("folder", metavar="DIR", help=_("made if missing"))
    lessons.add_argument("--student", action="store_true", help=_("the student edition"))
    lessons.set_defaults(run=_lessons)
    play = commands.command("play", help=_("serve the play app with Voilà (Ctrl-C stops it)"))
    play.add_argument("--port", type=whole_number, default=8866, help=_("default: 8866"))
    play.add_argument(
        "--pool", type=whole_number, default=2, help=_("kernels kept ready (default: 2)")
    )
    play.add_argument(
        "--lang",
        choices=LANGS,
        default=play_language(lang),
        help=_("default: the language of the messages"),
    )
    play.set_defaults(run=_play)


def play_language(lang: str | None) -> str | None:
    """The play app's language when `play` is given no `--lang`: the command
    line's, or None to leave a `DICELAB_LANG` set (and no `dicelab --lang`) to
    the app, which refuses a language it does not speak.

    >>> play_language("fr")
    'fr'
    """
    if lang is None and os.environ.get(LANG_VARIABLES[0]):  # DICELAB_LANG
        return None
    return lang or current_language()


HANDOUT_FORMATS = ("markdown", "html", "latex")


def _tables(args: argparse.Namespace) -> str:
    """`dicelab tables`: the handout of every game (`dicelab.handout`), in the
    command line's language but in LaTeX (`table_language`)."""
    from dicelab.handout import build

    return build(table_language(args.format)).render(args.format).rstrip("\n")


def _lessons(args: argparse.Namespace) -> str:
    """`dicelab lessons DIR [--student]`: what was written, and how to open it."""
    from dicelab.course import lessons_report, write_lessons

    placed = write_lessons(args.folder, student=args.student)
    return lessons_report(args.folder, placed, args.student)


def _play(args: argparse.Namespace) -> str:
    """`dicelab play`: the play app served until Ctrl-C, its address said first."""
    from dicelab.course import serve_play

    serve_play(args.port, args.pool, args.lang, say=lambda line: _write(sys.stdout, line + "\n"))
    return _("The play app has stopped.")


def one_line_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str = "",
    lineno: int = 0,
    line: str | None = None,
) -> str:
    """A warning as the command line shows it: one line, no source code.

    >>> one_line_warning(UserWarning("stale cache"), UserWarning)
    'dicelab: warning: stale cache\\n'
    """
    said = _("warning: {message}").format(message=message)
    return f"dicelab: {said}\n"


ASCII_FALLBACK = {"≈": "~", "≥": ">=", "≤": "<=", "−": "-", "×": "x", "·": "-", "…": "..."}


def encodable(text: str, encoding: str | None) -> str:
    """`text` itself if `encoding` can hold it, else the same in plain ASCII.

    >>> encodable("p ≈ 0.25 and P(≥ 500)", "cp1252"), encodable("Pôquer", "ascii")
    ('p ~ 0.25 and P(>= 500)', 'Poquer')
    """
    try:
        text.encode(encoding or "utf-8")
        return text
    except (UnicodeEncodeError, LookupError):
        plain = "".join(ASCII_FALLBACK.get(c, c) for c in text)
        plain = unicodedata.normalize("NFKD", plain)
        return plain.encode("ascii", "ignore").decode("ascii")


def _write(stream: TextIO | None, text: str) -> None:
    """Write `text` and flush; `OSError` when it cannot be written."""
    if stream is None:
        raise OSError(_("standard output is closed"))
    stream.write(encodable(text, getattr(stream, "encoding", None)))
    stream.flush()


def _fail(message: str, status: int) -> int:
    """Say what went wrong on stderr (if it can be written); return `status`."""
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            _write(sys.stderr, f"dicelab: {message}\n")
    return status


def _drop_stdout() -> None:
    """Point stdout at the null device, so the exit flush does not fail again."""
    with contextlib.suppress(OSError, AttributeError, ValueError):
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())


OLD_FORMS = {"solve": "dice-poker", "advise": "dice-poker"}  # kept for one release


def with_game(argv: Sequence[str]) -> list[str]:
    """The arguments, with the game added after a verb that used to take none
    (`dicelab solve --ruleset yahtzee` is `dicelab solve dice-poker --ruleset yahtzee`),
    said once as a `FutureWarning`.

    >>> with_game(["solve", "dice-poker", "--ruleset", "yahtzee"])  # the form to use
    ['solve', 'dice-poker', '--ruleset', 'yahtzee']
    >>> with_game(["solve", "--all", "--cache-dir", "/srv/cache"])  # every table, no warning
    ['solve', 'dice-poker', '--all', '--cache-dir', '/srv/cache']
    """
    args = list(argv)
    if args[:1] == ["solve"] and "--all" in args[1:2]:  # every table: not the old form
        return [args[0], OLD_FORMS["solve"], *args[1:]]
    old = args[:1] and args[0] in OLD_FORMS
    if old and (len(args) == 1 or (args[1].startswith("-") and args[1] not in ("-h", "--help"))):
        said = _(
            "`dicelab {verb} ...` is now `dicelab {verb} {game} ...`; "
            "the old form goes in the next release"
        )
        warnings.warn(
            said.format(verb=args[0], game=OLD_FORMS[args[0]]),
            FutureWarning,
            stacklevel=2,
        )
        args.insert(1, OLD_FORMS[args[0]])
    return args


def split_language(argv: Sequence[str]) -> tuple[str | None, list[str]]:
    """The language `--lang` asks for before the command (known before the
    parsers are made: their help is in it), and the other arguments.  A
    language dicelab does not speak is left for the parser to refuse.

    >>> split_language(["--lang", "pt", "odds", "solo"]), split_language(["--lang=it", "-h"])
    (('pt', ['odds', 'solo']), ('it', ['-h']))
    >>> split_language(["play", "--lang", "fr"]), split_language(["--lang", "de"])
    ((None, ['play', '--lang', 'fr']), (None, ['--lang', 'de']))
    """
    args = list(argv)
    for at, arg in enumerate(args):
        if not arg.startswith("-"):
            break  # the command: the options after it are its own
        if arg == "--lang" and at + 1 < len(args) and args[at + 1] in LANGS:
            return args[at + 1], args[:at] + args[at + 2 :]
        if arg.startswith("--lang=") and arg.partition("=")[2] in LANGS:
            return arg.partition("=")[2], args[:at] + args[at + 1 :]
    return None, args


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; return the exit status.  The language of the command
    line is set for the command, and restored after it."""
    lang, args = split_language(sys.argv[1:] if argv is None else argv)
    before = current_language()
    use_language(lang)
    try:
        return _run(args, lang)
    except KeyboardInterrupt:
        return _fail(_("interrupted"), 130)
    except BrokenPipeError:  # e.g. `dicelab odds dice-poker | head`: the reader has enough
        _drop_stdout()
        return 0
    except OSError as error:
        _drop_stdout()
        reason = error.strerror or str(error)
        return _fail(_("error: cannot write the output: {reason}").format(reason=reason), 1)
    finally:
        use_language(before)


def _run(argv: Sequence[str], lang: str | None) -> int:
    usual, warnings.formatwarning = warnings.formatwarning, one_line_warning
    try:
        return _command(argv, lang)
    finally:
        warnings.formatwarning = usual


def _command(argv: Sequence[str], lang: str | None) -> int:
    try:
        args = build_parser(lang).parse_args(with_game(argv))
    except SystemExit as done:  # --help, or bad arguments (argparse wrote the message)
        status = done.code if isinstance(done.code, int) else 2
        if status == 0:
            _write(sys.stdout, "")  # the help was written: a failed write shows here
        return status
    try:
        output = args.run(args)
    except DicelabError as error:
        return _fail(_("error: {message}").format(message=error), 2)
    _write(sys.stdout, output + "\n")
    return 0
