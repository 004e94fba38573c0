"""The Solo panel's log: what every player did, in the panel's language.

It tells only what the table saw, from your view before and after each move:
a bot's draw is "drew a card" (your own draw names the card), a Gift is its
number of cards, and what an attack did is told by the hands' sizes.  Each
event is kept as a word key and its values (cards as `Card`s, colours by
name), so the log can be said again in another language.
"""

from __future__ import annotations

from typing import Any

from dicelab.core.ui.log import EventLog as BaseLog
from dicelab.solo.game import Accept, Action, Draw, Play
from dicelab.solo.panel.words import colour_name
from dicelab.solo.rules import Card, card
from dicelab.solo.state import GameState


def grown(before: GameState, after: GameState, but: int) -> tuple[int, int] | None:
    """The player (not `but`) whose hand grew the most, and by how many cards."""
    sizes = [
        (len(a) - len(b), seat)
        for seat, (b, a) in enumerate(zip(before.hands, after.hands))
        if seat != but
    ]
    more, seat = max(sizes)
    return (seat, more) if more > 0 else None


class EventLog(BaseLog):
    """The log of a game of Solo (see the module)."""

    shown = 9

    def value_text(self, key: str, value: Any) -> Any:
        if key == "colour":
            return colour_name(value, self.words.lang)
        return super().value_text(key, value)

    def recap(self, view: GameState) -> None:
        """Tell again, not as news, what the table saw of the rounds played (who
        went out of each): for a game loaded or joined mid-way."""
        for number, points in enumerate(view.rounds, 1):
            self.add("ev_round", round=number, name=view.players[points.index(0)])
        self.replay(self.events)

    def record(self, action: Action, before: GameState, after: GameState) -> int:
        """Log `action` of a player, made on your view `before`, leading to your view
        `after`; the number of events added."""
        start = len(self.events)
        seat = before.players.index(action.player)
        name = action.player
        if isinstance(action, Draw):
            if seat == before.viewer:
                more = len(after.hands[seat]) > len(before.hands[seat])
                drawn = after.hands[seat][-1] if more else None
                if isinstance(drawn, Card):
                    self.add("ev_drew_mine", name=name, card=drawn)
                    if after.phase == "drawn":
                        self.add("ev_fits", card=drawn)
            else:
                self.add("ev_drew_one", name=name)
        elif isinstance(action, Accept):
            self._accepted(before, after)
        else:
            self._played(action, seat, before, after)
        if len(after.rounds) > len(before.rounds):
            points = after.rounds[-1]
            out = after.players[points.index(0)] if 0 in points else name
            self.add("ev_round", round=len(after.rounds), name=out)
        self.show()
        return len(self.events) - start

    def _played(self, action: Play, seat: int, before: GameState, after: GameState) -> None:
        played, name = card(action.card), action.player
        same_round = len(after.rounds) == len(before.rounds)
        pending = before.pending
        if pending is not None and played.kind == "protection":
            self.add("ev_protect", name=name, card=played)
        elif pending is not None:
            self.add("ev_stack", name=name, card=played)
        elif seat != before.turn:
            self.add("ev_jump", name=name, card=played)
        elif action.colour is not None:
            self.add("ev_play_colour", name=name, card=played, colour=action.colour)
        elif action.target is not None:
            self.add("ev_swap", name=name, card=played, other=action.target)
        else:
            self.add("ev_play", name=name, card=played)
        if pending is not None and action.colour is not None:
            self.add("ev_names", name=name, colour=action.colour)
        if action.solo:
            self.add("ev_solo", name=name)
        elif len(before.hands[seat]) == 2 and same_round and before.rules.solo_penalty:
            self.add("ev_no_solo", name=name, count=before.rules.solo_penalty)
        if not same_round:
            return
        if played.kind == "gift":
            target = after.pending.target if after.pending is not None else None
            if target is None:
                found = grown(before, after, seat)
                target = found[0] if found else None
            if target is not None:
                size = len(action.gift)
                self.add("ev_gift", name=name, count=size, other=after.players[target])
        if pending is not None and played.kind == "protection":
            if pending.kind == "gift":
                self.add("ev_gift_back", name=after.players[pending.by])
            elif pending.kind == "rotate" and after.pending is None:
                self.add("ev_rotated")
            return
        self._outcome(played.kind, seat, before, after)

    def _outcome(self, kind: str, seat: int, before: GameState, after: GameState) -> None:
        """What an attack made by this move did, when it was over at once."""
        if after.pending is not None:
            return
        if kind in ("draw2", "draw4"):
            found = grown(before, after, seat)
            if found is not None:
                self.add("ev_drew", name=after.players[found[0]], count=found[1])
        elif kind == "rotate":
            self.add("ev_rotated")
        elif kind == "gift":
            found = grown(before, after, seat)
            if found is not None:
                self.add("ev_gift_taken", name=after.players[found[0]], count=found[1])

    def _accepted(self, before: GameState, after: GameState) -> None:
        pending = before.pending
        if pending is None or len(after.rounds) > len(before.rounds):
            return
        if pending.kind == "rotate":
            if after.pending is None:
                self.add("ev_rotated")
            return
        assert pending.target is not None
        target = pending.target
        more = len(after.hands[target]) - len(before.hands[target])
        key = "ev_drew" if pending.kind == "draw" else "ev_gift_taken"
        self.add(key, name=after.players[target], count=more)
