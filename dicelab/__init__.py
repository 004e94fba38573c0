"""dicelab: exact odds and playable games of dice, for teaching probability.

Importing dicelab is light (no sympy, plotly or ipywidgets); each game lives
in its own subpackage.

>>> import dicelab
>>> dicelab.get_ruleset("dice-poker").turns
15
"""

from dicelab.dice_poker.rules import get_ruleset
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
