"""The Solitaire Dice play panel, driven by clicks through the widget API (no kernel)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest

from dicelab.core.dice.hands import dice_space
from dicelab.core.present.numbers import fraction_text
from dicelab.core.ui.panel import Panel, Words
from dicelab.core.ui.words import LANGS
from dicelab.errors import SettingsError
from dicelab.solitaire.game import SolitaireGame
from dicelab.solitaire.odds import free_throw_probability, sum_table
from dicelab.solitaire.panel import SolitairePanel
from dicelab.solitaire.panel.hints import warm_up
from dicelab.solitaire.panel.words import WORDS, option_text, pairs_of
from dicelab.solitaire.planner import Planner
from dicelab.solitaire.rules import SUMS, Split
from dicelab.solitaire.search import Search
from dicelab.solitaire.sheet import Sheet, tally
from dicelab.solitaire.state import GameState

# --- helpers -----------------------------------------------------------------------


@pytest.fixture(autouse=True)
def _advice_ready() -> None:
    """The bots' tables are built (the panel's hints show advice only once they are)."""
    warm_up().join()


def unavailable(button: Any) -> bool:
    """Shown as not usable now (it still answers a click)."""
    return "dicelab-unavailable" in button._dom_classes


def classes(widget: Any) -> tuple[str, ...]:
    return tuple(widget._dom_classes)


def visible(widget: Any) -> bool:
    return widget.layout.display != "none"


def live_options(panel: SolitairePanel, player: int) -> list[Any]:
    return [b for b in panel.option_buttons[player] if visible(b)]


def unchanged(panel: SolitairePanel) -> Callable[[], bool]:
    """A check that the game's state and random generator did not move."""
    state, rng = panel.game.state, json.dumps(panel.game.rng.bit_generator.state)
    return lambda: (
        panel.game.state == state and json.dumps(panel.game.rng.bit_generator.state) == rng
    )


def pick(player: int, count: int) -> int:
    """A deterministic choice: the first option for player 0, the last for player 1, ..."""
    return 0 if player % 2 == 0 else count - 1


def play_panel(panel: SolitairePanel) -> int:
    """Play the whole game by clicking Roll and, for each player to choose, an option."""
    rolls = 0
    while not panel.game.is_over:
        panel.roll_button.click()
        rolls += 1
        assert unavailable(panel.roll_button) or not panel.game.waiting
        while panel.game.waiting:
            player = panel.chooser
            buttons = live_options(panel, player)
            assert len(buttons) == len(panel.game.options(player))
            buttons[pick(player, len(buttons))].click()
            assert panel.message.kind == "success", panel.message.text
    return rolls


def play_game(game: SolitaireGame) -> None:
    """The same choices on a bare game."""
    while not game.is_over:
        game.roll()
        for name in game.waiting:
            player = game.players.index(name)
            game.choose(name, pick(player, len(game.options(name))))


# --- whole games ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "seed", "hints"),
    [(["Ana"], 3, False), (["Ana", "Bruno"], 11, True), (["Ana", "Bruno", "Caio"], 7, False)],
)
def test_a_whole_game_clicked_through_matches_the_bare_game(players, seed, hints) -> None:
    panel = SolitairePanel(players, seed=seed)
    panel.hints_toggle.value = hints
    rolls = play_panel(panel)
    game = SolitaireGame(players, seed=seed)
    play_game(game)
    assert panel.game.state == game.state and panel.game.rolls == rolls
    assert panel.game.scores() == game.scores()
    assert panel.game.winners() == game.winners()
    for p, name in enumerate(players):
        assert panel.total_labels[p].value == f"<b>{game.scores()[name]}</b>"
        assert f'<td class="dicelab-sheet-total">{game.scores()[name]}</td>' in (
            panel.sheet_labels[p].value
        )
        assert live_options(panel, p) == [] and "finished" in panel.players_views[p].header.value
    best = game.winners()
    assert panel.summary.layout.display is None
    assert f"{best[0]} {'scored' if len(players) == 1 else 'with'} {game.scores()[best[0]]}" in (
        panel.summary.value
    )
    assert panel.summary.value.count("Game over!") == 1 and "Game over" not in panel.message.text
    assert panel.message.kind == "success" and panel.end_screen.layout.display is None
    assert unavailable(panel.roll_button) and panel.waiting_label.value == ""
    assert all(unavailable(b) for b in panel.dice_buttons)
    assert panel.hints_box.layout.display == "none"  # no empty chart left behind
    assert panel.errors == []


