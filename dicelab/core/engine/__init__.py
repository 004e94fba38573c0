"""What every game engine stands on: the engine contract (`contract`), save
files (`savefile`, `files`) and checks of what people pass in (`checks`).

The contract's names are importable from here.
"""

from dicelab.core.engine.contract import *  # noqa: F403
from dicelab.core.engine.contract import __all__  # noqa: F401
