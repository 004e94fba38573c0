"""The defects of the second browser review (`../shared/reviews/panels-in-browser-2.md`)
that are fixed, each reproduced in the play app as the review found it, at the
projector's size in English and the laptop's in Italian: your hidden dice
framed apart from those set aside (9), a usable control with no "Not now"
tooltip (6), Roll and Stop that stay put when a die is chosen (8), what to do
now after Load and the log (10), the end of a Sly Dice game with its last
round in sight and one New game (11), a round's end held until Next round in
Sly Dice (3: the last claim's result) and Solo (13: the hands that scored),
the Bayes hint read by the claiming bot's own play (4), Solo's Hints for the
Gift being given (17), the claim table explained (5), Solo's hints with no
chance of a draw that is not allowed (18), its bots named in one form (15), a
wrong card's one reason, as its tooltip says (14), and a bad seed answered in
the panel's language (19); and How to play (7), opened in every game and
language, defining the terms the Hints use.  The Spanish and Italian phrases
(12, 16) are checked in the catalogs (`tests/test_i18n.py`)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from playwright.sync_api import expect

from dicelab.core.ui.widgets import SEED_NOT_DIGITS
from dicelab.core.ui.words import LANGS, Words
from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.dice_poker.panel.words import WORDS as POKER_WORDS
from dicelab.sly_dice.game import SlyDiceGame
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.sly_dice.panel.words import WORDS as SLY_WORDS
from dicelab.sly_dice.strategy import strategy
from dicelab.solitaire.panel import SolitairePanel
from dicelab.solitaire.panel.words import WORDS as SOLITAIRE_WORDS
from dicelab.solo.game import Play, SoloGame
from dicelab.solo.panel import SoloPanel
from dicelab.solo.panel.words import WORDS as SOLO_WORDS
from dicelab.solo.strategy import strategy as solo_strategy
from tests.browser.conftest import LAPTOP, PROJECTOR, screenshot, start_game
from tests.browser.test_accessibility import load, play_until, violations

pytestmark = pytest.mark.browser
CASES = [("en", PROJECTOR), ("it", LAPTOP)]
FACES = "⚀⚁⚂⚃⚄⚅"


def box(locator: Any) -> tuple[int, int]:
    """Where a control is drawn (its left and top, in CSS pixels)."""
    found = locator.bounding_box()
    return round(found["x"]), round(found["y"])


def before_ana_s_last_decision(path: Any, seed: int = 4) -> None:
    """Save to `path` a game of Ana, Cleo and Duda at Ana's last decision of all
    (the bots play it to its end from there)."""
    game = SlyDiceGame(["Ana", "Cleo", "Duda"], seed=seed)
    kinds = dict(zip(game.players, ("calculator", "calculator", "honest")))
    rng, last = np.random.default_rng(seed), None
    while not game.is_over:
        (name,) = game.to_move()
        if name == "Ana":
            last = game.to_json()
        game.apply(strategy(kinds[name])(game.view(name), game.legal_actions(name), rng))
    assert last is not None
    SlyDiceGame.from_json(last).save(path)


@pytest.mark.parametrize(("lang", "size"), CASES)
def test_sly_dice_as_the_review_found_it(open_app, play_server, lang, size):
    page = open_app(size, lang, game="sly-dice")
    panel = page.locator(".dicelab-sly-dice")
    w = Words(SLY_WORDS, lang)
    start_game(panel, "7")
    panel.locator(".dicelab-roll").click()  # the common dice
    roll, stop = panel.locator(".dicelab-roll"), panel.locator(".dicelab-stop")
    expect(roll).not_to_have_class(re.compile("dicelab-unavailable"))
    roll.click()  # your three
    expect(stop).not_to_have_class(re.compile("dicelab-unavailable"))
    expect(stop).to_have_attribute("title", "")  # 6: no "Not now" on a usable Stop
    where = box(roll), box(stop)
    panel.locator(".dicelab-die-0").click()  # 8: "to set aside" under it, nothing moves
    expect(panel.locator(".dicelab-die-0")).to_have_class(re.compile("dicelab-held"))
    assert (box(roll), box(stop)) == where
    stop.click()
    shielded = panel.locator(".dicelab-players-view .dicelab-behind-shield").first
    expect(shielded).to_have_css("outline-style", "dashed")  # 9: your hidden dice, framed
    panel.locator(".dicelab-hints-toggle").click()  # 5: the claim table explained
    expect(panel.locator(".dicelab-hints")).to_contain_text(w("claim_note"))
    panel.locator(".dicelab-hints-toggle").click()

    before_ana_s_last_decision(play_server.workdir / f"sly-last-{lang}.json")
    load(panel, f"sly-last-{lang}.json")
    message = panel.locator(".dicelab-message")  # 10: and what to do now
    expect(message).to_have_text(re.compile(re.escape(w("loaded", name=f"sly-last-{lang}.json"))))
    assert message.inner_text().strip() != w("loaded", name=f"sly-last-{lang}.json")
    twin = SlyDicePanel.load(play_server.workdir / f"sly-last-{lang}.json", lang=lang)
    expect(panel.locator(".dicelab-log li")).to_have_text(twin.log.lines[-8:])  # the log too
    steps = [".dicelab-pass", ".dicelab-keep", ".dicelab-card", ".dicelab-stop", ".dicelab-roll"]
    play_until(panel, ".dicelab-end", steps, 20)  # Ana's last decision, the bots to the end
    expect(panel.locator(".dicelab-end")).to_be_visible()  # 11: the last round in sight
    dice = panel.locator(".dicelab-die").all_inner_texts()
    assert len(dice) == 6 and all(d.strip() in FACES for d in dice), dice
    expect(roll).to_contain_text("0")
    expect(panel.locator(".dicelab-new-game")).to_be_hidden()  # one New game, the end's
    expect(panel.locator(".dicelab-again")).to_be_visible()


def sly_at_round_one_s_last_claim(path: Any, seed: int = 1) -> None:
    """Save to `path` a game of Ana, Cleo and Duda where Ana is asked about the last
    claim of round 1 (an accusation settles it and ends the round)."""
    game = SlyDiceGame(["Ana", "Cleo", "Duda"], seed=seed)
    kinds = dict(zip(game.players, ("calculator", "calculator", "honest")))
    rng = np.random.default_rng(seed)
    while not game.state.history:
        (name,) = game.to_move()
        state = game.state
        others = [s for i, s in enumerate(state.seats) if i != state.claimer]
        if name == "Ana" and state.phase == "ask" and all(s.settled for s in others):
            game.save(path)
            return
        game.apply(strategy(kinds[name])(game.view(name), game.legal_actions(name), rng))
    raise AssertionError(f"seed {seed}: Ana is never asked about round 1's last claim")


def solo_when_ana(path: Any, may: Callable[[SoloGame], bool], seed: int) -> None:
    """Save to `path` a game of Solo at Ana's first turn where she `may` do something."""
    game = SoloGame(["Ana", "Cleo", "Duda"], seed=seed)
    rng, bot = np.random.default_rng(seed), solo_strategy("blocker")
    while not game.state.rounds:
        name, state = game.to_move()[0], game.state
        if name == "Ana" and state.turn == 0 and state.phase == "play" and may(game):
            game.save(path)
            return
        game.apply(bot(game.view(name), game.legal_actions(name), rng))
    raise AssertionError(f"seed {seed}: no such turn of Ana's in round 1")


