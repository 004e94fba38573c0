"""Fast simulation of Solo: bots play whole games on a `Table` (the engine's own
moves, without its checks), round after round until someone loses.

`simulate(bots, games, seed)` plays games of one bot per seat and reports
the mean number of turns per round, the first player's advantage (how often
the player who starts a round goes out first, against 1 in n), each seat's
share of the rounds won and of the games won, and the distribution of the
number of rounds a game lasts, each with a 95% interval.  The same seed
gives the same games; the engine, asked the same way, plays the very same
ones (a test checks it).

>>> result = simulate(["blocker", "random"], games=3, seed=1)
>>> result.games, sum(result.summary()["seats"][i]["games_won"] for i in range(2))
(3, 1.0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.core.engine import seed_number
from dicelab.core.engine.checks import bot_table, whole_number
from dicelab.core.i18n import msg, msg_plural, translate
from dicelab.core.present.numbers import decimal_text, share_text
from dicelab.core.present.simulation import BOT, INTERVAL, SEAT, SimulationResult, heading
from dicelab.core.ui.progress import progress_bar
from dicelab.solo.game import hand_points
from dicelab.solo.rules import DEFAULT_RULES, SoloRules
from dicelab.solo.state import GameState
from dicelab.solo.strategy import STRATEGIES, Bot, Choice, bot, fill, seen_at_table
from dicelab.solo.table import Table

MAX_GAMES = 1_000_000


@dataclass(frozen=True)
class Round:
    """One round played: its starter, who went out, the points, the turns taken."""

    starter: int
    out: int
    points: tuple[int, ...]
    turns: int


def do(table: Table, seat: int, choice: Choice) -> None:
    """Carry out a bot's choice at the table."""
    if choice.kind == "draw":
        table.draw_one(seat)
    elif choice.kind == "accept":
        table.accept()
    else:
        assert choice.card is not None
        table.play(seat, choice.card, choice.colour, choice.target, choice.gift, choice.solo)


def jumper(table: Table, bots: Sequence[Bot], rng: np.random.Generator) -> int | None:
    """The first player after the turn player (in the direction of play) who holds the
    card just played and chooses to jump in with it."""
    card = table.jump
    if card is None:
        return None
    for seat in table.order_from(table.turn)[:-1]:
        if card in table.hands[seat] and bots[seat].jumps(seen_at_table(table, seat), card, rng):
            return seat
    return None


def play_round(
    state: GameState, bots: Sequence[Bot], rng: np.random.Generator, bot_rng: np.random.Generator
) -> Round:
    """Play the round dealt in `state` to its end."""
    table = Table(state, rng)
    turns = 0
    while table.out is None:
        seat = jumper(table, bots, bot_rng)
        if seat is not None:
            do(
                table,
                seat,
                fill(seen_at_table(table, seat), table.jump or table.discard[-1], bot_rng),
            )
            continue
        pending = table.pending
        seat = pending.asked if pending is not None else table.turn
        assert seat is not None
        turns += table.phase == "play"
        do(table, seat, bots[seat].decide(seen_at_table(table, seat), bot_rng))
    points = tuple(0 if s == table.out else hand_points(h) for s, h in enumerate(table.hands))
    return Round(state.turn, table.out, points, turns)


def play_game(
    bots: Sequence[Bot],
    rules: SoloRules,
    rng: np.random.Generator,
    bot_rng: np.random.Generator,
    players: Sequence[str],
) -> list[Round]:
    """Rounds until a player reaches the losing score; the same deals as `SoloGame`."""
    deck = rules.deck
    totals = [0] * len(bots)
    rounds: list[Round] = []
    while max(totals) < rules.losing_score:
        shuffled = [deck[i] for i in rng.permutation(len(deck))]
        state = GameState.deal(players, shuffled, rules, dealer=len(rounds) % len(bots))
        played = play_round(state, bots, rng, bot_rng)
        rounds.append(played)
        totals = [a + b for a, b in zip(totals, played.points)]
    return rounds


def interval(result: SimulationResult, share: bool) -> tuple[float, float]:
    """The 95% interval of a mean; for a share (a rate from 0 to 1), kept within 0..1.

    >>> low, high = interval(SimulationResult("solo", "wins", 1, np.array([1, 1, 1, 0])), True)
    >>> round(low, 2), high
    (0.26, 1.0)
    """
    low, high = result.ci95
    return (max(0.0, low), min(1.0, high)) if share else (low, high)


TITLE = msg_plural(  # "1 games" in English, as ever
    "solo|simulate_title",
    "Solo: {count} games, {rounds} rounds, seed {seed}",
    "Solo: {count} games, {rounds} rounds, seed {seed}",
)
TURNS = msg("solo|simulate_turns", "turns per round")
FIRST = msg("solo|simulate_first", "first player wins")
FAIR = msg("solo|simulate_fair", "(fair: {share})")
LENGTH = msg("solo|simulate_length", "rounds per game")
HEADINGS = (
    (SEAT, 6),
    (BOT, 13),
    (msg("solo|simulate_rounds_won", "rounds won"), 28),
    (msg("solo|simulate_games_won", "games won"), 0),
)


def ci_text(result: SimulationResult, places: int, share: bool, lang: str, width: int = 0) -> str:
    """A mean and its 95% interval, as shares (percentages) or plain numbers, in `lang`.

    >>> ci_text(SimulationResult("solo", "wins", 1, np.array([1, 1, 1, 0])), 1, True, "en", 6)
    ' 75.0%  [ 26.0%, 100.0%]'
    """
    low, high = interval(result, share)
    write = share_text if share else decimal_text
    mean, low_text, high_text = (
        write(x, places, lang).rjust(width) for x in (result.mean, low, high)
    )
    return f"{mean}  {translate(INTERVAL, lang, low=low_text, high=high_text)}"


