"""Class tables in the browser: two students, each in a Chromium context of
their own (a kernel each), find a table in the play app's Class tables tab by
its code and play a round of Sly Dice against each other through Voilà and
the service, and the same for Solo; at every step each page holds only its
own hidden dice or cards (its DOM and every websocket frame it has received).
A student who closes the page comes back to the same seat and the same
view.  The teacher's projector view shows the table's code and the public
table."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from dicelab.classroom import Client
from dicelab.classroom.lobby import table_games
from dicelab.classroom.store import Store
from dicelab.games import GAMES
from dicelab.sly_dice.panel.views import dice_text
from tests.browser.conftest import (
    LOAD,
    LOBBY_TAB,
    PROJECTOR,
    _blank_page,
    screenshot,
    settle,
)
from tests.browser.keyboard import Keyboard
from tests.browser.test_hidden import Wire

pytestmark = pytest.mark.browser
FACES = "⚀⚁⚂⚃⚄⚅"
NUMBER_CARD = re.compile(r"^(red|yellow|green|blue)-\d$")  # a name no other word holds


@pytest.fixture
def pages(browser, play_server, app_ready) -> Iterator[Any]:
    """`pages(n)`: `n` new pages of the play app (a context and a kernel each,
    opened at once) on the Class tables tab, each with everything it receives
    recorded from its first byte (`page.wire`)."""
    opened = []

    def open_pages(count: int = 1) -> list[Any]:
        new = [_blank_page(browser, PROJECTOR) for _ in range(count)]
        for page in new:
            page.wire = Wire(page)
            page.goto(play_server.url, wait_until="commit")
        for page in new:
            page.locator(".dicelab-dice-poker .dicelab-roll").wait_for(timeout=LOAD)
            page.locator(".dicelab-tabs .lm-TabBar-tab").nth(LOBBY_TAB).click()
            page.locator(".dicelab-lobby .dicelab-find").wait_for(timeout=LOAD)
        opened.extend(new)
        return new

    yield open_pages
    for page in opened:
        page.context.close()


def sit(page: Any, code: str, player: str, game: str = "sly-dice") -> Any:
    """Find table `code` and sit as `player`: the game's panel at that seat."""
    page.locator(".dicelab-code-input input").fill(code.lower())
    page.locator(".dicelab-find").click()
    page.locator(".dicelab-sit", has_text=f"Sit as {player}").click()
    panel = page.locator(f".dicelab-lobby .dicelab-{game}")
    expect(panel.locator(".dicelab-at-table")).to_contain_text(f"you are {player}")
    return panel


def usable(locator: Any) -> Any:
    """The first control of `locator` a student may use now (drawn, and not marked
    unavailable), or None; found in one round trip to the page."""
    index: int = locator.evaluate_all(
        """els => els.findIndex(e => e.getClientRects().length > 0
            && !e.classList.contains('dicelab-unavailable'))"""
    )
    return None if index < 0 else locator.nth(index)


def clicked(control: Any) -> bool:
    """Click `control` if it is still there (a page redrawn meanwhile may have
    hidden it); whether it was."""
    try:
        control.click(timeout=2_000)
    except PlaywrightTimeout:
        return False
    return True


STEPS = {  # what a plain student clicks first, when it is theirs to click
    # the next round, stop after a first roll, roll, claim the first card, pass, keep
    # the dice hidden
    "sly-dice": [".dicelab-next-round", ".dicelab-stop", ".dicelab-roll", ".dicelab-card"],
    # the next round, go on, a colour or a player a card asks for, the Gift's
    # cards then Give, a card that may be played, accept an attack, draw
    "solo": [".dicelab-next-round", ".dicelab-go-on", ".dicelab-colour-button"],
}
STEPS["sly-dice"] += [".dicelab-pass", ".dicelab-keep"]
STEPS["solo"] += [".dicelab-target", ".dicelab-give", ".dicelab-hand-card:not(.dicelab-picked)"]
STEPS["solo"] += [".dicelab-accept", ".dicelab-draw"]