def solo_before_ana_goes_out(path: Any, seed: int = 8) -> None:
    """Save to `path` a game of Solo where Ana, on her turn, may play her last card."""
    solo_when_ana(path, lambda game: len(game.state.hands[0]) == 1, seed)


def solo_with_a_gift(path: Any, seed: int = 3) -> None:
    """Save to `path` a game of Solo where Ana, on her turn, may play a Gift."""

    def gift(game: SoloGame) -> bool:
        return any(isinstance(a, Play) and a.card == "black-gift" for a in game.legal_actions())

    solo_when_ana(path, gift, seed)


@pytest.mark.parametrize(("lang", "size"), CASES)
def test_a_round_s_end_waits_for_next_round(open_app, play_server, lang, size):
    """3: the last claim's result and the dice shown stay until Next round; 13: Solo's
    round end shows the cards that scored, not the next round's hand."""
    page = open_app(size, lang, game="sly-dice")
    panel, w = page.locator(".dicelab-sly-dice"), Words(SLY_WORDS, lang)
    sly_at_round_one_s_last_claim(play_server.workdir / f"sly-ask-{lang}.json")
    twin = SlyDicePanel(["Ana", "Cleo", "Duda"], lang=lang, bots=["calculator", "honest"])
    twin.load_game(play_server.workdir / f"sly-ask-{lang}.json")
    load(panel, f"sly-ask-{lang}.json")
    panel.locator(".dicelab-hints-toggle").click()  # 4: the Bayes hint read by the bot's own play
    twin.hints_toggle.value = True
    note = re.sub(r"<[^>]+>", "", html.unescape(twin.hints.note.value))
    claimer = twin.game.players[twin.game.state.claimer or 0]
    assert note.startswith(w("bayes_note_bot", name=claimer, bot="", accuse="", pass_="")[:12])
    expect(panel.locator(".dicelab-hints")).to_contain_text(note)
    panel.locator(".dicelab-hints-toggle").click()
    panel.locator(".dicelab-accuse").click()
    twin.accuse_button.click()
    expect(panel.locator(".dicelab-turn")).to_have_text(w("ev_round", round=1))
    expect(panel.locator(".dicelab-next-round")).to_be_in_viewport()
    statuses = re.findall(r'<td class="dicelab-status">(.*?)</td>', twin.players_view.widget.value)
    texts = [html.unescape(re.sub(r"<[^>]+>", "", status)) for status in statuses]
    assert any(w("status_true") in t or w("status_lie") in t for t in texts), texts
    expect(panel.locator(".dicelab-status")).to_have_text(texts)  # the last claim's result
    expect(panel.locator(".dicelab-players-view th")).to_contain_text([w("this_round")])
    assert violations(page, "Sly Dice, a round's end") == []
    screenshot(page, f"sly-dice-round-end-{lang}")
    panel.locator(".dicelab-next-round").click()
    rounds = twin.game.rules.rounds
    expect(panel.locator(".dicelab-turn")).to_have_text(w("round", round=2, rounds=rounds))
    expect(panel.locator(".dicelab-next-round")).to_be_hidden()

    page = open_app(size, lang, game="solo")
    panel, w = page.locator(".dicelab-solo"), Words(SOLO_WORDS, lang)
    solo_before_ana_goes_out(play_server.workdir / f"solo-out-{lang}.json")
    load(panel, f"solo-out-{lang}.json")
    expect(panel.locator(".dicelab-hand-card:visible")).to_have_count(1)
    panel.locator(".dicelab-hand-card:visible").click()
    ended = SoloGame.load(play_server.workdir / f"solo-out-{lang}.json")
    ended.apply(ended.legal_actions()[0])
    left = ended.state.ended
    assert left is not None
    box_ = panel.locator(".dicelab-round-over")
    expect(box_).to_be_visible()
    expect(box_.locator(".dicelab-chip")).to_have_count(sum(len(h) for h in left.hands))
    expect(panel.locator(".dicelab-hand-card:visible")).to_have_count(0)  # not round 2's hand
    expect(panel.locator(".dicelab-next-round")).to_be_in_viewport()
    assert violations(page, "Solo, a round's end") == []
    screenshot(page, f"solo-round-end-{lang}")
    panel.locator(".dicelab-next-round").click()
    expect(panel.locator(".dicelab-hand-card:visible")).to_have_count(8)

    solo_with_a_gift(play_server.workdir / f"solo-gift-{lang}.json")  # 17: the Gift's hints
    twin_solo = SoloPanel.load(play_server.workdir / f"solo-gift-{lang}.json", lang=lang)
    load(panel, f"solo-gift-{lang}.json")
    panel.locator(".dicelab-hints-toggle").click()
    twin_solo.hints_toggle.value = True
    twin_solo.hand.button_for("black-gift").click()
    advice = re.sub(r"<[^>]+>", "", html.unescape(twin_solo.hints.advice.value))
    assert ", " in advice  # the cards the blocker bot would give
    panel.locator(".dicelab-hand-card.dicelab-kind-gift").first.click()
    expect(panel.locator(".dicelab-hints-advice")).to_have_text(advice)


