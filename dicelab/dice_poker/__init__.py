"""Dice Poker, a 15-box Yahtzee relative, with the `yahtzee` and `yatzy` presets."""