@dataclass(frozen=True, eq=False)
class SoloSimulation:
    """Every round of every game: `games[g]` is game g's list of `Round`s."""

    bots: tuple[str, ...]
    seed: int | None
    played: tuple[tuple[Round, ...], ...]

    @property
    def games(self) -> int:
        return len(self.played)

    @property
    def rounds(self) -> list[Round]:
        return [r for game in self.played for r in game]

    def _stat(self, name: str, values: Sequence[float]) -> SimulationResult:
        return SimulationResult("solo", name, self.seed, np.asarray(values, dtype=float))

    def turns(self) -> SimulationResult:
        """Turns per round (a turn: a player playing or drawing in turn)."""
        return self._stat("turns per round", [r.turns for r in self.rounds])

    def first_player(self) -> SimulationResult:
        """Whether the round's first player went out first (1) or not (0), per round."""
        return self._stat("first player wins", [r.out == r.starter for r in self.rounds])

    def rounds_won(self, seat: int) -> SimulationResult:
        return self._stat(f"seat {seat + 1} wins a round", [r.out == seat for r in self.rounds])

    def games_won(self, seat: int) -> SimulationResult:
        """Seat's share of each game won (fewest points at the end; ties shared)."""
        shares = []
        for game in self.played:
            totals = [sum(r.points[s] for r in game) for s in range(len(self.bots))]
            best = min(totals)
            shares.append((totals[seat] == best) / totals.count(best))
        return self._stat(f"seat {seat + 1} wins a game", shares)

    def game_length(self) -> SimulationResult:
        """Rounds per game."""
        return self._stat("rounds per game", [len(game) for game in self.played])

    def summary(self) -> dict[str, Any]:
        """Everything, JSON-ready: per measure its mean and 95% interval."""

        def stat(result: SimulationResult, places: int = 4) -> dict[str, Any]:
            low, high = interval(result, share=places == 4)
            return {
                "mean": round(result.mean, places),
                "ci95": [round(low, places), round(high, places)],
            }

        lengths = Counter(len(game) for game in self.played)
        return {
            "game": "solo",
            "games": self.games,
            "rounds": len(self.rounds),
            "seed": self.seed,
            "turns_per_round": stat(self.turns(), 2),
            "first_player_wins": stat(self.first_player()) | {"fair": round(1 / len(self.bots), 4)},
            "rounds_per_game": stat(self.game_length(), 2)
            | {"distribution": {str(k): lengths[k] for k in sorted(lengths)}},
            "seats": [
                {
                    "seat": i + 1,
                    "bot": name,
                    "rounds_won": stat(self.rounds_won(i))["mean"],
                    "rounds_won_ci95": stat(self.rounds_won(i))["ci95"],
                    "games_won": stat(self.games_won(i))["mean"],
                    "games_won_ci95": stat(self.games_won(i))["ci95"],
                }
                for i, name in enumerate(self.bots)
            ],
        }

    def text(self, lang: str = "en") -> str:
        """Games, rounds and seed; turns per round, the first player's wins, game
        length; then per seat: the rounds and games won, with 95% intervals, in `lang`."""
        labels = [translate(label, lang) for label in (TURNS, FIRST, LENGTH)]
        width = max(19, *(len(label) + 2 for label in labels))
        fair = translate(FAIR, lang, share=share_text(1 / len(self.bots), 1, lang))
        lines = [
            translate(TITLE, lang, count=self.games, rounds=len(self.rounds), seed=self.seed),
            labels[0].ljust(width) + ci_text(self.turns(), 2, False, lang),
            labels[1].ljust(width) + ci_text(self.first_player(), 1, True, lang) + f"  {fair}",
            labels[2].ljust(width) + ci_text(self.game_length(), 2, False, lang),
            heading(HEADINGS, lang),
        ]
        for i, name in enumerate(self.bots):
            rounds = ci_text(self.rounds_won(i), 1, True, lang, 6)
            games = ci_text(self.games_won(i), 1, True, lang, 6)
            lines.append(f"{i + 1:>4}  {name:<11}  {rounds}   {games}")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def simulate(
    bots: Sequence[str],
    games: int = 1_000,
    seed: int | None = 0,
    rules: SoloRules = DEFAULT_RULES,
    progress: Any = None,
    rounds: int | None = None,
) -> SoloSimulation:
    """Play `games` games with one seat per bot (2 to 6 of `random`, `keep-black`,
    `dump-high`, `blocker`), or fewer: with `rounds`, stop after the game in
    which that many rounds have been played; `progress` is a progress bar kind
    ("auto", "text", "widget", "none"/None)."""
    names = bot_table(bots, STRATEGIES)
    games = whole_number(games, "games", 1, MAX_GAMES)
    seed = seed_number(seed)
    players = [f"Seat {i + 1}" for i in range(len(names))]
    chosen = [bot(name) for name in names]
    seeds = np.random.default_rng(seed)
    most = MAX_GAMES * 50 if rounds is None else whole_number(rounds, "rounds", 1, MAX_GAMES * 50)
    played: list[tuple[Round, ...]] = []
    total = 0
    with progress_bar(games, "Solo games", progress) as bar:
        for _ in range(games):
            if total >= most:
                break
            game_seed, bot_seed = (int(x) for x in seeds.integers(2**62, size=2))
            rng, bot_rng = np.random.default_rng(game_seed), np.random.default_rng(bot_seed)
            played.append(tuple(play_game(chosen, rules, rng, bot_rng, players)))
            total += len(played[-1])
            bar.update()
    return SoloSimulation(tuple(names), seed, tuple(played))
