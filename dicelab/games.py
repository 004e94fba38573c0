"""The games of dicelab and what each one offers: `GAMES`, from name to `GameInfo`.

Every part of a game (its rules, engine, odds, strategies, panel, commands
and lessons) is named here by where it lives and loaded only when asked, so
importing this module loads no game.  Generic tests walk `GAMES`, and the
command line registers each game's commands from it.

>>> sorted(GAMES)
['dice-poker', 'sly-dice', 'solitaire', 'solo']
>>> game = GAMES["solitaire"].new_game(["Ana", "Bia"], seed=1)
>>> game.to_move()
('Ana', 'Bia')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dicelab.core.engine import Engine, Strategy
from dicelab.core.i18n import messages, msg, translate
from dicelab.errors import SettingsError

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def load(ref: str) -> Any:
    """The object at "module:name" (or the module, for a plain module path)."""
    module, _, name = ref.partition(":")
    found = importlib.import_module(module)
    return getattr(found, name) if name else found


TITLES = messages(
    msg("game:dice-poker", "Dice Poker"),
    msg("game:solitaire", "Solitaire Dice"),
    msg("game:sly-dice", "Sly Dice"),
    msg("game:solo", "Solo"),
)
"""The games' names, translated by the catalogs (a game not listed keeps its English title)."""


@dataclass(frozen=True)
class GameInfo:
    """One game: where each of its parts lives ("module:name"), and helpers.

    - `title`: its name in English (`title_in(lang)`: in another language,
      from the catalogs);
    - `rules`: the module of its rules; `engine`: its engine class;
    - `odds`: functions that make its exact odds tables with no arguments;
    - `strategies`: a function (name, **options) -> an engine `Strategy`, and
      `strategy_names`; `quick_strategies`: those that play in a blink;
    - `panel`: its play panel class; `cli`: a function adding its commands;
    - `lessons`: its notebooks, in `notebooks/`; `handout`: a function (lang)
      -> its pages of the printed handout (a line and its `Entry`s); `review`:
      a function (game, format, lang) -> its review as text (`dicelab review`);
    - `least_players`: the fewest players of a game; `against_bots`: its panel
      seats one person against bots (the play app gives it the first name);
      `fewest_points_win`: its scores are penalty points.
    """

    name: str
    title: str
    rules: str
    engine: str
    odds: tuple[str, ...]
    strategies: str
    strategy_names: tuple[str, ...]
    quick_strategies: tuple[str, ...]
    panel: str
    cli: str
    lessons: tuple[str, ...]
    handout: str
    review: str = ""
    least_players: int = 1
    against_bots: bool = False
    fewest_points_win: bool = False

    def title_in(self, lang: str) -> str:
        """The game's name in `lang` (English when it has no other).

        >>> GAMES["dice-poker"].title_in("es"), GAMES["solitaire"].title_in("pt")
        ('Póquer de dados', 'Solitaire Dice')
        >>> GAMES["dice-poker"].title_in("fr"), GAMES["solo"].title_in("it")
        ('Poker d’as', 'Solo')
        """
        title = TITLES.get(f"game:{self.name}")
        return self.title if title is None else translate(title, lang)

    @property
    def engine_class(self) -> type[Any]:
        """The engine class (imported now)."""
        engine: type[Any] = load(self.engine)
        return engine

    @property
    def panel_class(self) -> type[Any]:
        """The play panel class (imports ipywidgets now)."""
        panel: type[Any] = load(self.panel)
        return panel

    def new_game(
        self, players: Sequence[str] | None = None, seed: int | None = None
    ) -> Engine[Any, Any]:
        """A new game with these players (default: one) and seed."""
        game: Engine[Any, Any] = self.engine_class(players, seed=seed)
        return game

    def strategy(self, name: str, **options: Any) -> Strategy[Any]:
        """One of `strategy_names`, for the engine."""
        if name not in self.strategy_names:
            known = ", ".join(self.strategy_names)
            raise SettingsError(f"{self.title} has no strategy {name!r}; choose one of {known}")
        chosen: Strategy[Any] = load(self.strategies)(name, **options)
        return chosen

    def odds_tables(self) -> list[Any]:
        """Every odds table of `odds`, made now."""
        return [load(ref)() for ref in self.odds]

    @property
    def register_cli(self) -> Callable[[Any], None]:
        """The function that adds this game's commands to the command line."""
        register: Callable[[Any], None] = load(self.cli)
        return register

    def handout_pages(self, lang: str = "en") -> tuple[str, tuple[Any, ...]]:
        """Its pages of the printed handout in `lang`: a line saying what the game
        is, and its tables (`dicelab.core.present.handout.Entry`)."""
        pages: tuple[str, tuple[Any, ...]] = load(self.handout)(lang)
        return pages

    def lesson_paths(self) -> list[Path]:
        """The lessons' notebook files."""
        return [NOTEBOOKS / f"{lesson}.ipynb" for lesson in self.lessons]


