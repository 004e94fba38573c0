"""Nothing is lost: atomic saves, careful loads, the same rules on every path.

Every engine and its panel: a save that fails part way (a file-size
limit) leaves the previous save exactly as it was; a load reads only a
regular file of at most 1 MiB; a bad path is a `SaveFileError`; a game the
engine could not have reached is refused by the engine, by `from_json` and
by the panels' Load button alike.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from dicelab.core.engine.savefile import MAX_SAVE_BYTES
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.dice_poker.rules import get_ruleset
from dicelab.errors import SaveFileError, SettingsError
from dicelab.sly_dice.game import SlyDiceGame
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.panel import SolitairePanel
from dicelab.solitaire.sheet import Sheet

GAMES = {"dice-poker": DicePokerGame, "solitaire": SolitaireGame, "sly-dice": SlyDiceGame}
PANELS = {"dice-poker": DicePokerPanel, "solitaire": SolitairePanel, "sly-dice": SlyDicePanel}
KINDS = list(GAMES)


def played(kind: str, players=("Ana", "Bia"), seed: int = 3):
    """A game a few moves in."""
    game = GAMES[kind](list(players), seed=seed)
    for _ in range(3):
        if kind == "sly-dice":
            for _ in range(4 + 3 * seed):
                game.apply(game.legal_actions()[-1])
        elif kind == "dice-poker":
            game.roll()
            game.score(next(iter(game.options())))
        else:
            game.roll()
            for name in game.waiting:
                game.choose(name, 0)
    return game


# --- saving is atomic -----------------------------------------------------------------

FAILING_SAVE = """
import resource, signal, sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from test_saves import PANELS, played
kind, path, how = sys.argv[1], Path(sys.argv[2]), sys.argv[3]
game = played(kind)
game.save(path)
good = path.read_bytes()
for _ in range(4):  # a longer game: a longer file
    played_more = played(kind, seed=4)
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (len(good) // 2, resource.RLIM_INFINITY))
if how == "engine":
    try:
        played_more.save(path)
    except Exception as error:
        print(type(error).__name__, error)
else:
    panel = PANELS[kind].from_game(played_more)
    panel.save_path.value = path.name  # in the save folder (DICELAB_SAVE_DIR)
    panel.save_button.click()  # the file holds another game: the first click asks
    assert "another game" in panel.message.text, panel.message.text
    panel.save_button.click()
    print(panel.message.kind, panel.message.text, panel.errors)
assert path.read_bytes() == good, "the previous save was damaged"
assert sorted(p.name for p in path.parent.iterdir()) == [path.name], "a temporary file is left"
"""


@pytest.mark.parametrize("how", ["engine", "panel"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_save_that_fails_part_way_keeps_the_previous_save(own_save_folder, kind, how):
    path = own_save_folder / "game.json"
    path.parent.mkdir()
    script = FAILING_SAVE.format(tests=os.path.dirname(__file__))
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(script), kind, str(path), how],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    if how == "engine":
        assert done.stdout.startswith("SaveFileError cannot write")
        assert done.stdout.strip().endswith("the file would be too large")
    else:
        assert done.stdout.startswith("error cannot write") and done.stdout.strip().endswith("[]")


# --- loading reads only a save file -----------------------------------------------------


def special_paths(folder):
    """Odd things in the save folder `folder` (and /dev/zero, which a panel never takes)."""
    folder.mkdir()
    fifo = folder / "fifo"
    os.mkfifo(fifo)
    big = folder / "big.json"
    big.write_bytes(b" " * (MAX_SAVE_BYTES + 1))
    (folder / "zero.json").symlink_to("/dev/zero")
    (folder / "a-folder.json").mkdir()
    bomb = folder / "bomb.json"
    bomb.write_bytes(b'{"a": ' * 40 + b"0" + b"}" * 40)  # valid JSON, 40 deep
    return {
        "a JSON bomb": (bomb, "nested more than 32 deep"),
        "/dev/zero": ("/dev/zero", "not a regular file"),
        "a link to /dev/zero": (folder / "zero.json", "is a link"),
        "a named pipe": (fifo, "not a regular file"),
        "a folder": (folder / "a-folder.json", "not a regular file"),
        "a file over 1 MiB": (big, "too large"),
        "a NUL in the name": ("x\0y.json", "NUL character"),
        "no such file": (folder / "missing.json", "there is no such file"),
        "an empty name": ("  ", "empty"),
    }


@pytest.mark.parametrize("kind", KINDS)
def test_loading_refuses_what_is_not_a_save_file(own_save_folder, kind):
    panel = PANELS[kind](["Ana"], seed=1)
    before = panel.game.state
    for name, (path, why) in special_paths(own_save_folder).items():
        with pytest.raises(SaveFileError, match=why):
            GAMES[kind].load(path)
        panel.save_path.value = path.name if isinstance(path, Path) else path
        if path == "/dev/zero":  # not a plain file name: a panel does not look
            why = "not a plain file name"
        panel.load_button.click()
        if name != "an empty name":  # a blank box means the default file
            assert panel.message.kind == "error" and why in panel.message.text, name
        assert panel.game.state == before and panel.errors == []


@pytest.mark.parametrize("kind", KINDS)
def test_saving_to_a_bad_path_is_a_save_file_error(tmp_path, kind):
    game = played(kind)
    for path in ("x\0y.json", tmp_path, tmp_path / "no" / "such" / "folder.json"):
        with pytest.raises(SaveFileError, match="cannot write"):
            game.save(path)
        panel = PANELS[kind].from_game(game)
        panel.save_path.value = str(path)
        panel.save_button.click()
        assert panel.message.kind == "error" and panel.errors == []


# --- one validation on every path ---------------------------------------------------------


def many_players_save(kind: str, count: int) -> dict:
    data = json.loads(played(kind).to_json())
    names = [f"P{i}" for i in range(count)]
    if kind == "dice-poker":
        data.update(players=names, cards=[data["cards"][1]] * count, current_player=0)
    else:
        data.update(players=names, sheets=[data["sheets"][0]] * count, waiting=[])
    return data


@pytest.mark.parametrize("count", [7, 40])
@pytest.mark.parametrize("kind", ["dice-poker", "solitaire"])
def test_too_many_players_are_refused_on_every_path(own_save_folder, kind, count):
    names = [f"P{i}" for i in range(count)]
    with pytest.raises(SettingsError, match=f"1 to 6 players, not {count}"):
        GAMES[kind](names)
    with pytest.raises(SettingsError, match=f"1 to 6 players, not {count}"):
        PANELS[kind](names)
    own_save_folder.mkdir()
    path = own_save_folder / "crowd.json"
    path.write_text(json.dumps(many_players_save(kind, count)))
    with pytest.raises(SaveFileError, match=f"1 to 6 players, not {count}"):
        GAMES[kind].load(path)
    panel = PANELS[kind](["Ana"], seed=1)
    panel.save_path.value = path.name
    panel.load_button.click()
    assert panel.message.kind == "error" and f"1 to 6 players, not {count}" in panel.message.text
    assert panel.game.players == ("Ana",)


@pytest.mark.parametrize("kind", ["dice-poker", "solitaire"])
def test_names_with_spaces_around_are_trimmed_by_games_and_refused_in_saves(kind):
    assert GAMES[kind]([" Ana ", "Bia"]).players == ("Ana", "Bia")
    data = json.loads(played(kind).to_json())
    data["players"] = [" Ana", "Bia"]
    if kind == "solitaire":
        data["waiting"] = [" Ana" if n == "Ana" else n for n in data["waiting"]]
    with pytest.raises(SaveFileError, match="no spaces around"):
        GAMES[kind].from_json(json.dumps(data))


def test_solitaire_free_throws_need_three_discard_numbers():
    for sums, discards in [({7: 14}, {}), ({7: 14}, {1: 1}), ({7: 2}, {})]:
        with pytest.raises(SettingsError, match="fewer than three discard numbers"):
            Sheet.from_marks(sums, discards)
    # chosen 1, 2, 3: a free throw shows only 4, 5 and 6, so its pairs are 8 to 12
    with pytest.raises(SettingsError, match="pair marks on sums of 4, 5, 6"):
        Sheet.from_marks({2: 4, 3: 4}, {1: 1, 2: 1, 3: 1})
    assert Sheet.from_marks({2: 3, 8: 4, 9: 1}, {1: 1, 2: 1, 3: 1}).free_throws == 1


def test_a_finished_solitaire_game_ends_at_its_last_roll():
    game = SolitaireGame(["Ana"], seed=2)
    game.play(lambda sheet, dice, options, rng: options[0])
    data = json.loads(game.to_json())
    assert SolitaireGame.from_json(json.dumps(data)).rolls == game.rolls
    data["rolls"] = 999_999
    with pytest.raises(SaveFileError, match="finished game ends at its last sheet's last roll"):
        SolitaireGame.from_json(json.dumps(data))


def test_messages_have_one_prefix_and_name_the_cause():
    data = json.loads(played("solitaire").to_json())
    data["waiting"] = ["Zed"]
    with pytest.raises(SaveFileError) as info:
        SolitaireGame.from_json(json.dumps(data))
    assert str(info.value) == "bad save file: waiting names an unknown player 'Zed'"
    data = json.loads(played("solitaire").to_json())
    data["players"] = ["Ana", "Ana"]
    with pytest.raises(SaveFileError) as info:
        SolitaireGame.from_json(json.dumps(data))
    assert str(info.value).count("bad save file") == 1 and "appears twice" in str(info.value)


# --- custom rulesets and seeds --------------------------------------------------------------


def test_a_custom_ruleset_of_preset_boxes_saves_loads_and_plays_in_a_panel(tmp_path):
    rules = get_ruleset("yahtzee")
    few = replace(rules, name="yahtzee-3", boxes=rules.boxes[-3:]).with_settings(joker="free")
    game = DicePokerGame(["Ana"], ruleset=few, seed=1)
    game.roll()
    game.save(tmp_path / "few.json")
    copy = DicePokerGame.load(tmp_path / "few.json")
    assert copy.ruleset == few and copy.state == game.state and copy.seed == 1
    assert copy.roll() == game.roll()
    panel = DicePokerPanel(["Ana"], ruleset=few, seed=1)
    panel.hints_toggle.value = True
    for _ in few.boxes:
        panel.roll_button.click()
        panel.box_buttons[0][next(iter(panel.game.options()))].click()
    assert panel.game.is_over and panel.errors == [] and "Game over" in panel.summary.value
    mixed = replace(rules, name="mixed", boxes=(get_ruleset("yatzy").box("pair"), *rules.boxes))
    assert DicePokerGame.from_json(DicePokerGame(ruleset=mixed).to_json()).ruleset == mixed


def test_a_box_of_ones_own_cannot_be_saved():
    rules = get_ruleset("yahtzee")
    mine = replace(rules.box("chance"), id="odd_sum", score=lambda d: sum(d) % 2)
    game = DicePokerGame(ruleset=replace(rules, name="mine", boxes=(mine,)))
    with pytest.raises(SaveFileError, match="box of its own \\('odd_sum'\\)"):
        game.to_json()


@pytest.mark.parametrize("kind", ["dice-poker", "solitaire"])
def test_saves_keep_the_seed_and_version_1_saves_still_load(kind):
    game = played(kind, seed=1234)
    data = json.loads(game.to_json())
    assert data["seed"] == 1234 and GAMES[kind].from_json(game.to_json()).seed == 1234
    old = {k: v for k, v in data.items() if k not in ("seed", "record")} | {"version": 1}
    if kind == "dice-poker":
        old["ruleset"] = {k: v for k, v in old["ruleset"].items() if k != "boxes"}
    copy = GAMES[kind].from_json(json.dumps(old))
    assert copy.state == game.state and copy.seed is None
