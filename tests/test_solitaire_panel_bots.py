"""Bots at the Solitaire Dice panel: seats of their own, a choice right after each roll
(through the game's `choose`), the bot menu beside New game, and bots kept by
`in_language`, `from_game`, `load` and the Load button."""

from __future__ import annotations

import html
import threading
from typing import Any

import pytest

from dicelab.errors import SettingsError
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.panel import SolitairePanel
from dicelab.solitaire.panel import hints as panel_hints
from dicelab.solitaire.panel.hints import warm_up
from dicelab.solitaire.planner import Planner
from dicelab.solitaire.rules import Split
from dicelab.solitaire.search import Search
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.state import GameState
from dicelab.solitaire.strategy import get_strategy


@pytest.fixture(autouse=True)
def _advice_ready() -> None:
    """The bots' tables are built (the panel's hints show advice only once they are)."""
    warm_up().join()


def visible(widget: Any) -> bool:
    return widget.layout.display != "none"


def first_option(sheet: Sheet, dice: tuple[int, ...], options: list[Split], rng: Any) -> Split:
    """What the tests click for the players who are not bots."""
    return options[0]


def play_panel(panel: SolitairePanel) -> None:
    """Roll and click the first option of every player who has to choose, to the end."""
    while not panel.game.is_over:
        panel.roll_button.click()
        assert panel.message.kind == "info", panel.message.text
        for name in panel.game.waiting:
            assert name not in panel.bots  # the bots have chosen already
            panel.option_buttons[panel.game.players.index(name)][0].click()
    assert panel.errors == []


# --- seats ------------------------------------------------------------------------------


def test_bots_sit_after_the_players_with_names_not_taken() -> None:
    panel = SolitairePanel(["Ana", "Cleo"], seed=1, bots=["search", "greedy"])
    assert panel.game.players == ("Ana", "Cleo", "Duda", "Edu")
    assert panel.bots == {"Duda": "search", "Edu": "greedy"}
    headers = [view.header.value for view in panel.players_views]
    assert "bot" not in headers[0] + headers[1]
    assert '<b>Duda</b> <span class="dicelab-kind">· search bot</span>' in headers[2]
    assert "· greedy bot" in headers[3]
    blocks = [view.widget._dom_classes for view in panel.players_views]
    assert ["dicelab-bot-seat" in c for c in blocks] == [False, False, True, True]
    named = SolitairePanel(["Ana", "Bia"], seed=1, bots={"Bia": "planner"})
    assert named.game.players == ("Ana", "Bia") and named.bots == {"Bia": "planner"}


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"bots": ["smart"]}, "unknown bot 'smart'; choose from random, greedy, planner, search"),
        ({"bots": "search"}, "bots is a list of strategy names, not 'search'"),
        ({"bots": None}, "bots is a list of strategy names, not None"),
        ({"players": ["A", "B", "C", "D", "E"], "bots": ["greedy"] * 2}, "6 players at most"),
        ({"bots": {"Zé": "search"}}, "no player 'Zé' to be a bot"),
        ({"bots": {"Ana": "search"}}, "one player at least is not a bot"),
        ({"bots": {"Ana": "clever"}}, "unknown bot 'clever'"),
    ],
)
def test_bad_bots_are_refused_in_one_line(kwargs, words) -> None:
    with pytest.raises(SettingsError, match=words) as error:
        SolitairePanel(**{"players": ["Ana"], **kwargs})
    assert "\n" not in str(error.value)


# --- playing ----------------------------------------------------------------------------


def test_the_bot_chooses_right_after_each_roll_with_its_strategy() -> None:
    panel = SolitairePanel(["Ana"], seed=5, bots=["search"])
    search = Search()
    while not panel.game.is_over:
        before = panel.game.sheet("Cleo")
        panel.roll_button.click()
        dice = tuple(sorted(panel.game.dice))
        if not before.finished:
            best = search(before, dice, before.options(dice), None)
            assert panel.game.sheet("Cleo") == before.mark(best)
            assert "Cleo marked" in panel.message.text
        assert "Cleo" not in panel.game.waiting
        assert not any(visible(b) for b in panel.option_buttons[1])
        if panel.game.waiting:
            assert panel.message.text.endswith("Ana: choose a split") and panel.chooser == 0
            panel.option_buttons[0][0].click()
    game = SolitaireGame(["Ana", "Cleo"], seed=5)
    game.play({"Ana": first_option, "Cleo": Search()})
    assert panel.game.state == game.state and panel.errors == []


def test_a_game_with_bots_plays_to_the_end_and_a_seed_replays_it() -> None:
    panels = [SolitairePanel(["Ana"], seed=12, bots=["random", "greedy", "planner"]) for _ in "12"]
    for panel in panels:
        play_panel(panel)
        assert panel.game.is_over and panel.end_screen.layout.display is None
    assert panels[0].game.state == panels[1].game.state
    assert all("Game over!" in p.summary.value for p in panels)


