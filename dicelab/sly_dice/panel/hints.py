"""The Sly Dice panel's hints: exact odds for the decision at hand.

- rolling: each card's points, its chance given what you see (the common
  dice and yours: before your first roll, the chance of one roll), and the
  best chance of making it by the end of your rolls, with the move that
  gets it;
- claiming: each card, true for you or not, how likely the others find it
  (Bayes, from the dice you set aside) and, against bots, the exact chance
  that one of them accuses it (each bot's `accuse_chance`), else whether a
  calculator would accuse;
- asked about a claim: the Bayes table (prior, likelihood, posterior) and
  what accusing and passing are worth: exact for a bot's claim (its own
  rolling and claiming, `Bot.read_claim`), else for an assumed typical
  player (said so);
- nobody accused your claim: what showing your dice would earn.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from fractions import Fraction

import ipywidgets as widgets

from dicelab.core.dice.hands import as_hand
from dicelab.core.present.charts import Cell, Markup, bar_cell, html_table
from dicelab.core.present.numbers import fraction_text
from dicelab.core.ui.widgets import heading
from dicelab.core.ui.words import Words, kind_words
from dicelab.sly_dice.bayes import accusation_values, rolling_posterior, should_accuse
from dicelab.sly_dice.odds import card_plan, chance
from dicelab.sly_dice.rules import SIX
from dicelab.sly_dice.seen import ASSUMED_LIE_RATE, Seen
from dicelab.sly_dice.state import GameState
from dicelab.sly_dice.strategy import strategy

BAR = "#1e88e5"


class HintsView:
    """`widget`: a title, a table and a note, for the view of the player `me`."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.title = widgets.HTML()
        self.title.add_class("dicelab-hints-title")
        self.table = widgets.HTML()
        self.table.add_class("dicelab-hints-table")
        self.note = widgets.HTML()
        self.widget = widgets.VBox([self.title, self.table, self.note])
        self.widget.add_class("dicelab-hints")

    def _p(self, share: Fraction) -> Markup:
        return bar_cell(share, BAR, self.words.percent(share), fraction_text(share))

    def refresh(self, view: GameState, me: int, kinds: Sequence[str | None] = ()) -> None:
        """Show the hints for what `me` has to decide in `view`; `kinds` says who plays
        each seat (a bot's name, None you, "" a classmate), so that a bot's claim is
        read by the bot's own way of playing."""
        phase, mover = view.phase, view.to_move
        self.note.value = self.table.value = ""
        if mover != me:
            self._say("hint_wait")
        elif view.common is None:
            self._say("hint_common")
        elif phase == "rolling":
            self._rolling(view, me)
        elif phase == "claim":
            self._claiming(view, me, kinds)
        elif phase == "ask":
            self._asked(view, kinds)
        else:
            self._revealing(view, me)

    def _say(self, key: str, **values: int) -> None:
        """A hint in one line, with no table."""
        self.title.value = f"<i>{html.escape(self.words(key, **values))}</i>"

    def _revealing(self, view: GameState, me: int) -> None:
        seat = view.seats[me]
        assert view.common is not None and seat.claim is not None
        if view.rules.card(seat.claim).holds(view.common + seat.own):
            self._say("hint_reveal_true")
        else:
            self._say("hint_reveal_lie", value=view.rules.successful_lie)

    def _card_name(self, view: GameState, card: str) -> str:
        return view.rules.card(card).name(self.words.lang)

    def _rolling(self, view: GameState, me: int) -> None:
        w, seat = self.words, view.seats[me]
        assert view.common is not None
        common, aside, hidden = as_hand(view.common), as_hand(seat.aside), as_hand(seat.hidden)
        seen = common + aside + hidden
        rows: list[list[Cell]] = []
        for card_id in view.table:
            card = view.rules.card(card_id)
            options = card_plan(card, common).options(aside, hidden, seat.rolls)
            best = max(options.values())
            choice = next(k for k, v in options.items() if v == best)
            if not seat.rolls:
                move = w("move_roll")
            else:
                move = w("move_stop") if choice is None else w("move_aside", face=choice)
            now = chance(card, seen, SIX - len(seen))
            rows.append(
                [
                    card.name(w.lang),
                    str(view.rules.points_of(card_id)),
                    (w.percent(now), fraction_text(now)),
                    self._p(best),
                    move,
                ]
            )
        self.title.value = heading(w("hint_rolling"))
        headers = [w("card"), w("points"), w("p_seen"), w("p_best"), w("best_move")]
        self.table.value = html_table(headers, rows, "dicelab-odds")

    def _claiming(self, view: GameState, me: int, kinds: Sequence[str | None]) -> None:
        w, seat, rules = self.words, view.seats[me], view.rules
        assert view.common is not None
        common, aside = as_hand(view.common), as_hand(seat.aside)
        true = rules.true_cards(view.common + seat.own, view.table)
        players = len(view.players)
        bots = [strategy(str(k)) for i, k in enumerate(kinds) if i != me and k]
        against_bots = len(bots) == players - 1  # else a classmate's way is not known
        mine = Seen.of(view, me)  # your claim as the bots see it
        rows = []
        for card_id in view.table:
            p = rolling_posterior(
                card_id, common, aside, ASSUMED_LIE_RATE, view.table, rules
            ).posterior
            if against_bots:  # the exact chance that a bot accuses (each decides alone)
                passed = Fraction(1)
                for bot in bots:
                    passed *= 1 - bot.accuse_chance(mine, card_id)
                accused: Cell = self._p(1 - passed)
            else:
                accused = w("yes") if should_accuse(p, card_id, rules, players) else w("no")
            rows.append(
                [
                    self._card_name(view, card_id),
                    str(rules.points_of(card_id)),
                    w("yes") if card_id in true else w("no"),
                    self._p(p),
                    accused,
                ]
            )
        self.title.value = heading(w("hint_claim"))
        accuse = w("bots_accuse" if against_bots else "they_accuse")
        headers = [w("card"), w("points"), w("true_for_you"), w("p_others"), accuse]
        self.table.value = html_table(headers, rows, "dicelab-odds")
        self.note.value = f"<small>{html.escape(w('claim_note'))}</small>"  # why true can be 0%

    def _asked(self, view: GameState, kinds: Sequence[str | None]) -> None:
        w, rules = self.words, view.rules
        claimer = view.claimer
        assert claimer is not None and view.common is not None
        seat = view.seats[claimer]
        assert seat.claim is not None
        kind = kinds[claimer] if claimer < len(kinds) else ""
        if kind:  # a bot: read as it plays
            post = strategy(kind).read_claim(Seen.of(view, claimer), seat.claim)
        else:
            post = rolling_posterior(
                seat.claim, view.common, seat.aside, ASSUMED_LIE_RATE, view.table, rules
            )
        rows = []
        for case, prior, likelihood in (
            (w("case_true"), post.prior, post.if_true),
            (w("case_lie"), 1 - post.prior, post.if_false),
        ):
            joint = prior * likelihood
            rows.append(
                [
                    case,
                    self._p(prior),
                    self._p(likelihood),
                    self._p(joint / post.evidence if post.evidence else prior),
                ]
            )
        name = view.players[claimer]
        card = self._card_name(view, seat.claim)
        self.title.value = heading(w("hint_ask", name=name, card=card))
        headers = [w("case"), w("prior"), w("likelihood"), w("posterior")]
        self.table.value = html_table(headers, rows, "dicelab-odds")
        values = accusation_values(post.posterior, seat.claim, rules, len(view.players))
        note = w(
            "bayes_note_bot" if kind else "bayes_note",
            name=name,
            bot=kind_words(kind, w) if kind else "",
            accuse=w.signed(values["accuse_standing"]),
            pass_=w.signed(values["pass_standing"]),
        )
        self.note.value = f"<small>{html.escape(note)}</small>"
