"""The class tables: every shared game of a class, each on its own engine.

A `Hall` holds the tables of one service, keeps each in the `Store` (one
transaction per accepted action) and answers the requests of the API as
plain data: create a table, join it, read my view, act.  Every rule stays in
the engines (`legal_actions`, `apply`, `view`); the hall only says who may
speak for which seat.  Bots seated at a table move inside the hall, each
from its own view, with a generator seeded by the table's seed and the
number of actions so far (so a replay takes the same decisions).

>>> from dicelab.classroom.store import Store
>>> hall = Hall(Store(":memory:"))
>>> table = hall.create({"game": "solo", "players": ["Ana", "Cleo"], "bots": {"Cleo": "blocker"},
...                      "seed": 3})
>>> ana = hall.join(table["code"], "Ana")["token"]
>>> mine = hall.view(table["code"], ana)
>>> mine["player"], len(mine["view"]["hands"][0]), mine["view"]["hands"][1][:1]
('Ana', 8, ['?'])
"""

from __future__ import annotations

import inspect
import json
import secrets
from collections.abc import Callable, Mapping
from copy import deepcopy
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from dicelab.classroom.codes import check_code, table_code
from dicelab.classroom.engines import check_bot, check_bots, check_seed, new_engine, replayed
from dicelab.classroom.hub_auth import HubUser
from dicelab.classroom.store import Store, StoredTable
from dicelab.core.engine import Engine, Strategy, player_names
from dicelab.core.engine.actions import action_types, decode, encode
from dicelab.errors import DicelabError, IllegalMove, SettingsError, TableError
from dicelab.games import GAMES, GameInfo

__all__ = ["Hall", "Table"]

MOST_BOT_MOVES = 100_000  # a game longer than this is a bug, not a game
MOST_IN_PLAY = 500  # tables in play at once: a school's classes, not a flood


@dataclass
class Table:
    """One table: its game's engine and who sits where."""

    code: str
    info: GameInfo
    engine: Engine[Any, Any]
    settings: dict[str, Any]
    seed: int
    actions: int
    strategies: dict[str, Strategy[Any]] = field(init=False)

    def __post_init__(self) -> None:
        self.strategies = {name: self.info.strategy(kind) for name, kind in self.bots.items()}

    @property
    def bots(self) -> dict[str, str]:
        bots: dict[str, str] = self.settings.get("bots", {})
        return bots


