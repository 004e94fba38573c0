"""The games' own panels fed by a class table (`BotsPanel.at_table`): two
students' panels play a whole game of Sly Dice and of Solo against each other
and a bot through a real service, each drawing only its own seat's view, and
review it from the table's record once it is over."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from dicelab.classroom import Client
from dicelab.classroom.seat import TableGame
from dicelab.core.ui.widgets import die_face
from dicelab.errors import SettingsError
from dicelab.sly_dice.game import SlyDiceGame
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.solo.panel import SoloPanel

PANELS = {"sly-dice": (SlyDicePanel, "honest"), "solo": (SoloPanel, "blocker")}


def students(url: str, game: str, langs: tuple[str, str] = ("en", "pt")) -> dict[str, Any]:
    """A table of `game` (Cleo a bot) and Ana's and Bia's panels at it."""
    panel_class, bot = PANELS[game]
    table = Client(url).create(game, ["Ana", "Bia", "Cleo"], bots={"Cleo": bot}, seed=21)
    panels = {}
    for name, lang in zip(("Ana", "Bia"), langs):
        client = Client(url)
        client.join(table["code"], name)
        panels[name] = panel_class.at_table(TableGame(client), lang=lang, watch=False)
    return panels


@pytest.mark.parametrize("game", list(PANELS))
def test_two_students_play_a_whole_game_from_their_own_panels(service, game) -> None:
    panels = students(service.url, game)
    ana, bia = panels["Ana"], panels["Bia"]
    assert (ana.me, bia.me, ana.seat, bia.seat) == ("Ana", "Bia", 0, 1)
    assert ana.kinds == [None, "", PANELS[game][1]] and bia.kinds == ["", None, PANELS[game][1]]
    assert "Table" in ana.title.value and "Mesa" in bia.title.value
    rng = random.Random(game)
    for _ in range(3_000):
        for panel in panels.values():
            panel.sync()
        if ana.game.is_over:
            break
        movers = [p for p in panels.values() if p.game.legal_actions()]
        assert movers, "the table waits for nobody"
        mover = rng.choice(movers)
        if mover.waits_for_next_round():
            mover.next_round_button.click()
        mover._act(rng.choice(mover.game.legal_actions()))
        for panel in panels.values():
            assert panel.game.state.viewer == panel.seat, "a panel holds its own view only"
            assert panel.errors == []
            if game == "sly-dice":  # the others' dice behind their shields: 0, never a face
                view, others = panel.game.state, [i for i in range(3) if i != panel.seat]
                assert all(view.seats[i].shown or set(view.seats[i].hidden) <= {0} for i in others)
    for panel in panels.values():
        panel.sync()
        assert panel.game.is_over and panel.end_screen.layout.display != "none"
        assert panel.game.seed == 21 and panel.errors == []
    assert ana.game.scores() == bia.game.scores()
    bia.review_button.click()  # the review, on the table's record once the game is over
    bia.review.task.join(60)
    assert bia.errors == [] and [r.player for r in bia.review.reviews] == ["Ana", "Bia", "Cleo"]
    assert all(r.decisions for r in bia.review.reviews)
    if game == "solo":  # the blocker bot plays by the review's own measure
        assert bia.review.reviews[2].total_loss == 0.0


def test_a_panel_at_a_table_redraws_when_the_others_move(service) -> None:
    panels = students(service.url, "sly-dice")
    ana, bia = panels["Ana"], panels["Bia"]
    redrawn = threading.Event()

    def heard() -> None:  # at each piece of news (the first: the table as it stands)
        bia.sync()
        if bia.game.state.common is not None:
            redrawn.set()

    bia.game.watch(heard)
    ana.roll_button.click()  # the common dice, for everyone
    assert redrawn.wait(5), "Bia's panel did not hear Ana's roll"
    common = [die_face(face) for face in ana.game.state.common]
    assert [die.button.description for die in bia.common_views] == common
    bia.game.stop_watching()


def test_a_panel_at_a_table_keeps_its_seat_in_another_language(service) -> None:
    for game in PANELS:
        bia = students(service.url, game)["Bia"]
        french = bia.in_language("fr")
        assert french.me == "Bia" and french.seat == 1 and french.game is bia.game
        assert "Table" in french.title.value and french.lang == "fr"
        assert french.seed_controls.box.layout.display == "none"


def test_a_panel_plays_a_class_table_only_through_a_seat() -> None:
    with pytest.raises(SettingsError, match="class table's seat"):
        SlyDicePanel.at_table(SlyDiceGame(["Ana", "Bia"], seed=1))
