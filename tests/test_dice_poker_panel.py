"""The Dice Poker play panel, driven by clicks through the widget API (no kernel)."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from dicelab.core.ui.panel import MessageArea, Panel, safe_callback
from dicelab.core.ui.words import LANGS
from dicelab.dice_poker.game import DicePokerGame
from dicelab.dice_poker.odds import current_turn_table, turn_outlook, turn_table
from dicelab.dice_poker.panel import DicePokerPanel
from dicelab.dice_poker.panel.words import hold_key
from dicelab.dice_poker.rules import get_ruleset
from dicelab.errors import IllegalMove, SettingsError

# --- a simple deterministic player, for the panel and for the bare game --------


def holds_for(dice: tuple[int, ...]) -> set[int]:
    """Hold every die of the most common face (the higher face on a tie)."""
    counts = Counter(dice)
    face = max(counts, key=lambda f: (counts[f], f))
    return {p for p, f in enumerate(dice) if f == face}


def box_for(options: dict[str, int]) -> str:
    """The box with the most points (the first in card order on a tie)."""
    return max(options, key=lambda b: options[b])


def set_holds_by_clicks(panel: DicePokerPanel, wanted: set[int]) -> None:
    for p in range(5):
        if (p in panel.game.held) != (p in wanted):
            panel.dice_buttons[p].click()


def play_panel(panel: DicePokerPanel) -> None:
    """Play the whole game by clicking: roll, hold, roll, hold, roll, score."""
    while not panel.game.is_over:
        panel.roll_button.click()
        for _ in range(2):
            wanted = holds_for(panel.game.dice)
            if len(wanted) == 5:
                break
            set_holds_by_clicks(panel, wanted)
            panel.roll_button.click()
        player = panel.game.state.current
        panel.box_buttons[player][box_for(panel.game.options())].click()
        assert panel.message.kind != "error", panel.message.text


def play_game(game: DicePokerGame) -> None:
    """The same moves on a bare game."""
    while not game.is_over:
        game.roll()
        for _ in range(2):
            wanted = holds_for(game.dice)
            if len(wanted) == 5:
                break
            game.roll(hold=wanted)
        game.score(box_for(game.options()))


def unavailable(button: Any) -> bool:
    """Shown as not usable now (it still answers a click)."""
    return "dicelab-unavailable" in button._dom_classes


def unchanged(panel: DicePokerPanel) -> Callable[[], bool]:
    """A check that the game's state and random generator did not move."""
    state, rng = panel.game.state, json.dumps(panel.game.rng.bit_generator.state)
    return lambda: (
        panel.game.state == state and json.dumps(panel.game.rng.bit_generator.state) == rng
    )


def classes(widget: Any) -> tuple[str, ...]:
    return tuple(widget._dom_classes)


# --- whole games ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("seed", "ruleset", "hints"),
    [(3, "dice-poker", False), (11, "dice-poker", True), (5, "yahtzee", False)],
)
def test_a_whole_game_clicked_through_matches_the_bare_game(seed, ruleset, hints) -> None:
    panel = DicePokerPanel(["Ana", "Bruno"], ruleset=ruleset, seed=seed)
    panel.hints_toggle.value = hints
    play_panel(panel)
    game = DicePokerGame(["Ana", "Bruno"], ruleset, seed=seed)
    play_game(game)
    assert panel.game.state == game.state
    assert panel.game.totals() == game.totals()
    assert panel.game.winners() == game.winners()
    for p, name in enumerate(game.players):
        assert panel.total_labels[p].value == f"<b>{game.totals()[name]}</b>"
        assert all(unavailable(b) for b in panel.box_buttons[p].values())
    winners = game.winners()
    assert f"{winners[0]} with {game.totals()[winners[0]]}" in panel.summary.value
    assert panel.summary.value.count("Game over!") == 1 and "Game over" not in panel.message.text
    assert panel.end_screen.layout.display is None and panel.message.kind == "success"
    assert unavailable(panel.roll_button) and all(unavailable(b) for b in panel.dice_buttons)
    assert panel.hints_box.layout.display == "none"  # no empty chart left behind
    assert panel.errors == []


