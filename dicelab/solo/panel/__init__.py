"""`SoloPanel`: play Solo against 1 to 5 bots in a notebook.

You are the first player; the others are bots (`blocker`, `keep-black`,
`dump-high`, `random`).  The panel shows only your view: your hand as cards,
the top of the discard pile (and the colour in force after a black card),
the draw pile's size, and the others' hands as card backs.  Click a card to
play it (a Choose colour or Draw four then asks for a colour, a Swap hands
for an opponent, a Gift for the cards to give); Draw when nothing fits (a
drawn card that fits is played next); when attacked, answer with a
highlighted card or Accept; say "Solo!" before playing your second-to-last
card.  The bots play one move at a time until you have something to decide;
when a bot plays a card you hold an identical copy of, the panel stops so
that you may jump in with it (or Go on).  A round's end waits for Next round.

>>> panel = SoloPanel(["Ana"], seed=3)
>>> panel.game.players, panel.kinds
(('Ana', 'Cleo', 'Duda'), [None, 'blocker', 'keep-black'])
>>> panel.mode(), panel.draw_button.description, len(panel.colour_buttons)
('turn', 'Draw a card', 4)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from dicelab.core.ui.panel import safe_callback
from dicelab.errors import IllegalMove, SettingsError
from dicelab.solo.game import RULE_OVER, Accept, Action, Draw, Play, SoloGame
from dicelab.solo.panel.hints import HintsView
from dicelab.solo.panel.seats import BotSeats, seats_of
from dicelab.solo.panel.views import DECIDING, SoloView
from dicelab.solo.panel.words import WORDS
from dicelab.solo.rules import SoloRules
from dicelab.solo.strategy import STRATEGIES

DEFAULT_SAVE = "solo-save.json"
MOVES = 10_000  # more bot moves than a round can take between two of yours


class SoloPanel(SoloView):
    """Solo against bots (see the module).  Widgets for tests and scripts: `hand`
    (your cards: `hand.button_for("red-5")`), `colour_buttons[colour]`,
    `target_buttons[name]`, `give_button`, `cancel_button`, `draw_button`,
    `accept_button`, `solo_toggle`, `go_on_button`, `next_round_button`,
    `table_view`, `players_view`, `log`, `prompt`, `hints_toggle`."""

    game_class = SoloGame
    default_save = DEFAULT_SAVE
    hides_information = True
    bot_kinds = STRATEGIES

    def __init__(
        self,
        players: Sequence[str] = ("You",),
        seed: int | None = None,
        lang: str = "en",
        bots: Sequence[str] | None = None,
        rules: SoloRules | None = None,
        teacher: bool = False,
    ) -> None:
        names, kinds = seats_of(players, bots)
        seed = self._setup(WORDS, lang, seed, teacher)
        self.kinds = [None, *kinds]
        self.bots = BotSeats(kinds, seed)
        self._hints: HintsView | None = None
        self._rounds_seen = 0
        self._declined = None
        self._legal_cache = (None, [])
        game = SoloGame(names, rules, seed=seed)
        self._build_widgets()
        self._install(game, seed)

    def _install(self, game: SoloGame, seed: int | None, keep: SoloPanel | None = None) -> None:
        """Play on with `game` (a new one, a loaded one, or `keep`'s in another language:
        then with its pauses, its choice under way and its log)."""
        if len(game.players) != len(self.kinds):
            raise SettingsError(
                f"this panel has {len(self.kinds)} seats; the game has {len(game.players)}"
            )
        self._game = game
        self.review.hide()
        self.bots.seat(game)
        self.choice.seat([p for p in game.players if p != game.players[self.seat]])
        self._rounds_seen = len(game.state.rounds)
        self._declined = None
        self.choice.reset()
        self.solo_toggle.value = False
        self.log.clear()
        if keep is not None:
            self._rounds_seen = keep._rounds_seen
            self._declined = keep._declined
            self.bots.keep(keep.bots)
            self.choice.keep(keep.choice)
            self.log.replay(keep.log.events)
        else:
            self.log.recap(game.view(self.me))  # a game loaded or joined: what was played
        self._show_seed(seed)
        self._bots_play()
        self.message.clear()
        self.refresh()

    # --- playing --------------------------------------------------------------------

    def _apply(self, action: Action) -> list[str]:
        """Apply one action (the engine checks it) and log it: the lines logged."""
        before = self._view()
        self._game.apply(action)
        count = self.log.record(action, before, self._view())
        return self.log.lines[len(self.log.lines) - count :] if count else []

    def _act(self, action: Action) -> None:
        """Do your action, then let the bots play until you have something to decide."""
        if self._game.is_over:
            raise IllegalMove(RULE_OVER, "the game is over")
        said = self._apply(action)
        self.choice.reset()
        self.solo_toggle.value = False
        self._bots_play()
        self.refresh()
        self.message.info(" · ".join(said) or self._prompt(), quiet=bool(said))

    def _bots_play(self) -> None:
        """Let the bots move, one action at a time, until you have something to decide
        (your turn, an answer, a card you may jump in with), a round ends, or the game.
        Before your turn, a bot holding the card just played may jump in."""
        for _ in range(MOVES):
            mode = self.mode()
            if mode == "answer" and self._legal() == [Accept(self.me)]:
                self._apply(Accept(self.me))  # nothing to answer with: the attack goes on
                continue
            if mode not in ("wait", "turn") or self._game.remote:  # a table's bots: the service's
                return
            action = self.bots.next_move(self._game, mode == "turn")
            if action is None:
                return
            self._apply(action)
        raise SettingsError(f"the bots made {MOVES} moves in a row")

    def _play(self, **choice: Any) -> None:
        """Play the card chosen with its colour, target or gift, and Solo if said."""
        chosen = self.choice.chosen
        assert chosen is not None
        hand = self._hand()
        solo = bool(self.solo_toggle.value) and len(hand) == 2
        self._act(Play(self.me, hand[chosen].id, solo=solo, **choice))

    @safe_callback
    def _on_card(self, index: int) -> None:
        """A card of your hand: play it, or choose what it asks for first; pick it for a
        Gift; a card that cannot be played says why (the engine's rule)."""
        choice, w = self.choice, self.words
        if self.mode() not in DECIDING:
            self.message.error(self._why())
            return
        clicked = self._hand()[index]
        if choice.ask == "gift" and index != choice.chosen:
            need = self._gift_size()
            if not choice.pick(index, need):
                self.message.error(w("gift_full", count=need, n=need))
                return
        elif choice.ask and index == choice.chosen:
            choice.reset()
            self.refresh()
            self.message.info(w("cancelled"))
            return
        else:
            plays = [a for a in self._plays() if a.card == clicked.id]
            if not plays:
                try:
                    self._act(Play(self.me, clicked.id, solo=bool(self.solo_toggle.value)))
                except IllegalMove as error:
                    why = self.explain(error)
                    self.message.error(w("card_refused", card=clicked.name(w.lang), why=why))
                return
            if any(a.colour is not None for a in plays):
                choice.start("colour", index)
            elif any(a.target is not None for a in plays):
                choice.start("target", index)
            elif len({a.gift for a in plays}) > 1:
                choice.start("gift", index)
            else:
                choice.start("", index)
                self._play(gift=plays[0].gift)
                return
        self.refresh()
        self.message.clear()  # the prompt above says what to choose

    @safe_callback
    def _on_colour(self, colour: str) -> None:
        if self.choice.ask != "colour":
            self.message.error(self.words("no_colour_asked"))
            return
        self._play(colour=colour)

    @safe_callback
    def _on_target(self, name: str) -> None:
        if self.choice.ask != "target":
            self.message.error(self.words("no_target_asked"))
            return
        self._play(target=name)

    @safe_callback
    def _on_give(self) -> None:
        w, picks = self.words, self.choice.picks
        if self.choice.ask != "gift":
            self.message.error(w("no_gift_asked"))
            return
        need = self._gift_size()
        if len(picks) != need:
            self.message.error(w("pick_gift", count=need, n=need, picked=len(picks)))
            return
        hand = self._hand()
        self._play(gift=tuple(sorted(hand[i].id for i in picks)))

    @safe_callback
    def _on_cancel(self) -> None:
        if not self.choice.ask:
            self.message.error(self.words("nothing_to_cancel"))
            return
        self.choice.reset()
        self.refresh()
        self.message.info(self.words("cancelled"))

    @safe_callback
    def _on_draw(self) -> None:
        if self.mode() not in ("turn", "answer"):
            self.message.error(self._why())
            return
        self._act(Draw(self.me))

    @safe_callback
    def _on_accept(self) -> None:
        if self.mode() != "answer":
            self.message.error(self._why() if self._game.is_over else self.words("no_attack"))
            return
        self._act(Accept(self.me))

    @safe_callback
    def _on_go_on(self) -> None:
        if self.mode() != "jump":
            self.message.error(self.words("no_jump"))
            return
        self._declined = self._game.state
        self.choice.reset()
        self.solo_toggle.value = False
        start = len(self.log.events)
        self._bots_play()
        self.refresh()
        logged = self.log.lines[start:]  # announced by the log, each line once
        self.message.info(" · ".join(logged) or self._prompt(), quiet=bool(logged))

    @safe_callback
    def _on_next_round(self) -> None:
        if self.mode() != "round":
            self.message.error(self.words("no_round_over"))
            return
        self._rounds_seen += 1
        self.choice.reset()
        self._bots_play()
        self.refresh()
        self.message.info(self.words("round_starts", round=self._rounds_seen + 1))

    @safe_callback
    def _on_solo(self, change: Any = None) -> None:
        """Say Solo (for the card you play next); only with two cards in hand."""
        if not self.solo_toggle.value:
            return
        size = len(self._hand())
        if self.mode() not in DECIDING or size != 2:
            self.solo_toggle.value = False
            self.message.error(self.words("solo_when_two", count=size, n=size))
            return
        self.message.info(self.words("solo_said"))

    @safe_callback
    def _on_hints(self, change: Any = None) -> None:
        self.refresh()

    # --- new games, games from elsewhere ------------------------------------------

    def _fresh_game(self, seed: int) -> SoloGame:
        self.bots = BotSeats(self.bots.kinds, seed)
        return SoloGame(self._game.players, self._game.rules, seed=seed)

    def _started_text(self, game: SoloGame, seed: int) -> str:
        return f"{self._new_game_words(seed)}. {self._prompt()}"

    def _options(self) -> dict[str, Any]:
        return {**super()._options(), "teacher": self.teacher}

    def in_language(self, lang: str) -> SoloPanel:
        """A panel in another language that plays on with the same game: the same
        bots (and their random generator), the log said again, the round or jump in
        it waits for, the choice under way, Solo said or not, the Hints toggle."""
        panel = self._taken_on_in(lang)
        panel.solo_toggle.value = self.solo_toggle.value
        panel.message.clear()
        return panel
