"""The words of the Solo panel, in English, Portuguese, Spanish and Italian.

>>> from dicelab.core.ui.words import Words
>>> Words(WORDS, "es")("your_hand", count=1, n=1)
'Tu mano (1 carta)'
"""

from __future__ import annotations

from dicelab.core.ui.words import COMMON_WORDS, Text
from dicelab.solo.panel_text_log import LOG_WORDS
from dicelab.solo.panel_text_rules import RULE_WORDS

WORDS: dict[str, dict[str, Text]] = {
    **COMMON_WORDS,
    "title": {"en": "Solo", "pt": "Solo", "es": "Solo", "it": "Solo"},
    "round": {
        "en": "Round {round} · {direction} · turn: {name}",
        "pt": "Rodada {round} · {direction} · vez de {name}",
        "es": "Ronda {round} · {direction} · turno de {name}",
        "it": "Round {round} · {direction} · tocca a {name}",
    },
    "round_ended": {
        "en": "Round {round} · over",
        "pt": "Rodada {round} · fim",
        "es": "Ronda {round} · terminada",
        "it": "Round {round} · finito",
    },
    "clockwise": {"en": "↻ clockwise", "pt": "↻ horário", "es": "↻ horario", "it": "↻ orario"},
    "counter_clockwise": {
        "en": "↺ counter-clockwise",
        "pt": "↺ anti-horário",
        "es": "↺ antihorario",
        "it": "↺ antiorario",
    },
    "new_game_started": {
        "en": "New game (seed {seed})",
        "pt": "Novo jogo (semente {seed})",
        "es": "Nueva partida (semilla {seed})",
        "it": "Nuova partita (seme {seed})",
    },
    # the table
    "discard": {"en": "Discard pile", "pt": "Descarte", "es": "Descarte", "it": "Scarti"},
    "draw_pile": {"en": "Draw pile", "pt": "Monte", "es": "Mazo", "it": "Mazzo"},
    "draw_pile_size": {
        "en": {"one": "{n} card to draw", "many": "{n} cards to draw"},
        "pt": {"one": "{n} carta para comprar", "many": "{n} cartas para comprar"},
        "es": {"one": "{n} carta para robar", "many": "{n} cartas para robar"},
        "it": {"one": "{n} carta da pescare", "many": "{n} carte da pescare"},
    },
    "in_force": {
        "en": "In force: {what}",
        "pt": "Em jogo: {what}",
        "es": "En juego: {what}",
        "it": "In gioco: {what}",
    },
    "card_tip": {
        "en": {"one": "{name} · {points} point", "many": "{name} · {points} points"},
        "pt": {"one": "{name} · {points} ponto", "many": "{name} · {points} pontos"},
        "es": {"one": "{name} · {points} punto", "many": "{name} · {points} puntos"},
        "it": {"one": "{name} · {points} punto", "many": "{name} · {points} punti"},
    },
    "your_hand": {
        "en": {"one": "Your hand ({n} card)", "many": "Your hand ({n} cards)"},
        "pt": {"one": "Sua mão ({n} carta)", "many": "Sua mão ({n} cartas)"},
        "es": {"one": "Tu mano ({n} carta)", "many": "Tu mano ({n} cartas)"},
        "it": {"one": "La tua mano ({n} carta)", "many": "La tua mano ({n} carte)"},
    },
    "players": {"en": "Players", "pt": "Jogadores", "es": "Jugadores", "it": "Giocatori"},
    "cards": {"en": "Cards", "pt": "Cartas", "es": "Cartas", "it": "Carte"},
    "points": {"en": "Points", "pt": "Pontos", "es": "Puntos", "it": "Punti"},
    "this_round": {
        "en": "This round",
        "pt": "Nesta rodada",
        "es": "En esta ronda",
        "it": "In questo round",
    },
    "log": {
        "en": "What happened",
        "pt": "O que aconteceu",
        "es": "Qué pasó",
        "it": "Cosa è successo",
    },
    "you": {"en": "you", "pt": "você", "es": "tú", "it": "tu"},
    "bot_random": {
        "en": "random bot",
        "pt": "robô aleatório",
        "es": "bot al azar",
        "it": "bot a caso",
    },
    "bot_keep-black": {
        "en": "keeps black cards",
        "pt": "guarda as pretas",
        "es": "guarda las negras",
        "it": "tiene le nere",
    },
    "bot_dump-high": {
        "en": "dumps high cards",
        "pt": "descarta as altas",
        "es": "suelta las altas",
        "it": "scarta le alte",
    },
    "bot_blocker": {
        "en": "blocker bot",
        "pt": "robô bloqueador",
        "es": "bot bloqueador",
        "it": "bot bloccatore",
    },
    # the controls
    "draw": {
        "en": "Draw a card",
        "pt": "Comprar uma carta",
        "es": "Robar una carta",
        "it": "Pesca una carta",
    },
    "accept": {"en": "Accept", "pt": "Aceitar", "es": "Aceptar", "it": "Accetta"},
    "solo": {"en": "Solo!", "pt": "Solo!", "es": "¡Solo!", "it": "Solo!"},
    "go_on": {"en": "Go on", "pt": "Seguir", "es": "Seguir", "it": "Prosegui"},
    "next_round": {
        "en": "Next round",
        "pt": "Próxima rodada",
        "es": "Siguiente ronda",
        "it": "Round successivo",
    },
    "give": {
        "en": {"one": "Give {n} card", "many": "Give {n} cards"},
        "pt": {"one": "Dar {n} carta", "many": "Dar {n} cartas"},
        "es": {"one": "Dar {n} carta", "many": "Dar {n} cartas"},
        "it": {"one": "Regala {n} carta", "many": "Regala {n} carte"},
    },
    "solo_tip": {
        "en": "Say Solo before you play your second-to-last card",
        "pt": "Diga Solo antes de jogar a penúltima carta",
        "es": "Di Solo antes de jugar tu penúltima carta",
        "it": "Di' Solo prima di giocare la penultima carta",
    },
    "solo_said": {
        "en": "Solo! Now play your second-to-last card",
        "pt": "Solo! Agora jogue a penúltima carta",
        "es": "¡Solo! Ahora juega tu penúltima carta",
        "it": "Solo! Ora gioca la penultima carta",
    },
    "solo_when_two": {
        "en": {
            "one": "Say Solo when you hold two cards and play one of them (you hold {n})",
            "many": "Say Solo when you hold two cards and play one of them (you hold {n})",
        },
        "pt": "Diga Solo quando tiver duas cartas e jogar uma delas (você tem {n})",
        "es": "Di Solo cuando tengas dos cartas y juegues una (tienes {n})",
        "it": "Di' Solo quando hai due carte e ne giochi una (ne hai {n})",
    },
    "ask_colour": {"en": "Colour:", "pt": "Cor:", "es": "Color:", "it": "Colore:"},
    "ask_target": {
        "en": "Swap with:",
        "pt": "Trocar com:",
        "es": "Cambiar con:",
        "it": "Scambia con:",
    },
    "ask_gift": {"en": "Gift:", "pt": "Presente:", "es": "Regalo:", "it": "Regalo:"},
    # what to do now
    "do_play": {
        "en": "Your turn: click a card to play it",
        "pt": "Sua vez: clique numa carta para jogá-la",
        "es": "Tu turno: haz clic en una carta para jugarla",
        "it": "Tocca a te: clicca una carta per giocarla",
    },
    "do_draw": {
        "en": "Your turn: no card of yours fits, draw a card",
        "pt": "Sua vez: nenhuma carta serve, compre uma carta",
        "es": "Tu turno: ninguna carta sirve, roba una carta",
        "it": "Tocca a te: nessuna carta va bene, pesca una carta",
    },
    "do_drawn": {
        "en": "You drew {card}: it fits, so play it now (click it)",
        "pt": "Você comprou {card}: ela serve, então jogue-a agora (clique nela)",
        "es": "Robaste {card}: sirve, así que juégala ahora (haz clic en ella)",
        "it": "Hai pescato {card}: va bene, quindi giocala ora (cliccala)",
    },
    "do_colour": {
        "en": "Choose the colour for {card}:",
        "pt": "Escolha a cor para {card}:",
        "es": "Elige el color para {card}:",
        "it": "Scegli il colore per {card}:",
    },
    "do_target": {
        "en": "{card}: swap hands with whom?",
        "pt": "{card}: trocar de mão com quem?",
        "es": "{card}: ¿cambiar la mano con quién?",
        "it": "{card}: scambiare le carte con chi?",
    },
    "do_gift": {
        "en": {
            "one": "{card}: click {n} card to give ({picked} picked), then Give",
            "many": "{card}: click {n} cards to give ({picked} picked), then Give",
        },
        "pt": {
            "one": "{card}: clique em {n} carta para dar ({picked} escolhidas), depois Dar",
            "many": "{card}: clique em {n} cartas para dar ({picked} escolhidas), depois Dar",
        },
        "es": {
            "one": "{card}: haz clic en {n} carta para dar ({picked} elegidas), luego Dar",
            "many": "{card}: haz clic en {n} cartas para dar ({picked} elegidas), luego Dar",
        },
        "it": {
            "one": "{card}: clicca {n} carta da regalare ({picked} scelte), poi Regala",
            "many": "{card}: clicca {n} carte da regalare ({picked} scelte), poi Regala",
        },
    },
    "do_jump": {
        "en": "{card} was just played and you hold the same card: click it to jump in, or Go on",
        "pt": "{card} acabou de ser jogada e você tem uma igual: clique nela para entrar, ou "
        "Seguir",
        "es": "Se acaba de jugar {card} y tienes una igual: haz clic en ella para colarte, o "
        "Seguir",
        "it": "È appena stata giocata {card} e tu ne hai una uguale: cliccala per inserirti, o "
        "Prosegui",
    },
    "do_answer_draw": {
        "en": "{name} played {card} on you: Accept (draw {count}), or answer with a highlighted "
        "card",
        "pt": "{name} jogou {card} em você: Aceitar (comprar {count}) ou responder com uma carta "
        "destacada",
        "es": "{name} te jugó {card}: Aceptar (robar {count}) o responder con una carta resaltada",
        "it": "{name} ti ha giocato {card}: Accetta (pesca {count}) o rispondi con una carta "
        "evidenziata",
    },
    "do_answer_rotate": {
        "en": "{name} played Rotate hands: Accept, or keep your hand with your Protection",
        "pt": "{name} jogou Gira as mãos: Aceitar, ou guardar sua mão com a Proteção",
        "es": "{name} jugó Giro de manos: Aceptar, o conservar tu mano con la Protección",
        "it": "{name} ha giocato Giro carte: Accetta, o tieni la tua mano con la Protezione",
    },
    "do_answer_gift": {
        "en": "{name} gives you {cards}: Accept, or send them back with your Protection",
        "pt": "{name} lhe dá {cards}: Aceitar, ou devolver com a sua Proteção",
        "es": "{name} te regala {cards}: Aceptar, o devolverlas con tu Protección",
        "it": "{name} ti regala {cards}: Accetta, o rimandale indietro con la Protezione",
    },
    "do_next_round": {
        "en": "Round {round} is over: {name} went out. Click Next round",
        "pt": "A rodada {round} acabou: {name} bateu. Clique em Próxima rodada",
        "es": "La ronda {round} terminó: {name} se quedó sin cartas. Haz clic en Siguiente ronda",
        "it": "Il round {round} è finito: {name} ha chiuso. Clicca Round successivo",
    },
    "do_next_round_you": {
        "en": "Round {round} is over: you went out! Click Next round",
        "pt": "A rodada {round} acabou: você bateu! Clique em Próxima rodada",
        "es": "La ronda {round} terminó: ¡te quedaste sin cartas! Haz clic en Siguiente ronda",
        "it": "Il round {round} è finito: hai chiuso tu! Clicca Round successivo",
    },
    "wait": {"en": "Wait", "pt": "Aguarde", "es": "Espera", "it": "Attendi"},
    "round_starts": {
        "en": "Round {round} begins",
        "pt": "Começa a rodada {round}",
        "es": "Empieza la ronda {round}",
        "it": "Comincia il round {round}",
    },
    "reached": {
        "en": "{names} reached {points} points.",
        "pt": {
            "one": "{names} chegou a {points} pontos.",
            "many": "{names} chegaram a {points} pontos.",
        },
        "es": {
            "one": "{names} llegó a {points} puntos.",
            "many": "{names} llegaron a {points} puntos.",
        },
        "it": {
            "one": "{names} ha raggiunto {points} punti.",
            "many": "{names} hanno raggiunto {points} punti.",
        },
    },
    # answers to clicks
    "not_now": {
        "en": "Not now: {what}",
        "pt": "Agora não: {what}",
        "es": "Ahora no: {what}",
        "it": "Non ora: {what}",
    },
    "game_is_over": {
        "en": "The game is over: start a New game",
        "pt": "O jogo acabou: comece um Novo jogo",
        "es": "La partida terminó: empieza una Nueva partida",
        "it": "La partita è finita: inizia una Nuova partita",
    },
    "no_colour_asked": {
        "en": "No colour is asked now: a Choose colour or Draw four card names one",
        "pt": "Nenhuma cor é pedida agora: uma Escolha a cor ou Compra quatro escolhe uma",
        "es": "Ahora no se pide color: un Cambio de color o un Roba cuatro elige uno",
        "it": "Ora non si sceglie un colore: lo sceglie un Cambia colore o un Pesca quattro",
    },
    "no_target_asked": {
        "en": "No opponent is asked now: a Swap hands card names one",
        "pt": "Nenhum adversário é pedido agora: uma Troca de mãos escolhe um",
        "es": "Ahora no se pide rival: un Cambio de manos elige uno",
        "it": "Ora non si sceglie un avversario: lo sceglie uno Scambio carte",
    },
    "no_gift_asked": {
        "en": "No Gift is being given now: click a Gift card first",
        "pt": "Nenhum Presente está sendo dado: clique antes numa carta Presente",
        "es": "Ahora no se da ningún Regalo: primero haz clic en una carta Regalo",
        "it": "Ora non si fa nessun Regalo: prima clicca una carta Regalo",
    },
    "pick_gift": {
        "en": {
            "one": "Pick {n} card to give first ({picked} picked)",
            "many": "Pick {n} cards to give first ({picked} picked)",
        },
        "pt": {
            "one": "Escolha antes {n} carta para dar ({picked} escolhidas)",
            "many": "Escolha antes {n} cartas para dar ({picked} escolhidas)",
        },
        "es": {
            "one": "Elige antes {n} carta para dar ({picked} elegidas)",
            "many": "Elige antes {n} cartas para dar ({picked} elegidas)",
        },
        "it": {
            "one": "Scegli prima {n} carta da regalare ({picked} scelte)",
            "many": "Scegli prima {n} carte da regalare ({picked} scelte)",
        },
    },
    "gift_full": {
        "en": {
            "one": "You have picked {n} card already: click it again to put it back",
            "many": "You have picked {n} cards already: click one again to put it back",
        },
        "pt": {
            "one": "Você já escolheu {n} carta: clique nela de novo para devolvê-la",
            "many": "Você já escolheu {n} cartas: clique numa de novo para devolvê-la",
        },
        "es": {
            "one": "Ya elegiste {n} carta: haz clic otra vez en ella para devolverla",
            "many": "Ya elegiste {n} cartas: haz clic otra vez en una para devolverla",
        },
        "it": {
            "one": "Hai già scelto {n} carta: cliccala di nuovo per rimetterla",
            "many": "Hai già scelto {n} carte: cliccane una di nuovo per rimetterla",
        },
    },
    "nothing_to_cancel": {
        "en": "Nothing to cancel: no card waits for a choice",
        "pt": "Nada a cancelar: nenhuma carta espera uma escolha",
        "es": "Nada que cancelar: ninguna carta espera una elección",
        "it": "Niente da annullare: nessuna carta aspetta una scelta",
    },
    "cancelled": {
        "en": "Cancelled: choose a card again",
        "pt": "Cancelado: escolha uma carta de novo",
        "es": "Cancelado: elige una carta otra vez",
        "it": "Annullato: scegli di nuovo una carta",
    },
    "no_attack": {
        "en": "Nothing to accept: no attack waits for your answer",
        "pt": "Nada a aceitar: nenhum ataque espera a sua resposta",
        "es": "Nada que aceptar: ningún ataque espera tu respuesta",
        "it": "Niente da accettare: nessun attacco aspetta la tua risposta",
    },
    "no_jump": {
        "en": "Go on is for a card you could jump in with, and there is none now",
        "pt": "Seguir é para uma carta com que você poderia entrar, e agora não há",
        "es": "Seguir es para una carta con la que podrías colarte, y ahora no la hay",
        "it": "Prosegui serve per una carta con cui potresti inserirti, e ora non c'è",
    },
    "no_round_over": {
        "en": "The round is not over yet",
        "pt": "A rodada ainda não acabou",
        "es": "La ronda aún no terminó",
        "it": "Il round non è ancora finito",
    },
    **LOG_WORDS,
    **RULE_WORDS,
}
