"""Where the panels save: each student's own folder, and no game lost by a
second game saved under the same name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dicelab.core.ui.saving import save_folder, save_target
from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.solitaire.panel import SolitairePanel


def test_the_default_save_goes_to_the_save_folder(own_save_folder: Path) -> None:
    panel = DicePokerPanel(["Ana"], seed=3)
    panel.save_button.click()
    saved = own_save_folder / "dice-poker-save.json"
    assert panel.message.kind == "success" and panel.message.text == f"Game saved to {saved}"
    panel.load_button.click()
    assert panel.message.text == f"Game loaded from {saved}"


def test_two_students_with_their_own_folders_never_meet(tmp_path, monkeypatch) -> None:
    for student, seed in (("ana", 1), ("bruno", 2)):
        monkeypatch.setenv("DICELAB_SAVE_DIR", str(tmp_path / student))
        panel = SolitairePanel([student], seed=seed)
        panel.save_button.click()
        assert panel.message.kind == "success"
    seeds = [
        json.loads((tmp_path / s / "solitaire-save.json").read_text())["seed"]
        for s in ("ana", "bruno")
    ]
    assert seeds == [1, 2]


def test_without_a_setting_the_folder_is_in_the_home_folder(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("DICELAB_SAVE_DIR")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert save_folder() == tmp_path / "dicelab-saves"
    assert save_target("~/x.json") == tmp_path / "x.json"
    assert save_target("/srv/x.json") == Path("/srv/x.json")


def test_saving_over_another_game_asks_for_a_second_click(own_save_folder: Path) -> None:
    ana = DicePokerPanel(["Ana"], seed=1)
    ana.save_button.click()
    target = own_save_folder / "dice-poker-save.json"
    before = target.read_bytes()

    bruno = DicePokerPanel(["Bruno"], seed=2)
    bruno.save_button.click()
    assert bruno.message.kind == "error" and "holds another game" in bruno.message.text
    assert target.read_bytes() == before  # nothing lost yet

    bruno.save_button.click()  # the second click replaces it
    assert bruno.message.kind == "success"
    assert json.loads(target.read_text())["players"] == ["Bruno"]


def test_saving_the_same_game_again_needs_one_click(own_save_folder: Path) -> None:
    panel = DicePokerPanel(["Ana"], seed=1)
    panel.save_button.click()
    panel.roll_button.click()
    panel.save_button.click()
    assert panel.message.kind == "success"
    assert (
        DicePokerPanel.game_class.load(own_save_folder / "dice-poker-save.json").state
        == panel.game.state
    )


@pytest.mark.parametrize("content", [b"notes of the lesson", b"{}"])
def test_a_file_that_is_no_save_is_not_overwritten_at_once(
    own_save_folder: Path, content: bytes
) -> None:
    own_save_folder.mkdir()
    notes = own_save_folder / "notes.json"
    notes.write_bytes(content)
    panel = DicePokerPanel(["Ana"], seed=1, lang="pt")
    panel.save_path.value = "notes.json"
    panel.save_button.click()
    assert panel.message.kind == "error" and "guarda outro jogo" in panel.message.text
    assert notes.read_bytes() == content


def test_a_name_that_cannot_be_a_file_is_answered(own_save_folder: Path) -> None:
    panel = DicePokerPanel(["Ana"], seed=1)
    panel.save_path.value = "a\0b.json"
    panel.save_button.click()
    assert panel.message.kind == "error" and "NUL" in panel.message.text
    assert not panel.errors