def step(panel: Any, game: str) -> bool:
    """Click the first control of `STEPS[game]` the student may use; whether there was one."""
    for css in STEPS[game]:
        control = usable(panel.locator(css))
        if control is not None:
            return clicked(control)
    return False


class Table:
    """The table as the teacher's client and the service's file see it (a table
    made on a teacher's page: the file alone)."""

    def __init__(
        self,
        service: Any,
        game: str,
        players: list[str],
        seed: int,
        code: str | None = None,
    ) -> None:
        self.service, self.game = service, game
        self.teacher = Client(service.url)
        self.code = code or self.teacher.create(game, players, seed=seed)["code"]

    def view(self) -> dict[str, Any]:
        return self.teacher.view()

    def stored(self) -> Any:
        store = Store(self.service.db, read_only=True)
        try:
            stored = store.table(self.code)
        finally:
            store.close()
        assert stored is not None
        return stored

    def version(self) -> int:
        return int(self.stored().actions)

    def moved(self, before: int, seconds: float = 2.0) -> bool:
        """Whether the table has taken an action since version `before` (waiting up
        to `seconds`: a click on a page not yet redrawn, or one that asks for a
        choice first, is answered in the page and changes nothing)."""
        deadline = time.monotonic() + seconds
        while self.version() == before:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True

    def whole_game(self) -> Any:
        """Everything, hidden dice and cards included, read from the service's file."""
        return GAMES[self.game].engine_class.from_json(self.stored().state)


def news(page: Any) -> str:
    """The frames `page` has received since the last call (each frame is checked
    against what was hidden when it came: what is hidden only shrinks as a round
    goes on; the page's HTML is drawn from the frames)."""
    frames = page.wire.frames
    start, page.seen = getattr(page, "seen", 0), len(frames)
    return "\n".join(frames[start:])


def only_own_dice(page: Any, table: Table, me: str) -> None:
    """What `me`'s page has received and shows holds the others' dice only as
    everyone sees them: never as `me` would see their own."""
    game = table.whole_game()
    received = news(page)
    for i, seat in enumerate(game.state.seats):
        name = game.players[i]
        if name == me or seat.shown or not seat.hidden:
            continue
        assert dice_text(seat, True) not in received, f"{me}'s page holds {name}'s dice"
        row = page.locator(".dicelab-players-view tr", has_text=name)
        shown = row.locator("td").nth(2).inner_text()
        assert sum(shown.count(face) for face in FACES) <= len(seat.aside), shown


def only_own_cards(page: Any, table: Table, me: str) -> None:
    """What `me`'s page has shown and received names no numbered card of another
    hand that `me` could not know of (one `me` has held, or one played): in a
    round in play, before its end shows the hands."""
    state = table.whole_game().state
    if state.rounds:
        return
    held = getattr(page, "held", set()) | {c.id for c in state.hands[state.players.index(me)]}
    page.held = held  # a card passed on (a Swap, a Rotate, a Gift) was seen by its holder
    known = held | {c.id for c in state.discard}
    pending, seat = state.pending, state.players.index(me)
    if pending is not None and seat in (pending.by, pending.target):  # a Gift offered to me
        known |= {c.id for c in pending.gift if c is not None}
    received = news(page)
    for i, hand in enumerate(state.hands):
        if state.players[i] == me:
            continue
        for card in hand:
            if card.id not in known and NUMBER_CARD.match(card.id):  # "Red 5"
                at = received.find(card.name("en"))
                assert at < 0, f"{me}'s page: {received[max(0, at - 300) : at + 100]}"


CHECKS = {"sly-dice": only_own_dice, "solo": only_own_cards}


def play_until(pages: dict[str, Any], table: Table, done: Any) -> int:
    """Each student takes the next step their page offers until `done()`; how many
    actions the table took."""
    steps = 0
    deadline = time.monotonic() + 300
    while not done():
        assert time.monotonic() < deadline, "the round did not end"
        for page in pages.values():
            panel = page.locator(f".dicelab-lobby .dicelab-{table.game}")
            before = table.version()
            if step(panel, table.game) and table.moved(before):
                steps += 1
                break
        else:
            time.sleep(0.2)  # a page redraws when its watcher hears the news
        for name, page in pages.items():
            CHECKS[table.game](page, table, name)
    return steps