@pytest.mark.parametrize("rater", [None, Planner(focus=2.5)])
def test_clicking_the_suggestion_plays_like_the_bot_that_rates(rater) -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=3, planner=rater)
    panel.hints_toggle.value = True
    while not panel.game.is_over:
        panel.roll_button.click()
        for player in sorted(panel.game.state.waiting):
            (suggested,) = [
                b for b in panel.option_buttons[player] if "dicelab-suggested" in classes(b)
            ]
            assert suggested.description.startswith("★ ")
            suggested.click()
    game = SolitaireGame(["Ana", "Bruno"], seed=3)
    game.play(rater or Search())  # the search bot by default
    assert panel.game.state == game.state and panel.game.scores() == game.scores()
    assert panel.errors == []


def test_the_end_shows_a_breakdown_per_line_and_a_win_at_500() -> None:
    ana = Sheet.from_marks({6: 10, 8: 10, 7: 8}, {1: 7, 2: 3, 3: 2})  # 14 rolls, 490 points
    bruno = Sheet.from_marks({7: 14, 8: 14}, {1: 7, 2: 4, 3: 3})  # 14 rolls, 350 points
    state = GameState(("Ana", "Bruno"), (ana, bruno), rolls=14, dice=(2, 2, 3, 3, 6))
    game = SolitaireGame.from_state(state, 1)
    game.roll(dice=[1, 3, 3, 4, 4])
    panel = SolitairePanel.from_game(game)
    seven = Split((7, 7), 1)
    assert seven in game.options("Ana") and game.scores() == {"Ana": 490, "Bruno": 350}
    panel.option_buttons[0][game.options("Ana").index(seven)].click()
    assert panel.message.text == (
        "Ana marked 3+4=7 · 3+4=7 · discard 1: score 550. Ana has finished "
        "(8th mark on discard 1). Waiting for Bruno to choose."
    )
    assert "finished" in panel.players_views[0].header.value
    assert live_options(panel, 0) == [] and not panel.game.is_over
    assert '<td class="dicelab-dtally dicelab-discard-1 dicelab-ended dicelab-dlast">' in (
        panel.sheet_labels[0].value
    )
    panel.option_buttons[1][panel.game.options("Bruno").index(seven)].click()
    assert panel.game.is_over and panel.game.scores() == {"Ana": 550, "Bruno": 350}
    assert panel.game.winners() == ["Ana"]
    text = "Game over! Winner: Ana with 550. Ana: 500 or more, a win!"
    assert panel.message.text.startswith("Bruno marked 3+4=7") and text in panel.summary.value
    summary = panel.summary.value
    assert "<tr><td>6</td><td>40</td><td>10 → +200</td><td></td></tr>" in summary
    assert "<tr><td>7</td><td>30</td><td>10 → +150</td><td>16 → +150</td></tr>" in summary
    assert "<tr><td>8</td><td>40</td><td>10 → +200</td><td>14 → +200</td></tr>" in summary
    assert "<td>gains</td><td></td><td>+550</td><td>+350</td>" in summary
    assert "<td>penalties</td><td></td><td>0</td><td>0</td>" in summary
    assert "<td>15 rolls, free throws: 2</td><td>15 rolls, free throws: 0</td>" in summary
    assert "<td>Total</td><td></td><td>550</td><td>350</td>" in summary


# --- wrong clicks ----------------------------------------------------------------------


