"""The play app: tabs built when opened, a language switch that keeps the
games, and a notebook that opens with a note rather than a raw repr."""

from __future__ import annotations

import json

from dicelab.app import PlayApp
from dicelab.games import GAMES, NOTEBOOKS
from dicelab.solo.game import Draw

NOTE = "Run this cell to play Dice Poker, Solitaire Dice, Sly Dice and Solo."


def test_a_tab_builds_its_panel_when_first_opened() -> None:
    app = PlayApp()
    assert list(app.panels) == ["dice-poker"]
    app.tabs.selected_index = 1
    assert list(app.panels) == ["dice-poker", "solitaire"]
    solitaire = app.panels["solitaire"]
    app.tabs.selected_index = 0
    app.tabs.selected_index = 1
    assert app.panels["solitaire"] is solitaire  # built once
    assert app.tabs.children[1].children == (solitaire.widget,)


def test_switching_the_language_keeps_every_game_and_the_hints() -> None:
    app = PlayApp(players=["Ana", "Bruno"])
    app.tabs.selected_index = 1
    poker = app.panels["dice-poker"]
    poker.roll_button.click()
    poker.hints_toggle.value = True
    before = {name: panel.game.to_json() for name, panel in app.panels.items()}
    app.language.value = "pt"
    assert {name: panel.game.to_json() for name, panel in app.panels.items()} == before
    assert all(panel.lang == "pt" for panel in app.panels.values())
    assert app.panels["dice-poker"].hints_toggle.value
    assert app.panels["dice-poker"].roll_button.description == "Rolar (faltam 2)"
    assert app.tabs.titles == tuple(game.title_in("pt") for game in GAMES.values())
    app.panels["dice-poker"].roll_button.click()  # the game goes on in Portuguese
    assert app.panels["dice-poker"].roll_button.description == "Rolar (faltam 1)"


def test_sly_dice_seats_the_first_name_against_bots_in_every_language() -> None:
    app = PlayApp(players=["Ana", "Bruno"])
    app.tabs.selected_index = 2
    sly = app.panels["sly-dice"]
    assert sly.game.players[0] == "Ana" and "Bruno" not in sly.game.players
    sly.roll_button.click()
    before = sly.game.to_json()
    app.language.value = "es"
    assert app.panels["sly-dice"].game.to_json() == before
    assert app.title.value.endswith("dicelab: jugar</b>")
    assert app.panels["dice-poker"].roll_button.description == "Tirar (quedan 3)"


def test_switching_to_italian_keeps_every_game() -> None:
    app = PlayApp(players=["Ana", "Bruno"])
    assert "Italiano" in [label for label, _ in app.language.options]
    for index in (1, 2, 3):
        app.tabs.selected_index = index
    solo = app.panels["solo"]  # Solo seats the first name against bots, as Sly Dice
    assert solo.game.players[0] == "Ana" and "Bruno" not in solo.game.players
    app.panels["dice-poker"].roll_button.click()
    if Draw("Ana") in solo.game.legal_actions("Ana"):
        solo.draw_button.click()  # the bots play on to Ana's next decision
    before = {name: panel.game.to_json() for name, panel in app.panels.items()}
    mode = solo.mode()
    app.language.value = "it"
    assert sorted(app.panels) == sorted(GAMES)
    assert {name: panel.game.to_json() for name, panel in app.panels.items()} == before
    assert all(panel.lang == "it" for panel in app.panels.values())
    assert app.title.value.endswith("dicelab: gioca</b>")
    assert app.tabs.titles == ("Poker di dadi", "Solitaire Dice", "Sly Dice", "Solo")
    assert app.panels["dice-poker"].roll_button.description == "Lancia (ancora 2)"
    assert app.panels["solitaire"].roll_button.description == "Lancia"
    assert app.panels["solo"].draw_button.description == "Pesca una carta"
    assert app.panels["solo"].mode() == mode
    app.panels["dice-poker"].roll_button.click()  # the game goes on in Italian
    assert app.panels["dice-poker"].roll_button.description == "Lancia (ancora 1)"
    app.language.value = "en"  # and back
    assert app.panels["solo"].game.to_json() == before["solo"]


def test_the_notebook_opens_with_a_note_until_it_is_run() -> None:
    assert PlayApp()._repr_mimebundle_()["text/plain"] == NOTE
    notebook = json.loads((NOTEBOOKS / "play.ipynb").read_text())
    (cell,) = notebook["cells"]
    (output,) = cell["outputs"]
    assert output["data"] == {"text/plain": [NOTE]}
    assert "widgets" not in notebook["metadata"]  # no widget state stored
