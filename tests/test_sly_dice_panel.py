"""The Sly Dice play panel, driven by clicks through the widget API (no kernel)."""

from __future__ import annotations

import copy
import dataclasses
import html
import json
import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import ipywidgets as widgets
import numpy as np
import pytest
from babel.numbers import get_decimal_symbol

from dicelab.core.ui.widgets import die_face
from dicelab.core.ui.words import LANGS, Words
from dicelab.errors import SaveFileError, SettingsError
from dicelab.sly_dice.bayes import accusation_values, rolling_posterior, should_accuse
from dicelab.sly_dice.game import (
    Accuse,
    Action,
    Claim,
    Pass,
    Reveal,
    Roll,
    RollCommon,
    SlyDiceGame,
    Stop,
    seat_points,
)
from dicelab.sly_dice.odds import best_chance, chance, rolling_options
from dicelab.sly_dice.panel import SlyDicePanel
from dicelab.sly_dice.panel.views import VIEWS_CSS, dice_text
from dicelab.sly_dice.panel.words import WORDS
from dicelab.sly_dice.rules import SlyRules
from dicelab.sly_dice.seen import ASSUMED_LIE_RATE, Seen
from dicelab.sly_dice.state import Seat
from dicelab.sly_dice.strategy import strategy
from tests.widget_tree import usable_saying_why_not, widget_states

# --- helpers -----------------------------------------------------------------------

# the languages whose CLDR data writes a decimal comma
DECIMAL_COMMA = tuple(lang for lang in LANGS if get_decimal_symbol(lang) == ",")


def unavailable(widget: Any) -> bool:
    """Shown as not usable now (it still answers a click)."""
    return "dicelab-unavailable" in widget._dom_classes


def classes(widget: Any) -> tuple[str, ...]:
    return tuple(widget._dom_classes)


def visible(widget: Any) -> bool:
    return widget.layout.display != "none"


def unchanged(panel: SlyDicePanel) -> Callable[[], bool]:
    """A check that the game's state and random generators (the dice's and the
    bots') did not move."""

    def snapshot() -> tuple[Any, str, str]:
        game = panel.game
        return (
            game.state,
            json.dumps(game.rng.bit_generator.state),
            json.dumps(panel._bot_rng.bit_generator.state),
        )

    before = snapshot()
    return lambda: snapshot() == before


def phase_of(panel: SlyDicePanel) -> tuple[str, int]:
    """The human's phase ("round" while a round's end waits for Next round), and their
    rolls made while rolling."""
    if visible(panel.next_round_button):
        return "round", 0
    view = panel.game.view(panel.me)
    return view.phase, view.seats[0].rolls if view.phase == "rolling" else 0


def click_turn(
    panel: SlyDicePanel, rng: np.random.Generator, did: Counter[str], accusing: float = 0.4
) -> Action:
    """Make the human's next move by clicks, and return it as an action.

    The policy covers every control: roll, set a die aside by clicking it and
    roll again, stop, claim the true card worth the most or (sometimes) a lie,
    accuse (as often as `accusing`) or pass, show or keep the dice hidden; at a
    round's end, Next round first."""
    if phase_of(panel)[0] == "round":
        next_round(panel)
        did["next round"] += 1
    view = panel.game.view(panel.me)
    seat, phase, rules = view.seats[0], view.phase, view.rules
    if phase == "common":
        panel.roll_button.click()
        did["common"] += 1
        return RollCommon()
    if phase == "rolling":
        if seat.rolls and rng.random() < 0.35:
            panel.stop_button.click()
            did["stop"] += 1
            return Stop()
        aside = None
        if seat.rolls:
            aside = int(rng.integers(len(seat.hidden)))
            die = panel.dice_views[len(seat.aside) + aside].button
            die.click()
            assert "dicelab-held" in classes(die) and panel.game.state.seats[0] == seat
            did["aside"] += 1
        panel.roll_button.click()
        did[f"roll {seat.rolls + 1}"] += 1
        return Roll(aside)
    if phase == "claim":
        assert view.common is not None
        true = rules.true_cards(view.common + seat.own, view.table)
        false = [c for c in view.table if c not in true]
        if false and (not true or rng.random() < 0.4):
            card = false[int(rng.integers(len(false)))]
            did["lie"] += 1
        else:
            card = max(true, key=rules.points_of)
            did["truth"] += 1
        panel.cards.buttons[card].click()
        return Claim(card)
    if phase == "ask":
        accuse = rng.random() < accusing
        (panel.accuse_button if accuse else panel.pass_button).click()
        did["accuse" if accuse else "pass"] += 1
        return Accuse() if accuse else Pass()
    assert phase == "reveal"
    show = rng.random() < 0.5
    (panel.show_button if show else panel.keep_button).click()
    did["show" if show else "keep"] += 1
    return Reveal(show)


def play_by_clicks(panel: SlyDicePanel, seed: int, did: Counter[str] | None = None) -> list[Action]:
    """Play the whole game by clicks: the human's actions (click latency is measured
    in benchmarks/panels.py, not here)."""
    rng, did = np.random.default_rng(seed), Counter() if did is None else did
    actions = []
    while not panel.game.is_over:
        actions.append(click_turn(panel, rng, did))
        assert panel.message.kind != "error", panel.message.text
    return actions


def next_round(panel: SlyDicePanel) -> None:
    """Check a round's end held on screen (nothing moves while it waits), then go on."""
    ended = panel.game.view(panel.me).history[-1]
    state = panel.game.state
    assert f"<th>{panel.words('this_round')}</th>" in panel.players_view.widget.value
    assert [v.button.description for v in panel.common_views] == [die_face(f) for f in ended.common]
    panel.roll_button.click()  # refused: nothing changes
    assert panel.message.kind == "error" and panel.game.state is state
    panel.next_round_button.click()
    assert panel.next_round_button.layout.display == "none"