def test_a_joker_is_explained_and_only_its_boxes_open() -> None:
    game = DicePokerGame(["Ana"], seed=2)
    game.roll(dice=[6] * 5)
    game.score("poker")
    game.roll(dice=[6] * 5)
    panel = DicePokerPanel.from_game(game)
    assert "Joker!" in panel.joker_label.value and "Sixes" in panel.joker_label.value
    assert "+100" in panel.joker_label.value
    cells = panel.box_buttons[0]
    assert not unavailable(cells["sixes"]) and cells["sixes"].description == "→ 30"
    assert unavailable(cells["chance"]) and cells["chance"].description == "—"
    check = unchanged(panel)
    cells["chance"].click()  # the joker closes it: the game says so
    assert panel.message.kind == "error" and "joker" in panel.message.text and check()
    cells["sixes"].click()
    assert panel.message.text == "Ana wrote 30 in Sixes (+100 poker bonus)"
    assert panel.game.card.total == 180 and panel.joker_label.layout.display == "none"


# --- wrong clicks ---------------------------------------------------------------------


def test_wrong_clicks_leave_the_game_unchanged_and_say_why() -> None:
    panel = DicePokerPanel(["Ana", "Bruno"], seed=8)
    check = unchanged(panel)
    panel.dice_buttons[0].click()  # before the first roll
    assert (panel.message.kind, check()) == ("error", True)
    assert "Roll the dice first" in panel.message.text
    panel.message.clear()
    panel.box_buttons[0]["chance"].click()  # scoring before rolling
    assert (panel.message.kind, check()) == ("error", True)

    for _ in range(3):
        panel.roll_button.click()
    assert unavailable(panel.roll_button) and panel.roll_button.description == "Roll (0 left)"
    assert panel.roll_button.tooltip == "No rolls left: score a box"
    check = unchanged(panel)
    panel.roll_button.click()  # an unavailable button answers a click
    assert panel.message.kind == "error" and "No rolls left" in panel.message.text and check()
    panel.message.clear()
    panel.dice_buttons[0].click()  # holding after the last roll means nothing: said so
    assert panel.message.kind == "error" and "No rolls left" in panel.message.text and check()
    panel.box_buttons[1]["chance"].click()  # Bruno's card during Ana's turn
    assert panel.message.text == "It is Ana's turn, not Bruno's (rule: players take turns)"
    assert check()
    panel.box_buttons[0]["chance"].click()
    panel.roll_button.click()  # Bruno
    panel.box_buttons[1]["chance"].click()
    panel.roll_button.click()  # Ana again
    check = unchanged(panel)
    panel.box_buttons[0]["chance"].click()  # filled
    assert panel.message.kind == "error" and "already filled" in panel.message.text
    assert check() and unavailable(panel.box_buttons[0]["chance"])
    panel.message.clear()
    for p in range(5):
        panel.dice_buttons[p].click()
    assert unavailable(panel.roll_button) and panel.dice_views[0].caption.value == "held"
    check = unchanged(panel)
    panel.roll_button.click()  # all five held
    assert panel.message.kind == "error" and "All five dice are held" in panel.message.text
    assert check() and panel.errors == []


def test_clicks_after_the_game_is_over_change_nothing() -> None:
    panel = DicePokerPanel(["Ana"], seed=1)
    play_panel(panel)
    check = unchanged(panel)
    for click in (
        panel.roll_button.click,
        panel.dice_buttons[2].click,
        panel.box_buttons[0]["chance"].click,
    ):
        panel.message.clear()
        click()
        assert panel.message.kind == "error" and "The game is over" in panel.message.text
        assert check()
    assert panel.errors == []


# --- hints -----------------------------------------------------------------------------


