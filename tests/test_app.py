"""The play app: tabs built when opened, a language switch that keeps the
games, and a notebook that opens with a note rather than a raw repr."""

from __future__ import annotations

import html
import json
import subprocess
import sys
from collections import Counter

import ipywidgets as widgets
import numpy as np
import pytest

from dicelab.app import PlayApp
from dicelab.core.ui.bot_chooser import BotChooser
from dicelab.games import GAMES, NOTEBOOKS
from dicelab.solo.game import Draw
from tests.test_sly_dice_panel import click_turn as sly_turn
from tests.test_solo_panel import click_turn as solo_turn

PLAY = {"sly-dice": sly_turn, "solo": solo_turn}

NOTE = "Run this cell to play Dice Poker, Solitaire Dice, Sly Dice and Solo."


def test_the_first_draw_loads_nothing_it_does_not_show() -> None:
    """The app as a kernel first draws it: no sympy, plotly, LP solver, no
    optimal solver nor review (loaded when a hint or a review asks)."""
    code = (
        "import sys; from dicelab.app import PlayApp; PlayApp(players=['Ana', 'Bruno']); "
        "late = {'sympy', 'plotly', 'scipy', 'highspy', 'dicelab.dice_poker.solver', "
        "'dicelab.dice_poker.review', 'dicelab.dice_poker.values', 'dicelab.solitaire', "
        "'dicelab.sly_dice', 'dicelab.solo', 'dicelab.classroom.lobby'}; "
        "print(sorted(late & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


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
    assert app.panels["solitaire"].lang == "pt"  # the open tab's panel, at once
    assert app.panels["dice-poker"].lang == "en"  # another tab's, when it is opened
    app.tabs.selected_index = 0
    assert {name: panel.game.to_json() for name, panel in app.panels.items()} == before
    assert all(panel.lang == "pt" for panel in app.panels.values())
    assert app.panels["dice-poker"].hints_toggle.value
    assert app.panels["dice-poker"].roll_button.description == "Rolar (faltam 2)"
    games = tuple(game.title_in("pt") for game in GAMES.values())
    assert app.tabs.titles == (*games, "Mesas da turma")
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
    assert app.title.value.endswith("dicelab: jugar</h1>")
    app.tabs.selected_index = 0
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
    for index in (0, 1, 2, 3):
        app.tabs.selected_index = index
    assert sorted(app.panels) == sorted(GAMES)
    assert {name: panel.game.to_json() for name, panel in app.panels.items()} == before
    assert all(panel.lang == "it" for panel in app.panels.values())
    assert app.title.value.endswith("dicelab: gioca</h1>")
    assert app.tabs.titles == (
        *("Poker di dadi", "Solitaire Dice", "Sly Dice", "Solo"),
        "Tavoli della classe",
    )
    assert app.panels["dice-poker"].roll_button.description == "Lancia (ancora 2)"
    assert app.panels["solitaire"].roll_button.description == "Lancia"
    assert app.panels["solo"].draw_button.description == "Pesca una carta"
    assert app.panels["solo"].mode() == mode
    app.panels["dice-poker"].roll_button.click()  # the game goes on in Italian
    assert app.panels["dice-poker"].roll_button.description == "Lancia (ancora 1)"
    app.language.value = "en"  # and back
    assert app.panels["solo"].game.to_json() == before["solo"]


def _tree(widget: widgets.Widget) -> list[widgets.Widget]:
    """`widget` and every widget it holds (children, layouts, styles)."""
    found, stack = [], [widget]
    while stack:
        current = stack.pop()
        found.append(current)
        for name in current.keys:
            value = getattr(current, name)
            held = value if isinstance(value, (list, tuple)) else (value,)
            stack += [w for w in held if isinstance(w, widgets.Widget) and w not in found]
    return found


def test_a_panel_built_again_closes_every_widget_of_the_one_before() -> None:
    app = PlayApp(players=["Ana", "Bruno"])
    for lang in ("pt", "en"):
        for index in (0, 1, 2, 3):
            app.tabs.selected_index = index  # every game, built (again) in `lang`
            old = {name: _tree(panel.widget) for name, panel in app.panels.items()}
        app.language.value = "fr" if lang == "pt" else "es"
        for index in (3, 2, 1, 0):
            app.tabs.selected_index = index
        for name, panel in app.panels.items():
            assert all(w.comm is None for w in old[name]), name  # nothing left open
            shown = _tree(panel.widget)
            assert all(w.comm is not None for w in shown), name  # nothing shared


def test_the_notebook_opens_with_a_note_until_it_is_run() -> None:
    assert PlayApp()._repr_mimebundle_()["text/plain"] == NOTE
    notebook = json.loads((NOTEBOOKS / "play.ipynb").read_text())
    (cell,) = notebook["cells"]
    (output,) = cell["outputs"]
    assert output["data"] == {"text/plain": [NOTE]}
    assert "widgets" not in notebook["metadata"]  # no widget state stored


def test_the_class_tables_tab_is_the_lobby_in_the_app_s_language() -> None:
    app = PlayApp(players=["Ana"])
    app.tabs.selected_index = len(GAMES)
    lobby = app.lobby
    assert lobby is not None and app.tabs.children[-1].children == (lobby.widget,)
    lobby.code_text.value = "K3XM9A"
    app.language.value = "fr"
    assert app.lobby is not lobby and app.lobby.lang == "fr"
    assert app.lobby.code_text.value == "K3XM9A" and lobby.widget.comm is None
    assert app.lobby.find_button.description == "Trouver la table"


def chooser_of(app: PlayApp, game: str) -> BotChooser:
    """The bot chooser in the footer of `game`'s panel."""
    chooser = app.choosers[game]
    assert chooser.toggle in app.panels[game].seed_controls.box.children
    return chooser


@pytest.mark.parametrize("game", ["sly-dice", "solo"])
def test_every_bot_can_be_chosen_for_a_seat_and_plays_a_round(game) -> None:
    """The play app's Bots choice: every bot of the game, described, sits at a seat
    of a new game and plays a whole round (the issue's test)."""
    app = PlayApp()
    app.tabs.selected_index = list(GAMES).index(game)
    panel = app.panels[game]
    chooser = chooser_of(app, game)
    assert chooser.kinds == panel.kinds[1:] and chooser.box.layout.display == "none"
    chooser.toggle.value = True
    assert chooser.box.layout.display != "none"
    for number, kind in enumerate(panel.bot_kinds):
        chooser = chooser_of(app, game)
        chooser.toggle.value = True
        chooser.seats[0].value = kind
        about = panel.words(f"about_{kind}")
        assert html.escape(about) in chooser.rows.children[0].children[1].value
        app.panels[game].seed_controls.seed_text.value = str(number + 1)
        chooser.start_button.click()
        played = app.panels[game]
        assert played.kinds[1] == kind and played.seed == number + 1 and played.errors == []
        assert app.tabs.children[list(GAMES).index(game)].children == (played.widget,)
        rng = np.random.default_rng(number)
        for _ in range(500):  # a whole round, by clicks
            if played.waits_for_next_round():
                break
            PLAY[game](played, rng, Counter())
        else:
            raise AssertionError(f"no round's end with the {kind} bot")
        assert played.errors == []


def test_the_bots_chooser_answers_every_click_and_keeps_the_language() -> None:
    app = PlayApp(lang="it")
    app.tabs.selected_index = list(GAMES).index("sly-dice")
    chooser = chooser_of(app, "sly-dice")
    panel = app.panels["sly-dice"]
    chooser.remove_button.click()
    chooser.remove_button.click()  # one bot at least: said, nothing else
    assert panel.message.kind == "error" and panel.message.text == panel.words("least_bots")
    for _ in range(5):
        chooser.add_button.click()
    assert len(chooser.kinds) == 5 and panel.message.text == panel.words("most_bots")
    state = panel.game.state
    panel.seed_controls.seed_text.value = "-1"
    chooser.start_button.click()  # a bad seed: said in Italian, the game left as it is
    assert app.panels["sly-dice"] is panel and panel.game.state is state
    assert panel.message.text.startswith("il seme")
    panel.seed_controls.seed_text.value = ""
    chooser.start_button.click()
    played = app.panels["sly-dice"]
    assert len(played.game.players) == 6 and played.kinds[1:] == chooser.kinds
    app.language.value = "pt"
    assert app.panels["sly-dice"].kinds == played.kinds  # the bots kept in another language
    assert chooser_of(app, "sly-dice").kinds == played.kinds[1:]
