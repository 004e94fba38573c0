"""What the Solo panel says, from your view of the game: the head line (round,
direction, whose turn), what you have to do now, a round's points, and the
end of the game.  Plain functions of the words and the view, so that the
panel only puts them in its widgets.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from dicelab.core.ui.words import Words, listing, result_text
from dicelab.solo.panel.seats import current_seat
from dicelab.solo.panel.views.cards import card_html, card_tip, sorted_hand
from dicelab.solo.rules import Card
from dicelab.solo.state import GameState


def head_text(words: Words, view: GameState) -> str:
    """ "Round 2 · ↻ clockwise · turn: Cleo"."""
    turning = words("clockwise" if view.direction == 1 else "counter_clockwise")
    name = view.players[current_seat(view)]
    return words("round", round=len(view.rounds) + 1, direction=turning, name=name)


def round_out(view: GameState, index: int) -> str:
    """Who went out in the round `index` (0 the first): the player with no points."""
    points = view.rounds[index]
    return view.players[points.index(0)] if 0 in points else ""


def prompt_text(
    words: Words,
    view: GameState,
    mode: str,
    rounds_seen: int,
    can_draw: bool,
    asked: tuple[str, str, int, int] | None = None,
) -> str:
    """What you have to do now, in `mode` (see `SoloPanel.mode`); `asked` is a choice
    under way: (what is asked, the card's name, cards to give, cards picked)."""
    w = words
    me = view.viewer
    assert me is not None
    if mode == "over":
        return w("game_is_over")
    if mode == "round":
        out = round_out(view, rounds_seen)
        key = "do_next_round_you" if out == view.players[me] else "do_next_round"
        return w(key, round=rounds_seen + 1, name=out)
    if mode == "answer":
        return answer_text(words, view)
    if asked is not None:
        ask, name, need, picked = asked
        if ask == "gift":
            return w("do_gift", count=need, n=need, picked=picked, card=name)
        return w(f"do_{ask}", card=name)
    hand = [c for c in view.hands[me] if c is not None]
    if mode == "jump":
        assert view.jump is not None
        return w("do_jump", card=view.jump.name(w.lang))
    if mode == "turn":
        if view.phase == "drawn":
            return w("do_drawn", card=hand[-1].name(w.lang))
        return w("do_draw" if can_draw else "do_play")
    return w("wait")


def answer_text(words: Words, view: GameState) -> str:
    """What you may do against the attack on you."""
    w, pending = words, view.pending
    assert pending is not None
    by = view.players[pending.by]
    if pending.kind == "draw":
        return w("do_answer_draw", name=by, card=view.top.name(w.lang), count=pending.amount)
    if pending.kind == "rotate":
        return w("do_answer_rotate", name=by)
    gift = [c.name(w.lang) for c in pending.gift if c is not None]
    return w("do_answer_gift", name=by, count=len(gift), cards=listing(gift, w))


class Markup(str):
    """A table cell that is HTML already (`_table` escapes every other cell)."""


def _table(head: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    def cell(x: object) -> str:
        return x if isinstance(x, Markup) else html.escape(str(x))

    cells = "".join(f"<th>{html.escape(str(t))}</th>" for t in head)
    body = "".join("<tr>" + "".join(f"<td>{cell(x)}</td>" for x in row) + "</tr>" for row in rows)
    return f'<table class="dicelab-table"><tr>{cells}</tr>{body}</table>'


def cards_left_html(words: Words, hand: Sequence[Card]) -> Markup:
    """The cards left in a hand as small cards, each named with its points ("–" for none).

    >>> from dicelab.core.ui.words import Words
    >>> from dicelab.solo.panel.words import WORDS
    >>> from dicelab.solo.rules import card
    >>> 'aria-label="Red 7 · 7 points"' in cards_left_html(Words(WORDS), [card("red-7")])
    True
    """
    chips = (card_html(c, card_tip(c, words), small=True) for c in sorted_hand(hand))
    return Markup(f'<span class="dicelab-cards-left">{"".join(chips) or "–"}</span>')


def round_html(words: Words, view: GameState, index: int) -> str:
    """The points of round `index` (0 the first) and the totals after it; for the last
    round played, the cards each hand had left, which scored them."""
    w, points = words, view.rounds[index]
    totals = [sum(r[i] for r in view.rounds[: index + 1]) for i in range(len(points))]
    ended = view.ended if index == len(view.rounds) - 1 else None
    if ended is None:
        return _table(
            (w("players"), w("this_round"), w("total")), list(zip(view.players, points, totals))
        )
    left = [cards_left_html(w, hand) for hand in ended.hands]
    head = (w("players"), w("cards_left"), w("this_round"), w("total"))
    return _table(head, list(zip(view.players, left, points, totals)))


def end_texts(
    words: Words, view: GameState, winners: Sequence[str], losing_score: int
) -> tuple[str, str]:
    """The end screen: who won and who lost (a line), and every round's points with
    the totals (HTML)."""
    w = words
    scores = dict(zip(view.players, view.totals))
    losers = [n for n, p in scores.items() if p >= losing_score]
    head = f"{w('game_over')} {result_text(scores, winners, w)} "
    head += w("reached", count=len(losers), names=listing(losers, w), points=losing_score)
    titles = [w("players"), *(str(k + 1) for k in range(len(view.rounds))), w("total")]
    rows = [[n, *(r[i] for r in view.rounds), scores[n]] for i, n in enumerate(view.players)]
    last = round_html(w, view, len(view.rounds) - 1) if view.ended is not None else ""
    return head, _table(titles, rows) + last