def shown_odds(panel: DicePokerPanel) -> dict[str, Fraction]:
    """The exact chances the hints table shows on hover, by box (in table order)."""
    hovers = re.findall(
        r'<span class="dicelab-bar-cell" title="(\d+/\d+)"><span class="dicelab-bar">',
        panel.hints.table.value,
    )
    return dict(zip(panel.hints.values, map(Fraction, hovers), strict=True))


def test_hints_show_the_exact_odds_of_the_current_holds() -> None:
    panel = DicePokerPanel(["Ana", "Bruno"], seed=4)
    assert panel.hints_box.layout.display == "none"
    panel.hints_toggle.value = True
    assert panel.hints_box.layout.display is None
    whole_turn = turn_outlook(panel.game.card).column("chance")
    assert panel.hints.values == whole_turn and shown_odds(panel) == whole_turn
    assert whole_turn["poker"] == turn_table("dice-poker", rolls=3).value("poker", "probability")

    panel.roll_button.click()  # 5 6 6 4 6
    for hold in ({1, 2, 4}, {0, 1}, set(), {0, 1, 2, 3, 4}):
        set_holds_by_clicks(panel, hold)
        dice, rolls_left = panel.game.dice, panel.game.rolls_left
        key = tuple(sorted(dice[p] for p in hold))
        assert panel.hints.hold == key == hold_key(dice, panel.game.held, rolls_left)
        outlook = turn_outlook(panel.game.card, dice, key, rolls_left)
        exact = outlook.column("chance")
        assert panel.hints.values == exact and shown_odds(panel) == exact
        assert panel.hints.points == outlook.column("points")
        lower = current_turn_table(dice, rolls_left).row(key)
        for box in ("pair", "full_house", "poker", "chance"):  # lower boxes: "qualifies"
            assert exact[box] == lower[box]
    assert panel.hints.values["chance"] == 1 and panel.hints.values["poker"] == 0
    assert panel.hints.values["sixes"] == 1  # three sixes held: par for the bonus
    set_holds_by_clicks(panel, {1, 2, 4})
    panel.roll_button.click()
    panel.roll_button.click()
    assert panel.game.rolls_left == 0 and panel.hints.hold == tuple(sorted(panel.game.dice))
    final = turn_outlook(panel.game.card, panel.game.dice, panel.hints.hold, 0).column("chance")
    assert shown_odds(panel) == final
    assert (
        "No rolls left" in panel.hints.title.value and "three or more" in panel.hints.caption.value
    )
    assert panel.errors == []


def test_hint_odds_follow_the_joker() -> None:
    game = DicePokerGame(["Ana"], "yahtzee", seed=2)
    game.roll(dice=[6] * 5)
    game.score("poker")
    game.roll(dice=[6] * 5)
    game.score("sixes")
    game.roll(dice=[6] * 5)  # a joker: Sixes is filled, so any lower box at full points
    panel = DicePokerPanel.from_game(game)
    panel.hints_toggle.value = True
    assert panel.hints.best["full_house"] == ((6, 6, 6, 6, 6), 1)
    assert panel.hints.best["large_straight"][1] == 1
    set_holds_by_clicks(panel, {0, 1, 2, 3, 4})
    assert panel.hints.values["full_house"] == 1 and panel.hints.points["full_house"] == 25


