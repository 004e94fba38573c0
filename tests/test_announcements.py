"""What a panel announces to a screen reader (`Aria.say`, read by the page's
polite live region): its answer to each click, each new line of its log, the
end of the game; each once.  (That the page speaks them: tests/browser.)"""

from __future__ import annotations

from collections import Counter
from typing import Any

from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.solo.panel import SoloPanel


def listen(panel: Any) -> list[str]:
    """The texts `panel` announces from now on, in order."""
    heard: list[str] = []
    panel.aria.send = lambda content, buffers=None: heard.append(content["say"])
    return heard


def test_a_sly_dice_round_announces_each_roll_bot_action_and_refusal_once() -> None:
    panel = SlyDicePanel(["Ana"], seed=7)
    heard = listen(panel)
    refused = []
    panel.roll_button.click()
    panel.roll_button.click()
    for control in (panel.accuse_button, panel.accuse_button):  # twice: said twice
        control.click()
        assert panel.message.kind == "error"
        refused.append(panel.message.text)
    panel.stop_button.click()
    lines = panel.log.lines
    assert len(lines) >= 5 and any(line.startswith("Cleo") for line in lines)  # bots' turns
    assert [text for text in heard if text in set(lines)] == lines  # each once, in order
    assert Counter(text for text in heard if text in set(refused)) == Counter(refused)
    assert heard[-1] == panel.message.text  # what to do now, last


def test_the_same_log_in_another_language_announces_nothing_new() -> None:
    panel = SlyDicePanel(["Ana"], seed=7)
    panel.roll_button.click()
    panel.roll_button.click()
    spanish = panel.in_language("es")
    heard = listen(spanish)
    spanish.refresh()
    assert spanish.log.lines and not set(heard) & set(spanish.log.lines)


def test_solo_announces_a_play_once_not_again_in_the_message() -> None:
    panel = SoloPanel(["Ana"], seed=32, bots=["random", "random"])
    heard = listen(panel)
    before = len(panel.log.lines)
    usable = [b for b in panel.hand.buttons if "dicelab-unavailable" not in b._dom_classes]
    (usable[0] if usable else panel.draw_button).click()
    new = panel.log.lines[before:]
    assert new and panel.message.text == " · ".join(new)  # the message shows the log's lines
    assert Counter(text for text in heard if text in set(new)) == Counter(new)  # said once


def test_the_end_of_a_game_is_announced_once() -> None:
    panel = DicePokerPanel(["Ana"], seed=2)
    heard = listen(panel)
    while not panel.game.is_over:
        panel.roll_button.click()
        options = panel.game.options()
        panel.scorecard.box_buttons[0][max(options, key=lambda b: (options[b], b))].click()
    panel.refresh()
    panel.refresh()
    ends = [text for text in heard if text.startswith("Game over")]
    assert len(ends) == 1, heard[-3:]
