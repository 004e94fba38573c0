"""Simulate many games of Solitaire Dice with a strategy: score, P(≥ 500), length.

A built-in strategy (by name or object) plays all the games at once with
numpy (100,000 greedy games take a few seconds); any other strategy
function is called once per roll, one game after the other.  Both see the
same dice for the same seed, so a strategy written as a plain function and
the same strategy built in give the same scores.

>>> result = simulate("greedy", games=200, seed=1)
>>> result.games, result.scores.shape, int(result.rolls.min()) >= 8
(200, (200,), True)
>>> result.mean == simulate("greedy", games=200, seed=1).mean  # same seed, same games
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dicelab.core.engine import seed_number
from dicelab.core.engine.checks import whole_number
from dicelab.core.i18n import msg, translate
from dicelab.core.present.numbers import decimal_text, share_text
from dicelab.core.present.simulation import SimulationResult
from dicelab.core.ui.progress import Progress, progress_bar
from dicelab.errors import SettingsError
from dicelab.solitaire.batch import Batch, BatchStrategy, SheetStrategy
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.rules import END_MARK, WIN
from dicelab.solitaire.sheet import Sheet
from dicelab.solitaire.strategy import get_strategy
from dicelab.solitaire.tables import DiceStream, option_tables, sheet_scores

MAX_GAMES = 10_000_000
CHUNK = 20_000  # games simulated at once: memory stays flat for any number of games


SUMMARY = msg(
    "solitaire|simulate_summary", "{summary}, P(score >= 500) = {p500}, {rolls} rolls a game"
)


@dataclass(frozen=True, eq=False)
class SolitaireSimulation(SimulationResult):
    """The final score and the number of rolls of every simulated game."""

    rolls: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int16))

    @property
    def p500(self) -> float:
        """The fraction of games scoring 500 or more (a win)."""
        return self.share_at_least(WIN)

    @property
    def mean_rolls(self) -> float:
        """The mean game length, in rolls (free throws included)."""
        return int(self.rolls.astype(np.int64).sum()) / self.games

    def summary(self) -> dict[str, Any]:
        """The common summary, with P(score >= 500) and the mean game length."""
        return {
            **super().summary(),
            "p500": round(self.p500, 5),
            "mean_rolls": round(self.mean_rolls, 3),
        }

    def text(self, lang: str = "en") -> str:
        """The common summary, then P(score >= 500) and the mean game length, in `lang`."""
        return translate(
            SUMMARY,
            lang,
            summary=super().text(lang),
            p500=share_text(self.p500, 2, lang),
            rolls=decimal_text(self.mean_rolls, 2, lang),
        )


def _generators(seed: int | None) -> tuple[np.random.Generator, np.random.Generator]:
    dice, choices = np.random.default_rng(seed_number(seed)).spawn(2)
    return dice, choices


def _streams(dice_rng: np.random.Generator, games: int) -> Iterator[DiceStream]:
    for first in range(0, games, CHUNK):
        yield DiceStream(dice_rng, min(CHUNK, games - first))


def dice_streams(seed: int | None, games: int) -> Iterator[DiceStream]:
    """The dice of `simulate(..., games=games, seed=seed)`: one stream per block
    of `CHUNK` games, in order (so other searches can play the same games)."""
    return _streams(_generators(seed)[0], games)


def _fast(
    strategy: BatchStrategy,
    start: Sheet,
    stream: DiceStream,
    games: int,
    rng: np.random.Generator,
    bar: Progress,
) -> tuple[np.ndarray, np.ndarray]:
    """Every game at once: one numpy step per roll for all the unfinished games."""
    t = option_tables()
    marks = np.tile(np.array(start.sums, dtype=np.int64), (games, 1))
    discards = np.zeros((games, 7), dtype=np.int64)  # column 0 takes the free throws
    discards[:, 1:] = start.discards
    subset = np.full(games, t.subset_index[start.chosen], dtype=np.int64)
    rolls = np.full(games, start.rolls, dtype=np.int64)
    active = np.arange(games) if not start.finished else np.arange(0)
    while active.size:
        hand = stream.hands(active, rolls[active] - start.rolls)
        k = subset[active]
        batch = Batch(
            marks[active],
            discards[active, 1:],
            k,
            t.first[k, hand].astype(np.int64),
            t.second[k, hand].astype(np.int64),
            t.discard[k, hand].astype(np.int64),
            np.arange(t.width) < t.count[k, hand][:, None],
        )
        pick = strategy.batch(batch, rng)[:, None]
        a, b, d = (
            np.take_along_axis(x, pick, axis=1)[:, 0]
            for x in (batch.first, batch.second, batch.discard)
        )
        marks[active, a] += 1
        marks[active, b] += 1
        discards[active, d] += 1
        subset[active] = np.where(d > 0, t.add[k, d], k)
        rolls[active] += 1
        ended = (d > 0) & (discards[active, d] == END_MARK)
        active = active[~ended]
        bar.update(int(ended.sum()))
    return sheet_scores(marks), rolls


def _one_by_one(
    strategy: SheetStrategy,
    start: Sheet,
    stream: DiceStream,
    games: int,
    rng: np.random.Generator,
    bar: Progress,
) -> tuple[np.ndarray, np.ndarray]:
    """Each game in turn, calling the strategy function once per roll."""
    t = option_tables()
    scores = np.zeros(games, dtype=np.int64)
    rolls = np.zeros(games, dtype=np.int64)
    for game in range(games):
        sheet, roll = start, 0
        while not sheet.finished:
            dice = t.hands[stream.hand(game, roll)]
            sheet = sheet.play(dice, strategy(sheet, dice, sheet.options(dice), rng))
            roll += 1
        scores[game], rolls[game] = sheet.score, sheet.rolls
        bar.update()
    return scores, rolls


def simulate(
    strategy: str | SheetStrategy = "greedy",
    games: int = 10_000,
    seed: int | None = 0,
    name: str | None = None,
    start: Sheet | None = None,
    progress: Any = None,
) -> SolitaireSimulation:
    """Play `games` games of one player with `strategy`, from `seed`; with
    `start`, every game goes on from that sheet (the same seed gives the same
    dice, so two sheets can be compared game by game).

    Games are played 20,000 at a time (each block with its own stream of
    dice from the seed), so memory stays flat for any number of games.

    `strategy` is a built-in name ("random", "greedy", "planner", "search"), a built-in
    strategy object (e.g. `Planner(focus=...)`), or any strategy function
    (see `dicelab.solitaire.strategy`); `name` labels the result; `progress`
    is a progress bar kind ("auto", "text", "widget", "none"/None; see
    `dicelab.core.ui.progress`): `search` plays about 100 games a second.
    """
    games = whole_number(games, "games", 1, MAX_GAMES)
    if start is None:
        start = Sheet.empty()
    elif not isinstance(start, Sheet):
        raise SettingsError(f"start is a Sheet, not {start!r}")
    dice_rng, choice_rng = _generators(seed)
    play: Callable[[DiceStream, int, np.random.Generator, Progress], tuple[np.ndarray, np.ndarray]]
    if isinstance(strategy, (str, BatchStrategy)):
        chosen = get_strategy(strategy)
        play = functools.partial(_fast, chosen, start)
        label = name or chosen.name
    elif callable(strategy):
        play = functools.partial(_one_by_one, strategy, start)
        label = name or str(getattr(strategy, "__name__", "strategy"))
    else:
        raise SettingsError(f"a strategy is a name or a function, not {strategy!r}")
    scores = np.empty(games, dtype=np.int32)
    rolls = np.empty(games, dtype=np.int16)
    with progress_bar(games, f"Solitaire Dice games ({label})", progress) as bar:
        for first, stream in zip(range(0, games, CHUNK), _streams(dice_rng, games)):
            size = min(CHUNK, games - first)
            part = play(stream, size, choice_rng, bar)
            scores[first : first + size], rolls[first : first + size] = part
    return SolitaireSimulation("solitaire", label, seed_number(seed), scores, rolls)


def compare(
    strategies: Sequence[str | SheetStrategy], games: int = 10_000, seed: int | None = 0
) -> list[SolitaireSimulation]:
    """Simulate several strategies on the same dice (the same seed)."""
    return [simulate(s, games, seed) for s in strategies]


def compare_figure(results: Sequence[SolitaireSimulation], kind: str = "histogram") -> Any:
    """A plotly figure comparing simulation results side by side.

    `kind="histogram"`: the score distributions, one colour per strategy;
    `kind="summary"`: the mean score with its 95% interval and P(≥ 500).
    plotly is imported only now.
    """
    import plotly.graph_objects as go
    from plotly.subplots import make_subplots

    if kind == "histogram":
        fig = go.Figure(
            [
                go.Histogram(
                    x=r.scores.tolist(),
                    name=f"{r.strategy} (mean {r.mean:.0f})",
                    xbins={"start": -2200, "end": 2000, "size": 50},
                    histnorm="percent",
                    opacity=0.6,
                )
                for r in results
            ]
        )
        fig.add_vline(x=WIN, line_dash="dash", annotation_text="500: a win")
        fig.update_layout(
            barmode="overlay",
            title="Solitaire Dice: final scores by strategy",
            xaxis_title="final score",
            yaxis_title="games (%)",
            template="plotly_white",
            height=420,
        )
        return fig
    if kind != "summary":
        raise SettingsError(f"kind must be 'histogram' or 'summary', not {kind!r}")
    names = [r.strategy for r in results]
    fig = make_subplots(rows=1, cols=2, subplot_titles=("mean score (95% CI)", "P(score ≥ 500)"))
    fig.add_trace(
        go.Bar(
            x=names,
            y=[round(r.mean, 2) for r in results],
            error_y={"type": "data", "array": [round(r.ci95[1] - r.mean, 2) for r in results]},
            showlegend=False,
        ),
        row=1,
        col=1,
    )
    fig.add_trace(
        go.Bar(x=names, y=[round(100 * r.p500, 2) for r in results], showlegend=False),
        row=1,
        col=2,
    )
    fig.update_yaxes(title_text="points", row=1, col=1)
    fig.update_yaxes(title_text="%", row=1, col=2)
    fig.update_layout(title="Solitaire Dice: strategies compared", template="plotly_white")
    return fig


def same_dice(seed: int, kinds: Sequence[str]) -> dict[str, Sheet]:
    """The final sheet of each bot of `kinds`, each playing a game of its own on
    the dice of the game started from `seed` (a class table's): a game's dice
    follow from its seed alone, not from its players, so each bot gets the
    table's rolls in order (and the rolls after them, if it plays longer).

    >>> sheets = same_dice(7, ["greedy"])
    >>> one, two = SolitaireGame(["Ana"], seed=7), SolitaireGame(["Ana", "Bia"], seed=7)
    >>> sheets["greedy"].finished, one.roll() == two.roll()
    (True, True)
    """
    sheets = {}
    for kind in kinds:
        game = SolitaireGame([kind], seed=seed)
        strategy, rng = get_strategy(kind), np.random.default_rng(seed)
        while not game.is_over:
            dice = tuple(sorted(game.roll()))
            game.choose(0, strategy(game.sheet(0), dice, game.options(0), rng))
        sheets[kind] = game.sheet(0)
    return sheets