def test_an_advisor_adds_expected_scores_and_deltas() -> None:
    asked: list[Any] = []

    def advisor(state: Any) -> dict[str, Any]:
        asked.append(state)
        return {
            "holds": {(6, 6, 6): Fraction(401, 2), (): 150, (6, 6): 190.25},
            "boxes": {"sixes": 180, "chance": Fraction(361, 2)},
        }

    panel = DicePokerPanel(["Ana"], seed=4, advisor=advisor)
    panel.hints_toggle.value = True
    assert asked == [] and panel.hints.advice is None  # nothing to advise before a roll
    panel.roll_button.click()  # 5 6 6 4 6
    set_holds_by_clicks(panel, {1, 2, 4})
    assert asked[-1] == panel.game.state
    assert panel.hints.advice == {
        "holds": {(6, 6, 6): Fraction(401, 2), (): 150, (6, 6): 190.25},
        "boxes": {"sixes": 180, "chance": Fraction(361, 2)},
    }
    advice = panel.hints.advice_html.value
    assert '6 6 6 · your hold</td><td title="401/2">200.50</td><td>best</td>' in advice
    assert "<td>6 6</td><td>190.25</td><td>-10.25</td>" in advice
    assert "<td>none (reroll all)</td><td>150.00</td><td>-50.50</td>" in advice
    assert '<td>Chance</td><td title="361/2">180.50</td><td>best</td>' in advice
    assert "<td>Sixes</td><td>180.00</td><td>-0.50</td>" in advice
    assert advice.index("If you roll again") < advice.index("If you score now")


def test_an_advisor_object_or_a_failing_one() -> None:
    class Advisor:
        def advise(self, state: Any) -> Any:
            return type("Advice", (), {"holds": None, "boxes": {"chance": 3}})()

    panel = DicePokerPanel(["Ana"], seed=4, advisor=Advisor())
    panel.hints_toggle.value = True
    panel.roll_button.click()
    assert panel.hints.advice == {"holds": {}, "boxes": {"chance": 3}}

    def broken(state: Any) -> None:
        raise RuntimeError("tables not built")

    panel = DicePokerPanel(["Ana"], seed=4, advisor=broken)
    panel.hints_toggle.value = True
    panel.roll_button.click()
    assert "Advisor unavailable: tables not built" in panel.hints.advice_html.value
    assert panel.hints.values and panel.message.kind == "info" and panel.errors == []


def test_without_an_advisor_hints_are_the_odds_only() -> None:
    panel = DicePokerPanel(["Ana"], seed=4)
    panel.hints_toggle.value = True
    panel.roll_button.click()
    assert panel.hints.advice is None and panel.hints.advice_html.layout.display == "none"


# --- languages, classes, display ----------------------------------------------------


def test_portuguese_labels() -> None:
    panel = DicePokerPanel(["Ana", "Bruno"], seed=4, lang="pt")
    grid = panel.scorecard.widget
    labels = [c.value for c in grid.children if hasattr(c, "value")]
    for name in ("Ases", "Seis", "Dois pares", "Trinca", "Quadra", "Sequência pequena", "Pôquer"):
        assert name in labels
    assert "Subtotal superior" in labels and "Bônus" in labels and "<b>Total</b>" in labels
    assert panel.roll_button.description == "Rolar (faltam 3)"
    assert panel.turn_label.value == "Rodada 1 de 15"
    assert "Vez de Ana" in panel.player_label.value
    assert panel.hints_toggle.description == "Dicas"
    assert panel.new_game_button.description == "Novo jogo"
    assert (panel.save_button.description, panel.load_button.description) == ("Salvar", "Carregar")
    assert "faltam 64 para o bônus" in panel.scorecard.bonus_labels[0].value
    panel.hints_toggle.value = True
    assert ">Ases<" in panel.hints.table.value and "P(melhor)" not in panel.hints.table.value
    panel.roll_button.click()
    assert "P(melhor)" in panel.hints.table.value and "," in panel.hints.table.value
    panel.dice_buttons[1].click()
    assert panel.dice_views[1].caption.value == "segurado"
    panel.box_buttons[0]["poker"].click()
    assert panel.message.text == "Ana marcou 0 em Pôquer"


