"""Sly Dice: a bluffing game of six dice (three common, three behind a shield)."""
