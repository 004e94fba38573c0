"""The words of the panels: every label in English, Portuguese, Spanish and
Italian, and numbers written the way each language writes them.

- `Words`: a panel's words in one language (plural forms, decimal comma,
  the engine's illegal-move messages translated by rule name);
- `COMMON_WORDS`: the words every panel shares (a game's table is
  `{**COMMON_WORDS, ...}`); `listing` joins names ("Ana, Bruno and Caio").

>>> roll = {"en": "Roll ({n} left)", "pt": "Rolar (faltam {n})", "es": "Tirar (quedan {n})",
...     "it": "Lancia (ancora {n})"}
>>> words = Words({"roll": roll}, "pt")
>>> words("roll", n=2)
'Rolar (faltam 2)'
>>> Words({"roll": roll}, "it")("roll", n=1), LANGS
('Lancia (ancora 1)', ('en', 'pt', 'es', 'it'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from dicelab.core.engine.contract import RULE_DICE, RULE_PLAYER
from dicelab.errors import IllegalMove, SettingsError

LANGS = ("en", "pt", "es", "it")
DECIMAL_COMMA = ("pt", "es", "it")

Text = str | Mapping[str, str]  # a text, or its forms by count: {"one": ..., "many": ...}

COMMON_WORDS: dict[str, dict[str, Text]] = {
    # the controls
    "new_game": {"en": "New game", "pt": "Novo jogo", "es": "Nueva partida", "it": "Nuova partita"},
    "seed": {"en": "Seed", "pt": "Semente", "es": "Semilla", "it": "Seme"},
    "seed_placeholder": {
        "en": "next seed (blank: random)",
        "pt": "semente (vazio: aleatória)",
        "es": "semilla (vacío: al azar)",
        "it": "seme (vuoto: a caso)",
    },
    "seed_unknown": {"en": "unknown", "pt": "desconhecida", "es": "desconocida", "it": "ignoto"},
    "hints": {"en": "Hints", "pt": "Dicas", "es": "Pistas", "it": "Suggerimenti"},
    "save": {"en": "Save", "pt": "Salvar", "es": "Guardar", "it": "Salva"},
    "load": {"en": "Load", "pt": "Carregar", "es": "Cargar", "it": "Carica"},
    "file": {"en": "File", "pt": "Arquivo", "es": "Archivo", "it": "File"},
    "saved": {
        "en": "Game saved to {path}",
        "pt": "Jogo salvo em {path}",
        "es": "Partida guardada en {path}",
        "it": "Partita salvata in {path}",
    },
    "other_game": {
        "en": "{path} holds another game: click Save again to replace it, or type another name",
        "pt": "{path} guarda outro jogo: clique em Salvar de novo para substituí-lo, "
        "ou digite outro nome",
        "es": "{path} guarda otra partida: pulsa Guardar otra vez para reemplazarla, "
        "o escribe otro nombre",
        "it": "{path} contiene un'altra partita: clicca di nuovo Salva per sostituirla, "
        "o scrivi un altro nome",
    },
    "loaded": {
        "en": "Game loaded from {path}",
        "pt": "Jogo carregado de {path}",
        "es": "Partida cargada de {path}",
        "it": "Partita caricata da {path}",
    },
    # the end of a game, lists of names, the advice tables
    "game_over": {
        "en": "Game over!",
        "pt": "Fim de jogo!",
        "es": "¡Fin de la partida!",
        "it": "Partita finita!",
    },
    "winner": {
        "en": "Winner: {names} with {points}.",
        "pt": "Vencedor(a): {names} com {points}.",
        "es": "Ganador(a): {names} con {points}.",
        "it": "Vince {names} con {points}.",
    },
    "tie": {
        "en": "Tie: {names} with {points}.",
        "pt": "Empate: {names} com {points}.",
        "es": "Empate: {names} con {points}.",
        "it": "Pareggio: {names} con {points}.",
    },
    "and": {"en": "and", "pt": "e", "es": "y", "it": "e"},
    "total": {"en": "Total", "pt": "Total", "es": "Total", "it": "Totale"},
    "delta": {"en": "vs best", "pt": "vs melhor", "es": "vs mejor", "it": "vs migliore"},
    "best": {"en": "best", "pt": "melhor", "es": "mejor", "it": "migliore"},
    "cancel": {"en": "Cancel", "pt": "Cancelar", "es": "Cancelar", "it": "Annulla"},
    "rule_word": {"en": "rule", "pt": "regra", "es": "regla", "it": "regola"},
    f"rule_name:{RULE_DICE}": {
        "pt": "os dados mostram de 1 a 6",
        "es": "los dados muestran de 1 a 6",
        "it": "i dadi mostrano da 1 a 6",
    },
    f"rule_name:{RULE_PLAYER}": {
        "pt": "os jogadores desta partida",
        "es": "los jugadores de esta partida",
        "it": "i giocatori di questa partita",
    },
    # what a notebook shows until the cell of a panel is run
    "run_to_play": {
        "en": "Run this cell to play {game}.",
        "pt": "Execute esta célula para jogar {game}.",
        "es": "Ejecute esta celda para jugar a {game}.",
        "it": "Esegui questa cella per giocare a {game}.",
    },
}


def check_lang(lang: Any) -> str:
    """`lang` itself if it is a supported language (one of `LANGS`), else `SettingsError`.

    >>> check_lang("it")
    'it'
    """
    if lang not in LANGS:
        raise SettingsError(f"lang must be one of {', '.join(LANGS)}, not {lang!r}")
    return lang


class Words:
    """The UI words of a panel in one language, and its way of writing numbers.

    `table` maps a key to {"en": text, "pt": text, "es": text, "it": text}; a text may hold
    `str.format` fields, filled by keyword when the word is asked for, or be
    {"one": text, "many": text} when it agrees with a number (`count=`).
    Keys "rule:<rule name>" translate the engine's `IllegalMove` messages
    and "rule_name:<rule name>" the rules' names (see `explain`).  Numbers
    follow the language: a decimal comma in Portuguese, Spanish and Italian,
    a true minus sign in all four.

    >>> waiting = {"en": "Waiting for {names}", "es": "Esperando a {names}",
    ...     "pt": {"one": "Aguardando {names} escolher", "many": "Aguardando {names} escolherem"},
    ...     "it": {"one": "{names} deve scegliere", "many": "{names} devono scegliere"}}
    >>> words = Words({"waiting": waiting}, "pt")
    >>> words("waiting", names="Ana e Bruno", count=2)
    'Aguardando Ana e Bruno escolherem'
    >>> from fractions import Fraction
    >>> words.percent(Fraction(5, 6)), words.number(-1.637, 2)
    ('83,33%', '−1,64')
    >>> Words({"waiting": waiting}, "it").percent(Fraction(1, 8))
    '12,50%'
    """

    def __init__(self, table: Mapping[str, Mapping[str, Text]], lang: str = "en") -> None:
        self.lang = check_lang(lang)
        for key, texts in table.items():
            missing = [code for code in LANGS if code not in texts and not key.startswith("rule")]
            if missing:
                raise SettingsError(f"the word {key!r} has no {missing[0]!r} text")
        self._table = table

    def __call__(self, key: str, count: int | None = None, **values: Any) -> str:
        text = self._table[key][self.lang]
        if not isinstance(text, str):
            text = text["one" if count == 1 else "many"]
        return text.format(count=count, **values)

    def number(self, value: Any, places: int = 2) -> str:
        """A number to `places` decimals, as this language writes it."""
        text = f"{float(value):.{places}f}".replace("-", "−")
        return text.replace(".", ",") if self.lang in DECIMAL_COMMA else text

    def signed(self, value: Any, places: int = 2) -> str:
        """A number with its sign (+ or −), as this language writes it."""
        return ("+" if float(value) > 0 else "") + self.number(value, places)

    def percent(self, value: Any, places: int = 2) -> str:
        """A probability as a percentage, as this language writes it."""
        if value == 0:
            return "0%"
        return f"{self.number(float(value) * 100, places)}%"

    def explain(self, error: IllegalMove, details: Mapping[str, str] | None = None) -> str:
        """An illegal move as a sentence in this language, then its rule: the
        table's text for the rule (its fields filled from the error's details,
        shown by `details`), else the engine's own (English) message; the
        rule's name from the key "rule_name:<rule>", else the engine's.

        >>> words = Words({"rule_name:three rolls": {"pt": "três jogadas"}}, "pt")
        >>> words.explain(IllegalMove("three rolls", "no rolls left"))
        'No rolls left (regra: três jogadas)'
        """
        text = self._rule_text(error, details or {})
        name = self._table.get(f"rule_name:{error.rule}", {}).get(self.lang, error.rule)
        return f"{text[:1].upper()}{text[1:]} ({self._common('rule_word')}: {name})"

    def _rule_text(self, error: IllegalMove, details: Mapping[str, str]) -> str:
        text = self._table.get(f"rule:{error.rule}", {}).get(self.lang)
        if text is None:
            return error.message
        if not isinstance(text, str):  # it agrees with the number of things listed
            sizes = [len(v) for v in error.details.values() if isinstance(v, (list, tuple))]
            text = text["one" if sizes[:1] == [1] else "many"]
        shown = {k: details.get(k, str(v)) for k, v in error.details.items()}
        try:
            return text.format(**shown)
        except (KeyError, IndexError):
            return error.message

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