def test_the_bots_go_on_when_the_players_have_finished() -> None:
    ana = Sheet.from_marks({7: 14}, {1: 7})  # her 8th discard of a 1 ends her game
    cleo = Sheet.from_marks({7: 14}, {2: 3, 3: 2, 4: 2})
    state = GameState(("Ana", "Cleo"), (ana, cleo), 7, (1, 1, 3, 4, 6))
    panel = SolitairePanel.from_game(SolitaireGame.from_state(state, 3), bots={"Cleo": "greedy"})
    while not panel.game.sheet("Ana").finished:
        panel.roll_button.click()
        options = panel.game.options("Ana")
        ones = [i for i, split in enumerate(options) if split.discard == 1]
        panel.option_buttons[0][(ones or [0])[0]].click()
    rolls = panel.game.rolls
    while not panel.game.is_over:  # Ana has finished: each Roll is for Cleo alone
        panel.roll_button.click()
        assert panel.game.waiting == () and "Cleo marked" in panel.message.text
    assert panel.game.rolls > rolls and panel.errors == []


def test_a_bots_options_are_not_clickable() -> None:
    panel = SolitairePanel(["Ana"], seed=2, bots=["greedy"])
    panel.roll_button.click()
    state = panel.game.state
    panel.option_buttons[1][0].click()
    assert (panel.message.kind, panel.message.text) == (
        "error",
        "Cleo is a bot: it chooses by itself",
    )
    assert panel.game.state == state
    pt = panel.in_language("pt")
    pt.option_buttons[1][0].click()
    assert pt.message.text == "Cleo é um robô: escolhe sozinho"


def test_the_hints_are_for_the_players_not_the_bots() -> None:
    panel = SolitairePanel(["Ana"], seed=4, bots=["search"])
    panel.hints_toggle.value = True
    panel.roll_button.click()
    assert panel.hints.player == 0 and panel.hints.suggestions(panel.game).keys() == {0}
    panel.option_buttons[0][0].click()
    assert panel.hints.player == 0  # nobody to choose: the player still playing
    assert "After a roll, the search bot rates" in panel.hints.advice_html.value


# --- the bot menu --------------------------------------------------------------------


def test_the_bot_menu_takes_effect_at_the_next_new_game() -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=8)
    menu = panel.bot_choice
    assert "dicelab-bot-choice" in menu._dom_classes and menu in panel.seed_controls.box.children
    assert menu.label == "no bot" and menu.value == () and not menu.disabled
    assert "next New game" in menu.tooltip
    assert [label for label, _ in menu.options] == [
        "no bot",
        "random bot",
        "greedy bot",
        "planner bot",
        "search bot",
    ]
    assert panel.bot_about.value == ""  # no bot, nothing to describe
    panel.roll_button.click()
    menu.value = ("search",)
    assert panel.message.text == "The bot changes at the next New game"
    assert panel.bot_about.value == f"<small>{html.escape(panel.words('about_search'))}</small>"
    assert panel.game.players == ("Ana", "Bruno") and panel.game.rolls == 1
    panel.seed_text.value = "8"
    panel.new_game_button.click()
    assert panel.game.players == ("Ana", "Bruno", "Cleo") and panel.bots == {"Cleo": "search"}
    assert panel.message.text == "New game (seed 8): click Roll" and len(panel.sheet_labels) == 3
    panel.roll_button.click()
    assert "Cleo marked" in panel.message.text
    panel.new_game_button.click()  # the menu unchanged: the same seats
    assert panel.bots == {"Cleo": "search"}
    menu.value = ("greedy",)
    panel.new_game_button.click()
    assert panel.bots == {"Cleo": "greedy"} and "greedy bot" in panel.players_views[2].header.value
    menu.value = ()
    panel.new_game_button.click()
    assert panel.game.players == ("Ana", "Bruno") and panel.bots == {} and panel.errors == []


def test_the_bot_menu_shows_several_bots_and_a_full_table() -> None:
    panel = SolitairePanel(["Ana"], seed=8, bots=["planner", "random"])
    assert panel.bot_choice.label == "planner bot and random bot"
    about = panel.words("about_planner"), panel.words("about_random")
    assert panel.bot_about.value == f"<small>{html.escape(' · '.join(about))}</small>"  # each
    panel.new_game_button.click()
    assert panel.bots == {"Cleo": "planner", "Duda": "random"}
    full = SolitairePanel(["A", "B", "C", "D", "E", "F"], seed=1)
    assert full.bot_choice.disabled


# --- other languages, games from elsewhere ---------------------------------------------


