"""The words of the Solo panel's log and hints, in English, Portuguese, Spanish
and Italian (`panel_text.WORDS` holds them with the others).

>>> from dicelab.core.ui.words import Words
>>> Words(LOG_WORDS, "pt")("ev_drew", count=1, name="Cleo")
'Cleo comprou 1 carta'
"""

from __future__ import annotations

from dicelab.core.ui.words import Text

LOG_WORDS: dict[str, dict[str, Text]] = {
    # the log
    "ev_play": {
        "en": "{name} played {card}",
        "pt": "{name} jogou {card}",
        "es": "{name} jugó {card}",
        "it": "{name} ha giocato {card}",
    },
    "ev_play_colour": {
        "en": "{name} played {card} and named {colour}",
        "pt": "{name} jogou {card} e escolheu {colour}",
        "es": "{name} jugó {card} y eligió {colour}",
        "it": "{name} ha giocato {card} e ha scelto {colour}",
    },
    "ev_names": {
        "en": "{name} named {colour}",
        "pt": "{name} escolheu {colour}",
        "es": "{name} eligió {colour}",
        "it": "{name} ha scelto {colour}",
    },
    "ev_swap": {
        "en": "{name} played {card}: hands swapped with {other}",
        "pt": "{name} jogou {card}: trocou de mão com {other}",
        "es": "{name} jugó {card}: cambió la mano con {other}",
        "it": "{name} ha giocato {card}: mani scambiate con {other}",
    },
    "ev_jump": {
        "en": "{name} jumped in with {card}",
        "pt": "{name} entrou com {card}",
        "es": "{name} se coló con {card}",
        "it": "{name} si è inserito con {card}",
    },
    "ev_protect": {
        "en": "{name} played {card}: the attack is off for them",
        "pt": "{name} jogou {card}: o ataque não vale para ele(a)",
        "es": "{name} jugó {card}: el ataque no le afecta",
        "it": "{name} ha giocato {card}: l'attacco non vale per lui/lei",
    },
    "ev_stack": {
        "en": "{name} passed it on with {card}",
        "pt": "{name} repassou com {card}",
        "es": "{name} lo pasó con {card}",
        "it": "{name} l'ha passato avanti con {card}",
    },
    "ev_drew_one": {
        "en": "{name} drew a card",
        "pt": "{name} comprou uma carta",
        "es": "{name} robó una carta",
        "it": "{name} ha pescato una carta",
    },
    "ev_drew_mine": {
        "en": "{name} drew {card}",
        "pt": "{name} comprou {card}",
        "es": "{name} robó {card}",
        "it": "{name} ha pescato {card}",
    },
    "ev_fits": {
        "en": "{card} fits: it must be played now",
        "pt": "{card} serve: deve ser jogada agora",
        "es": "{card} sirve: hay que jugarla ahora",
        "it": "{card} va bene: va giocata subito",
    },
    "ev_drew": {
        "en": {"one": "{name} drew {count} card", "many": "{name} drew {count} cards"},
        "pt": {"one": "{name} comprou {count} carta", "many": "{name} comprou {count} cartas"},
        "es": {"one": "{name} robó {count} carta", "many": "{name} robó {count} cartas"},
        "it": {"one": "{name} ha pescato {count} carta", "many": "{name} ha pescato {count} carte"},
    },
    "ev_solo": {
        "en": "{name}: Solo!",
        "pt": "{name}: Solo!",
        "es": "{name}: ¡Solo!",
        "it": "{name}: Solo!",
    },
    "ev_no_solo": {
        "en": "{name} did not say Solo: +{count} cards as a penalty",
        "pt": "{name} não disse Solo: +{count} cartas de castigo",
        "es": "{name} no dijo Solo: +{count} cartas de castigo",
        "it": "{name} non ha detto Solo: +{count} carte di penalità",
    },
    "ev_gift": {
        "en": {
            "one": "{name} gives {count} card to {other}",
            "many": "{name} gives {count} cards to {other}",
        },
        "pt": {
            "one": "{name} dá {count} carta a {other}",
            "many": "{name} dá {count} cartas a {other}",
        },
        "es": {
            "one": "{name} regala {count} carta a {other}",
            "many": "{name} regala {count} cartas a {other}",
        },
        "it": {
            "one": "{name} regala {count} carta a {other}",
            "many": "{name} regala {count} carte a {other}",
        },
    },
    "ev_gift_taken": {
        "en": {"one": "{name} took {count} card", "many": "{name} took {count} cards"},
        "pt": {"one": "{name} ficou com {count} carta", "many": "{name} ficou com {count} cartas"},
        "es": {"one": "{name} se quedó {count} carta", "many": "{name} se quedó {count} cartas"},
        "it": {"one": "{name} ha preso {count} carta", "many": "{name} ha preso {count} carte"},
    },
    "ev_gift_back": {
        "en": "The gift goes back to {name}",
        "pt": "O presente volta para {name}",
        "es": "El regalo vuelve a {name}",
        "it": "Il regalo torna a {name}",
    },
    "ev_rotated": {
        "en": "The hands passed one seat on",
        "pt": "As mãos passaram um lugar adiante",
        "es": "Las manos pasaron un asiento",
        "it": "Le mani sono passate di un posto",
    },
    "ev_round": {
        "en": "Round {round} is over: {name} went out",
        "pt": "A rodada {round} acabou: {name} bateu",
        "es": "La ronda {round} terminó: {name} se quedó sin cartas",
        "it": "Il round {round} è finito: {name} ha chiuso",
    },
    # the hints
    "hint_title": {
        "en": "Your odds (exact)",
        "pt": "Suas chances (exatas)",
        "es": "Tus probabilidades (exactas)",
        "it": "Le tue probabilità (esatte)",
    },
    "hint_wait": {
        "en": "Hints come when you have something to decide",
        "pt": "As dicas aparecem quando você tem algo a decidir",
        "es": "Las pistas aparecen cuando tienes algo que decidir",
        "it": "I suggerimenti arrivano quando hai qualcosa da decidere",
    },
    "hint_next_draw": {
        "en": "The next card you draw is playable:",
        "pt": "A próxima carta que você comprar serve:",
        "es": "La próxima carta que robes sirve:",
        "it": "La prossima carta che peschi va bene:",
    },
    "hint_card": {"en": "If you play", "pt": "Se você jogar", "es": "Si juegas", "it": "Se giochi"},
    "hint_next": {"en": "Next player", "pt": "Próximo", "es": "Siguiente", "it": "Prossimo"},
    "hint_p_next": {
        "en": "P(they can play)",
        "pt": "P(ele pode jogar)",
        "es": "P(puede jugar)",
        "it": "P(può giocare)",
    },
    "card_naming": {
        "en": "{card} → {colour}",
        "pt": "{card} → {colour}",
        "es": "{card} → {colour}",
        "it": "{card} → {colour}",
    },
    "card_with": {
        "en": "{card} with {name}",
        "pt": "{card} com {name}",
        "es": "{card} con {name}",
        "it": "{card} con {name}",
    },
    "hint_bot": {
        "en": "The blocker bot would {what}.",
        "pt": "O robô bloqueador iria {what}.",
        "es": "El bot bloqueador iría a {what}.",
        "it": "Il bot bloccatore vorrebbe {what}.",
    },
    "bot_plays": {
        "en": "play {card}",
        "pt": "jogar {card}",
        "es": "jugar {card}",
        "it": "giocare {card}",
    },
    "bot_draws": {
        "en": "draw a card",
        "pt": "comprar uma carta",
        "es": "robar una carta",
        "it": "pescare una carta",
    },
    "bot_accepts": {"en": "accept", "pt": "aceitar", "es": "aceptar", "it": "accettare"},
    "bot_jumps": {"en": "jump in", "pt": "entrar", "es": "colarse", "it": "inserirsi"},
    "hint_note": {
        "en": "Counted over the {count} cards you have not seen (the deck without your hand and "
        "the discard pile); a card is playable if it matches the colour or the number in "
        "force, and black cards count as playable. The next player's chance is over their "
        "hand size.",
        "pt": "Contado sobre as {count} cartas que você não viu (o baralho sem a sua mão e o "
        "descarte); uma carta é jogável se combina com a cor ou o número em jogo, e as pretas "
        "contam como jogáveis. A chance do próximo é sobre o tamanho da mão dele.",
        "es": "Contado sobre las {count} cartas que no has visto (la baraja sin tu mano ni el "
        "descarte); una carta es jugable si coincide con el color o el número en juego, y las "
        "negras cuentan como jugables. La probabilidad del siguiente es sobre el tamaño de su "
        "mano.",
        "it": "Contato sulle {count} carte che non hai visto (il mazzo senza la tua mano e gli "
        "scarti); una carta è giocabile se corrisponde al colore o al numero in gioco, e le "
        "nere contano come giocabili. La probabilità del prossimo è sulla grandezza della sua "
        "mano.",
    },
    "hint_accept_draw": {
        "en": "Accepting: you draw {count} cards. A Protection cancels the attack; a draw card "
        "passes it on, bigger, to the next player.",
        "pt": "Aceitar: você compra {count} cartas. Uma Proteção cancela o ataque; uma carta de "
        "compra o repassa, maior, ao próximo.",
        "es": "Aceptar: robas {count} cartas. Una Protección anula el ataque; una carta de robo "
        "lo pasa, mayor, al siguiente.",
        "it": "Accettare: peschi {count} carte. Una Protezione annulla l'attacco; una carta "
        "pesca lo passa, più grande, al prossimo.",
    },
    "hint_accept_gift": {
        "en": {
            "one": "Accepting: {n} card joins your hand. A Protection sends it back.",
            "many": "Accepting: {n} cards join your hand. A Protection sends them back.",
        },
        "pt": {
            "one": "Aceitar: {n} carta entra na sua mão. Uma Proteção a devolve.",
            "many": "Aceitar: {n} cartas entram na sua mão. Uma Proteção as devolve.",
        },
        "es": {
            "one": "Aceptar: {n} carta entra en tu mano. Una Protección la devuelve.",
            "many": "Aceptar: {n} cartas entran en tu mano. Una Protección las devuelve.",
        },
        "it": {
            "one": "Accettare: {n} carta entra nella tua mano. Una Protezione la rimanda.",
            "many": "Accettare: {n} carte entrano nella tua mano. Una Protezione le rimanda.",
        },
    },
    "hint_accept_rotate": {
        "en": "Accepting: your hand passes one seat on and you get your neighbour's. "
        "A Protection keeps your hand.",
        "pt": "Aceitar: sua mão passa um lugar adiante e você recebe a do vizinho. "
        "Uma Proteção guarda a sua mão.",
        "es": "Aceptar: tu mano pasa un asiento y recibes la de tu vecino. "
        "Una Protección conserva tu mano.",
        "it": "Accettare: la tua mano passa di un posto e ricevi quella del vicino. "
        "Una Protezione tiene la tua mano.",
    },
}