def test_wrong_clicks_leave_the_game_unchanged_and_say_why() -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=8)
    assert panel.waiting_label.value == "Click Roll to start" and not unavailable(panel.roll_button)
    check = unchanged(panel)
    panel.option_buttons[0][0].click()  # a (hidden) option before the first roll
    assert (panel.message.kind, check()) == ("error", True)
    assert "Roll the dice first" in panel.message.text

    panel.roll_button.click()
    assert unavailable(panel.roll_button)
    assert panel.waiting_label.value == "Waiting for Ana and Bruno to choose"
    assert panel.chooser == 0
    assert all("dicelab-option-0" not in classes(b) for b in panel.option_buttons[1])
    count = len(panel.game.options("Ana"))
    assert all(not unavailable(b) for b in panel.option_buttons[0][:count])
    assert [visible(b) for b in panel.option_buttons[0]] == [i < count for i in range(15)]
    check = unchanged(panel)
    panel.roll_button.click()  # a disabled Roll clicked anyway
    assert panel.message.kind == "error" and "Ana and Bruno must choose first" in panel.message.text
    assert check()
    panel.option_buttons[0][count].click()  # a hidden, disabled option slot
    said = panel.message.text
    assert panel.message.kind == "error" and "That option is not legal for this roll" in said
    assert check()

    panel.option_buttons[1][0].click()  # Bruno may choose first
    assert panel.message.kind == "success" and "Waiting for Ana to choose" in panel.message.text
    assert panel.chooser == 0 and unavailable(panel.roll_button)
    check = unchanged(panel)
    panel.option_buttons[1][0].click()  # twice for one roll
    assert panel.message.kind == "error" and "Bruno has chosen for this roll" in panel.message.text
    panel.roll_button.click()
    assert panel.message.text.startswith("Ana must choose first") and check()
    assert "Waiting for Ana" in panel.waiting_label.value
    panel.option_buttons[0][0].click()
    assert (
        not unavailable(panel.roll_button)
        and panel.waiting_label.value == "Ready for the next roll"
    )
    assert panel.message.text.endswith("Ready for the next roll.") and panel.errors == []


def test_clicks_after_the_game_is_over_change_nothing() -> None:
    panel = SolitairePanel(["Ana"], seed=1)
    play_panel(panel)
    check = unchanged(panel)
    for click, words in (
        (panel.roll_button.click, "The game is over"),
        (panel.option_buttons[0][0].click, "Ana has finished"),
        (panel.dice_buttons[2].click, None),  # the dice are not buttons to play with
    ):
        panel.message.clear()
        click()
        if words:
            assert panel.message.kind == "error" and words in panel.message.text
        assert check()
    assert panel.errors == []


# --- options, free throws, the sheet ---------------------------------------------------


def test_every_option_text_is_a_split_of_the_roll() -> None:
    words = Words(WORDS, "en")
    pattern = re.compile(r"^(\d)\+(\d)=(\d+) · (\d)\+(\d)=(\d+) · (?:discard (\d)|(\d) ignored)$")
    for hand in dice_space(5).hands:
        for chosen in ((), (1, 2, 5), (3, 4, 6), (2,)):
            for split in Sheet.from_marks({7: 2 * len(chosen)}, dict.fromkeys(chosen, 1)).options(
                hand
            ):
                a, b, s, c, d, t, discard, ignored = pattern.match(
                    option_text(hand, split, words)
                ).groups()
                fifth = int(discard or ignored)
                assert sorted(map(int, (a, b, c, d, fifth))) == sorted(hand)
                assert (int(a) + int(b), int(c) + int(d)) == split.pairs == (int(s), int(t))
                assert (discard is None) == split.free
    with pytest.raises(SettingsError):
        pairs_of((1, 1, 1, 1, 1), Split((3, 4), 1))


def test_a_free_throw_is_announced_and_marks_no_discard() -> None:
    game = SolitaireGame(["Ana", "Bruno"], seed=2)
    for dice, split in (
        ([1, 2, 3, 4, 5], Split((5, 9), 1)),
        ([2, 2, 3, 4, 5], Split((6, 8), 2)),
        ([5, 2, 3, 4, 6], Split((6, 9), 5)),
    ):
        game.roll(dice=dice)
        game.choose("Ana", split)
        game.choose("Bruno", 0)
    game.roll(dice=[3, 4, 4, 6, 6])  # none of Ana's 1, 2, 5
    panel = SolitairePanel.from_game(game)
    ana, bruno = panel.players_views
    assert ana.free_label.layout.display is None
    assert "Free throw! none of your discards rolled: pick any two pairs" in ana.free_label.value
    assert bruno.free_label.layout.display == "none"  # Bruno has two discard numbers
    texts = [b.description for b in live_options(panel, 0)]
    assert all(t.endswith("ignored") for t in texts) and "3+4=7 · 4+6=10 · 6 ignored" in texts
    live_options(panel, 0)[texts.index("3+4=7 · 4+6=10 · 6 ignored")].click()
    assert panel.game.sheet("Ana").free_throws == 1
    assert panel.game.sheet("Ana").discards == game.sheet("Ana").discards
    assert "free throws: 1" in panel.sheet_labels[0].value
    assert ana.free_label.layout.display == "none"


