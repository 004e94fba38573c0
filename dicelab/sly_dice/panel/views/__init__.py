"""What the Sly Dice panel shows of the table: the cards on the table, the
players' column and the log of what every player did.

They draw only from a player's view of the game: another player's hidden
dice are shown as closed shields (■) until they are shown; the log tells only
what the table saw (a bot's roll behind its shield is "rolled behind the
shield", your own roll shows your dice).  Each log event is kept as a word key
and its values (cards as `Card`s), so the log can be said again in another
language.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from dicelab.core.ui.log import EventLog as BaseLog
from dicelab.core.ui.widgets import close_tree, die_face, head_row, set_visible, show_available
from dicelab.core.ui.words import Words, kind_words, listing
from dicelab.sly_dice.game import (
    Accuse,
    Claim,
    Pass,
    Reveal,
    Roll,
    RollCommon,
    SlyDiceGame,
    Stop,
    is_honest,
    seat_points,
)
from dicelab.sly_dice.rules import SlyRules
from dicelab.sly_dice.state import UNSEEN, GameState, RoundRecord, Seat

SHIELD = "■"  # a die behind a shield
VIEWS_CSS = """
.dicelab-sly-dice table.dicelab-players { border-collapse: collapse; line-height: 1.2; }
.dicelab-sly-dice table.dicelab-players td { padding: 2px 6px; white-space: nowrap; }
.dicelab-sly-dice table.dicelab-players td.dicelab-status { white-space: normal; }
.dicelab-sly-dice table.dicelab-players tr.dicelab-current td {
  background: var(--dicelab-current-row); }
