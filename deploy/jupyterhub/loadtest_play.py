"""How a simulated student plays the Dice Poker and Solitaire Dice panels by clicks.

Each panel is found by the widgets its cell opened (`KernelClient.models`,
`opened_by`), and read the way a student reads the screen: the CSS classes
the panels give their controls (`dicelab-roll`, `dicelab-die-<i>`,
`dicelab-held`, `dicelab-box-<id>` on the player to move's open boxes,
`dicelab-option-<player>-<i>`, `dicelab-unavailable`, ...) and the buttons'
descriptions.  `next_move` is always a legal click: Roll, dice held toward
the most common face, the best open box; Roll, then an option for every
player who has to choose.  A finished game starts again with New game.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from loadtest_kernel import Model

PANELS = {
    "dice-poker": (
        "from dicelab.dice_poker.panel import DicePokerPanel\n"
        'poker = DicePokerPanel(["Ana", "Bruno"], seed={seed})\n'
        "poker"
    ),
    "solitaire": (
        "from dicelab.solitaire.panel import SolitairePanel\n"
        'solitaire = SolitairePanel(["Ana", "Bruno"], seed={seed})\n'
        "solitaire"
    ),
}
FACES = "⚀⚁⚂⚃⚄⚅"
BLANK = "\u00a0"
OPTION = re.compile(r"dicelab-option-(\d+)-(\d+)$")
KINDS = (
    ("dicelab-hints-toggle", "hints"),
    ("dicelab-roll", "roll"),
    ("dicelab-die-", "die"),
    ("dicelab-box-", "box"),
    ("dicelab-option-", "option"),
    ("dicelab-new-game", "new game"),
)
KEEP_ROLLING = 0.75  # how often a student rolls again rather than scoring at once


@dataclass(frozen=True)
class Move:
    """One click: a Button to click, or a ToggleButton to switch on."""

    model: Model
    toggle: bool = False

    @property
    def label(self) -> str:
        """What the student sees on the control (its description, else its last class)."""
        return self.model.description or self.model.classes[-1]

    @property
    def kind(self) -> str:
        """What the click is: "hints", "roll", "die", "box", "option" or "new game"."""
        for css, kind in KINDS:
            if any(c.startswith(css) for c in self.model.classes):
                return kind
        return "other"


def with_class(models: Iterable[Model], css: str) -> list[Model]:
    """The models carrying the CSS class `css`."""
    return [m for m in models if css in m.classes]


def one(models: Iterable[Model], css: str) -> Model:
    """The one model with the CSS class `css` (`LookupError` if there is none)."""
    found = with_class(models, css)
    if not found:
        raise LookupError(f"no widget with the class {css}")
    return found[0]


def usable(model: Model) -> bool:
    """Whether a control is shown as usable now."""
    return "dicelab-unavailable" not in model.classes


def hints_move(models: list[Model]) -> Move | None:
    """Switch Hints on (a student wants the odds) if it is off."""
    toggle = one(models, "dicelab-hints-toggle")
    return None if toggle.state.get("value") else Move(toggle, toggle=True)


def new_game(models: list[Model]) -> Move:
    """Start the panel's game again (the last one has ended)."""
    return Move(one(models, "dicelab-new-game"))


def dice_poker_move(models: list[Model], rng: random.Random) -> Move:
    """The next click in Dice Poker: roll, hold toward the most common face, or score."""
    roll = one(models, "dicelab-roll")
    dice = [one(models, f"dicelab-die-{i}") for i in range(5)]
    boxes = [
        m
        for m in models
        if m.description.startswith("→")
        and usable(m)
        and any(c.startswith("dicelab-box-") for c in m.classes)
    ]
    if not boxes:
        return Move(roll) if usable(roll) else new_game(models)
    if usable(roll) and rng.random() < KEEP_ROLLING:
        faces = Counter(d.description for d in dice if d.description in FACES)
        target = faces.most_common(1)[0][0]
        wrong = [d for d in dice if (d.description == target) != ("dicelab-held" in d.classes)]
        if wrong and usable(wrong[0]):
            return Move(wrong[0])
        return Move(roll)
    best = max(boxes, key=lambda m: int(m.description.removeprefix("→").strip()))
    return Move(best)


def solitaire_move(models: list[Model], rng: random.Random) -> Move:
    """The next click in Solitaire Dice: an option of the first player who has to
    choose, else Roll, else New game."""
    options: dict[int, list[Model]] = {}
    for model in models:
        for css in model.classes:
            found = OPTION.match(css)
            if found and model.description not in ("", BLANK):
                options.setdefault(int(found.group(1)), []).append(model)
    if options:
        return Move(rng.choice(options[min(options)]))
    roll = one(models, "dicelab-roll")
    return Move(roll) if usable(roll) else new_game(models)


def next_move(panel: str, models: list[Model], rng: random.Random) -> Move:
    """The next legal click in `panel` ("dice-poker" or "solitaire"), Hints first."""
    first = hints_move(models)
    if first is not None:
        return first
    if panel == "dice-poker":
        return dice_poker_move(models, rng)
    return solitaire_move(models, rng)


def panel_problem(models: list[Model]) -> str | None:
    """The panel's message if it answers with an error (an illegal click or an
    internal error), else None."""
    message = one(models, "dicelab-message")
    if "dicelab-message-error" in message.classes:
        return re.sub(r"<[^>]+>", "", str(message.state.get("value", "")))
    return None
