"""Tournaments of Sly Dice bots: each seat's mean points, 95% interval and win rate.

Every game is played through the engine, one seat per bot (the start
player moves round the table each round, so no seat is favoured for long).
A tie for first shares the win.

>>> t = tournament(["calculator", "honest"], games=20, seed=1)
>>> [seat["bot"] for seat in t.summary()["seats"]], t.games
(['calculator', 'honest'], 20)
>>> t.summary() == tournament(["calculator", "honest"], games=20, seed=1).summary()
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dicelab.core.engine import play_out, seed_number
from dicelab.core.engine.checks import bot_table, whole_number
from dicelab.core.i18n import msg, msg_plural, translate
from dicelab.core.present.numbers import decimal_text, share_text
from dicelab.core.present.simulation import BOT, INTERVAL, SEAT, SimulationResult, heading
from dicelab.core.ui.progress import progress_bar
from dicelab.sly_dice.game import SlyDiceGame
from dicelab.sly_dice.rules import DEFAULT_RULES, SlyRules
from dicelab.sly_dice.strategy import STRATEGIES, strategy

MAX_GAMES = 100_000
WIN_SHARE = 60  # a win in sixtieths: shared by up to six winners in whole numbers


TITLE = msg_plural(  # "1 games" in English, as ever
    "sly-dice|simulate_title",
    "Sly Dice: {count} games, seed {seed}",
    "Sly Dice: {count} games, seed {seed}",
)
HEADINGS = (
    (SEAT, 6),
    (BOT, 13),
    (msg("simulate|mean", "mean"), 7),
    (msg("simulate|ci95", "95% CI"), 18),
    (msg("simulate|wins", "wins"), 0),
)


@dataclass(frozen=True, eq=False)
class Tournament:
    """`points[g, s]`: seat s's points in game g; `wins[g, s]`: its share of the
    win, in sixtieths (60 alone, 30 each for two winners, ...: whole numbers,
    so the win rates are exact sums on every machine)."""

    bots: tuple[str, ...]
    seed: int | None
    points: np.ndarray
    wins: np.ndarray

    @property
    def games(self) -> int:
        return int(self.points.shape[0])

    def seat(self, index: int) -> SimulationResult:
        """One seat's points in every game, with their statistics."""
        return SimulationResult("sly-dice", self.bots[index], self.seed, self.points[:, index])

    def gain(self, index: int = 0, other: int = 1) -> SimulationResult:
        """Seat `index`'s points minus seat `other`'s, game by game (its `mean` and
        `ci95`: what the first gains on the second, with a 95% interval)."""
        name = f"{self.bots[index]} - {self.bots[other]}"
        return SimulationResult(
            "sly-dice", name, self.seed, self.points[:, index] - self.points[:, other]
        )

    def win_rate(self, index: int) -> float:
        """The share of the games seat `index` won (ties shared)."""
        return int(self.wins[:, index].sum()) / (WIN_SHARE * self.games)

    def summary(self) -> dict[str, Any]:
        """Games, and per seat: bot, mean points, 95% interval, win rate (JSON-ready)."""
        seats = []
        for i, bot in enumerate(self.bots):
            result = self.seat(i)
            low, high = result.ci95
            seats.append(
                {
                    "seat": i + 1,
                    "bot": bot,
                    "mean": round(result.mean, 3),
                    "ci95": [round(low, 3), round(high, 3)],
                    "win_rate": round(self.win_rate(i), 4),
                }
            )
        return {"game": "sly-dice", "games": self.games, "seed": self.seed, "seats": seats}

    def text(self, lang: str = "en") -> str:
        """Games and seed, then per seat: bot, mean points, 95% interval, win rate, in `lang`."""
        lines = [
            translate(TITLE, lang, count=self.games, seed=self.seed),
            heading(HEADINGS, lang),
        ]
        for seat in self.summary()["seats"]:
            low, high = (decimal_text(x, 1, lang).rjust(6) for x in seat["ci95"])
            mean, wins = decimal_text(seat["mean"], 1, lang), share_text(seat["win_rate"], 1, lang)
            lines.append(
                f"{seat['seat']:>4}  {seat['bot']:<11} {mean:>6}   "
                f"{translate(INTERVAL, lang, low=low, high=high)}   {wins:>6}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()


def tournament(
    bots: Sequence[str],
    games: int = 1_000,
    seed: int | None = 0,
    rules: SlyRules = DEFAULT_RULES,
    progress: Any = None,
) -> Tournament:
    """Play `games` games with one seat per bot (2 to 6 of `STRATEGIES`: `honest`,
    `random-liar`, `calculator`, `equilibrium`); `progress` is a progress bar kind ("auto",
    "text", "widget", "none"/None; see `dicelab.core.ui.progress`)."""
    names = bot_table(bots, STRATEGIES)
    games = whole_number(games, "games", 1, MAX_GAMES)
    seed = seed_number(seed)
    seats = [f"Seat {i + 1}" for i in range(len(names))]
    players = {seat: strategy(bot) for seat, bot in zip(seats, names)}
    rng = np.random.default_rng(seed)
    points = np.zeros((games, len(names)), dtype=np.int64)
    wins = np.zeros((games, len(names)), dtype=np.int64)
    with progress_bar(games, "Sly Dice games", progress) as bar:
        for g in range(games):
            game = SlyDiceGame(seats, rules, seed=int(rng.integers(2**62)))
            scores = play_out(game, players, rng)
            points[g] = [scores[s] for s in seats]
            winners = game.winners()
            for s in winners:
                wins[g, seats.index(s)] = WIN_SHARE // len(winners)
            bar.update()
    return Tournament(tuple(names), seed, points, wins)