def replay(panel: SlyDicePanel, seed: int, human: list[Action]) -> SlyDiceGame:
    """The same game on a bare engine: the human's actions, and the panel's bots
    with a generator seeded like the panel's."""
    names, kinds = panel.game.players, panel.kinds[1:]
    game = SlyDiceGame(names, panel.game.rules, seed=seed)
    bots = {name: strategy(str(kind)) for name, kind in zip(names[1:], kinds)}
    rng, moves = np.random.default_rng(seed), iter(human)
    while not game.is_over:
        (name,) = game.to_move()
        if name == names[0]:
            game.apply(next(moves))
        else:
            game.apply(bots[name](game.view(name), game.legal_actions(name), rng))
    assert next(moves, None) is None
    return game


def controls(panel: SlyDicePanel) -> dict[str, widgets.Button]:
    """Every button of a turn, by name (the cards on the table only)."""
    found = {
        "roll": panel.roll_button,
        "stop": panel.stop_button,
        "accuse": panel.accuse_button,
        "pass": panel.pass_button,
        "show": panel.show_button,
        "keep": panel.keep_button,
        "next round": panel.next_round_button,
    }
    found.update({f"die {i}": v.button for i, v in enumerate(panel.dice_views)})
    found.update({f"common die {i}": v.button for i, v in enumerate(panel.common_views)})
    table = panel.game.state.table
    found.update({f"card {c}": b for c, b in panel.cards.buttons.items() if c in table})
    return found


# --- whole games ------------------------------------------------------------------------

GAMES = [
    (1, ["calculator"], "en", False),
    (2, ["honest", "random-liar"], "pt", True),
    (3, ["calculator", "honest", "random-liar"], "es", False),
    (4, ["random-liar"] * 4, "en", True),
    (5, ["calculator", "honest", "random-liar", "calculator", "honest"], "pt", False),
    (6, ["equilibrium", "random-liar"], "es", True),
]


@pytest.mark.parametrize(("seed", "bots", "lang", "hints"), GAMES)
def test_a_whole_game_by_clicks_is_the_bare_game_and_ends_with_its_scores(
    seed, bots, lang, hints
) -> None:
    players = ["Ana"] if len(bots) <= 2 else ["Ana", *(f"Bot{i}" for i in range(len(bots)))]
    panel = SlyDicePanel(players, seed=seed, lang=lang, bots=bots)
    panel.hints_toggle.value = hints
    did: Counter[str] = Counter()
    human = play_by_clicks(panel, seed, did)
    game = replay(panel, seed, human)
    assert panel.game.state == game.state and panel.game.is_over
    assert did["truth"] + did["lie"] == game.rules.rounds
    assert did["roll 1"] == game.rules.rounds and did["aside"] == did["roll 2"] + did["roll 3"]

    w = Words(WORDS, lang)
    scores = game.scores()
    summary = panel.summary.value
    assert panel.end_screen.layout.display is None and summary.count(w("game_over")) == 1
    for name, points in scores.items():
        assert f"<tr><td>{html.escape(name)}</td><td>{points}</td></tr>" in summary
        assert f"<b>{html.escape(name)}</b>" in panel.players_view.widget.value
    winner = max(scores, key=lambda n: scores[n])
    assert f"{winner} " in summary and f" {scores[winner]}." in summary
    turn = ("roll", "stop", "accuse", "pass", "show", "keep")
    assert all(unavailable(controls(panel)[name]) for name in turn)
    assert all(unavailable(b) for b in panel.cards.buttons.values())
    assert panel.round_label.value == "" and panel.hints_box.layout.display == "none"
    assert panel.log.lines[-1] == w("ev_round", round=game.rules.rounds)
    assert panel.errors == []


def test_the_policy_clicks_every_control() -> None:
    """Over three games the human has set dice aside, stopped, rolled three times,
    lied and told the truth, accused and passed, shown and kept the dice hidden."""
    did: Counter[str] = Counter()
    for seed in (7, 8, 9):
        panel = SlyDicePanel(["Ana"], seed=seed, bots=["calculator", "random-liar"])
        play_by_clicks(panel, seed, did)
        assert panel.errors == []
    wanted = ("common", "roll 1", "roll 2", "roll 3", "aside", "stop", "lie", "truth")
    assert all(did[k] for k in (*wanted, "accuse", "pass", "show", "keep")), did


def test_the_log_tells_what_the_table_saw() -> None:
    panel = SlyDicePanel(["Ana"], seed=3, bots=["honest", "honest"])
    play_by_clicks(panel, 3)
    lines = panel.log.lines
    assert "Ana rolled the common dice: " in lines[0] and lines[1].startswith("You rolled ")
    assert "Cleo rolled behind the shield" in lines and "Round 1 is over" in lines
    assert any(line.startswith("New card on the table: ") for line in lines)
    shown = [i for i, line in enumerate(lines) if line.startswith("Round ")]
    assert len(shown) == panel.game.rules.rounds
    assert panel.log.widget.value.count("<li>") == 8  # the last few


# --- wrong clicks ----------------------------------------------------------------------

NOT_ON_TABLE = {
    "en": "That card is not on the table",
    "pt": "Essa carta não está na mesa",
    "es": "Esa carta no está en la mesa",
    "it": "Questa carta non è sul tavolo",
    "fr": "Cette carte n’est pas sur la table",
}


