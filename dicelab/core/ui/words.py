"""The words of the panels in the user's language, and numbers as that
language writes them (`dicelab.core.i18n`: gettext catalogs, Babel's CLDR data).

- `Words`: a panel's words in one language (plural forms, numbers, the
  engine's illegal-move messages translated by rule name);
- `COMMON_WORDS`: the words every panel shares (a game's messages are
  `COMMON_WORDS | messages(...)`); `listing` joins names ("Ana, Bruno and Caio").

>>> words = Words(messages(msg("dice-poker|roll", "Roll ({n} left)")), "pt")
>>> words("roll", n=2)
'Rolar (faltam 2)'
>>> Words(COMMON_WORDS, "fr")("save"), LANGS
('Sauver', ('en', 'pt', 'es', 'it', 'fr'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import dicelab.core.i18n as i18n
from dicelab.core.i18n import LANGS, Message, check_lang, messages, msg
from dicelab.errors import IllegalMove

__all__ = [
    "COMMON_WORDS",
    "LANGS",
    "Words",
    "check_lang",
    "kind_words",
    "listing",
    "messages",
    "msg",
]

COMMON_WORDS = messages(
    # the play app's choice of bots
    msg("bots_toggle", "Bots"),
    msg("add_bot", "Add a bot"),
    msg("remove_bot", "Remove a bot"),
    msg("start_with_bots", "New game with these bots"),
    msg("bots_help", "Who plays each seat: the bots change with the next new game"),
    msg("most_bots", "At most 5 bots: a game has 6 seats"),
    msg("least_bots", "At least one bot: a game needs you and one bot or more"),
    # Review this game (the end screen)
    msg("review_game", "Review this game"),
    msg("review_player", "Player"),
    msg("review_previous", "Previous"),
    msg("review_next", "Next"),
    msg("review_position", "Choice {n} of {count}, the costliest first"),
    msg("review_at_first", "This is the costliest choice: none comes before it"),
    msg("review_at_last", "This is the last choice"),
    msg("review_no_choice", "No choice of this player is in the game's record"),
    msg("review_best_choice", "none: a best choice"),
    msg("review_lost", "Points lost: {loss}"),
    msg("review_kept_die", "{face}, kept"),
    msg("reviewing", "Reviewing the game: {percent}%"),
    msg("review_busy", "The review is being made: wait, or click Cancel"),
    msg("review_cancelled", "Review cancelled"),
    # the controls
    msg("new_game", "New game"),
    msg("seed", "Seed:"),
    msg("seed_next", "Next seed"),
    msg("seed_placeholder", "blank: random"),
    msg("seed_unknown", "unknown"),
    msg("hints", "Hints"),
    msg("how_to_play", "How to play"),
    msg("save", "Save"),
    msg("load", "Load"),
    msg("file", "File"),
    msg("seed_later", "shown when the game is over"),
    msg("new_game_hidden", "New game (its seed is shown when it is over)"),
    msg("replay_seed", "To replay this game, type its seed, {seed}, and click New game."),
    msg("saved", "Game saved ({name})"),
    msg(
        "other_game",
        "{name} holds another game: click Save again to replace it, or type another name",
    ),
    msg("loaded", "Game loaded ({name})"),
    # the end of a game, lists of names, the advice tables
    msg("game_over", "Game over!"),
    msg("winner", "Winner: {names} with {points}."),
    msg("tie", "Tie: {names} with {points}."),
    msg("and", "and"),
    msg("total", "Total"),
    msg("delta", "vs best"),
    msg("best", "best"),
    msg("cancel", "Cancel"),
    msg("rule_word", "rule"),
    msg("rule_name:dice show 1 to 6", "dice show 1 to 6"),
    msg("rule_name:the players of this game", "the players of this game"),
    # a panel playing a seat at a class table
    msg("at_table", "Table {code} · you are {name}"),
    msg("classmate", "a classmate"),
    # what a notebook shows until the cell of a panel is run
    msg("run_to_play", "Run this cell to play {game}."),
    # what a screen reader says of a die (dicelab.core.ui.aria)
    msg("die_label", "Die {n}: {face}"),
    msg("die_held", "held"),
    msg("die_unrolled", "not rolled yet"),
    msg("face_1", "one"),
    msg("face_2", "two"),
    msg("face_3", "three"),
    msg("face_4", "four"),
    msg("face_5", "five"),
    msg("face_6", "six"),
)


class Words:
    """The UI words of a panel in one language, and its way of writing numbers.

    `table` maps a name to its `Message` (see `dicelab.core.i18n`); a text may
    hold `str.format` fields, filled by keyword when the word is asked for, and
    agree with a number (`count=`) when it is a `msg_plural`.  Names
    "rule:<rule name>" translate the engine's `IllegalMove` messages and
    "rule_name:<rule name>" the rules' names (see `explain`).  Numbers follow
    the language's CLDR data.

    >>> from dicelab.core.i18n import msg_plural
    >>> waiting = msg_plural("solitaire|waiting", "Waiting for {names} to choose",
    ...     "Waiting for {names} to choose")
    >>> words = Words(messages(waiting), "pt")
    >>> words("waiting", names="Ana e Bruno", count=2)
    'Aguardando Ana e Bruno escolherem'
    >>> from fractions import Fraction
    >>> words.percent(Fraction(5, 6)), words.number(-1.637, 2)
    ('83,33%', '-1,64')
    >>> Words(COMMON_WORDS, "it").percent(Fraction(1, 8))
    '12,50%'
    """

    def __init__(self, table: Mapping[str, Message], lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self._table = table

    def __call__(self, key: str, count: int | None = None, **values: Any) -> str:
        return i18n.translate(self._table[key], self.lang, count, **values)

    def number(self, value: Any, places: int = 2) -> str:
        """A number to `places` decimals, as this language writes it."""
        return i18n.number(value, places, self.lang)

    def signed(self, value: Any, places: int = 2) -> str:
        """A number with its sign (+ or -), as this language writes it."""
        return i18n.signed(value, places, self.lang)

    def percent(self, value: Any, places: int = 2) -> str:
        """A probability as a percentage, as this language writes it."""
        return i18n.percent(value, places, self.lang)

    def explain(self, error: IllegalMove, details: Mapping[str, str] | None = None) -> str:
        """An illegal move as a sentence in this language, then its rule: the
        table's text for the rule (its fields filled from the error's details,
        shown by `details`), else the engine's own (English) message; the
        rule's name from the name "rule_name:<rule>", else the engine's.

        >>> words = Words(COMMON_WORDS, "pt")
        >>> words.explain(IllegalMove("dice show 1 to 6", "a die shows 1 to 6, not 7"))
        'A die shows 1 to 6, not 7 (regra: os dados mostram de 1 a 6)'
        """
        text = self._rule_text(error, details or {})
        name_key = f"rule_name:{error.rule}"
        name = self._common(name_key) if self._has(name_key) else error.rule
        return f"{text[:1].upper()}{text[1:]} ({self._common('rule_word')}: {name})"

    def _rule_text(self, error: IllegalMove, details: Mapping[str, str]) -> str:
        key = f"rule:{error.rule}"
        if key not in self._table:
            return error.message
        sizes = [len(v) for v in error.details.values() if isinstance(v, (list, tuple))]
        shown = {k: details.get(k, str(v)) for k, v in error.details.items()}
        try:
            return self(key, count=sizes[0] if sizes else None, **shown)
        except (KeyError, IndexError):
            return error.message

    def _has(self, key: str) -> bool:
        return key in self._table or key in COMMON_WORDS

    def _common(self, key: str) -> str:
        """A word of this table, else of `COMMON_WORDS`."""
        return self(key) if key in self._table else Words(COMMON_WORDS, self.lang)(key)


def listing(names: Sequence[str], words: Words) -> str:
    """ "Ana", "Ana and Bruno", "Ana, Bruno and Caio" (the table has the word "and").

    >>> listing(["Ana", "Bruno", "Caio"], Words(COMMON_WORDS, "pt"))
    'Ana, Bruno e Caio'
    """
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} {words('and')} {names[-1]}"


def result_text(totals: Mapping[str, int], winners: Sequence[str], words: Words) -> str:
    """Who won, with how many points (or who tied).

    >>> result_text({"Ana": 212, "Bia": 212}, ["Ana", "Bia"], Words(COMMON_WORDS, "pt"))
    'Empate: Ana e Bia com 212.'
    """
    key = "winner" if len(winners) == 1 else "tie"
    return words(key, names=listing(winners, words), points=totals[winners[0]])


def kind_words(kind: str | None, words: Words) -> str:
    """Who plays a seat, as a panel's table of players says it: None you, ""
    a classmate (at a class table), else the bot's name.

    >>> kind_words("", Words(COMMON_WORDS, "en"))
    'a classmate'
    """
    if kind is None:
        return words("you")
    return words("classmate") if not kind else words(f"bot_{kind}")
