"""The translations are gettext catalogs, complete in every language.

- every message marked in the code (what `make i18n` extracts with Babel) is
  in every language's catalog, translated, not fuzzy, with the same
  placeholders as the English; no catalog keeps a message the code lost;
- no word table is left in the code: no dict by language code, no plural
  rule by hand ({"one": ..., "many": ...}), no decimal comma by hand;
- numbers, percentages and plural forms come from Babel's CLDR data.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from dicelab.core.i18n import LANGS, LOCALE_DIR, catalog, compile_po, msg_plural, translate
from dicelab.core.ui.words import COMMON_WORDS, Words

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "dicelab"
FIELD = re.compile(r"\{(\w*)[^{}]*\}")
TRANSLATED = LANGS[1:]


def fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Catalog:
    """The messages of the code, extracted as `make i18n` does."""
    pot = tmp_path_factory.mktemp("i18n") / "dicelab.pot"
    keywords = ["-k", "msg:1c,2", "-k", "msg_plural:1c,2,3"]
    command = [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "babel.cfg"]
    command += [*keywords, "--no-wrap", "-o", str(pot), "dicelab"]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    with pot.open("rb") as file:
        return read_po(file)


def po(lang: str) -> Catalog:
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "dicelab.po").open("rb") as file:
        return read_po(file, locale=lang)


def keys(messages: Catalog) -> set[tuple[str | None, str]]:
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in messages if m.id}


def test_the_code_marks_hundreds_of_messages(extracted):
    assert len(keys(extracted)) > 450
    assert ("dice-poker|roll", "Roll ({n} left)") in keys(extracted)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(extracted, lang):
    messages = po(lang)
    assert keys(messages) == keys(extracted), "run make i18n and translate the new entries"
    for message in messages:
        if not message.id:
            continue
        assert not message.fuzzy, (lang, message.context, message.id)
        if isinstance(message.id, str):
            assert message.string, (lang, message.context, message.id)
            assert fields(message.string) == fields(message.id), (lang, message.id)
            continue
        english = fields(message.id[0]) | fields(message.id[1])
        forms = message.string
        assert len(forms) == messages.num_plurals and all(forms), (lang, message.id)
        for form in forms:  # a form may say {count} where English says "1"
            assert fields(form) - {"count"} == english - {"count"}, (lang, message.id, form)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_each_catalog_compiles_and_is_the_one_the_panels_read(lang):
    compiled = compile_po(LOCALE_DIR / lang / "LC_MESSAGES" / "dicelab.po")
    assert compiled.startswith(b"\xde\x12\x04\x95")  # a .mo file's magic number
    assert Words(COMMON_WORDS, lang)("new_game") == catalog(lang).pgettext("new_game", "New game")
    assert Words(COMMON_WORDS, lang)("new_game") != "New game"


def language_dicts(tree: ast.AST) -> list[int]:
    """The lines of dict literals keyed by two language codes or more, or by "one" and "many"."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            names = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if len(names & set(LANGS)) >= 2 or {"one", "many"} <= names:
                found.append(node.lineno)
    return found


def hand_decimal_commas(tree: ast.AST) -> list[int]:
    """The lines that swap a decimal point for a comma by hand."""
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "replace"
        and [getattr(a, "value", None) for a in node.args[:2]] == [".", ","]
    ]


def test_no_word_table_or_decimal_comma_is_left_in_the_code():
    left = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        lines = language_dicts(tree) + hand_decimal_commas(tree)
        if lines:
            left[str(path.relative_to(ROOT))] = lines
    assert left == {}


def test_the_check_finds_a_word_table_and_a_hand_made_comma():
    tree = ast.parse('W = {"en": "Roll", "pt": "Rolar"}\nP = {"one": "a", "many": "b"}\n')
    assert language_dicts(tree) == [1, 2]
    assert hand_decimal_commas(ast.parse('text.replace(".", ",")')) == [1]


def test_numbers_and_percentages_follow_each_languages_cldr_data():
    said = {lang: Words(COMMON_WORDS, lang) for lang in LANGS}
    assert [said[lang].number(1234.5, 1) for lang in LANGS] == [
        "1,234.5",
        "1.234,5",
        "1.234,5",
        "1.234,5",
        "1\u202f234,5",
    ]
    assert [said[lang].percent(Fraction(1, 8)) for lang in LANGS] == [
        "12.50%",
        "12,50%",
        "12,50\xa0%",
        "12,50%",
        "12,50\xa0%",
    ]
    assert said["pt"].signed(Fraction(-3, 2)) == "-1,50" and said["fr"].signed(2, 0) == "+2"


def test_plural_forms_follow_cldr_zero_is_singular_in_portuguese_and_french():
    hand = msg_plural("solo|your_hand", "Your hand ({n} card)", "Your hand ({n} cards)")
    said = {lang: [translate(hand, lang, count=n, n=n) for n in (0, 1, 2)] for lang in LANGS}
    assert said["en"] == ["Your hand (0 cards)", "Your hand (1 card)", "Your hand (2 cards)"]
    assert said["pt"] == ["Sua mão (0 carta)", "Sua mão (1 carta)", "Sua mão (2 cartas)"]
    assert said["fr"] == ["Ta main (0 carte)", "Ta main (1 carte)", "Ta main (2 cartes)"]
    assert said["it"][0] == "La tua mano (0 carte)"


def test_the_phrases_the_second_review_found_awkward_read_naturally() -> None:
    """Review 2, defects 12 and 16: Spanish "... o para" (read as "or for"), "cuán
    probable la ven", "¿Un calculador acusa?"; Italian "Ana si è inserito" (the
    app's players are Ana, Cleo, Duda), "È appena stata giocata 9 rosso", "sulla
    grandezza della sua mano"."""
    from dicelab.sly_dice.panel.words import WORDS as SLY
    from dicelab.solo.panel.words import LOG_WORDS
    from dicelab.solo.panel.words import WORDS as SOLO

    sly, solo, log = Words(SLY, "es"), Words(SOLO, "it"), Words(LOG_WORDS, "it")
    assert sly("do_roll").endswith("o deja de tirar")
    assert "con qué probabilidad la creen los demás" in sly("hint_claim")
    assert sly("they_accuse") == "¿Acusaría el bot calculador?"
    assert log("ev_jump", name="Ana", card="9 rosso") == "Ana si inserisce con 9 rosso"
    assert solo("do_jump", card="9 rosso").startswith("Hai una carta uguale a quella appena")
    assert "dipende da quante carte ha in mano" in solo("hint_note", count=80)


@pytest.mark.parametrize("lang", LANGS)
def test_solo_s_bots_are_named_in_one_form(lang) -> None:
    """Review 2, defect 15: "Cleo — blocker bot" beside "Duda — keeps black cards"."""
    from dicelab.solo.panel.words import WORDS as SOLO
    from dicelab.solo.strategy import BOTS

    words = Words(SOLO, lang)
    labels = [words(f"bot_{kind}") for kind in BOTS]
    bot = "bot" if lang == "en" else words("bot_random").split()[0]  # "bot", "robô"
    assert all((label.split()[-1] if lang == "en" else label.split()[0]) == bot for label in labels)