@pytest.mark.parametrize("game", ["sly-dice", "solo"])
def test_two_students_play_a_round_each_seeing_only_their_own_dice_or_cards(
    pages, class_service, game
) -> None:
    table = Table(class_service, game, ["Ana", "Bia"], seed=31)
    students = dict(zip(("Ana", "Bia"), pages(2)))
    for name, page in students.items():
        sit(page, table.code, name, game)
    history = "history" if game == "sly-dice" else "rounds"

    def round_over() -> bool:
        return len(table.view()["view"][history]) >= 1

    steps = 0
    if game == "sly-dice":  # Ana closes her page mid-round, and comes back to her seat
        steps = play_until(students, table, lambda: table.version() >= 3)
        students["Ana"] = back_to_the_seat(pages, students["Ana"], table.code, "Ana")
    steps += play_until(students, table, round_over)
    assert steps >= 8  # two players: the round takes turns of both
    for name, page in students.items():
        panel = page.locator(f".dicelab-lobby .dicelab-{game}")
        expect(panel.locator(".dicelab-message")).not_to_contain_text("Internal error")
        screenshot(page, f"class-table-{game}-{name.lower()}")


def back_to_the_seat(pages: Any, page: Any, code: str, name: str) -> Any:
    """Close `page` (in the middle of a round), open a new one, go back to the
    seat: the same seat, the same dice."""
    dice = page.locator(".dicelab-lobby .dicelab-sly-dice .dicelab-die")
    before = [dice.nth(i).inner_text() for i in range(6)]
    assert any(face in "".join(before) for face in FACES)
    page.context.close()
    (again,) = pages()
    again.locator(".dicelab-back", has_text=f"Back to table {code} as {name}").click()
    panel = again.locator(".dicelab-lobby .dicelab-sly-dice")
    expect(panel.locator(".dicelab-at-table")).to_contain_text(f"you are {name}")
    settle(again)
    dice = panel.locator(".dicelab-die")
    assert [dice.nth(i).inner_text() for i in range(6)] == before
    return again


def quick_option(panel: Any) -> Any:
    """A student's click that ends their game soon: the option that discards the
    lowest die, which every roll of six or fewer different faces must offer
    again and again (an 8th mark on a discard number ends a sheet); the Roll
    when they are the last one playing; None when they have nothing to do."""
    options = panel.locator(".dicelab-option")
    index: int = options.evaluate_all(
        """els => {
            const live = els.map((e, i) => [e, i]).filter(([e]) => e.getClientRects().length > 0
                && !e.classList.contains('dicelab-unavailable'));
            if (!live.length) return -1;
            const face = ([e]) => Number((e.innerText.match(/(\\d)\\s*$/) || [0, 9])[1]);
            live.sort((a, b) => face(a) - face(b));
            return live[0][1];
        }"""
    )
    return options.nth(index) if index >= 0 else usable(panel.locator(".dicelab-roll"))


def make_table(teacher: Any, game: str, players: str) -> Any:
    """The teacher's page makes a table of `game` for `players`: its projector view."""
    teacher.locator(".dicelab-lobby select").first.select_option(label=GAMES[game].title)
    teacher.locator(".dicelab-lobby input").nth(1).fill(players)
    teacher.locator(".dicelab-create").click()
    projector = teacher.locator(".dicelab-projector")
    expect(projector.locator(".dicelab-table-code")).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
    return projector