def check_wrong_clicks(panel: SlyDicePanel, lang: str) -> list[str]:
    """Click every control shown unavailable now (and Roll with no die chosen,
    and a card that is not on the table): each says why, in the panel's
    language, and changes nothing.  The names of the controls clicked."""
    clicked = []
    for name, button in controls(panel).items():
        if not unavailable(button):
            continue
        check = unchanged(panel)
        panel.message.clear()
        button.click()
        text = panel.message.text
        assert text and check(), (name, text)
        assert button.tooltip and text.startswith(button.tooltip), (name, text, button.tooltip)
        clicked.append(name)
    phase, rolls = phase_of(panel)
    w = panel.words
    if phase == "rolling" and rolls:
        check = unchanged(panel)
        panel.roll_button.click()  # no die chosen to set aside
        assert (panel.message.kind, panel.message.text) == ("error", w("pick_aside"))
        assert check()
        clicked.append("roll with no die chosen")
    if phase == "claim":
        button, *_ = [b for c, b in panel.cards.buttons.items() if c not in panel.game.state.table]
        assert not visible(button)
        check = unchanged(panel)
        button.click()
        assert NOT_ON_TABLE[lang] in panel.message.text and check()
        clicked.append("a card not on the table")
    assert panel.errors == []
    return clicked


@pytest.mark.parametrize("lang", LANGS)
def test_every_wrong_click_is_answered_and_changes_nothing(lang) -> None:
    bots = ["calculator", "random-liar"]
    panel = SlyDicePanel(["Ana"], seed=11, lang=lang, bots=bots, teacher=True)
    w = panel.words
    assert unavailable(panel.show_all) and panel.show_all.tooltip == w("show_all_wait")
    check = unchanged(panel)
    panel.show_all.value = True  # the teacher's toggle, before any round ended
    assert not panel.show_all.value and panel.all_dice.value == ""
    assert panel.message.text == w("show_all_wait") and check()

    rng, seen, clicked = np.random.default_rng(11), set(), set()
    while not panel.game.is_over:
        if phase_of(panel) not in seen:
            seen.add(phase_of(panel))
            clicked.update(f"{phase_of(panel)} {n}" for n in check_wrong_clicks(panel, lang))
        click_turn(panel, rng, Counter())
    assert seen == {
        ("common", 0),
        ("rolling", 0),
        ("rolling", 1),
        ("rolling", 2),
        ("claim", 0),
        ("ask", 0),
        ("reveal", 0),
        ("round", 0),
    }
    over = check_wrong_clicks(panel, lang)
    assert len(over) == 7 + 3 + 3 + len(panel.game.state.table)  # everything is over
    assert panel.message.text.startswith(w("game_is_over"))
    for name in (
        "('common', 0) stop",
        "('common', 0) card ",
        "('rolling', 0) stop",
        "('rolling', 1) roll with no die chosen",
        "('rolling', 2) die 0",  # set aside already
        "('rolling', 2) common die 1",
        "('claim', 0) roll",
        "('claim', 0) a card not on the table",
        "('ask', 0) show",
        "('ask', 0) card ",
        "('reveal', 0) accuse",
        "('round', 0) roll",
        "('round', 0) die 0",
        "('round', 0) card ",
    ):
        assert any(c.startswith(name) for c in clicked), name


def test_a_chosen_die_can_be_changed_before_rolling() -> None:
    panel = SlyDicePanel(["Ana"], seed=2)
    panel.roll_button.click()
    panel.roll_button.click()
    first, second = (panel.dice_views[i].button for i in (0, 1))
    first.click()
    assert "dicelab-held" in classes(first) and panel.dice_views[0].caption.value == "to set aside"
    second.click()
    assert "dicelab-held" not in classes(first) and "dicelab-held" in classes(second)
    second.click()  # chosen again: not chosen
    assert "dicelab-held" not in classes(second)
    check = unchanged(panel)
    panel.roll_button.click()
    assert panel.message.text == "Click one of your hidden dice to set it aside first" and check()
    hidden = panel.game.state.seats[0].hidden
    second.click()
    panel.roll_button.click()
    assert panel.game.state.seats[0].aside == (hidden[1],)
    assert panel.dice_views[0].caption.value == "set aside" and unavailable(first)


# --- hidden information ------------------------------------------------------------------


def others_redrawn(game: SlyDiceGame, seed: int) -> SlyDiceGame:
    """The same game for the first player's eyes: every other player's unseen dice
    rolled again, and the cards not yet dealt shuffled."""
    rng = np.random.default_rng(seed)
    for name in game.players[1:]:
        game = game.redraw_hidden(name, rng)
    state = game.state
    dealt = len(state.table)
    rest = [state.deal[i] for i in dealt + rng.permutation(len(state.deal) - dealt)]
    state = dataclasses.replace(state, deal=(*state.deal[:dealt], *rest))
    return SlyDiceGame.from_state(state, copy.deepcopy(game.rng), game.seed)


def twin_panels(game: SlyDiceGame, bots: list[str], seed: int) -> tuple[SlyDicePanel, ...]:
    twin = others_redrawn(game, seed)
    assert twin.view(game.players[0]) == game.view(game.players[0])
    panels = tuple(SlyDicePanel.from_game(g, bots=bots, teacher=True) for g in (game, twin))
    for panel in panels:
        panel.hints_toggle.value = True
    return panels


