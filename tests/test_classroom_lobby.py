"""The lobby and the teacher's projector view against a real service: a
teacher makes a table, students find it by its code and sit down, a seat goes
to a bot, a student who closed the page comes back to the same seat, and the
projector shows only what the whole class may see."""

from __future__ import annotations

import importlib
import random

import pytest

from dicelab.classroom.lobby import Lobby
from dicelab.classroom.projector import Projector
from dicelab.classroom.words import TABLE_WORDS
from dicelab.core.ui.words import COMMON_WORDS
from dicelab.games import GAMES
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.solitaire.simulate import same_dice
from dicelab.solo.panel import SoloPanel


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path, monkeypatch):
    """The seats a student remembers, in a data folder of this test's own."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def teacher_table(url: str, game: str, players: str = "Ana, Bia, Cleo") -> Projector:
    lobby = Lobby(url, teacher=True, watch=False)
    lobby.game_choice.value = game
    lobby.players_text.value = players
    lobby.create_button.click()
    assert lobby.errors == [] and lobby.projector is not None, lobby.message.value
    assert lobby.lobby_box.layout.display == "none"
    return lobby.projector


def sit(url: str, code: str, player: str, lang: str = "en") -> Lobby:
    lobby = Lobby(url, lang=lang, watch=False)
    lobby.code_text.value = f" {code.lower()} "
    lobby.find_button.click()
    seats = {button.description: button for button in lobby.seats_box.children}
    seats[lobby.words("sit_as", name=player)].click()
    assert lobby.errors == [] and lobby.panel is not None, lobby.message.value
    return lobby


def seat_rows(projector: Projector) -> str:
    return projector.seats.value


def test_a_teacher_makes_a_table_students_sit_and_a_bot_takes_a_seat(service) -> None:
    projector = teacher_table(service.url, "sly-dice")
    code = projector.answer["code"]
    assert code in projector.code.value and seat_rows(projector).count("not here yet") == 3
    ana = sit(service.url, code, "Ana")
    projector.sync()
    assert seat_rows(projector).count("not here yet") == 2 and "joined" in seat_rows(projector)
    projector.bot_seat.value, projector.bot_kind.value = "Cleo", "honest"
    projector.give_button.click()
    assert "honest" in projector.message.value.lower() or "Honest" in seat_rows(projector)
    assert list(projector.bot_seat.options) == ["Ana", "Bia"]
    bia = sit(service.url, code, "Bia", lang="pt")
    assert isinstance(ana.panel, SlyDicePanel) and ana.panel.me == "Ana"
    assert bia.panel.me == "Bia" and bia.panel.lang == "pt"
    ana.panel.roll_button.click()  # the common dice, on the projector too
    projector.sync()
    common = projector.answer["view"]["common"]
    assert common is not None and all(str(face) for face in common)
    seats = projector.answer["view"]["seats"]
    assert all(set(seat["hidden"]) <= {0} for seat in seats), "no hidden die on the projector"


def test_a_student_who_closed_the_page_comes_back_to_the_same_seat(service) -> None:
    projector = teacher_table(service.url, "solo", "Ana, Bia")
    code = projector.answer["code"]
    first = sit(service.url, code, "Bia")
    seen = first.panel.game.state
    again = Lobby(service.url, watch=False)  # the page opened again
    back = {b.description: b for b in again.back_box.children}
    back[f"Back to table {code} as Bia"].click()
    assert again.errors == [] and isinstance(again.panel, SoloPanel)
    assert again.panel.me == "Bia" and again.panel.game.state == seen
    projector.bot_seat.value, projector.bot_kind.value = "Bia", "random"
    projector.give_button.click()  # Bia has gone: a bot plays her seat
    third = Lobby(service.url, watch=False)
    back = {b.description: b for b in third.back_box.children}
    back[f"Back to table {code} as Bia"].click()
    assert third.panel is None and "has gone to a bot" in third.message.value


def test_a_teacher_who_closed_the_page_comes_back_to_the_projector(service) -> None:
    projector = teacher_table(service.url, "solo", "Ana, Bia")
    code = projector.answer["code"]
    again = Lobby(service.url, teacher=True, watch=False)  # the page opened again
    back = {b.description: b for b in again.back_box.children}
    back[f"Back to table {code} (projector)"].click()
    assert again.errors == [] and again.projector is not None
    assert again.projector.answer["code"] == code and again.lobby_box.layout.display == "none"


def test_the_projector_shows_solo_s_public_table(service) -> None:
    projector = teacher_table(service.url, "solo")
    table = projector.public.table.widget.value
    assert "dicelab-pile" in table and projector.answer["view"]["hands"][0][0] == "?"
    assert "Ana" in projector.public.players.widget.value


def test_the_lobby_says_in_one_line_what_went_wrong() -> None:
    lobby = Lobby("http://127.0.0.1:1", watch=False)
    lobby.find_button.click()
    assert "code of your table" in lobby.message.value
    lobby.code_text.value = "K3XM9A"
    lobby.find_button.click()
    assert "do not answer" in lobby.message.value and lobby.errors == []


def test_the_lobby_in_another_language_keeps_the_seat_and_the_table(service) -> None:
    projector = teacher_table(service.url, "sly-dice", "Ana, Bia")
    code = projector.answer["code"]
    ana = sit(service.url, code, "Ana")
    italian = ana.in_language("it")
    assert italian.panel.me == "Ana" and italian.panel.lang == "it"
    assert italian.panel.game is ana.panel.game and italian.table_box.children
    teacher = Lobby(service.url, teacher=True, watch=False)
    teacher.projector = projector
    french = teacher.in_language("fr")
    assert french.projector is not None and french.projector.lang == "fr"
    assert code in french.projector.code.value and "Rejoignez" in french.projector.code.value


def test_a_whole_game_of_solitaire_dice_on_the_projector_with_three_students(service) -> None:
    """The teacher rolls for everyone, each student splits the roll on their own
    sheet (the others' hidden until the end); at the end the projector shows
    every sheet side by side, and the planner's and search's on the same dice."""
    projector = teacher_table(service.url, "solitaire")
    code = projector.answer["code"]
    students = {name: sit(service.url, code, name).panel for name in ("Ana", "Bia", "Cleo")}
    rng = random.Random(3)
    for _ in range(1_000):
        projector.sync()
        if projector.answer["over"]:
            break
        if projector.roll_button.layout.display != "none":
            projector.roll_button.click()  # Roll for everyone
        for panel in students.values():
            panel.sync()
            shown = [view.widget.layout.display != "none" for view in panel.players_views]
            over = panel.game.is_over  # (the last choice of this round of clicks ends it)
            assert shown == [over or i == panel.seat for i in range(3)], "only my own sheet"
            options = panel.option_buttons[panel.seat]
            live = [button for button in options if button.layout.display != "none"]
            if panel.chooser is not None and live:
                rng.choice(live).click()
            elif panel.game.legal_actions():
                panel.roll_button.click()  # the last one still playing rolls
    assert projector.answer["over"] and projector.bots_task is not None
    projector.bots_task.join()
    assert projector.errors == [] and all(panel.errors == [] for panel in students.values())
    for name in ("Ana", "Bia", "Cleo"):
        assert (
            f"<b>{name}</b> · {projector.answer['scores'][name]}" in projector.public.sheets.value
        )
    bots = same_dice(projector.answer["seed"], ["planner", "search"])
    for kind, sheet in bots.items():
        label = projector.words(f"bot_{kind}")
        assert f"<b>{label}</b> · {sheet.score}" in projector.public.bot_sheets.value
    for panel in students.values():
        panel.sync()
        assert all(view.widget.layout.display != "none" for view in panel.players_views)


def test_the_tables_words_take_no_word_of_a_game_s_panel() -> None:
    """The projector speaks a game's panel words and the tables' words together:
    a name in both would change what the panel's views say."""
    for name, info in GAMES.items():
        package = info.panel.partition(":")[0]
        words = importlib.import_module(package + ".words").WORDS
        assert set(TABLE_WORDS) & set(words) <= set(COMMON_WORDS), name


def test_the_lobby_and_its_projector_announce_their_answers(service) -> None:
    lobby = Lobby(service.url, teacher=True, watch=False)
    heard: list[str] = []
    lobby.aria.send = lambda content, buffers=None: heard.append(content["say"])
    lobby.find_button.click()  # no code typed: said, and announced
    assert heard == [lobby.message.text] and lobby.message.text
    lobby.game_choice.value = "sly-dice"
    lobby.players_text.value = "Ana, Bia, Cleo"
    lobby.create_button.click()
    assert lobby.projector is not None
    lobby.projector.bot_seat.value = "Ana"
    lobby.projector.give_button.click()  # the projector's answer, through the lobby's region
    assert lobby.projector.message.text and heard[-1] == lobby.projector.message.text
