"""The words of the Solitaire Dice panel, in English, Portuguese, Spanish and
Italian, and the texts it builds from the game: an option as the dice that
make it, the game-over summary.

>>> from dicelab.core.ui.panel import Words
>>> words = Words(WORDS, "pt")
>>> option_text((1, 4, 4, 4, 6), Split((10, 8), 1), words)
'4+4=8 · 4+6=10 · descarte 1'
>>> option_text((3, 4, 4, 6, 6), Split((7, 10)), Words(WORDS, "es"))
'3+4=7 · 4+6=10 · 6 ignorado'
>>> option_text((3, 4, 4, 6, 6), Split((7, 10)), Words(WORDS, "en"))
'3+4=7 · 4+6=10 · 6 ignored'
>>> option_text((1, 4, 4, 4, 6), Split((10, 8), 1), Words(WORDS, "it"))
'4+4=8 · 4+6=10 · scarto 1'
"""

from __future__ import annotations

from collections.abc import Sequence

from dicelab.core.ui.panel import COMMON_WORDS, Words, listing
from dicelab.core.ui.words import Text, result_text
from dicelab.errors import SettingsError
from dicelab.solitaire.rules import WIN, Split

WORDS: dict[str, dict[str, Text]] = {
    **COMMON_WORDS,
    "title": {
        "en": "Solitaire Dice",
        "pt": "Solitaire Dice",
        "es": "Solitaire Dice",
        "it": "Solitaire Dice",
    },
    "roll": {"en": "Roll", "pt": "Rolar", "es": "Tirar", "it": "Lancia"},
    "roll_number": {"en": "Roll {n}", "pt": "Jogada {n}", "es": "Tirada {n}", "it": "Lancio {n}"},
    "no_roll": {
        "en": "No roll yet",
        "pt": "Nenhuma jogada ainda",
        "es": "Aún no hay tiradas",
        "it": "Ancora nessun lancio",
    },
    "click_roll": {
        "en": "Click Roll to start",
        "pt": "Clique em Rolar para começar",
        "es": "Haz clic en Tirar para empezar",
        "it": "Clicca Lancia per iniziare",
    },
    "waiting": {
        "en": "Waiting for {names} to choose",
        "pt": {"one": "Aguardando {names} escolher", "many": "Aguardando {names} escolherem"},
        "es": {"one": "Esperando a que {names} elija", "many": "Esperando a que {names} elijan"},
        "it": {"one": "In attesa che {names} scelga", "many": "In attesa che {names} scelgano"},
    },
    "ready": {
        "en": "Ready for the next roll",
        "pt": "Pronto para a próxima jogada",
        "es": "Listo para la siguiente tirada",
        "it": "Pronti per il prossimo lancio",
    },
    "rolled": {
        "en": "Rolled {dice}",
        "pt": "Saiu {dice}",
        "es": "Salió {dice}",
        "it": "Sono usciti {dice}",
    },
    "choose_now": {
        "en": "{names}: choose a split",
        "pt": {"one": "{names}: escolha uma divisão", "many": "{names}: escolham uma divisão"},
        "es": {"one": "{names}: elige una división", "many": "{names}: elijan una división"},
        "it": {"one": "{names}: scegli una divisione", "many": "{names}: scegliete una divisione"},
    },
    "dice_info": {
        "en": "The dice are everyone's: choose one of your options below your name",
        "pt": "Os dados são de todos: escolha uma das suas opções abaixo do seu nome",
        "es": "Los dados son de todos: elige una de tus opciones debajo de tu nombre",
        "it": "I dadi sono di tutti: scegli una delle tue opzioni sotto il tuo nome",
    },
    "game_is_over": {
        "en": "The game is over",
        "pt": "O jogo acabou",
        "es": "La partida ha terminado",
        "it": "La partita è finita",
    },
    "capped": {
        "en": "(max {cap})",
        "pt": "(máx. {cap})",
        "es": "(máx. {cap})",
        "it": "(max {cap})",
    },
    "chose": {
        "en": "{name} marked {option}: score {score}",
        "pt": "{name} marcou {option}: pontuação {score}",
        "es": "{name} marcó {option}: puntuación {score}",
        "it": "{name} ha segnato {option}: punteggio {score}",
    },
    "finished_now": {
        "en": "{name} has finished (8th mark on discard {face})",
        "pt": "{name} terminou (8ª marca no descarte {face})",
        "es": "{name} ha terminado (8.ª marca en el descarte {face})",
        "it": "{name} ha finito (8º segno sullo scarto {face})",
    },
    "status_choose": {"en": "to choose", "pt": "escolhe", "es": "elige", "it": "sceglie"},
    "status_chosen": {
        "en": "has chosen",
        "pt": "já escolheu",
        "es": "ya ha elegido",
        "it": "ha scelto",
    },
    "status_finished": {
        "en": "finished",
        "pt": "terminou",
        "es": "ha terminado",
        "it": "ha finito",
    },
    "status_wait": {
        "en": "waiting for the roll",
        "pt": "aguarda a jogada",
        "es": "espera la tirada",
        "it": "aspetta il lancio",
    },
    "free_throw": {
        "en": "Free throw! none of your discards rolled: pick any two pairs",
        "pt": "Jogada livre! nenhum dos seus descartes saiu: escolha quaisquer dois pares",
        "es": "¡Tirada libre! no salió ninguno de tus descartes: elige dos parejas cualesquiera",
        "it": "Lancio libero! non è uscito nessuno dei tuoi scarti: scegli due coppie qualsiasi",
    },
    "free_for": {
        "en": "Free throw for {names}!",
        "pt": "Jogada livre para {names}!",
        "es": "¡Tirada libre para {names}!",
        "it": "Lancio libero per {names}!",
    },
    "discard": {
        "en": "discard {face}",
        "pt": "descarte {face}",
        "es": "descarte {face}",
        "it": "scarto {face}",
    },
    "ignored": {
        "en": "{face} ignored",
        "pt": "{face} ignorado",
        "es": "{face} ignorado",
        "it": "{face} ignorato",
    },
    "score_after": {
        "en": "Score after: {score}",
        "pt": "Pontuação depois: {score}",
        "es": "Puntuación resultante: {score}",
        "it": "Punteggio dopo: {score}",
    },
    "suggested": {
        "en": "the planner's suggestion",
        "pt": "sugestão do planejador",
        "es": "sugerencia del planificador",
        "it": "il consiglio del pianificatore",
    },
    "gains": {"en": "gains", "pt": "ganhos", "es": "ganancias", "it": "guadagni"},
    "penalties": {"en": "penalties", "pt": "penalidades", "es": "penalizaciones", "it": "penalità"},
    "discards_head": {"en": "discards", "pt": "descartes", "es": "descartes", "it": "scarti"},
    "sums_head": {"en": "pairs", "pt": "pares", "es": "parejas", "it": "coppie"},
    "end_rule": {
        "en": "3 numbers at most; an 8th mark ends your game",
        "pt": "3 números no máximo; a 8ª marca encerra seu jogo",
        "es": "3 números como máximo; la 8.ª marca termina tu partida",
        "it": "3 numeri al massimo; l'8º segno chiude la tua partita",
    },
    "free_count": {
        "en": "free throws: {n}",
        "pt": "jogadas livres: {n}",
        "es": "tiradas libres: {n}",
        "it": "lanci liberi: {n}",
    },
    "new_game_started": {
        "en": "New game (seed {seed}): click Roll",
        "pt": "Novo jogo (semente {seed}): clique em Rolar",
        "es": "Nueva partida (semilla {seed}): haz clic en Tirar",
        "it": "Nuova partita (seme {seed}): clicca Lancia",
    },
    # the end of the game
    "solo": {
        "en": "{name} scored {points}.",
        "pt": "{name} fez {points} pontos.",
        "es": "{name} consiguió {points} puntos.",
        "it": "{name} ha fatto {points} punti.",
    },
    "win": {
        "en": "{names}: 500 or more, a win!",
        "pt": "{names}: 500 ou mais, uma vitória!",
        "es": "{names}: 500 o más, ¡victoria!",
        "it": "{names}: 500 o più, una vittoria!",
    },
    "no_win": {
        "en": "Nobody reached 500 (a win) this time.",
        "pt": "Ninguém chegou a 500 (vitória) desta vez.",
        "es": "Nadie llegó a 500 (victoria) esta vez.",
        "it": "Nessuno è arrivato a 500 (vittoria) stavolta.",
    },
    "no_win_solo": {
        "en": "500 or more is a win: not this time.",
        "pt": "500 ou mais é uma vitória: não desta vez.",
        "es": "500 o más es una victoria: esta vez no.",
        "it": "500 o più è una vittoria: non stavolta.",
    },
    "sum": {"en": "Sum", "pt": "Soma", "es": "Suma", "it": "Somma"},
    "value": {"en": "Value", "pt": "Valor", "es": "Valor", "it": "Valore"},
    "marks": {"en": "Marks", "pt": "Marcas", "es": "Marcas", "it": "Segni"},
    "marks_points": {
        "en": "marks → points",
        "pt": "marcas → pontos",
        "es": "marcas → puntos",
        "it": "segni → punti",
    },
    "rolls_free": {
        "en": "{rolls} rolls, free throws: {free}",
        "pt": "{rolls} jogadas, jogadas livres: {free}",
        "es": "{rolls} tiradas, tiradas libres: {free}",
        "it": "{rolls} lanci, lanci liberi: {free}",
    },
    # hints
    "hints_title": {
        "en": "{name}: the chance that the next roll offers each sum ({discards})",
        "pt": "{name}: a chance de a próxima jogada oferecer cada soma ({discards})",
        "es": "{name}: la probabilidad de que la próxima tirada ofrezca cada suma ({discards})",
        "it": "{name}: la probabilità che il prossimo lancio offra ogni somma ({discards})",
    },
    "discards_none": {
        "en": "no discard number yet",
        "pt": "nenhum descarte ainda",
        "es": "aún sin descartes",
        "it": "ancora nessun numero di scarto",
    },
    "discards_some": {
        "en": "discards {faces}",
        "pt": "descartes {faces}",
        "es": "descartes {faces}",
        "it": "scarti {faces}",
    },
    "free_chance": {
        "en": "Free throw (none of {faces} rolled): {p}",
        "pt": "Jogada livre (nenhum de {faces}): {p}",
        "es": "Tirada libre (no sale ninguno de {faces}): {p}",
        "it": "Lancio libero (nessuno tra {faces}): {p}",
    },
    "no_free": {
        "en": "No free throw before three discard numbers are chosen.",
        "pt": "Não há jogada livre antes de escolher três números de descarte.",
        "es": "No hay tirada libre antes de elegir tres números de descarte.",
        "it": "Niente lancio libero prima di aver scelto tre numeri di scarto.",
    },
    "pair_sum": {
        "en": "pair sum",
        "pt": "soma do par",
        "es": "suma de la pareja",
        "it": "somma della coppia",
    },
    "p_offered": {
        "en": "P(offered)",
        "pt": "P(oferecida)",
        "es": "P(ofrecida)",
        "it": "P(offerta)",
    },
    "legend": {
        "en": "Bars: grey, an empty line; red, 1 to 4 marks (−200 until the 5th); "
        "green, 5 marks or more.",
        "pt": "Barras: cinza, linha vazia; vermelho, 1 a 4 marcas (−200 até a 5ª); "
        "verde, 5 marcas ou mais.",
        "es": "Barras: gris, una línea vacía; rojo, de 1 a 4 marcas (−200 hasta la 5.ª); "
        "verde, 5 marcas o más.",
        "it": "Barre: grigio, una riga vuota; rosso, da 1 a 4 segni (−200 fino al 5º); verde, 5 "
        "segni o più.",
    },
    "planner_title": {
        "en": "{name}: the planner (the strongest strategy) rates each option "
        "(its estimate of the final score; only the order counts)",
        "pt": "{name}: o planejador (a estratégia mais forte) avalia cada opção "
        "(sua estimativa da pontuação final; só a ordem importa)",
        "es": "{name}: el planificador (la estrategia más fuerte) valora cada opción "
        "(su estimación de la puntuación final; solo importa el orden)",
        "it": "{name}: il pianificatore (la strategia più forte) valuta ogni opzione (la sua "
        "stima del punteggio finale; conta solo l'ordine)",
    },
    "planner_wait": {
        "en": "After a roll, the planner rates the options here.",
        "pt": "Depois de uma jogada, o planejador avalia as opções aqui.",
        "es": "Después de una tirada, el planificador valora aquí las opciones.",
        "it": "Dopo un lancio, il pianificatore valuta qui le opzioni.",
    },
    "option": {"en": "Option", "pt": "Opção", "es": "Opción", "it": "Opzione"},
    "rating": {"en": "Rating", "pt": "Nota", "es": "Valoración", "it": "Voto"},
    # the engine's illegal moves, by rule name
    "rule:the game ends when every player has finished": {
        "pt": "O jogo acabou",
        "es": "La partida ha terminado",
        "it": "La partita è finita",
    },
    "rule:every player still playing chooses before the next roll": {
        "pt": {"one": "{names} precisa escolher antes", "many": "{names} precisam escolher antes"},
        "es": {"one": "{names} tiene que elegir antes", "many": "{names} tienen que elegir antes"},
        "it": {"one": "{names} deve scegliere prima", "many": "{names} devono scegliere prima"},
    },
    "rule:roll before choosing": {
        "pt": "Role os dados primeiro",
        "es": "Tira los dados primero",
        "it": "Prima lancia i dadi",
    },
    "rule:a player who has finished does not choose": {
        "pt": "{name} já terminou",
        "es": "{name} ya ha terminado",
        "it": "{name} ha già finito",
    },
    "rule:one option per player and roll": {
        "pt": "{name} já escolheu nesta jogada",
        "es": "{name} ya ha elegido en esta tirada",
        "it": "{name} ha già scelto in questo lancio",
    },
    "rule:a legal split of this roll": {
        "pt": "Essa opção não vale para esta jogada",
        "es": "Esa opción no vale para esta tirada",
        "it": "Questa opzione non vale per questo lancio",
    },
    "rule:the sheet is finished at a discard's 8th mark": {
        "pt": "Esta folha está terminada",
        "es": "Esta hoja está terminada",
        "it": "Questo foglio è finito",
    },
    "rule:at most three discard numbers": {
        "pt": "{face} seria um quarto número de descarte",
        "es": "{face} sería un cuarto número de descarte",
        "it": "{face} sarebbe un quarto numero di scarto",
    },
    "rule_name:the game ends when every player has finished": {
        "pt": "o jogo acaba quando todos terminam",
        "es": "la partida acaba cuando todos terminan",
        "it": "la partita finisce quando tutti hanno finito",
    },
    "rule_name:every player still playing chooses before the next roll": {
        "pt": "quem ainda joga escolhe antes da próxima jogada",
        "es": "quien sigue jugando elige antes de la siguiente tirada",
        "it": "chi gioca ancora sceglie prima del prossimo lancio",
    },
    "rule_name:roll before choosing": {
        "pt": "role antes de escolher",
        "es": "tira antes de elegir",
        "it": "lancia prima di scegliere",
    },
    "rule_name:a player who has finished does not choose": {
        "pt": "quem terminou não escolhe",
        "es": "quien ha terminado no elige",
        "it": "chi ha finito non sceglie",
    },
    "rule_name:one option per player and roll": {
        "pt": "uma opção por jogador e jogada",
        "es": "una opción por jugador y tirada",
        "it": "un'opzione per giocatore e lancio",
    },
    "rule_name:a legal split of this roll": {
        "pt": "uma divisão válida desta jogada",
        "es": "una división válida de esta tirada",
        "it": "una divisione valida di questo lancio",
    },
    "rule_name:the sheet is finished at a discard's 8th mark": {
        "pt": "a folha termina na 8ª marca de um descarte",
        "es": "la hoja termina con la 8.ª marca de un descarte",
        "it": "il foglio finisce all'8º segno di uno scarto",
    },
    "rule_name:at most three discard numbers": {
        "pt": "no máximo três números de descarte",
        "es": "como máximo tres números de descarte",
        "it": "al massimo tre numeri di scarto",
    },
    "rule_name:an action is a Roll or a Choose": {
        "pt": "uma ação é rolar ou escolher",
        "es": "una acción es tirar o elegir",
        "it": "un'azione è lanciare o scegliere",
    },
}