def test_the_roll_message_announces_a_free_throw() -> None:
    ana = Sheet.from_marks({7: 6}, {1: 1, 2: 1, 5: 1})
    bruno = Sheet.from_marks({7: 6}, {3: 1, 4: 1, 6: 1})
    state = GameState(("Ana", "Bruno"), (ana, bruno), 3, (1, 1, 1, 1, 1))
    panel = SolitairePanel.from_game(SolitaireGame.from_state(state, 6))  # rolls 3 4 4 3 6
    panel.roll_button.click()
    assert panel.message.text == (
        "Rolled 3 4 4 3 6. Ana and Bruno: choose a split. Free throw for Ana!"
    )
    assert panel.players_views[0].free_label.layout.display is None


def test_the_sheet_is_drawn_like_seed_000() -> None:
    panel = SolitairePanel(["Ana"], seed=5)
    panel.roll_button.click()
    options = panel.game.options(0)
    panel.option_buttons[0][0].click()
    first = options[0]
    page = panel.sheet_labels[0].value
    for total in SUMS:
        marks = panel.game.sheet(0).marks(total)
        last = " dicelab-last" if total in first.pairs else ""
        assert f'<tr class="dicelab-line-{total}{last}">' in page
        assert (
            f'<td class="dicelab-sum">{total}</td><td class="dicelab-tally">{tally(marks)}</td>'
            in (page)
        )
    assert f'<span>{first.discard}</span></td><td class="dicelab-dtally dicelab-discard-' in page
    assert "1/8" in page and "3 numbers at most; an 8th mark ends your game" in page
    score = panel.game.sheet(0).score
    assert f'<td class="dicelab-sheet-total">{score}</td>' in page
    assert panel.total_labels[0].value == f"<b>{score}</b>"
    assert 'class="dicelab-points dicelab-minus">-200</td>' in page


# --- hints -----------------------------------------------------------------------------------


def shown_odds(panel: SolitairePanel) -> dict[int, Fraction]:
    """The exact chances the hints table shows on hover, by pair sum."""
    hovers = re.findall(
        r'<span class="dicelab-bar-cell" title="(\d+/\d+)"><span class="dicelab-bar">',
        panel.hints.table.value,
    )
    return dict(zip(SUMS, map(Fraction, hovers), strict=True))


def bar_colors(panel: SolitairePanel) -> list[str]:
    return re.findall(r"background:(#[0-9a-f]+)", panel.hints.table.value)


def test_hints_show_the_exact_odds_and_the_search_bots_advice() -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=4)
    assert panel.hints_box.layout.display == "none"
    panel.hints_toggle.value = True
    assert panel.hints_box.layout.display is None
    empty = sum_table().column("offered_probability")
    assert panel.hints.player == 0 and panel.hints.values == empty == shown_odds(panel)
    assert "After a roll, the search bot rates" in panel.hints.advice_html.value
    search = Search()
    for _ in range(6):
        panel.roll_button.click()
        dice = panel.game.dice
        for player in (0, 1):
            sheet = panel.game.sheet(player)
            best = search.rank(sheet, dice)[0][0]
            marked = [b for b in panel.option_buttons[player] if "dicelab-suggested" in classes(b)]
            assert (
                len(marked) == 1
                and sheet.options(dice)[panel.option_buttons[player].index(marked[0])] == best
            )
        chosen = sorted(panel.game.sheet(0).chosen)
        exact = sum_table(chosen).column("offered_probability")
        assert panel.hints.player == 0 and panel.hints.values == exact == shown_odds(panel)
        for s in SUMS:
            assert f'title="{fraction_text(exact[s])}"' in panel.hints.table.value
        ranking = search.rank(panel.game.sheet(0), dice)
        options = panel.game.options(0)
        assert panel.hints.ranking == [(options.index(s), v) for s, v in ranking]
        advice = panel.hints.advice_html.value
        assert "Ana: the search bot&#x27;s advice" in advice and "expected after the next" in advice
        panel.option_buttons[0][min(1, len(panel.game.options(0)) - 1)].click()
        assert panel.hints.player == 1  # Bruno is the one to choose now
        bruno = sum_table(sorted(panel.game.sheet(1).chosen)).column("offered_probability")
        assert shown_odds(panel) == bruno
        panel.option_buttons[1][0].click()
    chosen = panel.game.sheet(0).chosen
    if len(chosen) == 3:
        p = free_throw_probability(chosen)
        assert f"{fraction_text(p)}" in panel.hints.free_html.value and p == Fraction(1, 32)
    else:
        assert "No free throw before three" in panel.hints.free_html.value
    colors = bar_colors(panel)
    marks = [panel.game.sheet(panel.hints.player).marks(s) for s in SUMS]
    assert [c == "#90a4ae" for c in colors] == [m == 0 for m in marks]
    panel.hints_toggle.value = False
    panel.roll_button.click()
    assert all("dicelab-suggested" not in classes(b) for b in panel.option_buttons[0])
    assert panel.hints_box.layout.display == "none" and panel.errors == []