@pytest.mark.slow
def test_no_hidden_die_reaches_the_panel() -> None:
    """Two games the human cannot tell apart (the others' hidden dice and the deal
    differ) look the same in every widget, at every point of a game; after one
    more click each, they still do whenever the human's views agree; only the
    teacher's toggle shows the last round's dice."""
    bots = ["calculator", "random-liar", "honest"]
    panel = SlyDicePanel(["Ana", "Cleo", "Duda", "Edu"], seed=5, bots=bots)
    rng = np.random.default_rng(5)
    points, differ, after_click, shown = 0, 0, 0, 0
    while not panel.game.is_over:
        game = SlyDiceGame.from_state(
            panel.game.state, copy.deepcopy(panel.game.rng), panel.game.seed
        )
        one, two = twin_panels(game, bots, points)
        points += 1
        differ += one.game.state != two.game.state
        assert widget_states(one.widget) == widget_states(two.widget)
        move = click_turn(one, np.random.default_rng(points), Counter())
        click_turn(two, np.random.default_rng(points), Counter())
        if one.game.view("Ana") == two.game.view("Ana"):
            assert widget_states(one.widget) == widget_states(two.widget), move
            after_click += 1
        if one.game.state.history and two.game.state.history:
            for twin in (one, two):
                twin.show_all.value = True  # the teacher's toggle
            record = one.game.state.history[-1]
            assert all(dice_text(seat, True) in one.all_dice.value for seat in record.seats)
            if record != two.game.state.history[-1]:
                assert one.all_dice.value != two.all_dice.value
                shown += 1
        click_turn(panel, rng, Counter())
    assert points == differ and after_click > 5 and shown > 5


def blind_bot(view: Any, actions: list[Action], rng: np.random.Generator) -> Action:
    """A bot whose moves never depend on its dice: one roll, the first card, pass,
    keep its dice hidden."""
    phase = view.phase
    if phase == "common":
        return RollCommon()
    if phase == "rolling":
        return Stop() if view.seats[view.viewer].rolls else Roll()
    if phase == "claim":
        return Claim(view.table[0])
    return Pass() if phase == "ask" else Reveal(False)


class Redrawing(SlyDicePanel):
    """A panel whose bots' unseen dice are rolled again (by another generator)
    as soon as they move, before anything is told of the move."""

    redraw = np.random.default_rng(99)

    def _apply(self, name: str, action: Action) -> None:
        if name == self.me:
            super()._apply(name, action)
            return
        before = self._game.state
        self._game.apply(action)
        self._game._state = self._game.redraw_hidden(name, self.redraw).state  # same dice to come
        self.log.record(self._game, name, action, before, False)


@pytest.mark.slow
def test_a_whole_game_looks_the_same_whatever_the_others_hide() -> None:
    """Bots whose moves do not depend on their dice, and a twin panel whose bots'
    dice are rolled again after each of their moves: every click, the end
    screen included, looks the same in both; the teacher's toggle does not."""
    panels = [
        cls(["Ana"], seed=6, bots=["honest"] * 3, teacher=True) for cls in (SlyDicePanel, Redrawing)
    ]
    for panel in panels:
        panel._bots = [blind_bot] * 3
        panel.hints_toggle.value = True
    one, two = panels
    steps = differ = 0
    while not one.game.is_over:
        assert one.game.view("Ana") == two.game.view("Ana")
        assert widget_states(one.widget) == widget_states(two.widget), steps
        differ += one.game.state != two.game.state
        steps += 1
        for panel in panels:
            click_turn(panel, np.random.default_rng(steps), Counter(), accusing=0)
    assert widget_states(one.widget) == widget_states(two.widget)
    assert steps > 30 and differ > steps // 2 and one.errors == two.errors == []
    assert one.log.lines == two.log.lines and one.game.scores() == two.game.scores()
    for panel in panels:
        panel.show_all.value = True
    assert one.all_dice.value != two.all_dice.value


# --- hints ---------------------------------------------------------------------------------

CELL = re.compile(r"<td( title=\"(\d+)/(\d+)\")?>(.*?)</td>")
BAR = re.compile(
    r'<span class="dicelab-bar-cell" title="(\d+)/(\d+)">.*?'
    r'<span class="dicelab-bar-text">([^<]*)</span>'
)


def table_rows(markup: str) -> list[list[Any]]:
    """The hints table's rows: plain cells as text, chances (the exact value on
    hover, with or without a bar) as (exact, shown)."""
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", markup)[1:]:
        cells: list[Any] = []
        for _, top, bottom, cell in CELL.findall(row):
            bar = BAR.search(cell)
            if bar:
                cells.append((Fraction(int(bar[1]), int(bar[2])), html.unescape(bar[3])))
            elif top:
                cells.append((Fraction(int(top), int(bottom)), html.unescape(cell)))
            else:
                cells.append(html.unescape(cell))
        rows.append(cells)
    return rows


