"""Words and numbers in the user's language: gettext catalogs and Babel's CLDR data.

Every text a user reads is written once, in English, where the code uses it,
marked with `msg` (or `msg_plural` when it agrees with a number) and a short
key, the message's context.  The translations live in gettext catalogs,
`dicelab/locale/<lang>/LC_MESSAGES/dicelab.po` (compiled to `.mo` when the
package is built; `make i18n` extracts and updates them with Babel, and
`docs/adding-a-language.md` says how a teacher adds a language).  Numbers,
percentages and plural forms follow Babel's CLDR data for the language.

>>> ROLL = msg("dice-poker|roll", "Roll ({n} left)")
>>> translate(ROLL, "pt", n=2), translate(ROLL, "fr", n=2)
('Rolar (faltam 2)', 'Lancer (encore 2)')
>>> number(-1.637, 2, "pt"), percent(Fraction(5, 6), 2, "fr")
('-1,64', '83,33\\xa0%')

The command line speaks the language of `--lang`, else of `DICELAB_LANG`,
else of the usual locale variables (`LANGUAGE`, `LC_ALL`, `LC_MESSAGES`, `LANG`):
`_` translates a text in that language.

>>> use_language("it"); _("print a table of exact odds")
'stampa una tabella di probabilità esatte'
>>> use_language("en")
"""

from __future__ import annotations

import gettext
import io
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal, localcontext
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from dicelab.errors import SettingsError