GAMES: dict[str, GameInfo] = {
    "dice-poker": GameInfo(
        name="dice-poker",
        title="Dice Poker",
        rules="dicelab.dice_poker.rules",
        engine="dicelab.dice_poker.game:DicePokerGame",
        odds=("dicelab.dice_poker.odds:single_roll_table", "dicelab.dice_poker.odds:turn_table"),
        strategies="dicelab.dice_poker.strategy:strategy",
        strategy_names=("optimal", "greedy", "poker"),
        quick_strategies=("greedy", "poker"),
        panel="dicelab.dice_poker.panel:DicePokerPanel",
        cli="dicelab.dice_poker.cli:register",
        handout="dicelab.dice_poker.handout:pages",
        review="dicelab.dice_poker.review_text:review_report",
        lessons=(
            "01-dice-poker-odds",
            "02-every-box-expected-value",
            "03-three-rolls",
            "04-optimal-play",
            "05-odds-versus-value",
            "10-binomial-expected-value",
        ),
    ),
    "solitaire": GameInfo(
        name="solitaire",
        title="Solitaire Dice",
        rules="dicelab.solitaire.rules",
        engine="dicelab.solitaire.game:SolitaireGame",
        odds=(
            "dicelab.solitaire.odds:pair_sum_table",
            "dicelab.solitaire.odds:sum_table",
            "dicelab.solitaire.odds:free_throw_table",
            "dicelab.solitaire.odds:value_table",
        ),
        strategies="dicelab.solitaire.strategy:strategy",
        strategy_names=("random", "greedy", "planner", "search"),
        quick_strategies=("random", "greedy", "planner", "search"),
        panel="dicelab.solitaire.panel:SolitairePanel",
        cli="dicelab.solitaire.cli:register",
        handout="dicelab.solitaire.handout:pages",
        review="dicelab.solitaire.review_text:review_report",
        lessons=(
            "06-solitaire-dice-odds",
            "07-solitaire-dice-strategy",
            "11-waiting-times-fairness",
            "12-solitaire-dice-search",
        ),
    ),
    "sly-dice": GameInfo(
        name="sly-dice",
        title="Sly Dice",
        rules="dicelab.sly_dice.rules",
        engine="dicelab.sly_dice.game:SlyDiceGame",
        odds=("dicelab.sly_dice.odds:card_table", "dicelab.sly_dice.odds:rolling_table"),
        strategies="dicelab.sly_dice.strategy:strategy",
        strategy_names=("honest", "random-liar", "calculator", "fixed-plan", "equilibrium"),
        quick_strategies=("honest", "random-liar", "calculator", "fixed-plan", "equilibrium"),
        panel="dicelab.sly_dice.panel:SlyDicePanel",
        cli="dicelab.sly_dice.cli:register",
        handout="dicelab.sly_dice.handout:pages",
        review="dicelab.sly_dice.review_text:review_report",
        lessons=("08-sly-dice-bluffing", "13-sly-dice-equilibrium"),
        least_players=2,
        against_bots=True,
    ),
    "solo": GameInfo(
        name="solo",
        title="Solo",
        rules="dicelab.solo.rules",
        engine="dicelab.solo.game:SoloGame",
        odds=("dicelab.solo.odds:no_playable_table", "dicelab.solo.odds:with_vs_without_table"),
        strategies="dicelab.solo.strategy:strategy",
        strategy_names=("random", "keep-black", "dump-high", "blocker"),
        quick_strategies=("random", "keep-black", "dump-high", "blocker"),
        panel="dicelab.solo.panel:SoloPanel",
        cli="dicelab.solo.cli:register",
        review="dicelab.solo.review_text:review_report",
        handout="dicelab.solo.handout:pages",
        lessons=("09-solo-card-odds",),
        least_players=2,
        against_bots=True,
        fewest_points_win=True,
    ),
}


def get_game(name: str) -> GameInfo:
    """The `GameInfo` of a game by name; `SettingsError` for an unknown one."""
    if not isinstance(name, str) or name not in GAMES:
        raise SettingsError(f"unknown game {name!r}; choose one of {', '.join(GAMES)}")
    return GAMES[name]
