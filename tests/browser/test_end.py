"""The end of a game in the browser: a saved game is loaded one roll from its
end, played out, and the panel shows one end screen (winner, totals, a
breakdown, New game) with no hints left behind."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    LAPTOP,
    LOAD,
    PROJECTOR,
    near_end,
    screenshot,
    shown_text,
    start_afresh,
)

pytestmark = pytest.mark.browser

END = {
    "en": {"over": "Game over", "winner": "Winner", "again": "New game"},
    "pt": {"over": "Fim de jogo", "winner": "Vencedor", "again": "Novo jogo"},
    "es": {"over": "Fin de la partida", "winner": "Ganador", "again": "Nueva partida"},
    "it": {"over": "Partita finita", "winner": "Vince", "again": "Nuova partita"},
}


def _load(page, panel, file_name: str) -> None:
    panel.locator(".dicelab-save-path input").fill(file_name)
    panel.locator(".dicelab-load").click()
    # the click before (Hints) may still be building Solitaire's planner model cold
    # (0.75 s on a quiet machine, tens of seconds on one busy with the class tables'
    # pages on the other core): wait as long as for a page to load
    expect(panel.locator(".dicelab-message")).to_contain_text(file_name, timeout=LOAD)


def _check_end_screen(panel, final, lang: str) -> None:
    words = END[lang]
    end = panel.locator(".dicelab-end")
    expect(end).to_be_visible()
    summary = end.locator(".dicelab-summary")
    winners = final.winners()
    expect(summary).to_contain_text(words["over"] if len(winners) > 1 else words["winner"])
    for name, points in final.scores().items():
        expect(summary).to_contain_text(name)
        expect(summary).to_contain_text(str(points))
    expect(end.locator(".dicelab-again")).to_contain_text(words["again"])
    assert shown_text(panel).count(words["over"]) == 1  # shown once
    expect(panel.locator(".dicelab-hints")).to_be_hidden()  # no chart left behind


@pytest.mark.parametrize("lang", ["en", "pt", "it"])
def test_dice_poker_end_screen(open_app, play_server, lang):
    page = open_app(PROJECTOR, lang)
    panel = page.locator(".dicelab-dice-poker")
    file_name = f"dice-poker-end-{lang}.json"
    game = near_end("dice-poker", play_server.workdir / file_name, seed=4).saved
    panel.locator(".dicelab-hints-toggle").click()
    _load(page, panel, file_name)
    (last_box,) = game.state.cards[1].open_boxes  # Bruno's last turn, one box open
    panel.locator(".dicelab-roll").click()
    panel.locator(f".dicelab-box-{last_box}").click()
    game.apply(game.legal_actions("Bruno")[0])  # the roll the panel made (same generator)
    game.apply(next(a for a in game.legal_actions("Bruno") if getattr(a, "box", "") == last_box))
    _check_end_screen(panel, game, lang)
    breakdown = panel.locator(".dicelab-end table")
    expect(breakdown).to_contain_text("Bruno")
    for p, total in enumerate(game.scores().values()):
        expect(panel.locator(f".dicelab-total-{p}")).to_have_text(str(total))
    (winner,) = game.winners()
    expect(panel.locator(f".dicelab-player-{game.players.index(winner)}")).to_contain_text("★")
    screenshot(page, f"dice-poker-end-{lang}")
    again = panel.locator(".dicelab-again")
    again.click()  # a new game: the end screen goes
    expect(panel.locator(".dicelab-end")).to_be_hidden()
    expect(panel.locator(".dicelab-roll")).to_contain_text("3")
    start_afresh(page, "dice-poker")  # Hints off before the next test switches the language


def _capped_game(workdir, file_name: str):
    """A Solitaire game saved at its last roll with a line past its 10th mark."""
    for seed in range(200):
        end = near_end("solitaire", workdir / file_name, seed=seed)
        sheets = end.saved.state.sheets
        if any(sheet.marks(total) > 10 for sheet in sheets for total in range(2, 13)):
            return end
    raise AssertionError("no game with a line past 10 marks in 200 seeds")


@pytest.mark.parametrize("lang", ["en", "pt", "es"])
def test_solitaire_end_screen(open_app, play_server, lang):
    page = open_app(LAPTOP, lang, game="solitaire")
    panel = page.locator(".dicelab-solitaire")
    file_name = f"solitaire-end-{lang}.json"
    end = _capped_game(play_server.workdir, file_name)
    panel.locator(".dicelab-hints-toggle").click()
    # the hints drawn before Load is clicked: a Load button still moving down as
    # they appear can take a click meant for it elsewhere
    expect(panel.locator(".dicelab-hints-title")).to_be_visible(timeout=LOAD)
    _load(page, panel, file_name)
    capped = {"en": "(max 10)", "pt": "(máx. 10)", "es": "(máx. 10)", "it": "(max 10)"}[lang]
    expect(panel.locator(".dicelab-tally", has_text=capped).first).to_be_visible()
    game = end.saved
    panel.locator(".dicelab-roll").click()
    roll, *choices = end.tail
    game.apply(roll)
    for choice in choices:  # the same choices as the game that was played
        p = game.players.index(choice.player)
        index = game.options(p).index(choice.split)
        panel.locator(f".dicelab-option-{p}-{index}").click()
        game.apply(choice)
    assert game.is_over
    _check_end_screen(panel, game, lang)
    for p, total in enumerate(game.scores().values()):
        expect(panel.locator(f".dicelab-total-{p}")).to_have_text(re.compile(f"^{total}$"))
    expect(panel.locator(".dicelab-roll")).to_have_attribute("title", re.compile(".+"))
    screenshot(page, f"solitaire-end-{lang}")
    start_afresh(page, "solitaire")  # Hints off before the next test switches the language