# --- languages, classes, display ----------------------------------------------------------


def test_portuguese_labels() -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=2, lang="pt")
    assert panel.roll_button.description == "Rolar"
    assert panel.hints_toggle.description == "Dicas"
    assert panel.new_game_button.description == "Novo jogo"
    assert (panel.save_button.description, panel.load_button.description) == ("Salvar", "Carregar")
    assert panel.waiting_label.value == "Clique em Rolar para começar"
    assert "pares" in panel.sheet_labels[0].value and "descartes" in panel.sheet_labels[0].value
    assert "aguarda a jogada" in panel.players_views[0].header.value
    panel.roll_button.click()
    assert panel.waiting_label.value == "Aguardando Ana e Bruno escolherem"
    assert panel.message.text == "Saiu 6 2 1 2 3. Ana e Bruno: escolham uma divisão"
    assert panel.option_buttons[0][0].description == "2+2=4 · 3+6=9 · descarte 1"
    assert "escolhe" in panel.players_views[0].header.value
    panel.hints_toggle.value = True
    assert "a chance de a próxima jogada" in panel.hints.title.value
    assert "P(oferecida)" in panel.hints.table.value
    panel.option_buttons[0][0].click()
    assert panel.message.text == (
        "Ana marcou 2+2=4 · 3+6=9 · descarte 1: pontuação -400. Aguardando Bruno escolher."
    )
    panel.roll_button.click()
    assert panel.message.text == (  # the rule, in Portuguese
        "Bruno precisa escolher antes (regra: quem ainda joga escolhe antes da próxima jogada)"
    )
    panel.hints_toggle.value = True
    assert re.search(r">\d+,\d%</span>", panel.hints.table.value)  # decimal comma
    assert not re.search(r"\d\.\d%</span>", panel.hints.table.value)  # (bar widths are CSS)


def test_italian_labels() -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=2, lang="it")
    assert panel.roll_button.description == "Lancia"
    assert panel.hints_toggle.description == "Suggerimenti"
    assert panel.waiting_label.value == "Clicca Lancia per iniziare"
    assert "coppie" in panel.sheet_labels[0].value and "scarti" in panel.sheet_labels[0].value
    assert "aspetta il lancio" in panel.players_views[0].header.value
    panel.roll_button.click()
    assert panel.waiting_label.value == "In attesa che Ana e Bruno scelgano"
    assert panel.message.text == "Sono usciti 6 2 1 2 3. Ana e Bruno: scegliete una divisione"
    assert panel.option_buttons[0][0].description == "2+2=4 · 3+6=9 · scarto 1"
    panel.hints_toggle.value = True
    assert "la probabilità che il prossimo lancio" in panel.hints.title.value
    assert "P(offerta)" in panel.hints.table.value
    assert re.search(r">\d+,\d%</span>", panel.hints.table.value)  # decimal comma
    panel.option_buttons[0][0].click()
    panel.roll_button.click()
    assert panel.message.text == (  # the rule, in Italian
        "Bruno deve scegliere prima (regola: chi gioca ancora sceglie prima del prossimo lancio)"
    )


@pytest.mark.parametrize("lang", LANGS)
def test_a_whole_game_with_hints_in_every_language(lang) -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=11, lang=lang)
    panel.hints_toggle.value = True
    play_panel(panel)
    assert panel.errors == [] and panel.game.is_over
    assert panel.summary.value.count(panel.words("game_over")) == 1