def test_italian_labels() -> None:
    panel = DicePokerPanel(["Ana", "Bruno"], seed=4, lang="it")
    grid = panel.scorecard.widget
    labels = [c.value for c in grid.children if hasattr(c, "value")]
    for name in ("Uno", "Sei", "Doppia coppia", "Tris", "Quattro uguali", "Scala piccola", "Poker"):
        assert name in labels
    assert "Subtotale superiore" in labels and "Bonus" in labels and "<b>Totale</b>" in labels
    assert panel.roll_button.description == "Lancia (ancora 3)"
    assert panel.turn_label.value == "Turno 1 di 15"
    assert "Tocca a Ana" in panel.player_label.value
    assert panel.hints_toggle.description == "Suggerimenti"
    assert panel.new_game_button.description == "Nuova partita"
    assert (panel.save_button.description, panel.load_button.description) == ("Salva", "Carica")
    assert "ancora 64 per il bonus" in panel.scorecard.bonus_labels[0].value
    panel.hints_toggle.value = True
    panel.roll_button.click()
    assert "P(migliore)" in panel.hints.table.value
    assert re.search(r">\d+,\d+%<", panel.hints.table.value)  # decimal comma
    assert not re.search(r">\d+\.\d+%<", panel.hints.table.value)
    panel.dice_buttons[1].click()
    assert panel.dice_views[1].caption.value == "tenuto"
    panel.box_buttons[0]["poker"].click()
    assert panel.message.text == "Ana ha segnato 0 in Poker"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.slow
def test_a_whole_game_with_hints_in_every_language(lang) -> None:
    panel = DicePokerPanel(["Ana", "Bruno"], seed=5, lang=lang)
    panel.hints_toggle.value = True
    play_panel(panel)
    assert panel.errors == [] and panel.game.is_over
    assert panel.summary.value.count(panel.words("game_over")) == 1


def test_css_classes_follow_the_player_to_move() -> None:
    panel = DicePokerPanel(["Ana", "Bruno"], seed=4)
    assert "dicelab-roll" in classes(panel.roll_button)
    assert [f"dicelab-die-{i}" in classes(b) for i, b in enumerate(panel.dice_buttons)] == [
        True
    ] * 5
    assert "dicelab-message" in classes(panel.message)
    assert "dicelab-total-1" in classes(panel.total_labels[1])
    assert "dicelab-new-game" in classes(panel.new_game_button)
    assert "dicelab-hints-toggle" in classes(panel.hints_toggle)
    assert "dicelab-box-chance" in classes(panel.box_buttons[0]["chance"])
    assert "dicelab-box-chance" not in classes(panel.box_buttons[1]["chance"])
    panel.roll_button.click()
    panel.dice_buttons[3].click()
    assert "dicelab-held" in classes(panel.dice_buttons[3])
    panel.box_buttons[0]["chance"].click()
    assert "dicelab-held" not in classes(panel.dice_buttons[3])
    assert "dicelab-box-chance" in classes(panel.box_buttons[1]["chance"])
    assert "dicelab-box-chance" not in classes(panel.box_buttons[0]["chance"])
    assert "dicelab-card-0-chance" in classes(panel.box_buttons[0]["chance"])


def test_the_panel_shows_itself_in_a_notebook() -> None:
    panel = DicePokerPanel(["Ana"], seed=1)
    bundle = panel._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == panel.widget.model_id
    assert bundle["text/plain"] == "Run this cell to play Dice Poker."  # until it is run
    assert isinstance(panel, Panel) and "Ana" in repr(panel)


@pytest.mark.parametrize(
    ("players", "words"),
    [
        ([], "1 to 6 players, not 0"),
        ([f"P{i}" for i in range(7)], "1 to 6 players, not 7"),
        (["Ana", "Ana"], "'Ana' appears twice"),
        (["Ana", " "], "non-empty"),
        (["Ana", 3], "non-empty"),
        ("Ana", "a list of 1 to 6 names"),
    ],
)
def test_bad_players_are_refused_clearly(players, words) -> None:
    with pytest.raises(SettingsError, match=words):
        DicePokerPanel(players)