.dicelab-sly-dice .dicelab-dice-text { font-size: 26px; line-height: 30px; letter-spacing: 2px; }
.dicelab-sly-dice .dicelab-aside-die { color: #1a237e; }
.dicelab-sly-dice .dicelab-behind-shield { outline: 2px dashed var(--dicelab-unavailable-edge);
  outline-offset: -1px; border-radius: 5px; padding: 0 2px; margin-left: 4px; }
.dicelab-sly-dice .dicelab-shield { color: #8d6e63; }
.dicelab-sly-dice .dicelab-kind { color: var(--dicelab-muted-text); font-size: 11px; }
.dicelab-sly-dice button.dicelab-card { font-size: 13px; }
.dicelab-sly-dice button.dicelab-common-die.dicelab-unavailable { opacity: 1; cursor: default; }
.dicelab-sly-dice .dicelab-lie { color: #b71c1c; font-weight: bold; }
.dicelab-sly-dice .dicelab-true { color: #1b5e20; font-weight: bold; }
.dicelab-sly-dice .dicelab-log ul { margin: 2px 0; padding-left: 18px; color: #424242; }
.dicelab-sly-dice .dicelab-log li { margin: 0; line-height: 1.35; }
"""


class CardsView:
    """One button per card of the game's rules (those not on the table hidden); a
    click calls `on_card(card_id)`.  Buttons carry `dicelab-card-<id>`; they are
    made again for a game with other rules (a loaded game)."""

    def __init__(self, words: Words, on_card: Callable[[str], None]) -> None:
        self.words, self.on_card = words, on_card
        self.rules: SlyRules | None = None
        self.buttons: dict[str, widgets.Button] = {}
        self.widget = widgets.GridBox(
            layout=widgets.Layout(
                grid_template_columns="repeat(2, max-content)", grid_gap="3px 6px"
            ),
        )
        self.widget.add_class("dicelab-cards")

    def _build(self, rules: SlyRules) -> None:
        words, self.rules = self.words, rules
        for button in self.buttons.values():
            close_tree(button)
        self.buttons = {}
        for card in rules.cards:
            value = rules.points_of(card.id)
            points = words("points_short", count=value, points=value)
            label = f"{card.name(words.lang)} · {points}"
            button = widgets.Button(description=label, layout=widgets.Layout(width="auto"))
            button.add_class("dicelab-card")
            button.add_class(f"dicelab-card-{card.id}")
            button.on_click(lambda _b, c=card.id: self.on_card(c))
            self.buttons[card.id] = button
        self.widget.children = list(self.buttons.values())

    def refresh(self, rules: SlyRules, table: Sequence[str], usable: bool, why: str) -> None:
        """Show the cards on `table`, usable or not (`why` not)."""
        if rules != self.rules:
            self._build(rules)
        for card_id, button in self.buttons.items():
            set_visible(button, card_id in table)
            show_available(button, usable, why)


def dice_text(seat: Seat, mine: bool) -> str:
    """A seat's dice as HTML: set aside (seen by all), then hidden (faces for
    the player or once shown, else shields).  Your own hidden dice are framed
    by a dashed line (behind your shield), so that they differ from the ones set
    aside by more than a colour."""
    aside = "".join(f'<span class="dicelab-aside-die">{die_face(f)}</span>' for f in seat.aside)
    if mine and not seat.shown:
        faces = "".join(die_face(f) for f in seat.hidden if f != UNSEEN)
        hidden = f'<span class="dicelab-behind-shield">{faces}</span>' if faces else ""
    elif seat.shown:
        hidden = "".join(die_face(f) for f in seat.hidden if f != UNSEEN)
    else:
        hidden = f'<span class="dicelab-shield">{SHIELD * len(seat.hidden)}</span>'
    return f'<span class="dicelab-dice-text">{aside}{hidden}</span>'


class PlayersView:
    """Every player: name (and bot), points, dice and claim, from `me`'s view."""

    def __init__(self, words: Words, kinds: Sequence[str | None]) -> None:
        self.words, self.kinds = words, list(kinds)
        self.widget = widgets.HTML()
        self.widget.add_class("dicelab-players-view")

    def _status(self, view: GameState, seat: Seat, common: tuple[int, ...] | None) -> str:
        w = self.words
        if seat.claim is None:
            return ""
        card = view.rules.card(seat.claim).name(w.lang)
        text = html.escape(w("claimed", card=card))
        if seat.accuser is not None:
            text += f" · {html.escape(w('status_accused', name=view.players[seat.accuser]))}"
        if seat.shown and common is not None:
            honest = is_honest(view.rules, common, seat)
            css, word = ("dicelab-true", "status_true") if honest else ("dicelab-lie", "status_lie")
            text += f' · <span class="{css}">{html.escape(w(word))}</span>'
        return text

    def refresh(
        self, view: GameState, scores: dict[str, int], ended: RoundRecord | None = None
    ) -> None:
        """The round in play, or the round that `ended` (its claims, the dice shown
        and the points each player scored in it)."""
        w, me = self.words, view.viewer
        seats, common = (ended.seats, ended.common) if ended else (view.seats, view.common)
        won = seat_points(view.rules, ended.common, ended.seats) if ended else None
        rows = []
        for i, (name, seat) in enumerate(zip(view.players, seats)):
            who = kind_words(self.kinds[i], w)
            current = ' class="dicelab-current"' if i == view.to_move and not ended else ""
            this_round = "" if won is None else f"<td>{w.signed(won[i], 0)}</td>"
            rows.append(
                f"<tr{current}><td><b>{html.escape(name)}</b><br>"
                f'<span class="dicelab-kind">{html.escape(who)}</span></td>'
                f"<td>{scores[name]}</td>{this_round}<td>{dice_text(seat, i == me)}</td>"
                f'<td class="dicelab-status">{self._status(view, seat, common)}</td></tr>'
            )
        titles = (w("points"), *((w("this_round"),) if ended else ()), "", "")
        head = head_row((w("players"), *titles))
        self.widget.value = f'<table class="dicelab-players">{head}{"".join(rows)}</table>'


def last_round_html(view: GameState, words: Words) -> str:
    """Everyone's dice in the last round played (for the teacher)."""
    if not view.history:
        return ""
    record = view.history[-1]
    common = "".join(die_face(f) for f in record.common)
    rows = [
        f"<tr><td>{html.escape(name)}</td><td>{dice_text(seat, True)}</td></tr>"
        for name, seat in zip(view.players, record.seats)
    ]
    title = html.escape(words("last_round", round=len(view.history)))
    return (
        f"<b>{title}</b> <span class='dicelab-dice-text'>{common}</span>"
        f'<table class="dicelab-players">{"".join(rows)}</table>'
    )


class EventLog(BaseLog):
    """The log of a game of Sly Dice (see the module)."""

    def record(
        self, game: SlyDiceGame, name: str, action: Any, before: GameState, mine: bool
    ) -> None:
        """Log `name`'s `action` (made on `before`; the game is now past it)."""
        if isinstance(action, RollCommon):
            common = game.state.common or ()
            self.add("ev_common", name=name, dice=" ".join(map(str, common)))
        elif isinstance(action, Roll):
            if mine:
                seat = game.state.seats[game.players.index(name)]
                self.add("ev_mine", dice=" ".join(map(str, seat.own)))
            elif action.aside is None:
                self.add("ev_first", name=name)
            else:
                seat = before.seats[before.players.index(name)]
                self.add("ev_aside", name=name, face=seat.hidden[action.aside])
        elif isinstance(action, Stop):
            self.add("ev_stop", name=name)
        elif isinstance(action, Claim):
            self.add("ev_claim", name=name, card=game.rules.card(action.card))
        elif isinstance(action, (Accuse, Pass, Reveal)):
            self._settled(game, name, action, before)
        if len(game.state.history) > len(before.history):
            self._round_over(game, before)
        self.show()

    def recap(self, view: GameState) -> None:
        """Tell again, not as news, what the table saw of the rounds played and of
        this round's claims, in claiming order: for a game loaded or joined mid-way.

        >>> from dicelab.core.ui.words import Words
        >>> from dicelab.sly_dice.panel.words import WORDS
        >>> log = EventLog(Words(WORDS))
        >>> log.recap(SlyDiceGame(["Ana", "Bia"], seed=1).view("Ana"))  # nothing played yet
        >>> log.lines
        []
        """
        rounds = [(r.common, r.seats) for r in view.history]
        if view.common is not None:
            rounds.append((view.common, view.seats))
        players = len(view.players)
        for number, (common, seats) in enumerate(rounds, 1):
            for k in range(players):  # the claims go clockwise from the start player
                seat = (number - 1 + k) % players
                self._told_claim(view, common, seat, seats[seat])
            if number <= len(view.history):
                self.add("ev_round", round=number)
        self.replay(self.events)

    def _told_claim(self, view: GameState, common: tuple[int, ...], index: int, seat: Seat) -> None:
        """One claim as the table saw it, and how it was settled."""
        if seat.claim is None:
            return
        rules, name = view.rules, view.players[index]
        points = rules.points_of(seat.claim)
        self.add("ev_claim", name=name, card=rules.card(seat.claim))
        if not seat.settled:
            return
        if seat.accuser is not None:
            accuser = view.players[seat.accuser]
            if is_honest(rules, common, seat):
                value = self.words.signed(rules.false_accusation, 0)
                self.add("ev_wrong", name=accuser, claimer=name, points=points, value=value)
            else:
                self.add("ev_caught", name=accuser, claimer=name)
            return
        self.add("ev_stands", count=points, name=name, points=points)
        if not seat.shown:
            self.add("ev_kept", name=name)
        elif is_honest(rules, common, seat):
            self.add("ev_true_shown", name=name)
        else:
            self.add("ev_lie_shown", name=name, value=rules.successful_lie)

    def _seat(
        self, game: SlyDiceGame, before: GameState, index: int
    ) -> tuple[tuple[int, ...], Seat]:
        """The common dice and a seat of the round `before` was in, as it ended or stands."""
        state = game.state
        if len(state.history) > len(before.history):
            record = state.history[-1]
            return record.common, record.seats[index]
        assert state.common is not None
        return state.common, state.seats[index]

    def _settled(self, game: SlyDiceGame, name: str, action: Any, before: GameState) -> None:
        claimer = before.claimer
        assert claimer is not None
        claimer_name = before.players[claimer]
        common, seat = self._seat(game, before, claimer)
        rules = game.rules
        points = rules.points_of(seat.claim or "")
        if isinstance(action, Pass):
            self.add("ev_pass", name=name)
            if game.state.asked is None and before.asked is not None and not seat.settled:
                self.add("ev_stands", count=points, name=claimer_name, points=points)
        elif isinstance(action, Accuse):
            if is_honest(rules, common, seat):
                value = self.words.signed(rules.false_accusation, 0)
                self.add("ev_wrong", name=name, claimer=claimer_name, points=points, value=value)
            else:
                self.add("ev_caught", name=name, claimer=claimer_name)
        elif action.show:
            honest = is_honest(rules, common, seat)
            if honest:
                self.add("ev_true_shown", name=name)
            else:
                self.add("ev_lie_shown", name=name, value=rules.successful_lie)
        else:
            self.add("ev_kept", name=name)

    def _round_over(self, game: SlyDiceGame, before: GameState) -> None:
        self.add("ev_round", round=len(game.state.history))
        if not game.is_over and len(game.state.table) > len(before.table):
            self.add("ev_card", card=game.rules.card(game.state.table[-1]))


class PublicTable:
    """What the whole class sees of a table, for the teacher's projector: the
    common dice, the cards on the table, and every player's set-aside dice,
    shield, claim, accusation and points, from the public view (no hidden die
    until it is shown)."""

    name = "sly-dice"
    css = VIEWS_CSS

    def __init__(self, words: Words, kinds: Sequence[str | None]) -> None:
        self.kinds = list(kinds)  # who plays each seat (the projector keeps it up to date)
        self.words = words
        self.common = widgets.HTML()
        self.players = PlayersView(words, kinds)
        self.widget = widgets.VBox([self.common, self.players.widget])

    def refresh(self, view: GameState, scores: dict[str, int]) -> None:
        w, rules = self.words, view.rules
        dice = "".join(die_face(face) for face in view.common or ())
        cards = listing(
            [f"{rules.card(c).name(w.lang)} ({rules.points_of(c)})" for c in view.table], w
        )
        self.common.value = (
            f"<b>{html.escape(w('common'))}</b> <span class='dicelab-dice-text'>{dice}</span>"
            f"<br><b>{html.escape(w('cards'))}</b> {html.escape(cards)}"
        )
        self.players.kinds = self.kinds
        self.players.refresh(view, scores)


def prompt_text(view: GameState, seat_index: int, words: Words) -> str:
    """What the player at `seat_index` has to do now in `view` ("" when it is not
    their turn)."""
    if view.to_move != seat_index:
        return ""
    seat, phase = view.seats[seat_index], view.phase
    if phase == "common":
        return words("do_common")
    if phase == "rolling":
        return words("do_first_roll" if not seat.rolls else "do_roll")
    if phase == "claim":
        return words("do_claim")
    if phase == "ask":
        claimer = view.claimer
        assert claimer is not None
        claim = view.seats[claimer].claim
        assert claim is not None
        name = view.rules.card(claim).name(words.lang)
        points = view.rules.points_of(claim)
        return words("do_ask", count=points, name=view.players[claimer], card=name, points=points)
    return words("do_reveal")
