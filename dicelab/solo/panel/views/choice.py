"""The Solo panel's choice row: what a card you clicked waits for before it is
played.

A Choose colour or a Draw four asks for a colour (four colour buttons), a
Swap hands for an opponent (one button per opponent), a Gift for the cards
to give (you click them in your hand, then Give); Cancel drops the card.
The row is hidden while nothing is asked; its buttons still answer a click
(with why they cannot be used now).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence

import ipywidgets as widgets

from dicelab.core.ui.widgets import close_tree, set_visible, show_available
from dicelab.core.ui.words import Words
from dicelab.solo.panel.words import colour_name
from dicelab.solo.rules import COLOURS


class ChoiceBox:
    """The choice under way (`ask`: "", "colour", "target" or "gift"; `chosen`: the
    card's index in your hand; `picks`: the cards picked to give) and its widgets:
    `colour_buttons[colour]`, `target_buttons[name]`, `give_button`, `cancel_button`."""

    def __init__(
        self,
        words: Words,
        on_colour: Callable[[str], None],
        on_target: Callable[[str], None],
        on_give: Callable[[], None],
        on_cancel: Callable[[], None],
    ) -> None:
        self.words, self.on_target = words, on_target
        self.ask = ""
        self.chosen: int | None = None
        self.picks: list[int] = []
        self.label = widgets.HTML()
        self.colour_buttons: dict[str, widgets.Button] = {}
        for colour in COLOURS:
            button = widgets.Button(
                description=colour_name(colour, words.lang).capitalize(),
                layout=widgets.Layout(width="auto", min_width="80px"),
            )
            button.add_class("dicelab-colour-button")
            button.add_class(f"dicelab-colour-{colour}")
            button.on_click(lambda _b, c=colour: on_colour(c))
            self.colour_buttons[colour] = button
        self.target_buttons: dict[str, widgets.Button] = {}
        self.targets = widgets.HBox()
        self.give_button = widgets.Button(icon="gift", layout=widgets.Layout(width="auto"))
        self.give_button.add_class("dicelab-give")
        self.give_button.on_click(lambda _b: on_give())
        self.cancel_button = widgets.Button(
            description=words("cancel"), icon="times", layout=widgets.Layout(width="auto")
        )
        self.cancel_button.add_class("dicelab-cancel")
        self.cancel_button.on_click(lambda _b: on_cancel())
        self.widget = widgets.HBox(
            [
                self.label,
                *self.colour_buttons.values(),
                self.targets,
                self.give_button,
                self.cancel_button,
            ],
            layout=widgets.Layout(align_items="center", flex_flow="row wrap", grid_gap="4px 6px"),
        )
        self.widget.add_class("dicelab-choice")

    def seat(self, opponents: Sequence[str]) -> None:
        """One button per opponent, to swap hands with (made again for other names)."""
        if list(self.target_buttons) == list(opponents):
            return
        for button in self.target_buttons.values():
            close_tree(button)
        self.target_buttons = {}
        for name in opponents:
            button = widgets.Button(
                description=name, icon="exchange", layout=widgets.Layout(width="auto")
            )
            button.add_class("dicelab-target")
            button.on_click(lambda _b, n=name: self.on_target(n))
            self.target_buttons[name] = button
        self.targets.children = list(self.target_buttons.values())

    def reset(self) -> None:
        self.ask, self.chosen, self.picks = "", None, []

    def start(self, ask: str, index: int) -> None:
        """The card at `index` of your hand waits for a colour, a target or a gift."""
        self.ask, self.chosen, self.picks = ask, index, []

    def keep(self, other: ChoiceBox) -> None:
        """Take on another panel's choice under way."""
        self.ask, self.chosen, self.picks = other.ask, other.chosen, list(other.picks)

    def pick(self, index: int, need: int) -> bool:
        """Pick a card to give, or put it back; False when `need` are picked already."""
        if index in self.picks:
            self.picks.remove(index)
        elif len(self.picks) >= need:
            return False
        else:
            self.picks.append(index)
        return True

    def refresh(self, need: int) -> None:
        """Show what is asked, with `need` cards to give for a Gift."""
        w, ask = self.words, self.ask
        set_visible(self.widget, bool(ask))
        self.label.value = html.escape(w(f"ask_{ask}")) if ask else ""
        for button in self.colour_buttons.values():
            set_visible(button, ask == "colour")
            show_available(button, ask == "colour", w("no_colour_asked"))
        for button in self.target_buttons.values():
            set_visible(button, ask == "target")
            show_available(button, ask == "target", w("no_target_asked"))
        set_visible(self.targets, ask == "target")
        set_visible(self.give_button, ask == "gift")
        picked = len(self.picks)
        self.give_button.description = w("give", count=need or 2, n=need or 2)
        gift = ask == "gift"
        why = w("pick_gift", count=need, n=need, picked=picked) if gift else w("no_gift_asked")
        show_available(self.give_button, gift and picked == need, why)
        set_visible(self.cancel_button, bool(ask))
        show_available(self.cancel_button, bool(ask), w("nothing_to_cancel"))
