"""`TableGame`: one seat's game at a class table, behind the engine contract.

A panel plays a local engine or a table the same way: it reads `view(me)`,
`legal_actions(me)`, `to_move()`, `is_over`, `scores()` and `winners()`, and
calls `apply(action)`.  Here each of them is answered from the service's
answer for this seat (`Client.view`): the view read back into the game's own
snapshot (`view_from_json`), the legal actions into the game's own action
objects; `apply` sends the action and takes the answer after it (the bots
have moved in the service by then).  What follows from the view alone (the
points so far, the rules) comes from the game's engine run on the view, so
nothing here knows a rule.  The view holds only what this seat may see:
there is nothing else in this process to show.

`sync()` reads the answer again when the table has moved; `watch(on_change)`
does it on every change the service announces (a thread reading its event
stream), calling `on_change` on the kernel's main thread.

>>> TableGame.remote, GameBase.remote
(True, False)
"""

from __future__ import annotations

import inspect
import json
import threading
import time
from collections.abc import Callable
from typing import Any, ClassVar

from dicelab.classroom.client import Client
from dicelab.core.engine import GameBase
from dicelab.core.engine.actions import action_types, decode
from dicelab.core.ui.background import on_main
from dicelab.errors import SettingsError, TableError
from dicelab.games import GAMES

__all__ = ["TableGame", "Watcher"]

RETRY = 2.0  # seconds before a watcher reconnects to a service that went away
MOVES = frozenset(  # what an engine offers that changes a game, or writes it whole
    {"roll", "choose", "redraw_hidden", "save", "to_json", "to_dict", "from_json", "load"}
)


class TableGame:
    """The game at the table `client` has joined, as its seat sees it (see the module)."""

    remote: ClassVar[bool] = True

    def __init__(self, client: Client, answer: dict[str, Any] | None = None) -> None:
        self.client = client
        answer = client.view() if answer is None else answer
        if answer.get("player") is None:
            raise SettingsError("a seat's game needs a seat's client (join the table first)")
        self.info = GAMES[answer["game"]]
        self.engine_class: type[GameBase[Any, Any]] = self.info.engine_class
        self._kinds = action_types(inspect.getmodule(self.engine_class))
        self.about = client.about()
        self.watcher = Watcher(client)
        self._take(answer)

    def _take(self, answer: dict[str, Any]) -> None:
        """Make `answer` (the service's, for this seat) the game as it stands."""
        state = self.engine_class.view_from_json(json.dumps(answer["view"]))
        self._answer = answer
        self._state = state
        self._local: Any = self.engine_class.from_state(state, 0)  # the rules on my view
        self._legal = [decode(action, self._kinds) for action in answer["legal"]]

    # --- the engine contract, as one seat sees it -------------------------------------

    @property
    def me(self) -> str:
        """The player this seat is."""
        return str(self._answer["player"])

    @property
    def code(self) -> str:
        """The table's code."""
        return str(self._answer["code"])

    @property
    def version(self) -> int:
        """How many actions the table has taken."""
        return int(self._answer["version"])

    @property
    def bots(self) -> dict[str, str]:
        """The seats played by a bot: {player: bot} (as the table was made)."""
        bots: dict[str, str] = self.about.get("bots", {})
        return bots

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(self._state.players)

    @property
    def state(self) -> Any:
        """The game as this seat sees it (its view: there is nothing more here)."""
        return self._state

    @property
    def rules(self) -> Any:
        return self._local.rules

    @property
    def seed(self) -> int | None:
        """The table's seed, once the game is over (it recomputes what the rules hide)."""
        seed = self._answer["seed"]
        return None if seed is None else int(seed)

    @property
    def is_over(self) -> bool:
        return bool(self._answer["over"])

    def to_move(self) -> tuple[str, ...]:
        """Who may act now as far as this seat can tell: me first when I may."""
        others = tuple(p for p in self._local.to_move() if p != self.me)
        return (self.me, *others) if self._answer["your_turn"] else others

    def legal_actions(self, player: str | None = None) -> list[Any]:
        """My legal actions now (the service's list); none for anyone else."""
        return list(self._legal) if player in (None, self.me) else []

    def apply(self, action: Any) -> None:
        """Send my `action`; the game after it (and after the bots' moves).  A move
        the rules forbid is refused by the service (a `TableError` with the rule's
        words) and changes nothing."""
        self._take(self.client.act(action))

    def scores(self) -> dict[str, int]:
        final = self._answer["scores"]
        if final is not None:
            return {str(name): int(points) for name, points in final.items()}
        return self._local.scores()

    def winners(self) -> list[str]:
        """Once the game is over (every view shows the end), its winners by its own rule."""
        return self._local.winners() if self.is_over else []

    def view(self, player: str) -> Any:
        """My view; a seat sees no one else's."""
        if player != self.me:
            raise SettingsError(f"this seat is {self.me}'s: it sees only {self.me}'s view")
        return self._state

    def __getattr__(self, name: str) -> Any:
        """What else the game's engine says of the game as it stands, read from the
        engine run on my view (Solitaire Dice's `options(player)`, `dice`...):
        never a move, which goes through `apply` to the service."""
        if name.startswith("_") or name in MOVES:
            raise AttributeError(f"a class table's seat has no {name!r} (moves go through apply)")
        return getattr(self._local, name)

    # --- keeping up with the table ------------------------------------------------------

    def sync(self) -> bool:
        """Read my answer again if the table has moved; whether it had."""
        answer = self.client.view()
        if answer["version"] == self.version:
            return False
        self._take(answer)
        return True

    def watch(self, on_change: Callable[[], None]) -> None:
        """Call `on_change` (on the kernel's main thread) each time the table moves,
        from now on; a later call replaces it (a panel redrawn in another language)."""
        self.watcher.start(on_change)

    @property
    def watching(self) -> bool:
        """Whether a listener hears of the table's moves."""
        return self.watcher.listener is not None

    def stop_watching(self) -> None:
        """No more calls of `on_change` (the watcher ends at the table's next news)."""
        self.watcher.listener = None

    def __repr__(self) -> str:
        return f"<TableGame {self.info.name} {self.code} as {self.me}, version {self.version}>"


class Watcher:
    """Calls a listener on the kernel's main thread at each piece of news of a
    table (a move, a student joining, a seat given to a bot), from a thread
    reading the service's event stream as `client`'s token; it reconnects to
    a service that went away, every `RETRY` seconds."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.listener: Callable[[], None] | None = None
        self._running = False

    def start(self, listener: Callable[[], None]) -> None:
        """Call `listener` from now on (instead of the one before)."""
        self.listener = listener
        if not self._running:
            self._running = True
            threading.Thread(target=self._follow, daemon=True, name="dicelab-table").start()

    def _follow(self) -> None:
        client = Client(self.client.url, self.client.code, self.client.token)
        while self.listener is not None:
            try:
                for _version in client.changes():
                    listener = self.listener
                    if listener is None:
                        break
                    on_main(listener)
            except (TableError, OSError):
                pass  # the service is away: ask again in a moment
            if self.listener is not None:
                time.sleep(RETRY)
        self._running = False
