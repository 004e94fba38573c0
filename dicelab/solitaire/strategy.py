"""Strategies for Solitaire Dice, and the interface for writing your own.

A strategy is any function that picks one of the legal options of a roll:

    SheetStrategy = Callable[[Sheet, tuple[int, ...], list[Split], np.random.Generator], Split]

It gets the player's sheet, the dice (sorted), the legal options (never
empty, in the order of `rules.legal_splits`) and a random generator (use it,
and only it, for any randomness, so that a seeded simulation repeats), and
returns one of the options.  For example, "the pairs closest to 7":

>>> def near_seven(sheet, dice, options, rng):
...     return min(options, key=lambda split: sum(abs(p - 7) for p in split.pairs))
>>> from dicelab.solitaire.sheet import Sheet
>>> near_seven(Sheet.empty(), (1, 1, 2, 4, 5), Sheet.empty().options([1, 1, 2, 4, 5]), None)
Split(pairs=(5, 7), discard=1)

The built-in strategies are objects that can be called the same way, and
also have a `batch` method that decides for thousands of games at once with
numpy (what the fast simulator uses):

- `RandomStrategy`: a legal option at random;
- `Greedy`: the best immediate change of the sheet's score (ties: the first
  option in `legal_splits` order);
- `Planner` (in `dicelab.solitaire.planner`): looks ahead with the exact
  odds, and has a tunable parameter;
- `Search` (in `dicelab.solitaire.search`): looks one roll further, over
  the exact chances of the next roll, with the Planner at the leaves.

`strategy(chosen)` turns one into a strategy of the engine contract
(`(view, actions, rng) -> action`, see `dicelab.core.engine`), so that any
of them can play a `SolitaireGame` through its actions:

>>> from dicelab.core.engine import play_out
>>> from dicelab.solitaire.game import SolitaireGame
>>> game = SolitaireGame(["Ana", "Bia"], seed=2)
>>> scores = play_out(game, strategy(get_strategy("greedy")))
>>> game.is_over and scores == game.scores()
True

>>> greedy = get_strategy("greedy")
>>> from dicelab.solitaire.sheet import Sheet
>>> sheet = Sheet.from_marks({6: 4, 8: 2}, {2: 3})
>>> greedy(sheet, (1, 2, 2, 4, 6), sheet.options([1, 2, 2, 4, 6]), None)  # 6 reaches 5 marks
Split(pairs=(6, 8), discard=1)
"""

from __future__ import annotations

import numpy as np

from dicelab.errors import SettingsError
from dicelab.solitaire.batch import BatchStrategy, Greedy, RandomStrategy, SheetStrategy
from dicelab.solitaire.game import Action, Choose, Roll
from dicelab.solitaire.state import GameState

STRATEGIES = ("random", "greedy", "planner", "search")  # the names `get_strategy` knows


def get_strategy(name: str | BatchStrategy) -> BatchStrategy:
    """A built-in strategy by name (a strategy object is returned as it is)."""
    if isinstance(name, BatchStrategy):
        return name
    if name == "random":
        return RandomStrategy()
    if name == "greedy":
        return Greedy()
    if name == "planner":
        from dicelab.solitaire.planner import Planner

        return Planner()
    if name == "search":
        from dicelab.solitaire.search import Search

        return Search()
    raise SettingsError(f"unknown strategy {name!r}; choose one of {', '.join(STRATEGIES)}")


class EngineChooser:
    """A sheet strategy playing through the engine: Roll when a roll is due,
    else the option it picks, as a `Choose` of the player to move."""

    def __init__(self, choose: SheetStrategy) -> None:
        if not callable(choose):
            raise SettingsError(f"a strategy is a function, not {choose!r}")
        self.choose = choose
        self.name = getattr(choose, "name", getattr(choose, "__name__", "strategy"))

    def __call__(self, view: GameState, actions: list[Action], rng: np.random.Generator) -> Action:
        if not actions:
            raise SettingsError("there is nothing to choose: the game is over")
        first = actions[0]
        if isinstance(first, Roll):
            return first
        player = first.player
        options = [a.split for a in actions if isinstance(a, Choose) and a.player == player]
        sheet = view.sheets[view.players.index(player)]
        dice = tuple(sorted(view.dice or ()))
        return Choose(player, self.choose(sheet, dice, options, rng))


def strategy(chosen: str | SheetStrategy) -> EngineChooser:
    """A strategy (a name, a built-in object or a function) for the engine.

    >>> strategy("greedy").name, strategy(lambda sheet, dice, options, rng: options[0]).name
    ('greedy', '<lambda>')
    """
    return EngineChooser(get_strategy(chosen) if isinstance(chosen, str) else chosen)
