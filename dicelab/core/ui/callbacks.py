"""`safe_callback`: a widget callback of a panel never lets an exception escape.

A click that breaks a rule or gives a bad setting is answered in the panel's
message line; anything else is a bug, kept in the panel's `errors` and said
in one line, never as a traceback.  What a callback changes reaches the
page together, one message per widget (`together`).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable
from typing import Concatenate, ParamSpec, Protocol, TypeVar

from dicelab.core.ui.message import MessageArea
from dicelab.core.ui.together import together
from dicelab.errors import DicelabError, IllegalMove

__all__ = ["Answering", "safe_callback"]

LOG = logging.getLogger("dicelab.panel")


class Answering(Protocol):
    """What a callback's owner has: a message line, and a list of unexpected errors."""

    message: MessageArea
    errors: list[BaseException]


Owner = TypeVar("Owner", bound=Answering)  # whose callback it is: a panel
Args = ParamSpec("Args")


def safe_callback(
    method: Callable[Concatenate[Owner, Args], None],
) -> Callable[Concatenate[Owner, Args], None]:
    """Wrap a panel method used as a widget callback so that nothing escapes it.

    A `DicelabError` (an illegal move, a bad setting, a bad save file) shows
    its message in `self.message` (an illegal move in the panel's language,
    through its `explain`); any other exception is a bug: it is
    logged (debug level), appended to `self.errors` and reported in one line,
    never as a traceback.
    """

    @functools.wraps(method)
    def wrapper(self: Owner, *args: Args.args, **kwargs: Args.kwargs) -> None:
        with together():
            try:
                method(self, *args, **kwargs)
            except IllegalMove as error:
                self.message.error(getattr(self, "explain", str)(error))
            except DicelabError as error:
                self.message.error(error.in_language(getattr(self, "lang", "en")))
            except Exception as error:
                LOG.debug("panel callback %s failed", method.__name__, exc_info=True)
                self.errors.append(error)
                self.message.error(f"Internal error ({type(error).__name__}: {error})")

    return wrapper