def test_the_teacher_makes_a_table_and_projects_it(pages, class_service) -> None:
    teacher, student = pages(2)
    projector = make_table(teacher, "sly-dice", "Ana, Bia, Cleo")
    code = projector.locator(".dicelab-table-code").inner_text()
    sit(student, code, "Bia")
    expect(projector.locator(".dicelab-seats")).to_contain_text("joined")
    roll = student.locator(".dicelab-lobby .dicelab-sly-dice .dicelab-roll")
    expect(roll).to_have_attribute("aria-disabled", "true")  # not Bia's turn
    roll.click(force=True)  # and still answered
    projector.locator("select").first.select_option("Ana")
    projector.locator("select").nth(1).select_option("honest")
    projector.locator("button", has_text="Give").click()
    expect(projector.locator(".dicelab-seats")).to_contain_text("honest bot")
    # the bot has rolled the common dice and its own: the common dice on the
    # projector, its own behind its shield
    expect(projector.locator(".dicelab-dice-text").first).to_have_text(
        re.compile(f"[{FACES}]{{3}}")
    )
    ana_row = projector.locator(".dicelab-players-view tr", has_text="Ana")
    expect(ana_row.locator(".dicelab-shield")).to_have_text(re.compile("^■+$"))
    screenshot(teacher, "class-table-projector")
    assert Client(class_service.url).about(code)["bots"] == {"Ana": "honest"}


def test_a_table_is_made_and_joined_with_the_keyboard_alone(pages) -> None:
    teacher, student = pages(2)
    keys = Keyboard(
        teacher.locator(".dicelab-lobby")
    )  # each press checked (tests/browser/keyboard)
    choice = keys.reach("select")
    for _ in range(len(GAMES)):  # the arrows choose the game
        if choice.evaluate("s => s.selectedIndex") == table_games().index("sly-dice"):
            break
        keys.press("ArrowDown", choice)
    keys.reach(".dicelab-players-input input")
    teacher.keyboard.type("Ana, Bia, Cleo")
    keys.use(".dicelab-create")
    code = teacher.locator(".dicelab-projector .dicelab-table-code")
    expect(code).to_have_text(re.compile(r"^[A-Z0-9]{6}$"))
    keys = Keyboard(student.locator(".dicelab-lobby"))
    keys.reach(".dicelab-code-input input")
    student.keyboard.type(code.inner_text().lower())
    keys.use(".dicelab-find")
    keys.use(".dicelab-sit", "Sit as Bia")
    panel = student.locator(".dicelab-lobby .dicelab-sly-dice")
    expect(panel.locator(".dicelab-at-table")).to_contain_text("you are Bia")
    keys.use(".dicelab-sly-dice .dicelab-hints-toggle", key="Space")  # at the table's panel
    expect(panel.locator(".dicelab-hints")).to_be_visible()


def test_a_whole_game_of_solitaire_dice_on_the_projector_and_three_students(
    pages, class_service
) -> None:
    """The teacher's page rolls for everyone, three students' pages split each
    roll on their own sheet; at the end the projector shows every sheet side by
    side, and the planner's and search's on the same dice."""
    teacher, *others = pages(4)
    projector = make_table(teacher, "solitaire", "Ana, Bia, Cleo")
    code = projector.locator(".dicelab-table-code").inner_text()
    table = Table(class_service, "solitaire", [], 0, code)
    students = dict(zip(("Ana", "Bia", "Cleo"), others))
    for name, page in students.items():
        sit(page, code, name, "solitaire")
    roll = projector.locator(".dicelab-roll")
    deadline = time.monotonic() + 600
    while not table.whole_game().is_over:
        assert time.monotonic() < deadline, "the game did not end"
        before = table.version()
        controls = [usable(roll)]
        if controls[0] is None:  # each student splits the roll, all at once
            controls = [
                quick_option(page.locator(".dicelab-lobby .dicelab-solitaire"))
                for page in students.values()
            ]
        taken = [clicked(control) for control in controls if control is not None]
        if not any(taken) or not table.moved(before):
            time.sleep(0.1)  # a page redraws when its watcher hears the news
    sheets = projector.locator(".dicelab-sheet-table")
    expect(sheets).to_have_count(5, timeout=60_000)  # three students', then two bots'
    for name in ("Ana", "Bia", "Cleo", "planner bot", "search bot"):
        expect(projector).to_contain_text(name)
    screenshot(teacher, "class-table-solitaire-projector")
    for page in students.values():  # every sheet on every student's page at the end
        expect(
            page.locator(".dicelab-lobby .dicelab-solitaire .dicelab-sheet-table:visible")
        ).to_have_count(3)
