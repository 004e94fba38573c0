"""Dice maths with integer counts: hands of n dice and their weights, rerolls."""