@pytest.mark.parametrize(("lang", "size"), [*CASES, ("pt", LAPTOP)])  # pt: the longest bots
def test_solo_as_the_review_found_it(open_app, lang, size):
    page = open_app(size, lang, game="solo")
    panel = page.locator(".dicelab-solo")
    w = Words(SOLO_WORDS, lang)
    panel.locator(".dicelab-seed-text input").fill("-3")  # 19: the panel's language
    panel.locator(".dicelab-new-game").click()
    expect(panel.locator(".dicelab-message")).to_have_text(
        SEED_NOT_DIGITS.in_language(lang, text="'-3'")
    )
    start_game(panel, "30")  # Ana may play Choose colour (or Draw four)
    panel.locator(".dicelab-hints-toggle").click()
    expect(panel.locator(".dicelab-hints-table")).to_be_visible()
    expect(panel.locator(".dicelab-hints-draw")).to_have_text("")  # 18: she may not draw
    labels = panel.locator(".dicelab-players-view").inner_text()
    kinds = re.findall(r"(?:bot|robô)[^\n]*|[^\n]*\bbot\b", labels)
    assert len(kinds) == 2, labels  # 15: both bots named in one form, and the table fits
    table, edge = panel.locator("table.dicelab-players").bounding_box(), panel.bounding_box()
    assert table["x"] + table["width"] <= edge["x"] + edge["width"], (table, edge)
    for kind in ("random", "keep-black", "dump-high", "blocker"):
        label = w(f"bot_{kind}")
        bot = w("bot_random").split()[0]  # "bot", "robô"
        assert label.endswith(" bot") if lang == "en" else label.startswith(f"{bot} "), label
    refused = panel.locator(".dicelab-hand-card.dicelab-unavailable:visible").first
    title = refused.get_attribute("title") or ""  # 14: the one reason, as its tooltip says
    name, reason = title.split(" · ")[0], title.split(" — ")[1]
    refused.click(force=True)
    expect(panel.locator(".dicelab-message")).to_have_text(f"{name}: {reason}")
    card = panel.locator(".dicelab-hand-card:not(.dicelab-unavailable):visible").first
    card.click()
    colours = panel.locator(".dicelab-colour-button:visible")
    expect(colours).to_have_count(4)
    for i in range(4):  # 6: no "No colour is asked now" while a colour is asked
        expect(colours.nth(i)).to_have_attribute("title", "")
    expect(panel.locator(".dicelab-cancel")).to_have_attribute("title", "")
    colours.first.click()
    expect(colours).to_have_count(0)


HOW = {  # each game's panel (its How to play) and words
    "dice-poker": (DicePokerPanel, POKER_WORDS),
    "solitaire": (SolitairePanel, SOLITAIRE_WORDS),
    "sly-dice": (SlyDicePanel, SLY_WORDS),
    "solo": (SoloPanel, SOLO_WORDS),
}


@pytest.mark.parametrize("lang", LANGS)
def test_how_to_play_in_every_game(open_app, lang):
    for game, (panel_class, table) in HOW.items():
        page = open_app(lang=lang, game=game)
        panel = page.locator(f".dicelab-{game}")
        toggle, box = panel.locator(".dicelab-how-toggle"), panel.locator(".dicelab-how")
        expect(box).to_be_hidden()
        toggle.click()
        expect(toggle).to_have_attribute("aria-pressed", "true")
        w = Words(table, lang)
        goal, terms = panel_class.how_to_play
        expect(box).to_contain_text(w(goal))
        expect(box.locator("dt")).to_have_text([w(term) for term, _ in terms])
        expect(box.locator("dd")).to_have_text([w(meaning) for _, meaning in terms])
        toggle.click()
        expect(box).to_be_hidden()
