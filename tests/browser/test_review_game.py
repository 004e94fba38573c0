""" "Review this game" in the browser (issues 54 and 55): a finished game of
each game loaded in the play app, its review made in the
background, then each choice one at a time, the costliest first, in every
language at the projector's size and the laptop's: the whole review in
sight, every label whole, axe-clean."""

from __future__ import annotations

import shutil

import numpy as np
import pytest
from playwright.sync_api import expect

from dicelab.core.engine import play_out
from dicelab.core.engine.cache import cache_dir
from dicelab.core.present.review import points
from dicelab.core.ui.words import LANGS, Words
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.panel.words import WORDS
from dicelab.dice_poker.review import review_game
from dicelab.dice_poker.solver import solve
from dicelab.dice_poker.strategy import strategy
from dicelab.games import GAMES
from dicelab.sly_dice.game import SlyDiceGame
from dicelab.sly_dice.panel.words import WORDS as SLY_WORDS
from dicelab.sly_dice.review import review_game as sly_review
from dicelab.sly_dice.review_text import claim_text
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.panel.words import WORDS as SOLITAIRE_WORDS
from dicelab.solitaire.review import review_game as solitaire_review
from dicelab.solo.game import SoloGame
from dicelab.solo.panel.words import WORDS as SOLO_WORDS
from dicelab.solo.review import review_game as solo_review
from dicelab.solo.review_text import top_text
from tests.browser.conftest import LAPTOP, PROJECTOR, cut_labels, resize, screenshot, show
from tests.browser.keyboard import Keyboard
from tests.browser.test_accessibility import load, violations

pytestmark = pytest.mark.browser
SAVE = "reviewed-game.json"
SOLITAIRE_SAVE = "reviewed-solitaire.json"
REVIEWED = 60_000  # ms: the optimal table read from the cache, then the review


@pytest.fixture(scope="module")
def solitaire_finished(play_server):
    """A finished game of Ana and Bia (greedy) saved in the app's folder, its reviews."""
    game = SolitaireGame(["Ana", "Bia"], seed=2)
    play_out(game, GAMES["solitaire"].strategy("greedy"))
    game.save(play_server.workdir / SOLITAIRE_SAVE)
    return solitaire_review(game)


@pytest.fixture(scope="module")
def table_finished(play_server):
    """A finished game of Sly Dice and one of Solo, of Ana (the app's player),
    Cleo and Duda, saved in the app's folder: {game: (save, reviews)}."""
    found = {}
    for game, bots in (
        (SlyDiceGame(["Ana", "Cleo", "Duda"], seed=4), ("random-liar", "calculator", "honest")),
        (SoloGame(["Ana", "Cleo", "Duda"], seed=4), ("random", "blocker", "dump-high")),
    ):
        name = "sly-dice" if isinstance(game, SlyDiceGame) else "solo"
        info = GAMES[name]
        play_out(game, {p: info.strategy(b) for p, b in zip(game.players, bots, strict=True)})
        game.save(play_server.workdir / f"reviewed-{name}.json")
        found[name] = (
            f"reviewed-{name}.json",
            (sly_review if name == "sly-dice" else solo_review)(game),
        )
    return found


@pytest.fixture(scope="module")
def finished(play_server):
    """A finished game of Ana and Bia (greedy) saved in the app's folder, its
    reviews, and the optimal table in the app's cache (no solve in the page)."""
    game, greedy = DicePokerGame(["Ana", "Bia"], seed=2), strategy("greedy")
    rng = np.random.default_rng(0)
    while not game.is_over:
        name = game.current_player
        game.apply(greedy(game.view(name), game.legal_actions(name), rng))
    game.save(play_server.workdir / SAVE)
    solution = solve("dice-poker", progress="none")
    app_cache = play_server.workdir / "cache"
    app_cache.mkdir(exist_ok=True)
    for table in cache_dir().glob("solver-dice-poker-*"):
        if not (app_cache / table.name).exists():
            shutil.copy(table, app_cache / table.name)
    return review_game(game, solution)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [PROJECTOR, LAPTOP], ids=["1280x800", "1024x700"])