class Hall:
    """The tables of one service, kept in `store`; `on_change(code, version)`
    is called after every accepted action (the service pushes it to watchers)."""

    def __init__(self, store: Store, on_change: Callable[[str, int], None] | None = None) -> None:
        self.store = store
        self.on_change = on_change or (lambda code, version: None)
        self.tables: dict[str, Table] = {}
        for stored in store.tables():
            self.tables[stored.code] = self._resume(stored)

    # --- tables -----------------------------------------------------------------

    def _resume(self, stored: StoredTable) -> Table:
        """A stored table as it was: its game read back (checked) from its state."""
        info = GAMES[stored.game]
        engine = self._engine_of(stored)
        return Table(stored.code, info, engine, stored.settings, stored.seed or 0, stored.actions)

    def _engine_of(self, stored: StoredTable) -> Engine[Any, Any]:
        """A stored table's game: played again from its settings and seed by its
        stored actions, so that it keeps its record, if that leads to the stored
        state (checked); else (a table stored before records) the stored state."""
        info = GAMES[stored.game]
        saved = info.engine_class.from_json(stored.state)
        if stored.seed is None:
            return saved
        settings = stored.settings
        game = new_engine(info, settings["players"], stored.seed, settings.get("ruleset"))
        kinds = action_types(inspect.getmodule(type(game)))
        try:
            for _player, action in self.store.actions(stored.code):
                game.apply(decode(action, kinds))
        except DicelabError:
            return saved
        return game if game.to_json(record=False) == saved.to_json(record=False) else saved

    def create(self, request: Any) -> dict[str, Any]:
        """A new table from `request`: {"game", "players", "bots": {player: bot},
        "seed", "ruleset"} (game and players required); the bots move at once.
        The answer holds the table's code and the `teacher` token, a secret that
        speaks for whoever made the table (see `teacher_view`)."""
        if not isinstance(request, Mapping):
            raise TableError("a new table is a JSON object with its game and players")
        in_play = sum(not table.engine.is_over for table in self.tables.values())
        if in_play >= MOST_IN_PLAY:
            raise TableError(f"{in_play} tables are in play: finish some before a new one", 429)
        strange = sorted(set(request) - {"game", "players", "bots", "seed", "ruleset"})
        if strange:
            raise TableError(f"a new table has no setting {strange[0]!r}")
        game = request.get("game")
        info = GAMES.get(game) if isinstance(game, str) else None
        if info is None:
            raise TableError(f"no game {request.get('game')!r}; choose one of {', '.join(GAMES)}")
        try:
            players = player_names(request.get("players"), info.title, least=info.least_players)
            bots = check_bots(info, players, request.get("bots") or {})
            seed = check_seed(request.get("seed"))
            engine = new_engine(info, players, seed, request.get("ruleset"))
        except DicelabError as error:
            raise TableError(str(error)) from None
        code = table_code()
        while code in self.tables or self.store.table(code) is not None:
            code = table_code()
        settings = {"players": list(players), "bots": bots, "ruleset": request.get("ruleset")}
        teacher = secrets.token_urlsafe(24)
        self.store.create(code, info.name, settings, seed, engine.to_json(record=False), teacher)
        table = Table(code, info, engine, settings, seed, 0)
        self.tables[code] = table
        self._bots_move(table)
        return {"code": code, "teacher": teacher, **self.about(code)}

    def about(self, code: Any) -> dict[str, Any]:
        """What anyone with the code may know of a table: its game, players, bots,
        the seats still free, and whether it is over."""
        table = self._table(code)
        seated = self.store.seated(table.code)
        players = list(table.engine.players)
        free = [p for p in players if p not in table.bots and p not in seated]
        return {
            "game": table.info.name,
            "players": players,
            "bots": dict(table.bots),
            "free": free,
            "over": table.engine.is_over,
        }

    def _table(self, code: Any) -> Table:
        table = self.tables.get(check_code(code))
        if table is None:
            raise TableError(f"no table {check_code(code)}", 404)
        return table

    # --- seats ------------------------------------------------------------------

    def join(self, code: Any, player: Any) -> dict[str, Any]:
        """Sit at a free seat of table `code` as `player`: its token, a secret that
        speaks for the seat from now on (said once, kept only as a digest)."""
        table = self._table(code)
        about = self.about(table.code)
        if player not in table.engine.players or player in table.bots:
            raise TableError(
                f"no seat {str(player)[:40]!r} at this table; free: {about['free']}", 404
            )
        if player not in about["free"]:
            raise TableError(f"{player} has joined already: each seat joins once", 409)
        token = secrets.token_urlsafe(24)
        self.store.seat(table.code, player, token)
        self.on_change(table.code, table.actions)  # the teacher's list of who has joined
        return {"code": table.code, "player": player, "token": token}

    def seat_of(self, code: Any, token: Any) -> tuple[Table, str | None]:
        """The table and the player `token` speaks for, None for the table's
        teacher (401 unknown token, 403 a token of another table).  On a class
        server `token` is the `HubUser` the hub named: their own seat, or the
        teacher's place for the hub's teachers."""
        table = self._table(code)
        if isinstance(token, HubUser):
            return table, self._hub_seat(table, token)
        known = isinstance(token, str) and token
        held = self.store.holder(token) if known else None
        if held is None:
            made = self.store.teacher_of(token) if known else None
            if made == table.code:
                return table, None
            if made is None:
                raise TableError("no seat has this token: join the table first", 401)
            held = (made, "")
        if held[0] != table.code:
            raise TableError("this token is for another table", 403)
        return table, held[1]

    def _hub_seat(self, table: Table, user: HubUser) -> str | None:
        if user.teacher:
            return None
        if user.name in table.bots or user.name not in self.store.seated(table.code):
            raise TableError(f"{user.name} has no seat at table {table.code}: join it first", 403)
        return user.name

    def bot_for(self, code: Any, token: Any, player: Any, bot: Any) -> dict[str, Any]:
        """The teacher gives `player`'s seat to `bot` (a student who has gone):
        the seat's token stops speaking for it, and the bot plays on at once."""
        table, who = self.seat_of(code, token)
        if who is not None:
            raise TableError("only the table's teacher seats a bot", 403)
        if player not in table.engine.players or player in table.bots:
            raise TableError(f"no student's seat {str(player)[:40]!r} at this table", 404)
        try:
            check_bot(table.info, bot)
        except SettingsError as error:
            raise TableError(str(error)) from None
        settings = {**table.settings, "bots": {**table.bots, player: bot}}
        self.store.bot_for(table.code, player, settings)
        table.settings = settings
        table.strategies[player] = table.info.strategy(bot)
        self.on_change(table.code, table.actions)
        self._bots_move(table)
        return self.teacher_view(table)

    # --- playing ----------------------------------------------------------------

    def view(self, code: Any, token: Any) -> dict[str, Any]:
        """What the token's player may see now: their view of the game (nothing
        more), whether it is their turn, the actions they may take, the version;
        the scores and the seed once the game is over."""
        table, player = self.seat_of(code, token)
        return self.teacher_view(table) if player is None else self._view(table, player)

    def teacher_view(self, table: Table) -> dict[str, Any]:
        """What the teacher who made the table sees: who sits where, the version,
        the public view of the game (the projector's: never a hidden die, sheet
        or card), the scores at the end, and the actions anyone at the table may
        take (Solitaire Dice's roll for everyone)."""
        game, shared = table.engine, self._shared(table)
        return {
            "code": table.code,
            "game": table.info.name,
            "player": None,
            "version": table.actions,
            "your_turn": bool(shared),
            "over": game.is_over,
            "scores": game.scores() if game.is_over else None,
            "seed": table.seed if game.is_over else None,
            "players": list(game.players),
            "bots": dict(table.bots),
            "seated": sorted(self.store.seated(table.code)),
            "view": json.loads(game.public_view_json()),
            "legal": [encode(action) for action in shared],
        }

    def _shared(self, table: Table) -> list[Any]:
        """The actions of no one player that every player to move may take, when
        several are (Solitaire Dice's roll): the teacher may take them too."""
        game = table.engine
        movers = game.to_move() if not game.is_over else ()
        if len(movers) < 2:
            return []
        first = game.legal_actions(movers[0])
        return [
            action
            for action in first
            if not hasattr(action, "player")
            and all(action in game.legal_actions(other) for other in movers[1:])
        ]

    def _view(self, table: Table, player: str) -> dict[str, Any]:
        game = table.engine
        # only whether *I* may move: who else may can hang on a hidden hand (Solo's
        # jump-in); whose turn it is, the view says
        mine = player in game.to_move()
        return {
            "code": table.code,
            "game": table.info.name,
            "player": player,
            "version": table.actions,
            "your_turn": mine,
            "over": game.is_over,
            "scores": game.scores() if game.is_over else None,
            "seed": table.seed if game.is_over else None,
            "view": json.loads(game.view_json(player)),
            "legal": [encode(action) for action in game.legal_actions(player)] if mine else [],
        }

    def act(self, code: Any, token: Any, data: Any) -> dict[str, Any]:
        """Take the action `data` (JSON data, see `dicelab.core.engine.actions`) for
        the token's player (or teacher), then let the bots move; the answer after
        it.  A refused action is a `TableError` and changes nothing."""
        table, player = self.seat_of(code, token)
        game = table.engine
        if game.is_over:
            raise TableError("the game is over", 409)
        try:
            action = decode(data, action_types(inspect.getmodule(type(game))))
        except SettingsError as error:
            raise TableError(str(error)) from None
        if player is None:
            if action not in self._shared(table):
                raise TableError("the teacher takes only an action anyone at the table may", 409)
            self._apply(table, "", action)
            self._bots_move(table)
            return self.teacher_view(table)
        if action not in game.legal_actions(player):
            raise TableError(self._why_not(table, player, action), 409)
        self._apply(table, player, action)
        self._bots_move(table)
        return self._view(table, player)

    def _why_not(self, table: Table, player: str, action: Any) -> str:
        """Why `player` may not take `action` now, in one line (the rule, when the
        engine names one), found on a copy of the game."""
        game = table.engine
        if player not in game.to_move():
            return "not your turn"
        if getattr(action, "player", player) != player:  # its error would be about them
            return f"an action for {action.player}, not for you"
        copy = deepcopy(game)
        try:
            copy.apply(action)
        except IllegalMove as error:
            return str(error)
        return "that is not a move of yours"

    def _apply(self, table: Table, player: str, action: Any) -> None:
        """Apply `action` and store it with the game after it (one transaction); if
        the store fails, the game goes back to what is stored."""
        table.engine.apply(action)
        n = table.actions + 1
        try:
            state = table.engine.to_json(record=False)  # the store keeps the actions
            self.store.record(table.code, n, player, json.dumps(encode(action)), state)
        except BaseException:
            stored = self.store.table(table.code)
            assert stored is not None
            table.engine = self._engine_of(stored)
            raise
        table.actions = n
        self.on_change(table.code, n)

    def _bots_move(self, table: Table) -> None:
        """The bots move while one of them may: a bot leaves an action anyone may
        take (Solitaire Dice's roll) to the people at the table, unless only
        bots are to move."""
        game = table.engine
        for _ in range(MOST_BOT_MOVES):
            movers = list(game.to_move()) if not game.is_over else []
            people = any(p not in table.strategies for p in movers)
            shared = self._shared(table) if people else []
            choices = {
                bot: [a for a in game.legal_actions(bot) if a not in shared]
                for bot in movers
                if bot in table.strategies
            }
            ready = [bot for bot, actions in choices.items() if actions]
            if not ready:
                return
            bot = ready[0]
            rng = np.random.default_rng([table.seed, table.actions])
            action = table.strategies[bot](game.view(bot), choices[bot], rng)
            self._apply(table, bot, action)
        raise SettingsError(f"the bots of table {table.code} did not stop moving")

    def log(self, code: Any, token: Any) -> dict[str, Any]:
        """Once the game is over, for anyone at the table: its game record (its
        seed and start, every action in order, who took it), to
        replay it and learn from it; before, a `TableError` (409: the seed and
        the log recompute what the rules hide)."""
        table, _who = self.seat_of(code, token)
        if not table.engine.is_over:
            raise TableError("the log is shown when the game is over", 409)
        return self._log(table)

    def _log(self, table: Table) -> dict[str, Any]:
        """The table's code, game and game record (kept by its engine, in the
        stored game: from the table's start, every action since)."""
        record = table.engine.record.to_dict()
        return {"code": table.code, "game": table.info.name, "record": record}

    def replay(self, code: Any) -> Engine[Any, Any]:
        """Table `code` played again from its seed and its stored actions."""
        return replayed(self._log(self._table(code)))