def check_hints(panel: SlyDicePanel) -> str:
    """The hints shown for the human's decision, recomputed from the human's view
    with the odds and Bayes functions; the phase checked.  A round's end shows none."""
    if phase_of(panel)[0] == "round":
        assert not visible(panel.hints_box)
        return "round"
    w, view = panel.words, panel.game.view(panel.me)
    rules, seat, phase = view.rules, view.seats[0], view.phase
    rows, hints = table_rows(panel.hints.table.value), panel.hints
    if view.common is None:
        assert w("hint_common") in hints.title.value and rows == []
        return "common"
    common, aside, hidden = view.common, seat.aside, seat.hidden
    yes_no = {True: w("yes"), False: w("no")}
    if phase == "rolling":
        assert len(rows) == len(view.table)
        seen = common + seat.own  # P(card | what you see): your dice unrolled are unknown
        for card_id, (name, points, now, (p, text), move) in zip(view.table, rows):
            card = rules.card(card_id)
            best = best_chance(card, common, aside, hidden, seat.rolls)
            assert (name, points) == (card.name(w.lang), str(rules.points_of(card_id)))
            assert p == best and text == w.percent(best)
            assert now == (chance(card, seen, 6 - len(seen)), w.percent(now[0]))
            if not seat.rolls:
                assert move == w("move_roll") and now[0] == chance(card, common, 3)
                continue
            assert now[0] in (0, 1) and (now[0] == 1) == card.holds(seen)
            choices = rolling_options(common, aside, hidden, seat.rolls, rules)
            best_moves = {w("move_aside", face=f): f"set a {f} aside" for f in set(hidden)}
            best_moves[w("move_stop")] = "stop"
            assert choices.value(best_moves[move], card_id) == best, move
        return f"rolling {seat.rolls}"
    if phase == "claim":
        players = len(view.players)
        for card_id, (name, _, true, (p, text), accuse) in zip(view.table, rows, strict=True):
            card = rules.card(card_id)
            post = rolling_posterior(card_id, common, aside, ASSUMED_LIE_RATE, view.table, rules)
            assert name == card.name(w.lang)
            assert true == yes_no[chance(card, common + seat.own, 0) == 1]
            assert p == post.posterior and text == w.percent(post.posterior)
            # against bots: the chance that one accuses, each by its own rule
            assert panel.kinds[1:] == ["calculator", "random-liar"]
            impossible = chance(card, common + aside, 3 - len(aside)) == 0
            calculator = impossible or should_accuse(post.posterior, card_id, rules, players)
            liar = Fraction(1) if impossible else Fraction(1, 4)
            assert accuse[0] == 1 - (1 - Fraction(calculator)) * (1 - liar)
        assert html.unescape(hints.note.value) == f"<small>{w('claim_note')}</small>"  # defect 5
        return "claim"
    if phase == "ask":
        claimer = view.claimer
        assert claimer is not None
        other = view.seats[claimer]
        assert other.claim is not None
        kind = panel.kinds[claimer]  # review 2, defect 4: read by the bot's own way of playing
        assert kind  # (brute-forced in test_sly_equilibrium)
        post = strategy(kind).read_claim(Seen.of(view, claimer), other.claim)
        true_row, lie_row = rows
        assert [c[0] for c in true_row[1:]] == [post.prior, post.if_true, post.posterior]
        assert [c[0] for c in lie_row[1:]] == [1 - post.prior, post.if_false, 1 - post.posterior]
        assert all(c[1] == w.percent(c[0]) for c in true_row[1:] + lie_row[1:])
        values = accusation_values(post.posterior, other.claim, rules, len(view.players))
        note = html.unescape(hints.note.value)
        assert w.signed(values["accuse_standing"]) in note
        assert f"{w.signed(values['pass_standing'])} (" in note
        name = view.players[claimer]
        bot = w(f"bot_{kind}")
        assert w("bayes_note_bot", name=name, bot=bot, accuse="", pass_="").split(".")[0] in note
        return "ask"
    assert phase == "reveal" and seat.claim is not None
    lie = not rules.card(seat.claim).holds(common + seat.own)
    key = "hint_reveal_lie" if lie else "hint_reveal_true"
    assert html.escape(w(key, value=rules.successful_lie)) in hints.title.value
    return "reveal"


@pytest.mark.parametrize("lang", LANGS)
def test_hints_show_the_exact_odds_of_the_human_view(lang) -> None:
    panel = SlyDicePanel(["Ana"], seed=11, lang=lang, bots=["calculator", "random-liar"])
    assert panel.hints_box.layout.display == "none"
    panel.hints_toggle.value = True
    rng, checked = np.random.default_rng(11), Counter()
    other = re.compile(r"\d\.\d" if lang in DECIMAL_COMMA else r"\d,\d")
    while not panel.game.is_over:
        checked[check_hints(panel)] += 1
        rows = table_rows(panel.hints.table.value)
        shown = [cell[1] for row in rows for cell in row if isinstance(cell, tuple)]
        shown.append(html.unescape(panel.hints.note.value))
        assert not any(other.search(text) for text in shown), shown
        click_turn(panel, rng, Counter())
    phases = {"common", "rolling 0", "rolling 1", "rolling 2", "claim", "ask", "reveal", "round"}
    assert set(checked) == phases
    assert panel.hints_box.layout.display == "none" and panel.errors == []


def test_portuguese_spanish_and_italian_hints_write_a_decimal_comma() -> None:
    for lang in DECIMAL_COMMA:
        panel = SlyDicePanel(["Ana"], seed=2, lang=lang)
        panel.hints_toggle.value = True
        panel.roll_button.click()
        panel.roll_button.click()
        table = panel.hints.table.value
        assert re.search(r">\d+,\d+\s?%</span>", table), lang
        assert not re.search(r">\d+\.\d+\s?%</span>", table), lang


# --- save and load ---------------------------------------------------------------------------


def played_a_round(seed: int = 21, lang: str = "en", teacher: bool = False) -> SlyDicePanel:
    """A panel one round and a bit into a game."""
    bots = ["calculator", "random-liar"]
    panel = SlyDicePanel(["Ana"], seed=seed, lang=lang, bots=bots, teacher=teacher)
    rng = np.random.default_rng(seed)
    while not panel.game.state.history or phase_of(panel)[0] != "rolling":
        click_turn(panel, rng, Counter())
    return panel


def test_save_and_load_buttons_keep_the_game(own_save_folder) -> None:
    own_save_folder.mkdir()
    panel = played_a_round()
    path = own_save_folder / "class.json"
    panel.save_path.value = path.name
    panel.save_button.click()
    assert panel.message.kind == "success" and panel.message.text == f"Game saved ({path.name})"
    saved, dice = panel.game.state, json.dumps(panel.game.rng.bit_generator.state)
    click_turn(panel, np.random.default_rng(0), Counter())
    assert panel.game.state != saved
    panel.load_button.click()
    now = panel._prompt()  # review 2, defect 10: and what to do now
    assert now and panel.message.text == f"Game loaded ({path.name}). {now}" and panel.errors == []
    assert panel.game.state == saved and json.dumps(panel.game.rng.bit_generator.state) == dice
    copy_ = SlyDicePanel.load(path, lang="es", bots=["calculator", "random-liar"])
    assert copy_.log.lines[-1] == "La ronda 1 terminó"  # the log: what the table saw
    assert (
        copy_.game.state == saved
        and copy_.seed == 21
        and "21" not in copy_.seed_label.value  # shown once the game is over
    )
    assert copy_.roll_button.description.startswith("Tirar")
    panel.roll_button.click()
    copy_.roll_button.click()
    assert copy_.game.state == panel.game.state