def pairs_of(dice: Sequence[int], split: Split) -> tuple[tuple[int, int], tuple[int, int], int]:
    """The dice of each pair (in the order of the split's sums) and the fifth die.

    >>> pairs_of((1, 1, 2, 4, 5), Split((3, 9), 1))
    ((1, 2), (4, 5), 1)
    """
    faces = sorted(dice)
    for i, fifth in enumerate(faces):
        if split.discard is not None and fifth != split.discard:
            continue
        rest = faces[:i] + faces[i + 1 :]
        for j in (1, 2, 3):
            others = [f for k, f in enumerate(rest) if k not in (0, j)]
            first, second = (rest[0], rest[j]), (others[0], others[1])
            low, high = sorted([first, second], key=sum)
            if (sum(low), sum(high)) == split.pairs:
                return low, high, fifth
    raise SettingsError(f"{split} is not a split of the dice {tuple(dice)}")


def option_text(dice: Sequence[int], split: Split, words: Words) -> str:
    """An option as the dice that make it: "4+4=8 · 4+6=10 · discard 1"."""
    first, second, fifth = pairs_of(dice, split)
    end = words("ignored", face=fifth) if split.free else words("discard", face=fifth)
    pairs = " · ".join(f"{a}+{b}={a + b}" for a, b in (first, second))
    return f"{pairs} · {end}"


def game_over_text(scores: dict[str, int], winners: Sequence[str], words: Words) -> str:
    """ "Game over! Winner: Ana with 320. …" and who reached 500 (a win).

    >>> words = Words(WORDS, "en")
    >>> game_over_text({"Ana": 520, "Bia": 140}, ["Ana"], words)
    'Game over! Winner: Ana with 520. Ana: 500 or more, a win!'
    >>> game_over_text({"Ana": 220}, ["Ana"], words)
    'Game over! Ana scored 220. 500 or more is a win: not this time.'
    """
    if len(scores) == 1:
        head = words("solo", name=winners[0], points=scores[winners[0]])
    else:
        head = result_text(scores, winners, words)
    winning = [name for name, points in scores.items() if points >= WIN]
    if winning:
        tail = words("win", names=listing(winning, words))
    else:
        tail = words("no_win_solo" if len(scores) == 1 else "no_win")
    return f"{words('game_over')} {head} {tail}"
