"""The exceptions dicelab raises: every one is a `DicelabError`.

An error made with `said` keeps its message and values, so that a panel can
say it in the panel's language (`in_language`); `str(error)` is English.

>>> from dicelab.core.i18n import msg
>>> error = SettingsError.said(msg("seed_digits", "the seed has at most {most} digits"), most=20)
>>> str(error), error.in_language("en")
('the seed has at most 20 digits', 'the seed has at most 20 digits')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from dicelab.core.i18n import Message

E = TypeVar("E", bound="DicelabError")


class DicelabError(Exception):
    """Base class of every error dicelab raises on purpose."""

    words: tuple[Message, dict[str, Any]] | None = None

    @classmethod
    def said(cls: type[E], message: Message, **values: Any) -> E:
        """An error whose text is `message` (a `dicelab.core.i18n.Message`) with
        `values` filled in; a value may itself be a `Message` or a said error."""
        error = cls(_say(message, "en", values))
        error.words = (message, values)
        return error

    def in_language(self, lang: str) -> str:
        """The error's text in `lang` (English for an error not made by `said`)."""
        if self.words is None:
            return str(self)
        message, values = self.words
        return _say(message, lang, values)

    def with_values(self: E, **values: Any) -> E:
        """The same error with some values replaced, in the errors it tells of too
        (a file shown by its name only)."""
        if self.words is None:
            return self
        message, old = self.words
        new = {
            key: values[key]
            if key in values
            else value.with_values(**values)
            if isinstance(value, DicelabError)
            else value
            for key, value in old.items()
        }
        return type(self).said(message, **new)


def _say(message: Message, lang: str, values: dict[str, Any]) -> str:
    """`message` in `lang` with `values`, each said in `lang` too if it can be (a
    `Message` or a said error: anything with an `in_language`)."""
    said = {
        key: value.in_language(lang) if hasattr(value, "in_language") else value
        for key, value in values.items()
    }
    return message.in_language(lang, **said)


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


class TableError(DicelabError):
    """A request the class tables refuse (`dicelab.classroom`): `status` is its
    HTTP status (4xx); the table is unchanged.

    >>> error = TableError("not your turn", 409)
    >>> str(error), error.status
    ('not your turn', 409)
    """

    def __init__(self, message: str, status: int = 400) -> None:
        self.status = status
        super().__init__(message)
