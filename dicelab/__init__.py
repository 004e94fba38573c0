"""dicelab: exact odds and playable games of dice and cards, for teaching probability.

Importing dicelab is light: it loads no game (and no sympy, plotly or
ipywidgets).  The games are listed in `dicelab.games.GAMES`; each lives in
its own subpackage.  `dicelab.get_ruleset` (Dice Poker's rulesets) is
loaded when first used.

>>> import dicelab
>>> dicelab.get_ruleset("dice-poker").turns
15
"""

from typing import Any

from dicelab.errors import DiceError, DicelabError, IllegalMove, SaveFileError, SettingsError

__version__ = "0.1.0"

__all__ = [
    "DiceError",
    "DicelabError",
    "IllegalMove",
    "SaveFileError",
    "SettingsError",
    "__version__",
    "get_ruleset",
]


def __getattr__(name: str) -> Any:
    if name == "get_ruleset":
        from dicelab.dice_poker.rules import get_ruleset

        return get_ruleset
    raise AttributeError(f"module 'dicelab' has no attribute {name!r}")
