"""What the rules hide never reaches a student's browser (panels-in-browser-2,
defects 1 and 2): Sly Dice and Solo are played against bots in the play app,
and at each step, before the rules reveal anything, every websocket frame the
page has received (every widget's state, from the page's first byte) and the
page's HTML are searched for the game's seed and for each bot's hidden dice
or cards, read from a save made at that moment with the panel's Save (the file
stays on the server).  Once the game is over the seed is shown.
"""

from __future__ import annotations

import itertools
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from dicelab.sly_dice.game import SlyDiceGame
from dicelab.solo.game import Accept, Draw, Play, SoloGame
from dicelab.solo.rules import card
from tests.browser.conftest import LOAD, PROJECTOR, _blank_page, show
from tests.browser.test_sly_dice import asked_in_the_last_round

pytestmark = pytest.mark.browser
FACES = "⚀⚁⚂⚃⚄⚅"
SLY_SEED, SOLO_SEED = 402_987, 518_364  # numbers no other on the page is likely to hold


class Wire:
    """Everything a page has received: each websocket frame (text, or the UTF-8
    text inside a binary one) and, when read, the page's HTML."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frames: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._received))

    def _received(self, payload: str | bytes) -> None:
        text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
        self.frames.append(text)

    def text(self) -> str:
        return "\n".join([*self.frames, self.page.content()])


@pytest.fixture
def fresh_page(browser, play_server, app_ready) -> Iterator[tuple[Any, Wire]]:
    """A page of the play app of its own, listened to from its first frame."""
    page = _blank_page(browser, PROJECTOR)
    wire = Wire(page)
    page.goto(play_server.url, wait_until="domcontentloaded")
    page.locator(".dicelab-dice-poker .dicelab-roll").wait_for(timeout=LOAD)
    yield page, wire
    page.context.close()


def new_game(panel: Any, wire: Wire, seed: int) -> None:
    """A new game from `seed`, typed by the student: from then on, what the page
    receives is listened to (the box's own echo of what was typed comes before)."""
    panel.locator(".dicelab-seed-text input").fill(str(seed))
    panel.locator(".dicelab-new-game").click()
    expect(panel.locator(".dicelab-message")).to_contain_text("its seed is shown when it is over")
    expect(panel.locator(".dicelab-seed-text input")).to_have_value("")
    wire.frames.clear()


def saved(panel: Any, folder: Path, name: str) -> dict[str, Any]:
    """The game of the page, saved by its Save button and read from the server's file."""
    panel.locator(".dicelab-save-path input").fill(name)
    panel.locator(".dicelab-save").click()
    expect(panel.locator(".dicelab-message")).to_contain_text(name)
    data: dict[str, Any] = json.loads((folder / name).read_text(encoding="utf-8"))
    return data


def has_number(text: str, number: int) -> bool:
    """Whether `number` is written in `text` as a number of its own (not inside a
    longer number or a hexadecimal id)."""
    return re.search(rf"(?<![0-9A-Za-z]){number}(?![0-9A-Za-z])", text) is not None


def faces(dice: Any) -> set[str]:
    """Dice written as die faces, in every order."""
    return {"".join(FACES[d - 1] for d in order) for order in itertools.permutations(dice)}


def dice_forms(dice: list[int]) -> set[str]:
    """A bot's hidden dice as a page could write them: faces in any order, and for
    three dice their escapes and digits with spaces or commas."""
    forms = faces(dice)
    if len(dice) == 3:
        for order in set(itertools.permutations(dice)):
            forms.add("".join(f"\\u{ord(FACES[d - 1]):04x}" for d in order))
            forms.update(joint.join(map(str, order)) for joint in (" ", ", ", ","))
    return forms


def written(form: str, text: str) -> int:
    """Where `form` is written in `text` as dice of their own (digits not inside a
    longer number or an SVG path), or -1."""
    if not form[0].isdigit():
        return text.find(form)
    found = re.search(rf"(?<![\w.\-])(?<!\d ){re.escape(form)}(?![\d.]| \d)", text)
    return -1 if found is None else found.start()


def hidden_dice_found(text: str, data: dict[str, Any]) -> list[str]:
    """The bots' hidden dice (two or three, not shown) written in `text`.  What the
    page writes anyway is not counted: dice equal to your own, the common dice
    or a player's dice set aside, and faces found inside those in any order."""
    seats = data["seats"]
    public = [seats[0]["aside"] + seats[0]["hidden"], data["common"] or []]
    public += [seat["aside"] for seat in seats]
    shown = [form for group in public if group for form in faces(group)]
    found = []
    for name, seat in zip(data["players"][1:], seats[1:]):
        if (
            len(seat["hidden"]) < 2
            or seat["shown"]
            or sorted(seat["hidden"]) in map(sorted, public)
        ):
            continue  # nothing to find, or the same dice as the page shows anyway
        for form in dice_forms(seat["hidden"]):
            at = written(form, text)
            if at >= 0 and not any(form in seen for seen in shown):
                found.append(f"{name}: {form} in {text[max(0, at - 80) : at + 80]!r}")
    return found


def sly_click(panel: Any, game: SlyDiceGame) -> None:
    """One click of Ana's: roll the common dice, then her own once, stop, claim the
    first card on the table, pass on every claim, keep her dice hidden."""
    view = game.view("Ana")
    phase = view.phase
    if phase == "rolling" and view.seats[0].rolls == 0:
        panel.locator(".dicelab-roll").click()
    elif phase == "rolling":
        panel.locator(".dicelab-stop").click()
    elif phase == "claim":
        panel.locator(f".dicelab-card-{view.table[0]}").click()
    elif phase == "ask":
        panel.locator(".dicelab-pass").click()
    elif phase == "reveal":
        panel.locator(".dicelab-keep").click()
    else:
        panel.locator(".dicelab-roll").click()  # the common dice of a round


def test_a_sly_dice_game_sends_no_hidden_die_and_no_seed(fresh_page, play_server):
    page, wire = fresh_page
    show(page, PROJECTOR, "en", "sly-dice")
    panel = page.locator(".dicelab-sly-dice")
    expect(panel.locator(".dicelab-show-all")).to_have_count(0)
    new_game(panel, wire, SLY_SEED)
    checked = 0
    for step in range(40):
        data = saved(panel, play_server.workdir, f"sly-{step}.json")
        game = SlyDiceGame.from_json(json.dumps(data))
        if data["history"]:  # round 1 is over: its dice are history
            break
        text = wire.text()
        assert not has_number(text, data["seed"]), step
        assert hidden_dice_found(text, data) == [], step
        for key in ('"hidden":', '"seats":', '"deal":', "bit_generator", "PCG64", "sly-dice-game"):
            assert key not in text.replace('": ', '":'), (step, key)
        checked += sum(len(s["hidden"]) >= 2 and not s["shown"] for s in data["seats"][1:])
        message = panel.locator(".dicelab-message").inner_text()
        sly_click(panel, game)
        expect(panel.locator(".dicelab-message")).not_to_have_text(message)
    assert checked >= 4  # the bots' dice were hidden behind their shields at least 4 times

    last = asked_in_the_last_round(seed=730_519)  # the end of a game, loaded
    last.save(play_server.workdir / "sly-last.json")
    panel.locator(".dicelab-save-path input").fill("sly-last.json")
    panel.locator(".dicelab-load").click()
    expect(panel.locator(".dicelab-message")).to_contain_text("sly-last.json")
    seed = last.seed
    assert seed is not None and not has_number(wire.text(), seed)
    for step in range(30):
        data = saved(panel, play_server.workdir, f"sly-end-{step}.json")
        game = SlyDiceGame.from_json(json.dumps(data))
        if game.is_over:
            break
        assert not has_number(wire.text(), seed), step
        message = panel.locator(".dicelab-message").inner_text()
        sly_click(panel, game)
        expect(panel.locator(".dicelab-message")).not_to_have_text(message)
    assert game.is_over
    expect(panel.locator(".dicelab-seed")).to_have_text(f"Seed: {seed}")
    expect(panel.locator(".dicelab-end")).to_contain_text(f"type its seed, {seed}")


def bot_cards_found(text: str, data: dict[str, Any], public: set[str]) -> list[str]:
    """The bots' cards written in `text` (by id, and coloured ones by name), leaving
    out every card the page shows anyway: those in `public` (all the cards you
    have held, all those played) and another copy of them."""
    found = []
    for name, hand in zip(data["players"][1:], data["hands"][1:]):
        for card_id in sorted(set(hand) - public):
            if has_card_id(text, card_id):
                found.append(f"{name}: {card_id} in {context(text, card_id)}")
            named = card(card_id)
            if named.colour is not None and named.name("en") in text:
                found.append(f"{name}: {named.name('en')} in {context(text, named.name('en'))}")
    return found


def context(text: str, word: str) -> str:
    """Where `word` first is in `text`, with 80 characters either side."""
    at = text.find(word)
    return repr(text[max(0, at - 80) : at + len(word) + 80])


def has_card_id(text: str, card_id: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(card_id)}(?![\w-])", text) is not None


def solo_click(panel: Any, game: SoloGame) -> bool:
    """One move of Ana's, if she can make it simply: accept an attack, play her
    first playable card that asks for nothing but a colour (the first one
    offered), else draw (False: none of these)."""
    legal = game.legal_actions("Ana")
    if Accept("Ana") in legal:
        panel.locator(".dicelab-accept").click()
        return True
    simple = [a for a in legal if isinstance(a, Play) and not a.solo]
    simple = [a for a in simple if a.target is None and not a.gift and card(a.card).kind != "gift"]
    if simple:
        hand = panel.locator(".dicelab-hand-card:visible")
        tips = [hand.nth(i).get_attribute("title") or "" for i in range(hand.count())]
        name = card(simple[0].card).name("en")
        hand.nth(next(i for i, tip in enumerate(tips) if tip.startswith(name))).click()
        if simple[0].colour is not None:
            panel.locator(".dicelab-colour-button:visible").first.click()
        return True
    if Draw("Ana") in legal:
        panel.locator(".dicelab-draw").click()
        return True
    return False


def test_a_solo_game_sends_no_card_of_the_bots_and_no_seed(fresh_page, play_server):
    page, wire = fresh_page
    show(page, PROJECTOR, "en", "solo")
    panel = page.locator(".dicelab-solo")
    new_game(panel, wire, SOLO_SEED)
    checked, public = 0, set()
    for step in range(12):
        data = saved(panel, play_server.workdir, f"solo-{step}.json")
        game = SoloGame.from_json(json.dumps(data))
        if data["rounds"] or game.is_over:  # a round scored: its hands were shown
            break
        public |= set(data["hands"][0]) | set(data["discard"])
        text = wire.text()
        assert not has_number(text, data["seed"]), step
        assert bot_cards_found(text, data, public) == [], step
        for key in ('"hands":', '"draw":', '"discard":', "bit_generator", "PCG64", "solo-game"):
            assert key not in text.replace('": ', '":'), (step, key)
        checked += sum(len(hand) for hand in data["hands"][1:])
        message = panel.locator(".dicelab-message").inner_text()
        if not solo_click(panel, game):
            break
        expect(panel.locator(".dicelab-message")).not_to_have_text(message)
    assert checked >= 40  # the bots' cards searched for, step after step