def test_css_classes_for_browser_tests() -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=4)
    assert {"dicelab-panel", "dicelab-solitaire"} <= set(classes(panel.widget))
    assert "dicelab-roll" in classes(panel.roll_button)
    assert all(f"dicelab-die-{i}" in classes(b) for i, b in enumerate(panel.dice_buttons))
    assert "dicelab-message" in classes(panel.message)
    assert "dicelab-hints-toggle" in classes(panel.hints_toggle)
    for p in (0, 1):
        assert f"dicelab-sheet-{p}" in classes(panel.sheet_labels[p])
        assert f"dicelab-total-{p}" in classes(panel.total_labels[p])
    panel.roll_button.click()
    count = [len(panel.game.options(p)) for p in (0, 1)]
    for p in (0, 1):
        for i, button in enumerate(panel.option_buttons[p]):
            assert f"dicelab-option-{p}-{i}" in classes(button)
            assert (f"dicelab-option-{i}" in classes(button)) == (p == 0 and i < count[0])
    panel.option_buttons[0][0].click()  # now Bruno is the player to choose
    for i, button in enumerate(panel.option_buttons[1]):
        assert (f"dicelab-option-{i}" in classes(button)) == (i < count[1])
    assert all("dicelab-option-0" not in classes(b) for b in panel.option_buttons[0])


def test_the_panel_shows_itself_in_a_notebook() -> None:
    panel = SolitairePanel(["Ana"], seed=1)
    bundle = panel._repr_mimebundle_()
    assert bundle["application/vnd.jupyter.widget-view+json"]["model_id"] == panel.widget.model_id
    assert bundle["text/plain"] == "Run this cell to play Solitaire Dice."  # until it is run
    assert isinstance(panel, Panel) and "Ana" in repr(panel)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": []}, "1 to 6 players, not 0"),
        ({"players": [f"P{i}" for i in range(7)]}, "1 to 6 players, not 7"),
        ({"players": ["Ana", " Ana"]}, "'Ana' appears twice"),
        ({"players": ["Ana", ""]}, "non-empty"),
        ({"players": "Ana"}, "a list of 1 to 6 names"),
        ({"players": ["Ana"], "lang": "de"}, "lang must be one of en, pt"),
        ({"players": ["Ana"], "seed": -1}, "seed"),
        ({"players": ["Ana"], "seed": 1.5}, "seed"),
    ],
)
def test_bad_settings_are_refused_clearly(kwargs, words) -> None:
    with pytest.raises(SettingsError, match=words):
        SolitairePanel(**kwargs)


def test_default_is_one_player() -> None:
    panel = SolitairePanel(seed=1)
    assert panel.game.players == ("Ana",) and len(panel.sheet_labels) == 1
    with pytest.raises(SettingsError, match="SolitaireGame"):
        SolitairePanel.from_game("not a game")


# --- new game and seeds ----------------------------------------------------------------


def test_new_game_with_a_typed_seed_replays_the_same_first_roll() -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=1234)
    assert panel.seed == 1234 and "<b>1234</b>" in panel.seed_label.value
    panel.roll_button.click()
    first = panel.game.dice
    panel.option_buttons[0][0].click()
    panel.seed_text.value = "1234"
    panel.new_game_button.click()
    assert panel.game.rolls == 0 and panel.game.dice is None and panel.seed_text.value == ""
    assert panel.game.players == ("Ana", "Bruno")
    assert panel.game.scores() == {"Ana": 0, "Bruno": 0}
    assert panel.message.text == "New game (seed 1234): click Roll"
    assert panel.total_labels[0].value == "<b>0</b>" and not unavailable(panel.roll_button)
    panel.roll_button.click()
    assert panel.game.dice == first
    panel.new_game_button.click()  # blank box: a fresh seed, shown
    assert isinstance(panel.seed, int) and f"<b>{panel.seed}</b>" in panel.seed_label.value
    panel.roll_button.click()
    assert panel.game.dice == SolitaireGame(["Ana", "Bruno"], seed=panel.seed).roll()
    check = unchanged(panel)
    panel.seed_text.value = "twelve"
    panel.new_game_button.click()
    assert panel.message.kind == "error" and "twelve" in panel.message.text and check()
    assert panel.errors == []


def test_a_fresh_seed_is_chosen_and_shown_when_none_is_given() -> None:
    panel = SolitairePanel(["Ana"])
    assert isinstance(panel.seed, int) and str(panel.seed) in panel.seed_label.value
    panel.roll_button.click()
    assert panel.game.dice == SolitaireGame(["Ana"], seed=panel.seed).roll()


# --- save and load -----------------------------------------------------------------------


