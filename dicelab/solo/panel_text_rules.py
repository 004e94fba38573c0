"""The Solo panel's words for the engine's illegal moves, by rule name: "rule:<rule>"
says why a move is refused, "rule_name:<rule>" names the rule (`Words.explain`),
in English, Portuguese, Spanish and Italian.  `RULE_ACTIONS` (a malformed
action, which only a program can make) has a name and no text.

>>> from dicelab.core.ui.words import Words
>>> from dicelab.errors import IllegalMove
>>> Words(RULE_WORDS, "es").explain(IllegalMove(RULE_DRAW, "you have a playable card"))
'Tienes una carta que puedes jugar: juégala en vez de robar (regla: se roba solo sin carta jugable)'
"""

from __future__ import annotations

from dicelab.core.ui.words import Text
from dicelab.solo.game import (
    RULE_ACTIONS,
    RULE_ANSWER,
    RULE_CHOICE,
    RULE_DRAW,
    RULE_DRAWN,
    RULE_JUMP,
    RULE_MATCH,
    RULE_OVER,
    RULE_SOLO,
    RULE_TURN,
)

RULE_WORDS: dict[str, dict[str, Text]] = {
    # the engine's illegal moves, by rule name
    f"rule:{RULE_TURN}": {
        "en": "It is not your turn",
        "pt": "Não é a sua vez",
        "es": "No es tu turno",
        "it": "Non tocca a te",
    },
    f"rule:{RULE_MATCH}": {
        "en": "It matches neither the colour nor the number in force, or you hold a card that "
        "matches (black cards only without one)",
        "pt": "Não combina com a cor nem com o número em jogo, ou você tem uma carta que combina "
        "(as pretas só sem nenhuma)",
        "es": "No coincide con el color ni con el número en juego, o tienes una carta que "
        "coincide (las negras solo sin ninguna)",
        "it": "Non corrisponde né al colore né al numero in gioco, o hai una carta che "
        "corrisponde (le nere solo senza)",
    },
    f"rule:{RULE_DRAW}": {
        "en": "You hold a card you can play: play it instead of drawing",
        "pt": "Você tem uma carta que pode jogar: jogue-a em vez de comprar",
        "es": "Tienes una carta que puedes jugar: juégala en vez de robar",
        "it": "Hai una carta che puoi giocare: giocala invece di pescare",
    },
    f"rule:{RULE_DRAWN}": {
        "en": "The card you drew fits: play that one now",
        "pt": "A carta que você comprou serve: jogue essa agora",
        "es": "La carta que robaste sirve: juega esa ahora",
        "it": "La carta che hai pescato va bene: gioca quella ora",
    },
    f"rule:{RULE_JUMP}": {
        "en": "Only a card identical to the one just played can jump in",
        "pt": "Só uma carta idêntica à que acabou de ser jogada pode entrar",
        "es": "Solo una carta idéntica a la recién jugada puede colarse",
        "it": "Solo una carta identica a quella appena giocata può inserirsi",
    },
    f"rule:{RULE_ANSWER}": {
        "en": "Answer the attack with a Protection or a draw card, or Accept it",
        "pt": "Responda ao ataque com uma Proteção ou uma carta de compra, ou Aceite",
        "es": "Responde al ataque con una Protección o una carta de robo, o Acéptalo",
        "it": "Rispondi all'attacco con una Protezione o una carta pesca, o Accettalo",
    },
    f"rule:{RULE_CHOICE}": {
        "en": "Name a colour, an opponent or the cards to give first",
        "pt": "Escolha antes uma cor, um adversário ou as cartas a dar",
        "es": "Elige antes un color, un rival o las cartas que das",
        "it": "Scegli prima un colore, un avversario o le carte da regalare",
    },
    f"rule:{RULE_SOLO}": {
        "en": "Say Solo only when you play your second-to-last card",
        "pt": "Diga Solo só ao jogar a penúltima carta",
        "es": "Di Solo solo al jugar tu penúltima carta",
        "it": "Di' Solo solo quando giochi la penultima carta",
    },
    f"rule:{RULE_OVER}": {
        "en": "The game is over",
        "pt": "O jogo acabou",
        "es": "La partida terminó",
        "it": "La partita è finita",
    },
    f"rule_name:{RULE_TURN}": {
        "pt": "joga-se na sua vez, no sentido do jogo",
        "es": "se juega por turnos, en el sentido del juego",
        "it": "si gioca a turno, nel senso del gioco",
    },
    f"rule_name:{RULE_MATCH}": {
        "pt": "uma carta combina com a cor ou o número em jogo; pretas só sem combinação",
        "es": "una carta coincide con el color o el número en juego; negras solo sin coincidencia",
        "it": "una carta corrisponde al colore o al numero in gioco; nere solo senza "
        "corrispondenza",
    },
    f"rule_name:{RULE_DRAW}": {
        "pt": "compra-se só sem carta jogável",
        "es": "se roba solo sin carta jugable",
        "it": "si pesca solo senza carta giocabile",
    },
    f"rule_name:{RULE_DRAWN}": {
        "pt": "a carta comprada que serve é jogada na hora",
        "es": "la carta robada que sirve se juega en el acto",
        "it": "la carta pescata che va bene si gioca subito",
    },
    f"rule_name:{RULE_JUMP}": {
        "pt": "entra-se só com uma carta idêntica à recém-jogada",
        "es": "solo se cuela una carta idéntica a la recién jugada",
        "it": "ci si inserisce solo con una carta identica a quella appena giocata",
    },
    f"rule_name:{RULE_ANSWER}": {
        "pt": "um ataque se responde com Proteção ou carta de compra, ou se aceita",
        "es": "un ataque se responde con Protección o carta de robo, o se acepta",
        "it": "a un attacco si risponde con Protezione o carta pesca, o lo si accetta",
    },
    f"rule_name:{RULE_CHOICE}": {
        "pt": "Escolha a cor e Compra quatro pedem uma cor, Troca de mãos um adversário, "
        "Presente duas cartas",
        "es": "Cambio de color y Roba cuatro piden un color, Cambio de manos un rival, "
        "Regalo dos cartas",
        "it": "Cambia colore e Pesca quattro chiedono un colore, Scambio carte un avversario, "
        "Regalo due carte",
    },
    f"rule_name:{RULE_SOLO}": {
        "pt": "diz-se Solo só com a penúltima carta",
        "es": "se dice Solo solo con la penúltima carta",
        "it": "si dice Solo solo con la penultima carta",
    },
    f"rule_name:{RULE_OVER}": {
        "pt": "o jogo acaba quando alguém chega à pontuação perdedora",
        "es": "la partida termina cuando alguien llega a la puntuación perdedora",
        "it": "la partita finisce quando qualcuno raggiunge il punteggio perdente",
    },
    f"rule_name:{RULE_ACTIONS}": {
        "pt": "uma ação do Solo",
        "es": "una acción de Solo",
        "it": "un'azione di Solo",
    },
}
