"""Sid Sackson's Solitaire Dice: rules, sheet, game, exact odds, strategies, simulation."""
