"""`python -m dicelab`: the command line."""

import sys

from dicelab.cli import main

sys.exit(main())