def test_a_finished_game_is_reviewed_choice_by_choice(open_app, finished, lang, size):
    page = open_app(size, lang, "dice-poker")
    panel = page.locator(".dicelab-dice-poker")
    w = Words(WORDS, lang)
    load(panel, SAVE)
    button = panel.locator(".dicelab-review-game")
    expect(button).to_have_text(w("review_game"))
    button.click()
    position = panel.locator(".dicelab-review-position")
    count = len(finished[0].decisions)
    expect(position).to_have_text(w("review_position", n=1, count=count), timeout=REVIEWED)
    worst = finished[0].costliest(1)[0]
    decision = panel.locator(".dicelab-review-decision")
    expect(decision).to_contain_text(w("review_where", turn=worst.turn, roll=worst.roll))
    expect(decision).to_contain_text(points(worst.loss, lang))
    expect(decision.locator(".dicelab-review-die")).to_have_count(10)
    kept = len(worst.choice) if isinstance(worst.choice, tuple) else 0
    best = len(worst.best) if isinstance(worst.best, tuple) else 0
    expect(decision.locator(".dicelab-kept")).to_have_count(kept + best)
    seen_whole(page, panel.locator(".dicelab-review"), size, lang)
    screenshot(page, f"dice-poker-review-{lang}-{size[0]}x{size[1]}")
    panel.locator(".dicelab-review-next").click()
    expect(position).to_have_text(w("review_position", n=2, count=count))
    panel.locator(".dicelab-review-player select").select_option(index=1)
    expect(position).to_have_text(w("review_position", n=1, count=len(finished[1].decisions)))


def seen_whole(page, review, size, lang: str) -> None:
    """The whole review in the viewport, nothing wider than the page, every
    label whole, axe-clean."""
    review.scroll_into_view_if_needed()
    drawn = review.bounding_box()
    assert drawn["height"] <= size[1] and drawn["x"] + drawn["width"] <= size[0]
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    assert cut_labels(page) == []
    assert violations(page, f"the review ({lang})") == []


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [PROJECTOR, LAPTOP], ids=["1280x800", "1024x700"])
def test_a_finished_solitaire_game_is_reviewed_split_by_split(
    open_app, solitaire_finished, lang, size
):
    page = open_app(size, lang, "solitaire")
    panel = page.locator(".dicelab-solitaire")
    w = Words(SOLITAIRE_WORDS, lang)
    load(panel, SOLITAIRE_SAVE)
    panel.locator(".dicelab-review-game").click()
    position = panel.locator(".dicelab-review-position")
    count = len(solitaire_finished[0].decisions)
    expect(position).to_have_text(w("review_position", n=1, count=count), timeout=REVIEWED)
    worst = solitaire_finished[0].costliest(1)[0]
    decision = panel.locator(".dicelab-review-decision")
    expect(decision).to_contain_text(w("review_at_roll", roll=worst.roll))
    expect(decision).to_contain_text(points(worst.loss, lang))
    expect(decision.locator(".dicelab-review-die")).to_have_count(5)
    seen_whole(page, panel.locator(".dicelab-review"), size, lang)
    screenshot(page, f"solitaire-review-{lang}-{size[0]}x{size[1]}")
    panel.locator(".dicelab-review-next").click()
    expect(position).to_have_text(w("review_position", n=2, count=count))


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["sly-dice", "solo"])
def test_a_finished_table_game_is_reviewed_at_both_sizes(open_app, table_finished, game, lang):
    """Sly Dice claim by claim, Solo card by card: the review at the projector's
    size, then (the page reflowed) at the laptop's."""
    page = open_app(PROJECTOR, lang, game)
    panel = page.locator(f".dicelab-{game}")
    save, reviews = table_finished[game]
    w = Words(SLY_WORDS if game == "sly-dice" else SOLO_WORDS, lang)
    load(panel, save)
    panel.locator(".dicelab-review-game").click()
    position = panel.locator(".dicelab-review-position")
    count = len(reviews[0].decisions)
    expect(position).to_have_text(w("review_position", n=1, count=count), timeout=REVIEWED)
    worst = reviews[0].in_review_order()[0]
    decision = panel.locator(".dicelab-review-decision")
    if game == "sly-dice":
        rules = SlyDiceGame(["Ana", "Cleo"]).rules
        said = w("review_at_round", round=worst.round, claim=claim_text(worst, rules, lang))
        dice = 3 + len(worst.aside) + len(worst.hidden)
        expect(decision.locator(".dicelab-review-die")).to_have_count(dice)
    else:
        said = w("review_at_round", round=worst.round, top=top_text(worst, lang))
    expect(decision).to_contain_text(said)
    expect(decision).to_contain_text(points(worst.loss, lang))
    for size in (PROJECTOR, LAPTOP):
        resize(page, size)
        seen_whole(page, panel.locator(".dicelab-review"), size, lang)
        screenshot(page, f"{game}-review-{lang}-{size[0]}x{size[1]}")
    panel.locator(".dicelab-review-next").click()
    expect(position).to_have_text(w("review_position", n=2, count=count))