RECAP = {"ev_claim", "ev_wrong", "ev_caught", "ev_stands", "ev_kept", "ev_true_shown"}
RECAP |= {"ev_lie_shown", "ev_round"}


@pytest.mark.parametrize("seed", [3, 8])
def test_a_loaded_game_s_log_tells_its_claims_as_they_were_logged(own_save_folder, seed) -> None:
    """After Load the log tells again, from the game alone, every claim, how it was
    settled and each round's end: the very lines the live log wrote (review 2,
    defect 10), at every point of a whole game."""
    own_save_folder.mkdir()
    panel = SlyDicePanel(["Ana"], seed=seed, bots=["calculator", "random-liar"])
    rng, path, checked = np.random.default_rng(seed), own_save_folder / "log.json", 0
    while not panel.game.is_over:
        if phase_of(panel)[0] == "ask" or phase_of(panel)[0] == "round":
            panel.save(path)
            loaded = SlyDicePanel.load(path, bots=["calculator", "random-liar"])
            told = [(k, v) for k, v in panel.log.events if k in RECAP]
            assert loaded.log.events[: len(told)] == told and told  # then the bots play on
            checked += 1
        click_turn(panel, rng, Counter(), accusing=0.5)
    assert checked >= 6


def test_a_game_with_other_rules_loads_with_its_own_cards(own_save_folder) -> None:
    own_save_folder.mkdir()
    rules = SlyRules(points={"pair": 2}, rounds=4, start_cards=3)
    game = SlyDiceGame(["Ana", "Cleo", "Duda"], rules, seed=8)
    game.save(own_save_folder / "rules.json")
    panel = SlyDicePanel(["Ana"], seed=1)
    panel.save_path.value = "rules.json"
    panel.load_button.click()
    assert panel.game.rules == rules and panel.round_label.value == "Round 1 of 4"
    shown = [c for c, b in panel.cards.buttons.items() if visible(b)]
    assert shown == sorted(game.state.table, key=rules.ids.index) and len(shown) == 3
    assert panel.cards.buttons["pair"].description == "Pair · 2 pts"
    assert panel.errors == []


def tamper_hidden_seven(data: dict[str, Any]) -> None:
    data["history"][0]["seats"][1]["hidden"][-1] = 7


def tamper_claim_off_the_table(data: dict[str, Any]) -> None:
    data["history"][0]["seats"][1]["claim"] = data["deal"][-1]


def tamper_self_accusation(data: dict[str, Any]) -> None:
    seat = data["history"][0]["seats"][1]
    seat.update(accuser=data["players"][1], settled=True, shown=True)


def tamper_unknown_card(data: dict[str, Any]) -> None:
    data["seats"][1]["claim"] = "royal_flush"


@pytest.mark.parametrize(
    ("tamper", "words"),
    [
        (tamper_hidden_seven, "7"),
        (tamper_claim_off_the_table, "not on the table"),
        (tamper_self_accusation, "accused by another player"),
        (tamper_unknown_card, "royal_flush"),
    ],
)
def test_a_tampered_save_is_refused_in_one_line(own_save_folder, tamper, words) -> None:
    own_save_folder.mkdir()
    panel = played_a_round()
    path = own_save_folder / "class.json"
    panel.save(path)
    data = json.loads(path.read_text())
    tamper(data)
    path.write_text(json.dumps(data))
    with pytest.raises(SaveFileError) as refused:
        SlyDiceGame.load(path)
    panel.save_path.value = path.name
    check, views = unchanged(panel), widget_states(panel.players_view.widget)
    panel.load_button.click()
    text = panel.message.text
    assert panel.message.kind == "error" and text == str(refused.value) and words in text
    assert "\n" not in text and check() and panel.errors == []
    assert widget_states(panel.players_view.widget) == views


def test_a_new_game_with_a_seed_is_reproducible() -> None:
    panel = SlyDicePanel(["Ana"], seed=5, lang="pt")
    play_by_clicks(panel, 1)
    panel.seed_text.value = "1234"
    panel.new_game_button.click()
    assert panel.message.text.startswith("Novo jogo (a semente aparece quando ele terminar). Você")
    assert "1234" not in panel.seed_label.value  # shown once the game is over
    assert panel.seed == 1234 and panel.end_screen.layout.display == "none"
    assert panel.game.players == ("Ana", "Cleo", "Duda") and panel.log.lines == []
    human = play_by_clicks(panel, 2)
    again = SlyDicePanel(["Ana"], seed=1234, lang="pt")
    assert play_by_clicks(again, 2) == human
    assert again.game.state == panel.game.state and again.log.lines == panel.log.lines
    assert replay(again, 1234, human).state == panel.game.state
    check = unchanged(panel)
    panel.seed_text.value = "doze"
    panel.new_game_button.click()
    assert panel.message.kind == "error" and "doze" in panel.message.text and check()


# --- languages, settings, the notebook -----------------------------------------------------


