"""The Dice Poker score card, game state machine and save files."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab.dice_poker.card import Scorecard
from dicelab.dice_poker.game import DicePokerGame, Roll, Score
from dicelab.dice_poker.rules import Ruleset, get_ruleset
from dicelab.dice_poker.save import from_dict
from dicelab.dice_poker.state import GameState
from dicelab.errors import DiceError, IllegalMove, SaveFileError, SettingsError

UPPER = ("ones", "twos", "threes", "fours", "fives", "sixes")


def card_with(rules: str | Ruleset, poker_bonus: int = 0, **filled: int) -> Scorecard:
    """A score card of `rules` with these boxes filled."""
    rules = get_ruleset(rules)
    return Scorecard(rules, {b: filled.get(b) for b in rules.box_ids}, poker_bonus)


def rng_state(game: DicePokerGame) -> dict[str, Any]:
    return game.rng.bit_generator.state


def expected_total(card: Scorecard) -> int:
    """The total, computed from scratch: boxes + upper bonus + poker bonus."""
    rules = card.ruleset
    upper = sum(card.boxes[b] or 0 for b in UPPER)
    bonus = rules.upper_bonus if upper >= rules.upper_bonus_threshold else 0
    return sum(v for v in card.boxes.values() if v is not None) + bonus + card.poker_bonus


# --- the joker, by hand ------------------------------------------------------

FOURS = [4, 4, 4, 4, 4]


def test_dice_poker_joker_goes_to_the_upper_box_first() -> None:
    card = card_with("dice-poker", poker=50)
    assert card.options(FOURS) == {"fours": 20}
    with pytest.raises(IllegalMove) as info:
        card.fill("chance", FOURS)
    assert info.value.rule == "joker rule"
    after = card.fill("fours", FOURS)
    assert (after.boxes["fours"], after.poker_bonus, after.total) == (20, 100, 170)


def test_dice_poker_joker_then_any_open_lower_box_at_full_value() -> None:
    card = card_with("dice-poker", poker=50, fours=12, pair=10)
    options = card.options(FOURS)
    assert set(options) == {
        "two_pairs",
        "three_kind",
        "four_kind",
        "full_house",
        "small_straight",
        "large_straight",
        "chance",
    }
    assert (options["full_house"], options["small_straight"], options["large_straight"]) == (
        25,
        30,
        40,
    )
    assert (options["four_kind"], options["chance"], options["two_pairs"]) == (20, 20, 0)
    after = card.fill("large_straight", FOURS)
    assert (after.boxes["large_straight"], after.poker_bonus) == (40, 100)
    assert after.total == 12 + 10 + 50 + 40 + 100


def test_dice_poker_joker_with_no_lower_box_open_writes_zero_upstairs() -> None:
    lower = {
        "pair": 8,
        "two_pairs": 0,
        "three_kind": 9,
        "four_kind": 0,
        "full_house": 25,
        "small_straight": 30,
        "large_straight": 0,
        "poker": 50,
        "chance": 20,
    }
    card = card_with("dice-poker", fours=16, **lower)
    assert card.options(FOURS) == {"ones": 0, "twos": 0, "threes": 0, "fives": 0, "sixes": 0}
    after = card.fill("sixes", FOURS)
    assert (after.boxes["sixes"], after.poker_bonus, after.is_full) == (0, 100, False)


def test_dice_poker_poker_holding_zero_gives_no_bonus_and_no_joker() -> None:
    card = card_with("dice-poker", poker=0)
    options = card.options(FOURS)
    assert options["fours"] == 20 and options["full_house"] == 0 and options["chance"] == 20
    after = card.fill("full_house", FOURS)
    assert (after.boxes["full_house"], after.poker_bonus) == (0, 0)


def test_first_poker_scores_fifty_without_bonus() -> None:
    after = card_with("dice-poker").fill("poker", FOURS)
    assert (after.boxes["poker"], after.poker_bonus, after.total) == (50, 0, 50)


def test_yahtzee_joker_also_when_the_yahtzee_box_holds_zero() -> None:
    card = card_with("yahtzee", poker=0)
    assert card.options(FOURS) == {"fours": 20}
    card = card_with("yahtzee", poker=0, fours=8)
    options = card.options(FOURS)
    assert (options["full_house"], options["small_straight"], options["large_straight"]) == (
        25,
        30,
        40,
    )
    assert card.fill("full_house", FOURS).poker_bonus == 0
    assert card_with("yahtzee", poker=50, fours=8).fill("full_house", FOURS).poker_bonus == 100


def test_free_joker_allows_any_open_box() -> None:
    rules = get_ruleset("yahtzee", joker="free")
    card = card_with(rules, poker=50)
    options = card.options(FOURS)
    assert set(options) == set(rules.box_ids) - {"poker"}
    # the Fours box is open: Full house and straights score as usual (0)
    assert (options["fours"], options["full_house"], options["ones"]) == (20, 0, 0)
    filled = card_with(rules, poker=50, fours=12).options(FOURS)
    assert (filled["full_house"], filled["small_straight"], filled["ones"]) == (25, 30, 0)
    after = card_with(rules, poker=50, fours=12).fill("small_straight", FOURS)
    assert (after.boxes["small_straight"], after.poker_bonus) == (30, 100)


def test_yatzy_has_neither_bonus_nor_joker() -> None:
    card = card_with("yatzy", poker=50)
    assert card.options(FOURS)["full_house"] == 0
    assert card.fill("chance", FOURS).poker_bonus == 0


# --- the upper bonus -----------------------------------------------------------

UPPER_63 = {"ones": 3, "twos": 6, "threes": 9, "fours": 12, "fives": 15, "sixes": 18}


def test_dice_poker_upper_bonus_needs_more_than_63() -> None:
    at_63 = card_with("dice-poker", **UPPER_63)
    assert (at_63.upper_total, at_63.upper_bonus, at_63.bonus_needed, at_63.total) == (63, 0, 1, 63)
    at_64 = card_with("dice-poker", **{**UPPER_63, "ones": 4})
    assert (at_64.upper_bonus, at_64.bonus_needed, at_64.total) == (35, 0, 99)


def test_yahtzee_upper_bonus_at_63() -> None:
    card = card_with("yahtzee", **UPPER_63)
    assert (card.upper_bonus, card.bonus_needed, card.total) == (35, 0, 98)
    assert card_with("yatzy", **UPPER_63).upper_bonus == 50


def test_totals_by_section() -> None:
    card = card_with("dice-poker", poker_bonus=100, sixes=30, chance=20, poker=50)
    assert (card.upper_total, card.lower_total, card.total) == (30, 70, 200)
    assert card.filled_count == 3 and len(card.open_boxes) == 12


# --- the card checks itself ------------------------------------------------------


@pytest.mark.parametrize(
    "boxes, bonus",
    [
        ({"bogus": 3}, 0),
        ({"ones": 7}, 0),
        ({"full_house": 24}, 0),
        ({"ones": -1}, 0),
        ({"ones": True}, 0),
        ({"ones": 3.0}, 0),
        ({"poker": 0, "ones": 5}, 100),
        ({"poker": 50}, 100),
        ({"poker": 50, "ones": 5}, 50),
    ],
)
def test_impossible_cards_are_refused(boxes: dict[str, Any], bonus: int) -> None:
    rules = get_ruleset("dice-poker")
    with pytest.raises(SettingsError):
        Scorecard(rules, {**dict.fromkeys(rules.box_ids), **boxes}, bonus)


def test_card_refuses_missing_boxes_and_bad_fills() -> None:
    with pytest.raises(SettingsError):
        Scorecard(get_ruleset(), {"ones": None})
    card = Scorecard.empty()
    with pytest.raises(IllegalMove):
        card.fill("bogus", FOURS)
    with pytest.raises(DiceError):
        card.fill("chance", [1, 2, 3])
    assert card == Scorecard.empty() and hash(card) == hash(Scorecard.empty())


# --- a whole game ------------------------------------------------------------------


def play_randomly(game: DicePokerGame, seed: int) -> list[Any]:
    """Play to the end, picking among the legal actions; return the actions."""
    pick = random.Random(seed)
    done = []
    while not game.is_over:
        action = pick.choice(game.legal_actions())
        game.apply(action)
        done.append(action)
    return done


def test_seeded_two_player_game_to_the_end() -> None:
    game = DicePokerGame(["Ana", "Bia"], seed=2024)
    actions = play_randomly(game, 7)
    scores = [a for a in actions if isinstance(a, Score)]
    assert len(scores) == 2 * 15
    assert game.is_over and game.legal_actions() == [] and game.rolls_left == 0
    assert all(card.is_full for card in game.state.cards)
    totals = game.totals()
    for name, card in zip(game.players, game.state.cards, strict=True):
        assert totals[name] == expected_total(card) == card.total
    best = max(totals.values())
    assert game.winners() == [n for n, t in totals.items() if t == best]
    assert game.options() == {}
    again = DicePokerGame(["Ana", "Bia"], seed=2024)
    assert play_randomly(again, 7) == actions and again.state == game.state


def test_same_seed_same_dice() -> None:
    first, second = DicePokerGame(seed=5), DicePokerGame(seed=5)
    for hold in (None, [0, 2], [1]):
        assert first.roll(hold=hold) == second.roll(hold=hold)
    assert first.state == second.state
    assert DicePokerGame(seed=np.random.default_rng(5)).roll() == DicePokerGame(seed=5).roll()


def test_a_turn_step_by_step() -> None:
    game = DicePokerGame(["Ana", "Bia"], ruleset="yahtzee", seed=1)
    assert game.legal_actions() == [Roll()]
    assert game.options() == {} and game.rolls_left == 3
    game.roll(dice=[2, 5, 2, 6, 2])
    game.hold(0)
    game.toggle_hold(2)
    game.toggle_hold(4)
    game.toggle_hold(4)
    game.set_holds(game.held | {4})
    game.release(4)
    assert game.held == frozenset({0, 2})
    dice = game.roll()
    assert (dice[0], dice[2]) == (2, 2) and game.rolls_left == 1
    assert len(game.legal_actions()) == 31 + len(game.options())
    game.roll(hold=[0, 2], dice=[2, 1, 2, 1, 2])
    assert game.legal_actions() == [Score(b) for b in game.options()]
    assert game.score("full_house") == 25
    assert (game.current_player, game.state.turn, game.dice, game.held) == (
        "Bia",
        1,
        None,
        frozenset(),
    )


def test_tie_shares_the_win() -> None:
    game = DicePokerGame(["Ana", "Bia"], ruleset="yahtzee", seed=0)
    for box in get_ruleset("yahtzee").box_ids:
        for _ in game.players:
            game.roll(dice=[1, 2, 3, 4, 6])
            game.score(box)
    assert game.is_over and game.winners() == ["Ana", "Bia"]
    # upper 1 + 2 + 3 + 4 + 0 + 6, small straight 30, chance 16
    assert game.totals() == {"Ana": 62, "Bia": 62}


def test_winners_before_the_end_is_empty() -> None:
    assert DicePokerGame(["Ana", "Bia"]).winners() == []


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": []},
        {"players": ["Ana", "Ana"]},
        {"players": ["Ana", ""]},
        {"players": ["Ana", 3]},
        {"players": "Ana"},
        {"ruleset": "backgammon"},
        {"seed": "lucky"},
        {"seed": True},
    ],
)
def test_bad_game_settings(kwargs: dict[str, Any]) -> None:
    with pytest.raises(SettingsError):
        DicePokerGame(**kwargs)


def test_default_game() -> None:
    game = DicePokerGame()
    assert game.players == ("Player 1",) and game.ruleset.name == "dice-poker"
    assert "Player 1 to move" in repr(game)


# --- illegal actions change nothing ------------------------------------------------------


def assert_illegal(game: DicePokerGame, action: Callable[[], Any]) -> IllegalMove:
    """The action raises IllegalMove and leaves the state and the generator as they were."""
    state, rng = game.state, rng_state(game)
    with pytest.raises(IllegalMove) as info:
        action()
    assert game.state == state and rng_state(game) == rng
    assert info.value.rule and info.value.message
    return info.value


def test_illegal_actions_before_the_first_roll() -> None:
    game, twin = DicePokerGame(seed=11), DicePokerGame(seed=11)
    assert_illegal(game, lambda: game.score("chance"))
    assert_illegal(game, lambda: game.hold(0))
    assert_illegal(game, lambda: game.release(0))
    assert_illegal(game, lambda: game.toggle_hold(0))
    assert_illegal(game, lambda: game.set_holds([]))
    assert_illegal(game, lambda: game.roll(hold=[0]))
    assert_illegal(game, lambda: game.apply(Score("chance")))
    assert_illegal(game, lambda: game.apply("roll"))
    assert game.roll() == twin.roll()


BAD_DICE: list[Any] = [
    [1, 2, 3],
    [1, 2, 3, 4, 5, 6],
    [0, 1, 2, 3, 4],
    [1, 2, 3, 4, 7],
    "12345",
    [1.0, 2, 3, 4, 5],
    [True, 2, 3, 4, 5],
    5,
]
BAD_POSITIONS: list[Any] = [5, -1, "0", 1.0, True, None]


def test_illegal_actions_during_a_turn() -> None:
    game, twin = DicePokerGame(["Ana"], seed=12), DicePokerGame(["Ana"], seed=12)
    assert game.roll() == twin.roll()
    for dice in BAD_DICE:
        assert_illegal(game, lambda d=dice: game.roll(dice=d))
    for position in BAD_POSITIONS:
        assert_illegal(game, lambda p=position: game.hold(p))
        assert_illegal(game, lambda p=position: game.release(p))
        assert_illegal(game, lambda p=position: game.toggle_hold(p))
        assert_illegal(game, lambda p=position: game.set_holds([0, p]))
        assert_illegal(game, lambda p=position: game.roll(hold=[p]))
    assert_illegal(game, lambda: game.roll(hold=3))
    error = assert_illegal(game, lambda: game.roll(hold=range(5)))
    assert "nothing to reroll" in error.message
    game.set_holds(range(5))
    twin.set_holds(range(5))
    assert_illegal(game, game.roll)
    assert_illegal(game, lambda: game.score("bogus"))
    assert_illegal(game, lambda: game.score(3))
    face = game.dice[0]
    other = 1 if face != 1 else 2
    assert_illegal(game, lambda: game.roll(hold=[0], dice=[other, 1, 1, 1, 1]))
    assert game.roll(hold=[0, 1]) == twin.roll(hold=[0, 1])
    assert game.roll() == twin.roll()
    error = assert_illegal(game, game.roll)
    assert error.rule == "at most three rolls a turn"
    game.score("chance")
    game.roll(dice=[6, 6, 6, 1, 2])
    assert_illegal(game, lambda: game.score("chance"))
    assert_illegal(game, lambda: game.apply(Score("chance")))


def test_joker_box_refused_by_the_game() -> None:
    game = DicePokerGame(["Ana"], seed=3)
    game.roll(dice=FOURS)
    game.score("poker")
    game.roll(dice=FOURS)
    assert game.options() == {"fours": 20}
    error = assert_illegal(game, lambda: game.score("chance"))
    assert error.rule == "joker rule"
    assert game.score("fours") == 20 and game.totals() == {"Ana": 170}


def test_illegal_actions_after_the_game_is_over() -> None:
    game = DicePokerGame(["Ana"], ruleset="yahtzee", seed=4)
    play_randomly(game, 1)
    assert game.is_over
    for action in (
        game.roll,
        lambda: game.roll(dice=FOURS),
        lambda: game.score("chance"),
        lambda: game.hold(0),
        lambda: game.set_holds([]),
        lambda: game.apply(Roll()),
    ):
        error = assert_illegal(game, action)
        assert error.rule == "the game ends after the last turn"


# --- save and load ------------------------------------------------------------------------


def test_round_trip_mid_turn_continues_with_the_same_dice(tmp_path: Any) -> None:
    game = DicePokerGame(
        ["Ana", "Bia", "Caio"], ruleset=get_ruleset("yahtzee", joker="free"), seed=99
    )
    play = random.Random(3)
    for _ in range(25):
        game.apply(play.choice(game.legal_actions()))
    if game.dice is None:
        game.roll()
    game.set_holds([1, 3])
    text = game.to_json()
    data = json.loads(text)
    assert data["format"] and data["version"] == 2 and data["seed"] == 99
    assert data["ruleset"] == {
        **game.ruleset.settings(),
        "boxes": [f"yahtzee/{b}" for b in game.ruleset.box_ids],
    }
    assert data["ruleset"]["joker"] == "free"
    copy = DicePokerGame.from_json(text)
    assert copy.state == game.state and rng_state(copy) == rng_state(game)
    game.save(tmp_path / "game.json")
    from_file = DicePokerGame.load(tmp_path / "game.json")
    for other in (copy, from_file):
        assert other.state == game.state
    actions = play_randomly(game, 8)
    assert play_randomly(copy, 8) == actions and copy.state == game.state
    assert play_randomly(from_file, 8) == actions and from_file.state == game.state
    assert DicePokerGame.from_json(game.to_json()).state == game.state


def test_a_foreign_generator_cannot_be_saved() -> None:
    game = DicePokerGame(seed=np.random.Generator(np.random.MT19937(1)))
    game.roll()
    with pytest.raises(SaveFileError):
        game.to_json()


def saved(**changes: Any) -> dict[str, Any]:
    """A valid mid-game save (Ana has scored once, Bia has rolled), with changes;
    without its game record, so that each change meets the save's own checks
    (tests/test_game_record.py tampers with records)."""
    game = DicePokerGame(["Ana", "Bia"], seed=8)
    game.roll(dice=[2, 2, 3, 3, 5])
    game.score("two_pairs")
    game.roll(dice=[1, 1, 1, 4, 4])
    game.hold(0)
    data = game.to_dict()
    del data["record"]
    data.update(changes)
    return data


def card_changes(index: int, **boxes: Any) -> list[dict[str, Any]]:
    cards = saved()["cards"]
    cards[index]["boxes"].update(boxes)
    return cards


CORRUPT: dict[str, Any] = {
    "top level is a list": [],
    "wrong format": saved(format="chess"),
    "newer version": saved(version=3),
    "version as text": saved(version="1"),
    "unknown key": saved(extra=1),
    "turn as text": saved(turn="1"),
    "turn zero": saved(turn=0),
    "turn beyond the end": saved(turn=16),
    "current player out of range": saved(current_player=2),
    "current player a bool": saved(current_player=True),
    "rolls used four": saved(rolls_used=4),
    "rolls used a float": saved(rolls_used=1.0),
    "dice without rolls": saved(rolls_used=0),
    "no dice after a roll": saved(dice=None),
    "four dice": saved(dice=[1, 1, 1, 4]),
    "a seven": saved(dice=[1, 1, 1, 4, 7]),
    "dice as text": saved(dice="11144"),
    "held out of range": saved(held=[0, 5]),
    "held twice": saved(held=[0, 0]),
    "held as object": saved(held={"0": True}),
    "finished as text": saved(finished="no"),
    "finished too early": saved(finished=True),
    "players as text": saved(players="Ana"),
    "duplicate players": saved(players=["Ana", "Ana"]),
    "a nameless player": saved(players=["Ana", ""]),
    "a card too few": saved(cards=saved()["cards"][:1]),
    "a card as list": saved(cards=[[], []]),
    "unknown box": saved(cards=card_changes(0, bogus=3)),
    "impossible points": saved(cards=card_changes(0, ones=9)),
    "points as text": saved(cards=card_changes(0, ones="3")),
    "too many boxes filled": saved(cards=card_changes(1, chance=20)),
    "too few boxes filled": saved(cards=card_changes(0, two_pairs=None)),
    "unknown ruleset": saved(ruleset={**saved()["ruleset"], "boxes": ["bunco/pair"]}),
    "no boxes": saved(ruleset={**saved()["ruleset"], "boxes": []}),
    "a box twice": saved(ruleset={**saved()["ruleset"], "boxes": ["yahtzee/ones"] * 2}),
    "bad setting": saved(ruleset={**saved()["ruleset"], "joker": "sometimes"}),
    "negative setting": saved(ruleset={**saved()["ruleset"], "upper_bonus": -35}),
    "unknown setting": saved(ruleset={**saved()["ruleset"], "speed": 2}),
    "wrong generator": saved(rng={**saved()["rng"], "bit_generator": "MT19937"}),
    "generator state too big": saved(rng={**saved()["rng"], "state": {"state": 2**129, "inc": 1}}),
    "generator state as text": saved(rng={**saved()["rng"], "state": "0"}),
    "generator flag wrong": saved(rng={**saved()["rng"], "has_uint32": 2}),
}
MISSING = {f"missing {key}": {k: v for k, v in saved().items() if k != key} for key in saved()}


@pytest.mark.parametrize("data", [*CORRUPT.values(), *MISSING.values()], ids=[*CORRUPT, *MISSING])
def test_invalid_saves_raise_save_file_error(data: Any) -> None:
    with pytest.raises(SaveFileError) as info:
        DicePokerGame.from_json(json.dumps(data))
    assert "\n" not in str(info.value)


@pytest.mark.parametrize("text", ["", "{", "not json", "[1, 2", b"\xff\xfe", "1" * 5000])
def test_bad_json_raises_save_file_error(text: Any) -> None:
    with pytest.raises(SaveFileError):
        DicePokerGame.from_json(text)


def test_corrupt_card_cells_and_missing_file(tmp_path: Any) -> None:
    data = saved()
    del data["cards"][0]["poker_bonus"]
    with pytest.raises(SaveFileError):
        from_dict(data)
    with pytest.raises(SaveFileError):
        DicePokerGame.load(tmp_path / "nowhere.json")
    assert from_dict(saved()).state.held == frozenset({0})


def test_inconsistent_states_are_refused() -> None:
    rules = get_ruleset()
    cards = (Scorecard.empty(rules),)
    with pytest.raises(SettingsError):
        GameState(rules, ("Ana",), cards, rolls_used=1)
    with pytest.raises(SettingsError):
        GameState(rules, ("Ana",), cards, dice=(1, 2, 3, 4, 5))
    with pytest.raises(SettingsError):
        GameState(rules, ("Ana",), cards, held=frozenset({1}))
    with pytest.raises(SettingsError):
        GameState(rules, ("Ana",), cards, finished=True)
    assert GameState.new(rules, ["Ana"]) == GameState(rules, ("Ana",), cards)


# --- properties: random actions never corrupt a game --------------------------------------

positions = st.integers(-1, 5)
faces = st.lists(st.integers(1, 6), min_size=5, max_size=5)
steps = st.one_of(
    st.tuples(st.just("legal"), st.integers(0, 10_000)),
    st.tuples(st.just("legal"), st.integers(0, 10_000)),
    st.tuples(
        st.just("roll"),
        st.none() | st.frozensets(positions, max_size=5),
        st.none() | faces | st.lists(st.integers(0, 7), max_size=6),
    ),
    st.tuples(st.sampled_from(["hold", "release", "toggle_hold"]), positions),
    st.tuples(st.just("set_holds"), st.frozensets(positions, max_size=6)),
    st.tuples(st.just("score"), st.sampled_from([*get_ruleset().box_ids, "bogus"])),
)
RULESETS = ["dice-poker", "yahtzee", "yatzy", get_ruleset("yahtzee", joker="free")]


def do_step(game: DicePokerGame, step: tuple[Any, ...]) -> None:
    kind = step[0]
    if kind == "legal":
        actions = game.legal_actions()
        if actions:
            game.apply(actions[step[1] % len(actions)])
    elif kind == "roll":
        game.roll(hold=step[1], dice=step[2])
    elif kind == "score":
        game.score(step[1])
    else:
        getattr(game, kind)(step[1])


def check_invariants(game: DicePokerGame) -> None:
    state = game.state
    assert 0 <= state.rolls_used <= 3 and game.rolls_left == (
        0 if state.finished else 3 - state.rolls_used
    )
    assert (state.dice is None) == (state.rolls_used == 0)
    for index, card in enumerate(state.cards):
        assert card.total == expected_total(card) == game.totals()[state.players[index]]
        if state.finished:
            assert card.is_full
        else:
            assert card.filled_count == state.turn - (index >= state.current)
    copy = DicePokerGame.from_json(game.to_json())
    assert copy.state == state and rng_state(copy) == rng_state(game)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(1, 3),
    ruleset=st.sampled_from(RULESETS),
    seed=st.integers(0, 2**32),
    script=st.lists(steps, max_size=60),
)
def test_random_actions_never_corrupt_a_game(
    players: int, ruleset: Any, seed: int, script: list[tuple[Any, ...]]
) -> None:
    game = DicePokerGame([f"P{i}" for i in range(players)], ruleset=ruleset, seed=seed)
    for step in script:
        before, rng = game.state, rng_state(game)
        try:
            do_step(game, step)
        except IllegalMove:
            assert step[0] != "legal"
            assert game.state == before and rng_state(game) == rng
        check_invariants(game)


@settings(max_examples=15, deadline=None)
@given(
    players=st.integers(1, 3),
    ruleset=st.sampled_from(RULESETS),
    seed=st.integers(0, 2**32),
    pick=st.integers(0, 2**32),
)
def test_random_legal_games_end_well(players: int, ruleset: Any, seed: int, pick: int) -> None:
    game = DicePokerGame([f"P{i}" for i in range(players)], ruleset=ruleset, seed=seed)
    actions = play_randomly(game, pick)
    assert sum(isinstance(a, Score) for a in actions) == players * game.ruleset.turns
    check_invariants(game)
    totals = game.totals()
    assert set(game.winners()) == {n for n, t in totals.items() if t == max(totals.values())}
