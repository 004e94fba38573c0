"""The shared core, game-agnostic, in four layers; each imports only those below it.

- `dicelab.core.dice`: dice maths with integer counts (hands, rerolls);
- `dicelab.core.engine`: what every game engine stands on (the engine
  contract, save files, careful files, input checks);
- `dicelab.core.present`: exact results for people (numbers, tables,
  charts, folded answers, simulation results);
- `dicelab.core.ui`: the play panels' pieces (widgets, panel base, progress).

Importing any of them loads no game.
"""