def test_a_language_switch_keeps_the_game_the_log_and_the_choices() -> None:
    panel = played_a_round(seed=9, teacher=True)
    panel.hints_toggle.value = True
    panel.show_all.value = True
    panel.roll_button.click()
    panel.dice_views[0].button.click()  # a die chosen to set aside, kept across the switch
    spanish = panel.in_language("es")
    assert spanish.game is panel.game and spanish.lang == "es" and spanish.kinds == panel.kinds
    assert spanish.hints_toggle.value and spanish.show_all.value and spanish._aside == 0
    assert "dicelab-held" in classes(spanish.dice_views[0].button)
    assert len(spanish.log.lines) == len(panel.log.lines) and spanish.log.lines != panel.log.lines
    assert "Ronda 1, todos los dados" in spanish.all_dice.value
    assert spanish.roll_button.description.startswith("Tirar (quedan")
    assert spanish.message.text.startswith("Tira otra vez")
    assert "Tus probabilidades" in spanish.hints.title.value
    english = SlyDicePanel.from_game(
        SlyDiceGame.from_state(panel.game.state, copy.deepcopy(panel.game.rng), 9),
        bots=["calculator", "random-liar"],
    )
    english._bot_rng = copy.deepcopy(panel._bot_rng)
    english._aside = 0
    play_by_clicks(spanish, 3)
    play_by_clicks(english, 3)
    assert spanish.game.state == english.game.state and spanish.errors == []


def test_labels_in_every_language() -> None:
    for lang, roll, stop, accuse, cards, last in (
        ("en", "Roll the common dice", "Stop rolling", "Accuse", "Pair · 1 pt", "Roll (1 left)"),
        (
            "pt",
            "Rolar os dados comuns",
            "Parar de rolar",
            "Acusar",
            "Par · 1 pt",
            "Rolar (falta 1)",
        ),
        (
            "es",
            "Tirar los dados comunes",
            "No tirar más",
            "Acusar",
            "Pareja · 1 pto",
            "Tirar (queda 1)",
        ),
    ):
        panel = SlyDicePanel(["Ana"], seed=1, lang=lang)
        assert (panel.roll_button.description, panel.stop_button.description) == (roll, stop)
        assert panel.accuse_button.description == accuse
        assert panel.cards.buttons["pair"].description == cards
        assert panel.cards.buttons["four_kind"].description.endswith(("20 pts", "20 ptos"))
        assert panel.message.text == Words(WORDS, lang)("do_common")
        panel.roll_button.click()
        panel.roll_button.click()
        panel.dice_views[0].button.click()
        panel.roll_button.click()
        assert panel.roll_button.description == last
        panel.stop_button.click()
        assert re.search(r"\b0\b", panel.roll_button.description)  # you have stopped
    words = Words(WORDS, "es")
    assert words("do_ask", count=1, name="Cleo", card="Pareja", points=1) == (
        "Cleo declara Pareja (1 punto): ¿acusar o pasar?"
    )


def test_css_classes_for_browser_tests() -> None:
    panel = SlyDicePanel(["Ana"], seed=4)
    assert {"dicelab-panel", "dicelab-sly-dice"} <= set(classes(panel.widget))
    for button, css in (
        (panel.roll_button, "dicelab-roll"),
        (panel.stop_button, "dicelab-stop"),
        (panel.accuse_button, "dicelab-accuse"),
        (panel.pass_button, "dicelab-pass"),
        (panel.show_button, "dicelab-show"),
        (panel.keep_button, "dicelab-keep"),
        (panel.show_all, "dicelab-show-all"),
        (panel.message, "dicelab-message"),
        (panel.log.widget, "dicelab-log"),
        (panel.players_view.widget, "dicelab-players-view"),
    ):
        assert css in classes(button)
    assert all("dicelab-common-die" in classes(v.button) for v in panel.common_views)
    assert all(f"dicelab-die-{i}" in classes(v.button) for i, v in enumerate(panel.dice_views))
    assert all(f"dicelab-card-{c}" in classes(b) for c, b in panel.cards.buttons.items())


def test_the_panel_shows_itself_in_a_notebook() -> None:
    panel = SlyDicePanel(seed=1)
    bundle = panel._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == panel.widget.model_id
    assert bundle["text/plain"] == "Run this cell to play Sly Dice."
    assert panel.game.players == ("You", "Cleo", "Duda") and "You" in repr(panel)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": []}, "1 to 5 bots, not 0 players"),
        ({"players": [f"P{i}" for i in range(7)]}, "1 to 5 bots, not 7 players"),
        ({"players": ["Ana"], "bots": ["honest"] * 6}, "1 to 5 bots, not 6 bots"),
        ({"players": ["Ana", "Bia"], "bots": []}, "one bot per other player"),
        ({"players": ["Ana"], "bots": ["cheater"]}, "unknown bot 'cheater'"),
        ({"players": ["Ana"], "lang": "de"}, "lang must be one of"),
        ({"players": ["Ana"], "seed": -1}, "seed"),
    ],
)
def test_bad_settings_are_refused_clearly(kwargs, words) -> None:
    with pytest.raises(SettingsError, match=words):
        SlyDicePanel(**kwargs)


def test_a_saved_game_of_other_names_is_played_by_the_same_bots(own_save_folder) -> None:
    own_save_folder.mkdir()
    game = SlyDiceGame(["Bia", "Caio", "Dora"], seed=3)
    game.save(own_save_folder / "others.json")
    panel = SlyDicePanel(["Ana"], seed=1, bots=["random-liar", "honest"])
    panel.save_path.value = "others.json"
    panel.load_button.click()
    assert panel.game.players == ("Bia", "Caio", "Dora") and panel.me == "Bia"
    assert panel.message.kind == "success" and panel.errors == []
    seats = panel.players_view.widget.value
    assert seats.index("Caio") < seats.index("random liar bot") < seats.index("Dora")
    play_by_clicks(panel, 3)
    assert panel.game.is_over and panel.errors == []


def test_a_game_of_other_players_is_refused_by_load_and_from_game(own_save_folder) -> None:
    own_save_folder.mkdir()
    with pytest.raises(SettingsError, match="SlyDiceGame"):
        SlyDicePanel.from_game("not a game")
    SlyDiceGame(["Ana", "Bia", "Caio", "Dora"], seed=1).save(own_save_folder / "four.json")
    panel = SlyDicePanel(["Ana"], seed=1)
    check = unchanged(panel)
    panel.save_path.value = "four.json"
    panel.load_button.click()
    assert panel.message.kind == "error" and "3 seats" in panel.message.text and check()


