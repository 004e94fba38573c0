"""The words of the Dice Poker panel, in English, Portuguese, Spanish and Italian,
and the texts it builds from the game: the joker explanation, the bonus
progress, the game-over summary.

>>> from dicelab.core.ui.panel import Words
>>> Words(WORDS, "pt")("turn", turn=3, turns=15)
'Rodada 3 de 15'
>>> Words(WORDS, "es")("roll", n=2)
'Tirar (quedan 2)'
>>> Words(WORDS, "it")("turn", turn=3, turns=15)
'Turno 3 di 15'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from dicelab.core.present.charts import html_table
from dicelab.core.ui.panel import COMMON_WORDS, Words
from dicelab.core.ui.words import Text, result_text
from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.rules import UPPER_IDS, Hold, Ruleset, is_joker, poker_bonus_due

WORDS: dict[str, dict[str, Text]] = {
    **COMMON_WORDS,
    "title": {
        "en": "Dice Poker",
        "pt": "Pôquer de dados",
        "es": "Póquer de dados",
        "it": "Poker di dadi",
    },
    "roll": {
        "en": "Roll ({n} left)",
        "pt": "Rolar (faltam {n})",
        "es": "Tirar (quedan {n})",
        "it": "Lancia (ancora {n})",
    },
    "turn": {
        "en": "Turn {turn} of {turns}",
        "pt": "Rodada {turn} de {turns}",
        "es": "Ronda {turn} de {turns}",
        "it": "Turno {turn} di {turns}",
    },
    "to_play": {
        "en": "{name} to play",
        "pt": "Vez de {name}",
        "es": "Turno de {name}",
        "it": "Tocca a {name}",
    },
    "held": {"en": "held", "pt": "segurado", "es": "retenido", "it": "tenuto"},
    "hold": {"en": "Hold", "pt": "Segurar", "es": "Retener", "it": "Tieni"},
    "release": {"en": "Release", "pt": "Soltar", "es": "Soltar", "it": "Lascia"},
    "roll_first": {
        "en": "Roll the dice first",
        "pt": "Role os dados primeiro",
        "es": "Tira los dados primero",
        "it": "Prima lancia i dadi",
    },
    "no_rolls_left": {
        "en": "No rolls left: score a box",
        "pt": "Sem jogadas: marque uma casa",
        "es": "Sin tiradas: anota en una casilla",
        "it": "Niente più lanci: segna una casella",
    },
    "all_held": {
        "en": "All five dice are held: release one to roll",
        "pt": "Os cinco dados estão segurados: solte um para rolar",
        "es": "Los cinco dados están retenidos: suelta uno para tirar",
        "it": "Tieni tutti e cinque i dadi: lasciane uno per lanciare",
    },
    "game_is_over": {
        "en": "The game is over",
        "pt": "O jogo acabou",
        "es": "La partida ha terminado",
        "it": "La partita è finita",
    },
    "not_yours": {
        "en": "It is {name}'s turn",
        "pt": "É a vez de {name}",
        "es": "Es el turno de {name}",
        "it": "Tocca a {name}",
    },
    # the engine's illegal moves, by rule name
    "rule:at most three rolls a turn": {
        "pt": "Sem jogadas restantes nesta rodada: marque uma casa",
        "es": "No quedan tiradas en esta ronda: anota en una casilla",
        "it": "Niente più lanci in questo turno: segna una casella",
    },
    "rule:roll before holding or scoring": {
        "pt": "Role os dados primeiro",
        "es": "Tira los dados primero",
        "it": "Prima lancia i dadi",
    },
    "rule:a turn starts by rolling all five dice": {
        "pt": "A primeira jogada da rodada rola os cinco dados",
        "es": "La primera tirada de la ronda lanza los cinco dados",
        "it": "Al primo lancio del turno si lanciano tutti e cinque i dadi",
    },
    "rule:a reroll rolls 1 to 5 dice": {
        "pt": "Os cinco dados estão segurados: nada para rolar",
        "es": "Los cinco dados están retenidos: no hay nada que tirar",
        "it": "Tieni tutti e cinque i dadi: non c'è niente da lanciare",
    },
    "rule:held dice keep their faces": {
        "pt": "O dado segurado na posição {position} fica",
        "es": "El dado retenido en la posición {position} no cambia",
        "it": "Il dado tenuto in posizione {position} non cambia",
    },
    "rule:the game ends after the last turn": {
        "pt": "O jogo acabou",
        "es": "La partida ha terminado",
        "it": "La partita è finita",
    },
    "rule:each box is filled once": {
        "pt": "{box} já está preenchida (com {points})",
        "es": "La casilla {box} ya está ocupada (con {points})",
        "it": "La casella {box} è già segnata (con {points})",
    },
    "rule:joker rule": {
        "pt": "Estes cinco iguais têm de ir em: {boxes}",
        "es": "Estos cinco iguales tienen que ir en: {boxes}",
        "it": "Questi cinque uguali vanno in: {boxes}",
    },
    "rule:players take turns": {
        "pt": "É a vez de {name}, não de {other}",
        "es": "Es el turno de {name}, no de {other}",
        "it": "Tocca a {name}, non a {other}",
    },
    "rule_name:at most three rolls a turn": {
        "pt": "no máximo três jogadas por rodada",
        "es": "como máximo tres tiradas por ronda",
        "it": "al massimo tre lanci per turno",
    },
    "rule_name:a turn starts by rolling all five dice": {
        "pt": "a rodada começa rolando os cinco dados",
        "es": "la ronda empieza tirando los cinco dados",
        "it": "il turno comincia lanciando tutti e cinque i dadi",
    },
    "rule_name:a reroll rolls 1 to 5 dice": {
        "pt": "uma nova jogada rola de 1 a 5 dados",
        "es": "una nueva tirada lanza de 1 a 5 dados",
        "it": "si rilanciano da 1 a 5 dadi",
    },
    "rule_name:held dice keep their faces": {
        "pt": "dados segurados não mudam",
        "es": "los dados retenidos no cambian",
        "it": "i dadi tenuti non cambiano",
    },
    "rule_name:five dice, at positions 0..4": {
        "pt": "cinco dados, nas posições 0..4",
        "es": "cinco dados, en las posiciones 0..4",
        "it": "cinque dadi, nelle posizioni 0..4",
    },
    "rule_name:roll before holding or scoring": {
        "pt": "role antes de segurar ou marcar",
        "es": "tira antes de retener o anotar",
        "it": "lancia prima di tenere o segnare",
    },
    "rule_name:the game ends after the last turn": {
        "pt": "o jogo acaba após a última rodada",
        "es": "la partida acaba tras la última ronda",
        "it": "la partita finisce dopo l'ultimo turno",
    },
    "rule_name:an action is a Roll or a Score": {
        "pt": "uma ação é rolar ou marcar",
        "es": "una acción es tirar o anotar",
        "it": "un'azione è lanciare o segnare",
    },
    "rule_name:the boxes of the score card": {
        "pt": "as casas da cartela",
        "es": "las casillas de la hoja de puntuación",
        "it": "le caselle del foglio segnapunti",
    },
    "rule_name:each box is filled once": {
        "pt": "cada casa é preenchida uma vez",
        "es": "cada casilla se anota una sola vez",
        "it": "ogni casella si segna una volta sola",
    },
    "rule_name:joker rule": {
        "pt": "regra do curinga",
        "es": "regla del comodín",
        "it": "regola del jolly",
    },
    "rule_name:players take turns": {
        "pt": "os jogadores se revezam",
        "es": "los jugadores se turnan",
        "it": "i giocatori fanno a turno",
    },
    "box": {"en": "Box", "pt": "Casa", "es": "Casilla", "it": "Casella"},
    "upper_total": {
        "en": "Upper subtotal",
        "pt": "Subtotal superior",
        "es": "Subtotal superior",
        "it": "Subtotale superiore",
    },
    "bonus": {"en": "Bonus", "pt": "Bônus", "es": "Bonus", "it": "Bonus"},
    "bonus_more": {
        "en": "{n} more for the bonus",
        "pt": "faltam {n} para o bônus",
        "es": "faltan {n} para el bonus",
        "it": "ancora {n} per il bonus",
    },
    "bonus_earned": {
        "en": "bonus earned",
        "pt": "bônus ganho",
        "es": "bonus conseguido",
        "it": "bonus ottenuto",
    },
    "bonus_missed": {"en": "no bonus", "pt": "sem bônus", "es": "sin bonus", "it": "niente bonus"},
    "lower_total": {
        "en": "Lower subtotal",
        "pt": "Subtotal inferior",
        "es": "Subtotal inferior",
        "it": "Subtotale inferiore",
    },
    "poker_bonus": {
        "en": "Poker bonus",
        "pt": "Bônus de pôquer",
        "es": "Bonus de póquer",
        "it": "Bonus poker",
    },
    "closed": {
        "en": "closed by the joker rule",
        "pt": "fechada pela regra do curinga",
        "es": "cerrada por la regla del comodín",
        "it": "chiusa dalla regola del jolly",
    },
    "score_here": {
        "en": "Score {points} here",
        "pt": "Marcar {points} aqui",
        "es": "Anotar {points} aquí",
        "it": "Segna {points} qui",
    },
    "filled": {"en": "filled", "pt": "preenchida", "es": "ocupada", "it": "segnata"},
    "new_game_started": {
        "en": "New game (seed {seed}): {name} rolls first",
        "pt": "Novo jogo (semente {seed}): {name} começa",
        "es": "Nueva partida (semilla {seed}): empieza {name}",
        "it": "Nuova partita (seme {seed}): inizia {name}",
    },
    "rolled": {
        "en": "{name} rolled {dice}",
        "pt": "{name} rolou {dice}",
        "es": "{name} sacó {dice}",
        "it": "{name} ha fatto {dice}",
    },
    "scored": {
        "en": "{name} wrote {points} in {box}",
        "pt": "{name} marcou {points} em {box}",
        "es": "{name} anotó {points} en {box}",
        "it": "{name} ha segnato {points} in {box}",
    },
    "scored_bonus": {
        "en": " (+{bonus} poker bonus)",
        "pt": " (+{bonus} de bônus de pôquer)",
        "es": " (+{bonus} de bonus de póquer)",
        "it": " (+{bonus} di bonus poker)",
    },
    "not_your_turn": {
        "en": "It is {name}'s turn, not {other}'s",
        "pt": "É a vez de {name}, não de {other}",
        "es": "Es el turno de {name}, no de {other}",
        "it": "Tocca a {name}, non a {other}",
    },
    "winner_word": {"en": "winner", "pt": "vencedor", "es": "ganador", "it": "vincitore"},
    # hints
    "hints_before": {
        "en": "Before the first roll: the chance of each box in a whole turn "
        "(3 rolls, holds aimed at that box)",
        "pt": "Antes da primeira jogada: a chance de cada casa num turno inteiro "
        "(3 jogadas, segurando para essa casa)",
        "es": "Antes de la primera tirada: la probabilidad de cada casilla en una ronda entera "
        "(3 tiradas, reteniendo para esa casilla)",
        "it": "Prima del primo lancio: la probabilità di ogni casella in un turno intero (3 "
        "lanci, tenendo i dadi per quella casella)",
    },
    "hints_now": {
        "en": {
            "one": "Holding {hold}, 1 roll left: your chances by the end of the turn",
            "many": "Holding {hold}, {count} rolls left: your chances by the end of the turn",
        },
        "pt": {
            "one": "Segurando {hold}, falta 1 jogada: suas chances até o fim da rodada",
            "many": "Segurando {hold}, faltam {count} jogadas: suas chances até o fim da rodada",
        },
        "es": {
            "one": "Reteniendo {hold}, queda 1 tirada: tus probabilidades hasta el final "
            "de la ronda",
            "many": "Reteniendo {hold}, quedan {count} tiradas: tus probabilidades hasta el "
            "final de la ronda",
        },
        "it": {
            "one": "Tenendo {hold}, resta 1 lancio: le tue probabilità entro la fine del turno",
            "many": (
                "Tenendo {hold}, restano {count} lanci: le tue probabilità entro la fine del turno"
            ),
        },
    },
    "hints_caption": {
        "en": "P: the probability of making the box by the end of the turn, rolling for it: "
        "an upper box needs three or more of its face (three of each face make 63; the bonus "
        "needs {bonus_at}), a lower box any points. Points: what the box is expected to get. "
        "Best hold: the hold that gives the highest probability. The joker rule is followed.",
        "pt": "P: a probabilidade de fazer a casa até o fim da rodada, jogando para ela: uma "
        "casa superior precisa de três ou mais do seu número (três de cada número somam 63; o "
        "bônus precisa de {bonus_at}), uma casa inferior de qualquer ponto. Pontos: o que se "
        "espera marcar nela. Melhor escolha: o que segurar para a maior probabilidade. A "
        "regra do curinga é seguida.",
        "es": "P: la probabilidad de conseguir la casilla antes del final de la ronda, tirando "
        "para ella: una casilla superior necesita tres o más de su número (tres de cada número "
        "suman 63; el bonus necesita {bonus_at}), una casilla inferior, cualquier puntuación. "
        "Puntos: lo que se espera anotar en ella. Mejor opción: qué retener para tener la "
        "mayor probabilidad. Se aplica la regla del comodín.",
        "it": "P: la probabilità di fare la casella entro la fine del turno, giocando per quella: "
        "una casella superiore richiede tre o più dadi del suo numero (tre di ogni numero "
        "fanno 63; il bonus richiede {bonus_at}), una casella inferiore un punteggio "
        "qualsiasi. Punti: quanto ci si aspetta di segnare nella casella. Scelta migliore:"
        " cosa tenere per avere la probabilità più alta. Si segue la regola del jolly.",
    },
    "hints_final": {
        "en": "No rolls left: what these dice make in each open box",
        "pt": "Sem jogadas restantes: o que estes dados fazem em cada casa aberta",
        "es": "Sin tiradas: lo que estos dados valen en cada casilla libre",
        "it": "Niente più lanci: quanto valgono questi dadi in ogni casella libera",
    },
    "hold_none": {"en": "nothing", "pt": "nada", "es": "nada", "it": "niente"},
    "hold_all": {"en": "all five", "pt": "os cinco", "es": "los cinco", "it": "tutti e cinque"},
    "chance": {"en": "P", "pt": "P", "es": "P", "it": "P"},
    "chance_now": {
        "en": "P(your hold)",
        "pt": "P(sua escolha)",
        "es": "P(tu opción)",
        "it": "P(tua scelta)",
    },
    "points": {"en": "Points", "pt": "Pontos", "es": "Puntos", "it": "Punti"},
    "best_hold": {
        "en": "Best hold",
        "pt": "Melhor escolha",
        "es": "Mejor opción",
        "it": "Scelta migliore",
    },
    "best_chance": {"en": "P(best hold)", "pt": "P(melhor)", "es": "P(mejor)", "it": "P(migliore)"},
    "advisor_title": {
        "en": "Advisor: expected final score",
        "pt": "Conselheiro: pontuação final esperada",
        "es": "Consejero: puntuación final esperada",
        "it": "Consigliere: punteggio finale atteso",
    },
    "optimal_load": {
        "en": "Optimal advice",
        "pt": "Conselho ótimo",
        "es": "Consejo óptimo",
        "it": "Consiglio ottimale",
    },
    "optimal_tip": {
        "en": "Work out perfect play for the whole game (a minute or so the first time, in "
        "the background: keep playing; then it is kept)",
        "pt": "Calcular o jogo perfeito para a partida inteira (cerca de um minuto na "
        "primeira vez, em segundo plano: continue jogando; depois fica guardado)",
        "es": "Calcular el juego perfecto para toda la partida (cerca de un minuto la "
        "primera vez, en segundo plano: sigue jugando; después queda guardado)",
        "it": "Calcola il gioco perfetto per tutta la partita (circa un minuto la prima volta, "
        "in sottofondo: continua a giocare; poi resta salvato)",
    },
    "solving": {
        "en": "Working out perfect play: {percent}%",
        "pt": "Calculando o jogo perfeito: {percent}%",
        "es": "Calculando el juego perfecto: {percent}%",
        "it": "Calcolo del gioco perfetto: {percent}%",
    },
    "missing_table": {
        "en": "The class's shared solver cache has no table for these rules: "
        "ask your teacher to run `dicelab solve --all`",
        "pt": "O cache compartilhado da turma não tem a tabela destas regras: "
        "peça ao professor para rodar `dicelab solve --all`",
        "es": "La caché compartida de la clase no tiene la tabla de estas reglas: "
        "pide al profesor que ejecute `dicelab solve --all`",
        "it": "La cache condivisa della classe non ha la tabella di queste regole: "
        "chiedi all'insegnante di eseguire `dicelab solve --all`",
    },
    "optimal_cancelled": {
        "en": "Optimal advice cancelled",
        "pt": "Conselho ótimo cancelado",
        "es": "Consejo óptimo cancelado",
        "it": "Consiglio ottimale annullato",
    },
    "if_roll_again": {
        "en": "If you roll again, holding:",
        "pt": "Se rolar de novo, segurando:",
        "es": "Si vuelves a tirar, reteniendo:",
        "it": "Se rilanci, tenendo:",
    },
    "if_score_now": {
        "en": "If you score now, in:",
        "pt": "Se marcar agora, em:",
        "es": "Si anotas ahora, en:",
        "it": "Se segni ora, in:",
    },
    "optimal_ready": {
        "en": "Optimal advice ready: perfect play expects {score} points from the start",
        "pt": "Conselho ótimo pronto: o jogo perfeito espera {score} pontos desde o início",
        "es": "Consejo óptimo listo: el juego perfecto espera {score} puntos desde el inicio",
        "it": "Consiglio ottimale pronto: il gioco perfetto prevede {score} punti dall'inizio",
    },
    "advisor_failed": {
        "en": "Advisor unavailable: {error}",
        "pt": "Conselheiro indisponível: {error}",
        "es": "Consejero no disponible: {error}",
        "it": "Consigliere non disponibile: {error}",
    },
    "expected": {
        "en": "Expected final score",
        "pt": "Pontuação final esperada",
        "es": "Puntuación final esperada",
        "it": "Punteggio finale atteso",
    },
    "yours": {"en": "your hold", "pt": "sua escolha", "es": "tu opción", "it": "tua scelta"},
    "hold_col": {"en": "Hold", "pt": "Segurar", "es": "Retener", "it": "Tieni"},
}


def hold_key(dice: Sequence[int], held: frozenset[int], rolls_left: int) -> Hold:
    """The row of `current_turn_table` for these holds: the held faces, sorted
    (all five dice once no roll is left: stopping).

    >>> hold_key((6, 2, 6, 3, 6), frozenset({0, 2, 4}), 2)
    (6, 6, 6)
    >>> hold_key((6, 2, 6, 3, 6), frozenset(), 1), hold_key((6, 2, 6, 3, 6), frozenset(), 0)
    ((), (2, 3, 6, 6, 6))
    """
    if rolls_left == 0:
        return tuple(sorted(dice))
    return tuple(sorted(dice[p] for p in held))


_JOKER = {
    "head": {
        "en": "Joker! Five {face}s with {poker} already filled ({held}){bonus}.",
        "pt": "Curinga! Cinco dados {face} com {poker} já preenchida ({held}){bonus}.",
        "es": "¡Comodín! Cinco dados con el {face} y la casilla {poker} ya ocupada "
        "({held}){bonus}.",
        "it": "Jolly! Cinque {face} con la casella {poker} già segnata ({held}){bonus}.",
    },
    "bonus": {
        "en": ": +{n} poker bonus",
        "pt": ": +{n} de bônus de pôquer",
        "es": ": +{n} de bonus de póquer",
        "it": ": +{n} di bonus poker",
    },
    "face_box": {
        "en": "It must go in the {box} box.",
        "pt": "Deve ir na casa {box}.",
        "es": "Tiene que ir en la casilla {box}.",
        "it": "Va nella casella {box}.",
    },
    "lower": {
        "en": "{box} is filled, so it goes in any open lower box{full}.",
        "pt": "{box} já está preenchida, então vai em qualquer casa inferior aberta{full}.",
        "es": "La casilla {box} ya está ocupada, así que va en cualquier casilla inferior "
        "libre{full}.",
        "it": "La casella {box} è già segnata, quindi va in qualsiasi casella inferiore "
        "libera{full}.",
    },
    "full": {
        "en": "; {names} score their full {points}",
        "pt": "; {names} valem o total: {points}",
        "es": "; puntos completos en {names}: {points}",
        "it": "; {names} valgono il punteggio pieno: {points}",
    },
    "no_face_box": {
        "en": "There is no upper box for {face}s, so it goes in any open lower box{full}.",
        "pt": "Não há casa superior do {face}: vai em qualquer casa inferior aberta{full}.",
        "es": "No hay casilla superior para el {face}: va en cualquier casilla inferior "
        "libre{full}.",
        "it": "Non c'è una casella superiore per il {face}: va in qualsiasi casella inferiore "
        "libera{full}.",
    },
    "upper": {
        "en": "No lower box is open: write 0 in an open upper box.",
        "pt": "Nenhuma casa inferior aberta: marque 0 numa casa superior aberta.",
        "es": "No queda ninguna casilla inferior libre: anota 0 en una casilla superior libre.",
        "it": "Nessuna casella inferiore libera: segna 0 in una casella superiore libera.",
    },
    "free": {
        "en": "It may go in any open box{full}.",
        "pt": "Pode ir em qualquer casa aberta{full}.",
        "es": "Puede ir en cualquier casilla libre{full}.",
        "it": "Può andare in qualsiasi casella libera{full}.",
    },
}


def joker_text(rules: Ruleset, card: Scorecard, dice: Sequence[int], lang: str) -> str:
    """A short explanation of the joker rule for this roll ("" when it does not apply).

    >>> from dicelab.dice_poker.rules import get_ruleset
    >>> rules = get_ruleset("dice-poker")
    >>> card = Scorecard(rules, dict.fromkeys(rules.box_ids) | {"poker": 50})
    >>> joker_text(rules, card, [6] * 5, "en")
    'Joker! Five 6s with Poker already filled (50): +100 poker bonus. It must go in the Sixes box.'
    >>> for sentence in joker_text(rules, card, [6] * 5, "it").split(". "):
    ...     print(sentence)
    Jolly! Cinque 6 con la casella Poker già segnata (50): +100 di bonus poker
    Va nella casella Sei.
    """
    if not is_joker(rules, card.boxes, dice):
        return ""
    words = Words(_JOKER, lang)
    bonus = poker_bonus_due(rules, card.boxes, dice)
    face = dice[0]
    head = words(
        "head",
        face=face,
        poker=rules.box("poker").label(lang),
        held=card.boxes["poker"],
        bonus=words("bonus", n=bonus) if bonus else "",
    )
    fixed = [b for b in rules.boxes if b.joker_points is not None and card.boxes[b.id] is None]
    full = (
        words(
            "full",
            names=", ".join(b.label(lang) for b in fixed),
            points="/".join(str(b.joker_points) for b in fixed),
        )
        if fixed
        else ""
    )
    face_id = UPPER_IDS[face - 1]
    face_open = face_id in rules.box_ids and card.boxes[face_id] is None
    lower_open = any(card.boxes[b.id] is None for b in rules.boxes if b.section == "lower")
    if rules.joker == "free":
        rule = words("free", full="" if face_open else full)
    elif face_open:
        rule = words("face_box", box=rules.box(face_id).label(lang))
    elif lower_open and face_id in rules.box_ids:
        rule = words("lower", box=rules.box(face_id).label(lang), full=full)
    elif lower_open:
        rule = words("no_face_box", face=face, full=full)
    else:
        rule = words("upper")
    return f"{head} {rule}"


def bonus_text(card: Scorecard, words: Words) -> str:
    """The upper bonus progress: "12 more for the bonus", "bonus earned" or "no bonus"."""
    if card.upper_bonus:
        return f"+{card.upper_bonus} ({words('bonus_earned')})"
    upper_open = any(card.boxes[b.id] is None for b in card.ruleset.boxes if b.section == "upper")
    if not upper_open:
        return f"0 ({words('bonus_missed')})"
    return words("bonus_more", n=card.bonus_needed)


def game_over_text(game: DicePokerGame, words: Words) -> tuple[str, str]:
    """The end screen: "Game over! Winner: Ana with 212." and, as HTML, every
    player's subtotals, bonuses and total."""
    totals = game.totals()
    head = f"{words('game_over')} {result_text(totals, game.winners(), words)}"
    parts: list[tuple[str, Callable[[Scorecard], int]]] = [
        ("upper_total", lambda card: card.upper_total),
        ("bonus", lambda card: card.upper_bonus),
        ("lower_total", lambda card: card.lower_total),
    ]
    if game.ruleset.poker_bonus:
        parts.append(("poker_bonus", lambda card: card.poker_bonus))
    parts.append(("total", lambda card: card.total))
    rows = [[words(key)] + [str(part(card)) for card in game.state.cards] for key, part in parts]
    return head, html_table(["", *game.players], rows, "dicelab-breakdown")