def test_save_and_load_round_trip(tmp_path) -> None:
    panel = SolitairePanel(["Ana", "Bruno"], seed=21)
    for _ in range(3):
        panel.roll_button.click()
        panel.option_buttons[0][0].click()
        panel.option_buttons[1][1].click()
    panel.roll_button.click()
    panel.option_buttons[1][0].click()  # Ana still has to choose
    path = tmp_path / "lesson.json"
    panel.save(path)
    copy = SolitairePanel.load(path, lang="pt")
    assert copy.game.state == panel.game.state and copy.seed == copy.game.seed == 21
    assert "Semente: <b>21</b>" in copy.seed_label.value  # the class can replay it
    assert [t.value for t in copy.total_labels] == [t.value for t in panel.total_labels]
    assert copy.waiting_label.value == "Aguardando Ana escolher" and unavailable(copy.roll_button)
    assert [b.description for b in live_options(copy, 0)] == [
        b.description.replace("discard", "descarte") for b in live_options(panel, 0)
    ]
    panel.option_buttons[0][0].click()
    copy.option_buttons[0][0].click()
    panel.roll_button.click()
    copy.roll_button.click()
    assert copy.game.dice == panel.game.dice and copy.game.state == panel.game.state


def test_save_and_load_buttons(own_save_folder) -> None:
    own_save_folder.mkdir()
    panel = SolitairePanel(["Ana", "Bruno"], seed=21)
    assert panel.save_path.value == "" and panel.save_path.placeholder == "solitaire-save.json"
    panel.roll_button.click()
    saved_state = panel.game.state
    path = own_save_folder / "class.json"
    panel.save_path.value = path.name
    panel.save_button.click()
    assert panel.message.kind == "success" and panel.message.text == f"Game saved ({path.name})"
    panel.option_buttons[0][0].click()
    panel.load_button.click()
    assert panel.message.text == f"Game loaded ({path.name}). Ana: choose a split"
    assert panel.game.state == saved_state and visible(panel.option_buttons[0][0])
    # a saved game of other players replaces the sheets
    other = SolitaireGame(["Caio", "Dora", "Eva"], seed=2)
    other.roll()
    other.save(own_save_folder / "other.json")
    panel.save_path.value = "other.json"
    panel.load_button.click()
    assert panel.game.players == ("Caio", "Dora", "Eva") and len(panel.sheet_labels) == 3
    assert "Caio" in panel.players_views[0].header.value and panel.errors == []
    assert len(panel.sheets_box.children) == 3


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ("this is not json", "not valid JSON"),
        ('{"format": "dicelab/dice-poker-game", "version": 1}', "not a dicelab Solitaire Dice"),
        ('{"format": "dicelab/solitaire-game", "version": 1, "players": ["Ana"]}', "lacks the key"),
        (None, "cannot read"),
    ],
)
def test_a_bad_file_is_answered_in_the_panel(own_save_folder, content, words) -> None:
    own_save_folder.mkdir()
    panel = SolitairePanel(["Ana", "Bruno"], seed=21)
    panel.roll_button.click()
    path = own_save_folder / "bad.json"
    if content is not None:
        path.write_text(content)
    panel.save_path.value = path.name
    check = unchanged(panel)
    views = panel.players_views
    panel.load_button.click()
    assert panel.message.kind == "error" and words in panel.message.text
    assert check() and panel.players_views is views and panel.errors == []


def test_saving_where_it_cannot_write_is_answered_in_the_panel(own_save_folder) -> None:
    panel = SolitairePanel(["Ana"], seed=21)
    own_save_folder.write_text("a file where the folder should be")
    panel.save_button.click()
    assert panel.message.kind == "error" and "cannot write" in panel.message.text


def test_callbacks_reuse_the_cached_odds() -> None:
    """No slow work in a click: the odds over the 7776 rolls are counted once per
    set of discard numbers, then cached, so replaying a game recounts nothing."""
    from dicelab.solitaire.odds import offer_counts

    first = SolitairePanel(["Ana", "Bruno"], seed=9)
    first.hints_toggle.value = True
    play_panel(first)
    counted = offer_counts.cache_info().misses
    again = SolitairePanel(["Ana", "Bruno"], seed=9)
    again.hints_toggle.value = True
    play_panel(again)
    assert offer_counts.cache_info().misses == counted
    assert offer_counts.cache_info().hits > 0 and again.errors == []
