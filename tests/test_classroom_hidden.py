"""The class tables keep what the rules hide (issue 47), as properties: random
legal and illegal actions from every seat of every game, and after each one

- every answer to a player is the same when what another player hides is
  drawn again (`redraw_hidden`): no answer depends on, so none can contain,
  another player's hidden dice or cards before the rules reveal them;
- a refused action says why the same way whatever the others hide, and
  leaves the stored table byte for byte the same, and the engine too; an
  accepted one was one of the player's legal actions.

Each game is first played on by a random number of random legal actions, so
the checked steps fall anywhere in a game, up to its end.

The hall is the service's own (`dicelab.classroom.tables`), in process: the
same answers the API sends (tests/test_classroom.py plays them over HTTP).
"""

from __future__ import annotations

import dataclasses
import importlib
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dicelab.classroom.store import Store
from dicelab.classroom.tables import Hall, Table
from dicelab.core.engine.actions import action_types, decode, encode
from dicelab.errors import TableError
from dicelab.games import GAMES

PLAYERS = ["Ana", "Bia", "Cleo"]


def answers_hold_nothing_hidden(hall: Hall, table: Table, humans: list[str], seed: int) -> None:
    """Each human's answer, and the teacher's, is unchanged when any other
    player's hidden part is redrawn."""
    answer = hall.teacher_view(table)
    for other in PLAYERS:
        redrawn = table.engine.redraw_hidden(other, np.random.default_rng(seed))
        assert hall.teacher_view(dataclasses.replace(table, engine=redrawn)) == answer
    for viewer in humans:
        answer = hall._view(table, viewer)
        for other in PLAYERS:
            if other == viewer:
                continue
            redrawn = table.engine.redraw_hidden(other, np.random.default_rng(seed))
            assert hall._view(dataclasses.replace(table, engine=redrawn), viewer) == answer, (
                f"{viewer}'s answer depends on what {other} hides"
            )


def refusals_hold_nothing_hidden(
    hall: Hall, table: Table, player: str, action: Any, seed: int
) -> None:
    """Why `action` is refused is the same when another player's hidden part is redrawn."""
    why = hall._why_not(table, player, action)
    for other in PLAYERS:
        if other != player:
            redrawn = table.engine.redraw_hidden(other, np.random.default_rng(seed))
            assert hall._why_not(dataclasses.replace(table, engine=redrawn), player, action) == why


def played_on(hall: Hall, code: str, tokens: dict[str, str], actions: int, seed: int) -> None:
    """The humans take up to `actions` random legal actions (the game may end first)."""
    rng = np.random.default_rng(seed)
    for _ in range(actions):
        movers = [(p, hall.view(code, token)) for p, token in tokens.items()]
        movers = [(p, answer) for p, answer in movers if answer["legal"]]
        if not movers:
            return
        player, answer = movers[rng.integers(len(movers))]
        hall.act(code, tokens[player], answer["legal"][rng.integers(len(answer["legal"]))])


def mutated(action: dict[str, Any], draw: Any) -> dict[str, Any]:
    """`action` with one field changed (it may still happen to be legal)."""
    fields = [name for name in action if name != "type"]
    if not fields:
        return {**action, "type": draw(st.sampled_from(["Roll", "Pass", "Fly", ""]))}
    name = draw(st.sampled_from(fields))
    value = draw(
        st.one_of(
            st.integers(-3, 70),
            st.text(max_size=6),
            st.lists(st.integers(0, 7), max_size=6),
            st.none(),
            st.booleans(),
        )
    )
    return {**action, name: value}


@pytest.mark.slow
@pytest.mark.parametrize("game", list(GAMES))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_no_answer_shows_what_another_player_hides_and_refusals_change_nothing(game, data):
    draw = data.draw
    info = GAMES[game]
    seed = draw(st.integers(0, 2**40), label="seed")
    with_bot = draw(st.booleans(), label="Cleo is a bot")
    bots = {"Cleo": draw(st.sampled_from(info.quick_strategies))} if with_bot else {}
    hall = Hall(Store(":memory:"))
    code = hall.create({"game": game, "players": PLAYERS, "bots": bots, "seed": seed})["code"]
    humans = [p for p in PLAYERS if p not in bots]
    tokens = {p: hall.join(code, p)["token"] for p in humans}
    stranger = hall.join(hall.create({"game": game, "players": ["Zé", "Yu"]})["code"], "Zé")
    table = hall.tables[code]
    kinds = action_types(importlib.import_module(type(table.engine).__module__))
    played_on(hall, code, tokens, draw(st.integers(0, 400), label="played on"), seed)
    for step in range(draw(st.integers(1, 40), label="steps")):
        answers_hold_nothing_hidden(hall, table, humans, seed + step)
        if table.engine.is_over:
            break
        player = draw(st.sampled_from(humans))
        mine = hall.view(code, tokens[player])
        everyone = [a for p in humans for a in hall.view(code, tokens[p])["legal"]]
        how = draw(st.sampled_from(["legal", "legal", "another's", "mutated", "token"]))
        token = tokens[player]
        if how == "legal" and mine["legal"]:
            action: Any = draw(st.sampled_from(mine["legal"]))
        elif everyone and how in ("another's", "mutated"):
            action = draw(st.sampled_from(everyone))
            action = mutated(action, draw) if how == "mutated" else action
        else:
            action = draw(st.sampled_from(everyone or [{"type": "Roll"}]))
            token = draw(st.sampled_from(["", "made-up", stranger["token"]]))
        before = (hall.store.dump(code), table.engine.to_json())
        try:
            after = hall.act(code, token, action)
        except TableError as refused:
            assert 400 <= refused.status < 500 and "\n" not in str(refused)
            assert (hall.store.dump(code), table.engine.to_json()) == before
            if refused.status == 409 and token == tokens[player]:
                refusals_hold_nothing_hidden(hall, table, player, decode(action, kinds), seed)
        else:
            assert encode(decode(action, kinds)) in mine["legal"]
            assert after["version"] > mine["version"] and after["player"] == player
    assert hall.replay(code).to_json() == table.engine.to_json()


def test_a_flood_of_new_tables_is_refused(monkeypatch) -> None:
    monkeypatch.setattr("dicelab.classroom.tables.MOST_IN_PLAY", 3)
    hall = Hall(Store(":memory:"))
    request = {"game": "solo", "players": ["Ana", "Bia"], "seed": 1}
    codes = [hall.create(request)["code"] for _ in range(3)]
    with pytest.raises(TableError, match="3 tables are in play") as refused:
        hall.create(request)
    assert refused.value.status == 429 and sorted(hall.tables) == sorted(codes)
