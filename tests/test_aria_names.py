"""What a screen reader calls a score box, a Solitaire option, a Solo card: the
names each panel gives its `Aria` widget, checked against the game itself, in
every language.  (That the page carries them is tests/browser/test_accessibility.)"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from dicelab.core.ui.words import LANGS, Words
from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.dice_poker.panel.words import WORDS as POKER_WORDS
from dicelab.solitaire.panel import SolitairePanel
from dicelab.solitaire.panel.hints import warm_up
from dicelab.solitaire.panel.words import WORDS as SOLITAIRE_WORDS
from dicelab.solitaire.panel.words import pairs_of
from dicelab.solo.panel import SoloPanel
from dicelab.solo.panel.views.cards import spoken_name, symbol
from dicelab.solo.rules import card


def shown_widgets(root: Any) -> list[Any]:
    """Every widget in the tree under `root`."""
    return [root, *(w for child in getattr(root, "children", ()) for w in shown_widgets(child))]


def names_of(panel: Any) -> dict[str, str]:
    """The names the panel gives its controls, by CSS class, after checking that
    each goes with the text and tooltip its control shows."""
    names: dict[str, list[str]] = panel.aria.names
    for css, (_name, text, tip) in names.items():
        (control,) = [w for w in shown_widgets(panel.widget) if css in w._dom_classes]
        assert (control.description, control.tooltip or "") == (text, tip)
    return {css: entry[0] for css, entry in names.items()}


@pytest.mark.parametrize("lang", LANGS)
def test_every_score_box_says_whose_it_is_and_what_it_scores(lang: str) -> None:
    panel = DicePokerPanel(["Ana", "Bruno"], seed=4, lang=lang)
    w = Words(POKER_WORDS, lang)
    boxes = {box.id: box.label(lang) for box in panel.game.ruleset.boxes}
    names = names_of(panel)
    assert len(names) == 2 * len(boxes)
    assert names[f"dicelab-card-1-{'threes'}"] == w("box_empty", name="Bruno", box=boxes["threes"])
    panel.roll_button.click()
    options = panel.game.options()
    names = names_of(panel)
    for box_id, points in options.items():
        said = w("box_option", name="Ana", box=boxes[box_id], points=points)
        assert names[f"dicelab-card-0-{box_id}"] == said
    assert all("Bruno" in names[f"dicelab-card-1-{b}"] for b in boxes)
    best = max(options, key=lambda b: (options[b], b))
    panel.scorecard.box_buttons[0][best].click()
    assert panel.game.state.cards[0].boxes[best] == options[best]
    said = w("box_scored", name="Ana", box=boxes[best], points=options[best])
    assert names_of(panel)[f"dicelab-card-0-{best}"] == said
    assert len(set(names_of(panel).values())) == 2 * len(boxes)  # no two alike


@pytest.mark.parametrize("lang", LANGS)
def test_a_solitaire_option_is_named_by_its_number_then_the_split_it_shows(lang: str) -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=5, lang=lang)
    w = Words(SOLITAIRE_WORDS, lang)
    warm_up().join()  # the hints' tables, for a suggestion
    panel.hints_toggle.value = True  # one option suggested
    panel.roll_button.click()
    dice, options = panel.game.dice, panel.game.options("Ana")
    assert dice is not None
    names = names_of(panel)
    assert len(names) == 2 * len(options)  # both players split the same roll
    for i, (split, button) in enumerate(zip(options, panel.option_buttons[0], strict=False)):
        (a, b), (c, d), _fifth = pairs_of(dice, split)
        assert sorted((a + b, c + d)) == sorted(split.pairs)
        shown = button.description.removeprefix("★ ")
        assert shown.startswith(f"{a}+{b}={a + b} · {c}+{d}={c + d} · ")
        name = w("option_name", n=i + 1, option=shown)
        suggested = button.description.startswith("★")
        assert names[f"dicelab-option-0-{i}"] == (
            f"{name} ({w('suggested')})" if suggested else name
        )
    assert sum("★" in b.description for b in panel.option_buttons[0]) == 1


@pytest.mark.parametrize("lang", LANGS)
def test_every_solo_card_in_your_hand_is_named_by_colour_and_value(lang: str) -> None:
    panel = SoloPanel(["Ana"], seed=32, lang=lang, bots=["random", "random"])
    hand = panel.game.view("Ana").hands[0]
    names = names_of(panel)
    assert Counter(names.values()) == Counter(spoken_name(each, lang) for each in hand)
    for position, each in enumerate(panel.hand.cards):
        name = names[f"dicelab-hand-card-{position}"]
        assert name.startswith(each.name(lang))
        assert symbol(each) in name or not any(c.isdigit() for c in symbol(each))


def test_a_solo_card_that_shows_a_number_says_it() -> None:
    assert [spoken_name(card(c), "en") for c in ("red-7", "blue-draw2", "black-draw4")] == [
        "Red 7",
        "Blue Draw two, +2",
        "Draw four, +4",
    ]
