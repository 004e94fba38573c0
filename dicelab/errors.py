"""The exceptions dicelab raises: every one is a `DicelabError`."""

from __future__ import annotations


class DicelabError(Exception):
    """Base class of every error dicelab raises on purpose."""


class DiceError(DicelabError, ValueError):
    """Dice that cannot be: a face outside 1..6, or the wrong number of dice."""


class SettingsError(DicelabError, ValueError):
    """An unknown ruleset, box or setting, or a setting out of range."""


class IllegalMove(DicelabError):
    """A move the rules forbid.  `rule` names the rule; the game is unchanged.

    `details` are the values the message speaks of (a box id, a player's
    name ...), so that a panel can say it in another language: it looks the
    rule up in its own words and fills them in.

    >>> error = IllegalMove("three rolls a turn", "no rolls left this turn", left=0)
    >>> str(error), error.details
    ('no rolls left this turn (rule: three rolls a turn)', {'left': 0})
    """

    def __init__(self, rule: str, message: str, **details: object) -> None:
        self.rule = rule
        self.message = message
        self.details = details
        super().__init__(f"{message} (rule: {rule})")


class MissingTable(DicelabError):
    """A shared, read-only solver cache without the table asked for: the
    kernel does not solve it (`dicelab solve --all --cache-dir DIR` fills it).
    `folder` is the cache's folder, `ruleset` the table's name."""

    def __init__(self, folder: str, ruleset: str) -> None:
        self.folder = folder
        self.ruleset = ruleset
        super().__init__(
            f"the shared solver cache {folder} has no table for {ruleset}: "
            f"run `dicelab solve --all --cache-dir {folder}` once to fill it"
        )


class SaveFileError(DicelabError, ValueError):
    """A saved game that is not valid JSON or does not describe a valid game."""