def test_in_language_keeps_the_bots_the_menu_and_their_generator() -> None:
    panel, twin = (SolitairePanel(["Ana"], seed=6, bots=["random"]) for _ in "12")
    for copy in (panel, twin):
        for _ in range(3):
            copy.roll_button.click()
            copy.option_buttons[0][0].click()
    panel.bot_choice.value = ("search",)
    fr = panel.in_language("fr")
    assert fr.game is panel.game and fr.bots == {"Cleo": "random"}
    assert "· bot au hasard" in fr.players_views[1].header.value
    assert fr.bot_choice.value == ("search",) and fr.bot_choice.label == "bot de recherche"
    for copy in (fr, twin):
        copy.roll_button.click()
    assert fr.game.state == twin.game.state  # the random bot chose as it would have
    assert "Cleo a coché" in fr.message.text
    fr.option_buttons[0][0].click()
    fr.new_game_button.click()
    assert fr.bots == {"Cleo": "search"} and fr.errors == []


def test_save_and_load_keep_the_bots(own_save_folder) -> None:
    own_save_folder.mkdir()
    panel = SolitairePanel(["Ana"], seed=21, bots=["search"])
    panel.roll_button.click()
    path = own_save_folder / "bots.json"
    panel.save(path)  # Cleo has chosen; Ana has not
    copy = SolitairePanel.load(path, bots={"Cleo": "search"})
    assert copy.bots == {"Cleo": "search"} and copy.game.state == panel.game.state
    panel.option_buttons[0][0].click()
    panel.save_path.value = path.name
    panel.load_button.click()  # a bot's name in the file: still a bot
    assert panel.message.text == f"Game loaded ({path.name}). Ana: choose a split"
    assert panel.bots == {"Cleo": "search"} and panel.game.waiting == ("Ana",)
    humans = SolitairePanel.load(path)  # no bots asked for: Cleo is a player
    assert humans.bots == {} and "bot" not in humans.players_views[1].header.value
    with pytest.raises(SettingsError, match="bots maps players to strategies"):
        SolitairePanel.load(path, bots=["search"])


def test_a_loaded_roll_waiting_for_a_bot_is_chosen_at_once(own_save_folder) -> None:
    own_save_folder.mkdir()
    game = SolitaireGame(["Ana", "Cleo"], seed=9)
    game.roll()
    path = own_save_folder / "waiting.json"
    game.save(path)
    panel = SolitairePanel(["Ana"], seed=1, bots=["planner"])
    panel.save_path.value = path.name
    panel.load_button.click()
    planner, sheet = Planner(), SolitaireGame.load(path).sheet("Cleo")
    dice = tuple(sorted(game.dice))
    assert panel.game.waiting == ("Ana",)
    assert panel.game.sheet("Cleo") == sheet.mark(planner(sheet, dice, sheet.options(dice), None))
    assert "Cleo" in panel.bots and panel.errors == []


# --- the warm-up ------------------------------------------------------------------------


def test_a_panel_with_bots_or_hints_warms_the_tables_up_in_the_background(monkeypatch) -> None:
    warm_up.cache_clear()
    SolitairePanel(["Ana"], seed=1)
    assert warm_up.cache_info().currsize == 0  # nothing to rate with: no warm-up
    SolitairePanel(["Ana"], seed=1, bots=["greedy"])
    assert warm_up.cache_info().currsize == 1
    warm_up().join()
    warm_up.cache_clear()
    gate = threading.Event()  # the warm-up waits for it: the test sees it running

    class HeldSearch(Search):
        def rank(self, *args: Any, **kwargs: Any) -> Any:
            gate.wait()
            return super().rank(*args, **kwargs)

    monkeypatch.setattr(panel_hints, "Search", HeldSearch)
    panel = SolitairePanel(["Ana"], seed=1)
    panel.roll_button.click()
    panel.hints_toggle.value = True  # answered at once: the advice follows the warm-up
    assert warm_up.cache_info().currsize == 1
    assert panel.advice_task is not None and panel.advice_task.running
    assert "search bot is getting ready" in panel.hints.advice_html.value
    assert not any("★" in b.description for b in panel.option_buttons[0])
    gate.set()
    panel.advice_task.join()
    assert "Ana: the search bot&#x27;s advice" in panel.hints.advice_html.value
    assert sum("★" in b.description for b in panel.option_buttons[0]) == 1


def test_the_hints_say_which_bot_rates() -> None:
    panel = SolitairePanel(["Ana"], seed=3, planner=Planner())
    panel.hints_toggle.value = True
    assert "After a roll, the planner bot rates" in panel.hints.advice_html.value
    panel.roll_button.click()
    advice = panel.hints.advice_html.value
    assert "Ana: the planner bot&#x27;s advice" in advice and "rating of the sheet" in advice
    assert get_strategy("planner").name == panel.hints.planner.name
