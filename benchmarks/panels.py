"""Click latency of the play panels: `python benchmarks/panels.py [--games N]`.

Clicks through whole games headless (no browser: the time a click holds the
kernel), as the play app builds its panels, with Hints on, in two languages
each: Dice Poker and Solitaire Dice for Ana and Bruno, every move
chosen by the game's greedy strategy, and Sly Dice for Ana against the
default bots (a click includes the bots' moves up to Ana's next turn), her
moves chosen by the calculator, and Solo the same way, by the blocker;
each move made by clicking (dice to hold or set aside, Roll, a score box,
an option, a card and its colour or opponent, Accuse or Pass).  Prints
per game the number of clicks, the median, the 95th percentile and the
slowest click, and p95 side by side with the budget of 0.3 s (a ratio above
1 misses it).  The first click of a panel (its tables computed cold) is
counted like any other.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

import numpy as np

BUDGET = 0.3  # s: the longest a click may hold the kernel (p95)
PLAYER = {
    "dice-poker": "greedy",
    "solitaire": "greedy",
    "sly-dice": "calculator",
    "solo": "blocker",
}
LANGS = {"dice-poker": ("en", "pt"), "solitaire": ("en", "pt"), "sly-dice": ("en", "es")}
LANGS["solo"] = ("en", "it")
SLY_BUTTONS = {
    "RollCommon": "roll_button",
    "Stop": "stop_button",
    "Accuse": "accuse_button",
    "Pass": "pass_button",
}


def timed_clicks(panel: Any, name: str, rng: np.random.Generator) -> list[float]:
    """Play `panel`'s game to the end by clicks; the seconds of each click."""
    from dicelab.games import GAMES

    strategy = GAMES[name].strategy(PLAYER[name])
    times: list[float] = []

    def click(button: Any) -> None:
        start = time.perf_counter()
        button.click()
        times.append(time.perf_counter() - start)
        if panel.message.kind == "error":
            raise RuntimeError(f"{name}: {panel.message.text}")

    start = time.perf_counter()
    panel.hints_toggle.value = True  # a toggle: its change is its click
    times.append(time.perf_counter() - start)
    if name == "solo":
        return times + solo_clicks(panel, strategy, rng, click)
    game = panel.game
    while not game.is_over:
        player = game.to_move()[0]
        action = strategy(game.view(player), game.legal_actions(player), rng)
        for button in buttons_for(panel, name, action):
            click(button)
        game = panel.game
    return times


def buttons_for(panel: Any, name: str, action: Any) -> list[Any]:
    """The buttons that make `action` in `panel` (dice to hold or release, then Roll)."""
    game, kind = panel.game, type(action).__name__
    if name == "sly-dice":
        return sly_buttons(panel, action)
    if kind == "Roll":
        held = game.state.held if name == "dice-poker" and game.state.dice is not None else set()
        wanted = getattr(action, "hold", frozenset())
        toggles = [panel.dice_buttons[i] for i in sorted(set(held) ^ set(wanted))]
        return [*toggles, panel.roll_button]
    if kind == "Score":
        return [panel.box_buttons[game.state.current][action.box]]
    p = game.players.index(action.player)
    return [panel.option_buttons[p][game.options(p).index(action.split)]]


def sly_buttons(panel: Any, action: Any) -> list[Any]:
    """The buttons that make a Sly Dice `action` (a die to set aside, then Roll)."""
    kind = type(action).__name__
    if kind in SLY_BUTTONS:
        return [getattr(panel, SLY_BUTTONS[kind])]
    if kind == "Claim":
        return [panel.cards.buttons[action.card]]
    if kind == "Reveal":
        return [panel.show_button if action.show else panel.keep_button]
    if action.aside is None:
        return [panel.roll_button]
    aside = len(panel.game.state.seats[0].aside)
    return [panel.dice_views[aside + action.aside].button, panel.roll_button]


def solo_clicks(panel: Any, strategy: Any, rng: np.random.Generator, click: Any) -> list[float]:
    """Play a Solo panel to the end by clicks (Next round, Go on, a card and its
    colour, opponent or Gift, Draw, Accept); the seconds of the Solo! toggles."""
    times: list[float] = []
    while panel.mode() != "over":
        mode = panel.mode()
        if mode == "round":
            click(panel.next_round_button)
            continue
        me = panel.me
        action = strategy(panel.game.view(me), panel.game.legal_actions(me), rng)
        kind = type(action).__name__
        if kind in ("Draw", "Accept"):
            click(panel.draw_button if kind == "Draw" else panel.accept_button)
            continue
        if action.solo:
            start = time.perf_counter()
            panel.solo_toggle.value = True
            times.append(time.perf_counter() - start)
        view = panel.game.view(me)
        last = len(view.hands[0]) - 1
        card = panel.hand.button_at(last) if view.phase == "drawn" else None
        card = card or panel.hand.button_for(action.card)
        click(card)
        if action.colour is not None:
            click(panel.colour_buttons[action.colour])
        elif action.target is not None:
            click(panel.target_buttons[action.target])
        elif panel.choice.ask == "gift":
            given = list(action.gift)
            for k, card_id in enumerate(given):
                nth = given[:k].count(card_id) + (card_id == action.card)
                click(panel.hand.button_for(card_id, nth))
            click(panel.give_button)
    return times


def run(name: str, lang: str, games: int) -> list[float]:
    """The seconds of every click of `games` whole games of `name` in `lang`."""
    from dicelab.games import GAMES

    times: list[float] = []
    for seed in range(games):
        players = ["Ana"] if GAMES[name].against_bots else ["Ana", "Bruno"]
        panel = GAMES[name].panel_class(players, seed=seed, lang=lang)
        times += timed_clicks(panel, name, np.random.default_rng(seed))
    return times


def report(label: str, times: list[float]) -> None:
    p95 = float(np.percentile(times, 95))
    print(
        f"{label:<28} {len(times):>6} clicks  median {statistics.median(times) * 1000:6.1f} ms"
        f"  p95 {p95 * 1000:6.1f} ms  max {max(times) * 1000:6.1f} ms"
        f"  p95/budget {p95 / BUDGET:5.2f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="whole games per game and language")
    args = parser.parse_args(argv)
    print(f"Click latency, {args.games} whole games each, Hints on (budget: p95 < {BUDGET} s)")
    for name, langs in LANGS.items():
        for lang in langs:
            report(f"{name} ({lang})", run(name, lang, args.games))


if __name__ == "__main__":
    main()
