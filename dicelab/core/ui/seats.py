"""Who sits at a panel's table.

`panel_players` checks the names of people taking turns at one screen (Dice
Poker, Solitaire Dice).  For a panel where you play against bots (Sly Dice,
Solo), `seats_of` names the table: you first, then one bot per other name, or,
when you come alone, bots named from `BOT_NAMES`; `BotsPanel` gives such a
panel its `from_game`, `load` and what `in_language` keeps (the rules and
the bots), and `at_table`: the same panel playing one seat of a class table,
its game a `dicelab.classroom.TableGame` (the bots and the other students
play in the service; the panel redraws each time the table moves).

>>> bots = ("blocker", "keep-black", "random")
>>> seats_of(["Ana"], None, "Solo", bots, bots)
(['Ana', 'Cleo', 'Duda'], ['blocker', 'keep-black'])
>>> seats_of(["Ana", "Bia"], ["random"], "Solo", ("blocker", "random"), ("blocker",))
(['Ana', 'Bia'], ['random'])
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import ipywidgets as widgets

from dicelab.core.engine import MAX_PLAYERS, player_names
from dicelab.core.ui.at_table import TablePanel
from dicelab.core.ui.panel import G, H
from dicelab.errors import SettingsError

BOT_NAMES = ("Cleo", "Duda", "Edu", "Fabi", "Gil")
B = TypeVar("B", bound="BotsPanel[Any, Any]")


def panel_players(players: Any, game: str) -> tuple[str, ...]:
    """1 to 6 different, non-empty names (surrounding spaces dropped); else `SettingsError`.

    >>> panel_players([" Ana ", "Bruno"], "Dice Poker")
    ('Ana', 'Bruno')
    >>> panel_players(["Ana", "Ana"], "Dice Poker")
    Traceback (most recent call last):
    ...
    dicelab.errors.SettingsError: player names must be different: 'Ana' appears twice
    """
    if players is None:
        raise SettingsError(f"players is a list of 1 to {MAX_PLAYERS} names, not None")
    return player_names(players, game)


def seats_of(
    players: Sequence[str],
    bots: Sequence[str] | None,
    game: str,
    names: Sequence[str],
    defaults: Sequence[str],
) -> tuple[list[str], list[str]]:
    """The players' names and the bots' kinds: you first; one bot per other name
    (`defaults` in turn when `bots` is None), or when you come alone, one per bot
    of `bots` (two when None); `SettingsError` for a bot not in `names`."""
    seated = [str(p).strip() for p in players]
    if not 1 <= len(seated) <= 6:
        raise SettingsError(f"{game} is for you and 1 to 5 bots, not {len(seated)} players")
    if len(seated) == 1:
        count = 2 if bots is None else len(bots)
        if not 1 <= count <= 5:
            raise SettingsError(f"{game} is for you and 1 to 5 bots, not {count} bots")
        seated += [n for n in BOT_NAMES if n != seated[0]][:count]
    kinds = (
        list(bots)
        if bots is not None
        else [defaults[i % len(defaults)] for i in range(len(seated) - 1)]
    )
    if len(kinds) != len(seated) - 1:
        raise SettingsError(f"one bot per other player: {len(seated) - 1} bots, not {len(kinds)}")
    unknown = [k for k in kinds if k not in names]
    if unknown:
        raise SettingsError(f"unknown bot {unknown[0]!r}; choose from {', '.join(names)}")
    return seated, kinds


class BotsPanel(TablePanel[G, H]):
    """A panel where you play against bots: its `kinds` (None for you, then each
    bot's), and `from_game` / `load` / `in_language` that keep the rules and the
    bots."""

    kinds: list[str | None]
    players_view: Any  # who sits where (`kinds` names them)
    bot_kinds: tuple[str, ...] = ()  # every bot that may sit at its table

    @property
    def me(self) -> str:
        """Your name (the first player; at a class table, your seat's)."""
        return str(self.game.players[self.seat])

    def _seat_at_table(self, game: Any) -> None:
        """At a class table: your seat's kinds of players (classmates, the table's
        bots), then the seat itself."""
        self.kinds = [None if p == game.me else game.bots.get(p, "") for p in game.players]
        self.players_view.kinds = list(self.kinds)
        super()._seat_at_table(game)

    @classmethod
    def _settings_of(cls, game: Any) -> dict[str, Any]:
        return {"rules": game.rules}

    def _options(self) -> dict[str, Any]:
        return {"bots": self.kinds[1:]}

    def _install(self, game: G, seed: int | None, keep: Any = None) -> None:
        """Play on with `game` (and, from `keep`, a panel in another language, what
        it waits for)."""
        raise NotImplementedError

    def _taken_on_in(self: B, lang: str) -> B:
        """A panel in `lang` that takes on this one's game (at a class table, the same
        seat) through `_install(game, seed, keep=self)`: the panel's own way of keeping
        what it waits for (its bots' random generator, the log, a round's end ...)."""
        game: Any = self._game
        if game.remote:
            panel = type(self).at_table(game, lang, watch=game.watching)
        else:
            panel = type(self)(game.players, 0, lang, **self._settings_of(game), **self._options())
        panel._install(game, self.seed, keep=self)
        panel.hints_toggle.value = self.hints_toggle.value
        self._carry_over(panel)
        return panel

    def add_to_footer(self, control: widgets.Widget, box: widgets.Widget) -> None:
        """Put `control` in the footer's row (beside New game) and `box` just above
        the footer (the play app's choice of bots)."""
        self.seed_controls.box.children += (control,)
        *above, foot = self.widget.children
        self.widget.children = (*above, box, foot)

    @classmethod
    def from_game(
        cls: type[B],
        game: Any,
        lang: str = "en",
        bots: Sequence[str] | None = None,
        **options: Any,
    ) -> B:
        """A panel that plays on with `game` (you are its first player); `options`
        are the panel's own (such as `teacher=True`)."""
        return cls._playing(game, lang=lang, bots=bots, **options)

    @classmethod
    def load(
        cls: type[B],
        path: str | Path,
        lang: str = "en",
        bots: Sequence[str] | None = None,
        **options: Any,
    ) -> B:
        """A panel continuing the game saved in `path` (`SaveFileError` if it is not valid)."""
        return cls.from_game(cls.game_class.load(path), lang=lang, bots=bots, **options)
