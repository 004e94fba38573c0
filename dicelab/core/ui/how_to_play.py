"""How to play: the rules in a few lines, and the words the Hints use, defined.

Each panel shows a "How to play" toggle beside Hints; on, it opens a box with
the game's goal and turn in a few lines (`goal`, a word key), then each game
term the Hints use (`terms`: the key of the word as the Hints write it, and
the key of its definition), so that a student who meets "Posterior" or "Best
hold" in the Hints finds it defined, in the panel's language.

>>> from dicelab.core.i18n import messages, msg
>>> words = Words(messages(msg("goal", "Roll high."), msg("p", "P"), msg("def_p", "a chance")))
>>> how = HowToPlay(words, "goal", (("p", "def_p"),))
>>> how.toggle.value = True
>>> how.box.value
'<p>Roll high.</p><dl><dt><b>P</b></dt><dd style="margin:0 0 4px 1.5em">a chance</dd></dl>'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from dicelab.core.ui.widgets import set_visible
from dicelab.core.ui.words import COMMON_WORDS, Words

__all__ = ["HowToPlay", "Terms"]

Terms = Sequence[tuple[str, str]]  # the key of a word the Hints use, the key of its definition


class HowToPlay:
    """`toggle` (a "How to play" button) and `box`, the rules and terms it shows."""

    def __init__(self, words: Words, goal: str, terms: Terms) -> None:
        self.words, self.goal, self.terms = words, goal, tuple(terms)
        common = Words(COMMON_WORDS, words.lang)
        self.toggle = widgets.ToggleButton(
            value=False, description=common("how_to_play"), icon="question-circle"
        )
        self.toggle.add_class("dicelab-how-toggle")
        self.box = widgets.HTML(layout=widgets.Layout(max_width="60em"))
        self.box.add_class("dicelab-how")
        self.toggle.observe(self._show, names="value")
        set_visible(self.box, False)

    def html(self) -> str:
        """The goal, then each term and its definition."""
        w = self.words
        rows = "".join(
            f"<dt><b>{html.escape(w(term))}</b></dt>"
            f'<dd style="margin:0 0 4px 1.5em">{html.escape(w(meaning))}</dd>'
            for term, meaning in self.terms
        )
        return f"<p>{html.escape(w(self.goal))}</p><dl>{rows}</dl>"

    def _show(self, change: Any = None) -> None:
        on = bool(self.toggle.value)
        self.box.value = self.html() if on else ""
        set_visible(self.box, on)
