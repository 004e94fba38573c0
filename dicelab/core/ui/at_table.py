"""`TablePanel`: a panel that plays one seat of a class table as well as a
game of its own.

At a class table the panel's game is that seat's `dicelab.classroom.TableGame`
(the engine contract, answered by the service from the seat's view): the
same panel code draws it and acts on it.  `at_table` builds the panel on the
seat; the table's code and the player's name go in the head; New game, the
seed and Save belong to the table, so the footer is hidden; `sync` redraws
when the table has moved (called at each piece of news when watching).
"""

from __future__ import annotations

import html
from typing import Any, TypeVar

from dicelab.core.ui.callbacks import safe_callback
from dicelab.core.ui.panel import G, H, Panel
from dicelab.core.ui.widgets import set_visible
from dicelab.errors import SettingsError

__all__ = ["TablePanel"]

T = TypeVar("T", bound="TablePanel[Any, Any]")


class TablePanel(Panel[G, H]):
    """A panel that may play a class table's seat (see the module); `seat` is
    the player's place at the table (the first, in a game of the panel's own)."""

    seat = 0

    @classmethod
    def at_table(cls: type[T], game: Any, lang: str = "en", watch: bool = True) -> T:
        """A panel playing one seat of a class table: `game` is that seat's
        `dicelab.classroom.TableGame`.  It shows only that seat's view, acts
        through the service, and (`watch`) redraws each time the table moves."""
        if not getattr(game, "remote", False):
            raise SettingsError(f"at_table needs a class table's seat, not {game!r}")
        panel = cls(game.players, seed=0, lang=lang, **cls._settings_of(game))
        panel.seat = game.players.index(game.me)
        panel._seat_at_table(game)
        if watch:
            game.watch(panel.sync)
        return panel

    def _seat_at_table(self, game: Any) -> None:
        """Play `game`, a class table's seat: the table's code and your name in the
        head, no footer; then draw it."""
        seat = html.escape(self.words("at_table", code=game.code, name=game.me))
        self.title.value += f"<div class='dicelab-at-table'>{seat}</div>"
        for box in (self.seed_controls.box, self.save_controls.box, self.again_button):
            set_visible(box, False)
        self._install(game, None)

    @safe_callback
    def sync(self) -> None:
        """Redraw if the class table has moved, and say what to do now."""
        game: Any = self._game  # at a class table, a TableGame
        if game.remote and game.sync():
            self.refresh()
            self.message.info(self._prompt())

    def _prompt(self) -> str:
        """What the player has to do now ("" when nothing)."""
        raise NotImplementedError

    def in_language(self: T, lang: str) -> T:
        """A panel in another language that plays on with the same game (at a class
        table: the same seat, still following the table)."""
        game: Any = self._game
        if not game.remote:
            return super().in_language(lang)
        panel = type(self).at_table(game, lang, watch=game.watching)
        panel.hints_toggle.value = self.hints_toggle.value
        self._carry_over(panel)
        return panel