def test_your_hidden_dice_differ_from_those_set_aside_by_a_frame_not_only_a_colour() -> None:
    seat = Seat(aside=(2, 5), hidden=(3,), rolls=2)
    mine = dice_text(seat, True)
    assert '<span class="dicelab-behind-shield">⚂</span>' in mine
    assert mine.count('class="dicelab-aside-die"') == 2 and mine.index("⚁") < mine.index("⚂")
    others = dice_text(seat, False)
    assert "dicelab-behind-shield" not in others and "⚂" not in others  # a shield instead
    shown = dice_text(Seat(aside=(2, 5), hidden=(3,), rolls=3, shown=True), False)
    assert "⚂" in shown and "dicelab-behind-shield" not in shown  # shown to all: no shield
    assert "dicelab-behind-shield" in VIEWS_CSS and "dashed" in VIEWS_CSS


def test_a_control_that_can_be_used_never_says_why_it_cannot() -> None:
    """Review 2, defect 6: after the first roll, Stop rolling still said "Not now:
    Your turn: roll your three dice behind the shield"."""
    panel = SlyDicePanel(["Ana"], seed=7)
    whys = [panel.words("not_now", what=""), panel.words("game_is_over")]
    panel.roll_button.click()  # the common dice
    panel.roll_button.click()  # your three
    assert not unavailable(panel.stop_button) and panel.stop_button.tooltip == ""
    did: Counter[str] = Counter()
    for seed in (7, 8):  # whole games: after each click
        panel = SlyDicePanel(["Ana"], seed=seed)
        panel.message.observe(
            lambda _change, tree=panel.widget: did.update(usable_saying_why_not(tree, whys)),
            "value",
        )
        play_by_clicks(panel, seed)
    assert did == Counter()


def test_the_end_screen_keeps_the_last_round_in_sight_and_one_new_game() -> None:
    """Review 2, defect 11: at the end the dice went back to "?", Roll read "Roll
    (3 left)" and there were two New game buttons."""
    panel = SlyDicePanel(["Ana"], seed=9)
    play_by_clicks(panel, 9)
    assert panel.game.is_over
    last = panel.game.view("Ana").history[-1]
    mine = last.seats[0]
    assert [v.button.description for v in panel.common_views] == [die_face(v) for v in last.common]
    assert [v.button.description for v in panel.dice_views] == [die_face(v) for v in mine.own]
    held = [i for i, v in enumerate(panel.dice_views) if "dicelab-held" in v.button._dom_classes]
    assert held == list(range(len(mine.aside)))  # the dice Ana set aside, marked so
    assert panel.roll_button.description == panel.words("roll", count=0, n=0)
    assert panel.end_screen.layout.display is None and panel.again_button.layout.display is None
    assert panel.new_game_button.layout.display == "none"  # one New game: the end screen's
    panel.again_button.click()
    assert panel.new_game_button.layout.display is None and not panel.game.is_over


def test_a_rounds_end_stays_in_sight_until_next_round() -> None:
    """Review 2, defect 3: the last claim's result, the dice shown and the round's
    points wait on screen for Next round; nothing moves meanwhile, in any language."""
    panel = SlyDicePanel(["Ana"], seed=4, bots=["honest", "calculator"])
    rng = np.random.default_rng(4)
    while phase_of(panel)[0] != "round":
        click_turn(panel, rng, Counter(), accusing=1.0)
    view = panel.game.view("Ana")
    ended = view.history[-1]
    assert view.round == 2 and any(seat.shown for seat in ended.seats[1:])  # accused: shown
    table = panel.players_view.widget.value
    won = seat_points(view.rules, ended.common, ended.seats)
    for name, seat, points in zip(view.players, ended.seats, won):
        row = table.split(f"<b>{name}</b>")[1].split("</tr>")[0]
        assert f"<td>{panel.words.signed(points, 0)}</td>" in row
        assert dice_text(seat, name == "Ana") in row
    assert panel.round_label.value == "Round 1 is over"
    assert panel.message.text == panel.words("do_next_round", round=1)
    check = unchanged(panel)
    other = panel.in_language("it")  # the round's end still waits, the bots too
    assert check() and visible(other.next_round_button) and other.waits_for_next_round()
    other.next_round_button.click()
    assert not visible(other.next_round_button) and other.round_label.value.startswith("Round")
    assert other.game.view("Ana").to_move == 0 and other.errors == []


def test_a_classmate_s_claim_is_read_by_a_model_said_to_be_assumed() -> None:
    """At a class table nobody knows how a classmate plays: the Bayes hint reads
    their claim by the assumed typical player and says so (review 2, defect 4)."""
    panel = SlyDicePanel(["Ana"], seed=11, bots=["calculator", "random-liar"])
    rng = np.random.default_rng(11)
    while phase_of(panel)[0] != "ask":
        click_turn(panel, rng, Counter(), accusing=0)
    view, w = panel.game.view("Ana"), panel.words
    claimer = view.claimer
    assert claimer is not None
    other = view.seats[claimer]
    assert view.common is not None and other.claim is not None
    panel.hints.refresh(view, 0, [None, "", ""])
    post = rolling_posterior(
        other.claim, view.common, other.aside, ASSUMED_LIE_RATE, view.table, view.rules
    )
    true_row, _ = table_rows(panel.hints.table.value)
    assert [c[0] for c in true_row[1:]] == [post.prior, post.if_true, post.posterior]
    name = view.players[claimer]
    note = html.unescape(panel.hints.note.value)
    assert w("bayes_note", name=name, accuse="", pass_="").split(":")[0] in note