def test_bad_settings_are_refused_clearly() -> None:
    with pytest.raises(SettingsError, match="lang must be one of en, pt"):
        DicePokerPanel(["Ana"], lang="de")
    with pytest.raises(SettingsError, match="seed"):
        DicePokerPanel(["Ana"], seed=-1)
    with pytest.raises(SettingsError, match="unknown ruleset"):
        DicePokerPanel(["Ana"], ruleset="poker")
    assert len(DicePokerPanel([f"P{i}" for i in range(6)], seed=1).box_buttons) == 6


# --- new game and seeds -------------------------------------------------------------


def test_new_game_with_a_typed_seed_replays_the_same_rolls() -> None:
    panel = DicePokerPanel(["Ana", "Bruno"], seed=1234)
    assert panel.seed == 1234 and "<b>1234</b>" in panel.seed_label.value
    panel.roll_button.click()
    first = panel.game.dice
    panel.box_buttons[0]["chance"].click()
    panel.seed_text.value = "1234"
    panel.new_game_button.click()
    assert panel.game.state.turn == 1 and panel.game.dice is None
    assert panel.game.players == ("Ana", "Bruno") and panel.seed_text.value == ""
    assert panel.message.text == "New game (seed 1234): Ana rolls first"
    panel.roll_button.click()
    assert panel.game.dice == first
    panel.new_game_button.click()  # blank box: a fresh seed, shown
    assert isinstance(panel.seed, int) and f"<b>{panel.seed}</b>" in panel.seed_label.value
    fresh = DicePokerGame(["Ana", "Bruno"], seed=panel.seed)
    panel.roll_button.click()
    assert panel.game.dice == fresh.roll()
    check = unchanged(panel)
    panel.seed_text.value = "twelve"
    panel.new_game_button.click()
    assert panel.message.kind == "error" and "twelve" in panel.message.text and check()
    assert panel.errors == []


def test_a_fresh_seed_is_chosen_and_shown_when_none_is_given() -> None:
    panel = DicePokerPanel(["Ana"])
    assert isinstance(panel.seed, int) and str(panel.seed) in panel.seed_label.value
    panel.roll_button.click()
    assert panel.game.dice == DicePokerGame(["Ana"], seed=panel.seed).roll()


# --- save and load ---------------------------------------------------------------------


def test_save_and_load_round_trip(tmp_path) -> None:
    panel = DicePokerPanel(["Ana", "Bruno"], seed=21)
    panel.roll_button.click()
    panel.box_buttons[0]["chance"].click()
    panel.roll_button.click()
    panel.dice_buttons[0].click()
    path = tmp_path / "lesson.json"
    panel.save(path)
    copy = DicePokerPanel.load(path, lang="pt")
    assert copy.game.state == panel.game.state and copy.seed == copy.game.seed == 21
    assert "Semente: <b>21</b>" in copy.seed_label.value  # the class can replay it
    assert copy.dice_views[0].caption.value == "segurado"
    assert copy.box_buttons[0]["chance"].description == panel.box_buttons[0]["chance"].description
    panel.roll_button.click()
    copy.roll_button.click()
    assert copy.game.dice == panel.game.dice


def test_save_and_load_buttons(own_save_folder) -> None:
    own_save_folder.mkdir()
    panel = DicePokerPanel(["Ana", "Bruno"], seed=21)
    assert panel.save_path.value == "" and panel.save_path.placeholder == "dice-poker-save.json"
    panel.roll_button.click()
    saved_state = panel.game.state
    path = own_save_folder / "class.json"
    panel.save_path.value = path.name
    panel.save_button.click()
    assert panel.message.kind == "success" and panel.message.text == f"Game saved ({path.name})"
    panel.box_buttons[0]["chance"].click()
    panel.load_button.click()
    assert panel.message.text == f"Game loaded ({path.name}). Ana to play"  # and what now
    assert panel.game.state == saved_state
    assert panel.box_buttons[0]["chance"].description.startswith("→")
    # a saved game of other players replaces the score card
    other = DicePokerGame(["Caio", "Dora", "Eva"], seed=2)
    other.save(own_save_folder / "other.json")
    panel.save_path.value = "other.json"
    panel.load_button.click()
    assert panel.game.players == ("Caio", "Dora", "Eva") and len(panel.box_buttons) == 3
    assert "Caio" in panel.scorecard.headers[0].value and panel.errors == []


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("this is not json", "not valid JSON"),
        ('{"format": "something else"}', "not a dicelab Dice Poker save"),
        (None, "cannot read"),
    ],
)
def test_a_bad_file_is_answered_in_the_panel(own_save_folder, content, words) -> None:
    own_save_folder.mkdir()
    panel = DicePokerPanel(["Ana", "Bruno"], seed=21)
    panel.roll_button.click()
    path = own_save_folder / "bad.json"
    if content is not None:
        path.write_text(content)
    panel.save_path.value = path.name
    check = unchanged(panel)
    grid = panel.scorecard
    panel.load_button.click()
    assert panel.message.kind == "error" and words in panel.message.text
    assert check() and panel.scorecard is grid and panel.errors == []


