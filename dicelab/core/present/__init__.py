"""Exact results for people: numbers as text, odds tables, charts, folded answers,
simulation results."""
