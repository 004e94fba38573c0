"""Random reachable games of both engines survive save and load, and every
mutated save either loads a state a game could reach or is refused.

"Could reach" is decided by the oracles in `oracles.py`, by search and not
by the engines' own checks: a Dice Poker game is rebuilt move by move
through the engine (each card filled in an order the rules allow, turn after
turn), a Solitaire Dice sheet is taken back roll by roll.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracles import fill_order, sheet_path

from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.rules import ROLLS_PER_TURN, get_ruleset
from dicelab.errors import DicelabError, SaveFileError
from dicelab.solitaire.game import SolitaireGame

RULESETS = [
    get_ruleset("dice-poker"),
    get_ruleset("yahtzee"),
    get_ruleset("yahtzee", joker="free"),
    get_ruleset("yatzy"),
]


@st.composite
def poker_games(draw: Any) -> DicePokerGame:
    players = draw(st.integers(1, 3))
    rules = draw(st.sampled_from(RULESETS))
    game = DicePokerGame([f"P{i}" for i in range(players)], rules, seed=draw(st.integers(0, 999)))
    for _ in range(draw(st.integers(0, 45))):
        if game.is_over:
            break
        if game.state.rolls_used == 0 and draw(st.integers(0, 3)) == 0:
            game.roll(dice=[draw(st.integers(1, 6))] * 5)  # five of a kind: jokers, bonuses
        else:
            game.apply(draw(st.sampled_from(game.legal_actions())))
    return game


@st.composite
def solitaire_games(draw: Any) -> SolitaireGame:
    players = draw(st.integers(1, 3))
    game = SolitaireGame([f"P{i}" for i in range(players)], seed=draw(st.integers(0, 999)))
    for _ in range(draw(st.integers(0, 30))):
        if game.is_over:
            break
        if not game.waiting:
            game.roll()
        name = draw(st.sampled_from(game.waiting))
        game.choose(name, draw(st.integers(0, len(game.options(name)) - 1)))
    return game


def poker_reachable(game: DicePokerGame) -> bool:
    """Rebuild the game through the engine: every card filled in an order the
    rules allow, in turn order, then the dice of the turn at hand."""
    state = game.state
    orders = [fill_order(state.ruleset, dict(c.boxes), c.poker_bonus) for c in state.cards]
    if any(order is None for order in orders):
        return False
    replay = DicePokerGame(state.players, state.ruleset, seed=0)
    done = [0] * len(orders)
    try:
        while not replay.is_over:
            player = replay.state.current
            if done[player] == len(orders[player]):
                break
            box, hand = orders[player][done[player]]
            replay.roll(dice=hand)
            replay.score(box)
            done[player] += 1
        for i in range(state.rolls_used):  # after the last roll, the holds made for it
            last = i == ROLLS_PER_TURN - 1
            replay.roll(hold=state.held if last else None, dice=state.dice)
        if state.dice is not None and state.rolls_used < ROLLS_PER_TURN:
            replay.set_holds(state.held)
    except DicelabError:
        return False
    return replay.state == state


def solitaire_reachable(game: SolitaireGame) -> bool:
    """Every sheet taken back roll by roll to an empty sheet, and the shared
    rolls: each player still playing has marked every roll but the one they
    wait on; a finished game stopped at the roll that finished its last sheet."""
    state = game.state
    if any(sheet_path(s.sums, s.discards) is None for s in state.sheets):
        return False
    for index, sheet in enumerate(state.sheets):
        waiting = index in state.waiting
        if sheet.finished and (waiting or sheet.rolls > state.rolls):
            return False
        if not sheet.finished and sheet.rolls != state.rolls - waiting:
            return False
    if state.finished and state.rolls != max(s.rolls for s in state.sheets):
        return False
    return (state.dice is None) == (state.rolls == 0)


def leaves(value: Any, path: tuple = ()) -> list[tuple]:
    """Every path into a JSON value (objects and lists included)."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += leaves(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += leaves(item, (*path, i))
    return found


def replaced(data: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(data))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return copy


def mutations(value: Any) -> list[Any]:
    """Another type, or an out-of-range number."""
    others = [None, "1", 1.5, True, [], {}, -1, 0, 2**70]
    if isinstance(value, int) and not isinstance(value, bool):
        others += [value + 1, value - 1, value + 100, value * 7]
    return [o for o in others if o != value or type(o) is not type(value)]


def check_round_trip_and_mutants(game: Any, cls: Any, reachable: Any, data: Any) -> None:
    copy = cls.from_json(game.to_json())
    assert copy.state == game.state and copy.seed == game.seed
    assert copy.rng.bit_generator.state == game.rng.bit_generator.state
    assert reachable(copy)
    saved = json.loads(game.to_json())
    path = data.draw(st.sampled_from(leaves(saved)))
    current = saved
    for key in path:
        current = current[key]
    mutant = replaced(saved, path, data.draw(st.sampled_from(mutations(current))))
    try:
        loaded = cls.from_json(json.dumps(mutant))
    except SaveFileError:
        return
    assert reachable(loaded), (path, mutant)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=poker_games(), data=st.data())
def test_dice_poker_saves(game: DicePokerGame, data: Any) -> None:
    check_round_trip_and_mutants(game, DicePokerGame, poker_reachable, data)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=solitaire_games(), data=st.data())
def test_solitaire_saves(game: SolitaireGame, data: Any) -> None:
    check_round_trip_and_mutants(game, SolitaireGame, solitaire_reachable, data)


def test_the_oracles_refuse_what_no_game_leaves():
    seven = (0, 0, 0, 0, 0, 14, 0, 0, 0, 0, 0)  # seven rolls of 7 + 7
    assert sheet_path(seven, (0,) * 6) is None  # seven free throws, no discard number
    assert sheet_path(seven, (3, 2, 2, 0, 0, 0)) is not None
    assert sheet_path(seven, (8, 0, 0, 0, 0, 0)) is None  # more discards than rolls
    rules = get_ruleset("yahtzee")
    empty = dict.fromkeys(rules.box_ids)
    assert fill_order(rules, {**empty, "chance": 0}, 0) is None
    assert fill_order(rules, {**empty, "poker": 50, "chance": 17}, 100) is None
    order = fill_order(rules, {**empty, "poker": 50, "sixes": 30, "full_house": 25}, 100)
    assert [box for box, _ in order][-1] in ("sixes", "full_house")  # jokers after Poker