def test_saving_where_it_cannot_write_is_answered_in_the_panel(own_save_folder) -> None:
    panel = DicePokerPanel(["Ana"], seed=21)
    own_save_folder.write_text("a file where the folder should be")
    panel.save_button.click()
    assert panel.message.kind == "error" and "cannot write" in panel.message.text


# --- the shared pieces -------------------------------------------------------------------


def test_safe_callback_catches_every_exception() -> None:
    class Thing:
        def __init__(self) -> None:
            self.message, self.errors = MessageArea(), []

        @safe_callback
        def illegal(self) -> None:
            raise IllegalMove("a rule", "not now")

        @safe_callback
        def buggy(self) -> None:
            raise KeyError("oops")

    thing = Thing()
    thing.illegal()
    assert (thing.message.kind, thing.message.text) == ("error", "not now (rule: a rule)")
    assert thing.errors == []
    thing.buggy()
    assert thing.message.text == "Internal error (KeyError: 'oops')"
    assert isinstance(thing.errors[0], KeyError)


@pytest.mark.parametrize(
    ("ruleset", "lang", "filled", "words"),
    [
        ("dice-poker", "en", {"poker": 50, "fours": 8}, "Fours is filled, so it goes in any open"),
        ("dice-poker", "pt", {"poker": 50}, "Curinga! Cinco dados 4 com Pôquer já preenchida (50)"),
        ("dice-poker", "it", {"poker": 50, "fours": 8}, "La casella Quattro è già segnata, quindi"),
        ("yahtzee", "en", {"poker": 0}, "Yahtzee already filled (0). It must go in the Fours"),
    ],
)
def test_the_joker_explanation_follows_the_card(ruleset, lang, filled, words) -> None:
    from dicelab.dice_poker.card import Scorecard
    from dicelab.dice_poker.panel.words import joker_text
    from dicelab.dice_poker.rules import get_ruleset

    rules = get_ruleset(ruleset)
    card = Scorecard(rules, dict.fromkeys(rules.box_ids) | filled)
    assert words in joker_text(rules, card, [4] * 5, lang)
    upper_only = dict.fromkeys(rules.box_ids, 0) | {"ones": None, "poker": 50, "chance": 5}
    text = joker_text(rules, Scorecard(rules, upper_only), [4] * 5, "en")
    assert text.endswith("No lower box is open: write 0 in an open upper box.")


def test_a_tie_names_every_winner_and_load_game_goes_on_in_place(tmp_path) -> None:
    game = DicePokerGame(["Ana", "Bruno"], seed=3)
    while True:
        game.roll(dice=[2, 3, 4, 5, 6])
        option = next(iter(game.options()))
        if game.state.current == 1 and len(game.options()) == 1:
            break
        game.score(option)
    panel = DicePokerPanel.from_game(game)
    path = tmp_path / "last.json"
    panel.save(path)
    points = game.options()[option]
    panel.box_buttons[1][option].click()
    total = game.totals()["Ana"]
    assert panel.game.winners() == ["Ana", "Bruno"]
    box = panel.game.ruleset.box(option).name
    assert panel.message.text == f"Bruno wrote {points} in {box}"  # the last move; then:
    assert f"Game over! Tie: Ana and Bruno with {total}." in panel.summary.value
    panel.load_game(path)
    assert not panel.game.is_over and panel.summary.layout.display == "none"
    assert panel.box_buttons[1][option].description.startswith("→")


