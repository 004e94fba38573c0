"""The words of the Sly Dice panel, in English, Portuguese, Spanish and Italian.

>>> from dicelab.core.ui.words import Words
>>> Words(WORDS, "es")("round", round=2, rounds=6)
'Ronda 2 de 6'
>>> Words(WORDS, "it")("roll", count=1, n=1)
'Lancia (ancora 1)'
"""

from __future__ import annotations

from dicelab.core.ui.words import COMMON_WORDS, Text

WORDS: dict[str, dict[str, Text]] = {
    **COMMON_WORDS,
    "title": {"en": "Sly Dice", "pt": "Sly Dice", "es": "Sly Dice", "it": "Sly Dice"},
    "round": {
        "en": "Round {round} of {rounds}",
        "pt": "Rodada {round} de {rounds}",
        "es": "Ronda {round} de {rounds}",
        "it": "Round {round} di {rounds}",
    },
    "common": {
        "en": "Common dice",
        "pt": "Dados comuns",
        "es": "Dados comunes",
        "it": "Dadi comuni",
    },
    "yours": {"en": "Your dice", "pt": "Seus dados", "es": "Tus dados", "it": "I tuoi dadi"},
    "roll": {
        "en": "Roll ({n} left)",
        "pt": {"one": "Rolar (falta {n})", "many": "Rolar (faltam {n})"},
        "es": {"one": "Tirar (queda {n})", "many": "Tirar (quedan {n})"},
        "it": "Lancia (ancora {n})",
    },
    "roll_common": {
        "en": "Roll the common dice",
        "pt": "Rolar os dados comuns",
        "es": "Tirar los dados comunes",
        "it": "Lancia i dadi comuni",
    },
    "stop": {
        "en": "Stop rolling",
        "pt": "Parar de rolar",
        "es": "No tirar más",
        "it": "Basta lanciare",
    },
    "aside": {"en": "set aside", "pt": "à vista", "es": "apartado", "it": "scoperto"},
    "to_aside": {"en": "to set aside", "pt": "vai à vista", "es": "a apartar", "it": "da scoprire"},
    "cards": {
        "en": "Cards on the table",
        "pt": "Cartas na mesa",
        "es": "Cartas en la mesa",
        "it": "Carte sul tavolo",
    },
    "points_short": {
        "en": {"one": "{points} pt", "many": "{points} pts"},
        "pt": {"one": "{points} pt", "many": "{points} pts"},
        "es": {"one": "{points} pto", "many": "{points} ptos"},
        "it": {"one": "{points} pt", "many": "{points} pt"},
    },
    "players": {"en": "Players", "pt": "Jogadores", "es": "Jugadores", "it": "Giocatori"},
    "you": {"en": "you", "pt": "você", "es": "tú", "it": "tu"},
    "bot_honest": {
        "en": "honest bot",
        "pt": "robô honesto",
        "es": "bot honesto",
        "it": "bot onesto",
    },
    "bot_random-liar": {
        "en": "random liar bot",
        "pt": "robô mentiroso",
        "es": "bot mentiroso",
        "it": "bot bugiardo",
    },
    "bot_calculator": {
        "en": "calculator bot",
        "pt": "robô calculista",
        "es": "bot calculador",
        "it": "bot calcolatore",
    },
    "accuse": {"en": "Accuse", "pt": "Acusar", "es": "Acusar", "it": "Accusa"},
    "pass": {"en": "Pass", "pt": "Passar", "es": "Pasar", "it": "Passa"},
    "show": {
        "en": "Show my dice",
        "pt": "Mostrar meus dados",
        "es": "Mostrar mis dados",
        "it": "Mostra i miei dadi",
    },
    "keep": {
        "en": "Keep them hidden",
        "pt": "Manter escondidos",
        "es": "Mantenerlos ocultos",
        "it": "Tienili nascosti",
    },
    "show_all": {
        "en": "Show all dice",
        "pt": "Mostrar todos os dados",
        "es": "Mostrar todos los dados",
        "it": "Mostra tutti i dadi",
    },
    "show_all_tip": {
        "en": "For the teacher: everyone's dice in the last round played",
        "pt": "Para o professor: os dados de todos na última rodada jogada",
        "es": "Para el docente: los dados de todos en la última ronda jugada",
        "it": "Per l'insegnante: i dadi di tutti nell'ultimo round giocato",
    },
    "show_all_wait": {
        "en": "All dice are shown once a round is over",
        "pt": "Todos os dados aparecem quando uma rodada termina",
        "es": "Todos los dados se ven cuando termina una ronda",
        "it": "Tutti i dadi si vedono quando un round finisce",
    },
    "last_round": {
        "en": "Round {round}, every die",
        "pt": "Rodada {round}, todos os dados",
        "es": "Ronda {round}, todos los dados",
        "it": "Round {round}, tutti i dadi",
    },
    "new_game_started": {
        "en": "New game (seed {seed})",
        "pt": "Novo jogo (semente {seed})",
        "es": "Nueva partida (semilla {seed})",
        "it": "Nuova partita (seme {seed})",
    },
    # what to do now
    "do_common": {
        "en": "You start this round: roll the common dice",
        "pt": "Você começa esta rodada: role os dados comuns",
        "es": "Empiezas esta ronda: tira los dados comunes",
        "it": "Inizi tu questo round: lancia i dadi comuni",
    },
    "do_first_roll": {
        "en": "Your turn: roll your three dice behind the shield",
        "pt": "Sua vez: role seus três dados atrás do escudo",
        "es": "Tu turno: tira tus tres dados detrás del escudo",
        "it": "Tocca a te: lancia i tuoi tre dadi dietro lo schermo",
    },
    "do_roll": {
        "en": "Roll again (click a hidden die to set it aside first) or stop",
        "pt": "Role de novo (clique antes num dado escondido para deixá-lo à vista) ou pare",
        "es": "Tira otra vez (primero haz clic en un dado oculto para apartarlo) o para",
        "it": "Rilancia (prima clicca un dado nascosto per scoprirlo) o fermati",
    },
    "do_claim": {
        "en": "Claim a card: click one on the table",
        "pt": "Declare uma carta: clique numa carta da mesa",
        "es": "Declara una carta: haz clic en una de la mesa",
        "it": "Dichiara una carta: cliccane una sul tavolo",
    },
    "do_ask": {
        "en": {
            "one": "{name} claims {card} ({points} point): accuse or pass?",
            "many": "{name} claims {card} ({points} points): accuse or pass?",
        },
        "pt": {
            "one": "{name} declara {card} ({points} ponto): acusar ou passar?",
            "many": "{name} declara {card} ({points} pontos): acusar ou passar?",
        },
        "es": {
            "one": "{name} declara {card} ({points} punto): ¿acusar o pasar?",
            "many": "{name} declara {card} ({points} puntos): ¿acusar o pasar?",
        },
        "it": {
            "one": "{name} dichiara {card} ({points} punto): accusi o passi?",
            "many": "{name} dichiara {card} ({points} punti): accusi o passi?",
        },
    },
    "do_reveal": {
        "en": "Nobody accused you. Show your dice? (a lie shown takes the Successful-lie card)",
        "pt": "Ninguém acusou você. Mostrar seus dados? (uma mentira mostrada ganha a carta "
        "Mentira bem-sucedida)",
        "es": "Nadie te acusó. ¿Mostrar tus dados? (una mentira mostrada gana la carta "
        "Mentira exitosa)",
        "it": "Nessuno ti ha accusato. Mostri i dadi? (una bugia mostrata prende la carta Bugia "
        "riuscita)",
    },
    # why a click does nothing now
    "pick_aside": {
        "en": "Click one of your hidden dice to set it aside first",
        "pt": "Clique antes num dos seus dados escondidos para deixá-lo à vista",
        "es": "Primero haz clic en uno de tus dados ocultos para apartarlo",
        "it": "Prima clicca uno dei tuoi dadi nascosti per scoprirlo",
    },
    "die_aside": {
        "en": "This die is set aside: everyone sees it",
        "pt": "Este dado está à vista: todos o veem",
        "es": "Este dado está apartado: todos lo ven",
        "it": "Questo dado è scoperto: lo vedono tutti",
    },
    "die_common": {
        "en": "The common dice are everyone's: they count for every claim",
        "pt": "Os dados comuns são de todos: contam em toda declaração",
        "es": "Los dados comunes son de todos: cuentan en cada declaración",
        "it": "I dadi comuni sono di tutti: contano per ogni dichiarazione",
    },
    "die_wait": {
        "en": "Your dice can be set aside only between your rolls",
        "pt": "Seus dados só vão à vista entre as suas jogadas",
        "es": "Tus dados solo se apartan entre tus tiradas",
        "it": "Puoi scoprire i tuoi dadi solo tra un lancio e l'altro",
    },
    "not_now": {
        "en": "Not now: {what}",
        "pt": "Agora não: {what}",
        "es": "Ahora no: {what}",
        "it": "Non ora: {what}",
    },
    "game_is_over": {
        "en": "The game is over",
        "pt": "O jogo acabou",
        "es": "La partida terminó",
        "it": "La partita è finita",
    },
    # what happened
    "ev_common": {
        "en": "{name} rolled the common dice: {dice}",
        "pt": "{name} rolou os dados comuns: {dice}",
        "es": "{name} tiró los dados comunes: {dice}",
        "it": "{name} ha lanciato i dadi comuni: {dice}",
    },
    "ev_first": {
        "en": "{name} rolled behind the shield",
        "pt": "{name} rolou atrás do escudo",
        "es": "{name} tiró detrás del escudo",
        "it": "{name} ha lanciato dietro lo schermo",
    },
    "ev_mine": {
        "en": "You rolled {dice}",
        "pt": "Você tirou {dice}",
        "es": "Sacaste {dice}",
        "it": "Hai fatto {dice}",
    },
    "ev_aside": {
        "en": "{name} set a {face} aside and rolled again",
        "pt": "{name} deixou um {face} à vista e rolou de novo",
        "es": "{name} apartó un {face} y tiró otra vez",
        "it": "{name} ha scoperto un {face} e ha rilanciato",
    },
    "ev_stop": {
        "en": "{name} stopped rolling",
        "pt": "{name} parou de rolar",
        "es": "{name} dejó de tirar",
        "it": "{name} ha smesso di lanciare",
    },
    "ev_claim": {
        "en": "{name} claims {card}",
        "pt": "{name} declara {card}",
        "es": "{name} declara {card}",
        "it": "{name} dichiara {card}",
    },
    "ev_pass": {
        "en": "{name} passes",
        "pt": "{name} passa",
        "es": "{name} pasa",
        "it": "{name} passa",
    },
    "ev_caught": {
        "en": "{name} accuses {claimer}: a lie! No points",
        "pt": "{name} acusa {claimer}: mentira! Sem pontos",
        "es": "{name} acusa a {claimer}: ¡mentira! Sin puntos",
        "it": "{name} accusa {claimer}: una bugia! Niente punti",
    },
    "ev_wrong": {
        "en": "{name} accuses {claimer}: true! {claimer} scores {points}; {name} takes the "
        "False-accusation card ({value})",
        "pt": "{name} acusa {claimer}: é verdade! {claimer} marca {points}; {name} leva a "
        "carta Acusação falsa ({value})",
        "es": "{name} acusa a {claimer}: ¡es verdad! {claimer} suma {points}; {name} se "
        "lleva la carta Acusación falsa ({value})",
        "it": "{name} accusa {claimer}: è vero! {claimer} fa {points}; {name} prende la carta "
        "Accusa falsa ({value})",
    },
    "ev_stands": {
        "en": {
            "one": "Nobody accuses {name}: {points} point",
            "many": "Nobody accuses {name}: {points} points",
        },
        "pt": {
            "one": "Ninguém acusa {name}: {points} ponto",
            "many": "Ninguém acusa {name}: {points} pontos",
        },
        "es": {
            "one": "Nadie acusa a {name}: {points} punto",
            "many": "Nadie acusa a {name}: {points} puntos",
        },
        "it": {
            "one": "Nessuno accusa {name}: {points} punto",
            "many": "Nessuno accusa {name}: {points} punti",
        },
    },
    "ev_lie_shown": {
        "en": "{name} shows the dice: a lie! Successful-lie card (+{value})",
        "pt": "{name} mostra os dados: mentira! Carta Mentira bem-sucedida (+{value})",
        "es": "{name} muestra los dados: ¡mentira! Carta Mentira exitosa (+{value})",
        "it": "{name} mostra i dadi: una bugia! Carta Bugia riuscita (+{value})",
    },
    "ev_true_shown": {
        "en": "{name} shows the dice: it was true",
        "pt": "{name} mostra os dados: era verdade",
        "es": "{name} muestra los dados: era verdad",
        "it": "{name} mostra i dadi: era vero",
    },
    "ev_kept": {
        "en": "{name} keeps the dice hidden",
        "pt": "{name} mantém os dados escondidos",
        "es": "{name} mantiene los dados ocultos",
        "it": "{name} tiene i dadi nascosti",
    },
    "ev_round": {
        "en": "Round {round} is over",
        "pt": "A rodada {round} terminou",
        "es": "La ronda {round} terminó",
        "it": "Il round {round} è finito",
    },
    "ev_card": {
        "en": "New card on the table: {card}",
        "pt": "Nova carta na mesa: {card}",
        "es": "Nueva carta en la mesa: {card}",
        "it": "Nuova carta sul tavolo: {card}",
    },
    # the players' column
    "claimed": {
        "en": "claims {card}",
        "pt": "declara {card}",
        "es": "declara {card}",
        "it": "dichiara {card}",
    },
    "status_lie": {"en": "lie", "pt": "mentira", "es": "mentira", "it": "bugia"},
    "status_true": {"en": "true", "pt": "verdade", "es": "verdad", "it": "vero"},
    "status_accused": {
        "en": "accused by {name}",
        "pt": "acusado por {name}",
        "es": "acusado por {name}",
        "it": "accusato da {name}",
    },
    # hints
    "hint_rolling": {
        "en": "Your chances, rolling as well as possible from here",
        "pt": "Suas chances, jogando o melhor possível daqui em diante",
        "es": "Tus probabilidades, tirando lo mejor posible desde aquí",
        "it": "Le tue probabilità, lanciando al meglio da qui in poi",
    },
    "hint_claim": {
        "en": "Each card: true for you? and how likely the others find it",
        "pt": "Cada carta: é verdade para você? e quão provável os outros a acham",
        "es": "Cada carta: ¿es verdad para ti? y cuán probable la ven los demás",
        "it": "Ogni carta: è vera per te? e quanto è probabile per gli altri",
    },
    "hint_ask": {
        "en": "Is {name} lying? Bayes' rule for the claim {card}",
        "pt": "{name} está mentindo? A regra de Bayes para a declaração {card}",
        "es": "¿Miente {name}? La regla de Bayes para la declaración {card}",
        "it": "{name} mente? La regola di Bayes per la dichiarazione {card}",
    },
    "hint_common": {
        "en": "Roll the common dice: every chance depends on them",
        "pt": "Role os dados comuns: todas as chances dependem deles",
        "es": "Tira los dados comunes: todas las probabilidades dependen de ellos",
        "it": "Lancia i dadi comuni: ogni probabilità dipende da loro",
    },
    "hint_reveal_lie": {
        "en": "Your claim is a lie: showing it takes the Successful-lie card (+{value})",
        "pt": "Sua declaração é mentira: mostrá-la ganha a carta Mentira bem-sucedida (+{value})",
        "es": "Tu declaración es mentira: mostrarla gana la carta Mentira exitosa (+{value})",
        "it": "La tua dichiarazione è una bugia: mostrarla prende la carta Bugia riuscita "
        "(+{value})",
    },
    "hint_reveal_true": {
        "en": "Your claim is true: showing your dice adds no points, it only tells the others",
        "pt": "Sua declaração é verdade: mostrar os dados não dá pontos, só informa os outros",
        "es": "Tu declaración es verdad: mostrar tus dados no da puntos, solo informa a los demás",
        "it": "La tua dichiarazione è vera: mostrare i dadi non dà punti, informa solo gli altri",
    },
    "hint_wait": {
        "en": "Hints appear when it is your turn",
        "pt": "As dicas aparecem na sua vez",
        "es": "Las pistas aparecen en tu turno",
        "it": "I suggerimenti compaiono quando tocca a te",
    },
    "card": {"en": "Card", "pt": "Carta", "es": "Carta", "it": "Carta"},
    "points": {"en": "Points", "pt": "Pontos", "es": "Puntos", "it": "Punti"},
    "p_seen": {
        "en": "P(card | seen)",
        "pt": "P(carta | visto)",
        "es": "P(carta | visto)",
        "it": "P(carta | visto)",
    },
    "p_best": {
        "en": "P(by the end)",
        "pt": "P(até o fim)",
        "es": "P(al final)",
        "it": "P(alla fine)",
    },
    "best_move": {
        "en": "Best move",
        "pt": "Melhor jogada",
        "es": "Mejor jugada",
        "it": "Mossa migliore",
    },
    "move_stop": {"en": "stop", "pt": "parar", "es": "parar", "it": "fermarsi"},
    "move_aside": {
        "en": "set a {face} aside",
        "pt": "deixar um {face} à vista",
        "es": "apartar un {face}",
        "it": "scoprire un {face}",
    },
    "move_roll": {"en": "roll", "pt": "rolar", "es": "tirar", "it": "lanciare"},
    "true_for_you": {
        "en": "True for you",
        "pt": "Verdade para você",
        "es": "Verdad para ti",
        "it": "Vera per te",
    },
    "yes": {"en": "yes", "pt": "sim", "es": "sí", "it": "sì"},
    "no": {"en": "no", "pt": "não", "es": "no", "it": "no"},
    "p_others": {
        "en": "P(true), the others' view",
        "pt": "P(verdade), visão dos outros",
        "es": "P(verdad), según los demás",
        "it": "P(vera), secondo gli altri",
    },
    "they_accuse": {
        "en": "A calculator accuses?",
        "pt": "Um calculista acusa?",
        "es": "¿Un calculador acusa?",
        "it": "Un calcolatore accusa?",
    },
    "case": {"en": "Case", "pt": "Caso", "es": "Caso", "it": "Caso"},
    "case_true": {"en": "true", "pt": "verdade", "es": "verdad", "it": "vero"},
    "case_lie": {"en": "lie", "pt": "mentira", "es": "mentira", "it": "bugia"},
    "prior": {"en": "Prior", "pt": "A priori", "es": "A priori", "it": "A priori"},
    "likelihood": {
        "en": "P(this claim | case)",
        "pt": "P(esta declaração | caso)",
        "es": "P(esta declaración | caso)",
        "it": "P(questa dichiarazione | caso)",
    },
    "posterior": {
        "en": "Posterior",
        "pt": "A posteriori",
        "es": "A posteriori",
        "it": "A posteriori",
    },
    "bayes_note": {
        "en": "Model: {name} rolls to make the card worth the most points and lies one time "
        "in four. Accuse: {accuse}; pass: {pass_} (expected points: yours minus the others' "
        "average).",
        "pt": "Modelo: {name} rola para fazer a carta que vale mais pontos e mente uma vez em "
        "quatro. Acusar: {accuse}; passar: {pass_} (pontos esperados: os seus menos a média "
        "dos outros).",
        "es": "Modelo: {name} tira para hacer la carta que vale más puntos y miente una vez de "
        "cada cuatro. Acusar: {accuse}; pasar: {pass_} (puntos esperados: los tuyos menos el "
        "promedio de los demás).",
        "it": "Modello: {name} lancia per fare la carta che vale più punti e mente una volta su "
        "quattro. Accusare: {accuse}; passare: {pass_} (punti attesi: i tuoi meno la media"
        " degli altri).",
    },
    # the engine's illegal moves, by rule name
    "rule:the start player rolls the common dice first": {
        "pt": "O jogador inicial rola os dados comuns primeiro",
        "es": "El jugador inicial tira primero los dados comunes",
        "it": "Il primo giocatore lancia prima i dadi comuni",
    },
    "rule:players roll their own dice in turn, from the start player": {
        "pt": "Todos já rolaram: é hora de declarar",
        "es": "Todos ya tiraron: es hora de declarar",
        "it": "Hanno già lanciato tutti: è ora di dichiarare",
    },
    "rule:at most three own rolls": {
        "pt": "Sem jogadas restantes: pare e declare",
        "es": "No quedan tiradas: para y declara",
        "it": "Niente più lanci: fermati e dichiara",
    },
    "rule:every player rolls their own dice at least once": {
        "pt": "Role seus dados uma vez antes de parar",
        "es": "Tira tus dados una vez antes de parar",
        "it": "Lancia i tuoi dadi una volta prima di fermarti",
    },
    "rule:a roll after the first sets one hidden die aside first": {
        "pt": "Deixe antes um dado escondido à vista",
        "es": "Primero aparta un dado oculto",
        "it": "Prima scopri un dado nascosto",
    },
    "rule:claims go clockwise from the start player": {
        "pt": "Não é hora de declarar uma carta",
        "es": "No es momento de declarar una carta",
        "it": "Non è il momento di dichiarare una carta",
    },
    "rule:a claim names a card on the table": {
        "pt": "Essa carta não está na mesa",
        "es": "Esa carta no está en la mesa",
        "it": "Questa carta non è sul tavolo",
    },
    "rule:the other players are asked in clockwise order": {
        "pt": "Ninguém está sendo consultado agora",
        "es": "Ahora no se le pregunta a nadie",
        "it": "Ora non si chiede a nessuno",
    },
    "rule:a claim nobody accused may be revealed": {
        "pt": "Não há declaração para revelar agora",
        "es": "Ahora no hay declaración que revelar",
        "it": "Ora non c'è nessuna dichiarazione da rivelare",
    },
    "rule:the game ends after the last round": {
        "pt": "O jogo acabou",
        "es": "La partida terminó",
        "it": "La partita è finita",
    },
    "rule_name:the start player rolls the common dice first": {
        "pt": "o jogador inicial rola os dados comuns primeiro",
        "es": "el jugador inicial tira primero los dados comunes",
        "it": "il primo giocatore lancia prima i dadi comuni",
    },
    "rule_name:players roll their own dice in turn, from the start player": {
        "pt": "cada um rola na sua vez, a partir do jogador inicial",
        "es": "cada uno tira en su turno, desde el jugador inicial",
        "it": "ognuno lancia al suo turno, dal primo giocatore",
    },
    "rule_name:at most three own rolls": {
        "pt": "no máximo três jogadas próprias",
        "es": "como mucho tres tiradas propias",
        "it": "al massimo tre lanci propri",
    },
    "rule_name:every player rolls their own dice at least once": {
        "pt": "todos rolam seus dados ao menos uma vez",
        "es": "todos tiran sus dados al menos una vez",
        "it": "tutti lanciano i propri dadi almeno una volta",
    },
    "rule_name:a roll after the first sets one hidden die aside first": {
        "pt": "depois da primeira jogada, um dado escondido vai à vista antes",
        "es": "tras la primera tirada, antes se aparta un dado oculto",
        "it": "dopo il primo lancio, prima si scopre un dado nascosto",
    },
    "rule_name:claims go clockwise from the start player": {
        "pt": "as declarações seguem o sentido horário",
        "es": "las declaraciones siguen el sentido horario",
        "it": "le dichiarazioni vanno in senso orario",
    },
    "rule_name:a claim names a card on the table": {
        "pt": "declara-se uma carta da mesa",
        "es": "se declara una carta de la mesa",
        "it": "si dichiara una carta del tavolo",
    },
    "rule_name:the other players are asked in clockwise order": {
        "pt": "os outros são consultados no sentido horário",
        "es": "a los demás se les pregunta en sentido horario",
        "it": "agli altri si chiede in senso orario",
    },
    "rule_name:a claim nobody accused may be revealed": {
        "pt": "uma declaração não acusada pode ser revelada",
        "es": "una declaración no acusada puede revelarse",
        "it": "una dichiarazione non accusata si può rivelare",
    },
    "rule_name:the game ends after the last round": {
        "pt": "o jogo acaba após a última rodada",
        "es": "la partida termina tras la última ronda",
        "it": "la partita finisce dopo l'ultimo round",
    },
    "rule_name:an action of Sly Dice": {
        "pt": "uma ação do Sly Dice",
        "es": "una acción de Sly Dice",
        "it": "un'azione di Sly Dice",
    },
}
