"""Where the panels save: each student's own folder, by a plain file name only,
and no game lost by a second game saved under the same name.

On a shared server a File box is a way into the server's files: a panel must
write and read nothing outside its save folder, whatever is typed (`../x`,
an absolute path, `..\\x`, `~/x`) and whatever a student put in the folder (a
link, a named pipe), and it shows only the file's name, never the server's
folders.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from dicelab.core.ui.saving import save_folder, save_target
from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.errors import SaveFileError
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.solitaire.panel import SolitairePanel
from dicelab.solo.panel import SoloPanel

PANELS = {
    "dice-poker": lambda lang="en": DicePokerPanel(["Ana"], seed=1, lang=lang),
    "solitaire": lambda lang="en": SolitairePanel(["Ana"], seed=1, lang=lang),
    "sly-dice": lambda lang="en": SlyDicePanel(["Ana"], seed=1, lang=lang),
    "solo": lambda lang="en": SoloPanel(["Ana"], seed=1, lang=lang),
}
ESCAPES = ["../x.json", "/tmp/x.json", "..\\x.json", "~/x.json", "..", "sub/x.json", "a\tb.json"]
DOTTED = [".", ".hidden", ".x.json"]


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*")} if folder.exists() else set()


def test_the_default_save_goes_to_the_save_folder_and_shows_its_name(
    own_save_folder: Path,
) -> None:
    panel = DicePokerPanel(["Ana"], seed=3)
    panel.save_button.click()
    assert (own_save_folder / "dice-poker-save.json").is_file()
    assert panel.message.kind == "success"
    assert panel.message.text == "Game saved (dice-poker-save.json)"
    panel.load_button.click()
    assert panel.message.text == "Game loaded (dice-poker-save.json). Ana to play"


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
    assert save_target(" x.json ") == tmp_path / "dicelab-saves" / "x.json"


@pytest.mark.parametrize("name", ESCAPES)
def test_only_a_plain_file_name_is_taken(name: str) -> None:
    with pytest.raises(SaveFileError, match="not a plain file name"):
        save_target(name)


@pytest.mark.parametrize("name", DOTTED)
def test_a_name_never_starts_with_a_dot(name: str) -> None:
    with pytest.raises(SaveFileError, match="starts with a dot"):
        save_target(name)


def test_a_name_has_at_most_100_characters() -> None:
    assert save_target("é" * 95 + ".json").name == "é" * 95 + ".json"
    with pytest.raises(SaveFileError, match=r"too long \(101 characters; at most 100\)"):
        save_target("a" * 96 + ".json")


@pytest.mark.parametrize("game", PANELS)
def test_save_and_load_never_leave_the_save_folder(game, tmp_path, own_save_folder) -> None:
    """The issue's test: `../x`, `/tmp/x`, `..\\x` and a symlink as the file name,
    and nothing is written (or read) outside the save folder."""
    outside = tmp_path / "outside"
    outside.mkdir()
    victim = outside / "x.json"
    victim.write_text("someone else's file")
    own_save_folder.mkdir()
    (own_save_folder / "link.json").symlink_to(victim)
    (own_save_folder / "dir-link").symlink_to(outside, target_is_directory=True)
    panel = PANELS[game]()
    before = {p: p.read_bytes() for p in files_under(tmp_path) if p.is_file()}
    in_tmp = Path("/tmp/x.json").exists()
    names = [*ESCAPES, *DOTTED, "a" * 300, str(outside / "new.json"), "link.json"]
    names += ["dir-link/new.json", "dir-link"]
    for name in names:
        for button in (panel.save_button, panel.save_button, panel.load_button):
            panel.save_path.value = name
            button.click()
            assert panel.message.kind == "error", (name, panel.message.text)
            assert str(own_save_folder) not in panel.message.text  # the server's folders
    assert panel.errors == []
    assert {p: p.read_bytes() for p in files_under(tmp_path) if p.is_file()} == before
    assert victim.read_text() == "someone else's file"
    assert (own_save_folder / "link.json").is_symlink()
    assert Path("/tmp/x.json").exists() == in_tmp


@pytest.mark.parametrize("game", PANELS)
def test_a_long_name_is_one_line_not_an_internal_error(game) -> None:
    """reliability-2 F24: a 300-character name raised ENAMETOOLONG out of Save."""
    panel = PANELS[game]()
    for name in ("a" * 300, "é" * 200 + ".json"):
        panel.save_path.value = name
        panel.save_button.click()
        assert panel.message.kind == "error" and "too long" in panel.message.text
        panel.load_button.click()
        assert panel.message.kind == "error" and "too long" in panel.message.text
    assert panel.errors == []


def odd_file(folder: Path, kind: str) -> Path:
    """A named pipe, or a character device like /dev/null (`mknod` needs root)."""
    path = folder / f"{kind}.json"
    if kind == "pipe":
        os.mkfifo(path)
    elif os.geteuid() != 0:
        pytest.skip("mknod needs root")
    else:
        os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    return path


@pytest.mark.parametrize("kind", ["pipe", "device"])
@pytest.mark.parametrize("game", PANELS)
def test_a_pipe_or_a_device_in_the_save_folder_is_never_replaced(game, kind, own_save_folder):
    """reliability-2 F31: a Save over a FIFO (or a device) replaced it by a file."""
    own_save_folder.mkdir()
    path = odd_file(own_save_folder, kind)
    before = os.lstat(path)
    panel = PANELS[game]()
    panel.save_path.value = path.name
    for button in (panel.save_button, panel.save_button, panel.load_button):
        button.click()
        assert panel.message.kind == "error" and path.name in panel.message.text
        assert "\n" not in panel.message.text and str(own_save_folder) not in panel.message.text
    after = os.lstat(path)
    assert (after.st_mode, after.st_rdev, after.st_ino) == (
        before.st_mode,
        before.st_rdev,
        before.st_ino,
    )
    assert sorted(p.name for p in own_save_folder.iterdir()) == [path.name]
    assert panel.errors == []


def test_load_offers_the_saves_of_the_folder_newest_first(own_save_folder: Path) -> None:
    own_save_folder.mkdir()
    (own_save_folder / "notes").mkdir()  # not a save: not offered
    (own_save_folder / ".hidden.json").write_text("{}")
    (own_save_folder / "link.json").symlink_to(own_save_folder / ".hidden.json")
    panel = DicePokerPanel(["Ana"], seed=3)
    assert panel.save_path.options == ()
    for name in ("first.json", "second.json"):
        panel.save_path.value = name
        panel.save_button.click()
        os.utime(own_save_folder / name, (1, {"first.json": 1, "second.json": 2}[name]))
    panel.load_button.click()
    assert panel.save_path.options == ("second.json", "first.json")
    assert DicePokerPanel(["Bia"], seed=4).save_path.options == ("second.json", "first.json")


def test_errors_of_the_file_box_speak_the_panels_language(own_save_folder: Path) -> None:
    panel = SoloPanel(["Ana"], seed=1, lang="it")
    panel.save_path.value = "manca.json"
    panel.load_button.click()
    assert panel.message.kind == "error"
    assert panel.message.text.startswith("impossibile leggere manca.json")
    panel.save_path.value = "../x.json"
    panel.save_button.click()
    assert "../x.json" in panel.message.text and "nome di file" in panel.message.text


def test_saving_over_another_game_asks_for_a_second_click(own_save_folder: Path) -> None:
    ana = DicePokerPanel(["Ana"], seed=1)
    ana.save_button.click()
    target = own_save_folder / "dice-poker-save.json"
    before = target.read_bytes()

    bruno = DicePokerPanel(["Bruno"], seed=2)
    bruno.save_button.click()
    assert bruno.message.kind == "error"
    assert bruno.message.text.startswith("dice-poker-save.json holds another game")
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