def test_optimal_advice_button_solves_and_advises(tmp_path, monkeypatch) -> None:
    from dicelab.dice_poker.advisor import advise

    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    panel = DicePokerPanel(["Ana"], ruleset="yahtzee", seed=3)
    panel.hints_toggle.value = True
    panel.roll_button.click()
    assert panel.advisor is None and panel.hints.advice is None
    panel.hints.optimal_button.click()  # solved in the background: the panel stays playable
    panel.dice_buttons[0].click()
    assert 0 in panel.game.held
    panel.dice_buttons[0].click()
    panel.solve_task.join(300)
    assert panel.message.kind == "success", panel.message.text
    assert panel.advisor is not None and panel.advisor.ruleset == panel.game.ruleset
    assert f"{panel.advisor.expected_score:.2f}" == "254.59"
    holds = advise(panel.game, solution=panel.advisor.solution)
    boxes = advise(panel.game, rolls_left=0, solution=panel.advisor.solution)
    assert panel.hints.advice["holds"] == {r["hold"]: r["expected_score"] for r in holds}
    assert panel.hints.advice["boxes"] == {r["box"]: r["expected_score"] for r in boxes}
    assert "Expected final score" in panel.hints.advice_html.value
    assert panel.hints.progress.layout.display == "none"  # hidden again when done
    assert panel.hints.optimal_button.layout.display == "none"


def test_optimal_advice_can_be_cancelled(tmp_path, monkeypatch) -> None:
    from dicelab.dice_poker.solver import clear_memory

    monkeypatch.setenv("DICELAB_CACHE_DIR", str(tmp_path))
    clear_memory("yahtzee")  # solved afresh, not found in this process's memory
    panel = DicePokerPanel(["Ana"], ruleset="yahtzee", seed=3, lang="pt")
    panel.hints_toggle.value = True
    panel.hints.optimal_button.click()
    hints = panel.hints
    assert hints.cancel_button.layout.display is None and hints.progress.layout.display is None
    assert hints.status.value.startswith("Calculando o jogo perfeito")
    hints.cancel_button.click()
    panel.solve_task.join(300)
    assert panel.message.text == "Conselho ótimo cancelado" and panel.advisor is None
    assert (
        hints.optimal_button.layout.display is None and hints.cancel_button.layout.display == "none"
    )
    assert list(tmp_path.iterdir()) == [] and panel.errors == []


def test_an_advisor_for_another_ruleset_is_dropped() -> None:
    class Advisor:
        ruleset = get_ruleset("yatzy")

        def advise(self, state):
            raise AssertionError("not for this ruleset")

    panel = DicePokerPanel(["Ana"], ruleset="yahtzee", seed=3, advisor=Advisor())
    assert panel.advisor is None


def test_a_loaded_game_replays_from_its_seed(own_save_folder) -> None:
    own_save_folder.mkdir()
    panel = DicePokerPanel(["Ana"], seed=77)
    panel.roll_button.click()
    first = panel.game.dice
    panel.box_buttons[0]["chance"].click()
    panel.save(own_save_folder / "s.json")
    copy = DicePokerPanel(["Bia"], seed=1)
    copy.save_path.value = "s.json"
    copy.load_button.click()
    assert copy.seed == 77 and "Seed: <b>77</b>" in copy.seed_label.value
    copy.new_game(copy.seed)  # replay the same game from the start
    copy.roll_button.click()
    assert copy.game.dice == first and copy.game.players == ("Ana",)
