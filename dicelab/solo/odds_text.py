"""The words of Solo's odds tables (English here, every other language in the
catalogs, `dicelab.core.i18n`).

>>> from dicelab.core.i18n import translate
>>> translate(KIND_NAMES["kind:draw2"], "pt"), translate(PLAYABLE_OF, "fr", n=119)
('Compra dois', 'Jouables sur 119')
"""

from __future__ import annotations

from collections.abc import Callable

from dicelab.core.i18n import messages, msg, translate

TOP_TITLE = msg(
    "solo|odds_title",
    "Solo: {top} on top, a hand of {k} with no playable card: a playable card within d draws",
)
TOP_NOTE = msg(
    "solo|odds_note",
    "P(a hand of {k} holds no playable card) = {none} ≈ {approx}; "
    "then {good} of the {after} cards left are playable.",
)
TOP_HEADINGS = (
    msg("solo|draws", "Draws"),
    msg("solo|p_playable", "P(playable within d)"),
    msg("solo|binomial", "Binomial"),
)

NONE_TITLE = msg(
    "solo|odds_none_title",
    "Solo: a hand of {k} with no playable card, by the top card ({total}-card deck)",
)
TOP_CARD = msg("solo|top_card", "Top card")
EXAMPLE = msg("solo|example", "For example")
PLAYABLE_OF = msg("solo|playable_of", "Playable of {n}")
P_NONE = msg("solo|p_no_playable", "P(no playable)")
NONE_NOTE = msg(
    "solo|odds_none_note",
    "Playable: the cards left of the top card's colour or number (an action card "
    "matches by colour alone), and the black cards.",
)
KIND_NAMES = messages(
    msg("solo|kind:number", "number"),
    msg("solo|kind:skip", "Skip"),
    msg("solo|kind:reverse", "Reverse"),
    msg("solo|kind:draw2", "Draw two"),
    msg("solo|kind:swap", "Swap hands"),
    msg("solo|kind:protection", "Protection"),
)
"""The name of each kind of coloured card ("kind:<kind>", `dicelab.solo.rules.COLOURED`)."""


def kind_name(lang: str) -> Callable[[str], str] | None:
    """How a kind of coloured card is shown in `lang`: by its name (None in
    English: by its key, "number", "skip", as ever).

    >>> kind_name("en"), kind_name("es")("reverse")
    (None, 'Reversa')
    """
    if lang == "en":
        return None
    return lambda kind: translate(KIND_NAMES[f"kind:{kind}"], lang)
