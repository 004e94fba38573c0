"""The command line in the user's language: `dicelab --lang L ...`, else the
environment's (DICELAB_LANG, then the locale's variables); English otherwise,
as the rest of the tests see it (tests/conftest.py pins DICELAB_LANG=en).
"""

from __future__ import annotations

import os
import subprocess
import sys

from dicelab.cli import main
from dicelab.core.i18n import LANG_VARIABLES, current_language


def test_portuguese_says_the_solution_with_a_decimal_comma(private_solver_cache, capsys):
    assert main(["--lang", "pt", "solve", "dice-poker", "--ruleset", "yahtzee"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "yahtzee (curinga forced): jogo ótimo em solitário"
    assert lines[1:4] == [
        "pontuação esperada  254,5877",
        "desvio padrão       59,6079",
        "estados             359616",
    ]
    assert current_language() == "en"  # the command's language ends with the command


def test_dicelab_lang_picks_french(monkeypatch, capsys):
    monkeypatch.setenv("DICELAB_LANG", "fr")
    assert main(["score", "solitaire", "7:11", "8:2"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "somme  valeur  coches  points",
        "    7      30      11    +150",
        "    8      40       2    -200",
        "total                     -50",
    ]
    assert main(["score", "solitaire", "13:2"]) == 2
    said = capsys.readouterr().err
    assert said == "dicelab: erreur\u00a0: '13:2'\u00a0: la somme doit être de 2 à 12\n"


def test_the_locale_is_the_language_without_dicelab_lang():
    env = {k: v for k, v in os.environ.items() if k not in LANG_VARIABLES}
    done = subprocess.run(
        [sys.executable, "-m", "dicelab", "score", "solitaire", "7:11", "7:2"],
        capture_output=True,
        text=True,
        env={**env, "LANG": "pt_BR.UTF-8"},
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stderr == "dicelab: erro: '7:2': a soma 7 foi dada duas vezes\n"


def test_a_language_dicelab_does_not_speak_is_one_line_and_status_2(capsys):
    assert main(["--lang", "de", "odds", "solo"]) == 2
    said = capsys.readouterr().err
    assert said.count("\n") == 1 and said.startswith("dicelab: error: argument --lang: ")
    assert "invalid choice: 'de'" in said


def test_the_help_is_in_italian(capsys):
    assert main(["--lang", "it", "--help"]) == 0
    out = capsys.readouterr().out
    assert "Probabilità esatte di giochi di dadi classici." in out
    assert "stampa una tabella di probabilità esatte" in out
    assert main(["--lang=it", "simulate", "--help"]) == 0
    assert "punteggio medio, IC al 95%, P(punteggio >= 500)" in capsys.readouterr().out


def _said(capsys, *argv: str) -> str:
    """What `dicelab ARGV` prints (status 0)."""
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_portuguese_odds_of_dice_poker(capsys):
    lines = _said(capsys, "--lang", "pt", "odds", "dice-poker").splitlines()
    assert lines[0] == "dice-poker: cada casa em uma jogada"
    assert lines[1].split() == [
        "Casa", "Nome", "Probabilidade", "%", "1", "em", "N", "Pontuação", "esperada", "≈"
    ]  # fmt: skip
    assert lines[3].split() == [
        "ones",
        "Ases",
        "4651/7776",
        "59,81%",
        "1",
        "em",
        "1,7",
        "5/6",
        "0,8333",
    ]
    assert lines[-1].startswith("Probabilidade: de valer na casa.")
    csv = _said(capsys, "--lang", "pt", "odds", "dice-poker", "--format", "csv")
    assert csv == _said(capsys, "odds", "dice-poker", "--format", "csv")  # for programs: as ever


def test_french_summary_of_solitaire_games(capsys):
    said = _said(capsys, "--lang", "fr", "simulate", "solitaire", "--games", "200", "--seed", "1")
    assert said == (
        "greedy\u00a0: 200 parties, moyenne -380,2 (IC à 95\u00a0% de -430,1 à -330,3), "
        "P(score >= 500) = 1,00\u00a0%, 16,80 lancers par partie\n"
    )


def test_english_odds_and_summaries_are_unchanged(capsys):
    """`--lang en` says what the default (English, as the tests pin it) says, as ever."""
    simulate = ("simulate", "solitaire", "--games", "200", "--seed", "1")
    for argv in (("odds", "dice-poker"), ("odds", "dice-poker", "--format", "markdown"), simulate):
        assert _said(capsys, "--lang", "en", *argv) == _said(capsys, *argv)
    assert _said(capsys, *simulate) == (
        "greedy: 200 games, mean -380.2 (95% CI -430.1 to -330.3), "
        "P(score >= 500) = 1.00%, 16.80 rolls a game\n"
    )
    lines = _said(capsys, "odds", "dice-poker").splitlines()
    assert lines[0] == "dice-poker: every box in one roll"
    assert lines[1].split()[:4] == ["Box", "Name", "Nome", "Probability"]
    assert lines[3].split()[:6] == ["ones", "Ones", "Ases", "4651/7776", "59.81%", "1"]


def test_italian_handout_in_html_and_english_unchanged(capsys, tmp_path, monkeypatch):
    """`dicelab --lang it tables --format html`: Italian headings, notes and decimal
    commas; the English handout says what it always said."""
    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))  # no solved ruleset
    page = _said(capsys, "--lang", "it", "tables", "--format", "html")
    assert '<html lang="it">' in page
    assert "<h1>Probabilità esatte di quattro giochi di dadi e di carte</h1>" in page
    assert "<h2>Poker di dadi</h2>" in page and "<h2>Solitaire Dice</h2>" in page
    assert "<th>Probabilità</th><th>%</th><th>1 su N</th>" in page
    assert "<td>numero</td><td>5 rosso</td>" in page and "<td>Salta il turno</td>" in page
    assert ">59,81%</td>" in page and ">1 su 1,7</td>" in page and "Media: 7,7168 opzioni." in page
    assert "non ancora risolto: esegui dicelab solve dice-poker --ruleset yatzy" in page
    for english in ("Exact odds", "Expected score", "1 in N", "59.81%", "Top card", "Mean:"):
        assert english not in page
    english = _said(capsys, "tables", "--format", "html")
    assert _said(capsys, "--lang", "en", "tables", "--format", "html") == english
    assert '<html lang="en">' in english and "<h2>Dice Poker</h2>" in english
    assert "<th>Probability</th><th>%</th><th>1 in N</th>" in english and ">59.81%</td>" in english
    latex = _said(capsys, "--lang", "it", "tables", "--format", "latex")
    assert latex == _said(capsys, "tables", "--format", "latex")  # LaTeX stays English
