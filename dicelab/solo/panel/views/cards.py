"""Solo's cards as the panel draws them: small coloured cards, as buttons (your
hand) or as HTML (the top of the discard pile, the backs of the others' cards).

A card shows its number, or a symbol for an action card (⊘ Skip, ⇄ Reverse,
+2, ⇅ Swap hands, ⚡ Protection; black: ◕ Choose colour, +4, ⟳ Rotate hands,
⋈ (a bow) Gift), on its colour; its name and points are its tooltip.

>>> from dicelab.solo.rules import card
>>> symbol(card("red-7")), symbol(card("black-draw4")), card_css(card("blue-skip"))
('7', '+4', ['dicelab-solo-card', 'dicelab-card-blue', 'dicelab-kind-skip'])
>>> [c.id for c in sorted_hand([card("black-gift"), card("red-2"), card("blue-9")])]
['blue-9', 'red-2', 'black-gift']
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from dicelab.core.ui import palette
from dicelab.core.ui.aria import named
from dicelab.core.ui.widgets import set_visible, show_available
from dicelab.core.ui.words import Words
from dicelab.solo.rules import Card, card_order

SYMBOLS = {
    "skip": "⊘",
    "reverse": "⇄",
    "draw2": "+2",
    "swap": "⇅",
    "protection": "⚡",
    "choose": "◕",
    "draw4": "+4",
    "rotate": "⟳",
    "gift": "⋈",  # a bow
}
INK = {"blue": "#1565c0", "yellow": "#f9a825", "red": "#c62828", "green": "#2e7d32"}
# a colour is never told by colour alone: a mark of its own in the card's corner
MARK = {"blue": "●", "yellow": "▲", "red": "◆", "green": "■"}
ON_INK = {"blue": "#ffffff", "yellow": palette.TEXT, "red": "#ffffff", "green": "#ffffff"}
BLACK = "#212121"
RAINBOW = ", ".join(
    f"{INK[c]} {25 * i}% {25 * (i + 1)}%" for i, c in enumerate(("blue", "yellow", "red", "green"))
)
CARD_WIDTH, CARD_HEIGHT = "42px", "60px"
DRAWN = (
    "dicelab-card-",
    "dicelab-kind-",
    "dicelab-solo-card",
    "dicelab-highlight",
    "dicelab-picked",
    "dicelab-playing",
)

CARDS_CSS = (
    """
.dicelab-solo button.dicelab-solo-card {
  border-radius: 7px; padding: 0; font-weight: bold; color: #fff !important;
  border: 3px solid #fff; box-shadow: 0 0 0 1px #757575; line-height: 1;
  transition: transform 0.1s; position: relative; }
