"""Every click is answered, in the panel's language: a control that cannot be
used now says why on hover and, when clicked, in the message line; numbers
are written as the language writes them."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PROJECTOR

pytestmark = pytest.mark.browser

SAYS = {
    "en": {
        "roll_first": "Roll the dice first",
        "no_rolls": "No rolls left this turn",
        "not_yours": "It is Ana's turn, not Bruno's",
        "filled": "Chance is already filled",
        "dice_info": "The dice are everyone's",
        "click_roll": "Click Roll to start",
        "both_choose": "Ana and Bruno must choose first",
        "one_chooses": "Bruno must choose first",
        "waiting_one": "Waiting for Bruno to choose",
        "best": "P(best hold)",
    },
    "pt": {
        "roll_first": "Role os dados primeiro",
        "no_rolls": "Sem jogadas restantes nesta rodada",
        "not_yours": "É a vez de Ana, não de Bruno",
        "filled": "Chance já está preenchida",
        "dice_info": "Os dados são de todos",
        "click_roll": "Clique em Rolar para começar",
        "both_choose": "Ana e Bruno precisam escolher antes",
        "one_chooses": "Bruno precisa escolher antes",
        "waiting_one": "Aguardando Bruno escolher",
        "best": "P(melhor)",
    },
    "es": {
        "roll_first": "Tira los dados primero",
        "no_rolls": "No quedan tiradas en esta ronda",
        "not_yours": "Es el turno de Ana, no de Bruno",
        "filled": "La casilla Chance ya está ocupada",
        "dice_info": "Los dados son de todos",
        "click_roll": "Haz clic en Tirar para empezar",
        "both_choose": "Ana y Bruno tienen que elegir antes",
        "one_chooses": "Bruno tiene que elegir antes",
        "waiting_one": "Esperando a que Bruno elija",
        "best": "P(mejor)",
    },
    "it": {
        "roll_first": "Prima lancia i dadi",
        "no_rolls": "Niente più lanci in questo turno",
        "not_yours": "Tocca a Ana, non a Bruno",
        "filled": "La casella Chance è già segnata",
        "dice_info": "I dadi sono di tutti",
        "click_roll": "Clicca Lancia per iniziare",
        "both_choose": "Ana e Bruno devono scegliere prima",
        "one_chooses": "Bruno deve scegliere prima",
        "waiting_one": "In attesa che Bruno scelga",
        "best": "P(migliore)",
    },
}
DECIMAL = {
    "en": re.compile(r"\d\.\d+\s?%"),  # Spanish and French put a space before %
    "pt": re.compile(r"\d,\d+\s?%"),
    "es": re.compile(r"\d,\d+\s?%"),
    "it": re.compile(r"\d,\d+\s?%"),
}


def _says(panel, text: str) -> None:
    expect(panel.locator(".dicelab-message")).to_contain_text(text)


def _refused_click(locator) -> None:
    """Click a control that cannot be used now: it is marked so for a screen
    reader (`aria-disabled`), says why in its tooltip, and still takes the
    click (forced: Playwright would wait for an enabled control)."""
    expect(locator).to_have_attribute("aria-disabled", "true")
    expect(locator).to_have_attribute("title", re.compile(r"\w"))
    locator.click(force=True)


def _numbers_in(lang: str, text: str) -> None:
    other = DECIMAL["pt" if lang == "en" else "en"]
    assert DECIMAL[lang].search(text) and not other.search(text), text


@pytest.mark.parametrize("lang", ["en", "pt", "es", "it"])
def test_dice_poker_answers_every_click(open_app, lang):
    says = SAYS[lang]
    panel = open_app(PROJECTOR, lang).locator(".dicelab-dice-poker")
    roll = panel.locator(".dicelab-roll")

    _refused_click(panel.locator(".dicelab-die-0"))  # a die before rolling
    _says(panel, says["roll_first"])
    _refused_click(panel.locator(".dicelab-card-0-chance"))  # a box before rolling
    _says(panel, says["roll_first"])

    for left in "210":
        roll.click()
        expect(roll).to_contain_text(left)
    _refused_click(roll)  # a fourth roll
    _says(panel, says["no_rolls"])
    _refused_click(panel.locator(".dicelab-card-1-chance"))  # the other player's card
    _says(panel, says["not_yours"])

    panel.locator(".dicelab-card-0-chance").click()  # Ana scores
    expect(panel.locator(".dicelab-player")).to_contain_text("Bruno")
    roll.click()
    panel.locator(".dicelab-card-1-ones").click()  # Bruno scores
    expect(panel.locator(".dicelab-player")).to_contain_text("Ana")
    roll.click()
    _refused_click(panel.locator(".dicelab-card-0-chance"))  # a box already filled
    _says(panel, says["filled"])

    panel.locator(".dicelab-hints-toggle").click()
    table = panel.locator(".dicelab-hints-table")
    expect(table).to_contain_text(says["best"])
    _numbers_in(lang, table.inner_text())


@pytest.mark.parametrize("lang", ["en", "pt", "es", "it"])
def test_solitaire_answers_every_click(open_app, lang):
    says = SAYS[lang]
    panel = open_app(PROJECTOR, lang, game="solitaire").locator(".dicelab-solitaire")
    roll = panel.locator(".dicelab-roll")

    _refused_click(panel.locator(".dicelab-die-0"))  # before the first roll
    _says(panel, says["click_roll"])
    roll.click()
    expect(panel.locator(".dicelab-option-0-0")).to_be_visible()
    _refused_click(panel.locator(".dicelab-die-0"))
    _says(panel, says["dice_info"])
    _refused_click(roll)  # before anyone has chosen
    _says(panel, says["both_choose"])
    panel.locator(".dicelab-option-0-0").click()
    expect(panel.locator(".dicelab-waiting")).to_have_text(says["waiting_one"])
    _refused_click(roll)  # before Bruno has chosen
    _says(panel, says["one_chooses"])

    panel.locator(".dicelab-hints-toggle").click()
    table = panel.locator(".dicelab-hints-table")
    expect(table).to_be_visible()
    _numbers_in(lang, table.inner_text())