@pytest.mark.parametrize(
    ("game", "save", "lang"),
    [
        ("dice-poker", SAVE, "en"),
        ("solitaire", SOLITAIRE_SAVE, "pt"),
        ("sly-dice", "reviewed-sly-dice.json", "fr"),
        ("solo", "reviewed-solo.json", "es"),
    ],
)
def test_the_review_is_used_with_the_keyboard_alone(
    open_app, finished, solitaire_finished, table_finished, game, save, lang
):
    """From the end screen: Tab to Review this game, Enter; the review comes; Tab
    to Next, Enter: the second choice; every stop ringed and on screen."""
    page = open_app(PROJECTOR, lang, game)
    panel = page.locator(f".dicelab-{game}")
    load(panel, save)
    table = {"dice-poker": WORDS, "solitaire": SOLITAIRE_WORDS, "sly-dice": SLY_WORDS}
    w = Words(table.get(game, SOLO_WORDS), lang)
    keys = Keyboard(panel)
    keys.enter_panel()
    keys.reach(".dicelab-review-game")
    page.keyboard.press("Enter")
    reviews = {"dice-poker": finished, "solitaire": solitaire_finished}
    reviews |= {name: found for name, (_, found) in table_finished.items()}
    count = len(reviews[game][0].decisions)
    position = panel.locator(".dicelab-review-position")
    expect(position).to_have_text(w("review_position", n=1, count=count), timeout=REVIEWED)
    keys.reach(".dicelab-review-next")
    page.keyboard.press("Enter")
    expect(position).to_have_text(w("review_position", n=2, count=count))
    keys.check(keys.where(), "Enter")


def test_the_review_stays_in_sight_when_the_language_changes(open_app, solitaire_finished):
    """The app's language switch builds the panel again in the new language: the
    review goes on where it was (the second choice), in the new words."""
    page = open_app(PROJECTOR, "en", "solitaire")
    panel = page.locator(".dicelab-solitaire")
    load(panel, SOLITAIRE_SAVE)
    panel.locator(".dicelab-review-game").click()
    count = len(solitaire_finished[0].decisions)
    position = panel.locator(".dicelab-review-position")
    expect(position).to_have_text(
        Words(SOLITAIRE_WORDS, "en")("review_position", n=1, count=count), timeout=REVIEWED
    )
    panel.locator(".dicelab-review-next").click()
    expect(position).to_have_text(Words(SOLITAIRE_WORDS, "en")("review_position", n=2, count=count))
    show(page, PROJECTOR, "it", "solitaire")
    said = Words(SOLITAIRE_WORDS, "it")("review_position", n=2, count=count)
    expect(page.locator(".dicelab-solitaire .dicelab-review-position")).to_have_text(said)