.dicelab-solo button.dicelab-solo-card.dicelab-unavailable { opacity: 1; cursor: not-allowed;
  border: 3px dashed #6b6b6b; }
.dicelab-solo button.dicelab-highlight { box-shadow: 0 0 0 3px #ff6f00;
  transform: translateY(-5px); }
.dicelab-solo button.dicelab-picked { box-shadow: 0 0 0 3px #6a1b9a;
  transform: translateY(-9px); }
.dicelab-solo button.dicelab-picked.dicelab-playing { box-shadow: 0 0 0 3px #fff, 0 0 0 6px #0d47a1;
  transform: translateY(-14px); }
.dicelab-solo .dicelab-face { display: inline-flex; align-items: center; justify-content: center;
  width: 58px; height: 84px; border-radius: 9px; border: 4px solid #fff; font-size: 30px;
  font-weight: bold; color: #fff; box-shadow: 0 0 0 1px #757575;
  position: relative; }
.dicelab-solo .dicelab-face.dicelab-chip { width: 24px; height: 34px; font-size: 13px;
  border-width: 2px; border-radius: 4px; margin: 1px; vertical-align: middle; }
.dicelab-solo .dicelab-face.dicelab-chip::before { font-size: 7px; left: 1px; }
.dicelab-solo .dicelab-cards-left { display: inline-block; max-width: 16em; text-align: left; }
.dicelab-solo table.dicelab-table td:has(> .dicelab-cards-left) { text-align: left; }
.dicelab-solo .dicelab-face.dicelab-back, .dicelab-solo .dicelab-mini {
  background: repeating-linear-gradient(45deg, #b71c1c 0 4px, #8e0000 4px 8px); }
.dicelab-solo .dicelab-mini { display: inline-block; width: 9px; height: 14px; margin-right: 1px;
  border-radius: 2px; border: 1px solid #fff; box-shadow: 0 0 0 1px #9e9e9e;
  vertical-align: middle; }
.dicelab-solo .dicelab-swatch { display: inline-block; width: 14px; height: 14px;
  border-radius: 50%; vertical-align: middle; margin-right: 4px; }
.dicelab-solo button.dicelab-colour-button { font-weight: bold; }
"""
    + "".join(
        f".dicelab-solo .dicelab-card-{c}, .dicelab-solo .dicelab-colour-{c} "
        f"{{ background-color: {ink} !important; }}\n"
        for c, ink in INK.items()
    )
    + "".join(  # the text on a card, on a colour button: 4.5:1 at least (test_palette)
        f".dicelab-solo button.dicelab-solo-card.dicelab-card-{c}, .dicelab-solo "
        f".dicelab-face.dicelab-card-{c}, .dicelab-solo button.dicelab-colour-button."
        f"dicelab-colour-{c} {{ color: {text} !important; }}\n"
        for c, text in ON_INK.items()
    )
    + "".join(
        f'.dicelab-solo .dicelab-card-{c}::before {{ content: "{mark}"; position: absolute; '
        "top: 1px; left: 3px; font-size: 10px; line-height: 1; }\n"
        for c, mark in MARK.items()
    )
    + f".dicelab-solo .dicelab-card-black {{ background-color: {BLACK} !important; }}\n"
    + "".join(
        f".dicelab-solo .dicelab-card-black.dicelab-kind-{kind} {{ background-image: "
        f"linear-gradient(90deg, {RAINBOW}) !important; background-size: 100% 6px !important; "
        "background-position: bottom !important; background-repeat: no-repeat !important; }\n"
        for kind in ("choose", "draw4")
    )
)


def card_tip(shown: Card, words: Words) -> str:
    """A card's name and penalty points."""
    return words("card_tip", count=shown.points, name=shown.name(words.lang), points=shown.points)


def spoken_name(shown: Card, lang: str) -> str:
    """A card's name for a screen reader, holding what the card shows (so that it
    can be said to speech input too).

    >>> from dicelab.solo.rules import card
    >>> spoken_name(card("red-7"), "en"), spoken_name(card("blue-draw2"), "en")
    ('Red 7', 'Blue Draw two, +2')
    >>> spoken_name(card("green-skip"), "fr")  # a symbol is not a word to say
    'Passe ton tour vert'
    """
    name, shown_text = shown.name(lang), symbol(shown)
    if shown_text in name or not any(c.isalnum() for c in shown_text):
        return name
    return f"{name}, {shown_text}"


def symbol(shown: Card) -> str:
    """What a card shows: its number, or its action's symbol."""
    return str(shown.number) if shown.number is not None else SYMBOLS[shown.kind]


def card_css(shown: Card) -> list[str]:
    """The CSS classes that draw a card: its colour (or black) and its kind."""
    return [
        "dicelab-solo-card",
        f"dicelab-card-{shown.colour or 'black'}",
        f"dicelab-kind-{shown.kind}",
    ]


def card_html(shown: Card, tip: str, small: bool = False) -> str:
    """A card drawn large (the top of the discard pile), or `small` (a card left in a
    hand at a round's end)."""
    css = " ".join(["dicelab-face", *card_css(shown)[1:], *(["dicelab-chip"] if small else [])])
    tip = html.escape(tip)
    return (
        f'<span class="{css}" role="img" aria-label="{tip}" title="{tip}">'
        f"{html.escape(symbol(shown))}</span>"
    )


def back_html(tip: str, text: str = "") -> str:
    """The back of a card, drawn large (the draw pile), with `text` on it."""
    return f'<span class="dicelab-face dicelab-back" title="{html.escape(tip)}">{text}</span>'


def backs_html(count: int, most: int = 10) -> str:
    """A hand seen from behind: up to `most` small card backs, then "×count"."""
    return '<span class="dicelab-mini" aria-hidden="true"></span>' * min(count, most) + f" ×{count}"


def swatch(colour: str) -> str:
    """A dot of `colour` (a colour in force)."""
    return (
        f'<span class="dicelab-swatch" aria-hidden="true" style="background:{INK[colour]}"></span>'
    )


def sorted_hand(hand: Sequence[Card]) -> list[Card]:
    return sorted(hand, key=card_order)


class HandView:
    """Your hand as card buttons, in `card_order` order.  `buttons[i]` shows the i-th
    card of that order and `places[i]` is its index in the engine's hand; a click
    calls `on_card(index in the engine's hand)`.  Buttons are kept and reused (the
    spare ones hidden and blank); each carries `dicelab-hand-card` and, while it
    shows a card, `dicelab-card-<colour>` and `dicelab-kind-<kind>`."""

    def __init__(self, on_card: Callable[[int], None]) -> None:
        self.on_card = on_card
        self.buttons: list[widgets.Button] = []
        self.places: list[int] = []
        self.cards: list[Card] = []
        self.names: dict[str, list[str]] = {}  # what a screen reader calls each card, by class
        self.widget = widgets.Box(
            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-end", min_height="76px")
        )
        self.widget.add_class("dicelab-hand")

    def _button(self, position: int) -> widgets.Button:
        button = widgets.Button(
            layout=widgets.Layout(
                width=CARD_WIDTH, height=CARD_HEIGHT, margin="8px 3px 2px 0", padding="0"
            )
        )
        button.style.font_size = "20px"
        button.add_class("dicelab-hand-card")
        button.add_class(f"dicelab-hand-card-{position}")
        button.on_click(lambda _b, k=position: self._clicked(k))
        return button

    def _clicked(self, position: int) -> None:
        if position < len(self.places):
            self.on_card(self.places[position])

    def button_for(self, card_id: str, nth: int = 0) -> widgets.Button:
        """The button of the `nth` copy of the card `card_id` in your hand."""
        found = [b for b, c in zip(self.buttons, self.cards) if c.id == card_id]
        if nth >= len(found):
            raise KeyError(f"no {card_id} in the hand shown")
        return found[nth]

    def button_at(self, index: int) -> widgets.Button:
        """The button of the card at `index` in the engine's hand."""
        return self.buttons[self.places.index(index)]

    def show_hand(
        self,
        hand: Sequence[Card],
        words: Words,
        playable: Collection[str],
        choice: Any,
        urgent: bool,
        why: str | Mapping[str, str],
    ) -> None:
        """Draw your hand: the cards you may click now usable (all while a Gift's cards
        are picked: `choice.ask == "gift"`), the card waiting for a choice and the cards
        picked raised (`choice.chosen`, `choice.picks`), and, when `urgent` (a card
        drawn, to jump in with, to answer an attack), the cards to play highlighted;
        the others say `why` not (one reason for all, or each card's by its id)."""
        tips, usable, marks = [], [], []
        self.names = {}
        for i, each in enumerate(hand):
            tip = card_tip(each, words)
            ok = choice.ask == "gift" or each.id in playable
            picked = i == choice.chosen or i in choice.picks
            playing = " dicelab-playing" if i == choice.chosen else ""  # the card itself
            marks.append(
                f"dicelab-picked{playing}"
                if picked
                else "dicelab-highlight"
                if ok and urgent
                else ""
            )
            reason = why.get(each.id, "") if isinstance(why, Mapping) else why
            tips.append(tip if ok else f"{tip} — {reason}")
            usable.append(ok)
        self.show(hand, tips, usable, marks)
        for position, i in enumerate(self.places):  # what a screen reader calls each card
            name = spoken_name(hand[i], words.lang)  # picked: aria-pressed (the script)
            self.names[f"dicelab-hand-card-{position}"] = named(self.buttons[position], name)

    def show(
        self,
        hand: Sequence[Card],
        tips: Sequence[str],
        usable: Sequence[bool],
        marks: Sequence[str],
    ) -> None:
        """Draw `hand` (the engine's order), each card with its tooltip, usable or not,
        and its marks ("", "dicelab-highlight", "dicelab-picked", or for the card
        being played that waits for a choice "dicelab-picked dicelab-playing")."""
        order = sorted(range(len(hand)), key=lambda i: (card_order(hand[i]), i))
        while len(self.buttons) < len(order):
            self.buttons.append(self._button(len(self.buttons)))
        self.places, self.cards = order, [hand[i] for i in order]
        for position, button in enumerate(self.buttons):
            shown = position < len(order)
            i = order[position] if shown else -1
            wanted = set(card_css(hand[i])) | set(marks[i].split()) if shown else set()
            for css in button._dom_classes:
                if css.startswith(DRAWN) and css not in wanted:
                    button.remove_class(css)
            for css in sorted(wanted):
                if css not in button._dom_classes:
                    button.add_class(css)
            button.description = symbol(hand[i]) if shown else ""
            tip = tips[i] if shown else ""
            show_available(button, usable[i] if shown else False, tip, tip)
            set_visible(button, shown)
        self.widget.children = self.buttons