LANGS = ("en", "pt", "es", "it", "fr")
"""The languages of dicelab, in the order of the play app's switch."""
LANGUAGE_NAMES = ("English", "Português", "Español", "Italiano", "Français")
"""Each language's name in that language (the switch's buttons)."""
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
DOMAIN = "dicelab"
LANG_VARIABLES = ("DICELAB_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@dataclass(frozen=True)
class Message:
    """A text to translate: its `key` (the gettext context: "<where>|<name>", or
    just a name), its English `text` (the msgid) and, when it agrees with a
    number, its English `plural`."""

    key: str
    text: str
    plural: str | None = None

    @property
    def name(self) -> str:
        """The name the code asks for the message by: its key after "<where>|".

        >>> msg("solo|roll", "Roll").name
        'roll'
        """
        return self.key.rpartition("|")[2]

    def in_language(self, lang: str, **values: Any) -> str:
        """The message in `lang`, its fields filled from `values` (`translate`).

        >>> msg("save", "Save").in_language("pt")
        'Salvar'
        """
        return translate(self, lang, **values)


def msg(key: str, text: str) -> Message:
    """A message marked for translation (`make i18n` finds it in the code).

    >>> msg("save", "Save")
    Message(key='save', text='Save', plural=None)
    """
    return Message(key, text)


def msg_plural(key: str, one: str, many: str) -> Message:
    """A message that agrees with a number: `one` for a single thing in English,
    `many` otherwise (each language has its own plural forms in its catalog).

    >>> translate(msg_plural("cards", "{count} card", "{count} cards"), "en", count=3)
    '3 cards'
    """
    return Message(key, one, many)


def messages(*items: Message) -> dict[str, Message]:
    """The messages of a panel, by name (two games' "roll" are told apart by
    their keys, "dice-poker|roll" and "solo|roll", in the catalogs).

    >>> sorted(messages(msg("solo|b", "B"), msg("a", "A")))
    ['a', 'b']
    """
    return {item.name: item for item in items}


def check_lang(lang: Any) -> str:
    """`lang` itself if it is one of `LANGS`, else `SettingsError`.

    >>> check_lang("fr")
    'fr'
    """
    if lang not in LANGS:
        raise SettingsError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return str(lang)


@cache
def catalog(lang: str) -> gettext.NullTranslations:
    """The translations of `lang`: its compiled catalog (`.mo`, made when the
    package is built), else (in a clone) its `.po` read directly.  English
    needs none: its texts are in the code."""
    check_lang(lang)
    if lang == "en":
        return gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    po, mo = folder / f"{DOMAIN}.po", folder / f"{DOMAIN}.mo"
    if mo.exists():
        with mo.open("rb") as file:
            return gettext.GNUTranslations(file)
    if not po.exists():
        raise SettingsError(f"no catalog for {lang!r}: {po} is missing")
    return gettext.GNUTranslations(io.BytesIO(compile_po(po)))


def compile_po(po: Path) -> bytes:
    """The `.mo` bytes of the catalog `po` (Babel compiles it; fuzzy entries are left out)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as file:
        parsed = read_po(file)
    out = io.BytesIO()
    write_mo(out, parsed)
    return out.getvalue()


def translate(message: Message, lang: str, count: int | None = None, **values: Any) -> str:
    """`message` in `lang`, its fields filled from `values` (and `count`).

    >>> claim = msg_plural("sly-dice|do_ask",
    ...     "{name} claims {card} ({points} point): accuse or pass?",
    ...     "{name} claims {card} ({points} points): accuse or pass?")
    >>> translate(claim, "it", count=1, name="Ana", card="Tris", points=1)
    'Ana dichiara Tris (1 punto): accusi o passi?'
    """
    texts = catalog(lang)
    if message.plural is None:
        text = texts.pgettext(message.key, message.text)
    else:
        text = texts.npgettext(
            message.key, message.text, message.plural, 2 if count is None else count
        )
    return text.format(count=count, **values)


def _decimal(value: Any) -> Decimal:
    """`value` as a Decimal, exactly for whole numbers and fractions (to 30 digits)."""
    if isinstance(value, Fraction):
        with localcontext() as context:
            context.prec = 30
            return Decimal(value.numerator) / Decimal(value.denominator)
    return Decimal(str(value)) if isinstance(value, float) else Decimal(value)


def _pattern(pattern: str, places: int) -> str:
    """A CLDR number pattern with exactly `places` decimals.

    >>> _pattern("#,##0\u00a0%", 2), _pattern("#,##0.###", 0)
    ('#,##0.00\xa0%', '#,##0')
    """
    whole = re.sub(r"\.[0#]*", "", pattern)
    return re.sub(r"0(?![0#,])", "0" + ("." + "0" * places if places else ""), whole, count=1)


def number(value: Any, places: int, lang: str) -> str:
    """`value` to `places` decimals, as `lang` writes it (CLDR: digits grouped,
    a decimal comma in Portuguese, Spanish, Italian and French; halves to even).

    >>> number(1234.5, 1, "fr"), number(Fraction(2, 3), 2, "it"), number(7, 0, "en")
    ('1\u202f234,5', '0,67', '7')
    """
    from babel import Locale
    from babel.numbers import format_decimal

    pattern = _pattern(Locale.parse(lang).decimal_formats[None].pattern, places)
    return str(format_decimal(_decimal(value), pattern, locale=lang))


def signed(value: Any, places: int, lang: str) -> str:
    """`value` with a plus sign when above zero.

    >>> signed(0.5, 2, "pt"), signed(-2, 1, "en"), signed(0, 1, "en")
    ('+0,50', '-2.0', '0.0')
    """
    text = number(value, places, lang)
    return f"+{text}" if _decimal(value) > 0 else text


def percent(value: Any, places: int, lang: str) -> str:
    """A probability as a percentage, as `lang` writes it (the sign's spacing
    too; "0%" for none at all).

    >>> percent(Fraction(1, 8), 2, "es"), percent(Fraction(1, 8), 1, "fr"), percent(0, 2, "en")
    ('12,50\\xa0%', '12,5\\xa0%', '0%')
    """
    from babel import Locale
    from babel.numbers import format_percent

    pattern = _pattern(Locale.parse(lang).percent_formats[None].pattern, places if value else 0)
    return str(format_percent(_decimal(value), pattern, locale=lang))


def language_from(environ: Mapping[str, str]) -> str:
    """The language the environment asks for: the first of `LANG_VARIABLES` that
    is set names it ("pt_BR.UTF-8" is Portuguese); English when it is none of `LANGS`.

    >>> language_from({"LANG": "pt_BR.UTF-8"}), language_from({"LANG": "C.UTF-8"})
    ('pt', 'en')
    """
    for name in LANG_VARIABLES:
        value = environ.get(name, "")
        if value:
            return language_code(value) or "en"
    return "en"


def language_code(value: str) -> str | None:
    """The language a setting such as `DICELAB_LANG` names, read the same way by
    every command ("PT", "pt_BR.UTF-8" and "pt" are Portuguese); None if it names
    none of `LANGS`.

    >>> language_code("PT"), language_code("pt_BR.UTF-8"), language_code("klingon")
    ('pt', 'pt', None)
    """
    code = value.split(":")[0].split("_")[0].split(".")[0].strip().lower()
    return code if code in LANGS else None


_language = ["en"]


def use_language(lang: str | None = None) -> None:
    """Set the command line's language: `lang`, else the environment's."""
    _language[0] = check_lang(lang) if lang is not None else language_from(os.environ)


def current_language() -> str:
    """The command line's language (see `use_language`)."""
    return _language[0]


def _(text: str) -> str:
    """`text` (English, marked for translation) in the command line's language."""
    return catalog(_language[0]).gettext(text)


def ngettext(one: str, many: str, count: int) -> str:
    """`one` or `many` (English), as the command line's language says `count` things."""
    return catalog(_language[0]).ngettext(one, many, count)
